package screentest

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/i18n"
	"tableops/ui/screen"
)

// PhoneSizes are the windows every screen and dialog must fit sideways: a
// small phone and a common one, held upright.
var PhoneSizes = []fyne.Size{{Width: 360, Height: 640}, {Width: 400, Height: 800}}

// AssertFits checks that neither the window's content nor any dialog open
// over it needs more width than the window has.
func AssertFits(t *testing.T, w fyne.Window, where string) {
	t.Helper()
	AssertWindowFits(t, w, where)
}

// AssertWindowFits is AssertFits as the real window measures it: the
// content gets the window's width less its padding, and a test window
// that grew wider than the phone it was opened as (the test driver grows
// a window whose content needs more room) fails.
func AssertWindowFits(t *testing.T, w fyne.Window, where string) {
	t.Helper()
	width := w.Canvas().Size().Width
	for _, s := range PhoneSizes {
		if width > s.Width && width < s.Width+phoneGrowth && width != tallPhoneWidth {
			assert.LessOrEqual(t, width, s.Width, "%s: the window grew wider than the phone", where)
			width = s.Width
		}
	}
	room := width
	if w.Padded() {
		room -= 2 * theme.Padding()
	}
	assert.LessOrEqual(t, w.Content().MinSize().Width, room, "%s: the screen is wider than the window", where)
	if w.Content().MinSize().Width > room {
		Widest(t, w.Content(), room, "")
	}
	for i, o := range w.Canvas().Overlays().List() {
		assert.LessOrEqual(t, o.MinSize().Width, width, "%s: dialog %d is wider than the window", where, i)
		if o.MinSize().Width > width {
			Widest(t, o, width, "")
		}
	}
}

// phoneGrowth is how much wider than a phone a test window may have grown
// and still count as that phone (see AssertWindowFits).
const phoneGrowth = 39

// tallPhoneWidth is the width of a tall phone some tests open a window as
// (390x844): a window that wide was opened so, it did not grow.
const tallPhoneWidth = 390

// CloseOverlays closes every dialog open over the window.
func CloseOverlays(w fyne.Window) {
	for _, o := range w.Canvas().Overlays().List() {
		w.Canvas().Overlays().Remove(o)
	}
}

// Widest logs the chain of objects wider than width, to find what to fix.
func Widest(t *testing.T, o fyne.CanvasObject, width float32, indent string) {
	for depth := 0; depth < 40; depth++ {
		var kids []fyne.CanvasObject
		switch x := o.(type) {
		case *fyne.Container:
			kids = x.Objects
		case *container.AppTabs:
			// Its min width counts every tab's content, hidden ones too.
			kids = test.TempWidgetRenderer(t, x).Objects()
			for _, item := range x.Items {
				kids = append(kids, item.Content)
			}
		case fyne.Widget:
			kids = test.TempWidgetRenderer(t, x).Objects()
		}
		var next fyne.CanvasObject
		for _, k := range kids {
			if next == nil || k.MinSize().Width > next.MinSize().Width {
				next = k
			}
		}
		if next == nil {
			return
		}
		t.Logf("%s%T %v %s", indent, next, next.MinSize(), describe(next))
		o = next
		indent += " "
	}
}

func describe(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Label:
		return x.Text
	case *widget.Button:
		return x.Text
	case *widget.Check:
		return x.Text
	case *widget.Select:
		return x.PlaceHolder + "|" + x.Selected
	case *widget.Entry:
		return x.PlaceHolder
	case *screen.TextEntry:
		return x.PlaceHolder
	}
	return ""
}

// Italian switches the texts to Italian for one test.
func Italian(t *testing.T) {
	t.Helper()
	_, err := i18n.Setup("it")
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = i18n.Setup("") })
}

// AssertPhoneReady checks a window at a phone's size: nothing wider than
// the window, no label or button cut short.
func AssertPhoneReady(t *testing.T, w fyne.Window, where string) {
	t.Helper()
	for _, o := range w.Canvas().Overlays().List() { // lay out what was just shown, as the screen would
		o.Resize(fyne.NewSize(0, 0))
		o.Resize(w.Canvas().Size())
	}
	AssertFits(t, w, where)
	width := w.Canvas().Size().Width
	for _, l := range Objects[*widget.Label](w) {
		if l.Wrapping != fyne.TextWrapOff || l.Truncation != fyne.TextTruncateOff || l.Text == "" {
			continue
		}
		if l.Size().Width == 0 { // a dialog's title is measured, not laid out, by the test driver
			assert.LessOrEqual(t, l.MinSize().Width, width-32, "%s: title %q is wider than a dialog on this window", where, l.Text)
			continue
		}
		assert.GreaterOrEqual(t, l.Size().Width+0.5, l.MinSize().Width, "%s: label %q is clipped", where, l.Text)
	}
	for _, b := range Objects[*widget.Button](w) {
		if b.Text != "" {
			assert.GreaterOrEqual(t, b.Size().Width+0.5, b.MinSize().Width, "%s: button %q is clipped", where, b.Text)
		}
	}
}
