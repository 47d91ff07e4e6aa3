package dice

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An attacker's argument: millions of dice in one string. Parse must refuse
// it without building the pool, and its error must not echo the argument.
func TestParseRefusesHugeInput(t *testing.T) {
	tests := []struct {
		name string
		in   string
		max  int
	}{
		{"10.5 million dice without a limit", strings.Repeat("6", 10_500_000), 0},
		{"120 KB of dice under a limit of 6", strings.Repeat("6,", 60_000), 6},
		{"120 KB ending in a bad character", strings.Repeat("6 ", 60_000) + "x", 0},
		{"just over the input bound", strings.Repeat("1", MaxInput+1), 0},
		{"one die more than the pool bound", strings.Repeat("1", MaxPool+1), 0},
		{"a limit above the pool bound", strings.Repeat("1", MaxPool+1), MaxPool + 50},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(tt.in, tt.max)
			require.Error(t, err)
			assert.Nil(t, p)
			assert.LessOrEqual(t, len(err.Error()), 120, "error %.200q is too long", err.Error())
		})
	}
}

func TestParseAcceptsTheLargestPool(t *testing.T) {
	p, err := Parse(strings.TrimSuffix(strings.Repeat("6, ", MaxPool), ", "), 0)
	require.NoError(t, err)
	assert.Len(t, p, MaxPool)
}

func TestParseErrorQuotesAShortPrefix(t *testing.T) {
	_, err := Parse("1234567890123456789012345678901234567890", 0)
	require.ErrorIs(t, err, ErrBadFace)
	assert.Contains(t, err.Error(), `"123456789012345678901234"...`)
	assert.NotContains(t, err.Error(), "1234567890123456789012345678901234567890")

	_, err = Parse("6,7", 6)
	require.ErrorIs(t, err, ErrBadFace)
	assert.Contains(t, err.Error(), `"6,7"`)
}

func TestValidateBoundsThePool(t *testing.T) {
	big := make(Pool, MaxPool+1)
	for i := range big {
		big[i] = 3
	}
	assert.ErrorIs(t, big.Validate(0), ErrTooManyDice)
	assert.NoError(t, big[:MaxPool].Validate(0))
}

// BenchmarkParseAttack measures what one hostile 120 KB argument costs.
func BenchmarkParseAttack(b *testing.B) {
	in := strings.Repeat("6", 120_000)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Parse(in, 0)
	}
}
