package widgets

import (
	"fmt"
	"fyne.io/fyne/v2/lang"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/dice"
)

// DicePad is a keypad for typing in the faces of a physical roll: six big
// die-face buttons, backspace and clear, with the entered dice shown as a
// DiceRow sorted from high to low. Tapping an entered die removes it. When
// focused it also takes the keys 1-6, Backspace (remove the last die
// entered) and Delete (clear). At most Max dice are taken; further taps are
// refused with a visible hint.
type DicePad struct {
	widget.BaseWidget

	// OnChanged is called with the entered dice, sorted high to low, after
	// every change made by the player (not after SetPool).
	OnChanged func(dice.Pool)

	entered dice.Pool // in the order typed
	max     int
	hint    string
	focused bool
	compact bool

	row *DiceRow
}

// NewDicePad returns an empty pad taking at most max dice (0 or less: no
// limit).
func NewDicePad(max int) *DicePad {
	p := &DicePad{max: max}
	p.ExtendBaseWidget(p)
	p.row = NewDiceRow(nil)
	p.row.SetCaptions(false)
	p.row.OnTapped = p.removeAt
	return p
}

// NewCompactDicePad returns an empty pad taking at most max dice, drawn in
// about a third of the height, for forms with two pads on a phone screen:
// the six faces in one row under the entered dice, no Undo/Clear row
// (tapping an entered die takes it out; the form clears) and no hint line
// (Hint still tells): for forms that put the dice elsewhere once the pad
// is full, as the Away Missions dice forms do.
func NewCompactDicePad(max int) *DicePad {
	p := NewDicePad(max)
	p.compact = true
	p.row.SetDieSize(DieSmall)
	return p
}

// Pool returns the entered dice sorted high to low.
func (p *DicePad) Pool() dice.Pool { return p.entered.Sorted() }

// Max returns the most dice the pad takes (0: no limit).
func (p *DicePad) Max() int { return p.max }

// Hint returns the hint shown under the dice ("" when none).
func (p *DicePad) Hint() string { return p.hint }

// SetMax changes the most dice taken (0 or less: no limit). Dice already
// entered beyond it (the roll now takes fewer, e.g. another character
// tests) are taken out, the last entered first; the pad says so and
// OnChanged is called, so no form keeps more dice than its roll takes.
func (p *DicePad) SetMax(n int) {
	if n == p.max {
		return
	}
	p.max = n
	p.hint = ""
	if n > 0 && len(p.entered) > n {
		gone := len(p.entered) - n
		p.entered = p.entered[:n]
		p.changed()
		p.hint = lang.X("dice.taken_out", "The roll now takes {{.N}} dice: {{.Gone}} taken out", map[string]any{"N": n, "Gone": gone})
		p.Refresh()
		return
	}
	p.Refresh()
}

// SetPool replaces the entered dice (faces outside 1-6 are skipped) without
// calling OnChanged.
func (p *DicePad) SetPool(pool dice.Pool) {
	p.entered = p.entered[:0]
	for _, f := range pool {
		if f >= 1 && f <= dice.Sides {
			p.entered = append(p.entered, f)
		}
	}
	p.hint = ""
	p.Refresh()
}

// full reports whether another die would exceed the maximum.
func (p *DicePad) full() bool { return p.max > 0 && len(p.entered) >= p.max }

// add enters one die face; it returns false (and shows a hint) when the pad
// is full or the face is not 1-6.
func (p *DicePad) add(face int) bool {
	if face < 1 || face > dice.Sides {
		return false
	}
	if p.full() {
		p.hint = lang.X("dice.at_most", "At most {{.N}} dice: remove one first", map[string]any{"N": p.max})
		p.Refresh()
		return false
	}
	p.entered = append(p.entered, face)
	p.changed()
	return true
}

// backspace removes the die entered last.
func (p *DicePad) backspace() {
	if len(p.entered) == 0 {
		return
	}
	p.entered = p.entered[:len(p.entered)-1]
	p.changed()
}

// clear removes every die.
func (p *DicePad) clear() {
	if len(p.entered) == 0 {
		return
	}
	p.entered = p.entered[:0]
	p.changed()
}

// removeAt removes the die shown at index i of the sorted row.
func (p *DicePad) removeAt(i int) {
	sorted := p.entered.Sorted()
	if i < 0 || i >= len(sorted) {
		return
	}
	face := sorted[i]
	// Remove the most recently entered die with that face.
	for j := len(p.entered) - 1; j >= 0; j-- {
		if p.entered[j] == face {
			p.entered = slices.Delete(p.entered, j, j+1)
			break
		}
	}
	p.changed()
}

func (p *DicePad) changed() {
	p.hint = ""
	p.Refresh()
	if p.OnChanged != nil {
		p.OnChanged(p.Pool())
	}
}

