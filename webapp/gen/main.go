// Command gen builds the web bundle of Table Ops (run through
// "go generate ./webapp"): it compiles the app to WebAssembly
// (-trimpath -tags=migrated_fynedo,no_animations,no_emoji -ldflags="-s -w"),
// writes its page, Go's wasm_exec.js, a web manifest, icons and a service
// worker, and writes every file compressed with brotli (x.br for the file x)
// with a manifest of the files (bundle.json, see webapp/internal/bundle)
// into an output folder, replacing what was there. The app embeds that one
// copy; package webapp makes the uncompressed and gzip copies from it.
//
// Usage:
//
//	go run ./gen [-main PKG] [-name NAME] [-icon PNG] [-out DIR] [-strip=false]
//
// -main builds another main package the same way (the benchmarks build a
// bare one-button window with it). -strip=false keeps the function names,
// so that a crash in the browser names Go's functions (for debugging).
//
// The runtime is built with one line fixed, while Go has the bug (a nil
// interface key in a big map crashes js/wasm programs; see runtimefix.go).
package main

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"html/template"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	ttemplate "text/template"

	"golang.org/x/image/draw"

	"tableops/webapp/internal/bundle"
)

//go:embed index.html
var indexHTML string

//go:embed sw.js
var swJS string

// placeholder is the committed file the output folder keeps.
const placeholder = "PLACEHOLDER.txt"

// buildTags are the build tags of the WebAssembly (see build for why).
const buildTags = "migrated_fynedo,no_animations,no_emoji"

func main() {
	mainPkg := flag.String("main", "", "main package to build (default: the module's root, the app)")
	name := flag.String("name", "Table Ops", "the app's name on the page and the home screen")
	icon := flag.String("icon", "", "PNG icon, at least 512x512 (default: Icon.png at the module's root)")
	out := flag.String("out", "dist", "output folder")
	quality := flag.Int("brotli", bundle.BrotliQuality, "brotli quality (0-11)")
	strip := flag.Bool("strip", true, "leave out the symbol table and debug information (-ldflags=\"-s -w\"); -strip=false keeps Go's function names in the browser's stack traces")
	flag.Parse()
	if err := run(*mainPkg, *name, *icon, *out, *quality, *strip); err != nil {
		fmt.Fprintln(os.Stderr, "web bundle:", err)
		os.Exit(1)
	}
}

