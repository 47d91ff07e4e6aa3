package ascendancy

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	borgrules "tableops/rules/borg"
	"tableops/tracker"
	"tableops/ui/screen"
)

// borgPanel is the Borg panel: the cubes shown like their cards (attack
// dice left, adaptive shields), the spires with their nodes, the Borg turn
// step by step, and a cube battle fought round by round. Each section is
// a small view that draws itself anew from the tracker state on every
// update (show); the panel only keeps which sections the players folded.
type borgPanel struct {
	v       *ascView
	content fyne.CanvasObject
	scroll  *container.Scroll
	box     *fyne.Container
	// folds are the panel's foldable sections; open remembers which the
	// players opened or closed, across updates.
	folds *widget.Accordion
	open  map[string]bool
	// shownOpen is how each section was shown last: a section found
	// otherwise was opened or closed by a player.
	shownOpen map[string]bool

	turn       *borgTurnView
	cubes      *borgCubesView
	spires     *borgSpiresView
	board      *borgBoardForm
	fight      *cubeBattle
	assimilate *assimForm
	reclaim    *reclaimForm
	// steps brings the next step into view: a round's dice, the Borg
	// turn's next action (screen.StepScroll).
	steps screen.StepScroll
}

func newBorgPanel(v *ascView) *borgPanel {
	b := &borgPanel{v: v}
	b.box = container.NewVBox()
	b.scroll = container.NewVScroll(b.box)
	b.content = b.scroll
	b.open = map[string]bool{}
	b.shownOpen = map[string]bool{}
	b.turn = newBorgTurnView(v)
	b.spires = &borgSpiresView{v: v}
	b.board = newBorgBoardForm(v)
	b.fight = newCubeBattle(v)
	b.cubes = &borgCubesView{v: v, fight: b.fightCube}
	b.assimilate = newAssimForm(v)
	b.reclaim = newReclaimForm(v)
	grown := func() { b.scroll.Refresh() }
	b.fight.grown, b.assimilate.grown, b.reclaim.grown = grown, grown, grown
	return b
}

// borgSection is one foldable section of the panel.
type borgSection struct {
	title string
	open  bool
	body  fyne.CanvasObject
}

// show draws the panel for the state, and brings the next step into view
// when the step changed.
func (b *borgPanel) show() {
	b.build()
	if b.v.st.Borg != nil {
		next := b.next()
		b.steps.Follow(b.scroll, borgPanelStep(b.v.st), next, b.v.st.Fighting() != nil)
	}
}

// next is the control of the Borg panel's next step: the pad of the dice
// this phone types next in the round under way, else the Borg turn's next
// action.
func (b *borgPanel) next() fyne.CanvasObject {
	a := b.v.st
	if now := a.Fighting(); now != nil {
		switch now.Kind {
		case tracker.BattleCube:
			return b.fight.nextPad(now)
		case tracker.BattleAssimilation:
			return b.assimilate.nextPad(now)
		}
	}
	if f := a.Borg.Fight; f != nil && f.Kind == tracker.FightSpace {
		return b.fight.box
	}
	if a.CurrentSeat() == tracker.BorgSeat {
		return b.turn.next
	}
	return nil
}

func (b *borgPanel) build() {
	v := b.v
	a := v.st
	if b.folds != nil {
		for _, it := range b.folds.Items {
			if it.Open != b.shownOpen[it.Title] {
				b.open[it.Title] = it.Open
			}
		}
	}
	b.box.RemoveAll()
	defer b.scroll.Refresh()
	defer b.box.Refresh()
	b.box.Add(screen.Heading(lang.X("asc.the_borg_2", "The Borg")))
	bs := a.Borg
	if bs == nil {
		b.folds = nil
		b.box.Add(screen.WrapLabel(lang.X("borg.the_borg_are_not_in", "The Borg are not in this game. To play with them, tick \"Play with the Borg\" during setup and enter the Borg console.")))
		return
	}
	b.box.Add(screen.BoldLabel(borgStatus(bs)))
	if bs.Defeat {
		l := screen.BigResult(lang.X("borg.the_borg_have_assimilated_the", "The Borg have assimilated the galaxy: the players lose."))
		l.Importance = widget.DangerImportance
		b.box.Add(l)
	}
	if l := b.assimilatedLine(); l != "" {
		b.box.Add(screen.WrapLabel(l))
	}
	if a.CurrentSeat() == tracker.BorgSeat {
		b.box.Add(b.turn.update())
	}
	b.box.Add(b.foldSections(b.sections()))
}

