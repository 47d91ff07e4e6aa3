package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
