package tracker

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// openSpace is Anna (p1) attacking Ben (p2) with 3 ships each, no dice.
func openSpace(firstStrike bool) OpenBattle {
	return OpenBattle{Attacker: BattleSide{Player: "p1", Ships: 3, FirstStrike: firstStrike},
		Defenders: []BattleSide{{Player: "p2", Ships: 3}}}
}

func sideDice(player string, pools ...[]int) SideRolls {
	s := SideRolls{Player: player}
	for _, p := range pools {
		s.Rolls = append(s.Rolls, Entered(p...))
	}
	return s
}

// TestBattleSharedBetweenPhones: the space battle under way is part of the
// game, so every phone shows it; each side enters its own dice, in any
// order (the side struck first after its striker, seed 002 "First Strike"
// [Primo Colpo]), and the round is fought when the last dice are in,
// exactly as if one phone had entered them all (seed 003 "Space Battles":
// each ship rolls one die; hits on the weapons roll destroy ships).
func TestBattleSharedBetweenPhones(t *testing.T) {
	type want struct {
		anna, ben int // ships on the board after the steps
		round     int // the round open after the steps (0: none)
		missing   []string
	}
	cases := []struct {
		name  string
		steps []Command
		want  want
	}{
		{"opened: both sides' dice missing", []Command{openSpace(false)},
			want{6, 6, 1, []string{"p1", "p2"}}},
		{"the attacker's dice in: the defender's missing", []Command{openSpace(false), BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1})}}},
			want{6, 6, 1, []string{"p2"}}},
		{"attacker then defender: the round is fought, round 2 opens", []Command{openSpace(false),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1})}}, BattleDice{Sides: []SideRolls{sideDice("p2", []int{5, 2, 2})}}},
			want{5, 4, 2, []string{"p1", "p2"}}},
		{"defender first, then attacker: the same round", []Command{openSpace(false),
			BattleDice{Sides: []SideRolls{sideDice("p2", []int{5, 2, 2})}}, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1})}}},
			want{5, 4, 2, []string{"p1", "p2"}}},
		{"one phone enters both at once", []Command{openSpace(false),
			BattleDice{Sides: []SideRolls{sideDice("p2", []int{5, 2, 2}), sideDice("p1", []int{6, 5, 1})}}},
			want{5, 4, 2, []string{"p1", "p2"}}},
		{"opened with every side's dice: fought in the same step", []Command{OpenBattle{
			Attacker:  BattleSide{Player: "p1", Ships: 3, Rolls: []Roll{Entered(6, 5, 1)}},
			Defenders: []BattleSide{{Player: "p2", Ships: 3, Rolls: []Roll{Entered(5, 2, 2)}}}}},
			want{5, 4, 2, []string{"p1", "p2"}}},
		{"rulebook: first strike, the side struck rolls for the ships left", []Command{openSpace(true),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 6, 1})}}, BattleDice{Sides: []SideRolls{sideDice("p2", []int{5})}}},
			want{5, 4, 2, []string{"p1", "p2"}}},
		{"the battle is over: nothing stays open", []Command{openSpace(false),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 6, 6}), sideDice("p2", []int{1, 1, 1})}}},
			want{6, 3, 0, nil}},
		{"a side retreats: the battle ends on every phone", []Command{openSpace(false),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1}), sideDice("p2", []int{1, 1, 1})}}, EndBattle{}},
			want{6, 5, 0, nil}},
		{"the turn moves on: the battle ends", []Command{openSpace(false),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1})}}, NextPhase{}},
			want{6, 6, 0, nil}},
		{"a round typed whole on one phone replaces the open one", []Command{openSpace(false),
			battle("p1", 3, "p2", 3)},
			want{6, 6, 0, nil}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTurns(t, ascrules.Federation, AscOptions{})
			play(t, s, NextPhase{})
			play(t, s, tc.steps...)
			a := s.State().Ascendancy
			assert.Equal(t, tc.want.anna, ascPlayer(t, s, "p1").Ships, "Anna's ships")
			assert.Equal(t, tc.want.ben, ascPlayer(t, s, "p2").Ships, "Ben's ships")
			b := a.Fighting()
			if tc.want.round == 0 {
				assert.Nil(t, b, "no battle open")
				assertReplays(t, s)
				return
			}
			require.NotNil(t, b)
			assert.Equal(t, tc.want.round, b.Round)
			assert.Equal(t, tc.want.missing, b.Missing())
			if tc.want.round > 1 {
				assert.Equal(t, 3-(6-tc.want.anna), b.Attacker.Ships, "round 2 with Anna's ships left in the battle")
				assert.Equal(t, 3-(6-tc.want.ben), b.Defenders[0].Ships)
				assert.False(t, b.Attacker.FirstStrike, "first strike is for round 1 only")
				assert.Equal(t, 1, ascPlayer(t, s, "p1").Exhausted, "one command for the battle")
			}
			assertReplays(t, s)
		})
	}
}

