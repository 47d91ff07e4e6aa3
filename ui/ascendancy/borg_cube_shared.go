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

// The cube round under way is the game's (tracker.BattleInProgress of
// kind cube), as a space battle between players is: every phone shows it,
// each player types their own fleet's dice on their own phone, the cube's
// dice are typed on any phone, and the round is fought when the last are
// in.

// sharedCube returns the cube round under way whose dice are being
// entered, or nil.
func (f *cubeBattle) sharedCube() *tracker.BattleInProgress {
	if b := f.v.roundUnderWay(tracker.BattleCube); b != nil && b.Cube != nil {
		return b
	}
	return nil
}

// syncShared makes the draft the round under way's: its cube and fleets
// (once for each round: the dice typed here stay until then), and the
// dice already in.
func (f *cubeBattle) syncShared(b *tracker.BattleInProgress) {
	if key := "shared|" + sharedKey(b); key != f.d.key {
		f.d = cubeDraft{cube: b.Cube.Cube, key: key}
		f.others = false
		for i, fl := range b.Cube.Fleets {
			fd := fleetDraft{player: fl.Player, ships: fl.Ships, bonus: fl.BonusDice, onSix: fl.HitsOnSix}
			if i < len(b.CubeRules.Fleets) {
				fd.onSix = b.CubeRules.Fleets[i].HitsOnSix
			}
			f.d.fleets = append(f.d.fleets, fd)
		}
	}
	for i := range f.d.fleets {
		if got, ok := b.DiceOf(f.d.fleets[i].player); ok && len(got) == 1 {
			f.d.fleets[i].dice = ascPool{faces: got[0].Faces.Sorted()}
		}
	}
	if got, ok := b.DiceOf(tracker.BorgSeat); ok && len(got) == 1 {
		f.d.borg = ascPool{faces: got[0].Faces.Sorted()}
	}
}

// mySide is the player this phone sits as when their fleet fights in the
// round ("" otherwise: the phone types every side's dice).
func (f *cubeBattle) mySide(b *tracker.BattleInProgress) string { return f.v.seatIn(b) }

// nextPad is the pad of the dice this phone types next in the round
// under way b: its own fleet's on a seated phone (every fleet's in turn
// on a phone that types them all), then the cube's once the players'
// are in (they strike first) or when this phone types them all; nil when
// this phone has none to type.
func (f *cubeBattle) nextPad(b *tracker.BattleInProgress) fyne.CanvasObject {
	me := f.mySide(b)
	for i, fd := range f.d.fleets {
		if (me == "" || fd.player == me) && f.v.awaits(b, fd.player) && i < len(f.fleets) && f.fleets[i].d != nil {
			return f.fleets[i].d.box
		}
	}
	if f.v.awaits(b, tracker.BorgSeat) && f.borgD != nil && (me == "" || len(b.Missing()) == 1) {
		return f.borgD.box
	}
	return nil
}

// away reports whether this seated phone leaves side's dice to that
// player's own phone (the cube's are typed anywhere).
func (f *cubeBattle) away(b *tracker.BattleInProgress, side string) bool {
	me := f.mySide(b)
	return b != nil && me != "" && side != me && side != tracker.BorgSeat && !f.others
}

// sharedTop is the round line and End the battle of a round under way.
func (f *cubeBattle) sharedTop(b *tracker.BattleInProgress) fyne.CanvasObject {
	line := roundLine(b, battleRoundHead(b), f.v.seatName)
	end := widget.NewButtonWithIcon(lang.X("asc.shared.end", "End the battle"), theme.CancelIcon(), func() {
		// A new battle next, with the same fleets, the cube fresh (set
		// first: the state update redraws the form at once).
		f.d.newBattle = true
		fleets := slices.Clone(f.d.fleets)
		if !f.v.exec(tracker.EndBattle{}) {
			f.d.newBattle = false
			return
		}
		f.v.f.Say(lang.X("asc.shared.ended", "The battle is over on every phone."), false)
		f.d = cubeDraft{cube: f.d.cube, newBattle: true, fleets: fleets}
		for i := range f.d.fleets {
			f.d.fleets[i].dice = ascPool{}
		}
		f.redraw()
	})
	return container.NewVBox(screen.BoldLabel(line), container.NewBorder(nil, nil, nil, end))
}

// sideBox is a side's pad, its dice once they are in, or nothing on a
// seated phone whose dice come from the other phone.
func (f *cubeBattle) sideBox(b *tracker.BattleInProgress, side string, d *borgDice, target int) fyne.CanvasObject {
	if b == nil {
		return d.box
	}
	if _, in := b.DiceOf(side); in {
		return diceIn(d.title.Text, markedDice(d.pool.faces, target))
	}
	if f.away(b, side) {
		return nil
	}
	return d.box
}

