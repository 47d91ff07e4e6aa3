package ui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// newTestShell opens a fresh store in a temp dir and the main window at the
// given size, with reproducible virtual dice.
func newTestShell(t *testing.T, w, h float32) (*Shell, *store.Store) {
	t.Helper()
	a := test.NewTempApp(t)
	st, err := store.Open(filepath.Join(t.TempDir(), "games.db"), store.Options{
		Seeds: &tracker.CountingSeeds{Next: 1},
		Now:   func() time.Time { return time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC) },
	})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	sh := NewShell(a, st, nil)
	sh.win.Resize(fyne.NewSize(w, h))
	return sh, st
}

// all walks every object under o, into widgets through their renderers.
func all(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	visit(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			all(c, visit)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			all(c, visit)
		}
	}
}

// roots are the window content and any pop-ups or dialogs over it.
func roots(w fyne.Window) []fyne.CanvasObject {
	out := []fyne.CanvasObject{w.Content()}
	return append(out, w.Canvas().Overlays().List()...)
}

// visible reports whether o and the chain to it are shown; objects in
// hidden tabs count as not visible.
func visible(o fyne.CanvasObject) bool { return o.Visible() }

// button finds a visible button whose text contains label (the last one
// found, so a dialog's button wins over the screen behind it).
func button(t *testing.T, w fyne.Window, label string) *widget.Button {
	t.Helper()
	var found *widget.Button
	for _, r := range roots(w) {
		all(r, func(o fyne.CanvasObject) {
			if b, ok := o.(*widget.Button); ok && visible(b) && strings.Contains(b.Text, label) {
				found = b
			}
		})
	}
	require.NotNil(t, found, "no button %q on screen", label)
	return found
}

// entry finds a visible entry by its placeholder text.
func entry(t *testing.T, w fyne.Window, placeholder string) *widget.Entry {
	t.Helper()
	var found *widget.Entry
	for _, r := range roots(w) {
		all(r, func(o fyne.CanvasObject) {
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

// screenText is all the text of visible labels, for assertions.
func screenText(w fyne.Window) string {
	var b strings.Builder
	for _, r := range roots(w) {
		all(r, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok && visible(l) {
				b.WriteString(l.Text)
				b.WriteString("\n")
			}
		})
	}
	return b.String()
}

// typeInto focuses an entry and types text into it like a user.
func typeInto(w fyne.Window, e typable, text string) {
	w.Canvas().Focus(e)
	e.SetText("")
	test.Type(e, text)
}

// typable is an entry a test types into.
type typable interface {
	fyne.Focusable
	SetText(string)
}

// objects returns every object of type T under the window.
func objects[T fyne.CanvasObject](w fyne.Window) []T {
	var out []T
	for _, r := range roots(w) {
		all(r, func(o fyne.CanvasObject) {
			if x, ok := o.(T); ok && visible(x) {
				out = append(out, x)
			}
		})
	}
	return out
}

// entries finds every visible entry with a placeholder, in screen order.
func entries(w fyne.Window, placeholder string) []*widget.Entry {
	var out []*widget.Entry
	for _, o := range objects[fyne.CanvasObject](w) {
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

// card finds the card of a character by its name.
func card(t *testing.T, w fyne.Window, name string) *widget.Card {
	t.Helper()
	for _, c := range objects[*widget.Card](w) {
		var first string
		all(c, func(o fyne.CanvasObject) {
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

// under returns every object of type T under o.
func under[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	all(o, func(x fyne.CanvasObject) {
		if v, ok := x.(T); ok {
			out = append(out, v)
		}
	})
	return out
}
