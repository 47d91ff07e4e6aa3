package screentest

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// rect is a box on the window, in the window's coordinates.
type rect struct{ x0, y0, x1, y1 float32 }

func (r rect) overlaps(o rect) bool {
	return r.x0 < o.x1-0.5 && o.x0 < r.x1-0.5 && r.y0 < o.y1-0.5 && o.y0 < r.y1-0.5
}

// clip is p if it overlaps r, else an empty box.
func (r rect) clip(p rect) rect {
	if r.overlaps(p) {
		return p
	}
	return rect{}
}

// BarClearance is the room a control keeps from a bar (a tab bar): a
// thumb on the control does not touch the bar, and the tab bar's
// indicator, drawn in the gap over the bar, does not run into it.
const BarClearance = 12

// scroller is a vertical scroll container met on the way down, with where
// its viewport is on the window.
type scroller struct {
	s    *container.Scroll
	view rect
}

// placed is a tappable widget and where it is: its box on the window, and
// the scroller it is in (nil: none).
type placed struct {
	o    fyne.CanvasObject
	box  rect
	in   *scroller
	name string
}

// layoutOf is what the walk found on a window: the tappable widgets, the
// bars (a tab bar), the vertical scrollers nested in another.
type layoutOf struct {
	taps   []placed
	bars   []rect
	scroll []scroller
	nested []string
}

// tappable reports whether o is a control a player taps or types into:
// a button, an entry, a select, a check, a radio group, a slider, or one
// of the app's own tappable widgets.
func tappable(o fyne.CanvasObject) (string, bool) {
	switch x := o.(type) {
	case *widget.Button:
		return "button " + quoted(x.Text), true
	case *widget.Entry:
		return "entry " + quoted(x.PlaceHolder), true
	case *screen.TextEntry:
		return "entry " + quoted(x.PlaceHolder), true
	case *widget.SelectEntry:
		return "entry " + quoted(x.PlaceHolder), true
	case *widgets.PickEntry:
		return "entry " + quoted(x.PlaceHolder), true
	case *widget.Select:
		return "select " + quoted(x.PlaceHolder+"|"+x.Selected), true
	case *widget.Check:
		return "check " + quoted(x.Text), true
	case *widget.RadioGroup:
		return "radio " + quoted(strings.Join(x.Options, "/")), true
	case *widget.Slider:
		return "slider", true
	case *widget.Hyperlink:
		return "link " + quoted(x.Text), true
	}
	return "", false
}

func quoted(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// walk finds the tappable widgets, bars and scrollers under o, which sits
// at pos on the window, inside the scroller in.
func (l *layoutOf) walk(o fyne.CanvasObject, pos fyne.Position, in *scroller) {
	if o == nil || !o.Visible() {
		return
	}
	at := pos.Add(o.Position())
	box := rect{at.X, at.Y, at.X + o.Size().Width, at.Y + o.Size().Height}
	if name, ok := tappable(o); ok {
		l.taps = append(l.taps, placed{o: o, box: box, in: in, name: name})
		return
	}
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		kids = x.Objects
	case *container.AppTabs:
		objs := test.WidgetRenderer(x).Objects()
		if len(objs) > 0 { // the tab bar: a bar, not a control to reach
			b := objs[0]
			bp := at.Add(b.Position())
			l.bars = append(l.bars, rect{bp.X, bp.Y, bp.X + b.Size().Width, bp.Y + b.Size().Height})
			kids = objs[1:]
		}
	case *container.Scroll:
		if x.Direction == container.ScrollVerticalOnly || x.Direction == container.ScrollBoth {
			if in != nil {
				l.nested = append(l.nested, fmt.Sprintf("a scroll %v inside a scroll %v", box, in.view))
			}
			sc := &scroller{s: x, view: box}
			l.scroll = append(l.scroll, *sc)
			in = sc
		}
		kids = test.WidgetRenderer(x).Objects()
	case fyne.Widget:
		kids = test.WidgetRenderer(x).Objects()
	}
	for _, k := range kids {
		l.walk(k, at, in)
	}
}

// lay walks the window's content (not the dialogs over it).
func lay(w fyne.Window) *layoutOf {
	l := &layoutOf{}
	c := w.Content()
	l.walk(c, fyne.NewPos(0, 0), nil)
	return l
}

