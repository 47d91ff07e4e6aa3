//go:build js

package main

import (
	"context"

	"fyne.io/fyne/v2"

	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui"
)

// openStore opens the saved games kept in the browser (IndexedDB).
func openStore(fyne.App) (*store.Store, error) {
	return store.OpenDefault(context.Background(), "", store.Options{Seeds: tracker.CryptoSeeds{}})
}

// startPlatform joins the game the page's link names, if any.
func startPlatform(sh *ui.Shell) { ui.StartBrowser(sh) }
