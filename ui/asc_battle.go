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

// Battle panel modes.
const (
	modeSpace     = "Space battle"
	modeInvasion  = "Invasion"
	modeHazard    = "Hazard"
	modeHegemony  = "Hegemony"
	modeDiplomacy = "Diplomacy"
)

// independent is the defender choice for a system no player controls.
const independent = "Independent system"

// ascBattle is the Battle panel: space battles, planetary invasions,
// hazards, cultural hegemony and diplomacy tests, each with exact odds
// before the roll, dice typed in or rolled by the app, the outcome
// explained, and one tap to apply it to the tracker.
type ascBattle struct {
	v       *ascView
	content fyne.CanvasObject
	mode    *widget.Select
	body    *fyne.Container

	space *spaceForm
	inv   *invasionForm
	haz   *hazardForm
	heg   *dieTestForm
	dip   *dieTestForm
}

func newAscBattle(v *ascView) *ascBattle {
	b := &ascBattle{v: v}
	b.space = newSpaceForm(v)
	b.inv = newInvasionForm(v)
	b.haz = newHazardForm(v)
	b.heg = newDieTestForm(v, true)
	b.dip = newDieTestForm(v, false)
	b.body = container.NewStack(b.space.content)
	b.mode = widget.NewSelect([]string{modeSpace, modeInvasion, modeHazard, modeHegemony, modeDiplomacy}, func(m string) {
		b.body.Objects = []fyne.CanvasObject{b.form(m)}
		b.body.Refresh()
		b.show()
	})
	b.mode.Selected = modeSpace
	b.content = container.NewBorder(padded(b.mode), nil, nil, nil, container.NewVScroll(padded(b.body)))
	return b
}

func (b *ascBattle) form(m string) fyne.CanvasObject {
	switch m {
	case modeInvasion:
		return b.inv.content
	case modeHazard:
		return b.haz.content
	case modeHegemony:
		return b.heg.content
	case modeDiplomacy:
		return b.dip.content
	}
	return b.space.content
}

// open shows a mode with a player chosen (e.g. hegemony from the console).
func (b *ascBattle) open(mode, player string) {
	b.mode.SetSelected(mode)
	if mode == modeHegemony {
		b.heg.player.SetSelected(b.v.playerChoices().labelOf(player))
	}
	b.v.gs.layout.show("Battle")
}

func (b *ascBattle) show() {
	if b.v.st == nil {
		return
	}
	b.space.show()
	b.inv.show()
	b.haz.show()
	b.heg.show()
	b.dip.show()
}

func (b *ascBattle) rollNow() {
	switch b.mode.Selected {
	case modeInvasion:
		b.inv.rollVirtual()
	case modeHazard:
		b.haz.rollVirtual()
	case modeHegemony:
		b.heg.rollVirtual()
	case modeDiplomacy:
		b.dip.rollVirtual()
	default:
		b.space.rollVirtual()
	}
}

// sideForm is one player's ships in a battle.
type sideForm struct {
	v           *ascView
	last        string // the player the ships count was filled for
	player      *widget.Select
	ships       *numStepper
	starbase    *widget.Check
	firstStrike *widget.Check
	box         *fyne.Container
}

func newSideForm(v *ascView, who string, starbase bool, changed func()) *sideForm {
	s := &sideForm{v: v}
	s.player = widget.NewSelect(nil, func(string) {
		s.fill()
		changed()
	})
	s.player.PlaceHolder = who
	s.ships = newNumStepper("Ships", 1, 1, 1, changed)
	s.firstStrike = widget.NewCheck("First strike (advancement)", func(bool) { changed() })
	s.box = container.NewVBox(s.player, s.ships.box)
	if starbase {
		s.starbase = widget.NewCheck("Starbase in orbit (+1 die)", func(bool) { changed() })
		s.box.Add(s.starbase)
	}
	s.box.Add(s.firstStrike)
	return s
}

func (s *sideForm) p() *tracker.AscPlayer {
	return s.v.player(s.v.playerChoices().ids[s.player.Selected])
}

