//go:build !js

package main

import (
	"fmt"

	"fyne.io/fyne/v2"

	"tableops/tracker/store"
	"tableops/ui"
)

// openStore opens the saved games file under the app's storage root. When
// it cannot be opened the error explains why and the file is left untouched.
func openStore(a fyne.App) (*store.Store, error) {
	root := a.Storage().RootURI()
	if root == nil || root.Scheme() != "file" {
		return nil, fmt.Errorf("this device gives the app no folder to keep its saved games in")
	}
	return openStoreDir(root.Path())
}

// startPlatform does nothing on the desktop: the app opens on its home screen.
func startPlatform(*ui.Shell) {}

// hasCLI is true on the desktop: with arguments the app runs a headless
// subcommand.
const hasCLI = true

// startMark does nothing on the desktop (the browser marks its start).
func startMark(string) {}
