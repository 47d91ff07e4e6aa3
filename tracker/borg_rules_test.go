package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
)

// borgHits is test data standing in for the Borg console's hit rolls.
var borgHits = map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}

// borgGame sets up players (Anna, Ben, ...) and the Borg with extra setup
// commands, and starts round 1.
func borgGame(t *testing.T, names []string, borg EnableBorg, setup ...Command) *Session {
	t.Helper()
	s := newTestSession(t, KindAscendancy)
	for _, n := range names {
		play(t, s, startingPlayer(n, ascrules.Federation))
	}
	borg.Hits = borgHits
	play(t, s, borg)
	play(t, s, setup...)
	play(t, s, StartAscendancy{})
	return s
}

// toBorgTurn walks the rounds on (turn order, turns, recharge) until the
// next Borg turn begins.
func toBorgTurn(t *testing.T, s *Session) {
	t.Helper()
	for range 60 {
		a := s.State().Ascendancy
		switch {
		case a.Walker.Stage == AscInitiative:
			play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{}) // Anna's command phase
		case a.Walker.Stage == AscRecharge:
			play(t, s, Recharge{})
		case a.CurrentSeat() == BorgSeat && !a.Borg.Built:
			return
		default:
			play(t, s, NextPhase{})
		}
		if a := s.State().Ascendancy; a.CurrentSeat() == BorgSeat && (!a.Borg.Built || !a.Borg.PhysicalHub) {
			return
		}
	}
	t.Fatal("no Borg turn")
}

// TestTranswarpHubRollsOnlyWhileNoCubeOnIt: wrong result 1. The hub's cube
// stays on the hub until it moves; while it is there the hub makes none;
// once it leaves, the hub rolls again.
func TestTranswarpHubRollsOnlyWhileNoCubeOnIt(t *testing.T) {
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{Hub: true, HubTarget: 4, PhysicalHub: true})
	toBorgTurn(t, s)
	play(t, s, BorgBuild{HubRoll: Entered(6)})
	b := s.State().Ascendancy.Borg
	require.Len(t, b.Cubes, 1)
	assert.Equal(t, HubSystem, b.Cubes[0].System)
	assert.True(t, b.HubHasCube)

	toBorgTurn(t, s)
	evs, err := viaJSON(t, s, BorgBuild{HubRoll: Entered(6)})
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "a cube is on it")
	assert.Len(t, s.State().Ascendancy.Borg.Cubes, 1, "a cube on the hub: no new cube")
	play(t, s, ActivateCube{Cube: "cube 1", System: "Risa"})
	assert.False(t, s.State().Ascendancy.Borg.HubHasCube)

	toBorgTurn(t, s)
	play(t, s, BorgBuild{HubRoll: Entered(5)})
	b = s.State().Ascendancy.Borg
	assert.Len(t, b.Cubes, 2, "the hub is free again and rolls")
	assertReplays(t, s)
}

// TestSpireCubeWaitsOnlyWhileACubeOrbits: wrong result 2. A finished cube
// waits on its spire while another cube orbits the system, and launches
// once that cube has moved on.
func TestSpireCubeWaitsOnlyWhileACubeOrbits(t *testing.T) {
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, AddCube{System: "Alpha"}, PlaceSpire{System: "Alpha", Nodes: 3})
	toBorgTurn(t, s)
	b := s.State().Ascendancy.Borg
	assert.True(t, b.Spires[0].CubeOnSpire, "3 nodes: a cube is built on the spire")
	toBorgTurn(t, s)
	b = s.State().Ascendancy.Borg
	assert.True(t, b.Spires[0].CubeOnSpire, "cube 1 orbits Alpha: the new cube waits")
	assert.Len(t, b.Cubes, 1)
	play(t, s, ActivateCube{Cube: "cube 1", System: "Beta"})
	toBorgTurn(t, s)
	b = s.State().Ascendancy.Borg
	assert.False(t, b.Spires[0].CubeOnSpire, "the orbit is free: the cube launches")
	require.Len(t, b.Cubes, 2)
	assert.Equal(t, "Alpha", b.Cubes[1].System)
	assert.True(t, b.Spires[0].CubeInOrbit)
	assertReplays(t, s)
}

// annaRound is a cube round where Anna (5+) alone faces cube 1.
func annaRound(ships int, faces []int, borg []int) CubeRound {
	return CubeRound{Cube: "cube 1", Fleets: []CubeFleet{{Player: "p1", Ships: ships, Roll: Entered(faces...)}}, BorgRoll: Entered(borg...)}
}