func (s *sideForm) show(def string) {
	syncSelect(s.player, s.v.playerChoices().labels, def)
	s.fill()
}

// fill keeps the ships within the player's ships, and puts all of them in
// when another player is chosen.
func (s *sideForm) fill() {
	p := s.p()
	if p == nil {
		return
	}
	s.ships.clamp(1, p.Ships)
	if s.player.Selected != s.last {
		s.last = s.player.Selected
		s.ships.val = max(1, p.Ships)
		s.ships.clamp(1, p.Ships)
	}
}

// side returns the rules' view of the side (ok false until a player with
// ships is chosen).
func (s *sideForm) side() (ascrules.Side, bool) {
	p := s.p()
	if p == nil || p.Ships < 1 {
		return ascrules.Side{}, false
	}
	sd := ascrules.Side{Player: p.ID, Ships: s.ships.val, Weapons: p.Weapons, Shields: p.Shields, FirstStrike: s.firstStrike.Checked}
	if s.starbase != nil {
		sd.Starbase = s.starbase.Checked
	}
	return sd, true
}

// spaceForm is one round of a space battle: an attacker against one or
// more defenders (with several, the attacker splits their dice between
// them before rolling).
type spaceForm struct {
	v        *ascView
	content  fyne.CanvasObject
	round    *numStepper
	att      *sideForm
	defs     []*defSlot
	defBox   *fyne.Container
	diceBox  *fyne.Container
	attD     *ascDice // the attacker's dice against the first defender
	defD     *ascDice // the first defender's dice
	info     *widget.Label
	oddsView *widgets.OddsView
	result   *fyne.Container
	fewer    *widget.Button
}

// defSlot is one defender: their side, the attacker's dice aimed at them,
// and both pools of dice.
type defSlot struct {
	side  *sideForm
	split *numStepper
	attD  *ascDice
	defD  *ascDice
}

func newSpaceForm(v *ascView) *spaceForm {
	f := &spaceForm{v: v}
	f.round = newNumStepper("Round", 1, 1, 99, f.changed)
	f.att = newSideForm(v, "Attacker", true, f.changed)
	f.defBox = container.NewVBox()
	f.diceBox = container.NewVBox()
	f.addDefender()
	f.attD, f.defD = f.defs[0].attD, f.defs[0].defD
	f.info = wrapLabel("")
	f.oddsView = widgets.NewOddsView("Defender ships lost this round", nil)
	f.result = container.NewVBox()
	roll := rollButton(f.rollVirtual)
	clear := widget.NewButtonWithIcon("Clear dice", theme.ContentClearIcon(), f.clear)
	more := widget.NewButtonWithIcon("Another defender", theme.ContentAddIcon(), func() {
		if len(f.defs) < 3 {
			f.addDefender()
			f.show()
		}
	})
	fewer := widget.NewButtonWithIcon("One defender less", theme.ContentRemoveIcon(), func() {
		if len(f.defs) > 1 {
			f.defs = f.defs[:len(f.defs)-1]
			f.show()
		}
	})
	f.fewer = fewer
	fewer.Hide()
	f.content = container.NewVBox(
		heading("Space battle"),
		wrapLabel("One round at a time. Each ship rolls a die (a starbase adds one); a die at or above your weapons plus the enemy's shields destroys a ship."),
		f.round.box,
		boldLabel("Attacker"), f.att.box,
		f.defBox, more, fewer,
		f.info, f.oddsView,
		widget.NewSeparator(),
		f.diceBox,
		container.NewGridWithColumns(2, roll, clear),
		f.result,
	)
	return f
}

func (f *spaceForm) addDefender() {
	d := &defSlot{side: newSideForm(f.v, "Defender", true, f.changed)}
	d.split = newNumStepper("Attacker's dice here", 0, 0, 0, f.changed)
	d.attD = newAscDice("Attacker's dice", f.resolve)
	d.defD = newAscDice("Defender's dice", f.resolve)
	f.defs = append(f.defs, d)
}

