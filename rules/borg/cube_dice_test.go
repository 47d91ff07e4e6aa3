package borg

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The cube's dice after the players' first strike, with seed 004's worked
// example ("Slow and Methodical", "Damaging Borg Cubes"): the Federation
// hits on 4+, rolls six attacks and scores four hits, leaving the cube five
// dice; in the next round (damage 3 after one regeneration) the cube rolls
// six dice whatever the players roll.
func TestCubeRoundBorgDice(t *testing.T) {
	fed := []Fleet{{Player: "Federation", Ships: 6, Weapons: 4}}
	cases := []struct {
		name      string
		r         CubeRound
		hits, due int
	}{
		{"rulebook: first strike, 4 hits", CubeRound{Fleets: fed, PlayerFaces: [][]int{{6, 5, 4, 4, 2, 1}}}, 4, 5},
		{"rulebook: round 2 is simultaneous", CubeRound{Cube: Cube{Damage: 3, Shields: 1, Round: 1}, Fleets: []Fleet{{Ships: 3, Weapons: 4}},
			PlayerFaces: [][]int{{6, 5, 1}}}, 2, 6},
		{"no hits", CubeRound{Fleets: fed, PlayerFaces: [][]int{{3, 3, 2, 2, 1, 1}}}, 0, 9},
		{"damage carried in", CubeRound{Cube: Cube{Damage: 2}, Fleets: fed, PlayerFaces: [][]int{{6, 1, 1, 1, 1, 1}}}, 1, 6},
		{"destroyed by first strike", CubeRound{Cube: Cube{Damage: 7}, Fleets: fed, PlayerFaces: [][]int{{6, 6, 6, 1, 1, 1}}}, 3, 0},
		{"no first strike", CubeRound{Fleets: fed, PlayerFaces: [][]int{{6, 6, 6, 6, 6, 6}}, NoFirstStrike: true}, 6, 9},
		{"two fleets", CubeRound{Fleets: []Fleet{{Ships: 2, Weapons: 5}, {Ships: 2, Weapons: 3}},
			PlayerFaces: [][]int{{5, 4}, {4, 3}}}, 3, 6},
		{"shields above 6: no hits", CubeRound{Cube: Cube{Shields: 3, Round: 0}, Fleets: []Fleet{{Ships: 2, Weapons: 4}},
			PlayerFaces: [][]int{{6, 6}}}, 0, 9},
		{"hits on six despite shields", CubeRound{Cube: Cube{Shields: 3}, Fleets: []Fleet{{Ships: 2, Weapons: 4, HitsOnSix: true}},
			PlayerFaces: [][]int{{6, 5}}}, 1, 8},
		{"a fleet not rolled yet", CubeRound{Fleets: []Fleet{{Ships: 2, Weapons: 4}, {Ships: 2, Weapons: 4}},
			PlayerFaces: [][]int{{6, 6}}}, 2, 7},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.hits, FleetHits(tc.r))
			assert.Equal(t, tc.due, CubeRoundBorgDice(tc.r))
		})
	}
}

// ResolveCubeRound accepts exactly CubeRoundBorgDice Borg faces.
func TestCubeRoundBorgDiceIsWhatResolveWants(t *testing.T) {
	r := CubeRound{Fleets: []Fleet{{Ships: 6, Weapons: 4}}, PlayerFaces: [][]int{{6, 5, 4, 4, 2, 1}}, BorgHit: 4}
	due := CubeRoundBorgDice(r)
	r.BorgFaces = make([]int, due)
	for i := range r.BorgFaces {
		r.BorgFaces[i] = 1
	}
	res, err := ResolveCubeRound(r)
	require.NoError(t, err)
	assert.Equal(t, due, res.BorgDice)
	r.BorgFaces = append(r.BorgFaces, 1)
	_, err = ResolveCubeRound(r)
	assert.Error(t, err)
}

// The cube's dice in an assimilation round: the system strikes first in
// round 1 (seed 004 "Slow and Methodical": in planetary assimilation too).
func TestAssimilationBorgDice(t *testing.T) {
	cases := []struct {
		name      string
		a         Assimilation
		hits, due int
	}{
		{"first strike, 1 hit", Assimilation{Nodes: 3, Starbase: true, DefenderWeapons: 5, DefenderFaces: []int{5, 4, 2, 1}}, 1, 8},
		{"round 2 is simultaneous", Assimilation{Cube: Cube{Damage: 1, Shields: 1, Round: 1}, Nodes: 2, DefenderWeapons: 5,
			DefenderFaces: []int{6, 6}}, 2, 8},
		{"no first strike", Assimilation{Nodes: 2, DefenderWeapons: 5, DefenderFaces: []int{6, 6}, NoFirstStrike: true}, 2, 9},
		{"shields above 6", Assimilation{Cube: Cube{Shields: 2}, Nodes: 2, DefenderWeapons: 5, DefenderFaces: []int{6, 6}}, 0, 9},
		{"hits on six", Assimilation{Cube: Cube{Shields: 2}, Nodes: 2, DefenderWeapons: 5, DefenderHitsOnSix: true, DefenderFaces: []int{6, 5}}, 1, 8},
		{"not rolled yet", Assimilation{Nodes: 2, DefenderWeapons: 5}, 0, 9},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.hits, SystemHits(tc.a))
			assert.Equal(t, tc.due, AssimilationBorgDice(tc.a))
			assert.Equal(t, tc.a.Cube.Round == 0 && !tc.a.NoFirstStrike, tc.a.FirstStrike())
		})
	}
}