// FocusGained shows the pad as focused (it takes keys 1-6).
func (p *DicePad) FocusGained() {
	p.focused = true
	p.Refresh()
}

// FocusLost stops showing the pad as focused.
func (p *DicePad) FocusLost() {
	p.focused = false
	p.Refresh()
}

// TypedRune enters a die for the keys 1-6 and ignores other characters.
func (p *DicePad) TypedRune(r rune) {
	if r >= '1' && r <= '6' {
		p.add(int(r - '0'))
	}
}

// TypedKey handles Backspace (remove the last die) and Delete (clear).
func (p *DicePad) TypedKey(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeyBackspace:
		p.backspace()
	case fyne.KeyDelete:
		p.clear()
	}
}

// Tapped on the pad's background asks for keyboard focus, except on mobile
// devices, where focus would raise the on-screen keyboard over the pad's own
// buttons.
func (p *DicePad) Tapped(*fyne.PointEvent) {
	if fyne.CurrentDevice().IsMobile() {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(p); c != nil {
		c.Focus(p)
	}
}

// CreateRenderer builds the pad.
func (p *DicePad) CreateRenderer() fyne.WidgetRenderer {
	p.ExtendBaseWidget(p)
	count := newText("", nil, 0, true)
	hint := newText("", nil, 0, true)
	hint.Alignment = fyne.TextAlignCenter
	var faces []fyne.CanvasObject
	faceSize, faceCols := DieSize(60), 3
	if p.compact {
		faceSize, faceCols = 40, dice.Sides
	}
	for f := 1; f <= dice.Sides; f++ {
		d := NewDieFace(f, faceSize)
		d.OnTapped = func() { p.add(f) }
		faces = append(faces, d)
	}
	back := widget.NewButtonWithIcon(lang.X("dice.undo_last", "Undo last"), theme.NavigateBackIcon(), p.backspace)
	clr := widget.NewButtonWithIcon(lang.X("dice.clear_all", "Clear all"), theme.DeleteIcon(), p.clear)
	frame := canvas.NewRectangle(nil)
	top := &fyne.Container{Layout: layout.NewBorderLayout(nil, nil, nil, count), Objects: []fyne.CanvasObject{p.row, count}}
	body := &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{
		top,
		hint,
		&fyne.Container{Layout: layout.NewGridLayoutWithColumns(faceCols), Objects: faces},
		&fyne.Container{Layout: layout.NewGridLayoutWithColumns(2), Objects: []fyne.CanvasObject{
			atLeast(back, MinTouch, MinTouch+4), atLeast(clr, MinTouch, MinTouch+4)}},
	}}
	if p.compact {
		body.Objects = []fyne.CanvasObject{top, body.Objects[2]}
	}
	root := &fyne.Container{Layout: layout.NewStackLayout(), Objects: []fyne.CanvasObject{
		frame, &fyne.Container{Layout: layout.NewPaddedLayout(), Objects: []fyne.CanvasObject{body}},
	}}
	return newContentRenderer(root, func() {
		// The entered dice keep the room of a full roll, so the keypad
		// below never moves while dice are typed in.
		rows := 2
		if p.max > 0 {
			rows = (p.max + dice.AwayMissionsCap - 1) / dice.AwayMissionsCap
		}
		p.row.minRows = rows
		p.row.SetPool(p.Pool())
		if p.max > 0 {
			count.Text = fmt.Sprintf("%d/%d", len(p.entered), p.max)
		} else {
			count.Text = fmt.Sprint(len(p.entered))
		}
		count.TextSize = sized(p, theme.SizeNameSubHeadingText)
		count.Color = themed(p, theme.ColorNameForeground)
		hint.Text = p.hint
		hint.TextSize = sized(p, theme.SizeNameText)
		hint.Color = themed(p, theme.ColorNameError)
		hint.TextStyle = fyne.TextStyle{Bold: true}
		if p.hint == "" {
			// Quiet guidance in the room kept for refusals.
			hint.Color = dimmed(p)
			hint.TextStyle = fyne.TextStyle{}
			hint.Text = lang.X("dice.tap_the_faces_rolled", "Tap the faces rolled")
			if len(p.entered) > 0 {
				hint.Text = lang.X("dice.tap_an_entered_die", "Tap an entered die to take it out")
			}
		}
		frame.FillColor = themed(p, theme.ColorNameInputBackground)
		frame.CornerRadius = sized(p, theme.SizeNameInputRadius)
		frame.StrokeWidth = 2
		frame.StrokeColor = themed(p, theme.ColorNameSeparator)
		if p.focused {
			frame.StrokeColor = themed(p, theme.ColorNameFocus)
		}
		if len(p.entered) == 0 {
			back.Disable()
			clr.Disable()
		} else {
			back.Enable()
			clr.Enable()
		}
	})
}
