package ui

import (
	"fmt"
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
	if b.folds != nil {
		for _, it := range b.folds.Items {
			if it.Open != b.shownOpen[it.Title] {
				b.open[it.Title] = it.Open
			}
		}
	}
	b.box.RemoveAll()
	defer b.box.Refresh()
	b.box.Add(heading("The Borg"))
	bs := a.Borg
	if bs == nil {
		b.folds = nil
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
		cubes.Add(wrapLabel("No cube on the board."))
	}
	for _, c := range bs.Cubes {
		cubes.Add(b.cubeCard(c))
	}
	secs = append(secs, section{"Cubes", true, cubes})
	execution := a.Walker.Stage == tracker.AscExecution
	if len(bs.Cubes) > 0 && execution {
		fight := bs.Fight != nil && bs.Fight.Kind == tracker.FightSpace
		secs = append(secs, section{"Cube battle", true, b.fight.show()})
		assim := bs.Fight != nil && bs.Fight.Kind == tracker.FightAssimilation
		secs = append(secs, section{"Assimilation of a system", assim && !fight, b.assimilate.show()})
	}
	spires := container.NewVBox()
	if len(bs.Spires) == 0 {
		spires.Add(wrapLabel("No Borg system yet."))
	}
	for _, s := range bs.Spires {
		spires.Add(wrapLabel(spireLine(s)))
	}
	limit := borgrules.DefeatSpires
	if bs.ThreeSpires {
		limit = borgrules.OptionalDefeatSpires
	}
	spires.Add(captionLabel(fmt.Sprintf("When a system is assimilated, place a spire. With %d spires in play, needing one more means the players lose.", limit)))
	secs = append(secs, section{"Spires", true, spires})
	if len(bs.Spires) > 0 && execution {
		secs = append(secs, section{"Reclaim a Borg system", false, b.reclaim.show()})
	}
	secs = append(secs, section{"Change the board", !execution, b.changeBoard()})

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
	box.Add(container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon("Add cube", theme.ContentAddIcon(), func() {
		if v.exec(tracker.AddCube{System: b.cubeAt.Text}) {
			b.cubeAt.SetText("")
		}
	}), b.cubeAt))
	box.Add(b.spireNodes.box)
	box.Add(container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon("Place spire", theme.ContentAddIcon(), func() {
		if v.exec(tracker.PlaceSpire{System: b.spireAt.Text, Nodes: b.spireNodes.val}) {
			b.spireAt.SetText("")
		}
	}), b.spireAt))
	box.Add(widget.NewSeparator())
	c := v.playerChoices()
	syncSelect(b.assim, c.labels, "")
	box.Add(boldLabel("A civilization is assimilated"))
	box.Add(fitGrid(2, b.assim, widget.NewButton("Assimilate", func() {
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
	if f := cubeFight(b.v.st, c.ID); f != nil {
		rows.Add(wrapLabel(fmt.Sprintf("In battle: %d round(s) fought, %s fighting on.", c.Round, b.v.namesOf(f.Players))))
	} else if c.Round > 0 {
		rows.Add(captionLabel("Its last battle is over: it starts the next one fresh."))
	}
	if b.v.st.Walker.Stage == tracker.AscExecution {
		id := c.ID
		rows.Add(widget.NewButtonWithIcon("Fight this cube", theme.GridIcon(), func() {
			b.fight.cube.SetSelected(id)
		}))
	}
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
	box.Add(widget.NewButtonWithIcon("Scan the Borg card drawn", theme.MediaPhotoIcon(), func() {
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
		box.Add(wrapLabel("Activated: none yet"))
	} else {
		box.Add(wrapLabel("Activated: " + strings.Join(done, ", ")))
	}
	// The activate row keeps its place when every cube is done, so "End
	// the Borg turn" under it never moves under a finger.
	act := widget.NewButton("Activate "+next, func() {
		if v.exec(tracker.ActivateCube{Cube: next, System: b.activateAt.Text}) {
			b.activateAt.SetText("")
		}
	})
	if next == "" {
		act.SetText("Every cube activated")
		act.Disable()
		b.activateAt.Disable()
	} else {
		b.activateAt.Enable()
	}
	box.Add(container.NewBorder(nil, nil, nil, act, b.activateAt))
	end := widget.NewButtonWithIcon("3. End the Borg turn", theme.MediaSkipNextIcon(), func() { v.exec(tracker.NextPhase{}) })
	end.Importance = widget.HighImportance
	box.Add(end)
	return box
}
