package ascendancy

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
)

// The invasion round under way is the game's (tracker.BattleInProgress
// of kind invasion), as a space battle is: every phone shows it, the
// attacker and the defending player type their own dice on their own
// phones, and the round is fought when both are in.

// sharedInv returns the invasion round under way whose dice are being
// entered, or nil.
func (f *invasionForm) sharedInv() *tracker.BattleInProgress {
	if b := f.v.roundUnderWay(tracker.BattleInvasion); b != nil && b.Invasion != nil {
		return b
	}
	return nil
}

// followShared puts the round under way on the form (once for each round:
// the dice typed here stay until then) and locks its sides.
func (f *invasionForm) followShared(b *tracker.BattleInProgress) {
	c := f.v.playerChoices()
	r := b.Invasion
	if key := sharedKey(b); key != f.sharedSeen {
		f.sharedSeen, f.others = key, false
		f.att.player.Selected = c.labelOf(r.Attacker)
		f.att.last = f.att.player.Selected
		f.defender.Selected = independentLabel()
		if r.Defender != "" {
			f.defender.Selected = c.labelOf(r.Defender)
		}
		f.system.SetText(r.System)
		sys := [3]int{r.SystemNodes.Production, r.SystemNodes.Research, r.SystemNodes.Culture}
		for i := range f.sysNodes {
			f.sysNodes[i].val = sys[i]
			f.sysNodes[i].show()
		}
		f.starbase.SetChecked(r.Starbase)
		f.attD.set(ascPool{})
		f.defD.set(ascPool{})
		f.clearPicks()
	}
	f.att.ships.val = r.Ships
	f.att.ships.clamp(r.Ships, r.Ships)
	f.att.firstStrike.SetChecked(r.FirstStrike)
	f.att.lock(true)
	f.defender.Disable()
	f.nodes.val = r.Nodes
	f.nodes.show()
	f.defFirst.SetChecked(r.DefenderFirstStrike)
	if r.Defender == "" {
		f.defHit.val, f.defSh.val = r.DefenderWeapons, r.DefenderShields
		f.defHit.show()
		f.defSh.show()
	}
}

// systemName names the invaded system ("the system" when unnamed).
func (f *invasionForm) systemName(s string) string {
	if s = strings.TrimSpace(s); s != "" {
		return s
	}
	return lang.X("asc.invasion.the_system", "the system")
}

// sideName names a side of the invasion: a player, or the independent
// system ("").
func (f *invasionForm) sideName(id string) string {
	if id == "" {
		return independentLabel()
	}
	return f.v.seatName(id)
}

// sharedLine says which round of the invasion under way it is and whose
// dice are missing.
func (f *invasionForm) sharedLine(b *tracker.BattleInProgress) string {
	head := lang.X("asc.invasion.round_under_way", "Round {{.Round}} of the invasion under way", map[string]any{"Round": b.Round})
	return roundLine(b, head, f.sideName)
}

// mySide is the player this phone sits as when they fight in the round
// ("" otherwise: the phone types every side's dice).
func (f *invasionForm) mySide(b *tracker.BattleInProgress) string { return f.v.seatIn(b) }

// hidden reports whether this seated phone leaves side's pad to that
// side's own phone (an independent system's nodes are typed anywhere).
func (f *invasionForm) hidden(b *tracker.BattleInProgress, side string) bool {
	me := f.mySide(b)
	return me != "" && side != me && side != "" && !f.others
}

// sharedPads shows each side's pad, its dice once they are in, or on a
// seated phone whose dice come from the other phone.
func (f *invasionForm) sharedPads(b *tracker.BattleInProgress, in ascrules.Invasion) {
	f.shared.RemoveAll()
	defer f.shared.Refresh()
	f.open.Hide()
	if b == nil {
		f.attD.box.Show()
		f.defD.box.Show()
		if f.v.f.Seat() != screen.SeatWatch && in.Attacker.Player != "" {
			f.open.Show()
		}
		return
	}
	sides := []struct {
		id     string
		d      *ascDice
		target int
	}{{b.Invasion.Attacker, f.attD, 0}, {b.Invasion.Defender, f.defD, 0}}
	sides[0].target, _ = ascrules.HitTarget(in.Attacker.Weapons, in.DefenderShields)
	sides[1].target, _ = ascrules.HitTarget(in.DefenderWeapons, in.Attacker.Shields)
	var away []string
	for _, s := range sides {
		if got, ok := b.DiceOf(s.id); ok && len(got) == 1 {
			if !slices.Equal(s.d.pool.faces, got[0].Faces.Sorted()) {
				s.d.set(ascPool{faces: got[0].Faces})
			}
			s.d.box.Hide()
			s.d.mark(s.target)
			f.shared.Add(diceIn(s.d.title.Text, enteredRow(s.d.pool.faces, s.target)))
			continue
		}
		if f.hidden(b, s.id) {
			s.d.box.Hide()
			away = append(away, f.sideName(s.id))
			continue
		}
		s.d.box.Show()
	}
	if len(away) > 0 {
		for _, o := range theirPhones(strings.Join(away, ", "), func() {
			f.others = true
			f.changed()
		}) {
			f.shared.Add(o)
		}
	}
}

