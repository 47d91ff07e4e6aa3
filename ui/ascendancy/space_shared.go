package ascendancy

import (
	"fmt"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/rules/dice"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// The space battle under way is the game's (tracker.BattleInProgress):
// every phone shows the same sides, ships and round, each side types its
// own dice on its own phone, and the round is fought when the last dice
// are in. The form follows it here.

// shared returns the space battle round under way whose dice are being
// entered, or nil.
func (f *spaceForm) shared() *tracker.BattleInProgress {
	return f.v.roundUnderWay(tracker.BattleSpace)
}

// sharedKey names the battle round under way: its sides and round (the
// dice entered are not part of it).
func sharedKey(b *tracker.BattleInProgress) string {
	if b == nil {
		return ""
	}
	return fmt.Sprintf("%v|%d|%d|%d", b.Players(), b.Round, b.WalkerRound, b.Turn)
}

// followShared puts the sides of the battle under way on the form, once
// for each round (the pads typed on this phone stay until then), and
// locks them: the sides are the game's now.
func (f *spaceForm) followShared(b *tracker.BattleInProgress) {
	c := f.v.playerChoices()
	if key := sharedKey(b); key != f.sharedSeen {
		f.sharedSeen = key
		f.others = false
		f.att.player.Selected = c.labelOf(b.Attacker.Player)
		f.att.last = f.att.player.Selected
		for len(f.defs) < len(b.Defenders) {
			f.addDefender()
		}
		f.defs = f.defs[:len(b.Defenders)]
		for i, d := range b.Defenders {
			f.defs[i].side.player.Selected = c.labelOf(d.Player)
			f.defs[i].side.last = f.defs[i].side.player.Selected
		}
		for _, d := range f.defs {
			d.attD.set(ascPool{})
			d.defD.set(ascPool{})
		}
	}
	sides := append([]tracker.BattleSide{b.Attacker}, b.Defenders...)
	for i, s := range append([]*sideForm{f.att}, f.sideForms()...) {
		s.ships.val = sides[i].Ships
		s.ships.clamp(sides[i].Ships, sides[i].Ships)
		if s.starbases != nil {
			n := sides[i].Starbases
			if n == 0 && sides[i].Starbase {
				n = 1
			}
			s.starbases.val = n
			s.starbases.clamp(n, n)
		}
		s.firstStrike.SetChecked(sides[i].FirstStrike)
		s.lock(true)
	}
	if faces, ok := b.DiceOf(b.Attacker.Player); ok {
		for i, d := range f.defs {
			if i < len(faces) {
				d.split.val = len(faces[i].Faces)
			}
		}
	}
}

// splitOpen reports whether the attacker's split of its dice between the
// defenders is still to choose: no battle open, or the attacker's dice
// not in yet.
func (f *spaceForm) splitOpen() bool {
	b := f.shared()
	if b == nil {
		return true
	}
	_, in := b.DiceOf(b.Attacker.Player)
	return !in
}

// lock keeps the side as the battle under way has it (locked) or lets the
// players choose it.
func (s *sideForm) lock(locked bool) {
	for _, w := range []fyne.Disableable{s.player, s.firstStrike} {
		if locked {
			w.Disable()
		} else {
			w.Enable()
		}
	}
	for _, st := range []*numStepper{s.ships, s.starbases} {
		if st == nil {
			continue
		}
		for _, b := range buttonsOf(st.box) {
			if locked {
				b.Disable()
			} else {
				b.Enable()
			}
		}
	}
}

// buttonsOf returns a stepper's − and + buttons.
func buttonsOf(o fyne.CanvasObject) []*widget.Button {
	var out []*widget.Button
	if c, ok := o.(*fyne.Container); ok {
		for _, x := range c.Objects {
			if b, ok := x.(*widget.Button); ok {
				out = append(out, b)
			}
		}
	}
	return out
}

// mySide returns the player this device sits as when that player fights
// in battle b ("" otherwise: the device types every side's dice).
func (f *spaceForm) mySide(b *tracker.BattleInProgress) string { return f.v.seatIn(b) }

// watching reports whether this device only watches the game.
func (f *spaceForm) watching() bool { return f.v.f.Seat() == screen.SeatWatch }

// pads returns the pads of player's dice on the form: the attacker's one
// per defender, a defender's own.
func (f *spaceForm) pads(att ascrules.Side, defs []ascrules.Side, player string) []*ascDice {
	if player == att.Player {
		out := make([]*ascDice, len(f.defs))
		for i, d := range f.defs {
			out[i] = d.attD
		}
		return out
	}
	for i, d := range defs {
		if d.Player == player {
			return []*ascDice{f.defs[i].defD}
		}
	}
	return nil
}

// enteredDice shows the dice a side has entered on the battle under way
// in its pads, so that the odds and the result count them.
func (f *spaceForm) enteredDice(b *tracker.BattleInProgress, att ascrules.Side, defs []ascrules.Side) {
	for _, p := range b.Players() {
		in, ok := b.DiceOf(p)
		if !ok {
			continue
		}
		for i, d := range f.pads(att, defs, p) {
			if i < len(in) && !slices.Equal(d.pool.faces, in[i].Faces.Sorted()) {
				d.set(ascPool{faces: in[i].Faces})
			}
		}
	}
}

// sharedLine says which round of the battle under way it is and whose
// dice are missing: "Round 1 of the battle under way: Ann's dice are in;
// waiting for Bob's."
func (f *spaceForm) sharedLine(b *tracker.BattleInProgress) string {
	return roundLine(b, battleRoundHead(b), f.v.seatName)
}

// complete reports whether player's dice are typed in full on this form
// (the dice the rules give them as the other sides' dice stand), with
// every side they wait for in or typed too.
func (f *spaceForm) complete(r ascrules.SpaceRound, att ascrules.Side, defs []ascrules.Side, player string) bool {
	n := 0
	for _, d := range f.pads(att, defs, player) {
		n += len(d.pool.faces)
	}
	if player == att.Player {
		return n > 0 && n == ascrules.AttackerDiceDue(r)
	}
	for i, d := range defs {
		if d.Player == player {
			return n == ascrules.DefenderDiceDue(r, i) && (n > 0 || len(r.AttackerFaces[i]) > 0)
		}
	}
	return false
}

// typedRound is the round as the form has it: the sides, and the faces
// entered or typed.
func (f *spaceForm) typedRound(round int, att ascrules.Side, defs []ascrules.Side) ascrules.SpaceRound {
	r := ascrules.SpaceRound{Round: round, Attacker: att, Defenders: defs}
	for _, d := range f.defs {
		r.AttackerFaces = append(r.AttackerFaces, d.attD.pool.faces)
		r.DefenderFaces = append(r.DefenderFaces, d.defD.pool.faces)
	}
	return r
}

// rolls returns the tracker's rolls of player's dice typed on the form.
func (f *spaceForm) rolls(att ascrules.Side, defs []ascrules.Side, player string) tracker.SideRolls {
	s := tracker.SideRolls{Player: player}
	for _, d := range f.pads(att, defs, player) {
		s.Rolls = append(s.Rolls, d.pool.roll())
	}
	return s
}

// diceButtons adds the buttons that enter the dice typed on this phone:
// "Apply round N" when they are the last dice missing (the round is
// fought), "Enter Bob's dice" when another side's are still to come, and
// "Open on every phone" when no battle is open yet (the other sides then
// type theirs on their own phones).
func (f *spaceForm) diceButtons(b *tracker.BattleInProgress, round int, att ascrules.Side, defs []ascrules.Side) {
	if f.watching() {
		return
	}
	r := f.typedRound(round, att, defs)
	players := []string{att.Player}
	for _, d := range defs {
		players = append(players, d.Player)
	}
	missing := players
	if b != nil {
		missing = b.Missing()
	}
	var ready []string
	for _, p := range missing {
		if f.complete(r, att, defs, p) {
			ready = append(ready, p)
		}
	}
	if label := enterLabel(ready, missing, lang.X("asc.apply_round", "Apply round {{.Itoa}}", map[string]any{"Itoa": strconv.Itoa(round)}), f.v.seatName); label != "" {
		screen.AddApplyButton(f.result, label, func() {
			f.enter(b, round, att, defs, ready)
		})
	}
}

// enter sends the dice of players typed on this phone: with a battle
// open, as that side's dice (BattleDice); otherwise the battle opens with
// them (OpenBattle).
func (f *spaceForm) enter(b *tracker.BattleInProgress, round int, att ascrules.Side, defs []ascrules.Side, players []string) {
	var cmd tracker.Command
	if b != nil {
		in := tracker.BattleDice{}
		for _, p := range players {
			in.Sides = append(in.Sides, f.rolls(att, defs, p))
		}
		cmd = in
	} else {
		open := f.openCmd(round, att, defs)
		if slices.Contains(players, att.Player) {
			open.Attacker.Rolls = f.rolls(att, defs, att.Player).Rolls
		}
		for i, d := range defs {
			if slices.Contains(players, d.Player) {
				open.Defenders[i].Rolls = f.rolls(att, defs, d.Player).Rolls
			}
		}
		cmd = open
	}
	fresh := f.fresh
	f.fresh = false
	if !f.v.exec(cmd) {
		f.fresh = fresh
		return
	}
	// The game's state now (the screen's is shown a moment later).
	now := f.v.fightingNow()
	switch {
	case now == nil || now.Round != round:
		msg := lang.X("asc.round_applied", "Round {{.Round}} applied.", map[string]any{"Round": round})
		if now == nil {
			msg = lang.X("asc.round_applied_the_battle_is", "Round {{.Round}} applied: the battle is over.", map[string]any{"Round": round})
		}
		f.v.f.Say(msg, false)
		f.clear()
	default:
		f.v.f.Say(enteredText(now, f.v.seatName), false)
	}
}

// nextPad is the pad of the dice this phone types next in the round
// under way b (its own side's on a seated phone), the dice on a phone
// that types every side's; nil when this phone has none to type.
func (f *spaceForm) nextPad(b *tracker.BattleInProgress) fyne.CanvasObject {
	me := f.mySide(b)
	if b == nil || me == "" {
		return f.diceBox
	}
	if !f.v.awaits(b, me) {
		return nil
	}
	if me == b.Attacker.Player && len(f.defs) > 0 {
		return f.defs[0].attD.box
	}
	for i, d := range b.Defenders {
		if d.Player == me && i < len(f.defs) {
			return f.defs[i].defD.box
		}
	}
	return nil
}

// openCmd is the battle on the form as a command that opens it on every
// phone, with no dice.
func (f *spaceForm) openCmd(round int, att ascrules.Side, defs []ascrules.Side) tracker.OpenBattle {
	open := tracker.OpenBattle{Round: round, Attacker: battleSide(f.att, att)}
	for i, d := range defs {
		open.Defenders = append(open.Defenders, battleSide(f.defs[i].side, d))
	}
	return open
}

// openShared opens the battle on the form on every phone, no dice yet.
func (f *spaceForm) openShared() {
	att, defs, ok := f.sides()
	if !ok {
		f.v.f.Say(lang.X("asc.choose_the_attacker_and_the_2", "Choose the attacker and the defenders first."), true)
		return
	}
	fresh := f.fresh
	f.fresh = false
	if !f.v.exec(f.openCmd(f.roundNo(), att, defs)) {
		f.fresh = fresh
		return
	}
	f.v.f.Say(lang.X("asc.shared.opened", "The battle is on every phone: each side enters its dice."), false)
}

// endShared ends the battle under way on every phone (a side retreats).
func (f *spaceForm) endShared() {
	if f.v.exec(tracker.EndBattle{}) {
		f.v.f.Say(lang.X("asc.shared.ended", "The battle is over on every phone."), false)
		f.newBattle()
	}
}

// topButton is "End the battle" while a battle is under way, "New
// battle" otherwise.
func (f *spaceForm) topButton(b *tracker.BattleInProgress) {
	if b != nil || f.live() != nil && !f.fresh {
		f.top.SetText(lang.X("asc.shared.end", "End the battle"))
		f.top.SetIcon(theme.CancelIcon())
		f.top.OnTapped = f.endShared
		return
	}
	f.top.SetText(lang.X("asc.new_battle", "New battle"))
	f.top.SetIcon(theme.ContentClearIcon())
	f.top.OnTapped = f.newBattle
}

// addPad shows the pad of player's dice: on a seated phone, the other
// sides' pads of a battle under way wait on their own phones (waitingFor)
// unless the players chose to type them here; dice in already show as
// entered.
func (f *spaceForm) addPad(b *tracker.BattleInProgress, player string, d *ascDice, target int) {
	if b == nil {
		f.diceBox.Add(d.box)
		return
	}
	if _, in := b.DiceOf(player); in {
		// A row of its own: the pad's row shows with the result.
		f.diceBox.Add(diceIn(d.title.Text, enteredRow(d.pool.faces, target)))
		return
	}
	if me := f.mySide(b); me != "" && me != player && !f.others {
		return
	}
	f.diceBox.Add(d.box)
}

// waitingFor says, on a seated phone, whose dice come from their own
// phones, with a button to type them here instead.
func (f *spaceForm) waitingFor(b *tracker.BattleInProgress, att ascrules.Side, defs []ascrules.Side) {
	me := f.mySide(b)
	if b == nil || me == "" || f.others {
		return
	}
	var away []string
	for _, p := range b.Missing() {
		if p != me {
			away = append(away, p)
		}
	}
	if len(away) == 0 {
		return
	}
	for _, o := range theirPhones(sideNames(away, f.v.seatName), func() {
		f.others = true
		f.changed()
	}) {
		f.waiting.Add(o)
	}
}

// owner is the player whose dice a pool of the round are.
func owner(att ascrules.Side, defs []ascrules.Side, p ascrules.Pool) string {
	if p.Attacker || p.Defender >= len(defs) {
		return att.Player
	}
	return defs[p.Defender].Player
}

// keptSides are the sides "Roll for me" leaves as they are in a battle
// under way: those whose dice are in, and on a seated phone the other
// sides (they roll on their own phones) and a side that waits for them
// (it is struck first). Without a battle under way it rolls every side.
func (f *spaceForm) keptSides(att ascrules.Side, defs []ascrules.Side) map[string]bool {
	keep := map[string]bool{}
	b := f.shared()
	if b == nil {
		return keep
	}
	me := f.mySide(b)
	for _, p := range b.Players() {
		if _, in := b.DiceOf(p); in || me != "" && p != me && !f.others {
			keep[p] = true
		}
	}
	for _, p := range b.Players() {
		if keep[p] {
			continue
		}
		for _, w := range b.WaitsFor(p) {
			if keep[w] {
				keep[p] = true
				f.v.f.Say(lang.X("asc.shared.wait_first", "{{.Striker}} strikes first: {{.Name}} rolls after their dice are in.", map[string]any{"Striker": f.v.seatName(w), "Name": f.v.seatName(p)}), false)
			}
		}
	}
	return keep
}

// enteredRow is a side's dice entered on the battle under way, marked
// hit (at or above target) or miss.
func enteredRow(faces dice.Pool, target int) fyne.CanvasObject {
	faces = faces.Sorted()
	states := make([]widgets.DieState, len(faces))
	for i, x := range faces {
		states[i] = widgets.DieIgnored
		if target <= dice.Sides && x >= target {
			states[i] = widgets.DieHit
		}
	}
	row := widgets.NewDiceRow(nil)
	row.SetCaptions(false)
	row.SetPoolStates(faces, states)
	return row
}
