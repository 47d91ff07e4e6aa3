package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTryHegemony(t *testing.T) {
	s := ascTwoPlayers(t)
	// Hegemony: 4 + ascendancy 1 = 5 beats resistance 4; 2 culture spent.
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 1})
	evs, err := viaJSON(t, s, TryHegemony{Player: "p1", Target: "p2", System: "Rura Penthe", Resistance: 4, Roll: Entered(4)})
	require.NoError(t, err)
	assert.Equal(t, "Alice tries hegemony on Rura Penthe: 5 against resistance 4, takes control", evs[0].Label)
	assert.Equal(t, 1, ascPlayer(t, s, "p1").Resources.Culture)
	assert.Equal(t, 2, ascPlayer(t, s, "p1").Systems)
	assert.Equal(t, 0, ascPlayer(t, s, "p2").Systems)
	rejected(t, s, TryHegemony{Player: "p1", Resistance: 1, Roll: Entered(6)}, CodeRules) // 1 culture left: needs 2
	play(t, s, TryHegemony{Player: "p2", Resistance: 6, Roll: VirtualRoll(1)})
	assert.Equal(t, 2, ascPlayer(t, s, "p2").Resources.Culture, "a failed try costs 1")
	assertReplays(t, s)
}
