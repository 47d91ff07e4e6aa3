package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
)

// bookTable is an action phase for the rules nobody had played yet (issue
// 28): Anna (p1) with Worf (c3: Attack 4, Defense 3; a Bat'leth, +1 die
// +1 damage, Melee and Defensive, and a Phaser Rifle of +2 dice) and Data
// (c4: Attack 3, Skill 4, Science x2; a Phaser of +1 die), against Ben,
// the Borg player (p2), with the Queen (c5: Hivemind, Attack 2; a Claw,
// Melee, and a Cutting Beam of +1 die), a Drone (c6: Attack 3, Defense 2,
// Skill 1; the Tubules, Melee) and Locutus (c7, Borg but no Drone).
func bookTable(t *testing.T) *Session {
	t.Helper()
	s := newTestSession(t, KindAway)
	tubules := awayrules.Weapon{Name: "Tubules", Damage: 1, Keywords: []string{"Melee", "Assimilate"}}
	play(t, s, AddAwayPlayer{Name: "Anna"}, AddAwayPlayer{Name: "Ben", Borg: true},
		AddCharacter{Player: "p1", Name: "Worf", Weapons: []awayrules.Weapon{
			{Name: "Bat'leth", Dice: 1, Damage: 1, Keywords: []string{"Melee", "Defensive"}}, {Name: "Phaser Rifle", Dice: 2}},
			Attack: []int{1, 2, 3, 4}, Defense: []int{1, 2, 3}, Skill: []int{1, 2}, Move: []int{1, 2}},
		AddCharacter{Player: "p1", Name: "Data", Specializations: []string{"Science x2"}, Weapons: []awayrules.Weapon{{Name: "Phaser", Dice: 1}},
			Attack: []int{1, 2, 3}, Defense: []int{1, 2}, Skill: []int{1, 2, 3, 4}, Move: []int{1, 2}},
		AddCharacter{Player: "p2", Name: "Queen", Keywords: []string{"Borg"}, Rules: []string{"Hivemind"}, Weapons: []awayrules.Weapon{
			{Name: "Claw", Keywords: []string{"Melee"}}, {Name: "Cutting Beam", Dice: 1}},
			Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2, 3}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Drone", Keywords: []string{"Borg", "Drone"}, Weapons: []awayrules.Weapon{tubules},
			Attack: []int{1, 2, 3}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Locutus", Keywords: []string{"Borg"}, Weapons: []awayrules.Weapon{tubules},
			Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2}, Move: []int{1, 2}},
		StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p2", "p1"}}, StartRound{},
		StartActionPhase{FirstActivation: &AwayOrder{Order: []string{"p2", "p1"}}})
	return s
}

// bookCase is a step after steps before, taken (rule nil) or refused by
// rule.
type bookCase struct {
	name   string
	before []Command
	cmd    Command
	rule   *Rule
}

func runBook(t *testing.T, start func(*testing.T) *Session, cases []bookCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t)
			play(t, s, tc.before...)
			if tc.rule == nil {
				play(t, s, tc.cmd)
				assertReplays(t, s)
				return
			}
			refusedBy(t, s, tc.cmd, *tc.rule)
		})
	}
}

// threes is n dice of 3 typed in (the count is what a case checks).
func threes(n int) Roll { return Entered(repeat(3, n)...) }

// TestHivemindAsTheBookSays: seed 001 "Hivemind": an Activated Hivemind
// character may take Actions other than Move with any friendly Borg Drone
// as if it were the Activated character; they are its Actions.
func TestHivemindAsTheBookSays(t *testing.T) {
	queen := []Command{Activate{Character: "c5"}}
	droneHits := ApplyAttack{Attacker: "c6", Weapon: "Tubules", Target: "c4", Attack: threes(3), Defense: threes(2)}
	cases := []bookCase{
		{"the Drone attacks for the Queen", queen, droneHits, nil},
		{"the Drone takes a skill test for the Queen", queen, SkillTest{Tester: "c6", Roll: threes(1)}, nil},
		{"the Drone does not move for the Queen", queen, TakeAction{Character: "c6", Kind: awayrules.ActionMove}, &ruleActivatedActs},
		{"Locutus is no Drone", queen, ApplyAttack{Attacker: "c7", Weapon: "Tubules", Target: "c4", Attack: threes(3), Defense: threes(2)}, &ruleActivatedActs},
		{"a Drone activated has no Hivemind", []Command{Activate{Character: "c6"}},
			ApplyAttack{Attacker: "c5", Weapon: "Claw", Target: "c4", Attack: threes(2), Defense: threes(2)}, &ruleActivatedActs},
		{"the Drone's Actions are the Queen's: two, then none", append(queen, droneHits, SkillTest{Tester: "c6", Roll: threes(1)}),
			SkillTest{Tester: "c6", Roll: threes(1)}, &ruleTwoActions},
	}
	runBook(t, bookTable, cases)

	s := bookTable(t)
	play(t, s, Activate{Character: "c5"}, droneHits)
	a := s.State().Away
	assert.Equal(t, 1, a.ActionsLeft(), "the Drone's attack was one of the Queen's two Actions")
	assert.False(t, charByName(t, a, "Drone").Activated, "the Drone keeps its own activation")
}

