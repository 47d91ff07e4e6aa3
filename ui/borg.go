package ui

import (
	"fmt"
	"fyne.io/fyne/v2/lang"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	borgrules "tableops/rules/borg"
	"tableops/rules/dice"
	"tableops/tracker"
	"tableops/ui/widgets"
)

// borgPanel is the Borg panel: the cubes shown like their cards (attack
// dice left, adaptive shields), the spires with their nodes, the Borg turn
// step by step, and a cube battle fought round by round.
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

	cubeAt, spireAt, activateAt *widget.Entry
	spireNodes                  *numStepper
	hubPad                      *widgets.DicePad
	assim                       *widget.Select
	fight                       *cubeBattle
	assimilate                  *assimForm
	reclaim                     *reclaimForm
}

func newBorgPanel(v *ascView) *borgPanel {
	b := &borgPanel{v: v}
	b.box = container.NewVBox()
	b.scroll = container.NewVScroll(padded(b.box))
	b.content = b.scroll
	b.open = map[string]bool{}
	b.shownOpen = map[string]bool{}
	b.cubeAt = placeholderEntry(lang.X("borg.where_the_cube_is", "Where the cube is"))
	b.spireAt = placeholderEntry(lang.X("borg.assimilated_system", "Assimilated system"))
	b.activateAt = placeholderEntry(lang.X("borg.where_it_moves_optional", "Where it moves (optional)"))
	b.spireNodes = newNumStepper(lang.X("borg.new_spire_s_nodes", "New spire's nodes"), 0, 0, borgrules.MaxSpireNodes, nil)
	b.hubPad = widgets.NewDicePad(1)
	b.assim = widget.NewSelect(nil, nil)
	b.assim.PlaceHolder = lang.X("borg.player_assimilated", "Player assimilated")
	b.fight = newCubeBattle(v)
	b.assimilate = newAssimForm(v)
	b.reclaim = newReclaimForm(v)
	return b
}

func (b *borgPanel) show() {
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
	defer b.box.Refresh()
	b.box.Add(heading(lang.X("asc.the_borg_2", "The Borg")))
	bs := a.Borg
	if bs == nil {
		b.folds = nil
		b.box.Add(wrapLabel(lang.X("borg.the_borg_are_not_in", "The Borg are not in this game. To play with them, tick \"Play with the Borg\" during setup and enter the Borg console.")))
		return
	}
	hit, err := bs.Hits.HitRoll(len(bs.Spires))
	status := lang.X("borg.spire_s_in_play_borg", "{{.NSpires}} spire(s) in play · Borg hit roll {{.Hit}}+ · {{.CubesInPlay}} of {{.MaxCubes}} cubes in play", map[string]any{"NSpires": len(bs.Spires), "Hit": hit, "CubesInPlay": bs.CubesInPlay(), "MaxCubes": borgrules.MaxCubes})
	if err != nil {
		status = lang.X("borg.spire_s_in_play", "{{.NSpires}} spire(s) in play: {{.PlainError}}", map[string]any{"NSpires": len(bs.Spires), "PlainError": plainError(err)})
	}
	b.box.Add(boldLabel(status))
	if bs.Defeat {
		l := bigResult(lang.X("borg.the_borg_have_assimilated_the", "The Borg have assimilated the galaxy: the players lose."))
		l.Importance = widget.DangerImportance
		b.box.Add(l)
	}
	if a.CurrentSeat() == tracker.BorgSeat {
		b.box.Add(b.turn())
	}

	// The sections fold: what is in play now opens by default, the rest
	// stays folded until a player opens it.
	type section struct {
		title string
		open  bool
		body  fyne.CanvasObject
	}
	var secs []section
	cubes := container.NewVBox()
	if len(bs.Cubes) == 0 {
		cubes.Add(wrapLabel(lang.X("borg.no_cube_on_the_board", "No cube on the board.")))
	}
	for _, c := range bs.Cubes {
		cubes.Add(b.cubeCard(c))
	}
	secs = append(secs, section{lang.X("asc.cubes", "Cubes"), true, cubes})
	execution := a.Walker.Stage == tracker.AscExecution
	if len(bs.Cubes) > 0 && execution {
		fight := bs.Fight != nil && bs.Fight.Kind == tracker.FightSpace
		secs = append(secs, section{lang.X("borg.cube_battle", "Cube battle"), true, b.fight.show()})
		assim := bs.Fight != nil && bs.Fight.Kind == tracker.FightAssimilation
		secs = append(secs, section{lang.X("borg.assimilation_of_a_system", "Assimilation of a system"), assim && !fight, b.assimilate.show()})
	}
	spires := container.NewVBox()
	if len(bs.Spires) == 0 {
		spires.Add(wrapLabel(lang.X("borg.no_borg_system_yet", "No Borg system yet.")))
	}
	for _, s := range bs.Spires {
		spires.Add(wrapLabel(spireLine(s)))
	}
	limit := borgrules.DefeatSpires
	if bs.ThreeSpires {
		limit = borgrules.OptionalDefeatSpires
	}
	spires.Add(captionLabel(lang.X("borg.when_a_system_is_assimilated", "When a system is assimilated, place a spire. With {{.Limit}} spires in play, needing one more means the players lose.", map[string]any{"Limit": limit})))
	secs = append(secs, section{lang.X("asc.spires", "Spires"), true, spires})
	if len(bs.Spires) > 0 && execution {
		secs = append(secs, section{lang.X("borg.reclaim_a_borg_system", "Reclaim a Borg system"), false, b.reclaim.show()})
	}
	secs = append(secs, section{lang.X("borg.change_the_board", "Change the board"), !execution, b.changeBoard()})

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
	b.box.Add(b.folds)
}