func (f *spaceForm) show() {
	c := f.v.playerChoices()
	def := ""
	if seat := f.v.st.CurrentSeat(); seat != "" {
		def = c.labelOf(seat)
	}
	f.att.show(def)
	taken := map[string]bool{f.att.player.Selected: true}
	f.defBox.RemoveAll()
	for i, d := range f.defs {
		other := ""
		for _, l := range c.labels {
			if !taken[l] && other == "" {
				other = l
			}
		}
		d.side.show(other)
		taken[d.side.player.Selected] = true
		title := "Defender"
		if len(f.defs) > 1 {
			title = fmt.Sprintf("Defender %d", i+1)
		}
		f.defBox.Add(boldLabel(title))
		f.defBox.Add(d.side.box)
		if len(f.defs) > 1 {
			f.defBox.Add(d.split.box)
		}
	}
	f.defBox.Refresh()
	if len(f.defs) > 1 {
		f.fewer.Show()
	} else {
		f.fewer.Hide()
	}
	f.changed()
}

// sides returns the attacker and the defenders (ok when all are chosen,
// have ships, and are different players).
func (f *spaceForm) sides() (att ascrules.Side, defs []ascrules.Side, ok bool) {
	a, ok := f.att.side()
	if !ok {
		return a, nil, false
	}
	seen := map[string]bool{a.Player: true}
	for _, d := range f.defs {
		s, ok := d.side.side()
		if !ok || seen[s.Player] {
			return a, nil, false
		}
		seen[s.Player] = true
		defs = append(defs, s)
	}
	return a, defs, true
}

// splits returns the attacker's dice aimed at each defender: all of them
// with one defender.
func (f *spaceForm) splits(att ascrules.Side) []int {
	if len(f.defs) == 1 {
		return []int{att.Dice()}
	}
	out := make([]int, len(f.defs))
	for i, d := range f.defs {
		out[i] = d.split.val
	}
	return out
}

func (f *spaceForm) changed() {
	if f.result == nil {
		return
	}
	att, defs, ok := f.sides()
	f.diceBox.RemoveAll()
	defer f.diceBox.Refresh()
	if !ok {
		f.info.SetText("Choose the attacker and the defenders: different players with ships on the board.")
		f.oddsView.Hide()
		f.result.RemoveAll()
		return
	}
	if len(defs) > 1 {
		if f.sumSplit() == 0 {
			f.defs[0].split.val = att.Dice() // all at the first until split
		}
		for _, d := range f.defs {
			d.split.clamp(0, att.Dice())
		}
	}
	splits := f.splits(att)
	var lines []string
	first := false
	for i, d := range defs {
		first = first || ascrules.StrikesFirst(f.round.val, att, d) || ascrules.StrikesFirst(f.round.val, d, att)
		at, acan := ascrules.HitTarget(att.Weapons, d.Shields)
		dt, dcan := ascrules.HitTarget(d.Weapons, att.Shields)
		name := f.v.seatName(d.Player)
		slot := f.defs[i]
		slot.attD.title.SetText(fmt.Sprintf("Attacker's dice at %s (%d, hit on %s)", name, splits[i], hitText(at, acan)))
		slot.defD.title.SetText(fmt.Sprintf("%s's dice (%d, hit on %s)", name, d.Dice(), hitText(dt, dcan)))
		slot.attD.pad.SetMax(splits[i])
		slot.defD.pad.SetMax(d.Dice())
		f.diceBox.Add(slot.attD.box)
		f.diceBox.Add(slot.defD.box)
	}
	if len(defs) == 1 {
		o, err := odds.SpaceBattleRound(f.round.val, att, defs[0])
		if err != nil {
			f.info.SetText(err.Error())
			f.oddsView.Hide()
			return
		}
		info := fmt.Sprintf("Attacker hits on %s, defender on %s. Defender wiped out: %s · attacker wiped out: %s · expected losses %.1f and %.1f.",
			hitText(o.AttackerTarget, o.AttackerCanHit), hitText(o.DefenderTarget, o.DefenderCanHit),
			widgets.Percent(o.DefenderWiped), widgets.Percent(o.AttackerWiped), o.DefenderLosses.Expected(), o.AttackerLosses.Expected())
		if ascrules.StrikesFirst(f.round.val, att, defs[0]) {
			info += " The attacker strikes first: the defender rolls only for ships left."
		} else if ascrules.StrikesFirst(f.round.val, defs[0], att) {
			info += " The defender strikes first: the attacker rolls only for ships left."
		}
		if o.Stalemate {
			info = "Neither side can hit the other (shields): one side must retreat."
		}
		f.info.SetText(info)
		f.oddsView.SetTitle("Defender ships lost this round")
		f.oddsView.SetDist([]float64(o.DefenderLosses))
		f.oddsView.Show()
		f.resolve()
		return
	}
	// Several defenders: each one's losses come from the dice aimed at it.
	sum := 0
	for _, s := range splits {
		sum += s
	}
	if sum != att.Dice() {
		lines = append(lines, fmt.Sprintf("Split the attacker's %d dice between the defenders (now %d).", att.Dice(), sum))
	}
	if first {
		lines = append(lines, "First strike is in play: the odds below count every die as rolled.")
	}
	for i, d := range defs {
		at, _ := ascrules.HitTarget(att.Weapons, d.Shields)
		dist := odds.BattleHits(splits[i], at)
		lines = append(lines, fmt.Sprintf("%s: at least one ship lost %s, wiped out %s.", f.v.seatName(d.Player),
			widgets.Percent(dist.AtLeast(1)), widgets.Percent(dist.AtLeast(d.Ships))))
	}
	f.info.SetText(strings.Join(lines, " "))
	f.oddsView.Hide()
	f.resolve()
}