// TestDefensiveCardAndSixDice: seed 001 "Defensive" (+1 defense die
// against Melee only), card-added dice, and "No More Than Six Dice" in
// play: the right counts are taken, the wrong ones refused by the rule.
func TestDefensiveCardAndSixDice(t *testing.T) {
	queen := []Command{Activate{Character: "c5"}}
	// Ben activates first: Locutus, then Anna's character.
	data := []Command{Activate{Character: "c7"}, EndActivation{}, Activate{Character: "c4"}}
	worf := []Command{Activate{Character: "c7"}, EndActivation{}, Activate{Character: "c3"}}
	cases := []bookCase{
		{"a Melee Claw against Worf's Defensive Bat'leth: 3 + 1 defense dice", queen,
			ApplyAttack{Attacker: "c5", Weapon: "Claw", Target: "c3", Attack: threes(2), Defense: threes(4)}, nil},
		{"the Claw against 3 defense dice is refused", queen,
			ApplyAttack{Attacker: "c5", Weapon: "Claw", Target: "c3", Attack: threes(2), Defense: threes(3)}, &ruleAttackDice},
		{"a ranged Cutting Beam: no Defensive die", queen,
			ApplyAttack{Attacker: "c5", Weapon: "Cutting Beam", Target: "c3", Attack: threes(3), Defense: threes(3)}, nil},
		{"the Cutting Beam against 4 defense dice is refused", queen,
			ApplyAttack{Attacker: "c5", Weapon: "Cutting Beam", Target: "c3", Attack: threes(3), Defense: threes(4)}, &ruleAttackDice},
		{"an attack card's die", data,
			ApplyAttack{Attacker: "c4", Weapon: "Phaser", Target: "c6", CardDice: 1, Attack: threes(5), Defense: threes(2)}, nil},
		{"a defense card's die", data,
			ApplyAttack{Attacker: "c4", Weapon: "Phaser", Target: "c6", DefenseCardDice: 1, Attack: threes(4), Defense: threes(3)}, nil},
		{"a card's die left out is refused", data,
			ApplyAttack{Attacker: "c4", Weapon: "Phaser", Target: "c6", CardDice: 1, Attack: threes(4), Defense: threes(2)}, &ruleAttackDice},
		{"Worf: 4 + 2 + Backup = 7, rolls 6", worf,
			ApplyAttack{Attacker: "c3", Weapon: "Phaser Rifle", Target: "c6", Backup: true, BackupBy: "c4", Attack: threes(6), Defense: threes(2)}, nil},
		{"Data: Skill 4 + Science x2 + a card = 7, rolls 6", data,
			SkillTest{Tester: "c4", Specialization: "Science", CardDice: 1, Roll: threes(6)}, nil},
		{"Data: 5 dice of 6 is refused", data,
			SkillTest{Tester: "c4", Specialization: "Science", CardDice: 1, Roll: threes(5)}, &ruleSkillDice},
	}
	runBook(t, bookTable, cases)
	// Seven dice are no roll at all.
	s := bookTable(t)
	play(t, s, worf...)
	rejected(t, s, ApplyAttack{Attacker: "c3", Weapon: "Phaser Rifle", Target: "c6", Backup: true, BackupBy: "c4", Attack: threes(7), Defense: threes(2)}, CodeInvalid)
}

// threePlayers is a three-player game (seed 001 "Three and Four Player
// Games"): Anna with 3 characters, Ben with 2, Cleo with 1.
func threePlayers(t *testing.T) *Session {
	t.Helper()
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "Anna"}, AddAwayPlayer{Name: "Ben"}, AddAwayPlayer{Name: "Cleo"})
	for i, p := range []string{"p1", "p1", "p1", "p2", "p2", "p3"} {
		play(t, s, AddCharacter{Player: p, Name: "C" + string(rune('a'+i)), Weapons: []awayrules.Weapon{{Name: "Phaser"}},
			Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}})
	}
	play(t, s, StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p2", "p3"}}, StartRound{})
	return s
}

