package ascendancy

import (
	"slices"

	"fyne.io/fyne/v2/lang"

	"tableops/tracker"
	"tableops/ui/screen"
)

// Call calls a seated phone's player to the battle under way that awaits
// their dice, on whatever panel the phone shows (screen.Calling): the
// Battle panel for a space battle or an invasion, the Borg panel for a
// cube battle or an assimilation. A phone that changes everything, or
// only watches, is called to nothing: the battle is on its panels.
func (v *ascView) Call() screen.Call {
	seat := v.f.Seat()
	if v.st == nil || seat == "" || seat == screen.SeatWatch {
		return screen.Call{}
	}
	b := v.st.Fighting()
	if b == nil || !slices.Contains(b.Missing(), seat) {
		return screen.Call{}
	}
	c := screen.Call{Panel: lang.X("asc.battle", "Battle"), Action: lang.X("asc.call.go", "To the battle")}
	attacker := b.Attacker.Player
	switch {
	case b.Kind == tracker.BattleCube:
		c.Panel = lang.X("asc.borg", "Borg")
		c.Text = lang.X("asc.call.cube", "The cube battle awaits your dice")
	case b.Kind == tracker.BattleAssimilation:
		c.Panel = lang.X("asc.borg", "Borg")
		c.Text = lang.X("asc.call.assimilation", "Assimilation: roll your dice")
	case attacker == seat || attacker == "":
		c.Text = lang.X("asc.call.yours", "Your battle awaits your dice")
	case b.Kind == tracker.BattleInvasion:
		c.Text = lang.X("asc.call.invasion", "{{.Name}} invades you: roll your dice", map[string]any{"Name": v.seatName(attacker)})
	default:
		c.Text = lang.X("asc.call.space", "{{.Name}} attacks you: roll your dice", map[string]any{"Name": v.seatName(attacker)})
	}
	return c
}
