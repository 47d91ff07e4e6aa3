// Package bundle is the format of the web bundle that "go generate ./webapp"
// writes and package webapp embeds: one brotli copy of each file of the web
// app (x.br for the file x) and a manifest (Manifest, in ManifestName) that
// names the files with their sizes and content hashes. Both the generator
// and webapp compress with this package's functions, so the files webapp
// makes from the brotli copies are those the generator would have made.
package bundle

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"

	"github.com/andybalholm/brotli"
)

// ManifestName is the manifest's file name in the bundle's folder.
const ManifestName = "bundle.json"

// Manifest describes a built bundle.
type Manifest struct {
	// Build identifies the build: a hash of every file's name and content
	// (the name of the service worker's cache).
	Build string `json:"build"`
	// Files are the app's files, sorted by name. Each is embedded as
	// Name+".br".
	Files []File `json:"files"`
}

// File is one file of the app.
type File struct {
	Name string `json:"name"`
	// Size is the file's size, uncompressed.
	Size int64 `json:"size"`
	// SHA256 is the hex SHA-256 of the uncompressed file.
	SHA256 string `json:"sha256"`
}

// ParseManifest reads a manifest, checking that it names files.
func ParseManifest(b []byte) (Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return Manifest{}, fmt.Errorf("read the web bundle's manifest: %w", err)
	}
	if m.Build == "" || len(m.Files) == 0 {
		return Manifest{}, fmt.Errorf("read the web bundle's manifest: no build or no files")
	}
	return m, nil
}

// StaticGzipLevel is the gzip level of the .gz copies written for static
// web servers: the best, as they are made once.
const StaticGzipLevel = gzip.BestCompression

// BrotliQuality is the brotli quality of the embedded copies.
const BrotliQuality = 9

// Gzip compresses b at a gzip level. The output has no name or time in its
// header, so the same input and level always give the same bytes.
func Gzip(b []byte, level int) ([]byte, error) {
	var out bytes.Buffer
	w, err := gzip.NewWriterLevel(&out, level)
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if _, err := w.Write(b); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	return out.Bytes(), nil
}

// Brotli compresses b at a brotli quality (0-11) with a 16 MB window.
func Brotli(b []byte, quality int) ([]byte, error) {
	var out bytes.Buffer
	w := brotli.NewWriterOptions(&out, brotli.WriterOptions{Quality: quality, LGWin: 24})
	if _, err := w.Write(b); err != nil {
		return nil, fmt.Errorf("brotli: %w", err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("brotli: %w", err)
	}
	return out.Bytes(), nil
}

// Unbrotli returns a reader of r's content decompressed.
func Unbrotli(r io.Reader) io.Reader { return brotli.NewReader(r) }
