package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
)

// A fresh game with one character per player, ready for the action phase.
// Tracks are test data.
func awayPair(t *testing.T) *Session {
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "A"}, AddAwayPlayer{Name: "B", Borg: true},
		AddCharacter{Player: "p1", Name: "X", Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Y", Keywords: []string{"Borg"}, Attack: []int{1, 2}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p2"}}, StartRound{}, StartActionPhase{})
	return s
}

func TestAdjustTrackFollowsTheDamageRule(t *testing.T) {
	tests := []struct {
		name   string
		cmds   []Command
		last   Command
		code   string // "" when the last command applies
		status string
		pegs   map[awayrules.Rating]int
	}{
		{name: "full track takes no more pegs", last: AdjustTrack{Character: "c3", Track: awayrules.Attack, Delta: 1}, code: CodeRules},
		{name: "one peg off", last: AdjustTrack{Character: "c3", Track: awayrules.Attack, Delta: -1},
			status: StatusInPlay, pegs: map[awayrules.Rating]int{awayrules.Attack: 1, awayrules.Defense: 2}},
		{name: "lowest value while another track can lose a peg", last: AdjustTrack{Character: "c3", Track: awayrules.Skill, Delta: -1}, code: CodeRules},
		{name: "nothing left to lose: neutralized",
			cmds: []Command{AdjustTrack{Character: "c3", Track: awayrules.Attack, Delta: -1}, AdjustTrack{Character: "c3", Track: awayrules.Defense, Delta: -1}},
			last: AdjustTrack{Character: "c3", Track: awayrules.Move, Delta: -1}, status: StatusNeutralized},
		{name: "peg back after damage",
			cmds: []Command{AdjustTrack{Character: "c3", Track: awayrules.Defense, Delta: -1}},
			last: AdjustTrack{Character: "c3", Track: awayrules.Defense, Delta: 1}, status: StatusInPlay,
			pegs: map[awayrules.Rating]int{awayrules.Defense: 2}},
		{name: "stun twice incapacitates", cmds: []Command{AdjustStun{Character: "c3", Delta: 1}},
			last: AdjustStun{Character: "c3", Delta: 1}, status: StatusInPlay},
		{name: "no third stun", cmds: []Command{AdjustStun{Character: "c3", Delta: 2}},
			last: AdjustStun{Character: "c3", Delta: 1}, code: CodeRules},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := awayPair(t)
			play(t, s, tt.cmds...)
			if tt.code != "" {
				rejected(t, s, tt.last, tt.code)
				return
			}
			play(t, s, tt.last)
			ch := charByName(t, s.State().Away, "X")
			assert.Equal(t, tt.status, ch.Status)
			for r, n := range tt.pegs {
				assert.Equal(t, n, ch.Tracks.At(r).Pegs, r.String())
			}
			assertReplays(t, s)
		})
	}
}

func TestStunWeaponAndAssimilationNeedsOverlay(t *testing.T) {
	s := awayPair(t)
	// Y has no stun weapon on file: an explicit setup stuns X.
	setup := awayrules.AttackSetup{Attack: 2, Stun: true, Defense: 2}
	evs, err := viaJSON(t, s, ApplyAttack{Target: "c3", Setup: &setup, Attack: Entered(6, 5), Defense: Entered(1, 1)})
	require.NoError(t, err)
	assert.Equal(t, "X: +1 stun (1)", evs[1].Label)
	// An assimilation weapon needs the overlay entered first.
	play(t, s, AdjustTrack{Character: "c3", Track: awayrules.Attack, Delta: -1},
		AdjustTrack{Character: "c3", Track: awayrules.Defense, Delta: -1})
	tubes := awayrules.Weapon{Name: "Tubules", Keywords: []string{"Assimilate"}}
	s2 := newTestSession(t, KindAway)
	play(t, s2, AddAwayPlayer{Name: "A"}, AddAwayPlayer{Name: "B", Borg: true},
		AddCharacter{Player: "p1", Name: "X", Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Y", Weapons: []awayrules.Weapon{tubes}, Attack: []int{1, 2}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p2"}}, StartRound{}, StartActionPhase{})
	attack := ApplyAttack{Attacker: "c4", Weapon: "Tubules", Target: "c3", Attack: Entered(6, 6), Defense: Entered(1)}
	rejected(t, s2, attack, CodeNotNow)
	play(t, s2, SetOverlay{Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}}, attack)
	x := charByName(t, s2.State().Away, "X")
	require.NotNil(t, x.Assimilated)
	assert.Equal(t, "p2", x.Controller)
	assert.True(t, x.HasKeyword("Drone"))
	assertReplays(t, s2)
}

func TestSkillTestGoesToTheLog(t *testing.T) {
	s := awayPair(t)
	evs, err := viaJSON(t, s, SkillTest{Tester: "c3", Specialization: "Engineering", Need: 1, Roll: Entered(5)})
	require.NoError(t, err)
	assert.Equal(t, "X takes Engineering test: 5, 1 of 1: passed", evs[0].Label)
	evs, err = viaJSON(t, s, SkillTest{Tester: "c3", Roll: Entered(5), Challenger: "c4", ChallengerRoll: Entered(6)})
	require.NoError(t, err)
	assert.Equal(t, "X takes a Skill test: 5 against Y's 6, 0 of 1: failed", evs[0].Label)
	evs, err = viaJSON(t, s, SkillTest{Tester: "c3", Roll: Entered(6, 4), CardDice: 1, ChallengerRoll: Entered(5)})
	require.NoError(t, err)
	assert.Equal(t, "X takes a Skill test: 6,4 against the challenge's 5, 2 of 1: passed", evs[0].Label,
		"a card's challenge: opposed without a character")
	tested := evs[0].Payload.(SkillTested)
	assert.True(t, tested.Result.Opposed)
	_, err = viaJSON(t, s, SkillTest{Tester: "c3", Roll: VirtualRoll(1)})
	require.NoError(t, err)
	rejected(t, s, SkillTest{Tester: "c3", Roll: Entered(1, 2, 3, 4, 5, 6, 1)}, CodeInvalid)
	assertReplays(t, s)
}
