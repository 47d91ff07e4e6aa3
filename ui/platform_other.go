//go:build !js

package ui

import (
	"fyne.io/fyne/v2"
)

// inBrowser is true in the web build (see platform_js.go).
const inBrowser = false

// windowSize is the size a new window of the app opens at.
func (sh *Shell) windowSize(w, h float32) fyne.Size { return fyne.NewSize(w, h) }

// linkJoins reports whether the app was opened by a join link that joins
// its game by itself (a browser page's "#join=CODE", see platform_js.go).
func linkJoins() bool { return false }
