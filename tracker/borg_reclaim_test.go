package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReclaimRound(t *testing.T) {
	s := ascTwoPlayers(t)
	play(t, s, EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4}}, PlaceSpire{System: "Alpha", Nodes: 1}, PlaceSpire{System: "Beta"})
	// Alpha: spire + 1 node = 2 structures, shields +1: Bob (5+) needs 6s.
	// One hit is not enough: no effect, the spire gains a node; the Borg
	// system's dice (4+ with 2 spires) hit one ship.
	evs, err := viaJSON(t, s, ReclaimRound{Spire: "spire 1", Player: "p2", Ships: 4, PlayerRoll: Entered(6, 5, 5, 1), BorgRoll: Entered(4, 1)})
	require.NoError(t, err)
	assert.Equal(t, "Bob attacks the Borg system Alpha: 1 hit(s) on 2 structure(s): no effect, the spire gains a node", evs[0].Label)
	a := s.State().Ascendancy
	assert.Equal(t, 2, a.Borg.Spires[0].Nodes)
	assert.Equal(t, 3, ascPlayer(t, s, "p2").Ships)
	// Beta: spire alone; Alice's 5 is a hit: reclaimed, the spire goes.
	play(t, s, ReclaimRound{Spire: "spire 2", Player: "p1", Ships: 1, PlayerRoll: Entered(5)})
	a = s.State().Ascendancy
	require.Len(t, a.Borg.Spires, 1)
	assert.Equal(t, "Alpha", a.Borg.Spires[0].System)
	rejected(t, s, ReclaimRound{Spire: "spire 1", Player: "p1", Ships: 1, PlayerRoll: Entered(5, 5)}, CodeRules)
	rejected(t, s, ReclaimRound{Spire: "spire 9", Player: "p1", Ships: 1, PlayerRoll: Entered(5)}, CodeNotFound)
	assertReplays(t, s)
}

// TestSpireNamesStayUnique: a spire placed after a reclaim gets a name no
// spire in play has.
func TestSpireNamesStayUnique(t *testing.T) {
	s := ascTwoPlayers(t)
	play(t, s, EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4}}, PlaceSpire{System: "Alpha"}, PlaceSpire{System: "Beta"})
	play(t, s, ReclaimRound{Spire: "spire 1", Player: "p1", Ships: 1, PlayerRoll: Entered(6)})
	require.Len(t, s.State().Ascendancy.Borg.Spires, 1)
	play(t, s, PlaceSpire{System: "Gamma"})
	spires := s.State().Ascendancy.Borg.Spires
	require.Len(t, spires, 2)
	assert.NotEqual(t, spires[0].ID, spires[1].ID)
	assert.Equal(t, "spire 3", spires[1].ID)
	assertReplays(t, s)
}
