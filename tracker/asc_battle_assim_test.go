package tracker

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// openAssim is cube 1 assimilating Anna's (p1) Vega: 3 nodes, no dice.
func openAssim() OpenAssimilation {
	return OpenAssimilation{AssimilationRound{Cube: "cube 1", Defender: "p1", System: "Vega", Nodes: 3}}
}

// TestAssimilationSharedBetweenPhones: an assimilation round is shared by
// every phone: the defending player enters the system's dice on their own
// phone, the cube's dice come on any phone after them in the first round
// (seed 004 "Slow and Methodical": players always strike first against
// cubes, in planetary assimilation too; "3) Begin Assimilation"), and the
// round is fought when both are in, the next one opened with the
// structures left.
func TestAssimilationSharedBetweenPhones(t *testing.T) {
	cases := []struct {
		name    string
		steps   []Command
		round   int
		missing []string
		nodes   int // the system's nodes in the round open after the steps
		damage  int
	}{
		{"opened: both sides missing", []Command{openAssim()}, 1, []string{"p1", BorgSeat}, 3, 0},
		{"the system's dice in: the cube's missing", []Command{openAssim(), BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1})}}},
			1, []string{BorgSeat}, 3, 0},
		{"1 hit first, the cube fires 8 and takes 2 structures: round 2", []Command{openAssim(),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1})}},
			BattleDice{Sides: []SideRolls{sideDice(BorgSeat, []int{5, 5, 1, 1, 1, 1, 1, 1})}, NodesLost: ascrules.Resources{Production: 1}}},
			2, []string{"p1", BorgSeat}, 1, 1},
		{"the cube's dice rolled for what is due", []Command{openAssim(),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1}), {Player: BorgSeat, Due: true}}}},
			-1, nil, -1, -1},
		{"every structure taken: the system is assimilated", []Command{openAssim(),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{1, 1, 1}), sideDice(BorgSeat, []int{5, 5, 5, 1, 1, 1, 1, 1, 1})}}},
			0, nil, -1, 0},
		{"ended on a phone", []Command{openAssim(), EndBattle{}}, 0, nil, -1, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := cubeGame(t)
			play(t, s, tc.steps...)
			a := s.State().Ascendancy
			if tc.damage >= 0 {
				assert.Equal(t, tc.damage, a.Borg.Cubes[0].Damage)
			}
			b := a.Fighting()
			switch {
			case tc.round == 0:
				assert.Nil(t, b)
			case tc.round > 0:
				require.NotNil(t, b)
				assert.Equal(t, tc.round, b.Round)
				assert.Equal(t, tc.missing, b.Missing())
				assert.Equal(t, tc.nodes, b.Assimilate.Nodes)
			}
			assertReplays(t, s)
		})
	}
}

// TestAssimilationDiceRefused: the cube's dice before the system's first
// strike, or of the wrong count, are refused; a round typed whole ends the
// open one; a saved round under way that no command could leave is
// refused on load.
func TestAssimilationDiceRefused(t *testing.T) {
	s := cubeGame(t)
	play(t, s, openAssim())
	assert.Contains(t, rejected(t, s, BattleDice{Sides: []SideRolls{sideDice(BorgSeat, []int{1})}}, CodeNotNow), "strikes first")
	assert.Contains(t, rejected(t, s, BattleDice{Sides: []SideRolls{sideDice("p1", []int{1})}}, CodeInvalid), "rolls 3 dice this round, 1 entered")
	play(t, s, BattleDice{Sides: []SideRolls{sideDice("p1", []int{1, 1, 1})}})
	require.NoError(t, ValidateState(s.State()))
	for name, spoil := range map[string]func(b *BattleInProgress){
		"no round":             func(b *BattleInProgress) { b.Assimilate = nil },
		"a defender not there": func(b *BattleInProgress) { b.Assimilate.Defender = "p9"; b.Attacker.Player = "p9" },
		"nodes that differ":    func(b *BattleInProgress) { b.AssimRules.Nodes = 7 },
		"both sides in": func(b *BattleInProgress) {
			b.Dice = append(b.Dice, SideDice{Player: BorgSeat, Dice: []RolledDice{{Faces: []int{1}}}})
		},
	} {
		raw, err := json.Marshal(s.State())
		require.NoError(t, err)
		var st State
		require.NoError(t, json.Unmarshal(raw, &st))
		spoil(st.Ascendancy.InProgress)
		assert.Error(t, ValidateState(&st), name)
	}
	play(t, s, AssimilationRound{Cube: "cube 1", Defender: "p1", System: "Vega", Nodes: 3, DefenderRoll: Entered(1, 1, 1), BorgRoll: Entered(1, 1, 1, 1, 1, 1, 1, 1, 1)})
	assert.Nil(t, s.State().Ascendancy.Fighting())
	assertReplays(t, s)
}
