package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The Go runtime for js/wasm hashes map keys with 32 bits (runtime/alg.go,
// trimHash: "On Wasm, we use 32-bit hash, despite that uintptr is
// 64-bit"), and a map with more than one table picks its table with the
// hash's top bits (internal/runtime/maps, directoryIndex: hash >>
// (32 - globalDepth)). But interhash and nilinterhash hash a nil
// interface as the map's seed itself, untrimmed: a 64-bit random number.
// So looking up, storing or deleting a nil interface key in a map keyed by
// an interface that has grown past one table (about 900 entries) indexes
// its directory up to 2^33 entries away: "memory access out of bounds"
// when that is past the end of the memory, or a table read from (and
// written to) whatever lies there otherwise, which corrupts the heap.
//
// The toolkit looks up nil keys in such a map all the time: a widget's
// Theme() looks its widget up in the theme overrides (a map keyed by
// fyne.CanvasObject), and the widgets it makes inside others (a button's
// label) have no widget of their own, a nil key. The overrides hold every
// object inside a theme override (the phone's tabs are one, see
// ui/screen/upright_js.go) until its renderer expires, so the map passed
// one table when a phone joined a game whose screen had many objects
// (the Ascendancy setup with the Borg console entered: its hit-roll
// entries) and the app died 1-3 s after its first frame (issue 26, 1).
// Reproduced with a dozen lines of Go on Node: see TestNilKeyInBigMap.
//
// patchedRoot patches that one line (a nil interface hashes as the
// trimmed seed) into the runtime the WebAssembly is built with, in a Go
// root of links to the toolchain's own, for as long as the toolchain has
// the bug.

// runtimeFixes are the runtime's lines that hash a nil interface, each
// with the line it becomes.
var runtimeFixes = []struct{ from, to string }{
	{"\ttab := a.tab\n\tif tab == nil {\n\t\treturn h\n\t}\n", "\ttab := a.tab\n\tif tab == nil {\n\t\treturn trimHash(h)\n\t}\n"},
	{"\tt := a._type\n\tif t == nil {\n\t\treturn h\n\t}\n", "\tt := a._type\n\tif t == nil {\n\t\treturn trimHash(h)\n\t}\n"},
}

// errRuntimeChanged says that the runtime no longer reads as runtimeFix
// knows it: the fix is left out (a browser test tells whether it is still
// needed).
var errRuntimeChanged = errors.New("the Go runtime's alg.go is not as expected")

// patchAlg returns alg.go (runtime/alg.go's text) with a nil interface
// hashed as the trimmed seed, and whether it needed the patch: a runtime
// without trimHash hashes with 64 bits on wasm too, and one that already
// trims a nil interface's hash needs nothing.
func patchAlg(alg string) (string, bool, error) {
	if !strings.Contains(alg, "func trimHash(") {
		return alg, false, nil
	}
	out := alg
	for _, f := range runtimeFixes {
		switch strings.Count(out, f.from) {
		case 0:
			if strings.Contains(out, f.to) {
				continue // already fixed
			}
			return alg, false, errRuntimeChanged
		case 1:
			out = strings.Replace(out, f.from, f.to, 1)
		default:
			return alg, false, errRuntimeChanged
		}
	}
	return out, out != alg, nil
}

// patchedRoot makes, in dir, a Go root whose runtime hashes a nil
// interface right: every file and folder of goroot linked, but
// src/runtime/alg.go patched (patchAlg). The build runs with GOROOT set to
// it. (The go command's -overlay would be simpler, but it refuses to
// replace a file of a toolchain that the go command downloaded into the
// module cache, as setup.sh's does on an older system's Go.) It returns
// "" when the runtime needs no fix, errRuntimeChanged when alg.go is not
// as expected.
func patchedRoot(goroot, dir string) (string, error) {
	orig := filepath.Join(goroot, "src", "runtime", "alg.go")
	b, err := os.ReadFile(orig)
	if err != nil {
		return "", fmt.Errorf("read the Go runtime: %w", err)
	}
	patched, needed, err := patchAlg(string(b))
	if err != nil || !needed {
		return "", err
	}
	root := filepath.Join(dir, "goroot")
	// Each level down to src/runtime is a folder of links but for the
	// entry on the way.
	for _, step := range []struct{ from, to, keep string }{
		{goroot, root, "src"},
		{filepath.Join(goroot, "src"), filepath.Join(root, "src"), "runtime"},
		{filepath.Join(goroot, "src", "runtime"), filepath.Join(root, "src", "runtime"), "alg.go"},
	} {
		if err := linkAllBut(step.from, step.to, step.keep); err != nil {
			return "", fmt.Errorf("a Go root with the runtime fixed: %w", err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "src", "runtime", "alg.go"), []byte(patched), 0o644); err != nil {
		return "", err
	}
	return root, nil
}

// linkAllBut makes the folder to with a link to each entry of from but
// the one named keep.
func linkAllBut(from, to, keep string) error {
	entries, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() == keep {
			continue
		}
		if err := os.Symlink(filepath.Join(from, e.Name()), filepath.Join(to, e.Name())); err != nil {
			return err
		}
	}
	return nil
}
