package ascendancy

import (
	"fyne.io/fyne/v2/widget"
)

// klingonOnly shows a "Hits on 6s always (Klingon)" check only where it
// can apply: the player's faction hits the Borg on 6s always (the
// Klingons, tracker.AscPlayer.HitsOnSixVsBorg), or the table ticked it
// already (a ruling of theirs). A Romulan fleet is not offered it (issue
// 27, Texts and hints that match the rules).
func (v *ascView) klingonOnly(check *widget.Check, player string) {
	if p := v.player(player); (p != nil && p.HitsOnSixVsBorg()) || check.Checked {
		check.Show()
		return
	}
	check.Hide()
}