// TestEveryCubeBattleStartsFresh: wrong result 3. A new battle (after the
// players stopped, with other sides, or a new assimilation) starts with 9
// dice, shields 0 and the players' first strike.
func TestEveryCubeBattleStartsFresh(t *testing.T) {
	cases := []struct {
		name  string
		then  []Command // between the first battle's round and the new battle
		other bool      // the new battle has other sides (same turn)
	}{
		{name: "players stop: the turn moves on", then: []Command{NextPhase{}, NextPhase{}}},
		{name: "other sides in the same turn", other: true},
		{name: "battle ended by hand", then: []Command{EndCubeBattle{Cube: "cube 1"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, AddCube{System: "Sol"},
				AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 5}, AdjustAsc{Player: "p2", Counter: CounterShips, Delta: 5})
			play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{}) // Anna's command phase
			// Round 1: first strike, 2 hits; the cube fires 7 dice, no 6s.
			play(t, s, annaRound(4, []int{6, 5, 1, 1}, []int{1, 1, 1, 1, 1, 1, 1}))
			cube := s.State().Ascendancy.Borg.Cubes[0]
			require.Equal(t, 2, cube.Damage)
			require.Equal(t, 1, cube.Shields)
			play(t, s, tc.then...)
			next := annaRound(4, []int{6, 5, 1, 1}, []int{1, 1, 1, 1, 1, 1, 1})
			if tc.other {
				next.Fleets = append(next.Fleets, CubeFleet{Player: "p2", Ships: 2, Roll: Entered(1, 1)})
			}
			// Fresh: first strike again (7 Borg dice after 2 hits), shields 0
			// (5+ hits on a 5).
			evs, err := viaJSON(t, s, next)
			require.NoError(t, err)
			assert.Contains(t, evs[0].Label, "round 1: players 2 hit(s)")
			assert.Equal(t, 2, s.State().Ascendancy.Borg.Cubes[0].Damage)
			assertReplays(t, s)
		})
	}

	// The same players fighting on continue the battle: round 2, shields 1.
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, AddCube{System: "Sol"},
		AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 5})
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{}, annaRound(4, []int{6, 5, 1, 1}, []int{1, 1, 1, 1, 1, 1, 1}))
	evs, err := viaJSON(t, s, annaRound(4, []int{6, 5, 1, 1}, []int{1, 1, 1, 1, 1, 1, 1}))
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "round 2: players 1 hit(s)", "5+ with shields 1 hits on 6 only")

	// Assimilation starts fresh too.
	s = borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, AddCube{System: "Sol"})
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{})
	play(t, s, AssimilationRound{Cube: "cube 1", Defender: "p1", System: "Vega", Nodes: 3, DefenderRoll: Entered(6, 1, 1), BorgRoll: Entered(1, 1, 1, 1, 1, 1, 1, 1)})
	require.Equal(t, 1, s.State().Ascendancy.Borg.Cubes[0].Damage)
	evs, err = viaJSON(t, s, AssimilationRound{Cube: "cube 1", Defender: "p2", System: "Rigel", Nodes: 2, DefenderRoll: Entered(6, 1), BorgRoll: Entered(1, 1, 1, 1, 1, 1, 1, 1)})
	require.NoError(t, err)
	assert.Contains(t, evs[0].Label, "round 1")
	assert.Equal(t, 1, s.State().Ascendancy.Borg.Cubes[0].Damage, "a new system: a fresh cube took 1 hit")
	assertReplays(t, s)
}

// TestEachAssimilatedPlayerGetsATurnOrderCard: wrong result 5.
func TestEachAssimilatedPlayerGetsATurnOrderCard(t *testing.T) {
	s := borgGame(t, []string{"Anna", "Ben", "Cleo", "Dan"}, EnableBorg{})
	play(t, s, AssimilatePlayer{Player: "p3"}, AssimilatePlayer{Player: "p4"})
	refusedBy(t, s, ChooseTurnOrder{BorgCards: 1}, ruleBorgCards)
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{})
	order := s.State().Ascendancy.Walker.Order
	n := 0
	for _, o := range order {
		if o == BorgSeat {
			n++
		}
	}
	assert.Equal(t, 2, n, "two assimilated players, two Borg turns: %v", order)
	assert.Len(t, order, 4)
}