func (f *spaceForm) sumSplit() int {
	n := 0
	for _, d := range f.defs {
		n += d.split.val
	}
	return n
}

func (f *spaceForm) clear() {
	for _, d := range f.defs {
		d.attD.set(ascPool{})
		d.defD.set(ascPool{})
	}
	f.resolve()
}

// rollVirtual rolls every pool; with first strike the side struck rolls
// only for the ships it has left.
func (f *spaceForm) rollVirtual() {
	att, defs, ok := f.sides()
	if !ok {
		f.v.gs.say("Choose the attacker and the defenders first.", true)
		return
	}
	r := f.round.val
	attP := make([]ascPool, len(defs))
	defP := make([]ascPool, len(defs))
	rolled := make([]bool, len(defs))
	firstHits := 0
	for i, d := range defs {
		if !ascrules.StrikesFirst(r, d, att) {
			continue
		}
		p, err := f.v.ascRoll(d.Dice())
		if err != nil {
			f.v.gs.say(err.Error(), true)
			return
		}
		dt, _ := ascrules.HitTarget(d.Weapons, att.Shields)
		defP[i], rolled[i] = p, true
		firstHits += ascrules.CountHits(p.faces, dt)
	}
	splits := f.splits(att)
	excess := 0
	for _, s := range splits {
		excess += s
	}
	excess -= ascrules.DiceDue(att, firstHits)
	for i := len(splits) - 1; i >= 0 && excess > 0; i-- {
		take := min(excess, splits[i])
		splits[i] -= take
		excess -= take
	}
	for i, d := range defs {
		p, err := f.v.ascRoll(splits[i])
		if err != nil {
			f.v.gs.say(err.Error(), true)
			return
		}
		attP[i] = p
		if rolled[i] {
			continue
		}
		due := d.Dice()
		if ascrules.StrikesFirst(r, att, d) {
			at, _ := ascrules.HitTarget(att.Weapons, d.Shields)
			due = ascrules.DiceDue(d, ascrules.CountHits(p.faces, at))
		}
		if defP[i], err = f.v.ascRoll(due); err != nil {
			f.v.gs.say(err.Error(), true)
			return
		}
	}
	for i, d := range f.defs {
		d.attD.set(attP[i])
		d.defD.set(defP[i])
	}
	f.resolve()
}

