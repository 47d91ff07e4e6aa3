package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestReclaimGoesOnWithTheShipsLeft: a reclaim is an invasion (seed 004
// "Reclaiming Borg Systems"; seed 002 "The Battle Continues"): after a
// round that does not reclaim the system, the form says which round of
// the reclaim under way comes next and offers no more ships than the
// reclaim has left (ruleInvasionLosses), not every ship on the board.
func TestReclaimGoesOnWithTheShipsLeft(t *testing.T) {
	sh, w := borgGameAt(t, 400, 800, func(a *tracker.AscendancyState) bool {
		return a.CurrentSeat() == "p2" && a.Walker.Phase == tracker.PhaseCommand
	})
	_, err := sh.game.game.Execute(tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterShips, Delta: 2})
	require.NoError(t, err)
	v := sh.game.view.(*ascView)
	openFold(t, w, "Reclaim a Borg system")
	rf := v.borg.reclaim
	rf.side.player.SetSelected("Bob")
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of a new reclaim")
	// Bob sends 3 of his 5 ships; one hit does not reclaim Alpha, and the
	// Borg system's dice sink one of them.
	for range 3 {
		test.Tap(numButton(t, rf.side.ships, true))
	}
	require.Equal(t, 5, rf.dr.ships, "every ship on the board")
	test.Tap(numButton(t, rf.side.ships, false))
	test.Tap(numButton(t, rf.side.ships, false))
	require.Equal(t, 3, rf.dr.ships)
	tapFaces(rf.d.pad, "611")
	tapFaces(rf.borgD.pad, "61")
	test.Tap(screentest.Button(t, w, "Apply"))
	u := ascState(sh).Reclaim
	require.NotNil(t, u, "the reclaim goes on")
	require.Equal(t, 2, u.Ships)

	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Round 2 of the reclaim under way")
	assert.Equal(t, 2, rf.dr.ships, "the ships left in the reclaim")
	test.Tap(numButton(t, rf.side.ships, true))
	assert.Equal(t, 2, rf.dr.ships, "no more than the reclaim has left, though Bob has 4 on the board")
}