// diceButtons adds the buttons that enter the dice typed on this phone:
// "Apply round N" when they are the last missing (with the resource nodes
// picked, picked false: not yet), "Enter the dice of Bob" when the other
// side's are still to come.
func (f *invasionForm) diceButtons(b *tracker.BattleInProgress, in ascrules.Invasion, picked bool) {
	if f.v.f.Seat() == screen.SeatWatch {
		return
	}
	att, def := in.Attacker.Player, f.defenderID()
	missing := []string{att, def}
	if b != nil {
		missing = b.Missing()
	}
	in.AttackerFaces, in.DefenderFaces = f.attD.pool.faces, f.defD.pool.faces
	typed := map[string]bool{
		att: len(in.AttackerFaces) > 0 && len(in.AttackerFaces) == ascrules.InvasionAttackerDiceDue(in),
		def: len(in.DefenderFaces) == ascrules.InvasionNodeDiceDue(in) && (len(in.DefenderFaces) > 0 || len(in.AttackerFaces) > 0),
	}
	in0 := func(id string) bool { return b != nil && !slices.Contains(missing, id) }
	// A side struck first waits for the other's dice.
	if ascrules.InvasionNodesRollFirst(in) && !typed[def] && !in0(def) {
		typed[att] = false
	}
	if ascrules.InvasionShipsRollFirst(in) && !typed[att] && !in0(att) {
		typed[def] = false
	}
	var ready []string
	for _, p := range missing {
		if typed[p] && !(b != nil && f.hidden(b, p)) {
			ready = append(ready, p)
		}
	}
	switch {
	case len(ready) > 0 && len(ready) == len(missing):
		btn := widget.NewButtonWithIcon(lang.X("asc.apply_round", "Apply round {{.Itoa}}", map[string]any{"Itoa": strconv.Itoa(in.Round)}), theme.ConfirmIcon(), func() {
			f.enter(b, ready)
		})
		btn.Importance = widget.HighImportance
		if !picked {
			btn.Disable()
		}
		f.result.Add(btn)
	case len(ready) > 0:
		screen.AddApplyButton(f.result, enterLabel(ready, missing, "", f.sideName), func() {
			f.enter(b, ready)
		})
	}
}

// enter sends the dice of sides typed here: with a round open, as those
// sides' dice (BattleDice, with the nodes picked when they are the last);
// otherwise the round opens with them (OpenInvasion).
func (f *invasionForm) enter(b *tracker.BattleInProgress, sides []string) {
	cmd, ok := f.command(false)
	if !ok {
		return
	}
	var run tracker.Command
	if b != nil {
		bd := tracker.BattleDice{NodesLost: cmd.NodesLost}
		for _, p := range sides {
			r := cmd.AttackerRoll
			if p != cmd.Attacker {
				r = cmd.DefenderRoll
			}
			bd.Sides = append(bd.Sides, tracker.SideRolls{Player: p, Rolls: []tracker.Roll{r}})
		}
		run = bd
	} else {
		if !slices.Contains(sides, cmd.Attacker) {
			cmd.AttackerRoll = tracker.Roll{}
		}
		if !slices.Contains(sides, cmd.Defender) {
			cmd.DefenderRoll = tracker.Roll{}
		}
		run = tracker.OpenInvasion{InvasionRound: cmd}
	}
	fresh := f.fresh
	f.fresh = false
	if !f.v.exec(run) {
		f.fresh = fresh
		return
	}
	if now := f.v.fightingNow(); now != nil && now.Round == cmd.Round && now.Kind == tracker.BattleInvasion {
		f.v.f.Say(enteredText(now, f.sideName), false)
		return
	}
	f.v.f.Say(lang.X("asc.invasion_round_applied", "Invasion round applied."), false)
	f.clearPicks()
	f.attD.set(ascPool{})
	f.defD.set(ascPool{})
	f.changed()
}

