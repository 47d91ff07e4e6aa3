// Package webapp holds the web build of Table Ops: the app compiled to
// WebAssembly with its page, web manifest, icons and service worker.
//
// The bundle is built by "go generate ./webapp" (see BuildCommand) into
// dist/, which is embedded: one copy of each file, compressed with brotli
// (what phones are sent), and a manifest (see webapp/internal/bundle).
// Bundle serves every file x as x.br, x (decompressed as it is read) and
// x.gz (compressed when first asked for, then kept); WriteDir writes all
// three as static files. dist/ holds only a placeholder in the repository,
// so the app compiles without a build; Bundle then reports that there is
// no bundle.
package webapp

//go:generate go run ./gen -out dist

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"tableops/webapp/internal/bundle"
)

// BuildCommand is the command, run at the repository's root, that builds the
// web bundle into this package.
const BuildCommand = "go generate ./webapp"

// ErrNoBundle reports a build of the app without the web bundle.
var ErrNoBundle = errors.New("this copy of Table Ops was built without the web app; build it with \"" + BuildCommand + "\" and rebuild Table Ops")

// Bundle returns the web app's files: index.html at the root, the
// WebAssembly and JavaScript (with a content hash in their names, so they
// may be cached forever), the manifest, icons and service worker. Each file
// x has compressed siblings x.br (the embedded copy) and x.gz (made at
// gzip's default level when first opened, then kept by this fs.FS: at most
// one copy of each file, about 15 MB for the whole app); x itself is
// decompressed as it is read. ok is false when the app was built without
// the bundle.
func Bundle() (files fs.FS, ok bool) {
	a, ok := embedded()
	if !ok {
		return nil, false
	}
	return a, true
}

// embedded reads the bundle embedded in dist/.
func embedded() (*appFS, bool) {
	sub, err := fs.Sub(dist(), "dist")
	if err != nil {
		return nil, false
	}
	return bundleOf(sub)
}

// Build describes the web app built into this binary.
type Build struct {
	// ID identifies the build: a hash of its files' names and contents
	// (the service worker's cache is named after it).
	ID string `json:"build"`
	// Files are the app's file names (the WebAssembly's and the
	// JavaScript's have their content hash in them).
	Files []string `json:"files"`
	// Size is the files' size, uncompressed; Embedded their size as
	// embedded (brotli), which is also what a phone downloads.
	Size     int64 `json:"size"`
	Embedded int64 `json:"embedded"`
}

// Built describes the web app in this binary; ok is false when it was built
// without one.
func Built() (b Build, ok bool) {
	a, ok := embedded()
	if !ok {
		return Build{}, false
	}
	return a.build(), true
}

// serveGzipLevel is the level of the gzip copies Bundle makes for browsers
// that take gzip but not brotli (a phone's browser on a plain-http page):
// gzip's default, which makes the app's WebAssembly (52 MB) less than half
// a percent bigger than the best level does, in a third of the time (a few
// seconds), which the first such phone waits for.
const serveGzipLevel = gzip.DefaultCompression

// gzipKeep bounds the memory the gzip copies kept take: the whole app's
// are about 15 MB; a copy that would go beyond is made again when asked
// for.
const gzipKeep = 32 << 20

// appFS is a built bundle as Bundle serves it.
type appFS struct {
	br    fs.FS // the embedded folder: x.br for each file x, and the manifest
	id    string
	files map[string]bundle.File
	names []string // the app's files, sorted

	gzMu   sync.Mutex
	gz     map[string]*gzCopy
	gzKept int64
}

// gzCopy is the gzip copy of one file: done is closed once data or err is
// set.
type gzCopy struct {
	done chan struct{}
	data []byte
	err  error
}

