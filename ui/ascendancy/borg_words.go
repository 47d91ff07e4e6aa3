package ascendancy

import (
	"fyne.io/fyne/v2/lang"
)

// cubeDiceTitle heads the cube's keypad with how many dice to roll, before
// they are typed (issue 27: the pad asked "0/9" and said the cube fires 7
// only after): exactly due when it is known (the players' dice typed, or a
// round with no first strike), else up to the cube's dice, the players'
// first. Both are one line, so the keypads under it do not move when the
// players' dice come in.
func cubeDiceTitle(due, upTo, hit int, known bool) string {
	if known {
		return lang.X("borg.cube_dice_roll", "Cube's dice: roll {{.Due}} (hit on {{.Hit}}+)", map[string]any{"Due": due, "Hit": hit})
	}
	return lang.X("borg.cube_dice_up_to", "Cube's dice: up to {{.Dice}} (hit on {{.Hit}}+)", map[string]any{"Dice": upTo, "Hit": hit})
}
