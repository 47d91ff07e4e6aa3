package ascendancy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/ui/screen/screentest"
)

// TestCubeDiceSayHowManyBeforeTyping: the cube's keypad says how many dice
// to roll before any is typed: up to 9 while the players' first-strike
// dice are not in, then exactly what the cube fires (issue 27).
func TestCubeDiceSayHowManyBeforeTyping(t *testing.T) {
	sh, w := borgGame(t, 390, 844)
	fb := sh.game.view.(*ascView).borg.fight
	require.Len(t, fb.fleets, 1)
	fb.fleets[0].player.SetSelected("Alice")
	assert.Contains(t, screentest.ScreenText(w), "Cube's dice: up to 9 (hit on 5+)")
	tapFaces(fb.fleets[0].d.pad, "666")
	assert.Contains(t, screentest.ScreenText(w), "Cube's dice: roll 6 (hit on 5+)", "3 hits first: the cube fires 6")
	assert.Empty(t, fb.borgD.pool.faces, "before any cube die is typed")
}
