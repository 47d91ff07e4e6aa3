package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// TestActionRowsSayWhatChanged: every action of a turn says in its log
// row (which the status line shows after the tap) who did it, by the
// player's name and not the civilization's, and what they have after it
// (issue 27, "An answer to every tap": "Ann built a ship: 4 ships, 2
// production left").
func TestActionRowsSayWhatChanged(t *testing.T) {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	costs := ascrules.NewCostTable("Annas")
	costs.ProductionNode = ascrules.Resources{Production: 1}
	costs.ResearchNode = ascrules.Resources{Production: 1, Research: 1}
	costs.WeaponUpgrades = []ascrules.Resources{{Research: 1}}
	costs.ShieldUpgrades = []ascrules.Resources{{Research: 1}}
	play(t, s, SetCosts{Player: "p1", Costs: costs}, AdjustAsc{Player: "p1", Counter: CounterCulture, Delta: 6},
		AdjustAsc{Player: "p1", Counter: CounterProduction, Delta: 3})
	steps := []struct {
		cmd  Command
		want string
	}{
		{BuildShips{Player: "p1", Ships: 1}, "Anna built a ship: 7 ships, 5 production left"},
		{BuildShips{Player: "p1", Ships: 3, Fleet: true}, "Anna built 3 ships and grouped them into a fleet, with no command: 10 ships, 1 fleet, 2 production left"},
		{BuildNode{Player: "p1", Type: CounterProduction}, "Anna built a production node: 2 production nodes, 1 production left"},
		{BuildNode{Player: "p1", Type: CounterResearch}, "Anna built a research node: 2 research nodes, 0 production, 2 research left"},
		{Upgrade{Player: "p1", Weapons: true}, "Anna upgraded weapons to 4+: 1 research left"},
		{Upgrade{Player: "p1"}, "Anna upgraded shields to +1: 0 research left"},
		{Colonize{Player: "p1", System: "Vulcan"}, "Anna colonized Vulcan: 2 systems, 8 culture left"},
		{BuyAscendancy{Player: "p1"}, "Anna bought an ascendancy token: 2 ascendancy, 3 culture left"},
		{PayFor{Player: "p1", What: "Relic", Cost: ascrules.Resources{Culture: 1}}, "Anna: Relic (paid 1 culture): 2 culture left"},
		{NextPhase{}, ""},
		{UseCommand{Player: "p1", Delta: 1}, "Anna exhausted a command: 4 of 5 commands ready"},
		{UseCommand{Player: "p1", Delta: -1}, "Anna readied a command: 5 of 5 commands ready"},
		{CommissionStarbase{Player: "p1"}, "Anna commissioned a starbase (1 of 3 this game): 1 starbase, 4 of 6 commands ready"},
		{CommissionFleet{Player: "p1"}, "Anna commissioned a fleet: 2 fleets, 3 of 6 commands ready"},
		{Project{Player: "p1"}, "Anna launched projects and drew 2 cards: 2 in the project area, 2 of 6 commands ready"},
	}
	for _, st := range steps {
		evs, err := viaJSON(t, s, st.cmd)
		require.NoError(t, err, "%T", st.cmd)
		if st.want == "" {
			continue
		}
		require.NotEmpty(t, evs)
		assert.Equal(t, st.want, evs[0].Label, "%T", st.cmd)
		assert.NotContains(t, evs[0].Label, "Annas", "the player, not the civilization")
	}
}

// TestStartingPlayerRowSaysWhatTheyStartWith: the row of a player added
// with their starting values says what they start with, not "updated"
// (issue 27: the status line shows it after Add player).
func TestStartingPlayerRowSaysWhatTheyStartWith(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	evs, err := viaJSON(t, s, startingPlayer("Carol", ascrules.Romulan))
	require.NoError(t, err)
	require.Len(t, evs, 2)
	assert.Equal(t, "Carol joins as Carols", evs[0].Label)
	assert.Equal(t, "Carol starts with 3 production, 3 research, 3 culture, ascendancy 1, 3 ships", evs[1].Label)
}
