package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestHiddenPanelsCatchUpWhenShown: on a phone, a change made on another
// device updates the panel in view at once and leaves the ones out of
// sight as they are; a panel shows the game as it is now when its tab is
// opened. The console in view keeps its widgets when only a resource
// changed, so the phone neither lays it out nor draws it anew.
func TestHiddenPanelsCatchUpWhenShown(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := setUpAscByTapping(t, sh)
	dealInOrder(t, sh, w)
	advanceTo(t, sh, w, "p1", tracker.PhaseBuilding)
	panelTo(t, w, "Players")
	v := sh.game.view.(*ascView)
	console := v.players.Objects[0]
	round := v.round.Objects[0]

	// Another phone gives Alice a production.
	before := ascState(sh).Players[0].Resources.Production
	_, err := sh.game.game.Execute(tracker.AdjustAsc{Player: "p1", Counter: tracker.CounterProduction, Delta: 1})
	require.NoError(t, err)
	assert.Equal(t, before+1, v.board.counters[0].Value(), "the console in view shows the change")
	assert.Same(t, console, v.players.Objects[0], "the console keeps its widgets")
	assert.Same(t, round, v.round.Objects[0], "the Round panel out of sight is left as it is")

	// Another phone ends Alice's building phase: the Round panel, out of
	// sight, shows it once opened.
	_, err = sh.game.game.Execute(tracker.NextPhase{})
	require.NoError(t, err)
	assert.Same(t, round, v.round.Objects[0], "the Round panel out of sight is left as it is")
	panelTo(t, w, "Round")
	assert.NotSame(t, round, v.round.Objects[0], "the Round panel shows the new state once opened")
	screentest.Button(t, w, "End Alice's turn")

	// And the console, out of sight now, shows what changed meanwhile
	// once it is opened again.
	_, err = sh.game.game.Execute(tracker.AdjustAsc{Player: "p1", Counter: tracker.CounterProduction, Delta: 1})
	require.NoError(t, err)
	assert.Equal(t, before+1, v.board.counters[0].Value(), "the console out of sight is left as it is")
	panelTo(t, w, "Players")
	assert.Equal(t, before+2, v.board.counters[0].Value(), "the console shows the change once opened")

	// Turned into a wide window, the console comes into view beside the
	// open tab and shows what changed while it was out of sight.
	panelTo(t, w, "Round")
	_, err = sh.game.game.Execute(tracker.AdjustAsc{Player: "p1", Counter: tracker.CounterProduction, Delta: -1})
	require.NoError(t, err)
	w.Resize(fyne.NewSize(1280, 800))
	assert.Equal(t, before+1, v.board.counters[0].Value(), "the console beside the tabs shows the change")
}

// TestTeamKeepsTheCardsThatDidNotChange: a peg removed on another phone
// builds that character's card again and keeps every other card and
// heading as it is on screen; the jump list then brings the new card into
// view.
func TestTeamKeepsTheCardsThatDidNotChange(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Team")
	v := sh.game.view.(*awayView)
	ids := map[string]string{}
	for _, ch := range v.st.Characters {
		ids[ch.Name] = ch.ID
	}
	riker, lukara := v.cardOf[ids["Riker"]], v.cardOf[ids["Lukara"]]
	require.NotNil(t, riker)
	require.NotNil(t, lukara)
	objs := slices.Clone(v.team.Objects)

	_, err := sh.game.game.Execute(tracker.AdjustTrack{Character: ids["Lukara"], Track: awayrules.Attack, Delta: -1})
	require.NoError(t, err)
	assert.Same(t, riker, v.cardOf[ids["Riker"]], "Riker's card is kept")
	assert.NotSame(t, lukara, v.cardOf[ids["Lukara"]], "Lukara's card shows the peg removed")
	assert.Contains(t, screentest.ScreenText(w), "A 2 · D 2 · S 2 · M 3", "Lukara's compact card reads Attack 2")
	assert.Same(t, objs[0], v.team.Objects[0], "the jump list is kept")

	// The jump list opens Lukara's new card and brings it to the top.
	test.Tap(screentest.Button(t, w, "Lukara"))
	card := v.cardOf[ids["Lukara"]]
	assert.True(t, v.open[ids["Lukara"]], "Lukara's card is open")
	y, ok := offsetIn(v.team, card)
	require.True(t, ok, "the card on screen is the one the jump list scrolls to")
	assert.Equal(t, y, v.teamScrol.Offset.Y, "Lukara's card is at the top")

	// The open card keeps its widgets when a peg is removed: its track
	// shows the peg gone.
	_, err = sh.game.game.Execute(tracker.AdjustTrack{Character: ids["Lukara"], Track: awayrules.Attack, Delta: -1})
	require.NoError(t, err)
	assert.Same(t, card, v.cardOf[ids["Lukara"]], "the open card is kept")
	assert.Equal(t, 1, v.tracks[ids["Lukara"]][0].Pegs(), "its Attack track shows 1 peg")
	assert.Contains(t, screentest.ScreenText(w), "Riker", "the rest of the team is still shown")
}
