package widgets

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
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
// a "NOW PLAYING" badge.
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

// SetColumns sets how many values go on one row (at least 1).
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
	badgeText := newText("NOW PLAYING", nil, 0, true)
	badge := &fyne.Container{Layout: layout.NewStackLayout(), Objects: []fyne.CanvasObject{
		badgeBg, &fyne.Container{Layout: layout.NewPaddedLayout(), Objects: []fyne.CanvasObject{badgeText}}}}
	header := &fyne.Container{Layout: layout.NewHBoxLayout(), Objects: []fyne.CanvasObject{
		atLeast(band, 18, MinTouch), name, layout.NewSpacer(),
		&fyne.Container{Layout: layout.NewCenterLayout(), Objects: []fyne.CanvasObject{badge}}}}
	grid := &fyne.Container{Layout: layout.NewGridLayoutWithColumns(3)}
	body := &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{atLeast(strip, 0, 10), header, grid}}
	root := &fyne.Container{Layout: layout.NewStackLayout(), Objects: []fyne.CanvasObject{
		frame, &fyne.Container{Layout: layout.NewCustomPaddedLayout(12, 12, 12, 12), Objects: []fyne.CanvasObject{body}}}}
	type cell struct {
		value, label *canvas.Text
		box          *fyne.Container
	}
	var cells []*cell
	r := &scoreTileRenderer{scale: 1}
	// applyScale sets the text sizes for a scale factor.
	r.applyScale = func(k float32) {
		name.TextSize = sized(t, theme.SizeNameHeadingText) * min(k, 1.6)
		for i := range t.values {
			cells[i].value.TextSize = bigNumberSize(t) * k
			cells[i].label.TextSize = sized(t, theme.SizeNameText) * min(k, 1.6)
		}
	}
	r.contentRenderer = newContentRenderer(root, func() {
		fg := themed(t, theme.ColorNameForeground)
		frame.FillColor = themed(t, theme.ColorNameInputBackground)
		frame.CornerRadius = sized(t, theme.SizeNameInputRadius) * 2
		frame.StrokeColor = themed(t, theme.ColorNameSeparator)
		frame.StrokeWidth = 2
		if t.current {
			frame.StrokeColor = themed(t, theme.ColorNamePrimary)
			frame.StrokeWidth = 6
			badge.Show()
		} else {
			badge.Hide()
		}
		band.FillColor = t.band
		band.CornerRadius = 4
		strip.FillColor = t.band
		strip.CornerRadius = 5
		name.Text = t.name
		name.TextSize = sized(t, theme.SizeNameHeadingText)
		name.Color = fg
		badgeBg.FillColor = themed(t, theme.ColorNamePrimary)
		badgeBg.CornerRadius = 6
		badgeText.Color = themed(t, theme.ColorNameForegroundOnPrimary)
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
		grid.Layout = layout.NewGridLayoutWithColumns(max(1, min(t.columns, max(1, len(t.values)))))
		grid.Objects = objs
		// The minimum size is measured at scale 1; Layout then enlarges the
		// text to fill a bigger tile (a tablet scoreboard).
		r.applyScale(1)
		r.baseMin = root.MinSize()
		r.applyScale(r.scale)
	})
	return r
}

// scoreTileRenderer scales the tile's text up when the tile is given more
// room than its minimum size, so a full-screen scoreboard reads from across
// the table.
type scoreTileRenderer struct {
	*contentRenderer
	baseMin    fyne.Size
	scale      float32
	applyScale func(float32)
}

// maxTileScale is the largest text enlargement of a ScoreTile.
const maxTileScale = 2.5

func (r *scoreTileRenderer) MinSize() fyne.Size {
	r.applyScale(1)
	r.baseMin = r.root.MinSize()
	r.applyScale(r.scale)
	return r.baseMin
}

func (r *scoreTileRenderer) Layout(s fyne.Size) {
	k := float32(1)
	if r.baseMin.Width > 0 && r.baseMin.Height > 0 {
		k = min(s.Width/r.baseMin.Width, s.Height/r.baseMin.Height)
	}
	k = max(1, min(k, maxTileScale))
	if k != r.scale {
		r.scale = k
		r.applyScale(k)
		r.root.Refresh()
	}
	r.contentRenderer.Layout(s)
}
