package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/dice"
)

func TestDicePadTyping(t *testing.T) {
	p := NewDicePad(dice.AwayMissionsCap)
	show(t, p, 400, 600)
	var got []dice.Pool
	p.OnChanged = func(pl dice.Pool) { got = append(got, pl) }

	test.Type(p, "6")
	test.Type(p, "4")
	test.Type(p, "2")
	assert.Equal(t, dice.Pool{6, 4, 2}, p.Pool())
	assert.Equal(t, []dice.Pool{{6}, {6, 4}, {6, 4, 2}}, got)

	test.Type(p, "07x9 ")
	assert.Equal(t, dice.Pool{6, 4, 2}, p.Pool(), "only 1-6 are dice")
	assert.Len(t, got, 3)

	test.Type(p, "135")
	assert.Equal(t, dice.Pool{6, 5, 4, 3, 2, 1}, p.Pool(), "shown sorted high to low")
	assert.Contains(t, shownTexts(p), "6/6")

	test.Type(p, "6")
	assert.Len(t, p.Pool(), 6, "a 7th die is refused")
	assert.Len(t, got, 6, "no change reported")
	assert.Equal(t, "At most 6 dice: remove one first", p.Hint())
	assert.Contains(t, shownTexts(p), p.Hint(), "the refusal is visible")

	p.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	assert.Equal(t, dice.Pool{6, 4, 3, 2, 1}, p.Pool(), "backspace removes the die typed last (5)")
	assert.Empty(t, p.Hint())

	p.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	assert.Empty(t, p.Pool())
	assert.Equal(t, dice.Pool{}, got[len(got)-1])
}

func TestDicePadTapping(t *testing.T) {
	p := NewDicePad(3)
	show(t, p, 400, 600)
	var last dice.Pool
	changes := 0
	p.OnChanged = func(pl dice.Pool) { last = pl; changes++ }

	all := all[*DieFace](p)
	// The entered row is empty, so the dice on screen are the six buttons.
	require.Len(t, all, 6)
	test.Tap(all[1]) // 2
	test.Tap(all[5]) // 6
	test.Tap(all[1]) // 2
	test.Tap(all[3]) // refused: at most 3
	assert.Equal(t, dice.Pool{6, 2, 2}, last)
	assert.Equal(t, 3, changes)
	assert.NotEmpty(t, p.Hint())

	// Tap the entered 6 (first in the sorted row) to remove it.
	entered := allDice(p.row)
	require.Len(t, entered, 3)
	test.Tap(entered[0])
	assert.Equal(t, dice.Pool{2, 2}, last)

	test.Tap(buttonWithText(p, "Undo last"))
	assert.Equal(t, dice.Pool{2}, last)
	test.Tap(buttonWithText(p, "Clear all"))
	assert.Empty(t, last)
	assert.True(t, buttonWithText(p, "Clear all").Disabled())
}

func allDice(r *DiceRow) []*DieFace { return all[*DieFace](r) }

func TestDicePadSetPoolAndFocus(t *testing.T) {
	p := NewDicePad(0)
	win := show(t, p, 400, 600)
	calls := 0
	p.OnChanged = func(dice.Pool) { calls++ }
	p.SetPool(dice.Pool{2, 9, 5, 0})
	assert.Equal(t, dice.Pool{5, 2}, p.Pool(), "bad faces skipped, sorted")
	assert.Zero(t, calls, "SetPool does not report a change")
	assert.Contains(t, shownTexts(p), "2", "no limit: count only")

	test.Type(p, "1111111")
	assert.Len(t, p.Pool(), 9, "no limit")

	test.Tap(p)
	assert.Equal(t, fyne.Focusable(p), win.Canvas().Focused(), "tapping the pad takes keyboard focus")
	win.Canvas().Focused().TypedRune('3')
	assert.Len(t, p.Pool(), 10)
	win.Canvas().Unfocus()
	assert.False(t, p.focused)

	p.SetMax(2)
	assert.Len(t, p.Pool(), 2, "a smaller roll takes out the dice beyond it")
	assert.Equal(t, "The roll now takes 2 dice: 8 taken out", p.Hint(), "and says so")
	test.Type(p, "4")
	assert.Len(t, p.Pool(), 2, "over the new limit: refused")
	assert.Equal(t, 2, p.Max())
}

func TestDicePadRenders(t *testing.T) {
	test.NewTempApp(t)
	p := NewDicePad(6)
	p.SetPool(dice.Pool{6, 4, 2})
	p.Resize(fyne.NewSize(380, p.MinSize().Height))
	test.AssertObjectRendersToMarkup(t, "dicepad.xml", p)
}

// TestDicePadKeepsItsHeight types a nine-die cube roll: the pad is as tall
// before the first die as after the ninth, so its keys never move.
func TestDicePadKeepsItsHeight(t *testing.T) {
	for _, max := range []int{0, dice.AwayMissionsCap} {
		p := NewDicePad(max)
		show(t, p, 360, 640)
		h := p.MinSize().Height
		n := 9
		if max > 0 {
			n = max
		}
		for i := 0; i < n; i++ {
			test.Type(p, "5")
			assert.Equal(t, h, p.MinSize().Height, "max %d: the pad grew at die %d", max, i+1)
		}
	}
}

// TestCompactDicePad: the compact pad takes taps on its six faces in one
// row, fits a 360-unit phone's column and is about a third as tall as the
// full pad.
func TestCompactDicePad(t *testing.T) {
	p := NewCompactDicePad(4)
	show(t, p, 330, 400)
	full := NewDicePad(4)
	assert.LessOrEqual(t, p.MinSize().Width, float32(330), "fits a phone's column")
	assert.Less(t, p.MinSize().Height, full.MinSize().Height/2, "much shorter than the full pad")
	var dies []*DieFace
	walk(p, func(o fyne.CanvasObject) {
		if d, ok := o.(*DieFace); ok && d.OnTapped != nil {
			dies = append(dies, d)
		}
	})
	require.Len(t, dies, 6, "six faces to tap")
	for _, i := range []int{5, 3, 0, 1} {
		test.Tap(dies[i])
	}
	assert.Equal(t, dice.Pool{6, 4, 2, 1}, p.Pool())
	test.Tap(dies[2])
	assert.Len(t, p.Pool(), 4, "a fifth die is refused")
	assert.Equal(t, "At most 4 dice: remove one first", p.Hint())
}
