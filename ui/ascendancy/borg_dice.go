package ascendancy

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/dice"
	"tableops/tracker"
	"tableops/ui/screen"
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
	d := &borgDice{title: screen.BoldLabel(title), pool: pool}
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

// newBorgSide is newBorgDice keeping the faces typed in *pool (the form's
// draft) and calling resolve after every die.
func newBorgSide(title string, max int, pool *ascPool, resolve func()) *borgDice {
	return newBorgDice(title, max, *pool, func(d dice.Pool) {
		*pool = ascPool{faces: d}
		resolve()
	})
}

// addDiceActions adds what follows the keypads on a Borg form: Roll for me
// and Clear dice side by side, then the result right under them. It
// returns the roll button.
func addDiceActions(box, result *fyne.Container, roll, clear func()) *widget.Button {
	r := screen.RollButton(roll)
	c := widget.NewButtonWithIcon(lang.X("asc.clear_dice", "Clear dice"), theme.ContentClearIcon(), clear)
	box.Add(screen.FitGrid(2, r, c))
	box.Add(result)
	return r
}

// drawBorgForm keeps a Borg form's draft within the state (sync) and draws
// it (render); nothing while the game has no Borg.
func drawBorgForm(st *tracker.AscendancyState, f interface {
	sync()
	render()
}) {
	if st == nil || st.Borg == nil {
		return
	}
	f.sync()
	f.render()
}

// cubeSelect chooses one of the cubes on the board; selected is shown
// chosen (without calling OnChanged, which the form sets).
func cubeSelect(bs *tracker.BorgState, placeholder, selected string) *widget.Select {
	var ids []string
	for _, c := range bs.Cubes {
		ids = append(ids, borgName(c.ID))
	}
	s := widget.NewSelect(ids, nil)
	s.PlaceHolder = placeholder
	s.Selected = borgName(selected)
	return s
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
