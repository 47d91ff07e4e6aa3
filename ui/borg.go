package ui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
	"tableops/rules/dice"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/widgets"
)

// borgPanel is the Borg panel: the cubes shown like their cards (attack
// dice left, adaptive shields), the spires with their nodes, the Borg turn
// step by step, and a cube battle fought round by round.
type borgPanel struct {
	v       *ascView
	content fyne.CanvasObject
	box     *fyne.Container

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
	b.content = container.NewVScroll(padded(b.box))
	b.cubeAt = placeholderEntry("Where the cube is")
	b.spireAt = placeholderEntry("Assimilated system")
	b.activateAt = placeholderEntry("Where it moves (optional)")
	b.spireNodes = newNumStepper("New spire's nodes", 0, 0, borgrules.MaxSpireNodes, nil)
	b.hubPad = widgets.NewDicePad(1)
	b.assim = widget.NewSelect(nil, nil)
	b.assim.PlaceHolder = "Player assimilated"
	b.fight = newCubeBattle(v)
	b.assimilate = newAssimForm(v)
	b.reclaim = newReclaimForm(v)
	return b
}

func (b *borgPanel) show() {
	v := b.v
	a := v.st
	b.box.RemoveAll()
	defer b.box.Refresh()
	b.box.Add(heading("The Borg"))
	bs := a.Borg
	if bs == nil {
		b.box.Add(wrapLabel("The Borg are not in this game. To play with them, tick \"Play with the Borg\" during setup and enter the Borg console."))
		return
	}
	hit, err := bs.Hits.HitRoll(len(bs.Spires))
	status := fmt.Sprintf("%d spire(s) in play · Borg hit roll %d+ · %d of %d cubes in play", len(bs.Spires), hit, bs.CubesInPlay(), borgrules.MaxCubes)
	if err != nil {
		status = fmt.Sprintf("%d spire(s) in play: %s", len(bs.Spires), plainError(err))
	}
	b.box.Add(boldLabel(status))
	if bs.Defeat {
		l := bigResult("The Borg have assimilated the galaxy: the players lose.")
		l.Importance = widget.DangerImportance
		b.box.Add(l)
	}
	if a.CurrentSeat() == tracker.BorgSeat {
		b.box.Add(b.turn())
	}

	b.box.Add(heading("Cubes"))
	if len(bs.Cubes) == 0 {
		b.box.Add(wrapLabel("No cube on the board."))
	}
	for _, c := range bs.Cubes {
		b.box.Add(b.cubeCard(c))
	}
	if len(bs.Cubes) > 0 && a.Walker.Stage == tracker.AscExecution {
		b.box.Add(widget.NewSeparator())
		b.box.Add(b.fight.show())
		b.box.Add(widget.NewSeparator())
		b.box.Add(b.assimilate.show())
	}

	b.box.Add(heading("Spires"))
	if len(bs.Spires) == 0 {
		b.box.Add(wrapLabel("No Borg system yet."))
	}
	for _, s := range bs.Spires {
		b.box.Add(wrapLabel(spireLine(s)))
	}
	limit := borgrules.DefeatSpires
	if bs.ThreeSpires {
		limit = borgrules.OptionalDefeatSpires
	}
	b.box.Add(captionLabel(fmt.Sprintf("When a system is assimilated, place a spire. With %d spires in play, needing one more means the players lose.", limit)))
	if len(bs.Spires) > 0 && a.Walker.Stage == tracker.AscExecution {
		b.box.Add(b.reclaim.show())
	}
	b.box.Add(widget.NewSeparator())
	b.box.Add(heading("Change the board"))
	b.box.Add(container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon("Add cube", theme.ContentAddIcon(), func() {
		if v.exec(tracker.AddCube{System: b.cubeAt.Text}) {
			b.cubeAt.SetText("")
		}
	}), b.cubeAt))

	b.box.Add(b.spireNodes.box)
	b.box.Add(container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon("Place spire", theme.ContentAddIcon(), func() {
		if v.exec(tracker.PlaceSpire{System: b.spireAt.Text, Nodes: b.spireNodes.val}) {
			b.spireAt.SetText("")
		}
	}), b.spireAt))

	b.box.Add(widget.NewSeparator())
	c := v.playerChoices()
	syncSelect(b.assim, c.labels, "")
	b.box.Add(boldLabel("A civilization is assimilated"))
	b.box.Add(container.NewBorder(nil, nil, nil, widget.NewButton("Assimilate", func() {
		if id := c.ids[b.assim.Selected]; id != "" {
			v.exec(tracker.AssimilatePlayer{Player: id})
		}
	}), b.assim))
}

