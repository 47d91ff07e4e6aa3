package tracker

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// openInvasion is Anna (p1, Klingon) invading Ben's (p2) planet with 3
// ships: a production node and the control node.
func openInvasion(nodesFirst bool) OpenInvasion {
	return OpenInvasion{InvasionRound{Attacker: "p1", Ships: 3, Defender: "p2", System: "Qo'noS", Nodes: 2,
		SystemNodes: ascrules.Resources{Production: 1}, DefenderFirstStrike: nodesFirst}}
}

// TestInvasionSharedBetweenPhones: an invasion round is set up on one
// phone and each side enters its own dice on its own (seed 002 "Planetary
// Invasion": the ships roll one die each, the planet one per node, control
// node included; "Collateral Damage": fewer hits than nodes destroy that
// many resource nodes; "First Strike": the side struck first rolls after).
func TestInvasionSharedBetweenPhones(t *testing.T) {
	type want struct {
		annaShips, benP int
		round           int // the round open after the steps (0: none)
		missing         []string
		underWay        bool
	}
	cases := []struct {
		name  string
		steps []Command
		want  want
	}{
		{"opened: both sides missing", []Command{openInvasion(false)}, want{6, 1, 1, []string{"p1", "p2"}, false}},
		{"attacker then defender: collateral damage, round 2 opens", []Command{openInvasion(false),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1})}}, BattleDice{Sides: []SideRolls{sideDice("p2", []int{5, 1})}}},
			want{5, 0, 2, []string{"p1", "p2"}, true}},
		{"defender then attacker: the same round", []Command{openInvasion(false),
			BattleDice{Sides: []SideRolls{sideDice("p2", []int{5, 1})}}, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1})}}},
			want{5, 0, 2, []string{"p1", "p2"}, true}},
		{"one phone enters both, naming the node lost", []Command{openInvasion(false),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1}), sideDice("p2", []int{5, 1})}, NodesLost: ascrules.Resources{Production: 1}}},
			want{5, 0, 2, []string{"p1", "p2"}, true}},
		{"opened with both rolls: fought at once", []Command{func() Command {
			o := openInvasion(false)
			o.AttackerRoll, o.DefenderRoll = Entered(6, 1, 1), Entered(5, 1)
			return o
		}()}, want{5, 0, 2, []string{"p1", "p2"}, true}},
		{"nodes strike first: the ships left roll after them, and annihilate the planet", []Command{openInvasion(true),
			BattleDice{Sides: []SideRolls{sideDice("p2", []int{6, 1})}}, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 6})}}},
			want{5, 0, 0, nil, false}},
		{"the attacker retreats: the invasion ends on every phone", []Command{openInvasion(false),
			BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1}), sideDice("p2", []int{1, 1})}}, EndBattle{}},
			want{6, 0, 0, nil, false}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTurns(t, ascrules.Klingon, AscOptions{})
			play(t, s, NextPhase{})
			play(t, s, tc.steps...)
			a := s.State().Ascendancy
			assert.Equal(t, tc.want.annaShips, ascPlayer(t, s, "p1").Ships, "Anna's ships")
			assert.Equal(t, tc.want.benP, ascPlayer(t, s, "p2").Nodes.Production, "Ben's P nodes")
			assert.Equal(t, tc.want.underWay, a.Invasion != nil, "invasion under way")
			b := a.Fighting()
			if tc.want.round == 0 {
				assert.Nil(t, b)
			} else {
				require.NotNil(t, b)
				assert.Equal(t, tc.want.round, b.Round)
				assert.Equal(t, tc.want.missing, b.Missing())
				if tc.want.round == 2 {
					assert.Equal(t, 2, b.Invasion.Ships, "the ships left")
					assert.Equal(t, 1, b.Invasion.Nodes, "the control node left")
					assert.Zero(t, b.Invasion.SystemNodes.Total(), "the P node is gone")
					assert.Equal(t, 1, ascPlayer(t, s, "p1").Exhausted, "one command for the invasion")
				}
			}
			assertReplays(t, s)
		})
	}
}

// TestInvasionDiceRefused: dice out of turn or of the wrong count are
// refused; a round fought otherwise leaves nothing stale on the phones.
func TestInvasionDiceRefused(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, NextPhase{}, openInvasion(true))
	assert.Contains(t, rejected(t, s, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 6, 6})}}, CodeNotNow), "Ben strikes first")
	assert.Contains(t, rejected(t, s, BattleDice{Sides: []SideRolls{sideDice("p2", []int{6})}}, CodeInvalid), "Ben rolls 2 dice this round, 1 entered")
	play(t, s, BattleDice{Sides: []SideRolls{sideDice("p2", []int{6, 1})}})
	assert.Contains(t, rejected(t, s, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 6, 6})}}, CodeInvalid), "Anna rolls 2 dice this round, 3 entered")
	assert.Contains(t, rejected(t, s, openInvasion(false), CodeNotNow), "is under way")

	// A surrender recorded as it is: the open round is stale.
	play(t, s, InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Defender: "p2", Nodes: 2, Surrender: true})
	assert.Nil(t, s.State().Ascendancy.Fighting())
	assertReplays(t, s)
}

// TestInvasionOfAnIndependentSystemShared: an independent system's nodes'
// dice are entered on any phone.
func TestInvasionOfAnIndependentSystemShared(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, NextPhase{}, OpenInvasion{InvasionRound{Attacker: "p1", Ships: 3, Nodes: 2, DefenderWeapons: 5, DefenderShields: 1}})
	b := s.State().Ascendancy.Fighting()
	require.NotNil(t, b)
	assert.Equal(t, []string{"p1", ""}, b.Missing())
	play(t, s, BattleDice{Sides: []SideRolls{sideDice("", []int{1, 1})}}, BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 6, 6})}})
	assert.Nil(t, s.State().Ascendancy.Fighting(), "three hits on two nodes: the system is taken")
	assert.Equal(t, 2, ascPlayer(t, s, "p1").Systems)
	assertReplays(t, s)
}

// TestInvasionUnderWayValidatedOnLoad: a saved invasion round under way
// that no command could leave is refused when the game is read.
func TestInvasionUnderWayValidatedOnLoad(t *testing.T) {
	s := ascTurns(t, ascrules.Klingon, AscOptions{})
	play(t, s, NextPhase{}, openInvasion(false), BattleDice{Sides: []SideRolls{sideDice("p1", []int{6, 1, 1})}})
	require.NoError(t, ValidateState(s.State()))
	cases := []struct {
		name  string
		spoil func(b *BattleInProgress)
	}{
		{"no round", func(b *BattleInProgress) { b.Invasion = nil }},
		{"an attacker not in the game", func(b *BattleInProgress) { b.Invasion.Attacker = "p9"; b.Attacker.Player = "p9" }},
		{"sides that do not match the round", func(b *BattleInProgress) { b.Defenders[0].Player = "p3" }},
		{"no ships", func(b *BattleInProgress) { b.Invasion.Ships = 0 }},
		{"dice of a player not in it", func(b *BattleInProgress) { b.Dice[0].Player = "p3" }},
		{"both sides in, yet not fought", func(b *BattleInProgress) {
			b.Dice = append(b.Dice, SideDice{Player: "p2", Dice: []RolledDice{{Faces: []int{1, 1}}}})
		}},
		{"a space battle's sides in an invasion", func(b *BattleInProgress) { b.Kind = BattleSpace }},
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