// changeBoard adds cubes and spires, and records an assimilated player.
func (b *borgPanel) changeBoard() fyne.CanvasObject {
	v := b.v
	box := container.NewVBox()
	box.Add(container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon(lang.X("borg.add_cube", "Add cube"), theme.ContentAddIcon(), func() {
		if v.exec(tracker.AddCube{System: b.cubeAt.Text}) {
			b.cubeAt.SetText("")
		}
	}), b.cubeAt))
	box.Add(b.spireNodes.box)
	box.Add(container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon(lang.X("borg.place_spire", "Place spire"), theme.ContentAddIcon(), func() {
		if v.exec(tracker.PlaceSpire{System: b.spireAt.Text, Nodes: b.spireNodes.val}) {
			b.spireAt.SetText("")
		}
	}), b.spireAt))
	box.Add(widget.NewSeparator())
	c := v.playerChoices()
	syncSelect(b.assim, c.labels, "")
	box.Add(boldLabel(lang.X("borg.a_civilization_is_assimilated", "A civilization is assimilated")))
	box.Add(fitGrid(2, b.assim, widget.NewButton(lang.X("borg.assimilate", "Assimilate"), func() {
		if id := c.ids[b.assim.Selected]; id != "" {
			v.exec(tracker.AssimilatePlayer{Player: id})
		}
	})))
	return box
}

// cubeFight returns the fight with the cube under way this turn, if any.
func cubeFight(a *tracker.AscendancyState, cube string) *tracker.CubeFight {
	if a == nil || a.Borg == nil || a.Walker.Stage != tracker.AscExecution {
		return nil
	}
	f := a.Borg.Fight
	if f == nil || f.Cube != cube || f.Round != a.Walker.Round || f.Turn != a.Walker.Turn {
		return nil
	}
	return f
}

// spireLine describes a spire: its system, nodes as pips, a cube atop.
func spireLine(s borgrules.Spire) string {
	pips := strings.Repeat("●", s.Nodes) + strings.Repeat("○", borgrules.MaxSpireNodes-s.Nodes)
	line := lang.X("borg.nodes_planetary_shields", "{{.ID}} · {{.System}} · nodes {{.Pips}} (planetary shields +{{.Nodes}})", map[string]any{"ID": s.ID, "System": s.System, "Pips": pips, "Nodes": s.Nodes})
	if s.CubeOnSpire {
		line += lang.X("borg.cube_on_the_spire", " · cube on the spire")
	}
	return line
}

// cubeCard draws a cube like its card: attack dice left of 9 (damage
// taken), the adaptive shield track, the rounds fought.
func (b *borgPanel) cubeCard(c borgrules.Cube) fyne.CanvasObject {
	title := c.ID
	if c.System != "" {
		title += " · " + c.System
	}
	if b.v.st.Borg != nil && slices.Contains(b.v.st.Borg.Activated, c.ID) {
		title += lang.X("borg.activated", " · activated")
	}
	dmg := widgets.NewTokenRow(borgrules.CubeDice, c.Dice())
	dmg.SetPerRow(5)
	dmg.SetCaption(func(total, ready int) string {
		return lang.X("borg.of_attack_dice_damage", "{{.Ready}} of {{.Total}} attack dice · damage {{.V}}", map[string]any{"Ready": ready, "Total": total, "V": total - ready})
	})
	var track []string
	for s := 0; s <= borgrules.MaxCubeShields; s++ {
		if s == c.Shields {
			track = append(track, fmt.Sprintf("[+%d]", s))
		} else {
			track = append(track, fmt.Sprintf("+%d", s))
		}
	}
	rows := container.NewVBox(bigResult(title), dmg, boldLabel(lang.X("borg.shields", "Shields {{.Join}}", map[string]any{"Join": strings.Join(track, " ")})))
	if f := cubeFight(b.v.st, c.ID); f != nil {
		rows.Add(wrapLabel(lang.X("borg.in_battle_round_s_fought", "In battle: {{.Round}} round(s) fought, {{.NamesOf}} fighting on.", map[string]any{"Round": c.Round, "NamesOf": b.v.namesOf(f.Players)})))
	} else if c.Round > 0 {
		rows.Add(captionLabel(lang.X("borg.its_last_battle_is_over", "Its last battle is over: it starts the next one fresh.")))
	}
	if b.v.st.Walker.Stage == tracker.AscExecution {
		id := c.ID
		rows.Add(widget.NewButtonWithIcon(lang.X("borg.fight_this_cube", "Fight this cube"), theme.GridIcon(), func() {
			b.fight.cube.SetSelected(id)
		}))
	}
	return widget.NewCard("", "", rows)
}

