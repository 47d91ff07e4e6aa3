package ui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/widgets"
)

// playerBands are the colour bands of the scoreboard tiles, by seat.
var playerBands = []color.Color{
	color.NRGBA{R: 0x1f, G: 0x6f, B: 0xd1, A: 0xff}, // blue
	color.NRGBA{R: 0xc6, G: 0x28, B: 0x28, A: 0xff}, // red
	color.NRGBA{R: 0x2e, G: 0x9d, B: 0x4b, A: 0xff}, // green
	color.NRGBA{R: 0xe0, G: 0x9a, B: 0x10, A: 0xff}, // gold
	color.NRGBA{R: 0x7b, G: 0x3f, B: 0xbf, A: 0xff}, // purple
	color.NRGBA{R: 0x12, G: 0x9a, B: 0xa6, A: 0xff}, // teal
	color.NRGBA{R: 0x6d, G: 0x4c, B: 0x41, A: 0xff}, // brown
	color.NRGBA{R: 0x60, G: 0x60, B: 0x60, A: 0xff}, // grey
}

// borgBand is the Borg tile's band.
var borgBand = color.NRGBA{R: 0x1b, G: 0x5e, B: 0x20, A: 0xff}

// ascScoreboard is the tablet scoreboard: the whole window, a tile per
// player with resources, ascendancy, commands and forces in big type, the
// Borg, and the stage of the round. It follows every change live.
type ascScoreboard struct {
	v       *ascView
	content fyne.CanvasObject
	stage   *canvas.Text
	grid    *fyne.Container
	tiles   map[string]*widgets.ScoreTile
	borg    *widgets.ScoreTile
	// order is the turn order with whose turn it is.
	order *widget.Label
	// prevKey is the window's key handler before the scoreboard took
	// Escape; it is put back on leaving.
	prevKey func(*fyne.KeyEvent)
}

// openScoreboard fills the window with the scoreboard, full screen where
// the platform allows, until "Back to the game" is tapped.
func (v *ascView) openScoreboard() {
	sb := &ascScoreboard{v: v, tiles: map[string]*widgets.ScoreTile{}}
	sb.stage = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	sb.stage.TextStyle = fyne.TextStyle{Bold: true}
	sb.stage.TextSize = theme.TextHeadingSize() * 1.4
	back := widget.NewButtonWithIcon("Back to the game", theme.NavigateBackIcon(), v.closeScoreboard)
	cols := 1
	switch w := v.gs.sh.win.Canvas().Size().Width; {
	case w >= 1000 && len(v.st.Players) > 2:
		cols = 3
	case w >= 700:
		cols = 2
	}
	sb.grid = container.NewGridWithColumns(cols)
	// The heading, the turn order and Back stay put; the tiles scroll
	// when they do not fit.
	sb.order = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	sb.order.SizeName = theme.SizeNameSubHeadingText
	sb.order.Wrapping = fyne.TextWrapWord
	top := container.NewBorder(nil, nil, nil, back, container.NewVBox(sb.stage, sb.order))
	sb.content = container.NewBorder(top, nil, nil, nil, container.NewVScroll(sb.grid))
	v.score = sb
	sb.show()
	c := v.gs.sh.win.Canvas()
	sb.prevKey = c.OnTypedKey()
	c.SetOnTypedKey(func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeyEscape {
			v.closeScoreboard()
			return
		}
		if sb.prevKey != nil {
			sb.prevKey(e)
		}
	})
	v.gs.sh.win.SetContent(padded(sb.content))
	v.gs.sh.win.SetFullScreen(true)
}

// closeScoreboard goes back to the game screen (Back, or Escape).
func (v *ascView) closeScoreboard() {
	if v.score != nil {
		v.gs.sh.win.Canvas().SetOnTypedKey(v.score.prevKey)
	}
	v.score = nil
	v.gs.sh.win.SetFullScreen(false)
	v.gs.sh.win.SetContent(v.gs.content)
}

// show updates the tiles for the current state.
func (sb *ascScoreboard) show() {
	v := sb.v
	a := v.st
	sb.stage.Text = v.gs.game.State().Summary().Stage
	sb.stage.Color = theme.Color(theme.ColorNameForeground)
	sb.stage.Refresh()
	seat := a.CurrentSeat()
	if len(a.Walker.Order) > 0 {
		names := make([]string, len(a.Walker.Order))
		for i, id := range a.Walker.Order {
			names[i] = v.seatName(id)
			if id == seat {
				names[i] = "▶ " + names[i]
			}
		}
		sb.order.SetText("Turn order: " + strings.Join(names, ", "))
		sb.order.Show()
	} else {
		sb.order.Hide()
	}
	var objs []fyne.CanvasObject
	for i, p := range a.Players {
		t, ok := sb.tiles[p.ID]
		if !ok {
			t = widgets.NewScoreTile(p.Name, playerBands[i%len(playerBands)], nil)
			sb.tiles[p.ID] = t
		}
		name := p.Name + " · " + p.Civilization
		switch {
		case p.Assimilated:
			name += " (assimilated)"
		case p.Eliminated:
			name += " (out)"
		}
		t.SetName(name)
		t.SetValues(scoreValues(p))
		t.SetCurrent(seat == p.ID)
		objs = append(objs, t)
	}
	if a.Borg != nil {
		if sb.borg == nil {
			sb.borg = widgets.NewScoreTile("The Borg", borgBand, nil)
		}
		hit := "—"
		if h, err := a.Borg.Hits.HitRoll(len(a.Borg.Spires)); err == nil {
			hit = fmt.Sprintf("%d+", h)
		}
		sb.borg.SetValues([]widgets.ScoreValue{
			{Label: "Cubes", Value: fmt.Sprint(a.Borg.CubesInPlay())},
			{Label: "Spires", Value: fmt.Sprint(len(a.Borg.Spires))},
			{Label: "Hit roll", Value: hit},
		})
		sb.borg.SetCurrent(seat == tracker.BorgSeat)
		objs = append(objs, sb.borg)
	}
	sb.grid.Objects = objs
	sb.grid.Refresh()
}

// scoreValues are a player's numbers on the scoreboard.
func scoreValues(p tracker.AscPlayer) []widgets.ScoreValue {
	return []widgets.ScoreValue{
		{Label: "Production", Value: fmt.Sprint(p.Resources.Production)},
		{Label: "Research", Value: fmt.Sprint(p.Resources.Research)},
		{Label: "Culture", Value: fmt.Sprint(p.Resources.Culture)},
		{Label: "Ascendancy", Value: fmt.Sprintf("%d/%d", p.Ascendancy, ascrules.VictoryAscendancy)},
		{Label: "Commands", Value: fmt.Sprintf("%d/%d", p.Ready(), p.Commands)},
		{Label: "Ships", Value: fmt.Sprint(p.Ships)},
		{Label: "Systems", Value: fmt.Sprint(p.Systems)},
		{Label: "Weapons", Value: fmt.Sprintf("%d+", p.Weapons)},
		{Label: "Shields", Value: fmt.Sprintf("+%d", p.Shields)},
	}
}
