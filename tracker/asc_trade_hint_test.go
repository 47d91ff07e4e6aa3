package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// TestTradeContactBeforeTheTap: the screens can say before the tap what
// SetTrade refuses (seed 002 "Stabilire Accordi Commerciali": both players
// must have made first contact), in the same words as the refusal.
func TestTradeContactBeforeTheTap(t *testing.T) {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	anna, ben := ascPlayer(t, s, "p1"), ascPlayer(t, s, "p2")
	rej := TradeContact(anna, ben)
	require.NotNil(t, rej)
	refused := refusedBy(t, s, SetTrade{Player: "p1", From: "p2", Resources: ascrules.Resources{Production: 1}}, ruleTradeFirstContact)
	assert.Equal(t, refused.Reason, rej.Reason, "the hint is the refusal")
	assert.Equal(t, "Anna has not made first contact: no trade agreement between Anna and Ben yet", rej.Reason)

	play(t, s, FirstContact{Player: "p1"})
	rej = TradeContact(ascPlayer(t, s, "p1"), ben)
	require.NotNil(t, rej)
	assert.Contains(t, rej.Reason, "Ben has not made first contact")
	play(t, s, FirstContact{Player: "p2"})
	assert.Nil(t, TradeContact(ascPlayer(t, s, "p1"), ascPlayer(t, s, "p2")))
	play(t, s, SetTrade{Player: "p1", From: "p2", Resources: ascrules.Resources{Production: 1}})
}
