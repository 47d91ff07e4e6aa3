//go:build !js && !headless

package main

import (
	"fmt"
	"os"

	"fyne.io/fyne/v2"

	"tableops/internal/cli"
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
	return cli.OpenStoreDir(root.Path())
}

// startPlatform does nothing on the desktop: the app opens on its home screen.
func startPlatform(*ui.Shell) {}

// appID identifies the app to the platform (storage root, preferences).
const appID = cli.AppID

// runHeadless runs the headless subcommand that args name: on the desktop,
// with arguments the app runs in the terminal instead of starting the GUI.
func runHeadless(args []string) (code int, ran bool) {
	return cli.Program{Metadata: fyneAppTOML}.Run(args, os.Stdout, os.Stderr), true
}

// startMark does nothing on the desktop (the browser marks its start).
func startMark(string) {}
