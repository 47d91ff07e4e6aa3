package screentest

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// All walks every object under o, into widgets through their renderers.
func All(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	visit(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			All(c, visit)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			All(c, visit)
		}
	}
}

// Roots are the window content and any pop-ups or dialogs over it. On the
// UI goroutine of a NewApp app it first runs the work other goroutines
// handed to the screen (Pump), so every finder sees the screen up to date.
func Roots(w fyne.Window) []fyne.CanvasObject {
	Pump()
	out := []fyne.CanvasObject{w.Content()}
	return append(out, w.Canvas().Overlays().List()...)
}

// visible reports whether o and the chain to it are shown; objects in
// hidden tabs count as not visible.
func visible(o fyne.CanvasObject) bool { return o.Visible() }

// Button finds a visible button whose text contains label (the last one
// found, so a dialog's button wins over the screen behind it).
func Button(t testing.TB, w fyne.Window, label string) *widget.Button {
	t.Helper()
	var found *widget.Button
	for _, r := range Roots(w) {
		All(r, func(o fyne.CanvasObject) {
			if b, ok := o.(*widget.Button); ok && visible(b) && strings.Contains(b.Text, label) {
				found = b
			}
		})
	}
	require.NotNil(t, found, "no button %q on screen", label)
	return found
}

// Entry finds a visible entry by its placeholder text.
func Entry(t testing.TB, w fyne.Window, placeholder string) *widget.Entry {
	t.Helper()
	var found *widget.Entry
	for _, r := range Roots(w) {
		All(r, func(o fyne.CanvasObject) {
			switch e := o.(type) {
			case *widget.Entry:
				if visible(e) && e.PlaceHolder == placeholder {
					found = e
				}
			case *widget.SelectEntry:
				if visible(e) && e.PlaceHolder == placeholder {
					found = &e.Entry
				}
			case *screen.TextEntry:
				if visible(e) && e.PlaceHolder == placeholder {
					found = &e.Entry
				}
			case *widgets.PickEntry:
				if visible(e) && e.PlaceHolder == placeholder {
					found = &e.Entry
				}
			}
		})
	}
	require.NotNil(t, found, "no entry %q on screen", placeholder)
	return found
}

// ScreenText is all the text of visible labels, for assertions.
func ScreenText(w fyne.Window) string {
	var b strings.Builder
	for _, r := range Roots(w) {
		All(r, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok && visible(l) {
				b.WriteString(l.Text)
				b.WriteString("\n")
			}
		})
	}
	return b.String()
}

// TypeInto focuses an entry and types text into it like a user.
func TypeInto(w fyne.Window, e Typable, text string) {
	w.Canvas().Focus(e)
	e.SetText("")
	test.Type(e, text)
}

// Typable is an entry a test types into.
type Typable interface {
	fyne.Focusable
	SetText(string)
}

// Objects returns every object of type T under the window.
func Objects[T fyne.CanvasObject](w fyne.Window) []T {
	var out []T
	for _, r := range Roots(w) {
		All(r, func(o fyne.CanvasObject) {
			if x, ok := o.(T); ok && visible(x) {
				out = append(out, x)
			}
		})
	}
	return out
}

// Entries finds every visible entry with a placeholder, in screen order.
func Entries(w fyne.Window, placeholder string) []*widget.Entry {
	var out []*widget.Entry
	for _, o := range Objects[fyne.CanvasObject](w) {
		var e *widget.Entry
		switch x := o.(type) {
		case *widget.Entry:
			e = x
		case *screen.TextEntry:
			e = &x.Entry
		default:
			continue
		}
		if e.PlaceHolder == placeholder {
			out = append(out, e)
		}
	}
	return out
}

// Card finds the card of a character by its name.
func Card(t testing.TB, w fyne.Window, name string) *widget.Card {
	t.Helper()
	for _, c := range Objects[*widget.Card](w) {
		var first string
		All(c, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok && first == "" {
				first = l.Text
			}
		})
		if first == name {
			return c
		}
	}
	require.Failf(t, "no card", "no character card %q", name)
	return nil
}

// Under returns every object of type T under o.
func Under[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	All(o, func(x fyne.CanvasObject) {
		if v, ok := x.(T); ok {
			out = append(out, v)
		}
	})
	return out
}

// SelectTab brings a panel to front by its tab title.
func SelectTab(t testing.TB, w fyne.Window, title string) {
	t.Helper()
	for _, tabs := range Objects[*container.AppTabs](w) {
		for _, it := range tabs.Items {
			if it.Text == title {
				tabs.Select(it)
				return
			}
		}
	}
	require.Failf(t, "no tab", "no tab %q", title)
}