// turn walks the Borg turn: build phase, then each cube, then the end.
func (b *borgPanel) turn() fyne.CanvasObject {
	v := b.v
	bs := v.st.Borg
	box := container.NewVBox(heading(lang.X("asc.the_borg_turn", "The Borg turn")))
	if bs.Built {
		l := boldLabel(lang.X("borg.1_build_phase_done_each", "1. Build phase done: each spire built a node or a cube, or launched its cube."))
		l.Importance = widget.SuccessImportance
		box.Add(l)
	} else {
		box.Add(step(lang.X("borg.1_build_phase", "1. Build phase"), lang.X("borg.roll_the_transwarp_hub_die", "Roll the transwarp hub die (type it below or let the app roll), then every spire builds.")))
		box.Add(b.hubPad)
		run := widget.NewButtonWithIcon(lang.X("borg.run_the_build_phase", "Run the build phase"), theme.MediaPlayIcon(), func() {
			roll := tracker.Roll{Virtual: 1}
			if p := b.hubPad.Pool(); len(p) == 1 {
				roll = tracker.Roll{Faces: dice.Pool{p[0]}}
			}
			if v.exec(tracker.BorgBuild{HubRoll: roll}) {
				b.hubPad.SetPool(nil)
			}
		})
		run.Importance = widget.HighImportance
		box.Add(run)
		box.Add(captionLabel(lang.X("borg.with_no_die_typed_the", "With no die typed, the app rolls the hub die.")))
		return box
	}
	box.Add(step(lang.X("borg.2_each_cube_in_turn", "2. Each cube in turn"), lang.X("borg.activate_it_where_it_moves", "Activate it (where it moves), draw and resolve a Borg command card, and if it reaches a developed system begin assimilation; fight it below when it engages ships.")))
	box.Add(widget.NewButtonWithIcon(lang.X("borg.scan_the_borg_card_drawn", "Scan the Borg card drawn"), theme.MediaPhotoIcon(), func() {
		v.gs.sh.scanCards(nil)
	}))
	next := ""
	var done []string
	for _, c := range bs.Cubes {
		if slices.Contains(bs.Activated, c.ID) {
			done = append(done, c.ID)
			continue
		}
		if next == "" {
			next = c.ID
		}
	}
	// One line, whatever is done: the rows under it keep their place.
	if len(done) == 0 {
		box.Add(wrapLabel(lang.X("borg.activated_none_yet", "Activated: none yet")))
	} else {
		box.Add(wrapLabel(lang.X("borg.activated_2", "Activated: {{.Join}}", map[string]any{"Join": strings.Join(done, ", ")})))
	}
	// The activate row keeps its place when every cube is done, so "End
	// the Borg turn" under it never moves under a finger.
	act := widget.NewButton(lang.X("borg.activate", "Activate {{.Next}}", map[string]any{"Next": next}), func() {
		if v.exec(tracker.ActivateCube{Cube: next, System: b.activateAt.Text}) {
			b.activateAt.SetText("")
		}
	})
	if next == "" {
		act.SetText(lang.X("borg.every_cube_activated", "Every cube activated"))
		act.Disable()
		b.activateAt.Disable()
	} else {
		b.activateAt.Enable()
	}
	box.Add(container.NewBorder(nil, nil, nil, act, b.activateAt))
	end := widget.NewButtonWithIcon(lang.X("borg.3_end_the_borg_turn", "3. End the Borg turn"), theme.MediaSkipNextIcon(), func() { v.exec(tracker.NextPhase{}) })
	end.Importance = widget.HighImportance
	box.Add(end)
	return box
}