// TestBorgHitsShareInTurnOrder: several defenders take the Borg hits in
// turn order, one at a time; a different split is refused with the rule.
func TestBorgHitsShareInTurnOrder(t *testing.T) {
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, AddCube{System: "Sol"},
		AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 5}, AdjustAsc{Player: "p2", Counter: CounterShips, Delta: 5})
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{})
	order := s.State().Ascendancy.Walker.Order
	first, second := "p1", "p2"
	if indexOf(order, "p2") < indexOf(order, "p1") {
		first, second = "p2", "p1"
	}
	round := CubeRound{Cube: "cube 1", Fleets: []CubeFleet{
		{Player: "p1", Ships: 2, Roll: Entered(1, 1)}, {Player: "p2", Ships: 2, Roll: Entered(1, 1)}},
		BorgRoll: Entered(5, 5, 5, 1, 1, 1, 1, 1, 1)} // 3 hits
	bad := round
	bad.Losses = map[string]int{first: 1, second: 2}
	refusedBy(t, s, bad, ruleBorgHitsInTurnOrder)
	play(t, s, round)
	assert.Equal(t, 8-2, ascPlayer(t, s, first).Ships, "first in turn order takes 2 of 3")
	assert.Equal(t, 8-1, ascPlayer(t, s, second).Ships)
	overruled(t, s, bad, "Ben shielded Anna with a card", ruleBorgHitsInTurnOrder)
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// TestForcedRetreatLeavesTheFight: once the cube's shields put a player's
// hit roll above 6, that player leaves the battle; fighting on is refused.
func TestForcedRetreatLeavesTheFight(t *testing.T) {
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, AddCube{System: "Sol"},
		AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 5}, AdjustAsc{Player: "p2", Counter: CounterShips, Delta: 5})
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{})
	two := func() CubeRound {
		return CubeRound{Cube: "cube 1", Fleets: []CubeFleet{
			{Player: "p1", Ships: 2, Roll: Entered(1, 1)}, {Player: "p2", Ships: 2, Weapons: 4, Roll: Entered(1, 1)}}}
	}
	r1 := two()
	r1.BorgRoll = Entered(1, 1, 1, 1, 1, 1, 1, 1, 1)
	play(t, s, r1) // shields 1: Anna 6+, Ben (4+) 5+
	r2 := two()
	r2.BorgRoll = Entered(1, 1, 1, 1, 1, 1, 1, 1, 1)
	evs, err := viaJSON(t, s, r2) // shields 2: Anna 7+ must retreat
	require.NoError(t, err)
	assert.Contains(t, evs[1].Label, "Anna must retreat")
	f := s.State().Ascendancy.Borg.Fight
	require.NotNil(t, f)
	assert.Equal(t, []string{"p2"}, f.Players)
	r3 := two()
	r3.BorgRoll = Entered(1, 1, 1, 1, 1, 1, 1, 1, 1)
	refusedBy(t, s, r3, ruleRetreatLeaves)
	r3.Fleets = r3.Fleets[1:]
	evs, err = viaJSON(t, s, r3)
	require.NoError(t, err)
	assert.Contains(t, evs[1].Label, "Ben must retreat", "shields 3: Ben (4+) needs 7")
	assert.Contains(t, evs[1].Label, "no player fights on")
	b := s.State().Ascendancy.Borg
	assert.Nil(t, b.Fight, "the battle is over")
	assert.Equal(t, borgrules.Cube{ID: "cube 1", System: "Sol"}, b.Cubes[0], "the cube starts its next battle fresh")
}

// TestHomeSystemAssimilated: the player joins the Collective; their
// systems become independent civilizations.
func TestHomeSystemAssimilated(t *testing.T) {
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, AddCube{System: "Earth"})
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{})
	evs, err := viaJSON(t, s, AssimilationRound{Cube: "cube 1", Defender: "p1", System: "Earth", Nodes: 1, HomeOf: "p1",
		Independents: []borgrules.SystemHeld{{System: "Vega", ResourceNodes: 2}},
		DefenderRoll: Entered(1), BorgRoll: Entered(5, 1, 1, 1, 1, 1, 1, 1, 1), NodesLost: ascrules.Resources{}})
	require.NoError(t, err)
	p := ascPlayer(t, s, "p1")
	assert.True(t, p.Assimilated)
	assert.Zero(t, p.Ships)
	assert.Zero(t, p.Systems)
	assert.False(t, p.HoldsHome)
	last := evs[len(evs)-1]
	assert.Contains(t, last.Label, "joins the Collective")
	assert.Contains(t, last.Label, "Vega level 2")
	assert.Len(t, s.State().Ascendancy.Borg.Spires, 1)
	assertReplays(t, s)
}

// TestOneCubePerSector: a cube never ends in a sector that holds another.
func TestOneCubePerSector(t *testing.T) {
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, AddCube{System: "Sol"}, AddCube{System: "Vega"})
	refusedBy(t, s, AddCube{System: "sol"}, ruleOneCubePerSector)
	toBorgTurn(t, s)
	refusedBy(t, s, ActivateCube{Cube: "cube 2", System: "Sol"}, ruleOneCubePerSector)
	play(t, s, ActivateCube{Cube: "cube 2", System: "Rigel"})
	overruled(t, s, ActivateCube{Cube: "cube 1", System: "Rigel"}, "card: Assimilation Expedited", ruleOneCubePerSector)
}

// TestBorgHitShares: hits fall in the walker's turn order, one at a time,
// players not in the order last; the screens show this split before Apply.
func TestBorgHitShares(t *testing.T) {
	a := &AscendancyState{Walker: AscWalker{Order: []string{"p2", "p1"}}}
	fleets := []borgrules.Fleet{{Player: "p1", Ships: 2}, {Player: "p3", Ships: 1}, {Player: "p2", Ships: 1}}
	for _, tc := range []struct {
		due  int
		want map[string]int
	}{
		{0, map[string]int{}},
		{1, map[string]int{"p2": 1}},
		{2, map[string]int{"p2": 1, "p1": 1}},
		{4, map[string]int{"p2": 1, "p1": 2, "p3": 1}},
	} {
		assert.Equal(t, tc.want, a.BorgHitShares(fleets, tc.due), "%d hits", tc.due)
	}
}
