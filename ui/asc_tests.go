package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/widgets"
)

// invasionForm is one round of a planetary invasion.
type invasionForm struct {
	v        *ascView
	content  fyne.CanvasObject
	round    *numStepper
	att      *sideForm
	defender *widget.Select
	system   *widget.Entry
	nodes    *numStepper
	level    *widget.Select
	defHit   *numStepper
	defSh    *numStepper
	defFirst *widget.Check
	lost     *widget.Entry
	indep    *fyne.Container
	info     *widget.Label
	oddsView *widgets.OddsView
	attD     *ascDice
	defD     *ascDice
	result   *fyne.Container
}

func newInvasionForm(v *ascView) *invasionForm {
	f := &invasionForm{v: v}
	f.round = newNumStepper("Round", 1, 1, 99, f.changed)
	f.att = newSideForm(v, "Attacker", false, f.changed)
	f.defender = widget.NewSelect(nil, func(string) { f.changed() })
	f.defender.PlaceHolder = "Defender"
	f.system = placeholderEntry("System name (optional)")
	f.nodes = newNumStepper("Nodes", 2, 1, 20, f.changed)
	f.defHit = newNumStepper("Hit roll", 5, 1, 6, f.changed)
	f.defSh = newNumStepper("Shields", 1, 0, 6, f.changed)
	f.level = widget.NewSelect([]string{"Pre-warp", "Level 1", "Level 2", "Level 3", "Level 4"}, func(s string) {
		if n, err := strconv.Atoi(strings.TrimPrefix(s, "Level ")); err == nil {
			if lv, err := ascrules.TechLevel(n); err == nil {
				f.defHit.val, f.defSh.val = lv.HitRoll, lv.Shields
				f.defHit.show()
				f.defSh.show()
			}
		}
		f.changed()
	})
	f.level.PlaceHolder = "Tech level (warp tokens)"
	f.indep = container.NewVBox(f.level, captionLabel("A pre-warp system has no tech level in the rules: enter what your table uses."), f.defHit.box, f.defSh.box)
	f.defFirst = widget.NewCheck("Defending nodes have first strike", func(bool) { f.changed() })
	f.lost = placeholderEntry("Nodes the attacker destroys, e.g. 1P")
	f.info = wrapLabel("")
	f.oddsView = widgets.NewOddsView("Attacker's hits", nil)
	f.attD = newAscDice("Attacker's dice", f.resolve)
	f.defD = newAscDice("Nodes' dice", f.resolve)
	f.result = container.NewVBox()
	roll := rollButton(f.rollVirtual)
	clear := widget.NewButtonWithIcon("Clear dice", theme.ContentClearIcon(), func() {
		f.attD.set(ascPool{})
		f.defD.set(ascPool{})
		f.resolve()
	})
	surrender := widget.NewButtonWithIcon("Defender surrenders", theme.CancelIcon(), f.surrender)
	f.content = container.NewVBox(
		heading("Planetary invasion"),
		wrapLabel("Ships roll one die each, the planet one per node (control node included). More hits than nodes takes the system; equal destroys every node; fewer destroys that many resource nodes."),
		f.round.box, boldLabel("Attacker"), f.att.box,
		boldLabel("Defender"), f.defender, f.system, f.nodes.box, f.indep, f.defFirst,
		f.info, f.oddsView,
		widget.NewSeparator(),
		f.attD.box, f.defD.box,
		container.NewGridWithColumns(2, roll, clear),
		f.lost,
		f.result,
		surrender,
	)
	return f
}

func (f *invasionForm) show() {
	def := ""
	if seat := f.v.st.CurrentSeat(); seat != "" {
		def = f.v.playerChoices().labelOf(seat)
	}
	f.att.show(def)
	syncSelect(f.defender, append(append([]string{}, f.v.playerChoices().labels...), independent), independent)
	f.changed()
}

// invasion returns the rules' view of the invasion (faces not set).
func (f *invasionForm) invasion() (ascrules.Invasion, *tracker.AscPlayer, bool) {
	att, ok := f.att.side()
	if !ok {
		return ascrules.Invasion{}, nil, false
	}
	in := ascrules.Invasion{Round: f.round.val, Attacker: att, Nodes: f.nodes.val, DefenderFirstStrike: f.defFirst.Checked}
	var def *tracker.AscPlayer
	if f.defender.Selected == independent || f.defender.Selected == "" {
		in.DefenderWeapons, in.DefenderShields = f.defHit.val, f.defSh.val
	} else {
		def = f.v.player(f.v.playerChoices().ids[f.defender.Selected])
		if def == nil || def.ID == att.Player {
			return in, nil, false
		}
		in.Controlled, in.DefenderWeapons, in.DefenderShields = true, def.Weapons, def.Shields
	}
	return in, def, true
}

