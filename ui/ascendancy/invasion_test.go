package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/ui/screen/screentest"
)

// TestInvasionPicksTheNodesTheHitsDestroy: the form asks for exactly the
// resource nodes the hits destroy (seed 003 "Planetary Invasion": "the
// attacker must choose a number of resource nodes to destroy equal to the
// number of hits"; seed 002 "Total Annihilation" [Distruzione Totale]:
// every node of the planet): Apply waits until that many are picked, and
// when the planet's nodes leave no choice they are picked already.
func TestInvasionPicksTheNodesTheHitsDestroy(t *testing.T) {
	sh, w := commandPhase(t, "Klingon", "Romulan", "Battle")
	f := battleMode(t, sh, w, modeInvasion).battle.inv
	f.defender.SetSelected("Bob (Romulan)")
	openFold(t, w, "On success: what passes")
	test.Tap(numButton(t, f.sysNodes[0], true))
	test.Tap(numButton(t, f.sysNodes[1], true))
	require.Equal(t, 3, f.nodes.val, "a P node, an R node and the control node")

	// One hit of three dice: one of the two resource nodes, Alice's pick.
	test.Type(f.attD.pad, "611")
	test.Type(f.defD.pad, "111")
	assert.Contains(t, screentest.ScreenText(w), "The hits destroy 1 of Bob's resource node(s): the attacker picks which (0 of 1 picked).")
	assert.True(t, screentest.Button(t, w, "Apply round 1").Disabled(), "not before the node is picked")
	test.Tap(numButton(t, f.pick[1], true))
	test.Tap(numButton(t, f.pick[1], true))
	assert.Equal(t, 1, f.pick[1].val, "no more than the planet's R nodes")
	test.Tap(numButton(t, f.pick[0], true))
	assert.Equal(t, 0, f.pick[0].val, "no more than the hits")
	assert.Contains(t, screentest.ScreenText(w), "(1 of 1 picked)")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	a := ascState(sh)
	assert.Equal(t, 0, a.Players[1].Nodes.Research, "the R node Alice picked")
	assert.Equal(t, 1, a.Players[1].Nodes.Production)

	// Round 2: two hits on the P node and the control node: total
	// annihilation, the P node with no choice.
	test.Type(f.attD.pad, "661")
	test.Type(f.defD.pad, "11")
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Total annihilation")
	assert.Contains(t, text, "(1 of 1 picked)")
	test.Tap(screentest.Button(t, w, "Apply round 2"))
	assert.Equal(t, 0, ascState(sh).Players[1].Nodes.Production, "every node of the planet is gone")
}