// spireLine describes a spire: its system, nodes as pips, a cube atop.
func spireLine(s borgrules.Spire) string {
	pips := strings.Repeat("●", s.Nodes) + strings.Repeat("○", borgrules.MaxSpireNodes-s.Nodes)
	line := fmt.Sprintf("%s · %s · nodes %s (planetary shields +%d)", s.ID, s.System, pips, s.Nodes)
	if s.CubeOnSpire {
		line += " · cube on the spire"
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
		title += " · activated"
	}
	dmg := widgets.NewTokenRow(borgrules.CubeDice, c.Dice())
	dmg.SetPerRow(5)
	dmg.SetCaption(func(total, ready int) string {
		return fmt.Sprintf("%d of %d attack dice · damage %d", ready, total, total-ready)
	})
	var track []string
	for s := 0; s <= borgrules.MaxCubeShields; s++ {
		if s == c.Shields {
			track = append(track, fmt.Sprintf("[+%d]", s))
		} else {
			track = append(track, fmt.Sprintf("+%d", s))
		}
	}
	rows := container.NewVBox(bigResult(title), dmg, boldLabel("Shields "+strings.Join(track, " ")))
	if c.Round > 0 {
		rows.Add(wrapLabel(fmt.Sprintf("In battle: %d round(s) fought.", c.Round)))
	}
	id := c.ID
	fight := widget.NewButtonWithIcon("Fight", theme.GridIcon(), func() {
		b.fight.cube.SetSelected(id)
	})
	end := widget.NewButton("Battle over", func() { b.v.exec(tracker.EndCubeBattle{Cube: id}) })
	btns := container.NewGridWithColumns(2, fight, end)
	if b.v.st.Walker.Stage != tracker.AscExecution {
		fight.Hide()
	}
	rows.Add(btns)
	return widget.NewCard("", "", rows)
}