func (f *invasionForm) changed() {
	if f.result == nil {
		return
	}
	in, def, ok := f.invasion()
	if def == nil {
		f.indep.Show()
	} else {
		f.indep.Hide()
	}
	if !ok {
		f.info.SetText("Choose an attacker with ships, and a defender other than the attacker.")
		f.oddsView.Hide()
		return
	}
	o, err := odds.InvasionRound(in)
	if err != nil {
		f.info.SetText(err.Error())
		f.oddsView.Hide()
		return
	}
	f.attD.title.SetText(fmt.Sprintf("Attacker's dice (%d, hit on %s)", in.Attacker.Ships+in.Attacker.BonusDice, hitText(o.AttackerTarget, o.AttackerCanHit)))
	f.defD.title.SetText(fmt.Sprintf("Nodes' dice (%d, hit on %s)", in.Nodes, hitText(o.DefenderTarget, o.DefenderCanHit)))
	f.attD.pad.SetMax(in.Attacker.Ships + in.Attacker.BonusDice)
	f.defD.pad.SetMax(in.Nodes)
	f.info.SetText(fmt.Sprintf("This round: system taken %s · total annihilation %s · collateral damage %s · invasion fails %s. Expected nodes destroyed %.1f.",
		widgets.Percent(o.Successful), widgets.Percent(o.Annihilation), widgets.Percent(o.Collateral), widgets.Percent(o.Failed), o.ExpectedNodesDestroyed))
	f.oddsView.SetDist([]float64(o.Hits))
	f.oddsView.Show()
	f.resolve()
}

func (f *invasionForm) rollVirtual() {
	in, _, ok := f.invasion()
	if !ok {
		f.v.gs.say("Choose the attacker and the defender first.", true)
		return
	}
	att := in.Attacker
	def := ascrules.Side{Ships: in.Nodes, Weapons: in.DefenderWeapons, Shields: in.DefenderShields, FirstStrike: in.DefenderFirstStrike}
	at, _ := ascrules.HitTarget(att.Weapons, in.DefenderShields)
	dt, _ := ascrules.HitTarget(in.DefenderWeapons, att.Shields)
	var a, d ascPool
	switch {
	case ascrules.StrikesFirst(in.Round, def, att):
		d, a, ok = f.v.rollPair(in.Nodes, func(d ascPool) int {
			return ascrules.DiceDue(att, ascrules.CountHits(d.faces, dt))
		})
	case ascrules.StrikesFirst(in.Round, att, def):
		a, d, ok = f.v.rollPair(att.Dice(), func(a ascPool) int {
			out, n := ascrules.InvasionResultFor(ascrules.CountHits(a.faces, at), in.Nodes)
			if out != ascrules.Collateral {
				return 0
			}
			return in.Nodes - n
		})
	default:
		a, d, ok = f.v.rollPair(att.Dice(), func(ascPool) int { return in.Nodes })
	}
	if !ok {
		return
	}
	f.attD.set(a)
	f.defD.set(d)
	f.resolve()
}

var invasionOutcomeText = map[ascrules.InvasionOutcome]string{
	ascrules.Successful:   "Successful invasion: the attacker takes the system",
	ascrules.Annihilation: "Total annihilation: every node is destroyed",
	ascrules.Collateral:   "Collateral damage",
	ascrules.Surrendered:  "The defender surrenders",
}

