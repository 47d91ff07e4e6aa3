package ascendancy

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
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
// Borg, whose turn it is and the turn order, and under the tiles the
// newest steps of the log, naming the players. It follows every change
// live.
// "Back to the game" stays pinned at the top; the tiles scroll when the
// window is too small for them; Escape (or a phone's back key) leaves it.
type ascScoreboard struct {
	v       *ascView
	content fyne.CanvasObject
	stage   *widget.Label
	order   *widget.RichText
	grid    *fyne.Container
	layout  *scoreGrid
	log     *scoreLog
	tiles   map[string]*widgets.ScoreTile
	borg    *widgets.ScoreTile
	// restore puts the game screen back (see closeScoreboard).
	restore func()
}

// openScoreboard fills the window with the scoreboard, full screen where
// the platform allows, until "Back to the game" is tapped or Escape typed.
func (v *ascView) openScoreboard() {
	sb := &ascScoreboard{v: v, tiles: map[string]*widgets.ScoreTile{}}
	sb.stage = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	sb.stage.SizeName = theme.SizeNameHeadingText
	sb.stage.Wrapping = fyne.TextWrapWord
	sb.order = widget.NewRichText()
	sb.order.Wrapping = fyne.TextWrapWord
	backText := lang.X("asc.back_to_the_game", "Back to the game")
	back := widget.NewButtonWithIcon(backText, theme.NavigateBackIcon(), v.closeScoreboard)
	back.Importance = widget.HighImportance
	// Back on its own row on a phone: beside it the heading would get a
	// sliver of width (backRowLayout); on a tablet beside it.
	row := &backRowLayout{back: back, label: backText}
	header := container.NewVBox(container.New(row, back, sb.stage), sb.order)
	big := &scaledTheme{Theme: fyne.CurrentApp().Settings().Theme(), k: 1}
	over := container.NewThemeOverride(header, big)
	sb.layout = &scoreGrid{}
	sb.grid = container.New(sb.layout)
	scroll := container.NewScroll(sb.grid)
	sb.log = newScoreLog()
	tight := &tightTheme{big}
	logOver := container.NewThemeOverride(sb.log.box, tight)
	sb.content = container.New(&scoreLayout{header: big, grid: sb.layout, back: row, log: sb.log, onWide: func() {
		over.Theme = big
		over.Refresh()
		logOver.Theme = tight
		logOver.Refresh()
	}}, over, scroll, logOver)
	v.score = sb
	sb.show()
	sb.restore = v.f.FullScreen(screen.Padded(sb.content), v.closeScoreboard)
}

// closeScoreboard goes back to the game screen.
func (v *ascView) closeScoreboard() {
	if v.score != nil {
		v.score.restore()
	}
	v.score = nil
}

// show updates the header and the tiles for the current state.
func (sb *ascScoreboard) show() {
	v := sb.v
	a := v.st
	seat := a.CurrentSeat()
	stage := screen.TrTexts(v.f.Game().State().Summary().StageTexts())
	if a.Walker.Stage == tracker.AscExecution && a.Walker.Phase != "" && seat != tracker.BorgSeat {
		stage += " · " + phaseWord(a.Walker.Phase)
	}
	sb.stage.SetText(stage)
	sb.order.Segments = turnOrderSegments(a)
	sb.order.Refresh()
	var objs []fyne.CanvasObject
	var tiles []*widgets.ScoreTile
	for i, p := range a.Players {
		t, ok := sb.tiles[p.ID]
		if !ok {
			t = widgets.NewScoreTile(p.Name, playerBands[i%len(playerBands)], nil)
			sb.tiles[p.ID] = t
		}
		name := p.Name
		switch {
		case p.Assimilated:
			name += lang.X("asc.assimilated_2", " (assimilated)")
		case p.Eliminated:
			name += lang.X("asc.out", " (out)")
		}
		t.SetName(name)
		t.SetSub(p.Civilization)
		t.SetValues(scoreValues(p))
		t.SetShortLabels(scoreShortLabels()...)
		t.SetCurrent(seat == p.ID)
		objs = append(objs, t)
		tiles = append(tiles, t)
	}
	if a.Borg != nil {
		if sb.borg == nil {
			sb.borg = widgets.NewScoreTile(lang.X("asc.the_borg_2", "The Borg"), borgBand, nil)
		}
		hit := "—"
		if h, err := a.Borg.Hits.HitRoll(len(a.Borg.Spires)); err == nil {
			hit = fmt.Sprintf("%d+", h)
		}
		sb.borg.SetValues([]widgets.ScoreValue{
			{Label: lang.X("asc.cubes", "Cubes"), Value: fmt.Sprint(a.Borg.CubesInPlay())},
			{Label: lang.X("asc.spires", "Spires"), Value: fmt.Sprint(len(a.Borg.Spires))},
			{Label: lang.X("asc.hit_roll", "Hit roll"), Value: hit},
		})
		sb.borg.SetShortLabels("", "", lang.X("asc.short_hit_roll", "Hit"))
		sb.borg.SetCurrent(seat == tracker.BorgSeat)
		objs = append(objs, sb.borg)
		tiles = append(tiles, sb.borg)
	}
	sb.layout.tiles = tiles
	sb.grid.Objects = objs
	sb.grid.Refresh()
	// The log's rows change with every step; the room for them (a full
	// layout, which weighs every look of the tiles) only while there are
	// fewer than it keeps.
	rows := sb.log.count()
	sb.log.set(scoreLogRows(v.f.Game().History(), a, scoreLogMax))
	if sb.log.count() != rows {
		sb.content.Refresh()
	}
}

