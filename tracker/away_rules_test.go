package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
)

// awayDuel starts an action phase: Anna (p1) with Worf (c3: attack 2,
// defense 2, skill 1, a Phaser of +1 die) and Data (c4), against the Borg
// player Ben (p2) with the Queen (c5, Hivemind) and a Drone (c6).
func awayDuel(t *testing.T) *Session {
	t.Helper()
	s := newTestSession(t, KindAway)
	phaser := []awayrules.Weapon{{Name: "Phaser", Dice: 1}}
	claw := []awayrules.Weapon{{Name: "Claw", Dice: 0}}
	play(t, s, AddAwayPlayer{Name: "Anna"}, AddAwayPlayer{Name: "Ben", Borg: true},
		AddCharacter{Player: "p1", Name: "Worf", Weapons: phaser, Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1}},
		AddCharacter{Player: "p1", Name: "Data", Weapons: phaser, Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Queen", Keywords: []string{"Borg"}, Rules: []string{"Hivemind"}, Weapons: claw,
			Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Drone", Keywords: []string{"Borg", "Drone"}, Weapons: claw,
			Attack: []int{1, 2}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p2"}}, StartRound{},
		StartActionPhase{FirstActivation: &AwayOrder{Order: []string{"p1", "p2"}}})
	return s
}

// ruleCase is a step (cmd) that breaks rule after the steps before.
type ruleCase struct {
	name   string
	before []Command
	cmd    Command
	rule   Rule
}

// refusedAfter runs each case on a fresh game from start: the step is
// refused by its rule, recorded as a table ruling, and the game replays.
func refusedAfter(t *testing.T, start func(*testing.T) *Session, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t)
			play(t, s, tc.before...)
			refusedBy(t, s, tc.cmd, tc.rule)
			overruled(t, s, tc.cmd, "the table agreed", tc.rule)
			assertReplays(t, s)
		})
	}
}

// TestAwayMissionsRulesRefused: each Away Missions rule, broken by a
// scripted game, is refused with the rule's words and recorded when
// overruled.
func TestAwayMissionsRulesRefused(t *testing.T) {
	// Worf's Phaser: 2 + 1 = 3 attack dice; the Drone defends with 1.
	worfShoots := func(atk, def int) ApplyAttack {
		return ApplyAttack{Attacker: "c3", Weapon: "Phaser", Target: "c6", Attack: Entered(repeat(1, atk)...), Defense: Entered(repeat(1, def)...)}
	}
	cases := []ruleCase{
		{"a stunned character may only Recover", []Command{AdjustStun{Character: "c3", Delta: 1}, Activate{Character: "c3"}},
			worfShoots(3, 1), ruleStunned},
		{"a stunned character takes no skill test", []Command{AdjustStun{Character: "c4", Delta: 1}, Activate{Character: "c4"}},
			SkillTest{Tester: "c4", Roll: Entered(5, 5)}, ruleStunned},
		{"Incapacitated: no attack", []Command{AdjustStun{Character: "c3", Delta: 2}, Activate{Character: "c3"}},
			worfShoots(3, 1), ruleIncapacitated},
		{"Incapacitated: no backup", []Command{AdjustStun{Character: "c4", Delta: 2}, Activate{Character: "c3"}},
			ApplyAttack{Attacker: "c3", Weapon: "Phaser", Target: "c6", Backup: true, BackupBy: "c4", Attack: Entered(1, 1, 1, 1), Defense: Entered(1)},
			ruleIncapacitated},
		{"only the activated character acts", []Command{Activate{Character: "c3"}},
			ApplyAttack{Attacker: "c4", Weapon: "Phaser", Target: "c6", Attack: Entered(1, 1, 1), Defense: Entered(1)}, ruleActivatedActs},
		{"attack dice come from the ratings", []Command{Activate{Character: "c3"}}, worfShoots(5, 1), ruleAttackDice},
		{"defense dice come from the ratings", []Command{Activate{Character: "c3"}}, worfShoots(3, 3), ruleAttackDice},
		{"skill dice come from the ratings", []Command{Activate{Character: "c4"}}, SkillTest{Tester: "c4", Roll: Entered(5, 5, 5)}, ruleSkillDice},
		{"Hivemind acts only through Borg Drones", []Command{Activate{Character: "c3"}, EndActivation{}, Activate{Character: "c5"}},
			ApplyAttack{Attacker: "c4", Weapon: "Phaser", Target: "c6", Attack: Entered(1, 1, 1), Defense: Entered(1)}, ruleActivatedActs},
	}
	refusedAfter(t, awayDuel, cases)
}

