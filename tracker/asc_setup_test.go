package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// ascTwoPlayers starts a game with two players in the execution stage.
func ascTwoPlayers(t *testing.T) *Session {
	t.Helper()
	s := newTestSession(t, KindAscendancy)
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	// These tests check what the commands compute; the turn, phase and
	// command token rules are tested in enforce_test.go.
	play(t, s, SetStrict{Strict: false},
		AddAscPlayer{Name: "Alice", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		AddAscPlayer{Name: "Bob", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 4},
		AdjustAsc{Player: "p2", Counter: CounterShips, Delta: 4},
		AdjustAsc{Player: "p2", Counter: CounterNodeProd, Delta: 2},
		StartAscendancy{}, ChooseTurnOrder{})
	return s
}

func TestAddStartingPlayer(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	costs := ascrules.CostTable{Ship: ascrules.Resources{Production: 1}, CultureNode: ascrules.Resources{Production: 1, Culture: 1}}
	cmd := AddStartingPlayer{AddAscPlayer: AddAscPlayer{Name: "Tuvok", Civilization: "Vulcans", Faction: ascrules.Vulcan,
		Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
		Ascendancy: 3, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3, Costs: &costs}
	evs, err := viaJSON(t, s, cmd)
	require.NoError(t, err)
	require.Len(t, evs, 2)
	assert.Equal(t, "Tuvok joins as Vulcans", evs[0].Label)
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, 3, p.Ascendancy)
	assert.Equal(t, 3, p.Ships)
	assert.Equal(t, 1, p.Nodes.Culture)
	assert.Equal(t, "Vulcans", p.Costs.Faction)
	assert.Equal(t, ascrules.Resources{Production: 1, Culture: 1}, p.Costs.CultureNode)
	rejected(t, s, cmd, CodeInvalid) // the name is taken
	bad := cmd
	bad.Name, bad.Ships = "Other", -1
	rejected(t, s, bad, CodeInvalid)
	assert.Len(t, s.State().Ascendancy.Players, 1)
	assertReplays(t, s)
}
