package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// TextEntry is the app's text entry (every entry of the screens is one): it lets go
// of Escape (and a phone's Back):
// the focused entry would swallow the key, so a dialog or a page (rules,
// catalog, scanner on a phone) could not be closed while the player types
// in it.
// Escape gives up the focus, keeping what was typed, and goes on to the
// window's own key handler, as when nothing has the focus.
type TextEntry struct {
	widget.Entry
}

// NewTextEntry is a one-line TextEntry.
func NewTextEntry() *TextEntry {
	e := &TextEntry{}
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as widget.NewEntry
	e.ExtendBaseWidget(e)
	return e
}

// NewTextArea is a multi-line TextEntry that wraps words.
func NewTextArea() *TextEntry {
	e := &TextEntry{}
	e.MultiLine = true
	e.Wrapping = fyne.TextWrapWord
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey passes Escape and Back on to the window; other keys edit.
func (e *TextEntry) TypedKey(ev *fyne.KeyEvent) {
	if !IsBack(ev) {
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