// TestHivemindActsThroughDrones: the activated Hivemind character may take
// Actions with a friendly Borg Drone; right dice pass.
func TestHivemindActsThroughDrones(t *testing.T) {
	s := awayDuel(t)
	play(t, s, Activate{Character: "c3"},
		ApplyAttack{Attacker: "c3", Weapon: "Phaser", Target: "c6", Attack: Entered(1, 1, 1), Defense: Entered(1)},
		EndActivation{}, Activate{Character: "c5"},
		// The Drone attacks for the Queen: attack 2 + claw 0; Worf defends with 2.
		ApplyAttack{Attacker: "c6", Weapon: "Claw", Target: "c3", Attack: Entered(1, 1), Defense: Entered(1, 1)})
	assertReplays(t, s)
}

// TestTeamsAlternate: wrong result 6. In a team game the teams roll off,
// then alternate; A, A, B, B is refused.
func TestTeamsAlternate(t *testing.T) {
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "Anna", Team: "Red"}, AddAwayPlayer{Name: "Alex", Team: "Red"},
		AddAwayPlayer{Name: "Ben", Team: "Blue"}, AddAwayPlayer{Name: "Bea", Team: "Blue"})
	for i, p := range []string{"p1", "p2", "p3", "p4"} {
		play(t, s, AddCharacter{Player: p, Name: "C" + string(rune('a'+i)), Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}})
	}
	play(t, s, StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p3", "p2", "p4"}}, StartRound{}, StartActionPhase{})
	bad := AwayOrder{Which: OrderActivation, Order: []string{"p1", "p2", "p3", "p4"}}
	refusedBy(t, s, bad, ruleTeamsAlternate)
	// A roll-off: Alex (Red) wins, then the teams alternate.
	evs, err := viaJSON(t, s, AwayOrder{Which: OrderActivation, Rolls: map[string][]int{"p1": {3}, "p2": {6}, "p3": {5}, "p4": {4}}})
	require.NoError(t, err)
	assert.Equal(t, "Activation order: Alex, Ben, Anna, Bea", evs[0].Label)
	assert.Equal(t, []string{"p2", "p3", "p1", "p4"}, s.State().Away.Orders.Activation)
	assertReplays(t, s)
}

// TestEscalationArrivalsAlternate: Escalation characters arriving together
// are placed alternately, one each, starting with the roll-off winner.
func TestEscalationArrivalsAlternate(t *testing.T) {
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "Anna"}, AddAwayPlayer{Name: "Ben"})
	for _, c := range []struct{ p, name string }{{"p1", "A1"}, {"p1", "A2"}, {"p2", "B1"}} {
		play(t, s, AddCharacter{Player: c.p, Name: c.name, Escalation: 2, Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}})
	}
	play(t, s, AddCharacter{Player: "p1", Name: "Base", Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Base2", Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p2"}}, StartRound{}, StartActionPhase{}, Activate{Character: "c6"}, Activate{Character: "c7"}, StartRound{})
	rejected(t, s, StartActionPhase{EscalationOrder: []string{"p2"}}, CodeInvalid)
	evs, err := viaJSON(t, s, StartActionPhase{EscalationOrder: []string{"p2", "p1"}})
	require.NoError(t, err)
	var arrived []string
	for _, e := range evs {
		if e.Type == "away.arrived" {
			arrived = append(arrived, e.Label)
		}
	}
	assert.Equal(t, []string{"Ben: B1 arrives (Escalation 2)", "Anna: A1 arrives (Escalation 2)", "Anna: A2 arrives (Escalation 2)"}, arrived)
}