// TestBattleDiceRefused: dice that do not belong to the round under way
// are refused with a reason, and change nothing.
func TestBattleDiceRefused(t *testing.T) {
	cases := []struct {
		name   string
		before []Command
		cmd    Command
		code   string
		reason string
	}{
		{"no battle open", nil, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1})}}, CodeNotNow, "No battle is under way"},
		{"a battle is open already", []Command{openSpace(false)}, openSpace(false), CodeNotNow, "is under way: enter its dice"},
		{"a player not in the battle", []Command{openSpace(false)}, BattleDice{Sides: []SideRolls{sideDice("p3", []int{6})}}, CodeNotFound, "Cleo is not in this battle"},
		{"dice in twice", []Command{openSpace(false), BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1})}}},
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1})}}, CodeNothing, "Anna's dice are in already"},
		{"too few dice", []Command{openSpace(false)}, BattleDice{Sides: []SideRolls{sideDice("p2", []int{6, 5})}}, CodeInvalid, "Ben rolls 3 dice this round, 2 entered"},
		{"the side struck first waits for the striker", []Command{openSpace(true)}, BattleDice{Sides: []SideRolls{sideDice("p2", []int{6, 5, 1})}},
			CodeNotNow, "Anna strikes first: their dice come before Ben's"},
		{"after first strike, dice for the ships left only", []Command{openSpace(true), BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 6, 1})}}},
			BattleDice{Sides: []SideRolls{sideDice("p2", []int{5, 5, 5})}}, CodeInvalid, "Ben rolls 1 dice this round, 3 entered"},
		{"the attacker gives one pool per defender", []Command{openSpace(false)}, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6}, []int{5, 1})}},
			CodeInvalid, "Anna rolls 1 pool(s) of dice, 2 given"},
		{"a new battle off the attacker's turn", nil, OpenBattle{Attacker: BattleSide{Player: "p2", Ships: 3}, Defenders: []BattleSide{{Player: "p1", Ships: 3}}},
			CodeRules, ""},
		{"more ships than on the board", nil, OpenBattle{Attacker: BattleSide{Player: "p1", Ships: 9}, Defenders: []BattleSide{{Player: "p2", Ships: 3}}},
			CodeRules, "Anna has 6 ship(s) on the board; 9 in the battle"},
		{"nothing to end", nil, EndBattle{}, CodeNothing, "No battle is under way"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTurns(t, ascrules.Federation, AscOptions{})
			play(t, s, NextPhase{})
			play(t, s, tc.before...)
			reason := rejected(t, s, tc.cmd, tc.code)
			assert.Contains(t, reason, tc.reason)
		})
	}
}

// TestBattleOpenedAsARulingIsFoughtAsRuled: a battle the table opened
// anyway (off the attacker's turn) is fought when the defender's dice come
// in on another phone, with no second refusal; undo takes each step back.
func TestBattleOpenedAsARulingIsFoughtAsRuled(t *testing.T) {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	play(t, s, NextPhase{})
	play(t, s, Ruling{Reason: "the table agrees", Command: OpenBattle{Attacker: BattleSide{Player: "p2", Ships: 3}, Defenders: []BattleSide{{Player: "p1", Ships: 3}}}})
	require.True(t, s.State().Ascendancy.Fighting().Ruled)
	play(t, s, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1})}})
	play(t, s, BattleDice{Sides: []SideRolls{sideDice("p2", []int{6, 6, 1})}})
	assert.Equal(t, 4, ascPlayer(t, s, "p1").Ships)
	assert.Equal(t, 5, ascPlayer(t, s, "p2").Ships)
	// Undo: the round is not fought, Ben's dice are missing again.
	_, err := s.Undo()
	require.NoError(t, err)
	b := s.State().Ascendancy.Fighting()
	require.NotNil(t, b)
	assert.Equal(t, []string{"p2"}, b.Missing())
	assert.Equal(t, 6, ascPlayer(t, s, "p1").Ships)
	assertReplays(t, s)
}

// TestBattleUnderWayValidatedOnLoad: a saved battle under way that no
// command could leave is refused when the game is read.
func TestBattleUnderWayValidatedOnLoad(t *testing.T) {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	play(t, s, NextPhase{}, openSpace(false), BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 5, 1})}})
	require.NoError(t, ValidateState(s.State()))
	cases := []struct {
		name  string
		spoil func(b *BattleInProgress)
	}{
		{"an unknown kind", func(b *BattleInProgress) { b.Kind = "duel" }},
		{"a player not in the game", func(b *BattleInProgress) { b.Defenders[0].Player = "p9"; b.Rules.Defenders[0].Player = "p9" }},
		{"a player on both sides", func(b *BattleInProgress) { b.Defenders[0].Player = "p1"; b.Rules.Defenders[0].Player = "p1" }},
		{"no ships", func(b *BattleInProgress) { b.Attacker.Ships = 0; b.Rules.Attacker.Ships = 0 }},
		{"sides that do not match the rules'", func(b *BattleInProgress) { b.Rules.Defenders = nil }},
		{"round 0", func(b *BattleInProgress) { b.Round = 0 }},
		{"dice of a player not in it", func(b *BattleInProgress) { b.Dice[0].Player = "p3" }},
		{"every side in, yet not fought", func(b *BattleInProgress) {
			b.Dice = append(b.Dice, SideDice{Player: "p2", Dice: []RolledDice{{Faces: []int{1, 1, 1}}}})
		}},
		{"dice that are not dice", func(b *BattleInProgress) { b.Dice[0].Dice[0].Faces = []int{7} }},
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
