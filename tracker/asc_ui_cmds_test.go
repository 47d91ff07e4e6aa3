package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// ascTwoPlayers starts a game with two players in the execution stage.
func ascTwoPlayers(t *testing.T) *Session {
	t.Helper()
	s := newTestSession(t, KindAscendancy)
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	// These tests check what the commands compute; the turn, phase and
	// command token rules are tested in enforce_test.go.
	play(t, s, SetStrict{Strict: false},
		AddAscPlayer{Name: "Alice", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		AddAscPlayer{Name: "Bob", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 4},
		AdjustAsc{Player: "p2", Counter: CounterShips, Delta: 4},
		AdjustAsc{Player: "p2", Counter: CounterNodeProd, Delta: 2},
		StartAscendancy{}, ChooseTurnOrder{})
	return s
}

func TestPayFor(t *testing.T) {
	s := ascTwoPlayers(t)
	cases := []struct {
		name string
		cmd  PayFor
		code string
		want func(AscPlayer)
	}{
		{"ship", PayFor{Player: "p1", What: "build a ship", Cost: ascrules.Resources{Production: 1}, Counter: CounterShips, Delta: 1}, "",
			func(p AscPlayer) { assert.Equal(t, 5, p.Ships); assert.Equal(t, 2, p.Resources.Production) }},
		{"colonize", PayFor{Player: "p1", What: "colonize", Cost: ascrules.Resources{Culture: 1}, Counter: CounterSystems, Delta: 1}, "",
			func(p AscPlayer) { assert.Equal(t, 2, p.Systems); assert.Equal(t, 2, p.Resources.Culture) }},
		{"too dear", PayFor{Player: "p1", What: "starbase", Cost: ascrules.Resources{Production: 9}, Counter: CounterStarbases, Delta: 1}, CodeRules, nil},
		{"nothing", PayFor{Player: "p1", What: "x"}, CodeNothing, nil},
		{"bad counter", PayFor{Player: "p1", What: "x", Counter: "gold", Delta: 1}, CodeInvalid, nil},
		{"no name", PayFor{Player: "p1", Cost: ascrules.Resources{Production: 1}}, CodeInvalid, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.code != "" {
				rejected(t, s, tc.cmd, tc.code)
				return
			}
			evs, err := viaJSON(t, s, tc.cmd)
			require.NoError(t, err)
			require.Len(t, evs, 1)
			tc.want(ascPlayer(t, s, "p1"))
		})
	}
	assertReplays(t, s)
}

func TestInvasionRound(t *testing.T) {
	s := ascTwoPlayers(t)
	// Alice (5+) invades Bob's 3-node system (control node + 2 production):
	// 2 hits on 3 nodes is collateral damage; Bob's nodes (5+) hit once.
	evs, err := viaJSON(t, s, InvasionRound{Round: 1, Attacker: "p1", Ships: 4, Defender: "p2", System: "Qo'noS", Nodes: 3,
		AttackerRoll: Entered(6, 5, 2, 1), DefenderRoll: Entered(5, 3, 1), NodesLost: ascrules.Resources{Production: 2}})
	require.NoError(t, err)
	assert.Equal(t, "Invasion of Qo'noS round 1: collateral damage (2 hit(s) on 3 node(s); nodes hit 1 ship(s))", evs[0].Label)
	assert.Equal(t, 3, ascPlayer(t, s, "p1").Ships)
	assert.Equal(t, 0, ascPlayer(t, s, "p2").Nodes.Production)
	// Round 2: one node left; two hits take the system.
	play(t, s, InvasionRound{Round: 2, Attacker: "p1", Ships: 3, Defender: "p2", Nodes: 1,
		AttackerRoll: Entered(6, 6, 1), DefenderRoll: Entered(2)})
	assert.Equal(t, 2, ascPlayer(t, s, "p1").Systems)
	assert.Equal(t, 0, ascPlayer(t, s, "p2").Systems)

	rejected(t, s, InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Nodes: 2, AttackerRoll: Entered(6, 6, 6), DefenderRoll: Entered(1, 1)}, CodeInvalid) // no tech level
	rejected(t, s, InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Nodes: 2, DefenderWeapons: 5, DefenderShields: 1,
		AttackerRoll: Entered(6, 6), DefenderRoll: Entered(1, 1)}, CodeRules) // one die short
	rejected(t, s, InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Defender: "p2", Nodes: 3,
		AttackerRoll: Entered(6, 1, 1), DefenderRoll: Entered(1, 1, 1), NodesLost: ascrules.Resources{Culture: 1}}, CodeRules)
	evs, err = viaJSON(t, s, InvasionRound{Round: 1, Attacker: "p2", Ships: 1, Defender: "p1", Nodes: 2, Surrender: true})
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "the defender surrenders")
	assert.Equal(t, 1, ascPlayer(t, s, "p2").Systems)
	assertReplays(t, s)
}

