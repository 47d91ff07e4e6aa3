package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// nilHash is the shape of the runtime's hash of a nil interface.
const nilHash = "func nilinterhash(p unsafe.Pointer, h uintptr) uintptr {\n\ta := (*eface)(p)\n\tt := a._type\n\tif t == nil {\n\t\treturn h\n\t}\n"

// iHash is the shape of the runtime's hash of a nil non-empty interface.
const iHash = "func interhash(p unsafe.Pointer, h uintptr) uintptr {\n\ta := (*iface)(p)\n\ttab := a.tab\n\tif tab == nil {\n\t\treturn h\n\t}\n"

const trim = "func trimHash(h uintptr) uintptr {\n\treturn uintptr(uint32(h))\n}\n"

func TestPatchAlg(t *testing.T) {
	fixed := strings.ReplaceAll(trim+iHash+nilHash, "return h\n", "return trimHash(h)\n")
	for _, tc := range []struct {
		name, alg, want string
		needed          bool
		err             error
	}{
		{"32-bit hash on wasm, nil hashed as the seed", trim + iHash + nilHash, fixed, true, nil},
		{"already fixed", fixed, fixed, false, nil},
		{"no 32-bit hash (64 bits on wasm too)", iHash + nilHash, iHash + nilHash, false, nil},
		{"one of the two is gone", trim + nilHash, trim + nilHash, false, errRuntimeChanged},
		{"twice", trim + iHash + nilHash + nilHash, trim + iHash + nilHash + nilHash, false, errRuntimeChanged},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, needed, err := patchAlg(tc.alg)
			require.ErrorIs(t, err, tc.err)
			require.Equal(t, tc.needed, needed)
			require.Equal(t, tc.want, got)
		})
	}
}

// TestPatchedRoot: the Go root made for the build has the runtime's
// alg.go fixed, hashing no nil interface as the bare seed, and every
// other file of the toolchain's root as it is (a link to it).
func TestPatchedRoot(t *testing.T) {
	goroot, err := goEnv("GOROOT")
	require.NoError(t, err)
	root, err := patchedRoot(goroot, t.TempDir())
	require.NoError(t, err, "the toolchain's runtime is one gen knows")
	if root == "" {
		t.Skip("this Go needs no fix")
	}
	alg, err := os.ReadFile(filepath.Join(root, "src", "runtime", "alg.go"))
	require.NoError(t, err)
	require.Equal(t, 2, strings.Count(string(alg), "== nil {\n\t\treturn trimHash(h)\n\t}"))
	require.NotContains(t, string(alg), "== nil {\n\t\treturn h\n\t}")
	for _, rel := range []string{"VERSION", filepath.Join("src", "fmt", "print.go"), filepath.Join("src", "runtime", "map.go"), filepath.Join("pkg", "tool")} {
		want, err := os.Stat(filepath.Join(goroot, rel))
		if err != nil {
			continue // not in every Go
		}
		got, err := os.Stat(filepath.Join(root, rel))
		require.NoError(t, err, rel)
		require.True(t, os.SameFile(want, got), "%s is the toolchain's own", rel)
	}
}

// nilKeyProgram looks up a nil key in a map keyed by an interface that
// has grown past one table, as the toolkit does with its theme overrides.
const nilKeyProgram = `package main

import "fmt"

func main() {
	m := map[any]int{}
	for i := 0; i < 5000; i++ {
		m[new(int)] = i
	}
	var key any
	_, found := m[key]
	m[key] = 1
	delete(m, key)
	fmt.Println("nil key looked up, stored and deleted:", found, len(m))
}
`

// TestNilKeyInBigMap builds nilKeyProgram for js/wasm and runs it on
// Node: with the toolchain's runtime it dies ("memory access out of
// bounds", the phone's crash of issue 26, 1), with gen's patched Go root it runs.
// Without Node it skips.
func TestNilKeyInBigMap(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the js/wasm program cannot run here")
	}
	goroot, err := goEnv("GOROOT")
	require.NoError(t, err)
	execJS := filepath.Join(goroot, "lib", "wasm", "wasm_exec_node.js")
	if _, err := os.Stat(execJS); err != nil {
		t.Skip("this Go has no lib/wasm/wasm_exec_node.js")
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module nilkey\n\ngo 1.24\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(nilKeyProgram), 0o644))
	fixed, err := patchedRoot(goroot, t.TempDir())
	require.NoError(t, err)
	run := func(extraEnv ...string) (string, error) {
		wasm := filepath.Join(t.TempDir(), "nilkey.wasm")
		build := exec.Command("go", "build", "-o", wasm, ".")
		build.Dir = dir
		build.Env = append(append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOTOOLCHAIN=local", "GOFLAGS="), extraEnv...)
		out, err := build.CombinedOutput()
		require.NoError(t, err, "%s", out)
		cmd := exec.Command(node, execJS, wasm)
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
	if fixed != "" {
		out, err := run()
		require.Error(t, err, "the toolchain's runtime survived a nil key in a big map (is the fix still needed?): %s", out)
		require.Contains(t, out, "memory access out of bounds")
	}
	var env []string
	if fixed != "" {
		env = append(env, "GOROOT="+fixed)
	}
	out, err := run(env...)
	require.NoError(t, err, "%s", out)
	require.Contains(t, out, "nil key looked up, stored and deleted: false 5000")
}
