package ascendancy

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	borgrules "tableops/rules/borg"
	"tableops/tracker"
	"tableops/ui/screen"
)

// The assimilation round under way is the game's (tracker.BattleInProgress
// of kind assimilation): every phone shows it, the defending player types
// the system's dice on their own phone, the cube's dice are typed on any
// phone, and the round is fought when both are in.

// sharedAssim returns the assimilation round under way whose dice are
// being entered, or nil.
func (f *assimForm) sharedAssim() *tracker.BattleInProgress {
	if b := f.v.roundUnderWay(tracker.BattleAssimilation); b != nil && b.Assimilate != nil {
		return b
	}
	return nil
}

// syncShared makes the draft the round under way's (once for each round:
// the dice typed here stay until then), with the dice already in.
func (f *assimForm) syncShared(b *tracker.BattleInProgress) {
	r := b.Assimilate
	if key := "shared|" + sharedKey(b); key != f.d.key {
		f.d = assimDraft{key: key, cube: r.Cube, defender: r.Defender, system: r.System, nodes: r.Nodes, starbase: r.Starbase,
			onSix: r.HitsOnSix, homeOf: r.HomeOf}
		f.others = false
	}
	if got, ok := b.DiceOf(r.Defender); ok && len(got) == 1 {
		f.d.def = ascPool{faces: got[0].Faces.Sorted()}
	}
	if got, ok := b.DiceOf(tracker.BorgSeat); ok && len(got) == 1 {
		f.d.borg = ascPool{faces: got[0].Faces.Sorted()}
	}
}

// nextPad is the pad of the dice this phone types next in the round
// under way b: the system's (on the defender's phone, or one that types
// every side), then the cube's; nil when this phone has none to type.
func (f *assimForm) nextPad(b *tracker.BattleInProgress) fyne.CanvasObject {
	def := b.Assimilate.Defender
	if f.v.awaits(b, def) && f.defD != nil && !f.away(b, def) {
		return f.defD.box
	}
	if f.v.awaits(b, tracker.BorgSeat) && f.borgD != nil {
		return f.borgD.box
	}
	return nil
}

// away reports whether this seated phone leaves the system's dice to the
// defending player's own phone (the cube's are typed anywhere).
func (f *assimForm) away(b *tracker.BattleInProgress, side string) bool {
	seat := f.v.seatIn(b)
	if seat == "" {
		return false
	}
	return side != seat && side != tracker.BorgSeat && !f.others
}

// sharedTop is the round line and End the battle of a round under way.
func (f *assimForm) sharedTop(b *tracker.BattleInProgress) fyne.CanvasObject {
	line := roundLine(b, battleRoundHead(b), f.v.seatName)
	end := widget.NewButtonWithIcon(lang.X("asc.shared.end", "End the battle"), theme.CancelIcon(), func() {
		if f.v.exec(tracker.EndBattle{}) {
			f.v.f.Say(lang.X("asc.shared.ended", "The battle is over on every phone."), false)
			f.d.key = ""
			f.redraw()
		}
	})
	return container.NewVBox(screen.BoldLabel(line), container.NewBorder(nil, nil, nil, end))
}

// sideBox is a side's pad, its dice once they are in, or nothing on a
// seated phone whose dice come from the other phone.
func (f *assimForm) sideBox(b *tracker.BattleInProgress, side string, d *borgDice, target int) fyne.CanvasObject {
	if b == nil {
		return d.box
	}
	if _, in := b.DiceOf(side); in {
		return diceIn(d.title.Text, markedDice(d.pool.faces, target))
	}
	if f.away(b, side) {
		return container.NewVBox(theirPhones(f.v.seatName(side), func() {
			f.others = true
			f.redraw()
		})...)
	}
	return d.box
}

// diceButtons adds the buttons that enter the dice typed on this phone:
// "Apply round N" when they are the last missing, "Enter the dice of
// Alice" when the cube's are still to come, "Open on every phone" when no
// round is open.
func (f *assimForm) diceButtons(b *tracker.BattleInProgress, a borgrules.Assimilation, apply func(sides []string)) {
	if f.v.f.Seat() == screen.SeatWatch {
		return
	}
	def := f.d.defender
	a.DefenderFaces, a.BorgFaces = f.d.def.faces, f.d.borg.faces
	typed := map[string]bool{def: len(f.d.def.faces) > 0 && len(f.d.def.faces) == f.structures(a)}
	due := borgrules.AssimilationBorgDice(a)
	typed[tracker.BorgSeat] = len(f.d.borg.faces) == due && (due > 0 || typed[def]) && (typed[def] || !a.FirstStrike())
	missing := []string{def, tracker.BorgSeat}
	if b != nil {
		missing = b.Missing()
	}
	if in := b != nil && !slices.Contains(missing, def); a.FirstStrike() && !typed[def] && !in {
		typed[tracker.BorgSeat] = false
	}
	var ready []string
	for _, p := range missing {
		if typed[p] && !f.away(b, p) {
			ready = append(ready, p)
		}
	}
	if label := enterLabel(ready, missing, lang.X("borg.apply_round", "Apply round {{.V}}", map[string]any{"V": a.Cube.Round + 1}), f.v.seatName); label != "" {
		screen.AddApplyButton(f.result, label, func() { apply(ready) })
	}
	if b == nil {
		f.result.Add(widget.NewButtonWithIcon(lang.X("asc.shared.open", "Open on every phone"), theme.MailSendIcon(), func() { apply(nil) }))
	}
}

// enter sends the dice of the sides typed here (none: the round opens
// with no dice): with a round open, as those sides' dice (BattleDice, with
// the structures lost when they are the last); otherwise the round opens
// with them (OpenAssimilation). It reports whether the round was fought.
func (f *assimForm) enter(b *tracker.BattleInProgress, cmd tracker.AssimilationRound, sides []string) bool {
	var run tracker.Command
	if b != nil {
		bd := tracker.BattleDice{NodesLost: cmd.NodesLost, StarbaseLost: cmd.StarbaseLost}
		if slices.Contains(sides, cmd.Defender) {
			bd.Sides = append(bd.Sides, tracker.SideRolls{Player: cmd.Defender, Rolls: []tracker.Roll{cmd.DefenderRoll}})
		}
		if slices.Contains(sides, tracker.BorgSeat) {
			bd.Sides = append(bd.Sides, tracker.SideRolls{Player: tracker.BorgSeat, Rolls: []tracker.Roll{cmd.BorgRoll}})
		}
		run = bd
	} else {
		if !slices.Contains(sides, cmd.Defender) {
			cmd.DefenderRoll = tracker.Roll{}
		}
		if !slices.Contains(sides, tracker.BorgSeat) {
			cmd.BorgRoll = tracker.Roll{}
		}
		run = tracker.OpenAssimilation{AssimilationRound: cmd}
	}
	if !f.v.exec(run) {
		return false
	}
	now := f.v.fightingNow()
	if now != nil && now.Kind == tracker.BattleAssimilation && len(now.Dice) > 0 || len(sides) == 0 {
		msg := enteredText(now, f.v.seatName)
		if len(sides) == 0 {
			msg = lang.X("asc.shared.opened", "The battle is on every phone: each side enters its dice.")
		}
		f.v.f.Say(msg, false)
		f.redraw()
		return false
	}
	return true
}
