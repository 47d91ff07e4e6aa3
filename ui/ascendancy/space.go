package ascendancy

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/rules/odds"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// spaceForm is one round of a space battle: an attacker against one or
// more defenders (with several, the attacker splits their dice between
// them before rolling).
type spaceForm struct {
	v         *ascView
	firstNote *widget.Label
	content   fyne.CanvasObject
	// roundLine says which round of which battle the form is for; the
	// round comes from the tracked battle (rounds are never typed).
	roundLine *widget.Label
	// fresh: "New battle" was tapped: the next round starts a new battle
	// even against sides still fighting.
	fresh bool
	// seen is the battle (sides and round) the ship counts were filled
	// for; another one refills them.
	seen string
	// followed is the tracked battle whose sides the form last took.
	followed string
	att      *sideForm
	defs     []*defSlot
	defBox   *fyne.Container
	diceBox  *fyne.Container
	attD     *ascDice // the attacker's dice against the first defender
	defD     *ascDice // the first defender's dice
	info     *widget.Label
	oddsView *widgets.OddsView
	result   *fyne.Container
	more     *widget.Button
	fewer    *widget.Button
	// open opens the battle on the form on every phone (no battle open).
	open *widget.Button
	// top is "New battle", or "End the battle" while one is under way.
	top *widget.Button
	// sharedSeen is the battle round under way the sides were taken from
	// (sharedKey); others: this seated phone shows the other sides' pads
	// too, to type their dice here.
	sharedSeen string
	others     bool
	// waiting says whose dice this seated phone leaves to their phones.
	waiting *fyne.Container
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
	f.roundLine = screen.BoldLabel("")
	f.att = newSideForm(v, lang.X("asc.attacker", "Attacker"), true, f.changed)
	f.defBox = container.NewVBox()
	f.diceBox = container.NewVBox()
	f.addDefender()
	f.attD, f.defD = f.defs[0].attD, f.defs[0].defD
	f.info = screen.WrapLabel("")
	f.firstNote = screen.WrapLabel(lang.X("asc.first_strike_works_in_round", "First strike works in round 1 only: from round 2 it is ignored."))
	f.firstNote.Importance = widget.WarningImportance
	f.firstNote.Hide()
	f.oddsView = widgets.NewOddsView(lang.X("asc.defender_ships_lost_this_round", "Defender ships lost this round"), nil)
	f.result = container.NewVBox()
	roll := screen.RollButton(f.rollVirtual)
	clear := widget.NewButtonWithIcon(lang.X("asc.clear_dice", "Clear dice"), theme.ContentClearIcon(), f.clear)
	more := widget.NewButtonWithIcon(lang.X("asc.another_defender", "Another defender"), theme.ContentAddIcon(), func() {
		if len(f.defs) < 3 {
			f.addDefender()
			f.show()
		}
	})
	fewer := widget.NewButtonWithIcon(lang.X("asc.one_defender_less", "One defender less"), theme.ContentRemoveIcon(), func() {
		if len(f.defs) > 1 {
			f.defs = f.defs[:len(f.defs)-1]
			f.show()
		}
	})
	f.more, f.fewer = more, fewer
	fewer.Hide()
	f.open = widget.NewButtonWithIcon(lang.X("asc.shared.open", "Open on every phone"), theme.MailSendIcon(), f.openShared)
	f.top = widget.NewButtonWithIcon(lang.X("asc.new_battle", "New battle"), theme.ContentClearIcon(), f.newBattle)
	f.waiting = container.NewVBox()
	f.content = container.NewVBox(
		screen.Heading(lang.X("asc.space_battle", "Space battle")),
		screen.CaptionLabel(lang.X("asc.one_round_at_a_time", "One round at a time. Each ship rolls a die (a starbase adds one); a die at or above your weapons plus the enemy's shields destroys a ship.")),
		f.roundLine,
		container.NewBorder(nil, nil, nil, f.top),
		screen.BoldLabel(lang.X("asc.attacker", "Attacker")), f.att.box, f.firstNote,
		f.defBox, more, fewer,
		f.info,
		widget.NewSeparator(),
		// The dice right under the sides, the result and Apply right
		// under the dice; the full odds chart after them.
		f.diceBox,
		f.waiting,
		f.open,
		screen.FitGrid(2, roll, clear),
		f.result,
		f.oddsView,
	)
	return f
}

