package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/dice"
)

func TestDieStateCaptionsAreDistinct(t *testing.T) {
	seen := map[string]DieState{}
	for s := DieHit; s <= DieIgnored; s++ {
		c := s.String()
		require.NotEmpty(t, c)
		_, dup := seen[c]
		assert.False(t, dup, "caption %q used twice", c)
		seen[c] = s
	}
	assert.Empty(t, DiePlain.String())
}

func TestDieFaceTapAndSetters(t *testing.T) {
	d := NewDieFace(3, DieMedium)
	show(t, d, 100, 100)
	taps := 0
	test.Tap(d) // no callback: nothing happens
	d.OnTapped = func() { taps++ }
	test.Tap(d)
	assert.Equal(t, 1, taps)
	d.SetFace(6)
	d.SetState(DieCanceled)
	d.SetSelected(true)
	assert.Equal(t, 6, d.Face())
	assert.Equal(t, DieCanceled, d.State())
	assert.True(t, d.Selected())
	assert.GreaterOrEqual(t, d.MinSize().Width, MinTouch)
}

func TestDiceRowShowsPoolAndStates(t *testing.T) {
	r := NewDiceRow(dice.Pool{6, 4, 2, 2})
	show(t, r, 400, 200)
	faces := all[*DieFace](r)
	require.Len(t, faces, 4)
	assert.Equal(t, 6, faces[0].Face())
	assert.Equal(t, 2, faces[3].Face())

	// Lukara's attack on Riker (Away Missions rulebook, "Attack Action
	// Example"): 6>5 hit, 4=4 canceled, 2>1 hit, 2 uncontested misses.
	r.SetStates([]DieState{DieHit, DieCanceled, DieHit, DieUncontestedMiss})
	assert.Equal(t, []string{"hit", "canceled", "hit", "U", "miss (U)"}, shownTexts(r), "captions, and the U tag on the uncontested die")
	assert.Equal(t, DieUncontestedMiss, all[*DieFace](r)[3].State())

	r.SetCaptions(false)
	assert.Equal(t, []string{"U"}, shownTexts(r))

	r.SetPool(dice.Pool{5})
	require.Len(t, all[*DieFace](r), 1)
	assert.Equal(t, []DieState{DiePlain}, r.States(), "a new pool starts plain")

	tapped := -1
	r.SetPool(dice.Pool{6, 1, 1})
	r.SetSelected([]int{1, 7})
	r.OnTapped = func(i int) { tapped = i }
	test.Tap(all[*DieFace](r)[2])
	assert.Equal(t, 2, tapped)
	assert.True(t, all[*DieFace](r)[1].Selected())
	assert.False(t, all[*DieFace](r)[0].Selected())
}

func TestDiceRowWrapsRows(t *testing.T) {
	test.NewTempApp(t)
	r := NewDiceRow(dice.Pool{1, 2, 3})
	one := r.MinSize()
	r.SetPool(dice.Pool{1, 2, 3, 4, 5, 6, 6, 6, 6})
	nine := r.MinSize()
	assert.Greater(t, nine.Height, one.Height*1.8, "nine dice need two rows")
	r.SetPerRow(0)
	assert.Less(t, r.MinSize().Height, nine.Height)
	assert.Positive(t, NewDiceRow(nil).MinSize().Height, "an empty row keeps its height")
}

func TestDiceRowAnimateSettlesOnFinalFaces(t *testing.T) {
	r := NewDiceRow(dice.Pool{1, 1})
	show(t, r, 400, 200)
	r.SetStates([]DieState{DieHit, DieHit})
	final := dice.Roll(5, 42)
	done := 0
	// The test driver runs an animation straight to its end.
	r.Animate(final, func() { done++ })
	assert.Equal(t, 1, done)
	assert.False(t, r.Animating())
	assert.Equal(t, final, r.Pool())
	assert.Equal(t, make([]DieState, 5), r.States())
	for i, d := range all[*DieFace](r) {
		assert.Equal(t, final[i], d.Face())
	}
}

func TestDiceRowTumblesThenSettlesOrIsReplaced(t *testing.T) {
	r := NewDiceRow(nil)
	show(t, r, 400, 200)
	final := dice.Pool{6, 3, 1}
	done := 0
	a := r.tumble(final, func() { done++ })
	r.anim = a
	assert.True(t, r.Animating())
	a.Tick(0.3)
	p := float32(0.3)
	step := int(p * (2 - p) * tumbleSteps)
	want := dice.Pool{tumbleFace(final, 0, step), tumbleFace(final, 1, step), tumbleFace(final, 2, step)}
	assert.Equal(t, want, r.Pool(), "mid-roll faces come from the final faces")
	for i, d := range all[*DieFace](r) {
		assert.Equal(t, want[i], d.Face())
	}
	taps := 0
	r.OnTapped = func(int) { taps++ }
	test.Tap(all[*DieFace](r)[0])
	assert.Zero(t, taps, "no taps while the dice roll")

	a.Tick(1)
	assert.Equal(t, final, r.Pool())
	assert.Equal(t, 1, done)
	a.Tick(1)
	assert.Equal(t, 1, done, "done is called once")

	// A new pool during a roll stops it: its end changes nothing.
	b := r.tumble(dice.Pool{2, 2}, func() { done++ })
	r.anim = b
	b.Tick(0.5)
	r.SetPoolStates(dice.Pool{5, 4}, []DieState{DieHit})
	assert.False(t, r.Animating())
	b.Tick(1)
	assert.Equal(t, dice.Pool{5, 4}, r.Pool())
	assert.Equal(t, []DieState{DieHit, DiePlain}, r.States())
	assert.Equal(t, 1, done, "a stopped roll does not call done")
}

func TestTumbleFacesAreDeterministicAndMove(t *testing.T) {
	final := dice.Pool{6, 6, 3, 1}
	for i := range final {
		prev := final[i]
		for step := 0; step <= tumbleSteps; step++ {
			f := tumbleFace(final, i, step)
			assert.Equal(t, f, tumbleFace(final, i, step), "same inputs, same face")
			assert.GreaterOrEqual(t, f, 1)
			assert.LessOrEqual(t, f, 6)
			if step > 0 {
				assert.NotEqual(t, prev, f, "die %d step %d repeats its face", i, step)
			}
			prev = f
		}
	}
	// A bad face in the final pool does not break the tumble.
	assert.Equal(t, tumbleFace(dice.Pool{9}, 0, 3), tumbleFace(dice.Pool{9}, 0, 3))
}

func TestDiceRenders(t *testing.T) {
	test.NewTempApp(t)
	r := NewDiceRow(dice.Pool{6, 4, 2, 2, 5, 1})
	r.SetStates([]DieState{DieHit, DieCanceled, DieHit, DieUncontestedMiss, DieUncontestedHit, DieIgnored})
	r.Resize(r.MinSize())
	test.AssertObjectRendersToMarkup(t, "dicerow_states.xml", r)
	test.ApplyTheme(t, NewTableTheme())
	r.Resize(r.MinSize())
	test.AssertObjectRendersToImage(t, "dicerow_states.png", r)

	sel := NewDiceRow(dice.Pool{3, 5})
	sel.SetDieSize(DieLarge)
	sel.SetSelected([]int{0})
	sel.Resize(sel.MinSize().Add(fyne.NewSize(8, 0)))
	test.AssertObjectRendersToImage(t, "dicerow_selected.png", sel)
}
