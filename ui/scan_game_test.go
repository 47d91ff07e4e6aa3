package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan"
	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestScanFromTheGameBarIntoATeam: the game bar's Scan opens the scanner
// over the game without leaving it; on a device that sits as no player,
// each team is offered for a scanned character, and the one tapped gets
// it (once). Close comes back to the game.
func TestScanFromTheGameBarIntoATeam(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	g, err := st.Create(tracker.KindAway, "Scan night")
	require.NoError(t, err)
	for _, c := range []tracker.Command{
		tracker.AddAwayPlayer{Name: "Ann", Affiliation: "Federation"},
		tracker.AddAwayPlayer{Name: "Ben", Affiliation: "Romulan"},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err)
	}
	sh.openGame(g.ID())
	gs := sh.game
	require.NotNil(t, gs)

	test.Tap(iconButton(t, sh.win, theme.MediaPhotoIcon()))
	v := sh.scanner()
	require.NotNil(t, v, "the scanner opens")
	require.Same(t, gs, sh.game, "still in the game")
	settleScanner(t, v)
	assert.Contains(t, screentest.ScreenText(v.win), "what it does in this game")

	img, _ := tagPhoto(t, encodeTag(t, spockTag))
	importPhotoFile(t, v, writePNG(t, img, "spock.png"))
	ann := screentest.Button(t, v.win, "Add to Ann's team")
	ben := screentest.Button(t, v.win, "Add to Ben's team")
	test.Tap(ben)
	assert.Contains(t, screentest.ScreenText(v.win), "Spock joins Ben's team.")
	assert.True(t, ann.Disabled() && ben.Disabled(), "one card, one team")
	a := g.State().Away
	require.Len(t, a.Characters, 1)
	assert.Equal(t, "Spock", a.Characters[0].Name)
	assert.Equal(t, a.Players[1].ID, a.Characters[0].Owner)

	// Close: back on the game, which shows Spock in Ben's team.
	test.Tap(screentest.Button(t, sh.win, "Close"))
	assert.Nil(t, sh.scanner())
	assert.Same(t, gs.content, sh.win.Content())
	screentest.SelectTab(t, sh.win, "Team")
	assert.Contains(t, screentest.ScreenText(sh.win), "Spock")

	// Once the mission has started no character joins: the card is only
	// shown, with its rules where it has them.
	_, err = g.Execute(tracker.AddCharacter{Player: a.Players[0].ID, Name: "Kirk",
		Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1, 2}})
	require.NoError(t, err)
	_, err = g.Execute(tracker.StartMission{})
	require.NoError(t, err)
	p1, p2 := a.Players[0].ID, a.Players[1].ID
	for _, c := range []tracker.Command{
		tracker.AwayOrder{Which: tracker.OrderBoard, Rolls: map[string][]int{p1: {5}, p2: {2}}},
		tracker.AwayOrder{Which: tracker.OrderBeamDown, Rolls: map[string][]int{p1: {3}, p2: {6}}},
		tracker.StartRound{},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err, "%T", c)
	}
	test.Tap(iconButton(t, sh.win, theme.MediaPhotoIcon()))
	v = sh.scanner()
	require.NotNil(t, v)
	settleScanner(t, v)
	img, _ = tagPhoto(t, encodeTag(t, spockTag), encodeTag(t, scan.Tag{Kind: scan.KindEquipment, ID: "AM-HYPOSPRAY"}))
	importPhotoFile(t, v, writePNG(t, img, "later.png"))
	for _, b := range screentest.Objects[*widget.Button](v.win) {
		assert.NotContains(t, b.Text, "Add to", "no team takes a character in round 1")
	}
	test.Tap(screentest.Button(t, v.win, "Show its rules"))
	text := screentest.ScreenText(v.win)
	assert.Contains(t, text, "this or an adjacent character recovers up to two damage")
	assert.Contains(t, text, "Rulebook: 001 Playing Cards / An Equipment Card")
	v.dismiss()
	assert.Same(t, gs, sh.game)
}
