package away

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

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