// turnOrderSegments writes out this round's turn order (or, before it is
// dealt, last round's), the seat playing now in bold and the accent colour.
func turnOrderSegments(a *tracker.AscendancyState) []widget.RichTextSegment {
	order, title := a.Walker.Order, lang.X("asc.turn_order", "Turn order: ")
	if len(order) == 0 {
		order, title = a.Walker.LastOrder, lang.X("asc.last_round_s_turn_order", "Last round's turn order: ")
	}
	style := widget.RichTextStyle{Inline: true, SizeName: theme.SizeNameSubHeadingText}
	segs := []widget.RichTextSegment{&widget.TextSegment{Text: title, Style: style}}
	if len(order) == 0 {
		return append(segs, &widget.TextSegment{Text: lang.X("asc.not_dealt_yet", "not dealt yet"), Style: style})
	}
	seat := a.CurrentSeat()
	for i, id := range order {
		name := lang.X("asc.the_borg", "the Borg")
		if id != tracker.BorgSeat {
			name = id
			for _, p := range a.Players {
				if p.ID == id {
					name = p.Name
				}
			}
		}
		text := fmt.Sprintf("%d %s", i+1, name)
		st := style
		if id == seat {
			text += lang.X("asc.now", " (now)")
			st.TextStyle = fyne.TextStyle{Bold: true}
			st.ColorName = theme.ColorNamePrimary
		}
		if i < len(order)-1 {
			text += " · "
		}
		segs = append(segs, &widget.TextSegment{Text: text, Style: st})
	}
	return segs
}

// scoreShortLabels are the labels of scoreValues in a few letters, for a
// screen too narrow for the whole words (a tablet in portrait).
func scoreShortLabels() []string {
	return []string{
		lang.X("asc.short_production", "Prod."),
		lang.X("asc.short_research", "Res."),
		lang.X("asc.short_culture", "Cult."),
		lang.X("asc.short_ascendancy", "Asc."),
		lang.X("asc.short_commands", "Cmd."),
		"",
		lang.X("asc.short_systems", "Sys."),
		lang.X("asc.short_weapons", "Wpn."),
		lang.X("asc.short_shields", "Shld."),
	}
}

// scoreValues are a player's numbers on the scoreboard.
func scoreValues(p tracker.AscPlayer) []widgets.ScoreValue {
	return []widgets.ScoreValue{
		{Label: lang.X("asc.production", "Production"), Value: fmt.Sprint(p.Resources.Production)},
		{Label: lang.X("asc.research", "Research"), Value: fmt.Sprint(p.Resources.Research)},
		{Label: lang.X("asc.culture", "Culture"), Value: fmt.Sprint(p.Resources.Culture)},
		{Label: lang.X("asc.ascendancy", "Ascendancy"), Value: fmt.Sprintf("%d/%d", p.Ascendancy, ascrules.VictoryAscendancy)},
		{Label: lang.X("asc.commands_2", "Commands"), Value: fmt.Sprintf("%d/%d", p.Ready(), p.Commands)},
		{Label: lang.X("asc.ships", "Ships"), Value: fmt.Sprint(p.Ships)},
		{Label: lang.X("asc.systems", "Systems"), Value: fmt.Sprint(p.Systems)},
		{Label: lang.X("asc.weapons", "Weapons"), Value: fmt.Sprintf("%d+", p.Weapons)},
		{Label: lang.X("asc.shields", "Shields"), Value: fmt.Sprintf("+%d", p.Shields)},
	}
}
