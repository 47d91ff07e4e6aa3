package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

func TestAssimilationRound(t *testing.T) {
	s := ascTwoPlayers(t)
	play(t, s, EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4}}, AddCube{System: "Vulcan"}, PlaceSpire{System: "Alpha", Nodes: 1},
		AdjustAsc{Player: "p1", Counter: CounterStarbases, Delta: 1}, AdjustAsc{Player: "p1", Counter: CounterNodeProd, Delta: 1})
	// Alice's system: control node + 1 production node + a starbase, 3 dice
	// hitting on 5+ against shields 0. One hit: the cube fires 8 dice at 5+.
	cmd := AssimilationRound{Cube: "cube 1", Defender: "p1", System: "Earth", Nodes: 2, Starbase: true,
		DefenderRoll: Entered(5, 2, 1), BorgRoll: Entered(6, 5, 1, 1, 1, 1, 1, 1), NodesLost: ascrules.Resources{Production: 1}}
	evs, err := viaJSON(t, s, cmd)
	require.NoError(t, err)
	assert.Equal(t, "Borg cube 1 assimilates Earth, round 1: Alice 1 hit(s), Borg 2 hit(s): 1 structure(s) left", evs[0].Label)
	a := s.State().Ascendancy
	assert.Equal(t, 0, a.Borg.Cubes[0].Damage, "one hit, repaired by the Borg 6")
	assert.Equal(t, 1, a.Borg.Cubes[0].Shields)
	assert.Equal(t, 0, ascPlayer(t, s, "p1").Nodes.Production)

	// Round 2: the last structure falls: Earth is assimilated with its starbase.
	play(t, s, AssimilationRound{Cube: "cube 1", Defender: "p1", System: "Earth", Nodes: 1, Starbase: true,
		DefenderRoll: Entered(1, 1), BorgRoll: Entered(5, 5, 1, 1, 1, 1, 1, 1, 1)})
	a = s.State().Ascendancy
	require.Len(t, a.Borg.Spires, 2)
	assert.Equal(t, "Earth", a.Borg.Spires[1].System)
	assert.Equal(t, 2, a.Borg.Spires[0].Nodes, "the starbase adds a node to every spire")
	assert.Equal(t, 1, a.Borg.Spires[1].Nodes)
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, 0, p.Systems)
	assert.Equal(t, 0, p.Starbases)

	rejected(t, s, AssimilationRound{Cube: "cube 1", Defender: "p2", System: "Qo'noS", Nodes: 2, DefenderRoll: Entered(1)}, CodeRules)
	rejected(t, s, AssimilationRound{Cube: "cube 9", Defender: "p2", System: "Qo'noS", Nodes: 2, DefenderRoll: Entered(1, 1)}, CodeNotFound)
	play(t, s, AssimilationRound{Cube: "cube 1", Defender: "p2", System: "Qo'noS", Nodes: 2, DefenderRoll: Entered(1, 1), BorgVirtual: true})
	assertReplays(t, s)
}
