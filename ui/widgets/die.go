package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// DieState says how a die counted in a resolved roll. The screens choose it
// from the rules package's explanation; the die only draws it. Each state is
// told apart by shape (outline, strike, badge, tag), not by colour alone.
type DieState int

// The states a die can be drawn in.
const (
	// DiePlain is a die with no result attached (entered or just rolled).
	DiePlain DieState = iota
	// DieHit is a die that scored (beat its opposing die, or passed a test):
	// thick outline and a check badge.
	DieHit
	// DieCanceled is a die canceled by the opposing die: greyed with a
	// diagonal strike.
	DieCanceled
	// DieUncontestedHit is an uncontested die that scored (4 or more in Away
	// Missions): as DieHit, plus a "U" tag.
	DieUncontestedHit
	// DieUncontestedMiss is an uncontested die that failed: greyed, a cross
	// badge and a "U" tag.
	DieUncontestedMiss
	// DieIgnored is a die that takes no part in the result (dropped beyond
	// the cap, or unused): faded, with a bar badge.
	DieIgnored
)

// String returns a short word for the state, suitable as a caption, in
// the reader's language.
func (s DieState) String() string {
	switch s {
	case DieHit:
		return lang.X("dice.state_hit", "hit")
	case DieCanceled:
		return lang.X("dice.state_canceled", "canceled")
	case DieUncontestedHit:
		return lang.X("dice.state_hit_u", "hit (U)")
	case DieUncontestedMiss:
		return lang.X("dice.state_miss_u", "miss (U)")
	case DieIgnored:
		return lang.X("dice.state_ignored", "ignored")
	default:
		return ""
	}
}

// DieSize is the edge length of a drawn die in Fyne points.
type DieSize float32

// Standard die sizes.
const (
	// DieSmall suits inline explanations and long Ascendancy pools.
	DieSmall DieSize = 36
	// DieMedium is the default: six fit across a phone held upright.
	DieMedium DieSize = 48
	// DieLarge suits a tablet or a single important roll.
	DieLarge DieSize = 72
)

// Die face colours: real dice look the same in light and dark themes.
var (
	dieBody      = color.NRGBA{R: 0xF8, G: 0xF7, B: 0xF2, A: 0xFF}
	diePip       = color.NRGBA{R: 0x1C, G: 0x1C, B: 0x1C, A: 0xFF}
	dieEdge      = color.NRGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xFF}
	dieFadedBody = color.NRGBA{R: 0xB4, G: 0xB4, B: 0xB4, A: 0xFF}
	dieFadedPip  = color.NRGBA{R: 0x6A, G: 0x6A, B: 0x6A, A: 0xFF}
	dieTag       = color.NRGBA{R: 0x1C, G: 0x1C, B: 0x1C, A: 0xFF}
	dieTagText   = color.NRGBA{R: 0xFF, G: 0xFF, B: 0xFF, A: 0xFF}
)