func (f *invasionForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	in, def, ok := f.invasion()
	if !ok || len(f.attD.pool.faces) == 0 {
		return
	}
	in.AttackerFaces, in.DefenderFaces = f.attD.pool.faces, f.defD.pool.faces
	res, err := ascrules.ResolveInvasion(in)
	if err != nil {
		f.result.Add(wrapLabel("Waiting for the dice: " + err.Error()))
		return
	}
	f.attD.mark(res.AttackerTarget)
	f.defD.mark(res.DefenderTarget)
	f.result.Add(bigResult(invasionOutcomeText[res.Outcome]))
	lines := []string{fmt.Sprintf("%d hit(s) against %d node(s): %d node(s) destroyed, %d left.", res.Hits, in.Nodes, res.NodesDestroyed, res.NodesLeft),
		fmt.Sprintf("The nodes score %d hit(s): the attacker loses %d ship(s), %d left.", res.DefenderHits, res.AttackerLosses, res.AttackerShipsLeft)}
	if res.Failed {
		lines = append(lines, "Every attacking ship is gone: the invasion fails.")
	} else if !res.Over {
		lines = append(lines, "Fight another round, retreat, or the defender may surrender.")
	}
	if def != nil && res.Outcome == ascrules.Collateral && res.NodesDestroyed > 0 {
		lines = append(lines, "The attacker chooses which resource nodes: type them above (e.g. 1P 1C) to take them off "+def.Name+"'s console.")
	}
	f.result.Add(explainLines(lines))
	addApplyButton(f.result, "Apply round "+strconv.Itoa(f.round.val), func() { f.apply(false) })
}

func (f *invasionForm) command(surrender bool) (tracker.InvasionRound, bool) {
	in, def, ok := f.invasion()
	if !ok {
		f.v.gs.say("Choose the attacker and the defender first.", true)
		return tracker.InvasionRound{}, false
	}
	lost, err := parseCost(f.lost.Text)
	if err != nil {
		f.v.gs.say("Nodes destroyed: "+err.Error(), true)
		return tracker.InvasionRound{}, false
	}
	cmd := tracker.InvasionRound{Round: in.Round, Attacker: in.Attacker.Player, Ships: in.Attacker.Ships, FirstStrike: in.Attacker.FirstStrike,
		System: f.system.Text, Nodes: in.Nodes, DefenderFirstStrike: in.DefenderFirstStrike, Surrender: surrender, NodesLost: lost}
	if def != nil {
		cmd.Defender = def.ID
	} else {
		cmd.DefenderWeapons, cmd.DefenderShields = in.DefenderWeapons, in.DefenderShields
	}
	if !surrender {
		cmd.AttackerRoll, cmd.DefenderRoll = f.attD.pool.roll(), f.defD.pool.roll()
	}
	return cmd, true
}

func (f *invasionForm) apply(surrender bool) {
	cmd, ok := f.command(surrender)
	if !ok || !f.v.exec(cmd) {
		return
	}
	f.v.gs.say("Invasion round applied.", false)
	f.round.val++
	f.round.show()
	f.lost.SetText("")
	f.attD.set(ascPool{})
	f.defD.set(ascPool{})
	f.changed()
}

func (f *invasionForm) surrender() { f.apply(true) }

// hazardForm is ships braving a hazardous system or phenomenon.
type hazardForm struct {
	v          *ascView
	content    fyne.CanvasObject
	side       *sideForm
	level      *numStepper
	phenomenon *widget.Check
	research   *numStepper
	info       *widget.Label
	oddsView   *widgets.OddsView
	d          *ascDice
	result     *fyne.Container
}

func newHazardForm(v *ascView) *hazardForm {
	f := &hazardForm{v: v}
	f.side = newSideForm(v, "Player", false, f.changed)
	f.side.firstStrike.Hide()
	f.level = newNumStepper("Hazard level", 3, 1, 6, f.changed)
	f.phenomenon = widget.NewCheck("Phenomenon (take its research)", func(bool) { f.changed() })
	f.research = newNumStepper("Research tokens", 0, 0, 20, f.changed)
	f.info = wrapLabel("")
	f.oddsView = widgets.NewOddsView("Ships destroyed", nil)
	f.d = newAscDice("Hazard dice (the player to the right rolls, one per ship)", f.resolve)
	f.result = container.NewVBox()
	roll := rollButton(f.rollVirtual)
	f.content = container.NewVBox(heading("Hazard"),
		wrapLabel("Each die at or above the hazard level plus your shields destroys one of your ships."),
		f.side.box, f.level.box, f.phenomenon, f.research.box, f.info, f.oddsView,
		widget.NewSeparator(), f.d.box, roll, f.result)
	return f
}

func (f *hazardForm) show() {
	def := ""
	if seat := f.v.st.CurrentSeat(); seat != "" {
		def = f.v.playerChoices().labelOf(seat)
	}
	f.side.show(def)
	f.changed()
}

