package widgets

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPegTrackRating(t *testing.T) {
	tests := []struct {
		name   string
		values []int
		pegs   int
		want   string
		pegsIs int
	}{
		{"full", []int{1, 2, 3, 4}, 4, "4", 4},
		{"lowest", []int{1, 2, 3, 4}, 1, "1", 1},
		{"none", []int{1, 2, 3, 4}, 0, "—", 0},
		{"too many pegs", []int{2, 3}, 9, "3", 2},
		{"negative pegs", []int{2, 3}, -1, "—", 0},
		{"repeated values", []int{2, 3, 3, 4}, 3, "3", 3},
		{"empty track", nil, 2, "—", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := NewPegTrack("Defense", tt.values, tt.pegs)
			assert.Equal(t, tt.want, p.RatingText())
			assert.Equal(t, tt.pegsIs, p.Pegs())
		})
	}
}

func TestPegTrackTaps(t *testing.T) {
	p := NewPegTrack("Attack", []int{1, 2, 3, 4, 5}, 3)
	show(t, p, 400, 200)
	removed, restored := 0, 0
	p.OnRemove = func() { removed++ }
	p.OnRestore = func() { restored++ }

	holes := all[*pegHole](p)
	require.Len(t, holes, 5)

	test.Tap(holes[0]) // filled
	test.Tap(holes[2]) // filled (the current rating)
	assert.Equal(t, 2, removed, "tapping a filled peg asks to remove one")
	test.Tap(holes[4]) // empty hole
	assert.Equal(t, 2, removed, "tapping an empty hole does nothing")

	test.TapSecondary(holes[4])
	test.TapSecondary(p)
	assert.Equal(t, 2, restored, "secondary tap (long press) asks to put a peg back")

	bs := buttons(p)
	require.Len(t, bs, 2, "− and + buttons")
	test.Tap(bs[0])
	test.Tap(bs[1])
	assert.Equal(t, 3, removed)
	assert.Equal(t, 3, restored)
}

func TestPegTrackShowsNewState(t *testing.T) {
	p := NewPegTrack("skill", []int{1, 3, 5}, 3)
	show(t, p, 400, 200)
	assert.Contains(t, shownTexts(p), "SKILL")
	assert.Equal(t, "5", shownTexts(p)[1], "big rating after the label")

	p.OnRemove = func() { p.SetTrack(p.Values(), p.Pegs()-1) }
	test.Tap(all[*pegHole](p)[0])
	assert.Equal(t, 2, p.Pegs())
	assert.Equal(t, "3", shownTexts(p)[1])

	p.SetTrack(p.Values(), 0)
	assert.Equal(t, "—", shownTexts(p)[1])
	bs := buttons(p)
	assert.True(t, bs[0].Disabled(), "no peg to remove")
	assert.False(t, bs[1].Disabled())

	p.SetTrack(p.Values(), 3)
	bs = buttons(p)
	assert.False(t, bs[0].Disabled())
	assert.True(t, bs[1].Disabled(), "track is full")
}

func TestPegTrackDisabledIgnoresTaps(t *testing.T) {
	p := NewPegTrack("Move", []int{2, 4}, 1)
	show(t, p, 400, 200)
	calls := 0
	p.OnRemove = func() { calls++ }
	p.OnRestore = func() { calls++ }
	p.SetDisabled(true)
	test.Tap(all[*pegHole](p)[0])
	test.TapSecondary(all[*pegHole](p)[1])
	for _, b := range buttons(p) {
		assert.True(t, b.Disabled())
		test.Tap(b)
	}
	assert.Zero(t, calls)
}

func TestPegTrackRenders(t *testing.T) {
	test.NewTempApp(t)
	p := NewPegTrack("Attack", []int{1, 2, 3, 4, 5}, 3)
	p.Resize(p.MinSize().Max(p.MinSize().AddWidthHeight(60, 0)))
	test.AssertObjectRendersToMarkup(t, "pegtrack.xml", p)
	test.ApplyTheme(t, NewTableTheme())
	test.AssertObjectRendersToImage(t, "pegtrack.png", p)
}