// pipLayout gives, for faces 1-6, the pip centres on a 3x3 grid (column,
// row), 0-2 each.
var pipLayout = [7][][2]int{
	1: {{1, 1}},
	2: {{0, 0}, {2, 2}},
	3: {{0, 0}, {1, 1}, {2, 2}},
	4: {{0, 0}, {2, 0}, {0, 2}, {2, 2}},
	5: {{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
	6: {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}},
}

// DieFace draws one six-sided die with pips, in a DieState, optionally
// selected (e.g. chosen for a re-roll). A face outside 1-6 draws a blank die.
type DieFace struct {
	widget.BaseWidget

	// OnTapped, if set, is called when the die is tapped.
	OnTapped func()

	face     int
	state    DieState
	size     DieSize
	selected bool
}

// NewDieFace returns a die showing face at the given size.
func NewDieFace(face int, size DieSize) *DieFace {
	d := &DieFace{face: face, size: size}
	d.ExtendBaseWidget(d)
	return d
}

// Face returns the face shown.
func (d *DieFace) Face() int { return d.face }

// State returns the state drawn.
func (d *DieFace) State() DieState { return d.state }

// Selected reports whether the die is drawn as selected.
func (d *DieFace) Selected() bool { return d.selected }

// SetFace changes the face shown.
func (d *DieFace) SetFace(face int) {
	if d.face == face {
		return
	}
	d.face = face
	d.Refresh()
}

// SetState changes the state drawn.
func (d *DieFace) SetState(s DieState) {
	if d.state == s {
		return
	}
	d.state = s
	d.Refresh()
}

// SetSize changes the die's edge length.
func (d *DieFace) SetSize(s DieSize) {
	d.size = s
	d.Refresh()
}

// SetSelected marks the die as selected with a ring in the theme's primary
// colour and a bar underneath.
func (d *DieFace) SetSelected(sel bool) {
	if d.selected == sel {
		return
	}
	d.selected = sel
	d.Refresh()
}

// Cursor shows a pointer over a die that can be tapped.
func (d *DieFace) Cursor() desktop.Cursor {
	if d.OnTapped != nil {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// Tapped calls OnTapped.
func (d *DieFace) Tapped(*fyne.PointEvent) {
	if d.OnTapped != nil {
		d.OnTapped()
	}
}

// CreateRenderer builds the die's drawing.
func (d *DieFace) CreateRenderer() fyne.WidgetRenderer {
	d.ExtendBaseWidget(d)
	r := &dieRenderer{d: d}
	r.ring = canvas.NewRectangle(color.Transparent)
	r.selBar = canvas.NewRectangle(color.Transparent)
	r.body = canvas.NewRectangle(dieBody)
	for i := range r.pips {
		r.pips[i] = canvas.NewCircle(diePip)
	}
	r.strike = canvas.NewLine(color.Transparent)
	r.badge = canvas.NewCircle(color.Transparent)
	r.mark1 = canvas.NewLine(color.Transparent)
	r.mark2 = canvas.NewLine(color.Transparent)
	r.tag = canvas.NewRectangle(dieTag)
	r.tagText = newText("U", dieTagText, 10, true)
	r.objs = []fyne.CanvasObject{r.ring, r.selBar, r.body}
	for _, p := range r.pips {
		r.objs = append(r.objs, p)
	}
	r.objs = append(r.objs, r.strike, r.badge, r.mark1, r.mark2, r.tag, r.tagText)
	r.Refresh()
	return r
}

type dieRenderer struct {
	d       *DieFace
	ring    *canvas.Rectangle
	selBar  *canvas.Rectangle
	body    *canvas.Rectangle
	pips    [6]*canvas.Circle
	strike  *canvas.Line
	badge   *canvas.Circle
	mark1   *canvas.Line
	mark2   *canvas.Line
	tag     *canvas.Rectangle
	tagText *canvas.Text
	objs    []fyne.CanvasObject
}

// dieMargin is the room around a die of size s for its selection ring.
func dieMargin(s DieSize) float32 { return float32(s) * 0.1 }

// dieMinSize is the minimum size of a DieFace of size s.
func dieMinSize(s DieSize) fyne.Size {
	return fyne.NewSquareSize(float32(s) + 2*dieMargin(s))
}

func (r *dieRenderer) margin() float32 { return dieMargin(r.d.size) }

func (r *dieRenderer) Destroy() {}

func (r *dieRenderer) Objects() []fyne.CanvasObject { return r.objs }

func (r *dieRenderer) MinSize() fyne.Size { return dieMinSize(r.d.size) }

func (r *dieRenderer) Layout(size fyne.Size) {
	m := r.margin()
	edge := fyne.Min(size.Width, size.Height) - 2*m
	if edge < 8 {
		edge = 8
	}
	x0 := (size.Width - edge) / 2
	y0 := (size.Height - edge) / 2
	r.body.Move(fyne.NewPos(x0, y0))
	r.body.Resize(fyne.NewSquareSize(edge))
	r.body.CornerRadius = edge * 0.16

	ringOut := m * 0.6
	r.ring.Move(fyne.NewPos(x0-ringOut, y0-ringOut))
	r.ring.Resize(fyne.NewSquareSize(edge + 2*ringOut))
	r.ring.CornerRadius = edge*0.16 + ringOut
	r.selBar.Move(fyne.NewPos(x0, y0+edge+ringOut))
	r.selBar.Resize(fyne.NewSize(edge, m-ringOut))

	pipD := edge * 0.19
	face := r.d.face
	for i, p := range r.pips {
		if face < 1 || face > 6 || i >= len(pipLayout[face]) {
			p.Hide()
			continue
		}
		p.Show()
		c := pipLayout[face][i]
		cx := x0 + edge*(0.24+0.26*float32(c[0]))
		cy := y0 + edge*(0.24+0.26*float32(c[1]))
		p.Move(fyne.NewPos(cx-pipD/2, cy-pipD/2))
		p.Resize(fyne.NewSquareSize(pipD))
	}

	inset := edge * 0.1
	r.strike.Position1 = fyne.NewPos(x0+inset, y0+edge-inset)
	r.strike.Position2 = fyne.NewPos(x0+edge-inset, y0+inset)

	// The badge straddles the top edge and the tag the bottom edge, at the
	// centre, where no face has a pip.
	bd := edge * 0.38
	bx := x0 + (edge-bd)/2
	by := y0 - m
	r.badge.Move(fyne.NewPos(bx, by))
	r.badge.Resize(fyne.NewSquareSize(bd))
	switch r.d.state {
	case DieHit, DieUncontestedHit: // check mark
		r.mark1.Position1 = fyne.NewPos(bx+bd*0.25, by+bd*0.52)
		r.mark1.Position2 = fyne.NewPos(bx+bd*0.43, by+bd*0.7)
		r.mark2.Position1 = fyne.NewPos(bx+bd*0.43, by+bd*0.7)
		r.mark2.Position2 = fyne.NewPos(bx+bd*0.76, by+bd*0.3)
	case DieUncontestedMiss: // cross
		r.mark1.Position1 = fyne.NewPos(bx+bd*0.3, by+bd*0.3)
		r.mark1.Position2 = fyne.NewPos(bx+bd*0.7, by+bd*0.7)
		r.mark2.Position1 = fyne.NewPos(bx+bd*0.3, by+bd*0.7)
		r.mark2.Position2 = fyne.NewPos(bx+bd*0.7, by+bd*0.3)
	default: // bar
		r.mark1.Position1 = fyne.NewPos(bx+bd*0.25, by+bd*0.5)
		r.mark1.Position2 = fyne.NewPos(bx+bd*0.75, by+bd*0.5)
		r.mark2.Position1 = r.mark1.Position1
		r.mark2.Position2 = r.mark1.Position2
	}
	for _, l := range []*canvas.Line{r.mark1, r.mark2} {
		l.StrokeWidth = fyne.Max(2, bd*0.13)
	}

	ts := edge * 0.26
	r.tagText.TextSize = ts
	tw := edge * 0.28
	th := ts * 1.25
	tx, ty := x0+(edge-tw)/2, y0+edge-th*0.6
	r.tag.Move(fyne.NewPos(tx, ty))
	r.tag.Resize(fyne.NewSize(tw, th))
	r.tag.CornerRadius = tw * 0.25
	tsz := r.tagText.MinSize()
	r.tagText.Move(fyne.NewPos(tx+(tw-tsz.Width)/2, ty+(th-tsz.Height)/2))
	r.tagText.Resize(tsz)
}

func (r *dieRenderer) Refresh() {
	d := r.d
	edge := float32(d.size)
	st := d.state
	faded := st == DieCanceled || st == DieUncontestedMiss || st == DieIgnored
	hit := st == DieHit || st == DieUncontestedHit

	body, pip := color.Color(dieBody), color.Color(diePip)
	if faded {
		body, pip = dieFadedBody, dieFadedPip
	}
	if st == DieIgnored {
		body, pip = withAlpha(dieFadedBody, 0.6), withAlpha(dieFadedPip, 0.7)
	}
	r.body.FillColor = body
	r.body.StrokeColor = dieEdge
	r.body.StrokeWidth = fyne.Max(1.5, edge*0.04)
	if hit {
		r.body.StrokeColor = themed(d, theme.ColorNameSuccess)
		r.body.StrokeWidth = fyne.Max(3, edge*0.09)
	}
	for _, p := range r.pips {
		p.FillColor = pip
	}

	if st == DieCanceled {
		r.strike.StrokeColor = themed(d, theme.ColorNameError)
		r.strike.StrokeWidth = fyne.Max(3, edge*0.08)
		r.strike.Show()
	} else {
		r.strike.Hide()
	}

	badge := hit || st == DieUncontestedMiss || st == DieIgnored
	if badge {
		switch {
		case hit:
			r.badge.FillColor = themed(d, theme.ColorNameSuccess)
			r.mark1.StrokeColor = themed(d, theme.ColorNameForegroundOnSuccess)
		case st == DieUncontestedMiss:
			r.badge.FillColor = themed(d, theme.ColorNameError)
			r.mark1.StrokeColor = themed(d, theme.ColorNameForegroundOnError)
		default:
			r.badge.FillColor = dimmed(d)
			r.mark1.StrokeColor = themed(d, theme.ColorNameBackground)
		}
		r.badge.StrokeColor = themed(d, theme.ColorNameBackground)
		r.badge.StrokeWidth = 1.5
		r.mark2.StrokeColor = r.mark1.StrokeColor
		r.badge.Show()
		r.mark1.Show()
		r.mark2.Show()
	} else {
		r.badge.Hide()
		r.mark1.Hide()
		r.mark2.Hide()
	}

	if st == DieUncontestedHit || st == DieUncontestedMiss {
		r.tag.Show()
		r.tagText.Show()
	} else {
		r.tag.Hide()
		r.tagText.Hide()
	}

	if d.selected {
		r.ring.StrokeColor = themed(d, theme.ColorNamePrimary)
		r.ring.StrokeWidth = fyne.Max(2, edge*0.06)
		r.selBar.FillColor = themed(d, theme.ColorNamePrimary)
		r.ring.Show()
		r.selBar.Show()
	} else {
		r.ring.Hide()
		r.selBar.Hide()
	}
	r.Layout(d.Size())
	for _, o := range r.objs {
		o.Refresh()
	}
}