func (f *hazardForm) changed() {
	if f.result == nil {
		return
	}
	s, ok := f.side.side()
	if !ok {
		f.info.SetText("Choose a player with ships on the board.")
		f.oddsView.Hide()
		return
	}
	target := f.level.val + s.Shields
	dist := odds.BattleHits(s.Ships, target)
	f.d.title.SetText(fmt.Sprintf("Hazard dice (%d; a ship is lost on %s)", s.Ships, hitText(target, target <= 6)))
	f.d.pad.SetMax(s.Ships)
	f.info.SetText(fmt.Sprintf("Every ship survives: %s · at least one survives: %s.", widgets.Percent(dist.P(0)), widgets.Percent(1-dist.P(s.Ships))))
	f.oddsView.SetDist([]float64(dist))
	f.oddsView.Show()
	f.resolve()
}

func (f *hazardForm) rollVirtual() {
	s, ok := f.side.side()
	if !ok {
		f.v.gs.say("Choose the player first.", true)
		return
	}
	p, err := f.v.ascRoll(s.Ships)
	if err != nil {
		f.v.gs.say(err.Error(), true)
		return
	}
	f.d.set(p)
	f.resolve()
}

func (f *hazardForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	s, ok := f.side.side()
	if !ok || len(f.d.pool.faces) == 0 {
		return
	}
	if len(f.d.pool.faces) != s.Ships {
		f.result.Add(wrapLabel(fmt.Sprintf("Waiting for the dice: %d of %d.", len(f.d.pool.faces), s.Ships)))
		return
	}
	res, err := ascrules.BraveHazard(ascrules.Hazard{Level: f.level.val, Shields: s.Shields, Faces: f.d.pool.faces,
		Phenomenon: f.phenomenon.Checked, ResearchTokens: f.research.val})
	if err != nil {
		f.result.Add(wrapLabel(err.Error()))
		return
	}
	f.d.mark(res.Target)
	f.result.Add(bigResult(fmt.Sprintf("%d ship(s) destroyed, %d survive", res.Destroyed, res.Survivors)))
	var lines []string
	if res.ResearchTaken > 0 {
		lines = append(lines, fmt.Sprintf("A ship survived: take the %d research token(s).", res.ResearchTaken))
	}
	if res.Explore {
		lines = append(lines, "A ship survived: resolve the system's exploration card if it has one.")
	}
	if res.Survivors == 0 && !f.phenomenon.Checked {
		lines = append(lines, "No ship survived: a newly found system's card goes face down on it.")
	}
	f.result.Add(explainLines(lines))
	addApplyButton(f.result, "Apply", func() {
		cmd := tracker.BraveHazard{Player: s.Player, Ships: s.Ships, Level: f.level.val, Phenomenon: f.phenomenon.Checked,
			ResearchTokens: f.research.val, Roll: f.d.pool.roll()}
		if f.v.exec(cmd) {
			f.v.gs.say("Hazard applied.", false)
			f.d.set(ascPool{})
			f.changed()
		}
	})
}

// dieTestForm is a one-die test against a number: cultural hegemony (die
// + ascendancy against the system's resistance) or a diplomacy test (die +
// ascendancy against the card's number).
type dieTestForm struct {
	v        *ascView
	hegemony bool
	content  fyne.CanvasObject
	player   *widget.Select
	target   *widget.Select
	name     *widget.Entry
	number   *numStepper
	info     *widget.Label
	d        *ascDice
	result   *fyne.Container
}

func newDieTestForm(v *ascView, hegemony bool) *dieTestForm {
	f := &dieTestForm{v: v, hegemony: hegemony}
	f.player = widget.NewSelect(nil, func(string) { f.changed() })
	f.player.PlaceHolder = "Player"
	f.d = newAscDice("The die", f.resolve)
	f.d.pad.SetMax(1)
	f.info = wrapLabel("")
	f.result = container.NewVBox()
	roll := rollButton(f.rollVirtual)
	box := container.NewVBox()
	if hegemony {
		f.target = widget.NewSelect(nil, func(string) { f.changed() })
		f.target.PlaceHolder = "Who controls the system"
		f.name = placeholderEntry("System name (optional)")
		f.number = newNumStepper("Resistance", 3, 0, 50, f.changed)
		box.Add(heading("Cultural hegemony"))
		box.Add(wrapLabel("Roll a die and add your ascendancy (not the Ferengi); beat the system's resistance to take it. 1 culture to try, 1 more on success; you need both before trying."))
		box.Add(captionLabel("Resistance: a rival's system counts its structures (nodes, control node, starbases) plus the rival's ascendancy; an independent system its nodes plus warp tokens."))
		box.Add(f.player)
		box.Add(f.target)
		box.Add(f.name)
	} else {
		f.name = placeholderEntry("Card (optional)")
		f.number = newNumStepper("Diplomacy number", 4, 0, 50, f.changed)
		box.Add(heading("Diplomacy test"))
		box.Add(wrapLabel("Roll a die and add your ascendancy; beat the card's diplomacy number to pass. A failed ally goes to the bottom of the exploration deck."))
		box.Add(f.player)
		box.Add(f.name)
	}
	box.Add(f.number.box)
	box.Add(f.info)
	box.Add(widget.NewSeparator())
	box.Add(f.d.box)
	box.Add(roll)
	box.Add(f.result)
	f.content = box
	return f
}

