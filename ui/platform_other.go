//go:build !js

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// inBrowser is true in the web build (see platform_js.go).
const inBrowser = false

// upright returns the narrow layout's tabs as they are (see platform_js.go).
func upright(tabs *container.AppTabs) fyne.CanvasObject { return tabs }

// windowSize is the size a new window of the app opens at.
func (sh *Shell) windowSize(w, h float32) fyne.Size { return fyne.NewSize(w, h) }