// Unreachable lists every tappable widget (button, entry, select, check,
// radio group) of the window's content that a player cannot see whole on
// a screen of the given size, either as it is or after scrolling the
// scroller it is in: outside the screen, or under a bar (a tab bar). A
// vertical scroller inside another counts too (the inner one is a trap
// for a thumb). size is the phone's screen: the test window may have
// grown taller than it when its content asked for more room, and what is
// below the phone's screen is off it.
func Unreachable(w fyne.Window, size fyne.Size) []string {
	l := lay(w)
	out := append([]string(nil), l.nested...)
	screenBox := rect{0, 0, size.Width, size.Height}
	for _, p := range l.taps {
		if why := l.reach(p, screenBox); why != "" {
			out = append(out, fmt.Sprintf("%s at %.0f,%.0f-%.0f,%.0f: %s", p.name, p.box.x0, p.box.y0, p.box.x1, p.box.y1, why))
		}
	}
	return out
}

// reach says why p cannot be brought into view whole, or "".
func (l *layoutOf) reach(p placed, screenBox rect) string {
	if p.box.x1 > screenBox.x1+0.5 || p.box.x0 < -0.5 {
		return "beyond the screen's width"
	}
	if p.in == nil {
		if p.box.y1 > screenBox.y1+0.5 || p.box.y0 < -0.5 {
			return "off the screen, and no scroller brings it in"
		}
		for _, b := range l.bars {
			if b.overlaps(rect{b.x0, b.y0 - BarClearance, b.x1, b.y1}.clip(p.box)) {
				return "under a bar, or too near it"
			}
		}
		return ""
	}
	// The band of the scroller's viewport a player sees: on the screen,
	// less the bars that lie over it.
	v := p.in.view
	top, bottom := max(v.y0, screenBox.y0), min(v.y1, screenBox.y1)
	for _, b := range l.bars {
		if b.x1 <= v.x0+0.5 || b.x0 >= v.x1-0.5 || b.y1 <= top || b.y0 >= bottom+BarClearance {
			continue
		}
		if (b.y0+b.y1)/2 > (top+bottom)/2 {
			bottom = min(bottom, b.y0-BarClearance)
		} else {
			top = max(top, b.y1)
		}
	}
	if bottom-top < 1 {
		return "its scroller is off the screen or under a bar"
	}
	s := p.in.s
	off := s.Offset.Y
	// The content is laid out at least as tall as it needs when drawn.
	maxOff := max(0, max(s.Content.Size().Height, s.Content.MinSize().Height)-s.Size().Height)
	h := min(p.box.y1-p.box.y0, bottom-top)
	// At offset o the widget's top is at p.box.y0 + off - o.
	lo := p.box.y0 + off + h - bottom // the least offset that shows its bottom
	hi := p.box.y0 + off - top        // the most offset that shows its top
	if max(lo, 0) > min(hi, maxOff)+0.5 {
		return fmt.Sprintf("no scroll of its scroller (0-%.0f, now %.0f; seen %.0f-%.0f) shows it whole", maxOff, off, top, bottom)
	}
	return ""
}

// HeaderHeight is the height of the fixed part above the panel on
// screen: from the window's top to the top of the biggest vertical
// scroller of its content (the panel's own), which is what the bar, the
// status line and any line or select fixed over a panel take together.
// It is 0 when the window shows no scroller.
func HeaderHeight(w fyne.Window) float32 {
	l := lay(w)
	var best *scroller
	for i, s := range l.scroll {
		a := (s.view.x1 - s.view.x0) * (s.view.y1 - s.view.y0)
		if best == nil || a > (best.view.x1-best.view.x0)*(best.view.y1-best.view.y0) {
			best = &l.scroll[i]
		}
	}
	if best == nil {
		return 0
	}
	return best.view.y0
}

// Scrollers are the vertical scrollers on the window's content, outermost
// first, in the order they are laid out.
func Scrollers(w fyne.Window) []*container.Scroll {
	l := lay(w)
	out := make([]*container.Scroll, len(l.scroll))
	for i, s := range l.scroll {
		out[i] = s.s
	}
	return out
}

// PanelScroller is the biggest vertical scroller on the window's content:
// the scroller of the panel on screen (see HeaderHeight).
func PanelScroller(w fyne.Window) *container.Scroll {
	l := lay(w)
	var best *scroller
	for i, s := range l.scroll {
		a := (s.view.x1 - s.view.x0) * (s.view.y1 - s.view.y0)
		if best == nil || a > (best.view.x1-best.view.x0)*(best.view.y1-best.view.y0) {
			best = &l.scroll[i]
		}
	}
	if best == nil {
		return nil
	}
	return best.s
}
