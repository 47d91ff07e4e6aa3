package screen

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// KeptParts keeps the parts of a panel from one update to the next: a
// part is built again only when the data it shows (and its buttons act
// on) changed, so a change elsewhere in the game leaves its widgets as
// they are on screen, and a phone neither builds nor draws them anew.
// A pass asks for the parts it shows (get) and ends with done, which
// forgets the parts it did not ask for.
type KeptParts struct {
	last, next map[string]keptPart
}

// keptPart is a part and the data it was built from.
type keptPart struct {
	from string
	obj  fyne.CanvasObject
}

// Get returns the part that build builds, kept from the last pass when
// from (printed with %#v: values, not pointers, tell a change) is the
// same. When from changed, the part is built again and the last one's
// widgets take its state where the two have the same shape (see patch):
// what is returned may be the last pass's object, showing the new data.
func (k *KeptParts) Get(name string, from any, build func() fyne.CanvasObject) fyne.CanvasObject {
	key := fmt.Sprintf("%#v", from)
	if k.next == nil {
		k.next = map[string]keptPart{}
	}
	if p, ok := k.next[name]; ok && p.from == key {
		return p.obj
	}
	if p, ok := k.last[name]; ok && p.from == key {
		k.next[name] = p
		return p.obj
	}
	o := build()
	if p, ok := k.last[name]; ok {
		// The part built again takes the place of the one shown, whose
		// widgets show the new data where the two have the same shape
		// (see patch).
		o = patch(p.obj, o)
	}
	k.next[name] = keptPart{from: key, obj: o}
	return o
}

// Done ends a pass: the parts it did not ask for are forgotten.
func (k *KeptParts) Done() {
	k.last, k.next = k.next, nil
}

// SetObjects makes objs what box shows. When it shows them already,
// nothing is done: the widgets show their own changes, and the toolkit
// lays out again what grew or shrank. Otherwise only the box is laid out
// and refreshed: the new widgets draw fresh, the kept ones are
// unchanged. (Refreshing every widget in the box again re-read each
// button's icon.)
func SetObjects(box *fyne.Container, objs []fyne.CanvasObject) {
	if slices.Equal(box.Objects, objs) {
		return
	}
	box.Objects = objs
	// Twice: a wrapped text's height depends on the width the first
	// pass gives it.
	relayout(box)
	relayout(box)
	canvas.Refresh(box)
}

// relayout lays out a container and every container inside it, from the
// top (widgets lay out their own parts when resized).
func relayout(c *fyne.Container) {
	if c.Layout != nil {
		c.Layout.Layout(c.Objects, c.Size())
	}
	for _, o := range c.Objects {
		if in, ok := o.(*fyne.Container); ok {
			relayout(in)
		}
	}
}

// SetVisible shows or hides an object and reports whether that changed (the
// container holding it must then be laid out again).
func SetVisible(o fyne.CanvasObject, on bool) bool {
	if o.Visible() == on {
		return false
	}
	if on {
		o.Show()
	} else {
		o.Hide()
	}
	return true
}
