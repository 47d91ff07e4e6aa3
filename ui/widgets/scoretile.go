package widgets

import (
	"image/color"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ScoreValue is one labelled value on a ScoreTile, e.g. {"Commands", "3/7"}.
type ScoreValue struct {
	Label string
	Value string
}

// ScoreTile shows one player on the tablet scoreboard: the name beside a
// band in the player's colour, and a grid of big labelled values readable
// from across the table. The current player's tile gets a thick outline and
// a "NOW PLAYING" badge. Given more room than it needs, the tile enlarges its
// text (up to 2.5 times, in quarter steps) to fill it.
type ScoreTile struct {
	widget.BaseWidget

	name    string
	band    color.Color
	values  []ScoreValue
	current bool
	columns int
}

// NewScoreTile returns a tile for the player name in the colour band (the
// player's colour, chosen by the caller) showing values, three to a row.
func NewScoreTile(name string, band color.Color, values []ScoreValue) *ScoreTile {
	t := &ScoreTile{name: name, band: band, values: slices.Clone(values), columns: 3}
	t.ExtendBaseWidget(t)
	return t
}

// Name returns the player's name.
func (t *ScoreTile) Name() string { return t.name }

// Values returns a copy of the values shown.
func (t *ScoreTile) Values() []ScoreValue { return slices.Clone(t.values) }

// Current reports whether the tile is highlighted as the current player.
func (t *ScoreTile) Current() bool { return t.current }

// SetName changes the player's name.
func (t *ScoreTile) SetName(name string) {
	t.name = name
	t.Refresh()
}

// SetBand changes the band colour.
func (t *ScoreTile) SetBand(c color.Color) {
	t.band = c
	t.Refresh()
}

// SetValues replaces the values shown.
func (t *ScoreTile) SetValues(values []ScoreValue) {
	t.values = slices.Clone(values)
	t.Refresh()
}

// SetCurrent highlights (or not) the tile as the current player's.
func (t *ScoreTile) SetCurrent(c bool) {
	t.current = c
	t.Refresh()
}

// SetColumns sets how many values go on one row (at least 1). A tall tile,
// such as one of three side by side on a tablet, reads better with 2.
func (t *ScoreTile) SetColumns(n int) {
	t.columns = max(1, n)
	t.Refresh()
}

// CreateRenderer builds the tile.
func (t *ScoreTile) CreateRenderer() fyne.WidgetRenderer {
	t.ExtendBaseWidget(t)
	frame := canvas.NewRectangle(nil)
	band := canvas.NewRectangle(nil)
	strip := canvas.NewRectangle(nil)
	name := newText("", nil, 0, true)
	badgeBg := canvas.NewRectangle(nil)
	badgeText := newText(lang.X("score.now_playing", "NOW PLAYING"), nil, 0, true)
	badge := &fyne.Container{Layout: layout.NewStackLayout(), Objects: []fyne.CanvasObject{
		badgeBg, &fyne.Container{Layout: layout.NewPaddedLayout(), Objects: []fyne.CanvasObject{badgeText}}}}
	headerLayout := &tileHeaderLayout{}
	header := &fyne.Container{Layout: headerLayout, Objects: []fyne.CanvasObject{
		atLeast(band, 18, MinTouch), name, badge}}
	grid := &fyne.Container{Layout: layout.NewGridLayoutWithColumns(3)}
	// The header does not widen the tile: a long name is shrunk to fit.
	body := &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{atLeast(strip, 0, 10),
		&fyne.Container{Layout: noMinWidthLayout{}, Objects: []fyne.CanvasObject{header}}, grid}}
	root := &fyne.Container{Layout: layout.NewStackLayout(), Objects: []fyne.CanvasObject{
		frame, &fyne.Container{Layout: layout.NewCustomPaddedLayout(12, 12, 12, 12), Objects: []fyne.CanvasObject{body}}}}
	type cell struct {
		value, label *canvas.Text
		box          *fyne.Container
	}
	var cells []*cell
	r := &scoreTileRenderer{scale: 1}
	// setLook sets the value grid's columns and the text sizes for a scale
	// factor; labels grow more slowly than the values so they keep fitting.
	r.setLook = func(cols int, k float32) {
		if cols != r.cols {
			r.cols = cols
			grid.Layout = layout.NewGridLayoutWithColumns(cols)
		}
		lk := min(1+(k-1)*0.6, 1.6)
		name.TextSize = sized(t, theme.SizeNameHeadingText) * lk
		headerLayout.stacked = false
		if w := r.width; w > 0 {
			// Room for the name: the tile less its padding, the band, the
			// badge and the gaps between them. A tile too narrow for the
			// name at text size beside the badge puts the badge under it.
			pad := sized(t, theme.SizeNamePadding)
			room := w - 24 - 18 - badge.MinSize().Width - 3*pad
			if fyne.MeasureText(name.Text, sized(t, theme.SizeNameText), name.TextStyle).Width > room {
				headerLayout.stacked = true
				room = w - 24 - 18 - 2*pad
			}
			nw := fyne.MeasureText(name.Text, name.TextSize, name.TextStyle).Width
			if nw > room && room > 0 {
				name.TextSize = max(sized(t, theme.SizeNameText), name.TextSize*room/nw)
			}
		}
		for i := range t.values {
			cells[i].value.TextSize = bigNumberSize(t) * k
			cells[i].label.TextSize = sized(t, theme.SizeNameText) * lk
		}
	}
	r.columns = func() int { return max(1, min(t.columns, len(t.values))) }
	r.contentRenderer = newContentRenderer(root, func() {
		name.Text = t.name
		fg := themed(t, theme.ColorNameForeground)
		frame.FillColor = themed(t, theme.ColorNameInputBackground)
		frame.CornerRadius = sized(t, theme.SizeNameInputRadius) * 2
		frame.StrokeColor = themed(t, theme.ColorNameSeparator)
		frame.StrokeWidth = 2
		// The badge keeps its room on every tile so that all tiles of a
		// scoreboard lay out (and scale) alike.
		badgeBg.FillColor = color.Transparent
		badgeText.Color = color.Transparent
		if t.current {
			frame.StrokeColor = themed(t, theme.ColorNamePrimary)
			frame.StrokeWidth = 6
			badgeBg.FillColor = themed(t, theme.ColorNamePrimary)
			badgeText.Color = themed(t, theme.ColorNameForegroundOnPrimary)
		}
		band.FillColor = t.band
		band.CornerRadius = 4
		strip.FillColor = t.band
		strip.CornerRadius = 5
		name.TextSize = sized(t, theme.SizeNameHeadingText)
		name.Color = fg
		badgeBg.CornerRadius = 6
		badgeText.TextSize = sized(t, theme.SizeNameCaptionText)
		for len(cells) < len(t.values) {
			c := &cell{value: newText("", nil, 0, true), label: newText("", nil, 0, false)}
			c.value.Alignment = fyne.TextAlignCenter
			c.label.Alignment = fyne.TextAlignCenter
			c.box = &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{c.value, c.label}}
			cells = append(cells, c)
		}
		objs := make([]fyne.CanvasObject, len(t.values))
		for i, v := range t.values {
			c := cells[i]
			c.value.Text, c.value.Color = v.Value, fg
			c.label.Text, c.label.Color = v.Label, fg
			objs[i] = c.box
		}
		grid.Objects = objs
		if sz := t.Size(); !sz.IsZero() {
			r.scale = r.fit(sz, r.columns()) // new content may fit differently
		}
		r.setLook(r.columns(), r.scale)
	})
	return r
}

