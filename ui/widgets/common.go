package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// themed returns the named colour of the theme used by w, in the current
// variant.
func themed(w fyne.Widget, n fyne.ThemeColorName) color.Color {
	return theme.ColorForWidget(n, w)
}

// sized returns the named size of the theme used by w.
func sized(w fyne.Widget, n fyne.ThemeSizeName) float32 {
	return theme.SizeForWidget(n, w)
}

// bigNumberSize is the text size of the large numbers (ratings, counters).
func bigNumberSize(w fyne.Widget) float32 {
	return sized(w, theme.SizeNameHeadingText) * 1.5
}

// withAlpha returns c with its alpha scaled by a (0-1).
func withAlpha(c color.Color, a float64) color.Color {
	r, g, b, al := c.RGBA()
	return color.NRGBA{
		R: uint8(r >> 8),
		G: uint8(g >> 8),
		B: uint8(b >> 8),
		A: uint8(float64(al>>8) * a),
	}
}

// contentRenderer is the renderer shared by the composite widgets: it shows
// one root object and calls update to copy the widget's state into it on
// every refresh (including theme changes).
type contentRenderer struct {
	root   fyne.CanvasObject
	update func()
}

func newContentRenderer(root fyne.CanvasObject, update func()) *contentRenderer {
	r := &contentRenderer{root: root, update: update}
	r.update()
	return r
}

func (r *contentRenderer) Destroy() {}

func (r *contentRenderer) Layout(s fyne.Size) {
	r.root.Resize(s)
	r.root.Move(fyne.NewPos(0, 0))
}

func (r *contentRenderer) MinSize() fyne.Size { return r.root.MinSize() }

func (r *contentRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.root} }

func (r *contentRenderer) Refresh() {
	r.update()
	r.root.Refresh()
}

// minSizeLayout lays its objects on top of each other, filling the
// container, and reports a minimum size of at least min (used to keep touch
// targets at least MinTouch square).
type minSizeLayout struct {
	min fyne.Size
}

func (l minSizeLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(s)
	}
}

func (l minSizeLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := l.min
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// atLeast wraps o so that its minimum size is at least w x h.
func atLeast(o fyne.CanvasObject, w, h float32) *fyne.Container {
	return &fyne.Container{Layout: minSizeLayout{min: fyne.NewSize(w, h)}, Objects: []fyne.CanvasObject{o}}
}

// cellGridLayout places same-sized cells in rows of at most perRow cells,
// centred horizontally, so its minimum size does not depend on the width it
// is given (unlike a wrapping layout).
type cellGridLayout struct {
	cell   fyne.Size
	perRow int
	gap    float32
	left   bool // align rows to the left instead of centring them
}

func (l *cellGridLayout) visible(objs []fyne.CanvasObject) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, 0, len(objs))
	for _, o := range objs {
		if o.Visible() {
			out = append(out, o)
		}
	}
	return out
}

func (l *cellGridLayout) cols(n int) int {
	if l.perRow > 0 && n > l.perRow {
		return l.perRow
	}
	return n
}

func (l *cellGridLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	vis := l.visible(objs)
	cols := l.cols(len(vis))
	if cols == 0 {
		return
	}
	rowW := float32(cols)*l.cell.Width + float32(cols-1)*l.gap
	x0 := (s.Width - rowW) / 2
	if x0 < 0 || l.left {
		x0 = 0
	}
	for i, o := range vis {
		r, c := i/cols, i%cols
		o.Resize(l.cell)
		o.Move(fyne.NewPos(x0+float32(c)*(l.cell.Width+l.gap), float32(r)*(l.cell.Height+l.gap)))
	}
}

func (l *cellGridLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	n := len(l.visible(objs))
	cols := l.cols(n)
	if cols == 0 {
		return fyne.NewSize(0, 0)
	}
	rows := (n + cols - 1) / cols
	return fyne.NewSize(float32(cols)*l.cell.Width+float32(cols-1)*l.gap,
		float32(rows)*l.cell.Height+float32(rows-1)*l.gap)
}

// newText returns a canvas text of the given size and style.
func newText(s string, c color.Color, size float32, bold bool) *canvas.Text {
	t := canvas.NewText(s, c)
	t.TextSize = size
	t.TextStyle = fyne.TextStyle{Bold: bold}
	return t
}

// dimmed is the colour of inactive content (a disabled track, an ignored
// die's caption): the foreground at reduced strength, which stays legible
// in the light variant where the theme's disabled colour is very faint.
func dimmed(w fyne.Widget) color.Color {
	return withAlpha(themed(w, theme.ColorNameForeground), 0.45)
}
