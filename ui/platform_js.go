//go:build js

package ui

import (
	"syscall/js"

	"fyne.io/fyne/v2"
)

// inBrowser is true in the web build: the app runs in a browser page,
// which cannot host a game or look for games on the network.
const inBrowser = true

// windowSize is the size a new window of the app opens at: in a browser
// page the app's other windows sit inside the page, so they take the whole
// page when it is smaller (a phone).
func (sh *Shell) windowSize(w, h float32) fyne.Size {
	page := sh.win.Canvas().Size()
	if page.Width <= 0 || page.Height <= 0 {
		return fyne.NewSize(w, h)
	}
	return fyne.NewSize(min(w, page.Width), min(h, page.Height))
}

// linkJoins reports whether the page was opened by a join link
// ("#join=CODE"): the link joins its game (web_js.go), so the app does not
// reopen the game it showed last by itself.
func linkJoins() bool {
	_, ok := joinCodeFromHash(js.Global().Get("location").Get("hash").String())
	return ok
}
