package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// textEntry is the app's text entry (every entry of ui is one): it lets go
// of Escape (and a phone's Back):
// the focused entry would swallow the key, so a dialog or a page (rules,
// catalog, scanner on a phone) could not be closed while the player types
// in it.
// Escape gives up the focus, keeping what was typed, and goes on to the
// window's own key handler, as when nothing has the focus.
type textEntry struct {
	widget.Entry
}

// newTextEntry is a one-line textEntry.
func newTextEntry() *textEntry {
	e := &textEntry{}
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as widget.NewEntry
	e.ExtendBaseWidget(e)
	return e
}

// newTextArea is a multi-line textEntry that wraps words.
func newTextArea() *textEntry {
	e := &textEntry{}
	e.MultiLine = true
	e.Wrapping = fyne.TextWrapWord
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey passes Escape and Back on to the window; other keys edit.
func (e *textEntry) TypedKey(ev *fyne.KeyEvent) {
	if !isBack(ev) {
		e.Entry.TypedKey(ev)
		return
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(e)
	if c == nil {
		return
	}
	c.Unfocus()
	if h := c.OnTypedKey(); h != nil {
		h(ev)
	}
}
