package widgets

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// PegTrack shows one Away Missions rating track (Attack, Defense, Skill or
// Move) like the printed character card: the track's values from lowest to
// highest, the lowest marked with a diamond as the neutralize point, a peg
// in every hole that still has one, and the current rating in big type.
//
// Tapping a filled peg or the "−" button calls OnRemove; a secondary tap
// (right click, or long press on touch screens) on any hole or the "+"
// button calls OnRestore. The widget does not change its own pegs: the
// caller applies the change and calls SetTrack (Away Missions rulebook,
// "Take Damage": the owning player chooses which track loses each peg).
type PegTrack struct {
	widget.BaseWidget

	// OnRemove is called when the player asks to remove one peg.
	OnRemove func()
	// OnRestore is called when the player asks to put one peg back.
	OnRestore func()

	label    string
	values   []int
	pegs     int
	disabled bool
}

// NewPegTrack returns a track named label (e.g. "ATTACK") with the printed
// values, lowest first, and pegs pegs in place.
func NewPegTrack(label string, values []int, pegs int) *PegTrack {
	p := &PegTrack{label: label}
	p.ExtendBaseWidget(p)
	p.setTrack(values, pegs)
	return p
}

// Label returns the track's name.
func (p *PegTrack) Label() string { return p.label }

// Values returns a copy of the printed values, lowest first.
func (p *PegTrack) Values() []int { return slices.Clone(p.values) }

// Pegs returns how many pegs are in place.
func (p *PegTrack) Pegs() int { return p.pegs }

// Rating returns the current rating (values[pegs-1]) and false when no peg
// is left.
func (p *PegTrack) Rating() (int, bool) {
	if p.pegs < 1 {
		return 0, false
	}
	return p.values[p.pegs-1], true
}

// RatingText returns the rating as shown: the number, or "—" with no pegs.
func (p *PegTrack) RatingText() string {
	if v, ok := p.Rating(); ok {
		return fmt.Sprint(v)
	}
	return "—"
}

// Disabled reports whether the track ignores taps.
func (p *PegTrack) Disabled() bool { return p.disabled }

// SetLabel changes the track's name.
func (p *PegTrack) SetLabel(label string) {
	p.label = label
	p.Refresh()
}

// SetTrack shows the printed values (lowest first) with pegs pegs in place,
// filling holes from the lowest value up. pegs is clamped to 0..len(values).
func (p *PegTrack) SetTrack(values []int, pegs int) {
	p.setTrack(values, pegs)
	p.Refresh()
}

func (p *PegTrack) setTrack(values []int, pegs int) {
	p.values = slices.Clone(values)
	p.pegs = max(0, min(pegs, len(values)))
}

// SetDisabled greys the track out and ignores taps (e.g. a neutralized or
// another player's character).
func (p *PegTrack) SetDisabled(d bool) {
	p.disabled = d
	p.Refresh()
}

func (p *PegTrack) remove() {
	if !p.disabled && p.pegs > 0 && p.OnRemove != nil {
		p.OnRemove()
	}
}

func (p *PegTrack) restore() {
	if !p.disabled && p.pegs < len(p.values) && p.OnRestore != nil {
		p.OnRestore()
	}
}

// TappedSecondary puts a peg back (secondary tap or long press anywhere on
// the track).
func (p *PegTrack) TappedSecondary(*fyne.PointEvent) { p.restore() }

// CreateRenderer builds the track.
func (p *PegTrack) CreateRenderer() fyne.WidgetRenderer {
	p.ExtendBaseWidget(p)
	label := newText("", nil, 0, true)
	number := newText("", nil, 0, true)
	number.Alignment = fyne.TextAlignCenter
	minus := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), p.remove)
	plus := widget.NewButtonWithIcon("", theme.ContentAddIcon(), p.restore)
	btn := MinTouch + 4
	header := &fyne.Container{Layout: layout.NewHBoxLayout(), Objects: []fyne.CanvasObject{
		&fyne.Container{Layout: layout.NewCenterLayout(), Objects: []fyne.CanvasObject{label}},
		layout.NewSpacer(),
		atLeast(minus, btn, btn),
		atLeast(&fyne.Container{Layout: layout.NewCenterLayout(), Objects: []fyne.CanvasObject{number}}, 64, btn),
		atLeast(plus, btn, btn),
	}}
	holes := &fyne.Container{Layout: layout.NewGridLayoutWithColumns(1)}
	// A thin line under the track parts it from the next, rather than a
	// filled box behind it: a box is painted pixel by pixel on every
	// frame (a third of an open card's drawing where WebGL runs in
	// software), and the − and + buttons stand out better without it.
	line := canvas.NewRectangle(color.Transparent)
	body := &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{header, holes}}
	padded := &fyne.Container{Layout: layout.NewPaddedLayout(), Objects: []fyne.CanvasObject{body}}
	under := &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{layout.NewSpacer(), line}}
	root := &fyne.Container{Layout: layout.NewStackLayout(), Objects: []fyne.CanvasObject{padded, under}}
	var cells []*pegHole
	return newContentRenderer(root, func() {
		fg := themed(p, theme.ColorNameForeground)
		if p.disabled {
			fg = dimmed(p)
		}
		label.Text = strings.ToUpper(p.label)
		label.TextSize = sized(p, theme.SizeNameSubHeadingText)
		label.Color = fg
		number.Text = p.RatingText()
		number.TextSize = bigNumberSize(p)
		number.Color = fg
		line.FillColor = themed(p, theme.ColorNameSeparator)
		line.SetMinSize(fyne.NewSize(0, sized(p, theme.SizeNameSeparatorThickness)))
		if p.disabled || p.pegs == 0 {
			minus.Disable()
		} else {
			minus.Enable()
		}
		if p.disabled || p.pegs >= len(p.values) {
			plus.Disable()
		} else {
			plus.Enable()
		}
		for len(cells) < len(p.values) {
			cells = append(cells, newPegHole(p, len(cells)))
		}
		objs := make([]fyne.CanvasObject, len(p.values))
		for i := range p.values {
			objs[i] = cells[i]
		}
		holes.Objects = objs
		holes.Layout = layout.NewGridLayoutWithColumns(max(1, len(p.values)))
	})
}