func TestHazardHegemonyDiplomacy(t *testing.T) {
	s := ascTwoPlayers(t)
	// Hazard level 4, shields 0: dice of 4 or more destroy a ship.
	evs, err := viaJSON(t, s, BraveHazard{Player: "p1", Ships: 3, Level: 4, Phenomenon: true, ResearchTokens: 2, Roll: Entered(5, 3, 1)})
	require.NoError(t, err)
	assert.Equal(t, "Alice braves a hazard (4+): 1 of 3 ship(s) destroyed, takes 2 research", evs[0].Label)
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, 3, p.Ships)
	assert.Equal(t, 5, p.Resources.Research)
	rejected(t, s, BraveHazard{Player: "p1", Ships: 2, Level: 4, Roll: Entered(5)}, CodeInvalid)

	// Hegemony: 4 + ascendancy 1 = 5 beats resistance 4; 2 culture spent.
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterAscendancy, Delta: 1})
	evs, err = viaJSON(t, s, TryHegemony{Player: "p1", Target: "p2", System: "Rura Penthe", Resistance: 4, Roll: Entered(4)})
	require.NoError(t, err)
	assert.Equal(t, "Alice tries hegemony on Rura Penthe: 5 against resistance 4, takes control", evs[0].Label)
	assert.Equal(t, 1, ascPlayer(t, s, "p1").Resources.Culture)
	assert.Equal(t, 2, ascPlayer(t, s, "p1").Systems)
	assert.Equal(t, 0, ascPlayer(t, s, "p2").Systems)
	rejected(t, s, TryHegemony{Player: "p1", Resistance: 1, Roll: Entered(6)}, CodeRules) // 1 culture left: needs 2
	play(t, s, TryHegemony{Player: "p2", Resistance: 6, Roll: VirtualRoll(1)})
	assert.Equal(t, 2, ascPlayer(t, s, "p2").Resources.Culture, "a failed try costs 1")

	// Diplomacy: the total must be higher than the card's number.
	evs, err = viaJSON(t, s, TestDiplomacy{Player: "p1", Card: "Bajor", Number: 5, Roll: Entered(4)})
	require.NoError(t, err)
	assert.Equal(t, "Alice fails Bajor: 5 against 5", evs[0].Label)
	evs, err = viaJSON(t, s, TestDiplomacy{Player: "p1", Card: "Bajor", Number: 5, Roll: Entered(5)})
	require.NoError(t, err)
	assert.Equal(t, "Alice passes Bajor: 6 against 5", evs[0].Label)
	assert.True(t, evs[0].Payload.(DiplomacyTested).Pass)
	assertReplays(t, s)
}

func TestAddStartingPlayer(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	costs := ascrules.CostTable{Ship: ascrules.Resources{Production: 1}, CultureNode: ascrules.Resources{Production: 1, Culture: 1}}
	cmd := AddStartingPlayer{AddAscPlayer: AddAscPlayer{Name: "Tuvok", Civilization: "Vulcans", Faction: ascrules.Vulcan,
		Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
		Ascendancy: 3, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3, Costs: &costs}
	evs, err := viaJSON(t, s, cmd)
	require.NoError(t, err)
	require.Len(t, evs, 2)
	assert.Equal(t, "Tuvok joins as Vulcans", evs[0].Label)
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, 3, p.Ascendancy)
	assert.Equal(t, 3, p.Ships)
	assert.Equal(t, 1, p.Nodes.Culture)
	assert.Equal(t, "Vulcans", p.Costs.Faction)
	assert.Equal(t, ascrules.Resources{Production: 1, Culture: 1}, p.Costs.CultureNode)
	rejected(t, s, cmd, CodeInvalid) // the name is taken
	bad := cmd
	bad.Name, bad.Ships = "Other", -1
	rejected(t, s, bad, CodeInvalid)
	assert.Len(t, s.State().Ascendancy.Players, 1)
	assertReplays(t, s)
}

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

func TestReclaimRound(t *testing.T) {
	s := ascTwoPlayers(t)
	play(t, s, EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4}}, PlaceSpire{System: "Alpha", Nodes: 1}, PlaceSpire{System: "Beta"})
	// Alpha: spire + 1 node = 2 structures, shields +1: Bob (5+) needs 6s.
	// One hit is not enough: no effect, the spire gains a node; the Borg
	// system's dice (4+ with 2 spires) hit one ship.
	evs, err := viaJSON(t, s, ReclaimRound{Spire: "spire 1", Player: "p2", Ships: 4, PlayerRoll: Entered(6, 5, 5, 1), BorgRoll: Entered(4, 1)})
	require.NoError(t, err)
	assert.Equal(t, "Bob attacks the Borg system Alpha: 1 hit(s) on 2 structure(s): no effect, the spire gains a node", evs[0].Label)
	a := s.State().Ascendancy
	assert.Equal(t, 2, a.Borg.Spires[0].Nodes)
	assert.Equal(t, 3, ascPlayer(t, s, "p2").Ships)
	// Beta: spire alone; Alice's 5 is a hit: reclaimed, the spire goes.
	play(t, s, ReclaimRound{Spire: "spire 2", Player: "p1", Ships: 1, PlayerRoll: Entered(5)})
	a = s.State().Ascendancy
	require.Len(t, a.Borg.Spires, 1)
	assert.Equal(t, "Alpha", a.Borg.Spires[0].System)
	rejected(t, s, ReclaimRound{Spire: "spire 1", Player: "p1", Ships: 1, PlayerRoll: Entered(5, 5)}, CodeRules)
	rejected(t, s, ReclaimRound{Spire: "spire 9", Player: "p1", Ships: 1, PlayerRoll: Entered(5)}, CodeNotFound)
	assertReplays(t, s)
}

// TestSpireNamesStayUnique: a spire placed after a reclaim gets a name no
// spire in play has.
func TestSpireNamesStayUnique(t *testing.T) {
	s := ascTwoPlayers(t)
	play(t, s, EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4}}, PlaceSpire{System: "Alpha"}, PlaceSpire{System: "Beta"})
	play(t, s, ReclaimRound{Spire: "spire 1", Player: "p1", Ships: 1, PlayerRoll: Entered(6)})
	require.Len(t, s.State().Ascendancy.Borg.Spires, 1)
	play(t, s, PlaceSpire{System: "Gamma"})
	spires := s.State().Ascendancy.Borg.Spires
	require.Len(t, spires, 2)
	assert.NotEqual(t, spires[0].ID, spires[1].ID)
	assert.Equal(t, "spire 3", spires[1].ID)
	assertReplays(t, s)
}