// resolve explains the round as the dice stand and offers to apply it.
func (f *spaceForm) resolve() {
	f.result.RemoveAll()
	defer f.result.Refresh()
	att, defs, ok := f.sides()
	if !ok {
		return
	}
	r := ascrules.SpaceRound{Round: f.round.val, Attacker: att, Defenders: defs}
	anyDice := false
	for _, d := range f.defs {
		r.AttackerFaces = append(r.AttackerFaces, d.attD.pool.faces)
		r.DefenderFaces = append(r.DefenderFaces, d.defD.pool.faces)
		anyDice = anyDice || len(d.attD.pool.faces) > 0 || len(d.defD.pool.faces) > 0
	}
	if !anyDice {
		return
	}
	res, err := ascrules.ResolveSpaceRound(r)
	if err != nil {
		f.result.Add(wrapLabel("Waiting for the dice: " + err.Error()))
		return
	}
	an := f.v.seatName(att.Player)
	var hits []string
	var lines []string
	for i, o := range res.Defenders {
		f.defs[i].attD.mark(o.AttackerTarget)
		f.defs[i].defD.mark(o.Target)
		dn := f.v.seatName(o.Player)
		hits = append(hits, fmt.Sprintf("%s scores %d", dn, o.Hits))
		lines = append(lines, fmt.Sprintf("%s loses %d ship(s), %d left.", dn, o.Losses, o.ShipsLeft))
	}
	f.result.Add(bigResult(fmt.Sprintf("%s scores %d hit(s), %s", an, res.AttackerHits, strings.Join(hits, ", "))))
	lines = append(lines, fmt.Sprintf("%s loses %d ship(s), %d left.", an, res.AttackerLosses, res.AttackerShipsLeft))
	if res.Stalemate {
		lines = append(lines, "Stalemate: nobody can hit; one side must retreat.")
	}
	if res.Over {
		lines = append(lines, "The battle is over.")
	} else {
		lines = append(lines, "After casualties the attacker, then the defenders, may retreat; otherwise fight another round.")
	}
	f.result.Add(explainLines(lines))
	addApplyButton(f.result, "Apply round "+strconv.Itoa(f.round.val), func() {
		cmd := tracker.SpaceBattleRound{Round: f.round.val,
			Attacker: tracker.BattleSide{Player: att.Player, Ships: att.Ships, Starbase: att.Starbase, FirstStrike: att.FirstStrike}}
		for i, d := range defs {
			cmd.Attacker.Rolls = append(cmd.Attacker.Rolls, f.defs[i].attD.pool.roll())
			cmd.Defenders = append(cmd.Defenders, tracker.BattleSide{Player: d.Player, Ships: d.Ships, Starbase: d.Starbase,
				FirstStrike: d.FirstStrike, Rolls: []tracker.Roll{f.defs[i].defD.pool.roll()}})
		}
		if f.v.exec(cmd) {
			f.v.gs.say(fmt.Sprintf("Round %d applied.", f.round.val), false)
			f.round.val++
			f.round.show()
			f.clear()
			f.changed()
		}
	})
}

// hitText writes a hit roll: "4+" or "no hits (7+)".
func hitText(target int, can bool) string {
	if !can {
		return fmt.Sprintf("nothing (%d+)", target)
	}
	return fmt.Sprintf("%d+", target)
}

// addApplyButton adds to box the button that applies (or records) what a
// form shows: a confirm icon, high importance.
func addApplyButton(box *fyne.Container, label string, tapped func()) {
	b := widget.NewButtonWithIcon(label, theme.ConfirmIcon(), tapped)
	b.Importance = widget.HighImportance
	box.Add(b)
}

// explainLines lists lines of explanation.
func explainLines(lines []string) fyne.CanvasObject {
	box := container.NewVBox()
	for _, l := range lines {
		box.Add(wrapLabel("• " + l))
	}
	return box
}

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
	f.phenomenon = widget.NewCheck("Phenomenon (take its research tokens)", func(bool) { f.changed() })
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
