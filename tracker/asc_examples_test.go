package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// The Ascendancy rulebook's worked examples (seed 002), played through the
// tracker's commands.

// TestBidExample: "Initiative" example. Pete (here Anna) went first last
// round and bids 2 production first, John (Ben) second bids 1 research,
// Sally (Cleo) last bids 3 (2 production and 1 research); the highest bid
// chooses its turn order card first.
func TestBidExample(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, FirstContact{Player: "p1"}, FirstContact{Player: "p2"}, FirstContact{Player: "p3"})
	nextUntil(t, s, atStage(AscRecharge))
	play(t, s, Recharge{})
	sally := Bid{Player: "p3", Spent: ascrules.Resources{Production: 2, Research: 1}}
	refusedBy(t, s, sally, ruleBidOrder)
	play(t, s, Bid{Player: "p1", Spent: ascrules.Resources{Production: 2}},
		Bid{Player: "p2", Spent: ascrules.Resources{Research: 1}}, sally)
	play(t, s, ChooseTurnOrder{Chosen: map[string]int{"p3": 1, "p1": 2, "p2": 3}})
	assert.Equal(t, []string{"p3", "p1", "p2"}, s.State().Ascendancy.Walker.Order)
	assertReplays(t, s)
}

// TestHegemonyExample: "Cultural Hegemony" example. The Romulans
// (ascendancy 2) try a Klingon system with 3 nodes held by ascendancy 1:
// resistance 4. A 3 plus 2 is 5, above 4: success; a 2 (total 4) is not.
func TestHegemonyExample(t *testing.T) {
	cases := []struct {
		roll    int
		success bool
	}{{3, true}, {2, false}}
	for _, tc := range cases {
		s := ascTurns(t, ascrules.Romulan, AscOptions{})
		play(t, s, AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 1}, NextPhase{})
		evs, err := viaJSON(t, s, TryHegemony{Player: "p1", Target: "p2", System: "Qo'noS", Resistance: 4, Roll: Entered(tc.roll)})
		require.NoError(t, err)
		assert.Equal(t, tc.success, evs[0].Payload.(HegemonyTried).Result.Success, "roll %d", tc.roll)
		assertReplays(t, s)
	}
}

// TestTradeAgreementExample: "Trade Agreements" example. The Klingon (Ben)
// holds the Federation's agreement for 1 production and the Romulans' for
// 2, and still has his own: his own gives him nothing, the rivals' give 3
// production at resource generation.
func TestTradeAgreementExample(t *testing.T) {
	base := ascTurns(t, ascrules.Federation, AscOptions{})
	nextUntil(t, base, atStage(AscRecharge))
	without := rechargeGain(t, base, Recharge{}, "p2")

	s := ascTurns(t, ascrules.Federation, AscOptions{})
	play(t, s, FirstContact{Player: "p1"}, FirstContact{Player: "p2"}, FirstContact{Player: "p3"},
		SetTrade{Player: "p2", From: "p1", Resources: ascrules.Resources{Production: 1}},
		SetTrade{Player: "p2", From: "p3", Resources: ascrules.Resources{Production: 2}})
	rejected(t, s, SetTrade{Player: "p2", From: "p2", Resources: ascrules.Resources{Production: 3}}, CodeRules)
	nextUntil(t, s, atStage(AscRecharge))
	with := rechargeGain(t, s, Recharge{}, "p2")
	assert.Equal(t, ascrules.Resources{Production: 3}, with.Sub(without))
	assertReplays(t, s)
}
