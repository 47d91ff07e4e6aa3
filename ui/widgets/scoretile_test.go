package widgets

import (
	"image/color"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
)

var federationBlue = color.NRGBA{R: 0x1E, G: 0x6F, B: 0xD9, A: 0xFF}

func ascendancyValues(prod, res, cult, asc, cmd string) []ScoreValue {
	return []ScoreValue{{"Production", prod}, {"Research", res}, {"Culture", cult}, {"Ascendancy", asc}, {"Commands", cmd}}
}

func TestScoreTileShowsValues(t *testing.T) {
	s := NewScoreTile("Federation", federationBlue, ascendancyValues("4", "2", "3", "1", "3/7"))
	show(t, s, 600, 400)
	got := shownTexts(s)
	assert.Equal(t, []string{"Federation", "NOW PLAYING", "4", "Production", "2", "Research", "3", "Culture", "1", "Ascendancy", "3/7", "Commands"}, got)
	assert.False(t, badgeShown(s), "the badge keeps its room but is not drawn")

	s.SetCurrent(true)
	assert.True(t, s.Current())
	assert.True(t, badgeShown(s), "current player marked by a badge, not only colour")

	s.SetValues(ascendancyValues("5", "2", "3", "1", "2/7"))
	s.SetName("United Federation")
	s.SetBand(color.NRGBA{R: 0xFF, A: 0xFF})
	s.SetColumns(5)
	got = shownTexts(s)
	assert.Equal(t, "United Federation", got[0])
	assert.Contains(t, got, "2/7")
	assert.Equal(t, "5", s.Values()[0].Value)
}

// badgeShown reports whether the "NOW PLAYING" badge is drawn visibly.
func badgeShown(s *ScoreTile) bool {
	for _, t := range all[*canvas.Text](s) {
		if t.Text == "NOW PLAYING" {
			_, _, _, a := t.Color.RGBA()
			return a > 0
		}
	}
	return false
}

func TestScoreTilesOfAScoreboardScaleAlike(t *testing.T) {
	a := NewScoreTile("Federation", federationBlue, ascendancyValues("4", "2", "3", "1", "3/7"))
	b := NewScoreTile("Klingon", federationBlue, ascendancyValues("2", "5", "1", "0", "5/6"))
	a.SetCurrent(true)
	show(t, container.NewGridWithColumns(2, a, b), 1000, 800)
	va := all[*canvas.Text](a)[2]
	vb := all[*canvas.Text](b)[2]
	assert.Equal(t, "4", va.Text)
	assert.Greater(t, va.TextSize, bigNumberSize(a)*1.3, "a big tile shows bigger numbers")
	assert.Equal(t, va.TextSize, vb.TextSize)
}

func TestScoreTileRenders(t *testing.T) {
	test.NewTempApp(t)
	s := NewScoreTile("Federation", federationBlue, ascendancyValues("4", "2", "3", "1", "3/7"))
	s.SetCurrent(true)
	s.Resize(fyne.NewSize(420, s.MinSize().Height))
	test.AssertObjectRendersToMarkup(t, "scoretile.xml", s)
	test.ApplyTheme(t, NewTableTheme())
	s.Resize(fyne.NewSize(420, s.MinSize().Height))
	test.AssertObjectRendersToImage(t, "scoretile.png", s)
}

// TestScoreTileHighlightsAChange: a value that changes is highlighted (its
// cell lit in the accent colour), the others not, and the highlight goes
// after a while; a first set of values lights nothing (issue 27, the
// tablet scoreboard: what changed was only in the log).
func TestScoreTileHighlightsAChange(t *testing.T) {
	s := NewScoreTile("Federation", federationBlue, nil)
	s.hold = 300 * time.Millisecond
	show(t, s, 600, 400)
	s.SetValues(ascendancyValues("4", "2", "3", "1", "3/7"))
	assert.False(t, s.Highlighted("Production"), "the first values light nothing")
	s.SetValues(ascendancyValues("5", "2", "3", "1", "3/7"))
	assert.True(t, s.Highlighted("Production"))
	assert.False(t, s.Highlighted("Research"))
	lit := 0
	for _, r := range all[*canvas.Rectangle](s) {
		if _, _, _, a := r.FillColor.RGBA(); a > 0 && r.CornerRadius == 6 {
			lit++
		}
	}
	assert.Equal(t, 1, lit, "one cell is lit")
	time.Sleep(3 * s.hold) // the test driver runs fyne.Do on the timer's goroutine: no polling meanwhile
	assert.False(t, s.Highlighted("Production"), "the highlight goes")
}
