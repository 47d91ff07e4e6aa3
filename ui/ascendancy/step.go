package ascendancy

import (
	"fmt"
	"slices"

	"tableops/tracker"
)

// walkerStep names the stage of the round walker: its stage, round, turn
// and phase.
func walkerStep(a *tracker.AscendancyState) string {
	w := a.Walker
	return fmt.Sprintf("%s/%d/%d/%s", w.Stage, w.Round, w.Turn, w.Phase)
}

// battleStep names the round under way of a battle of one of kinds (""
// with none): its kind, sides and round, and whose dice it awaits (a side
// whose dice are in moves the round on: the next dice may be this
// phone's).
func battleStep(a *tracker.AscendancyState, kinds ...string) string {
	b := a.Fighting()
	if b == nil || !slices.Contains(kinds, b.Kind) {
		return ""
	}
	return fmt.Sprintf("%s|%s|%v", b.Kind, sharedKey(b), b.Missing())
}

// battlePanelStep names the step of the Battle panel: the space battle or
// invasion round under way (shared or typed on one phone).
func battlePanelStep(a *tracker.AscendancyState) string {
	step := battleStep(a, tracker.BattleSpace, tracker.BattleInvasion)
	if b := a.BattleNow(); b != nil {
		step += fmt.Sprintf("|space %d", b.Round)
	}
	if in := a.Invasion; in != nil {
		step += fmt.Sprintf("|invasion %s %d", in.Attacker, in.Round)
	}
	return step
}

// borgPanelStep names the step of the Borg panel: the Borg turn's
// progress and the cube or assimilation round under way.
func borgPanelStep(a *tracker.AscendancyState) string {
	step := battleStep(a, tracker.BattleCube, tracker.BattleAssimilation)
	bs := a.Borg
	if bs == nil {
		return step
	}
	if a.CurrentSeat() == tracker.BorgSeat {
		step += fmt.Sprintf("|turn %s %v %d", walkerStep(a), bs.Built, len(bs.Activated))
	}
	if f := bs.Fight; f != nil {
		step += fmt.Sprintf("|%s %s", f.Cube, f.Kind)
	}
	// A cube's battle rounds (a cube added is not a step).
	for _, c := range bs.Cubes {
		if c.Round > 0 {
			step += fmt.Sprintf("|%s %d", c.ID, c.Round)
		}
	}
	return step
}

// awaits reports whether the battle round under way b awaits side's dice
// from this phone: missing, and not left to that player's own phone.
func (v *ascView) awaits(b *tracker.BattleInProgress, side string) bool {
	if b == nil || !slices.Contains(b.Missing(), side) {
		return false
	}
	seat := v.f.Seat()
	return seat == "" || seat == side || side == tracker.BorgSeat || !slices.Contains(b.Players(), seat)
}