// nextPad is the pad of the dice this phone types next in the round
// under way b: its own side's on a seated phone, the attacker's first;
// nil when this phone has none to type.
func (f *invasionForm) nextPad(b *tracker.BattleInProgress) fyne.CanvasObject {
	if b == nil || b.Invasion == nil {
		return f.attD.box
	}
	me, att := f.mySide(b), b.Invasion.Attacker
	switch {
	case f.v.awaits(b, att) && (me == "" || me == att):
		return f.attD.box
	case f.v.awaits(b, b.Invasion.Defender) && (me == "" || me == b.Invasion.Defender):
		return f.defD.box
	}
	return nil
}

// openShared opens the round on the form on every phone, no dice yet.
func (f *invasionForm) openShared() {
	cmd, ok := f.command(false)
	if !ok {
		return
	}
	cmd.AttackerRoll, cmd.DefenderRoll, cmd.NodesLost = tracker.Roll{}, tracker.Roll{}, ascrules.Resources{}
	fresh := f.fresh
	f.fresh = false
	if !f.v.exec(tracker.OpenInvasion{InvasionRound: cmd}) {
		f.fresh = fresh
		return
	}
	f.v.f.Say(lang.X("asc.shared.opened", "The battle is on every phone: each side enters its dice."), false)
}

// topButton is "End the invasion" (the attacker retreats) while a round
// is open on every phone, "New invasion" otherwise.
func (f *invasionForm) topButton() {
	if f.sharedInv() != nil {
		f.top.SetText(lang.X("asc.invasion.end", "End the invasion"))
		f.top.SetIcon(theme.CancelIcon())
		f.top.OnTapped = func() {
			if f.v.exec(tracker.EndBattle{}) {
				f.v.f.Say(lang.X("asc.invasion.ended", "The invasion is over on every phone."), false)
				f.newInvasion()
			}
		}
		return
	}
	f.top.SetText(lang.X("asc.invasion.new", "New invasion"))
	f.top.SetIcon(theme.ContentClearIcon())
	f.top.OnTapped = f.newInvasion
}

// rollShared rolls, in a round under way, the dice of the sides still
// missing that this phone types (not those in, nor on a seated phone the
// other side's), in the rules' order: a side struck first after the other
// is in, for what it has left.
func (f *invasionForm) rollShared(b *tracker.BattleInProgress, in ascrules.Invasion) {
	att, def := b.Invasion.Attacker, b.Invasion.Defender
	in.AttackerFaces, in.DefenderFaces = nil, nil
	if got, ok := b.DiceOf(att); ok && len(got) == 1 {
		in.AttackerFaces = got[0].Faces
	}
	if got, ok := b.DiceOf(def); ok && len(got) == 1 {
		in.DefenderFaces = got[0].Faces
	}
	order := []string{att, def}
	if ascrules.InvasionNodesRollFirst(in) {
		order = []string{def, att}
	}
	for i, side := range order {
		if _, ok := b.DiceOf(side); ok || f.hidden(b, side) {
			if i == 0 && !ok && (ascrules.InvasionNodesRollFirst(in) || ascrules.InvasionShipsRollFirst(in)) {
				f.v.f.Say(lang.X("asc.shared.wait_first", "{{.Striker}} strikes first: {{.Name}} rolls after their dice are in.", map[string]any{"Striker": f.sideName(side), "Name": f.sideName(order[1])}), false)
				break
			}
			continue
		}
		n := ascrules.InvasionNodeDiceDue(in)
		if side == att {
			n = ascrules.InvasionAttackerDiceDue(in)
		}
		p, err := f.v.ascRoll(n)
		if err != nil {
			f.v.f.Say(screen.ErrText(err), true)
			return
		}
		if side == att {
			in.AttackerFaces = p.faces
			f.attD.set(p)
		} else {
			in.DefenderFaces = p.faces
			f.defD.set(p)
		}
	}
	f.resolve()
}
