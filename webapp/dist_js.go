//go:build js

package webapp

import "io/fs"

// dist is empty in the web app itself: a browser page serves nothing, and
// embedding the bundle in its own WebAssembly would only make it bigger.
func dist() fs.FS { return noFiles{} }

// noFiles is a file system without files.
type noFiles struct{}

func (noFiles) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