// scoreTileRenderer scales the tile's text up when the tile is given more
// room than its minimum size, so a full-screen scoreboard reads from across
// the table.
type scoreTileRenderer struct {
	*contentRenderer
	cols    int
	scale   float32
	width   float32 // the width laid out, 0 before the first layout
	setLook func(cols int, k float32)
	columns func() int
}

// tileHeaderLayout puts the colour band, the name and the badge on one
// row, the badge at the right end; stacked, the badge goes under the name.
type tileHeaderLayout struct {
	stacked bool
}

func (l *tileHeaderLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	band, name, badge := objs[0], objs[1], objs[2]
	pad := theme.Padding()
	bm, nm, gm := band.MinSize(), name.MinSize(), badge.MinSize()
	row := max(bm.Height, nm.Height)
	if !l.stacked {
		row = max(row, gm.Height)
	}
	band.Move(fyne.NewPos(0, (row-bm.Height)/2))
	band.Resize(bm)
	x := bm.Width + pad
	room := s.Width - x
	if !l.stacked {
		room -= gm.Width + pad
	}
	name.Move(fyne.NewPos(x, (row-nm.Height)/2))
	name.Resize(fyne.NewSize(max(0, room), nm.Height))
	if l.stacked {
		badge.Move(fyne.NewPos(x, row+pad))
	} else {
		badge.Move(fyne.NewPos(s.Width-gm.Width, (row-gm.Height)/2))
	}
	badge.Resize(gm)
}

func (l *tileHeaderLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	bm, nm, gm := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize()
	pad := theme.Padding()
	if l.stacked {
		return fyne.NewSize(bm.Width+pad+max(nm.Width, gm.Width), max(bm.Height, nm.Height)+pad+gm.Height)
	}
	return fyne.NewSize(bm.Width+nm.Width+gm.Width+2*pad, max(bm.Height, nm.Height, gm.Height))
}

// noMinWidthLayout fills the container with its objects and asks for their
// height but no width.
type noMinWidthLayout struct{}

func (noMinWidthLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(s)
	}
}

func (noMinWidthLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(0, h)
}

// maxTileScale is the largest text enlargement of a ScoreTile.
const maxTileScale = 2.5

// fit returns the scale the tile's content reaches in s with cols columns.
func (r *scoreTileRenderer) fit(s fyne.Size, cols int) float32 {
	r.setLook(cols, 1)
	m := r.root.MinSize()
	if m.Width <= 0 || m.Height <= 0 {
		return 1
	}
	k := max(1, min(s.Width/m.Width, s.Height/m.Height, maxTileScale))
	// Whole quarter steps, so the tiles of a scoreboard, whose names differ
	// in length, usually land on the same scale.
	return float32(math.Floor(float64(k)*4)) / 4
}

// MinSize is the size with the set columns at scale 1.
func (r *scoreTileRenderer) MinSize() fyne.Size {
	r.setLook(r.columns(), 1)
	m := r.root.MinSize()
	r.setLook(r.columns(), r.scale)
	return m
}

func (r *scoreTileRenderer) Layout(s fyne.Size) {
	oldK, oldW := r.scale, r.width
	r.width = s.Width
	cols := r.columns()
	k := r.fit(s, cols)
	r.scale = k
	r.setLook(cols, k)
	if k != oldK || s.Width != oldW {
		r.root.Refresh()
	}
	r.contentRenderer.Layout(s)
}