func run(mainPkg, name, icon, out string, quality int, strip bool) error {
	root, err := goEnv("GOMOD")
	if err != nil || root == "" || root == os.DevNull {
		return errors.New("run it inside the Table Ops module")
	}
	root = filepath.Dir(root)
	if mainPkg == "" {
		mainPkg = root
	} else if strings.HasPrefix(mainPkg, ".") { // relative to where gen runs, not the module's root
		if mainPkg, err = filepath.Abs(mainPkg); err != nil {
			return err
		}
	}
	if icon == "" {
		icon = filepath.Join(root, "Icon.png")
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "tableops-web-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	wasmPath := filepath.Join(tmp, "app.wasm")
	// migrated_fynedo: a page runs Go on one thread, so the toolkit's
	// checks that a call comes from its main goroutine (each reads the
	// goroutine's stack) and its locks guard nothing there; they took a
	// fifth of a phone page's time updating a game screen. (The toolkit's
	// own build tool sets the tag for apps that call it through fyne.Do.)
	// no_animations: in a page every frame draws the whole canvas again
	// (WebGL), so a button's tap ripple (300 ms) drew a phone's screen 5
	// or 6 times per tap instead of once or twice; where WebGL runs in
	// software (as in CI's Chromium) that queued 0.5-1 s of drawing
	// behind each tap, which held up the next tap by up to 0.4 s. The
	// app's own animations (the dice tumbling) still run.
	// no_emoji: Fyne's colour emoji font (4.2 MB, 3.5 MB of brotli) is
	// left out; the app's text needs one of its signs, "▶", which the
	// page draws from the monospaced font instead
	// (ui/widgets/fallbackfont_js.go). The mDNS packages are left out by
	// GOOS=js itself (share/mdns_js.go): a page cannot send UDP.
	ldflags := "-s -w"
	if !strip {
		ldflags = ""
	}
	args := []string{"build", "-trimpath", "-tags=" + buildTags, "-ldflags=" + ldflags}
	// A nil interface key in a big map crashes the runtime for js/wasm
	// (see runtimefix.go): the runtime is built with that line fixed, in
	// a Go root of links beside the bundle's files.
	env := append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	fixed, err := patchedRoot(goroot, tmp)
	switch {
	case errors.Is(err, errRuntimeChanged):
		fmt.Fprintln(os.Stderr, "web bundle: warning: the Go runtime's map hashing changed; built without the nil-key fix (webapp/gen/runtimefix.go)")
	case err != nil:
		return err
	case fixed != "":
		env = append(env, "GOROOT="+fixed)
		fmt.Fprintln(os.Stderr, "web bundle: the runtime's hash of a nil interface is trimmed to 32 bits (webapp/gen/runtimefix.go)")
	}
	cmd := exec.Command("go", append(args, "-o", wasmPath, mainPkg)...)
	cmd.Dir = root
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	fmt.Fprintln(os.Stderr, "web bundle: building the WebAssembly (GOOS=js GOARCH=wasm go build -trimpath -tags="+buildTags+" -ldflags=\""+ldflags+"\")")
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("build the WebAssembly: %w", err)
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return err
	}
	wasmExec, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		if wasmExec, err = os.ReadFile(filepath.Join(goroot, "misc", "wasm", "wasm_exec.js")); err != nil {
			return fmt.Errorf("find Go's wasm_exec.js: %w", err)
		}
	}

	files := map[string][]byte{}
	wasmName := "tableops." + short(wasm) + ".wasm"
	execName := "wasm_exec." + short(wasmExec) + ".js"
	files[wasmName] = wasm
	files[execName] = wasmExec

	iconImg, err := readPNG(icon)
	if err != nil {
		return err
	}
	for _, n := range []int{192, 512} {
		b, err := scaledPNG(iconImg, n)
		if err != nil {
			return err
		}
		files[fmt.Sprintf("icon-%d.png", n)] = b
	}
	manifest, err := json.MarshalIndent(map[string]any{
		"name": name, "short_name": name, "start_url": "./", "scope": "./",
		"display": "standalone", "orientation": "any",
		"background_color": "#ffffff", "theme_color": "#1f2a44",
		"icons": []map[string]string{
			{"src": "icon-192.png", "sizes": "192x192", "type": "image/png"},
			{"src": "icon-512.png", "sizes": "512x512", "type": "image/png"},
			{"src": "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
		},
	}, "", "  ")
	if err != nil {
		return err
	}
	files["manifest.webmanifest"] = manifest

	var page bytes.Buffer
	if err := template.Must(template.New("index").Parse(indexHTML)).Execute(&page, map[string]string{
		"Name": name, "Wasm": wasmName, "WasmExec": execName}); err != nil {
		return err
	}
	files["index.html"] = page.Bytes()

	// The worker's cache is named after every other file's content.
	names := make([]string, 0, len(files)+1)
	h := sha256.New()
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		sum := sha256.Sum256(files[n])
		fmt.Fprintf(h, "%s %x\n", n, sum)
	}
	shell := append([]string{"./"}, names...)
	list, err := json.Marshal(shell)
	if err != nil {
		return err
	}
	version := hex.EncodeToString(h.Sum(nil))[:16]
	var sw bytes.Buffer
	if err := ttemplate.Must(ttemplate.New("sw").Parse(swJS)).Execute(&sw, map[string]any{
		"Name": name, "Version": version, "Files": string(list)}); err != nil {
		return err
	}
	files["sw.js"] = sw.Bytes()
	names = append(names, "sw.js")
	sort.Strings(names)

	if err := clean(out); err != nil {
		return err
	}
	contents := bundle.Manifest{Build: version}
	var raw, br int
	for _, n := range names {
		b := files[n]
		r, err := bundle.Brotli(b, quality)
		if err != nil {
			return fmt.Errorf("%s: %w", n, err)
		}
		if err := os.WriteFile(filepath.Join(out, n+".br"), r, 0o644); err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		contents.Files = append(contents.Files, bundle.File{Name: n, Size: int64(len(b)), SHA256: hex.EncodeToString(sum[:])})
		raw, br = raw+len(b), br+len(r)
	}
	mj, err := json.MarshalIndent(contents, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, bundle.ManifestName), append(mj, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "web bundle %s: %s: %.1f MB, brotli %.1f MB (embedded)\n", version, out, mb(raw), mb(br))
	return nil
}

func mb(n int) float64 { return float64(n) / 1e6 }

// short is the content hash put in a file's name.
func short(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])[:12]
}

func goEnv(key string) (string, error) {
	b, err := exec.Command("go", "env", key).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", key, err)
	}
	return strings.TrimSpace(string(b)), nil
}

// clean empties the output folder, keeping the committed placeholder.
func clean(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if e.Name() == placeholder {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read the icon: %w", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("read the icon %s: %w", path, err)
	}
	return img, nil
}

func scaledPNG(src image.Image, n int) ([]byte, error) {
	dst := image.NewRGBA(image.Rect(0, 0, n, n))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Over, nil)
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, dst); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