// TestThreePlayers: every other player takes as many Bonus Action tokens as
// the player with the most characters has more (3, 2, 1: none, 1, 2); the
// first activation goes by the rolls, tied players as a group before the
// lower roller, rolling again among themselves; hostile characters are
// every other player's.
func TestThreePlayers(t *testing.T) {
	s := threePlayers(t)
	evs, err := viaJSON(t, s, StartActionPhase{FirstActivation: &AwayOrder{Which: OrderActivation,
		Rolls: map[string][]int{"p1": {2}, "p2": {5, 3}, "p3": {5, 6}}}})
	require.NoError(t, err)
	a := s.State().Away
	assert.Equal(t, 0, a.Players[0].Tokens[TokenBonusActions])
	assert.Equal(t, 1, a.Players[1].Tokens[TokenBonusActions])
	assert.Equal(t, 2, a.Players[2].Tokens[TokenBonusActions])
	assert.Equal(t, []string{"p3", "p2", "p1"}, a.Orders.Activation, "Ben and Cleo tied on 5 go first, Cleo winning their roll-off")
	var labels []string
	for _, e := range evs {
		labels = append(labels, e.Label)
	}
	assert.Contains(t, labels, "Activation order: Cleo, Ben, Anna")
	// Cleo's single character (c9) may attack Ben's or Anna's: both are
	// hostile.
	play(t, s, Activate{Character: "c9"},
		ApplyAttack{Attacker: "c9", Weapon: "Phaser", Target: "c8", Attack: threes(1), Defense: threes(1)},
		ApplyAttack{Attacker: "c9", Weapon: "Phaser", Target: "c4", Attack: threes(1), Defense: threes(1)})
	assertReplays(t, s)
}

// fourPlayerTeams is a team game (seed 001 "Four-Player Team Games"):
// Anna and Alex (Red) against Ben and Bea (Blue), one character each
// (c5 to c8).
func fourPlayerTeams(t *testing.T) *Session {
	t.Helper()
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "Anna", Team: "Red"}, AddAwayPlayer{Name: "Alex", Team: "Red"},
		AddAwayPlayer{Name: "Ben", Team: "Blue"}, AddAwayPlayer{Name: "Bea", Team: "Blue"})
	for i, p := range []string{"p1", "p2", "p3", "p4"} {
		play(t, s, AddCharacter{Player: p, Name: "C" + string(rune('a'+i)), Weapons: []awayrules.Weapon{{Name: "Phaser"}},
			Attack: []int{1, 2}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}})
	}
	play(t, s, StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p3", "p2", "p4"}}, StartRound{},
		StartActionPhase{FirstActivation: &AwayOrder{Which: OrderActivation, Order: []string{"p1", "p3", "p2", "p4"}}})
	return s
}

// TestTeamGames: a teammate's characters are friendly (Backup from one,
// no attack on one), the other team's hostile; a draw between the teams
// names every player of both.
func TestTeamGames(t *testing.T) {
	cases := []bookCase{
		{"a teammate's character gives Backup", []Command{Activate{Character: "c5"}},
			ApplyAttack{Attacker: "c5", Weapon: "Phaser", Target: "c7", Backup: true, BackupBy: "c6", Attack: threes(3), Defense: threes(1)}, nil},
		{"the other team's character is hostile", []Command{Activate{Character: "c5"}},
			ApplyAttack{Attacker: "c5", Weapon: "Phaser", Target: "c8", Attack: threes(2), Defense: threes(1)}, nil},
	}
	runBook(t, fourPlayerTeams, cases)
	s := fourPlayerTeams(t)
	play(t, s, Activate{Character: "c5"})
	why := rejected(t, s, ApplyAttack{Attacker: "c5", Weapon: "Phaser", Target: "c6", Attack: threes(2), Defense: threes(1)}, CodeRules)
	assert.Contains(t, why, "same side")

	// Three rounds, then a draw: each team scores 5 points with one
	// mission card.
	s = fourPlayerTeams(t)
	for round := 1; round <= 3; round++ {
		a := s.State().Away
		for a.CurrentPlayer() != "" {
			p := a.CurrentPlayer()
			for _, ch := range a.Characters {
				if ch.Controller == p && !ch.Activated {
					play(t, s, Activate{Character: ch.ID}, EndActivation{})
					break
				}
			}
			a = s.State().Away
		}
		if round < 3 {
			play(t, s, StartRound{}, StartActionPhase{FirstActivation: &AwayOrder{Which: OrderActivation, Order: []string{"p1", "p3", "p2", "p4"}}})
		}
	}
	play(t, s, EndGame{}, ScoreMission{Player: "p1", Name: "Repair", Points: 5}, ScoreMission{Player: "p3", Name: "Assimilate", Points: 5})
	evs, err := viaJSON(t, s, FinishGame{})
	require.NoError(t, err)
	r := s.State().Away.Result
	require.NotNil(t, r)
	assert.True(t, r.Draw)
	assert.ElementsMatch(t, []string{"p1", "p2", "p3", "p4"}, r.Tied, "the draw is between both teams, every player of each")
	assert.Equal(t, "Game over: a draw between Anna, Alex, Ben and Bea", evs[len(evs)-1].Label)
	assertReplays(t, s)
}
