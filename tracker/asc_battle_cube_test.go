package tracker

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cubeGame is Anna (p1, 8 ships) and Ben (p2, 8 ships) against cube 1 at
// Sol, in Anna's command phase.
func cubeGame(t *testing.T) *Session {
	t.Helper()
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, AddCube{System: "Sol"},
		AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 5}, AdjustAsc{Player: "p2", Counter: CounterShips, Delta: 5})
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{})
	return s
}

// openCube is Anna with 4 ships and Ben with 2 against cube 1, no dice.
func openCube() OpenCubeBattle {
	return OpenCubeBattle{CubeRound{Cube: "cube 1", Fleets: []CubeFleet{{Player: "p1", Ships: 4}, {Player: "p2", Ships: 2}}}}
}

// TestCubeBattleSharedBetweenPhones: a battle with a cube is shared by
// every phone: each player enters their fleet's dice on their own phone,
// the cube's dice come after the players' in the first round (seed 004
// "Slow and Methodical": the players strike first, and the cube fires only
// the dice their hits leave it), and the round is fought when the last
// dice are in, as one phone entering them all would.
func TestCubeBattleSharedBetweenPhones(t *testing.T) {
	borg7 := []int{1, 1, 1, 1, 1, 1, 6}
	cases := []struct {
		name     string
		steps    []Command
		round    int // the round open after the steps (0: none)
		missing  []string
		damage   int
		annaLeft int
	}{
		{"opened: every side missing", []Command{openCube()}, 1, []string{"p1", "p2", BorgSeat}, 0, 8},
		{"the fleets in, the cube's dice missing", []Command{openCube(),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1, 1})}}, BattleDice{Sides: []SideRolls{sideDice("p2", []int{1, 1})}}},
			1, []string{BorgSeat}, 0, 8},
		{"rulebook: 2 hits first, the cube fires 7: round 2 opens", []Command{openCube(),
			BattleDice{Sides: []SideRolls{sideDice("p2", []int{1, 1})}}, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1, 1})}},
			BattleDice{Sides: []SideRolls{sideDice(BorgSeat, borg7)}}},
			2, []string{"p1", "p2", BorgSeat}, 1, 7},
		{"the cube's dice rolled for what is due", []Command{openCube(),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1, 1}), sideDice("p2", []int{1, 1}), {Player: BorgSeat, Due: true}}}},
			2, []string{"p1", "p2", BorgSeat}, -1, -1},
		{"the players retreat: the battle ends", []Command{openCube(),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1, 1}), sideDice("p2", []int{1, 1}), sideDice(BorgSeat, borg7)}, Retreat: []string{"p1", "p2"}}},
			0, nil, -1, 7},
		{"ended on a phone: the cube starts its next battle fresh", []Command{openCube(),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1, 1}), sideDice("p2", []int{1, 1}), sideDice(BorgSeat, borg7)}}, EndBattle{}},
			0, nil, 0, 7},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := cubeGame(t)
			play(t, s, tc.steps...)
			a := s.State().Ascendancy
			if tc.annaLeft >= 0 {
				assert.Equal(t, tc.annaLeft, ascPlayer(t, s, "p1").Ships, "Anna's ships (the Borg hit goes to the first in turn order)")
			}
			if tc.damage >= 0 {
				require.NotEmpty(t, a.Borg.Cubes)
				assert.Equal(t, tc.damage, a.Borg.Cubes[0].Damage)
			}
			b := a.Fighting()
			if tc.round == 0 {
				assert.Nil(t, b)
			} else {
				require.NotNil(t, b)
				assert.Equal(t, tc.round, b.Round)
				assert.Equal(t, tc.missing, b.Missing())
				if tc.round == 2 {
					assert.Equal(t, 1, ascPlayer(t, s, "p1").Exhausted, "one command for the attack")
					assert.False(t, b.CubeRules.FirstStrike(), "round 2 is simultaneous")
				}
			}
			assertReplays(t, s)
		})
	}
}

// TestCubeDiceRefused: the cube's dice before the players' first strike,
// or of the wrong count, are refused.
func TestCubeDiceRefused(t *testing.T) {
	s := cubeGame(t)
	play(t, s, openCube())
	assert.Contains(t, rejected(t, s, BattleDice{Sides: []SideRolls{sideDice(BorgSeat, []int{1, 1, 1})}}, CodeNotNow), "strikes first")
	play(t, s, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1, 1}), sideDice("p2", []int{1, 1})}})
	assert.Contains(t, rejected(t, s, BattleDice{Sides: []SideRolls{sideDice(BorgSeat, []int{1, 1, 1})}}, CodeInvalid), "rolls 7 dice this round, 3 entered")
	// A round typed whole on one device: the open one goes.
	play(t, s, CubeRound{Cube: "cube 1", Fleets: []CubeFleet{{Player: "p1", Ships: 4, Roll: Entered(1, 1, 1, 1)}}, BorgRoll: Entered(1, 1, 1, 1, 1, 1, 1, 1, 1)})
	assert.Nil(t, s.State().Ascendancy.Fighting())
	assertReplays(t, s)
}

// TestCubeBattleValidatedOnLoad: a saved cube round under way that no
// command could leave is refused when the game is read.
func TestCubeBattleValidatedOnLoad(t *testing.T) {
	s := cubeGame(t)
	play(t, s, openCube(), BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1, 1})}})
	require.NoError(t, ValidateState(s.State()))
	cases := []struct {
		name  string
		spoil func(b *BattleInProgress)
	}{
		{"no fleets", func(b *BattleInProgress) { b.Cube.Fleets = nil }},
		{"a fleet of a player not in the game", func(b *BattleInProgress) { b.Cube.Fleets[1].Player = "p9"; b.CubeRules.Fleets[1].Player = "p9" }},
		{"sides that do not match the fleets", func(b *BattleInProgress) { b.Defenders = b.Defenders[:1] }},
		{"a round the cube is not at", func(b *BattleInProgress) { b.Round = 3 }},
		{"dice of a player not in it", func(b *BattleInProgress) { b.Dice[0].Player = "p3" }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(s.State())
			require.NoError(t, err)
			var st State
			require.NoError(t, json.Unmarshal(raw, &st))
			tc.spoil(st.Ascendancy.InProgress)
			assert.Error(t, ValidateState(&st))
		})
	}
}
