package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTestDiplomacy(t *testing.T) {
	s := ascTwoPlayers(t)
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 1})
	// Diplomacy: the total must be higher than the card's number.
	evs, err := viaJSON(t, s, TestDiplomacy{Player: "p1", Card: "Bajor", Number: 5, Roll: Entered(4)})
	require.NoError(t, err)
	assert.Equal(t, "Alice fails Bajor: 5 against 5", evs[0].Label)
	evs, err = viaJSON(t, s, TestDiplomacy{Player: "p1", Card: "Bajor", Number: 5, Roll: Entered(5)})
	require.NoError(t, err)
	assert.Equal(t, "Alice passes Bajor: 6 against 5", evs[0].Label)
	assert.True(t, evs[0].Payload.(DiplomacyTested).Pass)
	assertReplays(t, s)
}
