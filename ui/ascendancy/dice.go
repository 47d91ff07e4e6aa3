package ascendancy

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ascrules "tableops/rules/ascendancy"
	"tableops/rules/dice"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// ascPool is a roll on an Ascendancy screen: typed in from physical dice,
// or rolled by the app from a seed of the game (kept so the log replays it).
type ascPool struct {
	faces dice.Pool
	seed  *uint64
}

// roll returns the tracker form of the pool (faces in the seed's order).
func (p ascPool) roll() tracker.Roll {
	if p.seed != nil {
		s := *p.seed
		return tracker.Roll{Faces: dice.Roll(len(p.faces), s), Seed: &s}
	}
	return tracker.Roll{Faces: append(dice.Pool{}, p.faces...)}
}

// ascRoll rolls n dice from a fresh seed of the game.
func (v *ascView) ascRoll(n int) (ascPool, error) {
	if n <= 0 {
		return ascPool{}, nil
	}
	seed, ok := v.f.Game().NewSeed()
	if !ok {
		return ascPool{}, errors.New(lang.X("asc.this_game_cannot_roll_virtual", "this game cannot roll virtual dice; type the faces on the keypad instead"))
	}
	return ascPool{faces: dice.Roll(n, seed), seed: &seed}, nil
}

// rollPair rolls two pools virtually for a round: n dice, then as many as
// due says given the first roll (what first strike leaves the other side,
// or a fixed number when both sides roll together). On an error it tells
// the players and reports false.
func (v *ascView) rollPair(n int, due func(first ascPool) int) (first, second ascPool, ok bool) {
	first, err := v.ascRoll(n)
	if err == nil {
		second, err = v.ascRoll(due(first))
	}
	if err != nil {
		v.f.Say(screen.ErrText(err), true)
		return ascPool{}, ascPool{}, false
	}
	return first, second, true
}

// ascDice is one side's dice: a keypad for a physical roll and, once the
// roll is resolved, the dice marked hit or miss.
type ascDice struct {
	title *widget.Label
	pad   *widgets.DicePad
	row   *widgets.DiceRow
	pool  ascPool
	box   *fyne.Container
}

func newAscDice(title string, onChange func()) *ascDice {
	return makeAscDice(title, widgets.NewDicePad(0), onChange)
}

// newCompactAscDice is an ascDice with the compact keypad (the six faces in
// one row, no Undo/Clear row: a tap on an entered die takes it out, the
// form's Clear dice clears), for forms with two pads on a phone screen.
// Its dice marked hit or miss are not under the pad (they would push the
// next pad down as the roll completes): the form shows them with the
// result (see marked).
func newCompactAscDice(title string, onChange func()) *ascDice {
	d := makeAscDice(title, widgets.NewCompactDicePad(0), onChange)
	d.box.Remove(d.row)
	return d
}

// marked is the dice marked hit or miss under their title, for a result.
func (d *ascDice) marked() fyne.CanvasObject {
	return container.NewVBox(screen.CaptionLabel(d.title.Text), d.row)
}

func makeAscDice(title string, pad *widgets.DicePad, onChange func()) *ascDice {
	d := &ascDice{title: screen.BoldLabel(title)}
	d.pad = pad
	d.pad.OnChanged = func(p dice.Pool) {
		d.pool = ascPool{faces: p}
		onChange()
	}
	d.row = widgets.NewDiceRow(nil)
	d.row.SetCaptions(false)
	d.row.Hide()
	d.box = container.NewVBox(d.title, d.pad, d.row)
	return d
}

// set shows a pool on the keypad.
func (d *ascDice) set(p ascPool) {
	d.pool = ascPool{faces: p.faces.Sorted(), seed: p.seed}
	d.pad.SetPool(d.pool.faces)
	d.row.Hide()
}

// mark shows the dice hitting on target or more (none when above 6).
func (d *ascDice) mark(target int) {
	faces := d.pool.faces.Sorted()
	st := make([]widgets.DieState, len(faces))
	for i, f := range faces {
		if target <= dice.Sides && f >= target {
			st[i] = widgets.DieHit
		} else {
			st[i] = widgets.DieIgnored
		}
	}
	d.row.SetPoolStates(faces, st)
	if len(faces) > 0 {
		d.row.Show()
	} else {
		d.row.Hide()
	}
}

// numStepper is a small count the screen keeps until a command uses it
// (ships in a battle, a hazard level), with − and + buttons.
type numStepper struct {
	label    string
	val      int
	min, max int
	text     *widget.Label
	box      fyne.CanvasObject
	onChange func()
}

func newNumStepper(label string, val, min, max int, onChange func()) *numStepper {
	s := &numStepper{label: label, val: val, min: min, max: max, onChange: onChange}
	s.text = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	s.text.Wrapping = fyne.TextWrapWord // a long label (Italian) wraps instead of widening the panel
	minus := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.set(s.val - 1) })
	plus := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.set(s.val + 1) })
	s.box = container.NewBorder(nil, nil, minus, plus, s.text)
	s.show()
	return s
}

func (s *numStepper) show() { s.text.SetText(fmt.Sprintf("%s %d", s.label, s.val)) }

// set changes the value within its bounds and reports the change.
func (s *numStepper) set(n int) {
	n = max(s.min, min(n, s.max))
	if n == s.val {
		return
	}
	s.val = n
	s.show()
	if s.onChange != nil {
		s.onChange()
	}
}

// clamp keeps the value within new bounds without reporting a change.
func (s *numStepper) clamp(lo, hi int) {
	s.min, s.max = lo, max(lo, hi)
	s.val = max(s.min, min(s.val, s.max))
	s.show()
}

// rulesReason is a rules engine's reason without the error class it is
// wrapped in ("...: invalid Ascendancy input").
func rulesReason(err error) string {
	return strings.TrimSuffix(screen.ErrText(err), ": "+ascrules.ErrBadInput.Error())
}