// newBattle sets the form for a new battle: round 1, every ship of each
// side, no dice (the tracker starts a new battle with the next round).
func (f *spaceForm) newBattle() {
	f.fresh = true
	f.seen = ""
	f.clear()
	f.show()
}

// tracked returns the battle under way that the sides chosen continue
// (the same attacker against defenders still in it, this turn), or nil
// for a new battle.
func (f *spaceForm) tracked() *tracker.SpaceBattle {
	if f.fresh {
		return nil
	}
	c := f.v.playerChoices()
	defs := make([]string, len(f.defs))
	for i, d := range f.defs {
		defs[i] = c.ids[d.side.player.Selected]
	}
	return f.v.st.BattleFor(c.ids[f.att.player.Selected], defs)
}

// roundNo is the round the next apply fights: the tracked battle's next
// round, or 1.
func (f *spaceForm) roundNo() int {
	if b := f.shared(); b != nil {
		return b.Round
	}
	if b := f.tracked(); b != nil {
		return b.Round + 1
	}
	return 1
}

// live returns the battle under way this turn (whoever fights it).
func (f *spaceForm) live() *tracker.SpaceBattle { return f.v.st.BattleNow() }

func (f *spaceForm) addDefender() {
	d := &defSlot{side: newSideForm(f.v, lang.X("asc.defender", "Defender"), true, f.changed)}
	d.split = newNumStepper(lang.X("asc.attacker_s_dice_here", "Attacker's dice here"), 0, 0, 0, f.changed)
	d.attD = newCompactAscDice(lang.X("asc.attacker_s_dice", "Attacker's dice"), f.resolve)
	d.defD = newCompactAscDice(lang.X("asc.defender_s_dice", "Defender's dice"), f.resolve)
	f.defs = append(f.defs, d)
}

