package tracker

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
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

// tradeRule runs the trade agreement rules (checkTrade) on cmd against the
// session's state, as SetTrade.decide does once it has found the
// agreement held.
func tradeRule(t *testing.T, s *Session, cmd SetTrade) error {
	t.Helper()
	st := s.State()
	p, err := st.Ascendancy.player(cmd.Player)
	require.NoError(t, err)
	giver, err := st.Ascendancy.player(cmd.From)
	require.NoError(t, err)
	held := slices.IndexFunc(p.Agreements, func(ag ascrules.TradeAgreement) bool { return ag.From == giver.ID })
	return cmd.checkTrade(&decideCtx{s: st}, p, giver, held)
}

// brokenRule checks that err refuses a step by rule r, overridably.
func brokenRule(t *testing.T, err error, r Rule) {
	t.Helper()
	var rej *Rejection
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, CodeRules, rej.Code)
	assert.Equal(t, r.Key, rej.RuleKey)
	assert.Equal(t, r.Source, rej.Source)
	assert.True(t, rej.Overridable)
}

// TestTradeAgreementRules: seed 002 "Establishing Trade Agreements": to
// give or receive a trade agreement "you must have made First Contact";
// seed 002 "Exhausted Trade Agreement Cards" (seed 003 the same):
// exhausted agreements "cannot be revoked or exchanged until they are
// refreshed" during maintenance. Marking one exhausted or ready is a
// correction the rules leave alone.
func TestTradeAgreementRules(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, FirstContact{Player: "p1"}, FirstContact{Player: "p2"})
	one := ascrules.Resources{Production: 1}
	assert.NoError(t, tradeRule(t, s, SetTrade{Player: "p2", From: "p1", Resources: one}), "both made first contact")
	brokenRule(t, tradeRule(t, s, SetTrade{Player: "p3", From: "p1", Resources: one}), ruleTradeFirstContact)
	brokenRule(t, tradeRule(t, s, SetTrade{Player: "p1", From: "p3", Resources: one}), ruleTradeFirstContact)
	play(t, s, SetTrade{Player: "p2", From: "p1", Resources: one})
	assert.NoError(t, tradeRule(t, s, SetTrade{Player: "p2", From: "p1", Resources: ascrules.Resources{Production: 2}}), "a ready agreement is exchanged")
	assert.NoError(t, tradeRule(t, s, SetTrade{Player: "p2", From: "p1", Remove: true}), "a ready agreement is revoked")
	play(t, s, SetTrade{Player: "p2", From: "p1", Exhausted: true})
	brokenRule(t, tradeRule(t, s, SetTrade{Player: "p2", From: "p1", Remove: true}), ruleTradeExhausted)
	brokenRule(t, tradeRule(t, s, SetTrade{Player: "p2", From: "p1", Resources: ascrules.Resources{Production: 2}}), ruleTradeExhausted)
	assert.NoError(t, tradeRule(t, s, SetTrade{Player: "p2", From: "p1"}), "refreshed")
	assert.NoError(t, tradeRule(t, s, SetTrade{Player: "p2", From: "p1", Exhausted: true}), "exhausted again")
}

// TestTradeAgreementsKeepTheRules: the same rules through the session: a
// refused step changes nothing and the table may record it anyway.
func TestTradeAgreementsKeepTheRules(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	one := ascrules.Resources{Production: 1}
	// Anna and Ben never met: no agreement between them.
	refusedBy(t, s, SetTrade{Player: "p2", From: "p1", Resources: one}, ruleTradeFirstContact)
	play(t, s, FirstContact{Player: "p1"})
	refusedBy(t, s, SetTrade{Player: "p2", From: "p1", Resources: one}, ruleTradeFirstContact)
	play(t, s, FirstContact{Player: "p2"}, SetTrade{Player: "p2", From: "p1", Resources: one},
		SetTrade{Player: "p2", From: "p1", Exhausted: true})
	refusedBy(t, s, SetTrade{Player: "p2", From: "p1", Remove: true}, ruleTradeExhausted)
	refusedBy(t, s, SetTrade{Player: "p2", From: "p1", Resources: ascrules.Resources{Production: 2}}, ruleTradeExhausted)
	assert.Len(t, ascPlayer(t, s, "p2").Agreements, 1)
	overruled(t, s, SetTrade{Player: "p2", From: "p1", Remove: true}, "the table agreed", ruleTradeExhausted)
	assert.Empty(t, ascPlayer(t, s, "p2").Agreements)
	// Refreshed at maintenance, a ready agreement is revoked at will.
	play(t, s, SetTrade{Player: "p2", From: "p1", Resources: one}, SetTrade{Player: "p2", From: "p1", Remove: true})
	assertReplays(t, s)
}
