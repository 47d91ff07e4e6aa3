//go:build !js

package ui

import (
	"io/fs"

	"tableops/webapp"
)

// appBuildHint is the command that builds the web app the host serves.
const appBuildHint = webapp.BuildCommand

// appBundle is the web app a shared game serves to phones (nil when this
// build has none).
func appBundle() fs.FS {
	files, ok := webapp.Bundle()
	if !ok {
		return nil
	}
	return files
}
