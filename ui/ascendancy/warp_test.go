package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestFerengiSquadronAndAdvancementWarp: a Ferengi console offers the
// Trade Support Squadron's free warp, and the warp part counts the warp
// tokens on the completed advancements the players entered (issue 29,
// leftover; seed 002 "Lo Squadrone di Supporto al Commercio Ferengi",
// "Avanzamenti con Segnalini Curvatura").
func TestFerengiSquadronAndAdvancementWarp(t *testing.T) {
	sh, w := commandPhase(t, "Ferengi", "Klingon", "Players")
	ready := ascState(sh).Players[0].Ready()
	test.Tap(screentest.Button(t, w, "Squadron enters warp (no cmd)"))
	p := ascState(sh).Players[0]
	require.Equal(t, []int{1}, p.WarpTokens, sh.game.status())
	assert.Equal(t, ready, p.Ready(), "no command")
	assert.True(t, screentest.Button(t, w, "Squadron exits (1 cmd)").Disabled(), "exit waits for a ship picked")

	_, err := sh.game.game.Execute(tracker.AdjustAsc{Player: "p1", Counter: tracker.CounterAdvWarp, Delta: 2})
	require.NoError(t, err)
	assert.Contains(t, screentest.ScreenText(w), "plus the 2 warp token(s) on your completed advancements")
	assert.Contains(t, screentest.ScreenText(w), "Adv. warp")

	// Bob, a Klingon, has no squadron.
	v := sh.game.view.(*ascView)
	v.board.pick.SetSelected(v.board.choice.labels[1])
	for _, b := range screentest.Objects[*widget.Button](w) {
		assert.NotContains(t, b.Text, "Squadron")
	}
}
