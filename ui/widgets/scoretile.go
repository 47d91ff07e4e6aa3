package widgets

import (
	"image/color"
	"math"
	"slices"
	"time"

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
// band in the player's colour, a line under it (the civilization), and a
// grid of big labelled values readable from across the table. The current
// player's tile gets a thick outline and a "NOW PLAYING" badge. Given more
// room than it needs, the tile enlarges its text (up to 2.5 times, in
// quarter steps) to fill it. Its TileLook sets the smallest text it uses and
// how it sets out its values for the room the scoreboard has.
type ScoreTile struct {
	widget.BaseWidget

	name    string
	sub     string
	band    color.Color
	values  []ScoreValue
	shorts  []string
	current bool
	columns int
	look    TileLook
	rend    *scoreTileRenderer // the renderer, once made
	// lit holds, for each value highlighted as just changed, the number of
	// its highlight (0: none); gen counts them; hold replaces
	// ScoreHighlight (tests).
	lit  []int
	gen  int
	hold time.Duration
}

// TileLook is how a ScoreTile sets out its text: the scoreboard picks the
// look that fits its screen.
type TileLook struct {
	// MinText is the smallest text size on the tile (labels, the line under
	// the name, the badge); 0 leaves the theme's sizes.
	MinText float32
	// Inline puts each label beside its value instead of under it.
	Inline bool
	// Short shows the short labels (SetShortLabels) where there are some.
	Short bool
	// NoSub leaves out the line under the name.
	NoSub bool
	// Dense leaves out the colour strip at the top, narrows the padding
	// and keeps the name and the values closer to the labels' size.
	Dense bool
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

// Sub returns the line under the name.
func (t *ScoreTile) Sub() string { return t.sub }

// SetSub changes the line under the name ("" for none).
func (t *ScoreTile) SetSub(sub string) {
	t.sub = sub
	t.Refresh()
}

// SetShortLabels gives the values' labels in a few letters, in the order
// of the values, for a screen too narrow for the whole words ("" keeps a
// value's label).
func (t *ScoreTile) SetShortLabels(short ...string) {
	t.shorts = slices.Clone(short)
	t.Refresh()
}

// SetLook sets how the tile sets out its text.
func (t *ScoreTile) SetLook(l TileLook) {
	if l == t.look {
		return
	}
	t.look = l
	t.Refresh()
}

// Look returns how the tile sets out its text.
func (t *ScoreTile) Look() TileLook { return t.look }

// label is the label shown for value i.
func (t *ScoreTile) label(i int) string {
	if t.look.Short && i < len(t.shorts) && t.shorts[i] != "" {
		return t.shorts[i]
	}
	return t.values[i].Label
}

// MinSizeAt is the tile's minimum size when it is width wide: a narrow
// tile puts its badge under the name and may leave out the line under it.
func (t *ScoreTile) MinSizeAt(width float32) fyne.Size {
	m := t.MinSize() // makes the renderer
	r := t.rend
	if r == nil {
		return m
	}
	old := r.width
	r.width = width
	m = r.MinSize()
	r.width = old
	r.setLook(r.columns(), r.scale)
	return m
}

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
// A value that changed since the last SetValues (same label, another value)
// is highlighted for a few seconds (ScoreHighlight), so the table sees
// what a tap changed.
func (t *ScoreTile) SetValues(values []ScoreValue) {
	old := t.values
	t.values = slices.Clone(values)
	if len(t.lit) < len(values) {
		t.lit = append(t.lit, make([]int, len(values)-len(t.lit))...)
	}
	for i, v := range values {
		if i < len(old) && old[i].Label == v.Label && old[i].Value != v.Value {
			t.light(i)
		}
	}
	t.Refresh()
}

// ScoreHighlight is how long a ScoreTile highlights a value that changed.
const ScoreHighlight = 4 * time.Second

// light highlights value i until the highlight time is over (a newer
// change of the same value starts it again).
func (t *ScoreTile) light(i int) {
	t.gen++
	gen := t.gen
	t.lit[i] = gen
	hold := t.hold
	if hold == 0 {
		hold = ScoreHighlight
	}
	time.AfterFunc(hold, func() {
		fyne.Do(func() {
			if i < len(t.lit) && t.lit[i] == gen {
				t.lit[i] = 0
				// Only the light is redrawn: nothing is measured or laid
				// out again off the app's own flow of refreshes.
				if t.rend != nil && t.rend.unlight != nil {
					t.rend.unlight(i)
				}
			}
		})
	})
}

// Highlighted reports whether the value labelled label is highlighted as
// just changed.
func (t *ScoreTile) Highlighted(label string) bool {
	for i, v := range t.values {
		if v.Label == label && i < len(t.lit) && t.lit[i] != 0 {
			return true
		}
	}
	return false
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
	sub := newText("", nil, 0, false)
	nameBox := &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{name, sub}}
	badgeBg := canvas.NewRectangle(nil)
	badgeText := newText(lang.X("score.now_playing", "NOW PLAYING"), nil, 0, true)
	badge := &fyne.Container{Layout: layout.NewStackLayout(), Objects: []fyne.CanvasObject{
		badgeBg, &fyne.Container{Layout: layout.NewPaddedLayout(), Objects: []fyne.CanvasObject{badgeText}}}}
	headerLayout := &tileHeaderLayout{}
	header := &fyne.Container{Layout: headerLayout, Objects: []fyne.CanvasObject{
		atLeast(band, 18, MinTouch), nameBox, badge}}
	grid := &fyne.Container{Layout: &valueGridLayout{cols: 3}}
	// The header does not widen the tile: a long name is shrunk to fit.
	stripBox := atLeast(strip, 0, 10)
	body := &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{stripBox,
		&fyne.Container{Layout: noMinWidthLayout{}, Objects: []fyne.CanvasObject{header}}, grid}}
	inner := &fyne.Container{Layout: layout.NewCustomPaddedLayout(12, 12, 12, 12), Objects: []fyne.CanvasObject{body}}
	root := &fyne.Container{Layout: layout.NewStackLayout(), Objects: []fyne.CanvasObject{frame, inner}}
	edge := float32(12) // the padding inside the frame
	type cell struct {
		value, label *canvas.Text
		glow         *canvas.Rectangle // behind a value just changed
		box          *fyne.Container
	}
	inline := false
	var cells []*cell
	r := &scoreTileRenderer{scale: 1}
	t.rend = r
	// setLook sets the value grid's columns and the text sizes for a scale
	// factor; labels grow more slowly than the values so they keep fitting.
	r.setLook = func(cols int, k float32) {
		if cols != r.cols {
			r.cols = cols
			grid.Layout = &valueGridLayout{cols: cols}
		}
		inline = t.look.Inline
		if e := map[bool]float32{false: 12, true: 4}[t.look.Dense]; e != edge {
			edge = e
			inner.Layout = layout.NewCustomPaddedLayout(e, e, e, e)
		}
		stripBox.Hidden = t.look.Dense
		lk := min(1+(k-1)*0.6, 1.6)
		base := max(sized(t, theme.SizeNameText), t.look.MinText)
		name.TextSize = max(sized(t, theme.SizeNameHeadingText), base*1.25) * lk
		if t.look.Dense {
			name.TextSize = base * lk
		}
		sub.TextSize = base * lk
		badgeText.TextSize = max(sized(t, theme.SizeNameCaptionText), t.look.MinText)
		sub.Text = t.sub
		sub.Hidden = t.sub == "" || t.look.NoSub
		headerLayout.stacked = false
		if w := r.width; w > 0 {
			// Room for the name: the tile less its padding, the band, the
			// badge and the gaps between them. A tile too narrow for the
			// name at the smallest size, or the line under it, beside the
			// badge puts the badge under them.
			pad := sized(t, theme.SizeNamePadding)
			room := w - 2*edge - 18 - badge.MinSize().Width - 3*pad
			if fyne.MeasureText(name.Text, base, name.TextStyle).Width > room ||
				!sub.Hidden && fyne.MeasureText(sub.Text, base, sub.TextStyle).Width > room {
				headerLayout.stacked = true
				room = w - 2*edge - 18 - 2*pad
			}
			nw := fyne.MeasureText(name.Text, name.TextSize, name.TextStyle).Width
			if nw > room && room > 0 {
				name.TextSize = max(base, name.TextSize*room/nw)
			}
			// The line under the name goes (rather than being cut) when
			// it is too long for the tile even at the smallest size.
			if !sub.Hidden {
				sw := fyne.MeasureText(sub.Text, sub.TextSize, sub.TextStyle).Width
				if sw > room && room > 0 {
					sub.TextSize = max(base, sub.TextSize*room/sw)
					sub.Hidden = fyne.MeasureText(sub.Text, sub.TextSize, sub.TextStyle).Width > room
				}
			}
		}
		// Beside its label a value needs less to stand out.
		vk := float32(1.6)
		switch {
		case t.look.Dense:
			vk = 1.1
		case inline:
			vk = 1.3
		}
		for i := range t.values {
			cells[i].value.TextSize = max(bigNumberSize(t), base*vk) * k
			cells[i].label.TextSize = base * lk
		}
	}
	r.columns = func() int { return max(1, min(t.columns, len(t.values))) }
	r.unlight = func(i int) {
		if i < len(cells) {
			cells[i].glow.FillColor = color.Transparent
			canvas.Refresh(cells[i].glow)
		}
	}
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
		sub.Color = fg
		badgeBg.CornerRadius = 6
		badgeText.TextSize = sized(t, theme.SizeNameCaptionText)
		for len(cells) < len(t.values) {
			c := &cell{value: newText("", nil, 0, true), label: newText("", nil, 0, false)}
			c.value.Alignment = fyne.TextAlignCenter
			c.label.Alignment = fyne.TextAlignCenter
			c.glow = canvas.NewRectangle(color.Transparent)
			c.box = &fyne.Container{Layout: layout.NewStackLayout(), Objects: []fyne.CanvasObject{c.glow,
				&fyne.Container{Layout: &cellLayout{inline: &inline}, Objects: []fyne.CanvasObject{c.value, c.label}}}}
			cells = append(cells, c)
		}
		objs := make([]fyne.CanvasObject, len(t.values))
		for i, v := range t.values {
			c := cells[i]
			c.value.Text, c.value.Color = v.Value, fg
			c.label.Text, c.label.Color = t.label(i), fg
			c.glow.FillColor = color.Transparent
			if i < len(t.lit) && t.lit[i] != 0 {
				c.glow.FillColor = withAlpha(themed(t, theme.ColorNamePrimary), 0.45)
			}
			c.glow.CornerRadius = 6
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
	unlight func(i int) // puts out the light of value i
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

// valueGridLayout sets out the values in rows of cols cells, like a
// table: each column as wide as its widest cell, each row as tall as its
// tallest, the room to spare shared among the columns.
type valueGridLayout struct {
	cols int
}

// sizes are the columns' widths and the rows' heights.
func (l *valueGridLayout) sizes(objs []fyne.CanvasObject) (widths, heights []float32) {
	cols := max(1, l.cols)
	widths = make([]float32, min(cols, len(objs)))
	heights = make([]float32, (len(objs)+cols-1)/cols)
	for i, o := range objs {
		m := o.MinSize()
		widths[i%cols] = max(widths[i%cols], m.Width)
		heights[i/cols] = max(heights[i/cols], m.Height)
	}
	return widths, heights
}

func (l *valueGridLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	if len(objs) == 0 {
		return
	}
	widths, heights := l.sizes(objs)
	pad := theme.Padding()
	min := l.MinSize(objs)
	extra := max(0, s.Width-min.Width) / float32(len(widths))
	cols := len(widths)
	y := float32(0)
	for r, h := range heights {
		x := float32(0)
		for c, w := range widths {
			i := r*cols + c
			if i >= len(objs) {
				break
			}
			objs[i].Move(fyne.NewPos(x, y))
			objs[i].Resize(fyne.NewSize(w+extra, h))
			x += w + extra + pad
		}
		y += h + pad
	}
}

func (l *valueGridLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) == 0 {
		return fyne.Size{}
	}
	widths, heights := l.sizes(objs)
	pad := theme.Padding()
	var s fyne.Size
	for _, w := range widths {
		s.Width += w
	}
	for _, h := range heights {
		s.Height += h
	}
	s.Width += pad * float32(len(widths)-1)
	s.Height += pad * float32(len(heights)-1)
	return s
}

// cellLayout sets out one value and its label: the value over the label
// (a padding apart), both centred, or (inline) the label then the value on one row, centred.
type cellLayout struct {
	inline *bool
}

func (l *cellLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	value, label := objs[0], objs[1]
	vm, lm := value.MinSize(), label.MinSize()
	if !*l.inline {
		value.Move(fyne.NewPos(0, 0))
		value.Resize(fyne.NewSize(s.Width, vm.Height))
		label.Move(fyne.NewPos(0, vm.Height+theme.Padding()))
		label.Resize(fyne.NewSize(s.Width, lm.Height))
		return
	}
	gap := theme.Padding()
	x := max(0, (s.Width-lm.Width-gap-vm.Width)/2)
	h := max(vm.Height, lm.Height)
	label.Move(fyne.NewPos(x, (h-lm.Height)/2))
	label.Resize(lm)
	value.Move(fyne.NewPos(x+lm.Width+gap, (h-vm.Height)/2))
	value.Resize(vm)
}

func (l *cellLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	vm, lm := objs[0].MinSize(), objs[1].MinSize()
	if *l.inline {
		return fyne.NewSize(lm.Width+theme.Padding()+vm.Width, max(vm.Height, lm.Height))
	}
	return fyne.NewSize(max(vm.Width, lm.Width), vm.Height+theme.Padding()+lm.Height)
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