func (f *dieTestForm) p() *tracker.AscPlayer {
	return f.v.player(f.v.playerChoices().ids[f.player.Selected])
}

func (f *dieTestForm) show() {
	c := f.v.playerChoices()
	def := ""
	if seat := f.v.st.CurrentSeat(); seat != "" {
		def = c.labelOf(seat)
	}
	syncSelect(f.player, c.labels, def)
	if f.target != nil {
		syncSelect(f.target, append(append([]string{}, c.labels...), independent), independent)
	}
	f.changed()
}

func (f *dieTestForm) changed() {
	if f.result == nil {
		return
	}
	p := f.p()
	if p == nil {
		f.info.SetText("Choose the player.")
		return
	}
	faction := p.Faction
	if !f.hegemony {
		faction = "" // every civilization adds its ascendancy to diplomacy
	}
	chance := ascrules.HegemonyChance(p.Ascendancy, f.number.val, faction)
	add := p.Ascendancy
	if faction == ascrules.Ferengi {
		add = 0
	}
	f.info.SetText(fmt.Sprintf("%s adds %d: needs a total above %d. Chance: %s.", p.Name, add, f.number.val, widgets.Percent(chance)))
	f.resolve()
}

func (f *dieTestForm) rollVirtual() {
	pool, err := f.v.ascRoll(1)
	if err != nil {
		f.v.gs.say(err.Error(), true)
		return
	}
	f.d.set(pool)
	f.resolve()
}

func (f *dieTestForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	p := f.p()
	if p == nil || len(f.d.pool.faces) != 1 {
		return
	}
	roll := f.d.pool.faces[0]
	var verdict string
	var lines []string
	if f.hegemony {
		res, err := ascrules.ResolveHegemony(ascrules.Hegemony{Roll: roll, Ascendancy: p.Ascendancy, Resistance: f.number.val,
			Faction: p.Faction, Culture: p.Resources.Culture})
		if err != nil {
			f.result.Add(wrapLabel(err.Error()))
			return
		}
		verdict = fmt.Sprintf("%d against %d: hegemony fails", res.Total, f.number.val)
		if res.Success {
			verdict = fmt.Sprintf("%d against %d: %s takes control", res.Total, f.number.val, p.Name)
			lines = append(lines, "Place a control node on the system.")
		}
		lines = append(lines, fmt.Sprintf("%d culture spent.", res.CultureSpent))
	} else {
		total, pass, err := ascrules.Diplomacy(roll, p.Ascendancy, f.number.val)
		if err != nil {
			f.result.Add(wrapLabel(err.Error()))
			return
		}
		verdict = fmt.Sprintf("%d against %d: the test fails", total, f.number.val)
		if pass {
			verdict = fmt.Sprintf("%d against %d: the test passes", total, f.number.val)
		}
	}
	f.result.Add(bigResult(verdict))
	f.result.Add(explainLines(lines))
	addApplyButton(f.result, "Apply", func() {
		var cmd tracker.Command = tracker.TestDiplomacy{Player: p.ID, Card: f.name.Text, Number: f.number.val, Roll: f.d.pool.roll()}
		if f.hegemony {
			cmd = tracker.TryHegemony{Player: p.ID, Target: f.v.playerChoices().ids[f.target.Selected], System: f.name.Text,
				Resistance: f.number.val, Roll: f.d.pool.roll()}
		}
		if f.v.exec(cmd) {
			f.v.gs.say("Applied.", false)
			f.d.set(ascPool{})
			f.resolve()
		}
	})
}