// bundleOf reads the bundle in files (dist/): its manifest, and a brotli
// copy of every file it names.
func bundleOf(files fs.FS) (*appFS, bool) {
	b, err := fs.ReadFile(files, bundle.ManifestName)
	if err != nil {
		return nil, false
	}
	m, err := bundle.ParseManifest(b)
	if err != nil {
		return nil, false
	}
	a := &appFS{br: files, id: m.Build, files: map[string]bundle.File{}, gz: map[string]*gzCopy{}}
	for _, f := range m.Files {
		if !fs.ValidPath(f.Name) || strings.Contains(f.Name, "/") || f.Name == "." {
			return nil, false
		}
		if _, err := fs.Stat(files, f.Name+".br"); err != nil {
			return nil, false
		}
		a.files[f.Name] = f
		a.names = append(a.names, f.Name)
	}
	slices.Sort(a.names)
	if _, ok := a.files["index.html"]; !ok {
		return nil, false
	}
	return a, true
}

func (a *appFS) build() Build {
	b := Build{ID: a.id, Files: slices.Clone(a.names)}
	for _, n := range a.names {
		b.Size += a.files[n].Size
		if st, err := fs.Stat(a.br, n+".br"); err == nil {
			b.Embedded += st.Size()
		}
	}
	return b
}

// lookup splits a name into the app's file and its encoding ("", ".br" or
// ".gz").
func (a *appFS) lookup(name string) (bundle.File, string, bool) {
	if f, ok := a.files[name]; ok {
		return f, "", true
	}
	for _, ext := range []string{".br", ".gz"} {
		if base, ok := strings.CutSuffix(name, ext); ok {
			if f, ok := a.files[base]; ok {
				return f, ext, true
			}
		}
	}
	return bundle.File{}, "", false
}

// Open opens the folder "." (the bundle is flat) or a file.
func (a *appFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if name == "." {
		ents, err := a.ReadDir(".")
		if err != nil {
			return nil, err
		}
		return &dirFile{ents: ents}, nil
	}
	f, enc, ok := a.lookup(name)
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	switch enc {
	case ".br":
		return a.br.Open(name)
	case ".gz":
		b, err := a.gzipped(f)
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return &memFile{Reader: bytes.NewReader(b), info: fileInfo{name: name, size: int64(len(b))}}, nil
	}
	r, err := a.br.Open(name + ".br")
	if err != nil {
		return nil, err
	}
	return &decodedFile{src: r, r: bundle.Unbrotli(r), info: fileInfo{name: name, size: f.Size}}, nil
}

