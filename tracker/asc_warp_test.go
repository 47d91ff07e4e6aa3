package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// TestAdvancementWarpAndTheFerengiSquadron: a ship exiting warp moves
// through as many systems as its warp tokens plus the warp tokens pictured
// on the player's completed advancements, which the players enter (seed
// 003 "Movement"; seed 002 "Avanzamenti con Segnalini Curvatura"); the
// Ferengi Trade Support Squadron enters warp on the Ferengi turn with no
// command, but not again in a turn it exited warp (seed 002 "Lo Squadrone
// di Supporto al Commercio Ferengi").
func TestAdvancementWarpAndTheFerengiSquadron(t *testing.T) {
	s := ascTurns(t, ascrules.Ferengi, AscOptions{})
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterAdvWarp, Delta: 2}, NextPhase{})
	assert.Equal(t, 2, ascPlayer(t, s, "p1").AdvancementWarp)
	ready := ascPlayer(t, s, "p1").Ready()

	evs, err := viaJSON(t, s, Warp{Player: "p1", Squadron: true})
	require.NoError(t, err)
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, ready, p.Ready(), "the squadron enters warp with no command")
	assert.Equal(t, []int{1}, p.WarpTokens)
	assert.Equal(t, "Anna's Trade Support Squadron entered warp with no command (1 warp token): 1 at warp, 5 of 5 commands ready", evs[0].Label)

	evs, err = viaJSON(t, s, Warp{Player: "p1", Exit: true, Squadron: true})
	require.NoError(t, err)
	assert.Equal(t, "Anna's ship at warp 1 exited warp: moves through up to 3 systems (1 warp token(s) + 2 on advancements), 0 at warp", evs[0].Label)
	assert.Equal(t, ready-1, ascPlayer(t, s, "p1").Ready(), "exiting is a command")

	refusedBy(t, s, Warp{Player: "p1", Squadron: true}, ruleSquadronWarp)
	play(t, s, Warp{Player: "p1"}) // another ship enters warp, with a command
	assert.Equal(t, ready-2, ascPlayer(t, s, "p1").Ready())
	assertReplays(t, s)
}

// TestOnlyTheFerengiHaveTheSquadron: another faction's free warp is refused.
func TestOnlyTheFerengiHaveTheSquadron(t *testing.T) {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	play(t, s, NextPhase{})
	_, err := viaJSON(t, s, Warp{Player: "p1", Squadron: true})
	var r *Rejection
	require.ErrorAs(t, err, &r)
	assert.Equal(t, CodeInvalid, r.Code)
	assert.Contains(t, r.Reason, "Trade Support Squadron is the Ferengi's")
}