// pegHole is one hole of a PegTrack: the printed value and the peg.
type pegHole struct {
	widget.BaseWidget
	track *PegTrack
	index int
}

func newPegHole(t *PegTrack, i int) *pegHole {
	h := &pegHole{track: t, index: i}
	h.ExtendBaseWidget(h)
	return h
}

func (h *pegHole) filled() bool { return h.index < h.track.pegs }

// Tapped removes a peg when this hole has one.
func (h *pegHole) Tapped(*fyne.PointEvent) {
	if h.filled() {
		h.track.remove()
	}
}

// Cursor shows a pointer over a hole with a peg.
func (h *pegHole) Cursor() desktop.Cursor {
	if h.filled() && !h.track.disabled {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// TappedSecondary puts a peg back.
func (h *pegHole) TappedSecondary(*fyne.PointEvent) { h.track.restore() }

func (h *pegHole) CreateRenderer() fyne.WidgetRenderer {
	h.ExtendBaseWidget(h)
	r := &pegHoleRenderer{h: h,
		diamond: &canvas.RegularPolygon{Sides: 4},
		value:   newText("", nil, 0, false),
		hole:    canvas.NewCircle(color.Transparent),
		peg:     canvas.NewCircle(color.Transparent),
	}
	r.value.Alignment = fyne.TextAlignCenter
	r.Refresh()
	return r
}

type pegHoleRenderer struct {
	h       *pegHole
	diamond *canvas.RegularPolygon
	value   *canvas.Text
	hole    *canvas.Circle
	peg     *canvas.Circle
}

func (r *pegHoleRenderer) Destroy() {}

func (r *pegHoleRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.diamond, r.value, r.hole, r.peg}
}

func (r *pegHoleRenderer) valueBox() float32 {
	return sized(r.h, theme.SizeNameText) * 1.9
}

func (r *pegHoleRenderer) pegSize() float32 { return 34 }

func (r *pegHoleRenderer) MinSize() fyne.Size {
	return fyne.NewSize(MinTouch, r.valueBox()+r.pegSize()+sized(r.h, theme.SizeNamePadding))
}

func (r *pegHoleRenderer) Layout(s fyne.Size) {
	vb := r.valueBox()
	r.diamond.Move(fyne.NewPos((s.Width-vb)/2, 0))
	r.diamond.Resize(fyne.NewSquareSize(vb))
	vs := r.value.MinSize()
	r.value.Move(fyne.NewPos(0, (vb-vs.Height)/2))
	r.value.Resize(fyne.NewSize(s.Width, vs.Height))
	ps := r.pegSize()
	top := vb + (s.Height-vb-ps)/2
	r.hole.Move(fyne.NewPos((s.Width-ps)/2, top))
	r.hole.Resize(fyne.NewSquareSize(ps))
	inner := ps - 10
	r.peg.Move(fyne.NewPos((s.Width-inner)/2, top+5))
	r.peg.Resize(fyne.NewSquareSize(inner))
}

func (r *pegHoleRenderer) Refresh() {
	h, t := r.h, r.h.track
	fg := themed(h, theme.ColorNameForeground)
	accent := themed(h, theme.ColorNamePrimary)
	if t.disabled {
		fg = dimmed(h)
		accent = fg
	}
	r.value.Text = ""
	if h.index < len(t.values) {
		r.value.Text = fmt.Sprint(t.values[h.index])
	}
	current := h.index == t.pegs-1
	r.value.TextSize = sized(h, theme.SizeNameText)
	r.value.TextStyle = fyne.TextStyle{Bold: current}
	r.value.Color = fg
	if current {
		r.value.TextSize *= 1.25
	}
	if h.index == 0 {
		r.diamond.StrokeColor = themed(h, theme.ColorNameError)
		if t.disabled {
			r.diamond.StrokeColor = fg
		}
		r.diamond.StrokeWidth = 2
		r.diamond.FillColor = color.Transparent
		r.diamond.Show()
	} else {
		r.diamond.Hide()
	}
	r.hole.FillColor = themed(h, theme.ColorNameBackground)
	r.hole.StrokeColor = withAlpha(fg, 0.6)
	r.hole.StrokeWidth = 2
	if h.filled() {
		r.peg.FillColor = accent
		r.peg.StrokeColor = fg
		r.peg.StrokeWidth = 2
		r.peg.Show()
	} else {
		r.peg.Hide()
	}
	r.Layout(h.Size())
	for _, o := range r.Objects() {
		o.Refresh()
	}
}
