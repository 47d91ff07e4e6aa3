package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/dice"
	"tableops/ui/widgets"
)

// borgDice is one side's dice on a Borg form: a title and a compact
// keypad (the six faces in one row; an entered die taps out, the form's
// Clear dice clears), so a fleet's and the cube's keypads fit on one phone
// screen. The dice marked hit or miss are shown with the result, under
// every keypad, so nothing appears between two keypads while dice are
// typed in.
type borgDice struct {
	title *widget.Label
	pad   *widgets.DicePad
	pool  ascPool
	box   *fyne.Container
}

// newBorgDice returns a keypad taking at most max dice showing pool;
// changed is called after every die typed.
func newBorgDice(title string, max int, pool ascPool, changed func(dice.Pool)) *borgDice {
	d := &borgDice{title: boldLabel(title), pool: pool}
	d.pad = widgets.NewCompactDicePad(max)
	d.pad.SetPool(pool.faces)
	d.pad.OnChanged = func(p dice.Pool) {
		d.pool = ascPool{faces: p}
		if changed != nil {
			changed(p)
		}
	}
	d.box = container.NewVBox(d.title, d.pad)
	return d
}

// markedDice shows faces hitting on target or more (none above 6).
func markedDice(faces dice.Pool, target int) *widgets.DiceRow {
	faces = faces.Sorted()
	st := make([]widgets.DieState, len(faces))
	for i, f := range faces {
		if target <= dice.Sides && f >= target {
			st[i] = widgets.DieHit
		} else {
			st[i] = widgets.DieIgnored
		}
	}
	r := widgets.NewDiceRow(nil)
	r.SetDieSize(widgets.DieSmall)
	r.SetCaptions(false)
	r.SetPoolStates(faces, st)
	return r
}
