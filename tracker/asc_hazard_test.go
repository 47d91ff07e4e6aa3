package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBraveHazard(t *testing.T) {
	s := ascTwoPlayers(t)
	// Hazard level 4, shields 0: dice of 4 or more destroy a ship.
	evs, err := viaJSON(t, s, BraveHazard{Player: "p1", Ships: 3, Level: 4, Phenomenon: true, ResearchTokens: 2, Roll: Entered(5, 3, 1)})
	require.NoError(t, err)
	assert.Equal(t, "Alice braves a hazard (4+): 1 of 3 ship(s) destroyed, takes 2 research", evs[0].Label)
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, 3, p.Ships)
	assert.Equal(t, 5, p.Resources.Research)
	rejected(t, s, BraveHazard{Player: "p1", Ships: 2, Level: 4, Roll: Entered(5)}, CodeInvalid)
	assertReplays(t, s)
}
