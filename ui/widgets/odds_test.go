package widgets

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
)

func TestPercent(t *testing.T) {
	tests := []struct {
		p    float64
		want string
	}{
		{0, "0%"},
		{-0.2, "0%"},
		{math.NaN(), "0%"},
		{0.0001, "<0.1%"},
		{0.0005, "0.1%"},
		{0.4251, "42.5%"},
		{0.9999, ">99.9%"},
		{1, "100%"},
		{1.2, "100%"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Percent(tt.p), "%v", tt.p)
	}
}

func TestOddsViewSummary(t *testing.T) {
	o := NewOddsView("Damage", []float64{0.25, 0.5, 0.25})
	assert.InDelta(t, 1.0, o.Expected(), 1e-12)
	assert.InDelta(t, 0.75, o.AtLeast(1), 1e-12)
	assert.InDelta(t, 0.25, o.AtLeast(2), 1e-12)
	assert.InDelta(t, 1.0, o.AtLeast(-4), 1e-12)
	assert.Zero(t, o.AtLeast(3))
	assert.Equal(t, []string{"Expected: 1.00", "At least 1: 75.0%", "At least 2: 25.0%"}, o.Lines(),
		"no 'at least 3' line when 3 cannot happen")

	o.SetDist([]float64{0.5, math.NaN(), -1, 0.5})
	assert.InDelta(t, 1.5, o.Expected(), 1e-12, "bad values count as 0")
	o.SetAtLeast(3, 0)
	assert.Equal(t, []string{"Expected: 1.50", "At least 3: 50.0%"}, o.Lines())
}

func TestOddsViewEmpty(t *testing.T) {
	o := NewOddsView("Damage odds", nil)
	show(t, o, 400, 600)
	assert.Empty(t, o.Lines())
	assert.Equal(t, []string{"Damage odds"}, shownTexts(o), "no made-up expected value")
	o.SetDist([]float64{1})
	assert.Equal(t, []string{"Damage odds", "0", "100%", "Expected: 0.00"}, shownTexts(o))
	o.SetDist(nil)
	assert.Equal(t, []string{"Damage odds"}, shownTexts(o))
}

func TestOddsViewShowsDistribution(t *testing.T) {
	o := NewOddsView("Hits", []float64{0.5, 0.5})
	show(t, o, 400, 600)
	assert.Equal(t, []string{"Hits", "0", "50.0%", "1", "50.0%", "Expected: 0.50", "At least 1: 50.0%"}, shownTexts(o))

	o.SetTitle("Damage to Riker")
	o.SetOutcomeLabel(func(i int) string { return []string{"none", "one", "two"}[i] })
	o.SetDist([]float64{0.2, 0.3, 0.5})
	got := shownTexts(o)
	assert.Equal(t, "Damage to Riker", got[0])
	assert.Equal(t, []string{"none", "20.0%", "one", "30.0%", "two", "50.0%"}, got[1:7])
	assert.Contains(t, got, "Expected: 1.30")
}

func TestOddsViewRenders(t *testing.T) {
	test.NewTempApp(t)
	o := NewOddsView("Damage (4 attack dice vs 3 defense dice)", []float64{0.21, 0.38, 0.28, 0.11, 0.02})
	o.Resize(fyne.NewSize(380, o.MinSize().Height))
	test.AssertObjectRendersToMarkup(t, "odds.xml", o)
}
