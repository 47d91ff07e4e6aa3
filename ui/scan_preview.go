package ui

import (
	"fmt"
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/scan"
)

// scanOutline is one code to outline on the preview.
type scanOutline struct {
	// corners are the code's corners in picture pixels.
	corners [4]scan.Point
	// n is the code's number in the found list (0: not listed).
	n int
	// good is true for a usable tag (drawn in the success colour), false
	// for any other code (the warning colour).
	good bool
}

// scanPreview shows a camera frame or a photo, fitted to its space, with
// the codes found outlined by their four corners and numbered like the
// list below it. With no picture it shows a hint.
type scanPreview struct {
	widget.BaseWidget
	img      *canvas.Image
	bg       *canvas.Rectangle
	hint     *widget.Label
	w, h     int
	outlines []scanOutline
	// lines holds four edges per outline; marks a number per outline.
	lines []*canvas.Line
	marks []*canvas.Text
}

func newScanPreview() *scanPreview {
	p := &scanPreview{
		img:  canvas.NewImageFromImage(nil),
		bg:   canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground)),
		hint: widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{}),
	}
	p.img.FillMode = canvas.ImageFillContain
	p.img.ScaleMode = canvas.ImageScaleFastest
	p.hint.Wrapping = fyne.TextWrapWord
	p.img.Hide()
	p.ExtendBaseWidget(p)
	return p
}

// setHint shows a message instead of a picture.
func (p *scanPreview) setHint(text string) {
	p.hint.SetText(text)
	if p.img.Image == nil {
		p.hint.Show()
	}
}

// set shows a picture of w×h pixels with the given outlines.
func (p *scanPreview) set(img image.Image, w, h int, outlines []scanOutline) {
	p.img.Image = img
	p.w, p.h = w, h
	p.outlines = outlines
	p.img.Show()
	p.hint.Hide()
	ok := theme.Color(theme.ColorNameSuccess)
	bad := theme.Color(theme.ColorNameWarning)
	p.lines = p.lines[:0]
	p.marks = p.marks[:0]
	for _, o := range outlines {
		c := ok
		if !o.good {
			c = bad
		}
		for range 4 {
			l := canvas.NewLine(c)
			l.StrokeWidth = 3
			p.lines = append(p.lines, l)
		}
		label := "?"
		if o.n > 0 {
			label = fmt.Sprint(o.n)
		}
		m := canvas.NewText(label, c)
		m.TextStyle.Bold = true
		m.TextSize = theme.TextSubHeadingSize()
		p.marks = append(p.marks, m)
	}
	p.Refresh()
}

// fit returns where the picture lands in a box of the given size: its
// top-left corner and the scale from picture pixels.
func (p *scanPreview) fit(size fyne.Size) (fyne.Position, float32) {
	if p.w <= 0 || p.h <= 0 {
		return fyne.Position{}, 0
	}
	s := min(size.Width/float32(p.w), size.Height/float32(p.h))
	return fyne.NewPos((size.Width-float32(p.w)*s)/2, (size.Height-float32(p.h)*s)/2), s
}

// toScreen maps a picture point into the widget for a box of the given
// size.
func (p *scanPreview) toScreen(size fyne.Size, pt scan.Point) fyne.Position {
	off, s := p.fit(size)
	return fyne.NewPos(off.X+float32(pt.X)*s, off.Y+float32(pt.Y)*s)
}

func (p *scanPreview) CreateRenderer() fyne.WidgetRenderer { return &scanPreviewRenderer{p: p} }

type scanPreviewRenderer struct{ p *scanPreview }

func (r *scanPreviewRenderer) Layout(size fyne.Size) {
	p := r.p
	p.bg.Resize(size)
	p.hint.Move(fyne.NewPos(0, 0))
	p.hint.Resize(size)
	off, s := p.fit(size)
	p.img.Move(off)
	p.img.Resize(fyne.NewSize(float32(p.w)*s, float32(p.h)*s))
	for i, o := range p.outlines {
		if 4*i+3 >= len(p.lines) || i >= len(p.marks) {
			break
		}
		for k := range 4 {
			l := p.lines[4*i+k]
			l.Position1 = p.toScreen(size, o.corners[k])
			l.Position2 = p.toScreen(size, o.corners[(k+1)%4])
		}
		// The number sits at the code's top-left corner, kept inside.
		tl := p.toScreen(size, o.corners[0])
		m := p.marks[i]
		ms := m.MinSize()
		m.Move(fyne.NewPos(max(0, min(tl.X-ms.Width, size.Width-ms.Width)), max(0, min(tl.Y-ms.Height, size.Height-ms.Height))))
		m.Resize(ms)
	}
}

func (r *scanPreviewRenderer) MinSize() fyne.Size { return fyne.NewSize(160, 140) }

func (r *scanPreviewRenderer) Refresh() {
	r.Layout(r.p.Size())
	r.p.bg.FillColor = theme.Color(theme.ColorNameInputBackground)
	r.p.bg.Refresh()
	r.p.img.Refresh()
	r.p.hint.Refresh()
	for _, l := range r.p.lines {
		l.Refresh()
	}
	for _, m := range r.p.marks {
		m.Refresh()
	}
}

func (r *scanPreviewRenderer) Objects() []fyne.CanvasObject {
	p := r.p
	out := []fyne.CanvasObject{p.bg, p.img, p.hint}
	for _, l := range p.lines {
		out = append(out, l)
	}
	for _, m := range p.marks {
		out = append(out, m)
	}
	return out
}

func (r *scanPreviewRenderer) Destroy() {}
