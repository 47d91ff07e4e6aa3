package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTokenRowTaps(t *testing.T) {
	r := NewTokenRow(7, 3)
	show(t, r, 400, 300)
	exhaust, ready := 0, 0
	r.OnExhaust = func() { exhaust++; r.SetTokens(r.Total(), r.Ready()-1) }
	r.OnReady = func() { ready++; r.SetTokens(r.Total(), r.Ready()+1) }
	assert.Contains(t, shownTexts(r), "3 of 7 ready")

	toks := all[*token](r)
	require.Len(t, toks, 7)
	test.Tap(toks[0])
	assert.Equal(t, 1, exhaust)
	assert.Contains(t, shownTexts(r), "2 of 7 ready")

	test.Tap(toks[6]) // exhausted: a plain tap does nothing
	test.TapSecondary(toks[0])
	assert.Equal(t, 1, exhaust)
	assert.Zero(t, ready, "secondary tap on a ready token does nothing")

	test.TapSecondary(toks[6])
	assert.Equal(t, 1, ready)
	assert.Equal(t, 3, r.Ready())

	r.SetDisabled(true)
	test.Tap(toks[0])
	test.TapSecondary(toks[6])
	assert.Equal(t, 1, exhaust)
	assert.Equal(t, 1, ready)
}

func TestTokenRowClampsAndWraps(t *testing.T) {
	test.NewTempApp(t)
	r := NewTokenRow(3, 9)
	assert.Equal(t, 3, r.Ready())
	r.SetTokens(-1, 2)
	assert.Zero(t, r.Total())
	assert.Zero(t, r.Ready())
	assert.Equal(t, "0 of 0 ready", r.Caption())

	r.SetTokens(7, 7)
	one := r.MinSize().Height
	r.SetTokens(10, 2)
	assert.Greater(t, r.MinSize().Height, one, "ten tokens take two rows")
}

func TestTokenRowAsStunTokens(t *testing.T) {
	r := NewTokenRow(2, 0)
	show(t, r, 400, 300)
	r.SetCaption(func(total, held int) string {
		if held >= total {
			return "Incapacitated"
		}
		return "Stun tokens"
	})
	assert.Contains(t, shownTexts(r), "Stun tokens")
	r.SetTokens(2, 2)
	assert.Contains(t, shownTexts(r), "Incapacitated")
	r.SetCaption(nil)
	assert.Contains(t, shownTexts(r), "2 of 2 ready")
}

func TestTokenRowRenders(t *testing.T) {
	test.NewTempApp(t)
	r := NewTokenRow(7, 3)
	r.Resize(fyne.NewSize(380, r.MinSize().Height))
	test.AssertObjectRendersToMarkup(t, "tokens.xml", r)
	test.ApplyTheme(t, NewTableTheme())
	test.AssertObjectRendersToImage(t, "tokens.png", r)
}
