package screen

import (
	"reflect"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// patch makes old show what fresh (the same part built again from new
// data) shows, keeping old's widgets where both have the same shape, and
// returns what is to be shown: old, patched, or fresh when their shapes
// differ at the top. A widget kept is not built, measured or drawn anew:
// on a phone building a part's buttons again (their renderers, icons and
// texts) was most of the time a change took to show on another phone
// (issue 26).
//
// Only a part made of plain widgets whose whole state is in their fields
// is patched: containers (same layout, as many objects), labels, buttons,
// separators, canvas texts and rectangles. A part with any other widget
// (an entry, a select, a counter: widgets with a draft, that a view keeps
// to set later, or whose callbacks act on their part's other widgets) is
// shown as built. A kept button takes fresh's callback, so a tap does
// what the new part's button does.
func patch(old, fresh fyne.CanvasObject) fyne.CanvasObject {
	if old == fresh || !fits(old, fresh) || !plain(fresh) {
		return fresh
	}
	if o, ok := old.(*fyne.Container); ok && shares(o, fresh.(*fyne.Container)) {
		return fresh
	}
	patchInto(old, fresh)
	return old
}

// fits reports whether old can take fresh's state: the same type, and for
// a container the same layout and as many objects.
func fits(old, fresh fyne.CanvasObject) bool {
	if old == nil || fresh == nil || reflect.TypeOf(old) != reflect.TypeOf(fresh) {
		return false
	}
	switch o := old.(type) {
	case *fyne.Container:
		f := fresh.(*fyne.Container)
		return reflect.TypeOf(o.Layout) == reflect.TypeOf(f.Layout) && len(o.Objects) == len(f.Objects)
	case *widget.Label, *widget.Button, *widget.Separator, *canvas.Text, *canvas.Rectangle:
		return true
	}
	return false
}

// plain reports whether a tree holds only widgets that patch keeps: a
// part with another widget (a select that enables a button of its part,
// an entry) is shown as built, so that the callbacks of its widgets act on
// the widgets shown.
func plain(o fyne.CanvasObject) bool {
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			if !plain(c) {
				return false
			}
		}
		return true
	case *widget.Label, *widget.Button, *widget.Separator, *canvas.Text, *canvas.Rectangle:
		return true
	}
	return false
}

// shares reports whether a container's objects and another's have one in
// common (at any depth): such a tree is not patched, its objects would
// be moved or changed under the view that keeps them.
func shares(a, b *fyne.Container) bool {
	in := map[fyne.CanvasObject]bool{}
	var mark func(o fyne.CanvasObject)
	mark = func(o fyne.CanvasObject) {
		in[o] = true
		if c, ok := o.(*fyne.Container); ok {
			for _, x := range c.Objects {
				mark(x)
			}
		}
	}
	for _, x := range a.Objects {
		mark(x)
	}
	found := false
	var look func(o fyne.CanvasObject)
	look = func(o fyne.CanvasObject) {
		if found {
			return
		}
		if in[o] {
			found = true
			return
		}
		if c, ok := o.(*fyne.Container); ok {
			for _, x := range c.Objects {
				look(x)
			}
		}
	}
	for _, x := range b.Objects {
		look(x)
	}
	return found
}

// patchInto copies fresh's state into old (fits(old, fresh) holds)
// and redraws what changed.
func patchInto(old, fresh fyne.CanvasObject) {
	SetVisible(old, fresh.Visible())
	switch o := old.(type) {
	case *fyne.Container:
		f := fresh.(*fyne.Container)
		o.Layout = f.Layout
		changed := false
		for i, x := range o.Objects {
			y := f.Objects[i]
			if x == y {
				continue
			}
			if fits(x, y) {
				patchInto(x, y)
				continue
			}
			o.Objects[i] = y
			changed = true
		}
		if o.Layout != nil {
			o.Layout.Layout(o.Objects, o.Size())
		}
		if changed {
			canvas.Refresh(o)
		}
	case *widget.Label:
		f := fresh.(*widget.Label)
		if o.Text != f.Text || o.TextStyle != f.TextStyle || o.Alignment != f.Alignment || o.Wrapping != f.Wrapping ||
			o.Truncation != f.Truncation || o.Importance != f.Importance || o.SizeName != f.SizeName || o.Selectable != f.Selectable {
			o.Text, o.TextStyle, o.Alignment, o.Wrapping = f.Text, f.TextStyle, f.Alignment, f.Wrapping
			o.Truncation, o.Importance, o.SizeName, o.Selectable = f.Truncation, f.Importance, f.SizeName, f.Selectable
			o.Refresh()
		}
	case *widget.Button:
		f := fresh.(*widget.Button)
		o.OnTapped = f.OnTapped
		if o.Text != f.Text || o.Icon != f.Icon || o.Importance != f.Importance || o.Alignment != f.Alignment ||
			o.IconPlacement != f.IconPlacement || o.Disabled() != f.Disabled() {
			o.Text, o.Icon, o.Importance, o.Alignment, o.IconPlacement = f.Text, f.Icon, f.Importance, f.Alignment, f.IconPlacement
			switch {
			case f.Disabled() && !o.Disabled():
				o.Disable() // refreshes it
			case !f.Disabled() && o.Disabled():
				o.Enable()
			default:
				o.Refresh()
			}
		}
	case *canvas.Text:
		f := fresh.(*canvas.Text)
		if o.Text != f.Text || o.Color != f.Color || o.TextSize != f.TextSize || o.TextStyle != f.TextStyle || o.Alignment != f.Alignment {
			o.Text, o.Color, o.TextSize, o.TextStyle, o.Alignment = f.Text, f.Color, f.TextSize, f.TextStyle, f.Alignment
			o.Refresh()
		}
	case *canvas.Rectangle:
		f := fresh.(*canvas.Rectangle)
		if o.FillColor != f.FillColor || o.StrokeColor != f.StrokeColor || o.StrokeWidth != f.StrokeWidth || o.CornerRadius != f.CornerRadius || o.MinSize() != f.MinSize() {
			o.FillColor, o.StrokeColor, o.StrokeWidth, o.CornerRadius = f.FillColor, f.StrokeColor, f.StrokeWidth, f.CornerRadius
			o.SetMinSize(f.MinSize())
			o.Refresh()
		}
	}
}