// assimilatedLine names the assimilated players and the Borg turns this
// round: each assimilated player gets their own turn order card.
func (b *borgPanel) assimilatedLine() string {
	ids := b.v.st.AssimilatedPlayers()
	if len(ids) == 0 {
		return ""
	}
	turns := b.v.st.BorgTurns()
	return lang.X("borg.assimilated_players", "Assimilated: {{.Names}}. Each assimilated player gets their own turn order card at the next deal and takes a full Borg turn; this round the Borg take {{.Turns}} turn(s).", map[string]any{"Names": b.v.namesOf(ids), "Turns": turns})
}

// borgStatus is the line on the Borg: spires, hit roll, cubes in play.
func borgStatus(bs *tracker.BorgState) string {
	hit, err := bs.Hits.HitRoll(len(bs.Spires))
	if err != nil {
		return lang.X("borg.spire_s_in_play", "{{.NSpires}} spire(s) in play: {{.PlainError}}", map[string]any{"NSpires": len(bs.Spires), "PlainError": screen.ErrText(err)})
	}
	return lang.X("borg.spire_s_in_play_borg", "{{.NSpires}} spire(s) in play · Borg hit roll {{.Hit}}+ · {{.CubesInPlay}} of {{.MaxCubes}} cubes in play", map[string]any{"NSpires": len(bs.Spires), "Hit": hit, "CubesInPlay": bs.CubesInPlay(), "MaxCubes": borgrules.MaxCubes})
}

// sections returns the panel's sections as the state stands: what is in
// play now opens by default, the rest stays folded until a player opens
// it.
func (b *borgPanel) sections() []borgSection {
	a := b.v.st
	bs := a.Borg
	var secs []borgSection
	secs = append(secs, borgSection{lang.X("asc.cubes", "Cubes"), true, b.cubes.update()})
	execution := a.Walker.Stage == tracker.AscExecution
	if len(bs.Cubes) > 0 && execution {
		fight := bs.Fight != nil && bs.Fight.Kind == tracker.FightSpace
		secs = append(secs, borgSection{lang.X("borg.cube_battle", "Cube battle"), true, b.fight.show()})
		assim := bs.Fight != nil && bs.Fight.Kind == tracker.FightAssimilation
		secs = append(secs, borgSection{lang.X("borg.assimilation_of_a_system", "Assimilation of a system"), assim && !fight, b.assimilate.show()})
	}
	secs = append(secs, borgSection{lang.X("asc.spires", "Spires"), true, b.spires.update()})
	if len(bs.Spires) > 0 && execution {
		secs = append(secs, borgSection{lang.X("borg.reclaim_a_borg_system", "Reclaim a Borg system"), false, b.reclaim.show()})
	}
	secs = append(secs, borgSection{lang.X("borg.change_the_board", "Change the board"), !execution, b.board.update()})
	return secs
}

// foldSections puts the sections in an accordion, each open or folded as
// the players left it (or by default).
func (b *borgPanel) foldSections(secs []borgSection) fyne.CanvasObject {
	b.folds = widget.NewAccordion()
	b.folds.MultiOpen = true
	for _, sc := range secs {
		it := widget.NewAccordionItem(sc.title, sc.body)
		it.Open = sc.open
		if o, ok := b.open[sc.title]; ok {
			it.Open = o
		}
		b.shownOpen[sc.title] = it.Open
		b.folds.Append(it)
	}
	return b.folds
}

// cubeFight returns the fight with the cube under way this turn, if any.
func cubeFight(a *tracker.AscendancyState, cube string) *tracker.CubeFight {
	if a == nil {
		return nil
	}
	return a.FightWith(cube)
}

// fightCube opens the cube battle on cube (a cube card's Fight button)
// and scrolls to it: the fleets and the dice are one tap away.
func (b *borgPanel) fightCube(cube string) {
	b.fight.choose(cube)
	title := lang.X("borg.cube_battle", "Cube battle")
	if b.folds != nil {
		for i, it := range b.folds.Items {
			if it.Title == title && !it.Open {
				b.folds.Open(i)
			}
		}
	}
	b.open[title] = true
	fyne.Do(func() { b.scrollTo(b.fight.box) })
}

// scrollTo scrolls the panel so that o (a form on it) starts at the top:
// after a round is applied the next one is typed where the last one was.
func (b *borgPanel) scrollTo(o fyne.CanvasObject) {
	d := fyne.CurrentApp().Driver()
	y := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(b.scroll.Content).Y
	if y > 0 {
		b.scroll.ScrollToOffset(fyne.NewPos(0, y))
	}
}
