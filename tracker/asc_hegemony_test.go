package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

func TestTryHegemony(t *testing.T) {
	s := ascTwoPlayers(t)
	// Hegemony: 4 + ascendancy 1 = 5 beats resistance 4; 2 culture spent.
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 1})
	evs, err := viaJSON(t, s, TryHegemony{Player: "p1", Target: "p2", System: "Rura Penthe", Resistance: 4, Roll: Entered(4)})
	require.NoError(t, err)
	assert.Equal(t, "Alice tries hegemony on Rura Penthe: 5 against resistance 4, takes control", evs[0].Label)
	assert.Equal(t, 1, ascPlayer(t, s, "p1").Resources.Culture)
	assert.Equal(t, 2, ascPlayer(t, s, "p1").Systems)
	assert.Equal(t, 0, ascPlayer(t, s, "p2").Systems)
	rejected(t, s, TryHegemony{Player: "p1", Resistance: 1, Roll: Entered(6)}, CodeRules) // 1 culture left: needs 2
	play(t, s, TryHegemony{Player: "p2", Resistance: 6, Roll: VirtualRoll(1)})
	assert.Equal(t, 2, ascPlayer(t, s, "p2").Resources.Culture, "a failed try costs 1")
	assertReplays(t, s)
}

// TestHegemonyTakesAProjectPerResearchNode: a system taken by hegemony
// brings its research nodes' projects as an invasion does (seed 002
// "Capturing Starbases and Research Nodes" points to "Capturing Research
// Nodes": one project per research node captured; seed 003 "Capturing
// research nodes and starbases").
func TestHegemonyTakesAProjectPerResearchNode(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, AdjustAsc{Player: "p2", Counter: CounterNodeRes, Delta: 1}, NextPhase{},
		AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 2})
	earlierProjects(t, s, "p2", 2)
	evs, err := viaJSON(t, s, TryHegemony{Player: "p1", Target: "p2", System: "Boreth", Resistance: 4, Roll: Entered(3),
		Nodes: ascrules.Resources{Research: 2}, ResearchNode: true})
	require.NoError(t, err)
	assert.Contains(t, evs[1].Label, "2 projects")
	assert.Equal(t, 2, ascPlayer(t, s, "p1").Projects)
	assert.Equal(t, 0, ascPlayer(t, s, "p2").Projects)
	assertReplays(t, s)
}
