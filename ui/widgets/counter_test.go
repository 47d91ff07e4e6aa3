package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCounterButtons(t *testing.T) {
	c := NewCounter("Production", 4)
	show(t, c, 400, 200)
	var deltas []int
	c.OnChange = func(d int) { deltas = append(deltas, d) }

	bs := buttons(c)
	require.Len(t, bs, 2)
	test.Tap(bs[0])
	test.Tap(bs[1])
	assert.Equal(t, []int{-1, 1}, deltas)
	assert.Equal(t, 4, c.Value(), "the counter waits for the caller's SetValue")

	c.SetSteps(5, 1, -3, 5, 10)
	require.NotNil(t, buttonWithText(c, "−10"))
	test.Tap(buttonWithText(c, "+5"))
	test.Tap(buttonWithText(c, "−10"))
	assert.Equal(t, []int{-1, 1, 5, -10}, deltas)
	assert.Len(t, buttons(c), 6, "±1, ±5, ±10; 1 and -3 ignored")
}

func TestCounterShowsValueAndBounds(t *testing.T) {
	c := NewCounter("Culture", 1)
	show(t, c, 400, 200)
	c.SetSteps(5)
	c.OnChange = func(d int) { c.SetValue(c.Value() + d) }
	c.SetMin(0)
	assert.Contains(t, shownTexts(c), "Culture")
	assert.Contains(t, shownTexts(c), "1")

	assert.True(t, buttonWithText(c, "−5").Disabled(), "1-5 is below the minimum")
	test.Tap(buttonWithText(c, "−5"))
	assert.Equal(t, 1, c.Value())

	test.Tap(buttons(c)[1]) // −1
	assert.Equal(t, 0, c.Value())
	assert.Contains(t, shownTexts(c), "0")
	assert.True(t, buttons(c)[1].Disabled())

	c.SetMax(4)
	test.Tap(buttonWithText(c, "+5"))
	assert.Equal(t, 0, c.Value(), "0+5 is above the maximum")
	c.ClearBounds()
	test.Tap(buttonWithText(c, "+5"))
	assert.Equal(t, 5, c.Value())

	c.SetSuffix("/7")
	c.SetLabel("Commands")
	assert.Contains(t, shownTexts(c), "/7")
	assert.Contains(t, shownTexts(c), "Commands")

	c.SetDisabled(true)
	for _, b := range buttons(c) {
		assert.True(t, b.Disabled())
	}
}

func TestCounterTouchTargets(t *testing.T) {
	c := NewCounter("Research", 2)
	c.SetSteps(5)
	show(t, c, 400, 200)
	for _, b := range buttons(c) {
		assert.GreaterOrEqual(t, b.Size().Width, MinTouch, b.Text)
		assert.GreaterOrEqual(t, b.Size().Height, MinTouch, b.Text)
	}
}

func TestCounterRenders(t *testing.T) {
	test.NewTempApp(t)
	c := NewCounter("Production", 4)
	c.SetSteps(5)
	c.SetMin(0)
	c.Resize(fyne.NewSize(380, c.MinSize().Height))
	test.AssertObjectRendersToMarkup(t, "counter.xml", c)
}