// Stat describes a file without opening it (but a gzip copy is made).
func (a *appFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	if name == "." {
		return fileInfo{name: ".", dir: true}, nil
	}
	f, enc, ok := a.lookup(name)
	if !ok {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	switch enc {
	case ".br":
		return fs.Stat(a.br, name)
	case ".gz":
		b, err := a.gzipped(f)
		if err != nil {
			return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
		}
		return fileInfo{name: name, size: int64(len(b))}, nil
	}
	return fileInfo{name: name, size: f.Size}, nil
}

// ReadDir lists the folder ".": every file and its .br and .gz copies.
func (a *appFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		if _, _, ok := a.lookup(name); ok {
			return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a folder")}
		}
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	ents := make([]fs.DirEntry, 0, 3*len(a.names))
	for _, n := range a.names {
		for _, ext := range []string{"", ".br", ".gz"} {
			ents = append(ents, dirEntry{a: a, name: n + ext})
		}
	}
	slices.SortFunc(ents, func(x, y fs.DirEntry) int { return strings.Compare(x.Name(), y.Name()) })
	return ents, nil
}

// gzipped returns the gzip copy of f, made once and kept (within gzipKeep).
func (a *appFS) gzipped(f bundle.File) ([]byte, error) {
	a.gzMu.Lock()
	if c, ok := a.gz[f.Name]; ok {
		a.gzMu.Unlock()
		<-c.done
		return c.data, c.err
	}
	c := &gzCopy{done: make(chan struct{})}
	a.gz[f.Name] = c
	a.gzMu.Unlock()

	raw, err := a.decoded(f)
	if err == nil {
		c.data, err = bundle.Gzip(raw, serveGzipLevel)
	}
	c.err = err
	close(c.done)

	a.gzMu.Lock()
	if c.err != nil || a.gzKept+int64(len(c.data)) > gzipKeep {
		delete(a.gz, f.Name) // made again when asked for
	} else {
		a.gzKept += int64(len(c.data))
	}
	a.gzMu.Unlock()
	return c.data, c.err
}

// decoded returns f uncompressed, checked against the manifest.
func (a *appFS) decoded(f bundle.File) ([]byte, error) {
	r, err := a.br.Open(f.Name + ".br")
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b := make([]byte, 0, f.Size)
	buf := bytes.NewBuffer(b)
	if _, err := io.Copy(buf, io.LimitReader(bundle.Unbrotli(r), f.Size+1)); err != nil {
		return nil, fmt.Errorf("decompress %s: %w", f.Name, err)
	}
	sum := sha256.Sum256(buf.Bytes())
	if int64(buf.Len()) != f.Size || hex.EncodeToString(sum[:]) != f.SHA256 {
		return nil, fmt.Errorf("decompress %s: it is not the file the manifest names", f.Name)
	}
	return buf.Bytes(), nil
}

// WriteDir writes the web app into dir as static files any web server can
// serve: each file x with its compressed copies x.gz (at gzip's best
// level) and x.br, as the generator made them before the app embedded only
// the brotli copies. Files of the same name in dir are replaced; other
// files are left alone.
func WriteDir(dir string) error {
	a, ok := embedded()
	if !ok {
		return ErrNoBundle
	}
	return writeDir(a, dir)
}

func writeDir(a *appFS, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write the web app: %w", err)
	}
	for _, n := range a.names {
		f := a.files[n]
		raw, err := a.decoded(f)
		if err != nil {
			return fmt.Errorf("write the web app: %w", err)
		}
		gz, err := bundle.Gzip(raw, bundle.StaticGzipLevel)
		if err != nil {
			return fmt.Errorf("write the web app: %s: %w", n, err)
		}
		br, err := fs.ReadFile(a.br, n+".br")
		if err != nil {
			return fmt.Errorf("write the web app: %w", err)
		}
		for _, out := range []struct {
			name string
			data []byte
		}{{n, raw}, {n + ".gz", gz}, {n + ".br", br}} {
			if err := os.WriteFile(filepath.Join(dir, out.name), out.data, 0o644); err != nil {
				return fmt.Errorf("write the web app: %w", err)
			}
		}
	}
	return nil
}

// fileInfo describes a file of the bundle (or its folder).
type fileInfo struct {
	name string
	size int64
	dir  bool
}

func (i fileInfo) Name() string { return i.name }
func (i fileInfo) Size() int64  { return i.size }
func (i fileInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i fileInfo) ModTime() time.Time { return time.Time{} }
func (i fileInfo) IsDir() bool        { return i.dir }
func (i fileInfo) Sys() any           { return nil }

// dirEntry is a file in the bundle's folder; Info makes a gzip copy.
type dirEntry struct {
	a    *appFS
	name string
}

func (e dirEntry) Name() string               { return e.name }
func (e dirEntry) IsDir() bool                { return false }
func (e dirEntry) Type() fs.FileMode          { return 0 }
func (e dirEntry) Info() (fs.FileInfo, error) { return e.a.Stat(e.name) }

// dirFile is the bundle's folder, opened.
type dirFile struct {
	ents []fs.DirEntry
	at   int
}

func (d *dirFile) Stat() (fs.FileInfo, error) { return fileInfo{name: ".", dir: true}, nil }
func (d *dirFile) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: ".", Err: errors.New("is a folder")}
}
func (d *dirFile) Close() error { return nil }

// ReadDir lists the folder as fs.ReadDirFile does.
func (d *dirFile) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.ents[d.at:]
	if n <= 0 {
		d.at = len(d.ents)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	rest = rest[:min(n, len(rest))]
	d.at += len(rest)
	return rest, nil
}

// memFile is a gzip copy, opened.
type memFile struct {
	*bytes.Reader
	info fileInfo
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Close() error               { return nil }

// decodedFile is a file decompressed from its brotli copy as it is read.
type decodedFile struct {
	src  fs.File
	r    io.Reader
	info fileInfo
}

func (f *decodedFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *decodedFile) Read(p []byte) (int, error) { return f.r.Read(p) }
func (f *decodedFile) Close() error               { return f.src.Close() }
