package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// walk calls f for o and every visible object rendered inside it.
func walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	if !o.Visible() {
		return
	}
	f(o)
	switch c := o.(type) {
	case fyne.Widget:
		for _, ch := range test.WidgetRenderer(c).Objects() {
			walk(ch, f)
		}
	case *fyne.Container:
		for _, ch := range c.Objects {
			walk(ch, f)
		}
	}
}

// shownTexts returns every visible text drawn inside o, in drawing order.
func shownTexts(o fyne.CanvasObject) []string {
	var out []string
	walk(o, func(o fyne.CanvasObject) {
		if t, ok := o.(*canvas.Text); ok && t.Text != "" {
			out = append(out, t.Text)
		}
	})
	return out
}

// buttons returns every visible button inside o, in drawing order.
func buttons(o fyne.CanvasObject) []*widget.Button {
	var out []*widget.Button
	walk(o, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok {
			out = append(out, b)
		}
	})
	return out
}

// buttonWithText returns the visible button labelled text, or nil.
func buttonWithText(o fyne.CanvasObject, text string) *widget.Button {
	for _, b := range buttons(o) {
		if b.Text == text {
			return b
		}
	}
	return nil
}

// all returns every visible object of type T inside o.
func all[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	walk(o, func(o fyne.CanvasObject) {
		if v, ok := o.(T); ok {
			out = append(out, v)
		}
	})
	return out
}

// show puts o in a temporary test window of the given size.
func show(t *testing.T, o fyne.CanvasObject, w, h float32) fyne.Window {
	t.Helper()
	test.NewTempApp(t)
	win := test.NewTempWindow(t, o)
	win.Resize(fyne.NewSize(w, h))
	return win
}