// turn walks the Borg turn: build phase, then each cube, then the end.
func (b *borgPanel) turn() fyne.CanvasObject {
	v := b.v
	bs := v.st.Borg
	box := container.NewVBox(heading("The Borg turn"))
	if bs.Built {
		l := boldLabel("1. Build phase done: each spire built a node or a cube, or launched its cube.")
		l.Importance = widget.SuccessImportance
		box.Add(l)
	} else {
		box.Add(step("1. Build phase", "Roll the transwarp hub die (type it below or let the app roll), then every spire builds."))
		box.Add(b.hubPad)
		run := widget.NewButtonWithIcon("Run the build phase", theme.MediaPlayIcon(), func() {
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
		box.Add(captionLabel("With no die typed, the app rolls the hub die."))
		return box
	}
	box.Add(step("2. Each cube in turn", "Activate it (where it moves), draw and resolve a Borg command card, and if it reaches a developed system begin assimilation; fight it below when it engages ships."))
	box.Add(widget.NewButtonWithIcon("Scan the Borg command card drawn", theme.MediaPhotoIcon(), func() {
		v.gs.sh.scanCards(nil)
	}))
	for _, c := range bs.Cubes {
		if slices.Contains(bs.Activated, c.ID) {
			box.Add(wrapLabel("✓ " + c.ID + " activated"))
			continue
		}
		id := c.ID
		box.Add(container.NewBorder(nil, nil, nil, widget.NewButton("Activate "+id, func() {
			if v.exec(tracker.ActivateCube{Cube: id, System: b.activateAt.Text}) {
				b.activateAt.SetText("")
			}
		}), b.activateAt))
		break
	}
	end := widget.NewButtonWithIcon("3. End the Borg turn", theme.MediaSkipNextIcon(), func() { v.exec(tracker.NextPhase{}) })
	end.Importance = widget.HighImportance
	box.Add(end)
	return box
}

// fleetRow is one player's ships fighting the cube.
type fleetRow struct {
	player    *widget.Select
	ships     *numStepper
	bonus     *numStepper
	onSix     *widget.Check
	d         *ascDice
	loss      *numStepper
	box       *fyne.Container
	lastLabel string
}

// cubeBattle is a fight with a Borg cube, round by round: whole-battle
// odds before engaging, this round's odds, dice per fleet and for the cube,
// the result explained, losses allocated, applied to the tracker.
type cubeBattle struct {
	v        *ascView
	cube     *widget.Select
	fleets   []*fleetRow
	borgD    *ascDice
	info     *widget.Label
	battle   *widget.Label
	result   *fyne.Container
	box      *fyne.Container
	fleetBox *fyne.Container
	diceBox  *fyne.Container
	roll     *widget.Button
}

func newCubeBattle(v *ascView) *cubeBattle {
	f := &cubeBattle{v: v}
	f.cube = widget.NewSelect(nil, func(string) { f.changed() })
	f.cube.PlaceHolder = "Cube"
	f.borgD = newAscDice("Cube's dice", f.resolve)
	f.info = wrapLabel("")
	f.battle = boldLabel("")
	f.result = container.NewVBox()
	f.fleetBox = container.NewVBox()
	f.diceBox = container.NewVBox()
	f.addFleet()
	roll := rollButton(f.rollVirtual)
	f.roll = roll
	clear := widget.NewButtonWithIcon("Clear dice", theme.ContentClearIcon(), f.clearDice)
	more := widget.NewButtonWithIcon("Another player's fleet", theme.ContentAddIcon(), func() {
		if len(f.fleets) < 4 {
			f.addFleet()
			f.v.borg.show()
		}
	})
	f.box = container.NewVBox(
		heading("Cube battle"),
		wrapLabel("Players strike first in round 1. Each round the cube fires 9 dice minus its damage; its 6s regenerate one damage unless it died; its shields then rise by 1 (to +4). A cube dies at 9 damage."),
		f.cube, f.fleetBox, more, f.battle, f.info,
		widget.NewSeparator(), f.diceBox, f.borgD.box,
		container.NewGridWithColumns(2, roll, clear),
		f.result,
	)
	return f
}

func (f *cubeBattle) addFleet() {
	r := &fleetRow{}
	r.player = widget.NewSelect(nil, func(string) {
		if p := f.player(r); p != nil && r.player.Selected != r.lastLabel {
			r.lastLabel = r.player.Selected
			r.ships.clamp(1, p.Ships)
			r.ships.val = p.Ships
			r.ships.show()
			r.onSix.SetChecked(p.Faction == ascrules.Klingon)
		}
		f.changed()
	})
	r.player.PlaceHolder = "Player"
	r.ships = newNumStepper("Ships", 1, 1, 1, f.changed)
	r.bonus = newNumStepper("Bonus dice", 0, 0, 10, f.changed)
	r.onSix = widget.NewCheck("Hits on 6s always (Klingon)", func(bool) { f.changed() })
	r.d = newAscDice("Dice", f.resolve)
	r.loss = newNumStepper("Ships lost", 0, 0, 0, nil)
	r.box = container.NewVBox(r.player, r.ships.box, r.bonus.box, r.onSix)
	f.fleets = append(f.fleets, r)
}

func (f *cubeBattle) player(r *fleetRow) *tracker.AscPlayer {
	return f.v.player(f.v.playerChoices().ids[r.player.Selected])
}

// current returns the chosen cube.
func (f *cubeBattle) current() (borgrules.Cube, bool) {
	if f.v.st == nil || f.v.st.Borg == nil {
		return borgrules.Cube{}, false
	}
	for _, c := range f.v.st.Borg.Cubes {
		if c.ID == f.cube.Selected {
			return c, true
		}
	}
	return borgrules.Cube{}, false
}

// engaged returns the fleets with a player chosen.
func (f *cubeBattle) engaged() ([]*fleetRow, []borgrules.Fleet) {
	var rows []*fleetRow
	var fl []borgrules.Fleet
	seen := map[string]bool{}
	for _, r := range f.fleets {
		p := f.player(r)
		if p == nil || p.Ships < 1 || seen[p.ID] {
			continue
		}
		seen[p.ID] = true
		rows = append(rows, r)
		fl = append(fl, borgrules.Fleet{Player: p.ID, Ships: r.ships.val, Weapons: p.Weapons, HitsOnSix: r.onSix.Checked, BonusDice: r.bonus.val})
	}
	return rows, fl
}

func (f *cubeBattle) show() fyne.CanvasObject {
	var ids []string
	for _, c := range f.v.st.Borg.Cubes {
		ids = append(ids, c.ID)
	}
	def := ""
	for _, c := range f.v.st.Borg.Cubes {
		if def == "" || (c.Round > 0 && f.v.st.Borg.Cubes[0].Round == 0) {
			def = c.ID // the first cube, or the one already fighting
		}
	}
	syncSelect(f.cube, ids, def)
	c := f.v.playerChoices()
	f.fleetBox.RemoveAll()
	for i, r := range f.fleets {
		d := ""
		if i == 0 {
			if seat := f.v.st.CurrentSeat(); seat != "" {
				d = c.labelOf(seat)
			}
		}
		syncSelect(r.player, c.labels, d)
		if p := f.player(r); p != nil {
			r.ships.clamp(1, p.Ships)
			if r.lastLabel == "" {
				r.lastLabel = r.player.Selected
				r.ships.val = p.Ships
				r.ships.show()
				r.onSix.Checked = p.Faction == ascrules.Klingon
			}
		}
		f.fleetBox.Add(boldLabel(fmt.Sprintf("Fleet %d", i+1)))
		f.fleetBox.Add(r.box)
	}
	f.changed()
	return f.box
}

func (f *cubeBattle) changed() {
	if f.result == nil || f.v.st == nil {
		return
	}
	cube, ok := f.current()
	rows, fleets := f.engaged()
	if !ok || len(fleets) == 0 {
		f.info.SetText("Choose the cube and at least one player with ships.")
		f.battle.SetText("")
		f.result.RemoveAll()
		return
	}
	hit, err := f.v.st.Borg.Hits.HitRoll(len(f.v.st.Borg.Spires))
	if err != nil {
		f.info.SetText(plainError(err))
		return
	}
	// Whole-battle odds: the fleets together when they hit alike.
	total, same := 0, true
	for _, fl := range fleets {
		total += fl.Ships
		same = same && fl.Weapons == fleets[0].Weapons && fl.HitsOnSix == fleets[0].HitsOnSix
	}
	bonus := 0
	for _, fl := range fleets {
		bonus += fl.BonusDice
	}
	setup := odds.CubeBattleSetup{Ships: total, Weapons: fleets[0].Weapons, HitsOnSix: fleets[0].HitsOnSix, BonusDice: bonus, Cube: cube, BorgHit: hit}
	when := "Whole battle from here"
	if cube.Round == 0 {
		when = "Whole battle, before engaging"
	}
	if !same {
		when += " (fleets counted as hitting like the first)"
	}
	if o, err := odds.CubeBattle(setup); err == nil {
		f.battle.SetText(fmt.Sprintf("%s: cube destroyed %s · players wiped out %s · forced to retreat %s · about %.1f ships lost over %.1f rounds.",
			when, widgets.Percent(o.CubeDestroyed), widgets.Percent(o.PlayersWiped), widgets.Percent(o.ForcedRetreat), o.ExpectedShipsLost, o.ExpectedRounds))
	} else {
		f.battle.SetText(err.Error())
	}
	first := cube.Round == 0
	info := fmt.Sprintf("Round %d: the cube fires up to %d dice hitting on %d+ (shields ignored).", cube.Round+1, cube.Dice(), hit)
	if first {
		info += " Players strike first: the cube fires only the dice its damage leaves."
	}
	for i, fl := range fleets {
		t, can := borgrules.PlayerTarget(fl.Weapons, cube.Shields, fl.HitsOnSix)
		rows[i].d.title.SetText(fmt.Sprintf("%s's dice (%d, hit on %s)", f.v.seatName(fl.Player), fl.Dice(), hitText(t, can)))
		rows[i].d.pad.SetMax(fl.Dice())
	}
	f.borgD.pad.SetMax(cube.Dice())
	f.borgD.title.SetText(fmt.Sprintf("Cube's dice (up to %d, hit on %d+; 6s regenerate)", cube.Dice(), hit))
	if ro, err := odds.CubeRound(setup); err == nil {
		info += fmt.Sprintf(" This round: cube destroyed %s, expected Borg hits %.1f.", widgets.Percent(ro.CubeDestroyed), ro.BorgHits.Expected())
	}
	f.info.SetText(info)
	f.resolve()
}

func (f *cubeBattle) clearDice() {
	for _, r := range f.fleets {
		r.d.set(ascPool{})
	}
	f.borgD.set(ascPool{})
	f.resolve()
}

// rollVirtual rolls every fleet's dice, then the dice the cube has left
// after first strike.
func (f *cubeBattle) rollVirtual() {
	cube, ok := f.current()
	rows, fleets := f.engaged()
	if !ok || len(fleets) == 0 {
		f.v.gs.say("Choose the cube and the fleets first.", true)
		return
	}
	hits := 0
	for i, fl := range fleets {
		p, err := f.v.ascRoll(fl.Dice())
		if err != nil {
			f.v.gs.say(err.Error(), true)
			return
		}
		rows[i].d.set(p)
		if t, can := borgrules.PlayerTarget(fl.Weapons, cube.Shields, fl.HitsOnSix); can {
			hits += p.faces.CountAtLeast(t)
		}
	}
	bp, err := f.v.ascRoll(borgrules.BorgDiceDue(cube, cube.Round == 0, hits))
	if err != nil {
		f.v.gs.say(err.Error(), true)
		return
	}
	f.borgD.set(bp)
	f.resolve()
}

// resolve explains the round as the dice stand, asks who loses ships, and
// offers to apply it.
func (f *cubeBattle) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	cube, ok := f.current()
	rows, fleets := f.engaged()
	if !ok || len(fleets) == 0 {
		return
	}
	hit, err := f.v.st.Borg.Hits.HitRoll(len(f.v.st.Borg.Spires))
	if err != nil {
		return
	}
	f.diceBox.RemoveAll()
	for _, r := range rows {
		f.diceBox.Add(r.d.box)
	}
	f.diceBox.Refresh()
	r := borgrules.CubeRound{Cube: cube, Fleets: fleets, BorgHit: hit, BorgFaces: f.borgD.pool.faces}
	anyDice := len(f.borgD.pool.faces) > 0
	for _, row := range rows {
		r.PlayerFaces = append(r.PlayerFaces, row.d.pool.faces)
		anyDice = anyDice || len(row.d.pool.faces) > 0
	}
	if !anyDice {
		return
	}
	res, err := borgrules.ResolveCubeRound(r)
	if err != nil {
		f.result.Add(wrapLabel("Waiting for the dice: " + err.Error()))
		return
	}
	for i, fr := range res.Fleets {
		rows[i].d.mark(fr.Target)
	}
	f.borgD.mark(hit)
	head := fmt.Sprintf("Players %d hit(s), the cube %d", res.PlayerHits, res.BorgHits)
	if res.CubeDestroyed {
		head = fmt.Sprintf("The cube is destroyed (players %d hit(s), cube %d)", res.PlayerHits, res.BorgHits)
	}
	f.result.Add(bigResult(head))
	var lines []string
	if res.Regenerated > 0 {
		lines = append(lines, fmt.Sprintf("The cube rolled %d six(es): it regenerates %d damage.", res.Sixes, res.Regenerated))
	}
	if !res.CubeDestroyed {
		lines = append(lines, fmt.Sprintf("Cube damage %d (it fires %d dice next round); adaptive shields now +%d.", res.Cube.Damage, res.Cube.Dice(), res.Cube.Shields))
	}
	for _, fr := range res.Fleets {
		name := f.v.seatName(fr.Player)
		if fr.ForcedRetreat {
			lines = append(lines, name+" can no longer hit the cube through its shields: forced to retreat.")
		}
		if fr.DrawsTech {
			lines = append(lines, name+" draws a Borg tech card.")
		}
	}
	f.result.Add(explainLines(lines))
	due := 0
	var ships []int
	for _, fl := range fleets {
		due += fl.Ships
		ships = append(ships, fl.Ships)
	}
	due = min(res.BorgHits, due)
	if len(fleets) > 1 && due > 0 {
		alloc := borgrules.AllocateInTurnOrder(due, ships)
		f.result.Add(boldLabel(fmt.Sprintf("Allocate %d ship loss(es) among the fleets (turn order suggested):", due)))
		for i, row := range rows {
			row.loss.label = f.v.seatName(fleets[i].Player) + " loses"
			row.loss.clamp(0, fleets[i].Ships)
			if i < len(alloc) && row.loss.val == 0 {
				row.loss.val = alloc[i]
				row.loss.show()
			}
			f.result.Add(row.loss.box)
		}
	}
	addApplyButton(f.result, fmt.Sprintf("Apply round %d", cube.Round+1), func() {
		cmd := tracker.CubeRound{Cube: cube.ID, BorgRoll: f.borgD.pool.roll()}
		if len(fleets) > 1 {
			cmd.Losses = map[string]int{}
		}
		for i, fl := range fleets {
			cmd.Fleets = append(cmd.Fleets, tracker.CubeFleet{Player: fl.Player, Ships: fl.Ships, BonusDice: fl.BonusDice,
				HitsOnSix: fl.HitsOnSix, Roll: rows[i].d.pool.roll()})
			if cmd.Losses != nil {
				cmd.Losses[fl.Player] = rows[i].loss.val
			}
		}
		if f.v.exec(cmd) {
			msg := fmt.Sprintf("Round %d against %s applied.", cube.Round+1, cube.ID)
			if res.CubeDestroyed {
				msg = cube.ID + " is destroyed."
			}
			f.v.gs.say(msg, false)
			for _, row := range rows {
				row.loss.val = 0
			}
			f.clearDice()
		}
	})
	f.result.Add(captionLabel("After a round the players may retreat: then tap \"Battle over\" on the cube's card (it repairs and its shields drop)."))
}

// assimForm is a cube assimilating a player's developed system, round by
// round: the odds of the round, the system's dice (one per node, one for a
// starbase) and the cube's, the result, the nodes lost, applied at once.
type assimForm struct {
	v        *ascView
	box      *fyne.Container
	cube     *widget.Select
	defender *widget.Select
	system   *widget.Entry
	nodes    *numStepper
	starbase *widget.Check
	onSix    *widget.Check
	lost     *widget.Entry
	sbLost   *widget.Check
	info     *widget.Label
	defD     *ascDice
	borgD    *ascDice
	result   *fyne.Container
}

func newAssimForm(v *ascView) *assimForm {
	f := &assimForm{v: v}
	f.cube = widget.NewSelect(nil, func(string) { f.changed() })
	f.cube.PlaceHolder = "Assimilating cube"
	f.defender = widget.NewSelect(nil, func(string) {
		if p := f.player(); p != nil {
			f.onSix.SetChecked(p.Faction == ascrules.Klingon)
		}
		f.changed()
	})
	f.defender.PlaceHolder = "Whose system"
	f.system = placeholderEntry("System under assimilation")
	f.nodes = newNumStepper("Nodes (with control)", 2, 0, 20, f.changed)
	f.starbase = widget.NewCheck("Starbase in the system (+1 die)", func(bool) { f.changed() })
	f.onSix = widget.NewCheck("Hits on 6s always (Klingon)", func(bool) { f.changed() })
	f.lost = placeholderEntry("Nodes destroyed, e.g. 1P")
	f.sbLost = widget.NewCheck("The starbase was destroyed", nil)
	f.info = wrapLabel("")
	f.defD = newAscDice("System's dice", f.resolve)
	f.borgD = newAscDice("Cube's dice", f.resolve)
	f.result = container.NewVBox()
	roll := rollButton(f.rollVirtual)
	f.box = container.NewVBox(
		heading("Assimilation"),
		wrapLabel("A cube at a developed system fights it like a space battle: the system rolls a die per node and one for a starbase, and strikes first in round 1. Every Borg hit destroys a node (a starbase counts as one). When nothing is left, the system is assimilated and a spire goes on it."),
		f.cube, f.defender, f.system, f.nodes.box, f.starbase, f.onSix, f.info,
		widget.NewSeparator(), f.defD.box, f.borgD.box, roll, f.lost, f.sbLost, f.result)
	return f
}

func (f *assimForm) player() *tracker.AscPlayer {
	return f.v.player(f.v.playerChoices().ids[f.defender.Selected])
}

func (f *assimForm) currentCube() (borgrules.Cube, bool) {
	for _, c := range f.v.st.Borg.Cubes {
		if c.ID == f.cube.Selected {
			return c, true
		}
	}
	return borgrules.Cube{}, false
}

func (f *assimForm) show() fyne.CanvasObject {
	var ids []string
	for _, c := range f.v.st.Borg.Cubes {
		ids = append(ids, c.ID)
	}
	def := ""
	if len(ids) > 0 {
		def = ids[0]
	}
	syncSelect(f.cube, ids, def)
	syncSelect(f.defender, f.v.playerChoices().labels, "")
	f.changed()
	return f.box
}

// setup returns the rules' view of the round (faces not set).
func (f *assimForm) setup() (borgrules.Assimilation, *tracker.AscPlayer, bool) {
	cube, ok := f.currentCube()
	p := f.player()
	if !ok || p == nil || f.v.st.Borg == nil {
		return borgrules.Assimilation{}, nil, false
	}
	hit, err := f.v.st.Borg.Hits.HitRoll(len(f.v.st.Borg.Spires))
	if err != nil {
		return borgrules.Assimilation{}, nil, false
	}
	return borgrules.Assimilation{Cube: cube, Nodes: f.nodes.val, Starbase: f.starbase.Checked, DefenderWeapons: p.Weapons,
		DefenderHitsOnSix: f.onSix.Checked, BorgHit: hit}, p, true
}

func (f *assimForm) structures(a borgrules.Assimilation) int {
	n := a.Nodes
	if a.Starbase {
		n++
	}
	return n
}

func (f *assimForm) changed() {
	if f.result == nil || f.v.st == nil || f.v.st.Borg == nil {
		return
	}
	a, _, ok := f.setup()
	if !ok {
		f.info.SetText("Choose the cube and whose system it is.")
		return
	}
	n := f.structures(a)
	t, can := borgrules.PlayerTarget(a.DefenderWeapons, a.Cube.Shields, a.DefenderHitsOnSix)
	f.defD.title.SetText(fmt.Sprintf("System's dice (%d, hit on %s)", n, hitText(t, can)))
	f.defD.pad.SetMax(n)
	f.borgD.title.SetText(fmt.Sprintf("Cube's dice (up to %d, hit on %d+)", a.Cube.Dice(), a.BorgHit))
	f.borgD.pad.SetMax(a.Cube.Dice())
	// The round is a cube round with one die per structure.
	o, err := odds.CubeRound(odds.CubeBattleSetup{Ships: n, Weapons: a.DefenderWeapons, HitsOnSix: a.DefenderHitsOnSix, Cube: a.Cube, BorgHit: a.BorgHit})
	if err != nil {
		f.info.SetText(err.Error())
		return
	}
	f.info.SetText(fmt.Sprintf("This round: assimilated %s · cube destroyed %s · expected structures lost %.1f of %d.",
		widgets.Percent(o.BorgHits.AtLeast(n)), widgets.Percent(o.CubeDestroyed), min(o.BorgHits.Expected(), float64(n)), n))
	f.resolve()
}

func (f *assimForm) rollVirtual() {
	a, _, ok := f.setup()
	if !ok {
		f.v.gs.say("Choose the cube and whose system it is first.", true)
		return
	}
	d, b, ok := f.v.rollPair(f.structures(a), func(d ascPool) int {
		hits := 0
		if t, can := borgrules.PlayerTarget(a.DefenderWeapons, a.Cube.Shields, a.DefenderHitsOnSix); can {
			hits = d.faces.CountAtLeast(t)
		}
		return borgrules.BorgDiceDue(a.Cube, a.Cube.Round == 0, hits)
	})
	if !ok {
		return
	}
	f.defD.set(d)
	f.borgD.set(b)
	f.resolve()
}

func (f *assimForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	a, p, ok := f.setup()
	if !ok || len(f.defD.pool.faces) == 0 {
		return
	}
	a.DefenderFaces, a.BorgFaces = f.defD.pool.faces, f.borgD.pool.faces
	res, err := borgrules.ResolveAssimilation(a)
	if err != nil {
		f.result.Add(wrapLabel("Waiting for the dice: " + err.Error()))
		return
	}
	f.defD.mark(res.DefenderTarget)
	f.borgD.mark(a.BorgHit)
	head := fmt.Sprintf("%s %d hit(s), the cube %d: %d structure(s) left", p.Name, res.DefenderHits, res.BorgHits, res.StructuresLeft)
	switch {
	case res.CubeDestroyed:
		head = "The cube is destroyed"
	case res.Assimilated:
		head = "The system is assimilated"
	}
	f.result.Add(bigResult(head))
	var lines []string
	if res.StructuresDestroyed > 0 && !res.Assimilated {
		lines = append(lines, fmt.Sprintf("%s chooses the %d structure(s) lost: type the resource nodes above; tick the starbase if it fell.", p.Name, res.StructuresDestroyed))
	}
	if res.Regenerated > 0 {
		lines = append(lines, fmt.Sprintf("The cube regenerates %d damage.", res.Regenerated))
	}
	if res.Assimilated {
		lines = append(lines, "A spire is placed on the system.")
	}
	if res.StarbaseAssimilated {
		lines = append(lines, "The starbase is assimilated: every spire gains a node.")
	}
	f.result.Add(explainLines(lines))
	addApplyButton(f.result, fmt.Sprintf("Apply round %d", a.Cube.Round+1), func() {
		lost, err := parseCost(f.lost.Text)
		if err != nil {
			f.v.gs.say("Nodes destroyed: "+err.Error(), true)
			return
		}
		cmd := tracker.AssimilationRound{Cube: a.Cube.ID, Defender: p.ID, System: f.system.Text, Nodes: a.Nodes, Starbase: a.Starbase,
			HitsOnSix: a.DefenderHitsOnSix, DefenderRoll: f.defD.pool.roll(), BorgRoll: f.borgD.pool.roll(), NodesLost: lost, StarbaseLost: f.sbLost.Checked}
		if f.v.exec(cmd) {
			f.v.gs.say("Assimilation round applied.", false)
			f.nodes.val = max(0, a.Nodes-lost.Total())
			f.nodes.show()
			if f.sbLost.Checked {
				f.starbase.SetChecked(false)
			}
			f.lost.SetText("")
			f.sbLost.SetChecked(false)
			f.defD.set(ascPool{})
			f.borgD.set(ascPool{})
			f.changed()
		}
	})
}

// reclaimForm is a player invading a Borg system to reclaim it: hits at
// least equal to its structures remove it; fewer do nothing and the spire
// grows. The odds are the chance to reclaim it this round.
type reclaimForm struct {
	v      *ascView
	box    *fyne.Container
	spire  *widget.Select
	side   *sideForm
	onSix  *widget.Check
	info   *widget.Label
	d      *ascDice
	borgD  *ascDice
	result *fyne.Container
}

func newReclaimForm(v *ascView) *reclaimForm {
	f := &reclaimForm{v: v}
	f.spire = widget.NewSelect(nil, func(string) { f.changed() })
	f.spire.PlaceHolder = "Borg system"
	f.side = newSideForm(v, "Attacker", false, f.changed)
	f.side.firstStrike.Hide()
	f.onSix = widget.NewCheck("Hits on 6s always (Klingon)", func(bool) { f.changed() })
	f.info = wrapLabel("")
	f.d = newAscDice("Attacker's dice", f.resolve)
	f.borgD = newAscDice("Borg system's dice (optional)", f.resolve)
	f.result = container.NewVBox()
	roll := rollButton(f.rollVirtual)
	f.box = container.NewVBox(heading("Reclaim a Borg system"),
		wrapLabel("Invade a Borg system: no first strike; its shields are its nodes. Hits at least equal to its structures (spire, nodes, a cube on the spire) remove them all; fewer do nothing and the spire gains a node."),
		f.spire, f.side.box, f.onSix, f.info, widget.NewSeparator(), f.d.box, f.borgD.box, roll, f.result)
	return f
}

func (f *reclaimForm) show() fyne.CanvasObject {
	var ids []string
	for _, s := range f.v.st.Borg.Spires {
		ids = append(ids, s.ID+" · "+s.System)
	}
	def := ""
	if len(ids) > 0 {
		def = ids[0]
	}
	syncSelect(f.spire, ids, def)
	d := ""
	if seat := f.v.st.CurrentSeat(); seat != "" {
		d = f.v.playerChoices().labelOf(seat)
	}
	f.side.show(d)
	f.changed()
	return f.box
}

func (f *reclaimForm) setup() (borgrules.Reclaim, bool) {
	s, ok := f.side.side()
	if !ok || f.v.st.Borg == nil {
		return borgrules.Reclaim{}, false
	}
	for _, sp := range f.v.st.Borg.Spires {
		if sp.ID+" · "+sp.System == f.spire.Selected {
			return borgrules.Reclaim{Spire: sp, Fleet: borgrules.Fleet{Player: s.Player, Ships: s.Ships, Weapons: s.Weapons, HitsOnSix: f.onSix.Checked}}, true
		}
	}
	return borgrules.Reclaim{}, false
}

func (f *reclaimForm) changed() {
	if f.result == nil || f.v.st == nil || f.v.st.Borg == nil {
		return
	}
	r, ok := f.setup()
	if !ok {
		f.info.SetText("Choose the Borg system and the attacker.")
		return
	}
	n := r.Spire.Structures()
	t, can := borgrules.PlayerTarget(r.Fleet.Weapons, r.Spire.Nodes, r.Fleet.HitsOnSix)
	f.d.title.SetText(fmt.Sprintf("Attacker's dice (%d, hit on %s)", r.Fleet.Dice(), hitText(t, can)))
	f.d.pad.SetMax(r.Fleet.Dice())
	f.borgD.pad.SetMax(n)
	chance := 0.0
	if can {
		chance = odds.BattleHits(r.Fleet.Dice(), t).AtLeast(n)
	}
	info := fmt.Sprintf("%d structure(s) to destroy at once: reclaimed this round %s.", n, widgets.Percent(chance))
	if r.Fleet.Dice() < n {
		info = fmt.Sprintf("%d structure(s) and only %d dice: this fleet cannot reclaim it.", n, r.Fleet.Dice())
	}
	f.info.SetText(info)
	f.resolve()
}

func (f *reclaimForm) rollVirtual() {
	r, ok := f.setup()
	if !ok {
		f.v.gs.say("Choose the Borg system and the attacker first.", true)
		return
	}
	p, b, ok := f.v.rollPair(r.Fleet.Dice(), func(ascPool) int { return r.Spire.Structures() })
	if !ok {
		return
	}
	f.d.set(p)
	f.borgD.set(b)
	f.resolve()
}

func (f *reclaimForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	r, ok := f.setup()
	if !ok || len(f.d.pool.faces) == 0 {
		return
	}
	r.PlayerFaces = f.d.pool.faces
	hit, err := f.v.st.Borg.Hits.HitRoll(len(f.v.st.Borg.Spires))
	if len(f.borgD.pool.faces) > 0 {
		if err != nil {
			f.result.Add(wrapLabel(plainError(err)))
			return
		}
		r.BorgFaces, r.BorgHit = f.borgD.pool.faces, hit
	}
	res, err := borgrules.ResolveReclaim(r)
	if err != nil {
		f.result.Add(wrapLabel("Waiting for the dice: " + err.Error()))
		return
	}
	f.d.mark(res.Target)
	if len(r.BorgFaces) > 0 {
		f.borgD.mark(hit)
	}
	head := fmt.Sprintf("%d hit(s) on %d structure(s): no effect", res.Hits, res.Structures)
	if res.Reclaimed {
		head = fmt.Sprintf("%d hit(s) on %d structure(s): reclaimed", res.Hits, res.Structures)
	}
	f.result.Add(bigResult(head))
	var lines []string
	if res.Reclaimed {
		lines = append(lines, "Remove every Borg structure; the system must be colonized anew; draw a Borg tech card.")
	} else {
		lines = append(lines, fmt.Sprintf("The spire gains a node (%d).", res.Spire.Nodes))
	}
	if res.BorgHits > 0 {
		lines = append(lines, fmt.Sprintf("The Borg system's dice destroy %d ship(s).", min(res.BorgHits, r.Fleet.Ships)))
	}
	f.result.Add(explainLines(lines))
	addApplyButton(f.result, "Apply", func() {
		cmd := tracker.ReclaimRound{Spire: r.Spire.ID, Player: r.Fleet.Player, Ships: r.Fleet.Ships, HitsOnSix: r.Fleet.HitsOnSix,
			PlayerRoll: f.d.pool.roll()}
		if len(f.borgD.pool.faces) > 0 {
			cmd.BorgRoll = f.borgD.pool.roll()
		}
		if f.v.exec(cmd) {
			f.v.gs.say("Reclaim round applied.", false)
			f.d.set(ascPool{})
			f.borgD.set(ascPool{})
			f.changed()
		}
	})
}