func (f *spaceForm) show() {
	c := f.v.playerChoices()
	def := ""
	if seat := f.v.st.CurrentSeat(); seat != "" {
		def = c.labelOf(seat)
	}
	shared := f.shared()
	if shared != nil {
		f.fresh = false
		f.followShared(shared)
	} else {
		f.sharedSeen = ""
		for _, s := range append([]*sideForm{f.att}, f.sideForms()...) {
			s.lock(false)
		}
	}
	if b := f.live(); b != nil && shared == nil && !f.fresh && f.followed != battleSeen(b) {
		// A round was fought: the form shows the battle as it goes on.
		f.followed = battleSeen(b)
		f.att.player.Selected = c.labelOf(b.Attacker)
		for len(f.defs) < len(b.Defenders) {
			f.addDefender()
		}
		f.defs = f.defs[:max(1, len(b.Defenders))]
		for i, d := range b.Defenders {
			f.defs[i].side.player.Selected = c.labelOf(d)
		}
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
		if taken[d.side.player.Selected] {
			// A choice made for another state (before the attacker was
			// chosen, or another defender): the first free player.
			d.side.player.Selected = ""
		}
		d.side.show(other)
		taken[d.side.player.Selected] = true
		title := lang.X("asc.defender", "Defender")
		if len(f.defs) > 1 {
			title = lang.X("asc.defender_2", "Defender {{.V}}", map[string]any{"V": i + 1})
		}
		f.defBox.Add(screen.BoldLabel(title))
		f.defBox.Add(d.side.box)
		if len(f.defs) > 1 && f.splitOpen() {
			f.defBox.Add(d.split.box)
		}
	}
	f.defBox.Refresh()
	f.fewer.Hide()
	f.more.Hide()
	if shared == nil {
		f.more.Show()
		if len(f.defs) > 1 {
			f.fewer.Show()
		}
	}
	f.topButton(shared)
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

// battleSeen names a tracked battle's sides and round.
func battleSeen(b *tracker.SpaceBattle) string {
	if b == nil {
		return "new"
	}
	return fmt.Sprintf("%s|%v|%d", b.Attacker, b.Defenders, b.Round)
}

// syncShips fills every side's ships from the tracked battle (the ships
// left in it) or, for a new battle, from the board; the counts may only go
// down from there.
func (f *spaceForm) syncShips() {
	if f.shared() != nil {
		return // the sides are the battle's (followShared)
	}
	b := f.tracked()
	key := battleSeen(b) + "|" + f.att.player.Selected
	for _, d := range f.defs {
		key += "|" + d.side.player.Selected
	}
	refill := key != f.seen
	f.seen = key
	c := f.v.playerChoices()
	for _, s := range append([]*sideForm{f.att}, f.sideForms()...) {
		p := s.p()
		if p == nil {
			continue
		}
		most := p.Ships
		if b != nil {
			most = min(most, b.Ships[c.ids[s.player.Selected]])
		}
		if refill {
			s.ships.val = max(1, most)
		}
		s.ships.clamp(1, most)
		// First strike counts in a battle's first round only.
		if b != nil {
			s.firstStrike.SetChecked(false)
			s.firstStrike.Disable()
		} else {
			s.firstStrike.Enable()
		}
	}
	if refill {
		for _, d := range f.defs {
			d.attD.set(ascPool{})
			d.defD.set(ascPool{})
		}
	}
}

func (f *spaceForm) sideForms() []*sideForm {
	out := make([]*sideForm, len(f.defs))
	for i, d := range f.defs {
		out[i] = d.side
	}
	return out
}

func (f *spaceForm) changed() {
	if f.result == nil || f.v.st == nil {
		return
	}
	f.syncShips()
	round := f.roundNo()
	shared := f.shared()
	switch b := f.tracked(); {
	case shared != nil:
		f.roundLine.SetText(f.sharedLine(shared))
	case b != nil:
		f.roundLine.SetText(lang.X("asc.round_of_the_battle_under", "Round {{.Round}} of the battle under way", map[string]any{"Round": round}))
	case f.live() != nil && !f.fresh:
		f.roundLine.SetText(lang.X("asc.round_1_of_a_new", "Round 1 of a new battle (another battle is under way this turn)"))
	default:
		f.roundLine.SetText(lang.X("asc.round_1_of_a_new_2", "Round 1 of a new battle"))
	}
	att, defs, ok := f.sides()
	f.diceBox.RemoveAll()
	defer f.diceBox.Refresh()
	f.waiting.RemoveAll()
	defer f.waiting.Refresh()
	f.open.Hide()
	f.firstNote.Hide()
	if round > 1 {
		f.firstNote.Show()
	}
	if !ok {
		f.info.SetText(lang.X("asc.choose_the_attacker_and_the", "Choose the attacker and the defenders: different players with ships on the board."))
		f.oddsView.Hide()
		f.result.RemoveAll()
		return
	}
	if shared != nil {
		f.enteredDice(shared, att, defs)
	} else if !f.watching() {
		f.open.Show()
	}
	if len(defs) > 1 && f.splitOpen() {
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
		first = first || ascrules.StrikesFirst(round, att, d) || ascrules.StrikesFirst(round, d, att)
		at, acan := ascrules.HitTarget(att.Weapons, d.Shields)
		dt, dcan := ascrules.HitTarget(d.Weapons, att.Shields)
		name := f.v.seatName(d.Player)
		slot := f.defs[i]
		slot.attD.title.SetText(lang.X("asc.attacker_s_dice_at_hit", "Attacker's dice at {{.Name}} ({{.V}}, hit on {{.HitText}})", map[string]any{"Name": name, "V": splits[i], "HitText": hitText(at, acan)}))
		slot.defD.title.SetText(lang.X("asc.s_dice_hit_on", "{{.Name}}'s dice ({{.Dice}}, hit on {{.HitText}})", map[string]any{"Name": name, "Dice": d.Dice(), "HitText": hitText(dt, dcan)}))
		slot.attD.pad.SetMax(splits[i])
		slot.defD.pad.SetMax(d.Dice())
		if shared != nil {
			r := f.typedRound(round, att, defs)
			slot.attD.pad.SetMax(ascrules.AttackerDiceDue(r))
			slot.defD.pad.SetMax(ascrules.DefenderDiceDue(r, i))
		}
		f.addPad(shared, att.Player, slot.attD, at)
		f.addPad(shared, d.Player, slot.defD, dt)
	}
	f.waitingFor(shared, att, defs)
	if len(defs) == 1 {
		o, err := odds.SpaceBattleRound(round, att, defs[0])
		if err != nil {
			f.info.SetText(screen.ErrText(err))
			f.oddsView.Hide()
			return
		}
		info := lang.X("asc.attacker_hits_on_defender_on", "Attacker hits on {{.HitText}}, defender on {{.HitText2}}. Defender wiped out: {{.Percent}} · attacker wiped out: {{.Percent2}} · expected losses {{.Expected}} and {{.Expected2}}.", map[string]any{"HitText": hitText(o.AttackerTarget, o.AttackerCanHit), "HitText2": hitText(o.DefenderTarget, o.DefenderCanHit), "Percent": widgets.Percent(o.DefenderWiped), "Percent2": widgets.Percent(o.AttackerWiped), "Expected": fmt.Sprintf("%.1f", o.DefenderLosses.Expected()), "Expected2": fmt.Sprintf("%.1f", o.AttackerLosses.Expected())})
		if ascrules.StrikesFirst(round, att, defs[0]) {
			info += lang.X("asc.the_attacker_strikes_first_the", " The attacker strikes first: the defender rolls only for ships left.")
		} else if ascrules.StrikesFirst(round, defs[0], att) {
			info += lang.X("asc.the_defender_strikes_first_the", " The defender strikes first: the attacker rolls only for ships left.")
		}
		if o.Stalemate {
			info = lang.X("asc.neither_side_can_hit_the", "Neither side can hit the other (shields): one side must retreat.")
		}
		f.info.SetText(info)
		f.oddsView.SetTitle(lang.X("asc.defender_ships_lost_this_round", "Defender ships lost this round"))
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
		lines = append(lines, lang.X("asc.split_the_attacker_s_dice", "Split the attacker's {{.Dice}} dice between the defenders (now {{.Sum}}).", map[string]any{"Dice": att.Dice(), "Sum": sum}))
	}
	if first {
		lines = append(lines, lang.X("asc.first_strike_is_in_play", "First strike is in play: the odds below count every die as rolled."))
	}
	for i, d := range defs {
		at, _ := ascrules.HitTarget(att.Weapons, d.Shields)
		dist := odds.BattleHits(splits[i], at)
		lines = append(lines, lang.X("asc.at_least_one_ship_lost", "{{.SeatName}}: at least one ship lost {{.Percent}}, wiped out {{.Percent2}}.", map[string]any{"SeatName": f.v.seatName(d.Player), "Percent": widgets.Percent(dist.AtLeast(1)), "Percent2": widgets.Percent(dist.AtLeast(d.Ships))}))
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
		f.v.f.Say(lang.X("asc.choose_the_attacker_and_the_2", "Choose the attacker and the defenders first."), true)
		return
	}
	// The pools in the rulebook's order (rules/ascendancy.RollOrder): a
	// side struck first has taken its losses before it rolls.
	r := ascrules.SpaceRound{Round: f.roundNo(), Attacker: att, Defenders: defs,
		AttackerFaces: make([][]int, len(defs)), DefenderFaces: make([][]int, len(defs))}
	attP := make([]ascPool, len(defs))
	defP := make([]ascPool, len(defs))
	for i, d := range f.defs {
		attP[i], defP[i] = d.attD.pool, d.defD.pool
	}
	// In a battle under way, the dice in stay, and a seated phone rolls
	// its own side's only.
	keep := f.keptSides(att, defs)
	for i := range defs {
		if keep[att.Player] {
			r.AttackerFaces[i] = attP[i].faces
		}
		if keep[defs[i].Player] {
			r.DefenderFaces[i] = defP[i].faces
		}
	}
	var split []int
	for _, pool := range ascrules.RollOrder(r) {
		i := pool.Defender
		if who := owner(att, defs, pool); keep[who] {
			continue
		}
		n := ascrules.DefenderDiceDue(r, i)
		if pool.Attacker {
			if split == nil { // the defenders who strike first have rolled
				split = ascrules.TrimSplit(f.splits(att), ascrules.AttackerDiceDue(r))
			}
			n = split[i]
		}
		p, err := f.v.ascRoll(n)
		if err != nil {
			f.v.f.Say(screen.ErrText(err), true)
			return
		}
		if pool.Attacker {
			attP[i], r.AttackerFaces[i] = p, p.faces
		} else {
			defP[i], r.DefenderFaces[i] = p, p.faces
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
	round := f.roundNo()
	r := ascrules.SpaceRound{Round: round, Attacker: att, Defenders: defs}
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
		if f.shared() == nil {
			f.result.Add(screen.WrapLabel(lang.X("asc.waiting_for_the_dice", "Waiting for the dice: {{.Error}}", map[string]any{"Error": rulesReason(err)})))
		}
		// One side's dice may go in on their own.
		f.diceButtons(f.shared(), round, att, defs)
		return
	}
	an := f.v.seatName(att.Player)
	var hits []string
	var lines []string
	for i, o := range res.Defenders {
		f.defs[i].attD.mark(o.AttackerTarget)
		f.defs[i].defD.mark(o.Target)
		dn := f.v.seatName(o.Player)
		hits = append(hits, lang.X("asc.scores", "{{.Dn}} scores {{.Hits}}", map[string]any{"Dn": dn, "Hits": o.Hits}))
		lines = append(lines, lang.X("asc.loses_ship_s_left", "{{.Dn}} loses {{.Losses}} ship(s), {{.ShipsLeft}} left.", map[string]any{"Dn": dn, "Losses": o.Losses, "ShipsLeft": o.ShipsLeft}))
	}
	f.result.Add(screen.BigResult(lang.X("asc.scores_hit_s", "{{.An}} scores {{.AttackerHits}} hit(s), {{.Join}}", map[string]any{"An": an, "AttackerHits": res.AttackerHits, "Join": strings.Join(hits, ", ")})))
	for _, d := range f.defs {
		f.result.Add(d.attD.marked())
		f.result.Add(d.defD.marked())
	}
	lines = append(lines, lang.X("asc.loses_ship_s_left_2", "{{.An}} loses {{.AttackerLosses}} ship(s), {{.AttackerShipsLeft}} left.", map[string]any{"An": an, "AttackerLosses": res.AttackerLosses, "AttackerShipsLeft": res.AttackerShipsLeft}))
	if res.Stalemate {
		lines = append(lines, lang.X("asc.stalemate_nobody_can_hit_one", "Stalemate: nobody can hit; one side must retreat."))
	}
	if res.Over {
		lines = append(lines, lang.X("asc.the_battle_is_over", "The battle is over."))
	} else {
		lines = append(lines, lang.X("asc.after_casualties_the_attacker_then", "After casualties the attacker, then the defenders, may retreat; otherwise fight another round."))
	}
	f.result.Add(explainLines(lines))
	f.diceButtons(f.shared(), round, att, defs)
}

// battleSide is the tracker's view of a side: its ships, first strike and
// the count of its starbases at the battle.
func battleSide(s *sideForm, sd ascrules.Side) tracker.BattleSide {
	n := s.starbaseCount()
	return tracker.BattleSide{Player: sd.Player, Ships: sd.Ships, Starbase: n > 0, Starbases: n, FirstStrike: sd.FirstStrike}
}
