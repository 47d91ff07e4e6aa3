// Package webapp holds the web build of Table Ops: the app compiled to
// WebAssembly with its page, web manifest, icons and service worker, each
// file also precompressed (gzip and brotli). The host serves it at /app/ and
// "tableops web --out DIR" writes it as static files.
//
// The bundle is built by "go generate ./webapp" (see
// BuildCommand) into dist/, which is embedded. dist/ holds only a
// placeholder in the repository, so the app compiles without a build;
// Bundle then reports that there is no bundle.
package webapp

//go:generate go run ./gen -out dist

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// BuildCommand is the command, run at the repository's root, that builds the
// web bundle into this package.
const BuildCommand = "go generate ./webapp"

// ErrNoBundle reports a build of the app without the web bundle.
var ErrNoBundle = errors.New("this copy of Table Ops was built without the web app; build it with \"" + BuildCommand + "\" and rebuild Table Ops")

// Bundle returns the web app's files: index.html at the root, the
// WebAssembly and JavaScript (with a content hash in their names, so they
// may be cached forever), the manifest, icons and service worker. Each file
// x has precompressed siblings x.gz and x.br. ok is false when the app was
// built without the bundle.
func Bundle() (files fs.FS, ok bool) {
	sub, err := fs.Sub(dist(), "dist")
	if err != nil {
		return nil, false
	}
	return bundleOf(sub)
}

// placeholder is the file dist/ holds when no bundle was built.
const placeholder = "PLACEHOLDER.txt"

// bundleOf checks that files hold a built bundle.
func bundleOf(files fs.FS) (fs.FS, bool) {
	if _, err := fs.Stat(files, "index.html"); err != nil {
		return nil, false
	}
	return files, true
}

// WriteDir writes the bundle (with its precompressed copies) into dir as
// static files any web server can serve. Files of the same name in dir are
// replaced; other files are left alone.
func WriteDir(dir string) error {
	files, ok := Bundle()
	if !ok {
		return ErrNoBundle
	}
	return writeDir(files, dir)
}

func writeDir(files fs.FS, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write the web app: %w", err)
	}
	return fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if p == placeholder {
			return nil
		}
		if d.IsDir() {
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return fmt.Errorf("write the web app: %w", err)
			}
			return nil
		}
		b, err := fs.ReadFile(files, p)
		if err != nil {
			return fmt.Errorf("write the web app: %w", err)
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return fmt.Errorf("write the web app: %w", err)
		}
		return nil
	})
}