// awayLine says, on a seated phone, whose dice come from their phones,
// with a button to type them here instead.
func (f *cubeBattle) awayLine(b *tracker.BattleInProgress) fyne.CanvasObject {
	if b == nil {
		return nil
	}
	var away []string
	for _, p := range b.Missing() {
		if f.away(b, p) {
			away = append(away, p)
		}
	}
	if len(away) == 0 {
		return nil
	}
	return container.NewVBox(theirPhones(sideNames(away, f.v.seatName), func() {
		f.others = true
		f.redraw()
	})...)
}

// diceButtons adds the buttons that enter the dice typed on this phone:
// "Apply round N" when they are the last missing, "Enter the dice of Ben"
// when other sides' are still to come, "Open on every phone" when no
// round is open.
func (f *cubeBattle) diceButtons(b *tracker.BattleInProgress, r borgrules.CubeRound, ds []*fleetDraft, apply func(sides []string)) {
	if f.v.f.Seat() == screen.SeatWatch {
		return
	}
	typed := map[string]bool{}
	all := true
	for i, fl := range r.Fleets {
		typed[fl.Player] = len(ds[i].dice.faces) > 0 && len(ds[i].dice.faces) == fl.Dice()
		all = all && typed[fl.Player]
	}
	due := borgrules.CubeRoundBorgDice(r)
	typed[tracker.BorgSeat] = len(f.d.borg.faces) == due && (due > 0 || all) && (all || !r.FirstStrike())
	if r.FirstStrike() && !all {
		typed[tracker.BorgSeat] = false
	}
	missing := []string{}
	for _, fl := range r.Fleets {
		missing = append(missing, fl.Player)
	}
	missing = append(missing, tracker.BorgSeat)
	if b != nil {
		missing = b.Missing()
	}
	var ready []string
	for _, p := range missing {
		if typed[p] && !f.away(b, p) {
			ready = append(ready, p)
		}
	}
	if label := enterLabel(ready, missing, lang.X("borg.apply_round", "Apply round {{.V}}", map[string]any{"V": r.Cube.Round + 1}), f.v.seatName); label != "" {
		screen.AddApplyButton(f.result, label, func() { apply(ready) })
	}
	if b == nil {
		f.result.Add(widget.NewButtonWithIcon(lang.X("asc.shared.open", "Open on every phone"), theme.MailSendIcon(), func() { apply(nil) }))
	}
}

// enter sends the dice of the sides typed here (none: the round opens
// with no dice): with a round open, as those sides' dice (BattleDice,
// with who retreats and the losses when they are the last); otherwise the
// round opens with them (OpenCubeBattle).
func (f *cubeBattle) enter(b *tracker.BattleInProgress, cmd tracker.CubeRound, sides []string) bool {
	var run tracker.Command
	if b != nil {
		bd := tracker.BattleDice{Retreat: cmd.Retreat, Losses: cmd.Losses}
		for _, fl := range cmd.Fleets {
			if slices.Contains(sides, fl.Player) {
				bd.Sides = append(bd.Sides, tracker.SideRolls{Player: fl.Player, Rolls: []tracker.Roll{fl.Roll}})
			}
		}
		if slices.Contains(sides, tracker.BorgSeat) {
			bd.Sides = append(bd.Sides, tracker.SideRolls{Player: tracker.BorgSeat, Rolls: []tracker.Roll{cmd.BorgRoll}})
		}
		run = bd
	} else {
		for i := range cmd.Fleets {
			if !slices.Contains(sides, cmd.Fleets[i].Player) {
				cmd.Fleets[i].Roll = tracker.Roll{}
			}
		}
		if !slices.Contains(sides, tracker.BorgSeat) {
			cmd.BorgRoll = tracker.Roll{}
		}
		run = tracker.OpenCubeBattle{CubeRound: cmd}
	}
	if !f.v.exec(run) {
		return false
	}
	now := f.v.fightingNow()
	if now != nil && now.Kind == tracker.BattleCube && (b == nil || now.Round == b.Round) && len(now.Dice) > 0 || len(sides) == 0 {
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

// entered returns the dice side has entered on the round under way b.
func (f *cubeBattle) entered(b *tracker.BattleInProgress, side string) ([]int, bool) {
	if b == nil {
		return nil, false
	}
	if got, ok := b.DiceOf(side); ok && len(got) == 1 {
		return got[0].Faces, true
	}
	return nil, false
}
