package ascendancy

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Seed 002 "Exhausted Trade Agreement Cards": exhausted agreements "cannot
// be revoked or exchanged until they are refreshed" during maintenance.
func TestTradeAgreementRevocable(t *testing.T) {
	assert.True(t, TradeAgreement{From: "Federation", Resources: Resources{Production: 1}}.Revocable())
	assert.False(t, TradeAgreement{From: "Federation", Resources: Resources{Production: 1}, Exhausted: true}.Revocable())
}

// Seed 002 "Establishing Trade Agreements": to give or receive a trade
// agreement with a rival you must have made first contact; at the start of
// the game no civilization has.
func TestCanTrade(t *testing.T) {
	cases := []struct {
		mine, theirs, want bool
	}{
		{false, false, false},
		{true, false, false},
		{false, true, false},
		{true, true, true},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, CanTrade(tc.mine, tc.theirs), "%v %v", tc.mine, tc.theirs)
	}
}
