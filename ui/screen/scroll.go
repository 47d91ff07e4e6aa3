package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// ScrollTo scrolls s by as little as needed to show o whole (its top at
// the top of s when o is taller than s); o may be s's content or anything
// inside it, just built and not drawn yet. It reports whether o was found
// in s. A view calls it when the step changes, to bring the next step's
// controls into view; the panel's scroll is otherwise kept where the
// player left it (Adaptive.KeepScroll).
func ScrollTo(s *container.Scroll, o fyne.CanvasObject) bool {
	y, h, ok := placeIn(s, o)
	if !ok {
		return false
	}
	view := s.Size().Height
	off := s.Offset.Y
	switch {
	case y < off || h > view:
		off = y
	case y+h > off+view:
		off = y + h - view
	}
	scrollToY(s, off)
	return true
}

// ScrollToStart scrolls s so that o's top is at the top of s (or as near
// as the content's height allows); see ScrollTo.
func ScrollToStart(s *container.Scroll, o fyne.CanvasObject) bool {
	y, _, ok := placeIn(s, o)
	if !ok {
		return false
	}
	scrollToY(s, y)
	return true
}

// placeIn lays out s's content at the height it needs and finds o's top
// and height in it.
func placeIn(s *container.Scroll, o fyne.CanvasObject) (y, h float32, ok bool) {
	growContent(s)
	// What was just built is laid out at its place (a widget gets its
	// size, and its parts their places, as it is laid out).
	if box, ok := s.Content.(*fyne.Container); ok {
		relayout(box)
	}
	y, ok = offsetIn(s.Content, o)
	return y, o.Size().Height, ok
}

// scrollToY sets s's vertical offset, within what its content allows.
func scrollToY(s *container.Scroll, y float32) {
	growContent(s)
	most := max(0, s.Content.MinSize().Height-s.Size().Height)
	s.ScrollToOffset(fyne.NewPos(s.Offset.X, max(0, min(y, most))))
}

// growContent lays a scroll's content out at the size it now needs: the
// window does it only at its next frame, and a scroll cannot go past its
// content's current size.
func growContent(s *container.Scroll) {
	c := s.Content
	want := fyne.NewSize(max(c.MinSize().Width, s.Size().Width), max(c.MinSize().Height, s.Size().Height))
	if s.Direction == container.ScrollVerticalOnly {
		want.Width = s.Size().Width
	}
	if want != c.Size() && want.Width > 0 {
		c.Resize(want)
		if box, ok := c.(*fyne.Container); ok {
			relayout(box)
		}
	}
}

// offsetIn finds o's top under root, through containers and widgets.
func offsetIn(root, o fyne.CanvasObject) (float32, bool) {
	if root == o {
		return 0, true
	}
	if root == nil || !root.Visible() {
		return 0, false
	}
	var kids []fyne.CanvasObject
	switch x := root.(type) {
	case *fyne.Container:
		kids = x.Objects
	case *container.Scroll: // a scroll inside: not followed
		return 0, false
	case fyne.Widget:
		kids = cachedObjects(x)
	}
	for _, k := range kids {
		if y, ok := offsetIn(k, o); ok {
			return k.Position().Y + y, true
		}
	}
	return 0, false
}

// cachedObjects are a widget's parts as drawn; nil for a widget that was
// never drawn (its parts are not built yet).
func cachedObjects(w fyne.Widget) []fyne.CanvasObject {
	switch x := w.(type) {
	case *widget.Card:
		return []fyne.CanvasObject{x.Content}
	case *widget.Accordion:
		var out []fyne.CanvasObject
		for _, it := range x.Items {
			if it.Open {
				out = append(out, it.Detail)
			}
		}
		return out
	case *Adaptive:
		return []fyne.CanvasObject{x.current}
	}
	return nil
}

// panelScrolls are the vertical scrolls of a panel's content that move it
// (not those inside another scroll), found through its containers.
func panelScrolls(o fyne.CanvasObject, out []*container.Scroll) []*container.Scroll {
	switch x := o.(type) {
	case *container.Scroll:
		if x.Direction != container.ScrollHorizontalOnly && x.Direction != container.ScrollNone {
			out = append(out, x)
		}
	case *fyne.Container:
		for _, k := range x.Objects {
			out = panelScrolls(k, out)
		}
	case *container.ThemeOverride:
		out = panelScrolls(x.Content, out)
	}
	return out
}

// keptScroll is a scroll's offset before a panel was built again, and
// what the toolkit did to it meanwhile.
type keptScroll struct {
	s    *container.Scroll
	was  fyne.Position
	prev func(fyne.Position)
	// clamped is set when the toolkit moved the offset itself (a content
	// that shrank for a moment while it was built again), to where.
	clamped *fyne.Position
}

// keepScrolls notes the offsets of scrolls before an update.
func keepScrolls(scrolls []*container.Scroll) []*keptScroll {
	out := make([]*keptScroll, 0, len(scrolls))
	for _, s := range scrolls {
		k := &keptScroll{s: s, was: s.Offset, prev: s.OnScrolled}
		s.OnScrolled = func(p fyne.Position) {
			k.clamped = &p
			if k.prev != nil {
				k.prev(p)
			}
		}
		out = append(out, k)
	}
	return out
}

// restore puts back each offset that the toolkit moved while the update
// built the panel again. An offset the view set itself (ScrollTo,
// ScrollToTop) after that is kept.
func restoreScrolls(kept []*keptScroll) {
	for _, k := range kept {
		s := k.s
		s.OnScrolled = k.prev
		if k.clamped == nil || s.Offset != *k.clamped || s.Offset == k.was {
			continue
		}
		scrollToY(s, k.was.Y)
	}
}
