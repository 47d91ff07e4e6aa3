package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"

	ascrules "tableops/rules/ascendancy"
)

// Issue 29, "Ascendancy tracked to the last token": each test is built on
// the rulebook's words.

// TestAdvancementCommandArrivesExhausted: seed 003 "If the advancement has
// a command token on it, immediately increase the number of your commands
// by 1 (new commands start exhausted)" (seed 002 the same). The command is
// there at once, exhausted, and the recharge readies it with the others.
func TestAdvancementCommandArrivesExhausted(t *testing.T) {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	before := ascPlayer(t, s, "p1")
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterAdvCommands, Delta: 1})
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, before.Commands+1, p.Commands, "one more command at once")
	assert.Equal(t, before.Exhausted+1, p.Exhausted, "the new command starts exhausted")
	assert.Equal(t, before.Ready(), p.Ready())
	assert.Equal(t, 1, p.AdvancementCommands)

	// A correction that takes it back takes the command back too.
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterAdvCommands, Delta: -1})
	p = ascPlayer(t, s, "p1")
	assert.Equal(t, before.Commands, p.Commands)
	assert.Equal(t, before.Exhausted, p.Exhausted)
	assertReplays(t, s)
}
