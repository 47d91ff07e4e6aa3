package ui

import (
	"fmt"
	"reflect"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tableops/ui/screen"
)

// shownObject is one object on screen as the web page's automation hook
// describes it (browsers have no accessibility tree for a canvas app, so
// the page tests find the app's buttons, labels and tokens through it).
type shownObject struct {
	Type string `json:"type"`
	Text string `json:"text,omitempty"`
	// Icon is a button's icon's name (buttons that show only an icon).
	Icon string `json:"icon,omitempty"`
	// Value is a counter's value, or a peg track's pegs.
	Value *int    `json:"value,omitempty"`
	X     float32 `json:"x"`
	Y     float32 `json:"y"`
	W     float32 `json:"w"`
	H     float32 `json:"h"`
}

// screenObjects lists the visible labels, buttons and other leaf widgets
// of the window and its dialogs, with their places in the window (in
// Fyne units), dialogs last. It walks containers and the widgets whose
// content is public (scrolls, tabs, splits, pop-ups, the app's adaptive
// panels); other widgets are listed, not entered. Call it on the UI
// goroutine.
func (sh *Shell) screenObjects() []shownObject {
	var out []shownObject
	drv := sh.app.Driver()
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
			return
		case *container.Scroll:
			walk(x.Content)
			return
		case *container.AppTabs:
			if it := x.Selected(); it != nil {
				walk(it.Content)
			}
			return
		case *container.Split:
			walk(x.Leading)
			walk(x.Trailing)
			return
		case *widget.PopUp:
			walk(x.Content)
			return
		case *screen.Adaptive:
			walk(x.Current())
			return
		case *joinForm:
			walk(x.body)
			return
		case *scannerRoot:
			walk(x.body)
			return
		case *catalogRoot:
			walk(x.v.statusBox)
			walk(x.v.layout)
			return
		case *container.MultipleWindows: // other windows, in a browser page
			for _, w := range x.Windows {
				walk(w)
			}
			return
		case *container.InnerWindow:
			walk(x.Content)
			return
		}
		if c := contentOf(o); c != nil { // the toolkit's overlays and pop-ups
			walk(c)
			return
		}
		pos := drv.AbsolutePositionForObject(o)
		size := o.Size()
		s := shownObject{Type: strings.TrimPrefix(fmt.Sprintf("%T", o), "*"), X: pos.X, Y: pos.Y, W: size.Width, H: size.Height}
		switch x := o.(type) {
		case *widget.Button:
			s.Text = x.Text
			if x.Icon != nil {
				s.Icon = x.Icon.Name()
			}
		case *widget.Label:
			s.Text = x.Text
		case *widget.Check:
			s.Text = x.Text
		case *widget.Select:
			s.Text = x.Selected
		case *widget.Entry:
			s.Text = x.Text
		case *screen.TextEntry: // an entry for the player
			s.Type = "widget.Entry"
			s.Text = x.Text
		case *canvas.Text:
			s.Text = x.Text
		case *statusLine:
			s.Text = x.text
		case interface {
			Label() string
			Pegs() int
		}: // a peg track: its pegs
			s.Text = x.Label()
			v := x.Pegs()
			s.Value = &v
		case interface {
			Label() string
			Value() int
		}: // a counter
			s.Text = x.Label()
			v := x.Value()
			s.Value = &v
		case *canvas.Rectangle:
			return // spacers
		}
		win := sh.win.Canvas().Size()
		if s.Y >= win.Height || s.X >= win.Width || s.Y+s.H <= 0 {
			return // scrolled out of sight (not reachable by a tap)
		}
		out = append(out, s)
	}
	walk(sh.win.Content())
	for _, o := range sh.win.Canvas().Overlays().List() {
		walk(o)
	}
	return out
}

// contentOf returns the exported Content of a widget that holds one object
// (an overlay, a pop-up), or nil.
func contentOf(o fyne.CanvasObject) fyne.CanvasObject {
	v := reflect.ValueOf(o)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	f := v.Elem().FieldByName("Content")
	if !f.IsValid() || !f.CanInterface() {
		return nil
	}
	c, _ := f.Interface().(fyne.CanvasObject)
	return c
}
