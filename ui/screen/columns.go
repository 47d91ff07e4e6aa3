package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// columnsLayout places objects in as many columns as fit the width (at
// least one), each at least colWidth wide, filling rows left to right; a
// row is as tall as its tallest object. It remembers the last width it was
// given so that MinSize reports the height those columns need.
type columnsLayout struct {
	colWidth float32
	// maxCols, when above zero, caps the columns; with colWidth 0 a
	// column is as wide as the widest object needs.
	maxCols int
	// gap between columns (0: the theme's padding).
	gap   float32
	width float32
}

// NewColumns returns a container of objects laid out in columns.
func NewColumns(colWidth float32, objs ...fyne.CanvasObject) *fyne.Container {
	return &fyne.Container{Layout: &columnsLayout{colWidth: colWidth}, Objects: objs}
}

// NewSpacedColumns is NewColumns with gap between the columns.
func NewSpacedColumns(colWidth, gap float32, objs ...fyne.CanvasObject) *fyne.Container {
	return &fyne.Container{Layout: &columnsLayout{colWidth: colWidth, gap: gap}, Objects: objs}
}

// FitGrid is a grid of up to cols columns that drops to fewer columns (at
// least one) when the window is too narrow for the widest object, so a row
// of buttons never makes a screen wider than a phone.
func FitGrid(cols int, objs ...fyne.CanvasObject) *fyne.Container {
	return &fyne.Container{Layout: &columnsLayout{maxCols: cols}, Objects: objs}
}

// SpacedGrid is a FitGrid with a wider gap between its columns, for
// buttons of neighbouring controls that must not be mistaken for each
// other (the + of one counter beside the − of the next).
func SpacedGrid(cols int, gap float32, objs ...fyne.CanvasObject) *fyne.Container {
	return &fyne.Container{Layout: &columnsLayout{maxCols: cols, gap: gap}, Objects: objs}
}

func (l *columnsLayout) colGap() float32 {
	if l.gap > 0 {
		return l.gap
	}
	return theme.Padding()
}

func (l *columnsLayout) cols(width float32, objs []fyne.CanvasObject) int {
	n := len(objs)
	cw := l.colWidth
	if cw <= 0 {
		for _, o := range objs {
			cw = max(cw, o.MinSize().Width)
		}
		cw += l.colGap()
		width += l.colGap()
	}
	if cw <= 0 {
		cw = 1
	}
	c := int(width / cw)
	if l.maxCols > 0 && c > l.maxCols {
		c = l.maxCols
	}
	if c < 1 {
		c = 1
	}
	if c > n {
		c = max(n, 1)
	}
	return c
}

func (l *columnsLayout) visible(objs []fyne.CanvasObject) []fyne.CanvasObject {
	out := objs[:0:0]
	for _, o := range objs {
		if o.Visible() {
			out = append(out, o)
		}
	}
	return out
}

// rowHeights returns the height of each row for cols columns.
func rowHeights(objs []fyne.CanvasObject, cols int) []float32 {
	var hs []float32
	for i, o := range objs {
		if i%cols == 0 {
			hs = append(hs, 0)
		}
		hs[len(hs)-1] = max(hs[len(hs)-1], o.MinSize().Height)
	}
	return hs
}

// Layout implements fyne.Layout.
func (l *columnsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	vis := l.visible(objs)
	if len(vis) == 0 || size.IsZero() {
		// Nothing to place in no room: a grid being built (each Add
		// lays it out) measures nothing, so a part built again and
		// patched into the one on screen (see patch) never makes the
		// renderers of widgets that are not shown.
		return
	}
	pad := theme.Padding()
	gap := l.colGap()
	cols := l.cols(size.Width, vis)
	w := (size.Width - gap*float32(cols-1)) / float32(cols)
	hs := rowHeights(vis, cols)
	y := float32(0)
	for i, o := range vis {
		r, c := i/cols, i%cols
		if c == 0 && r > 0 {
			y += hs[r-1] + pad
		}
		o.Move(fyne.NewPos(float32(c)*(w+gap), y))
		o.Resize(fyne.NewSize(w, hs[r]))
	}
}

// MinSize implements fyne.Layout: one column's width, and the height of
// the rows at the last width laid out.
func (l *columnsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	vis := l.visible(objs)
	if len(vis) == 0 {
		return fyne.Size{}
	}
	var w float32
	for _, o := range vis {
		w = max(w, o.MinSize().Width)
	}
	cols := l.cols(l.width, vis)
	hs := rowHeights(vis, cols)
	h := theme.Padding() * float32(len(hs)-1)
	for _, x := range hs {
		h += x
	}
	return fyne.NewSize(w, h)
}
