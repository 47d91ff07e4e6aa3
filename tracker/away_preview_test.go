package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
)

// droneDuel is a Federation vs Borg action phase: Anna (p1) with Data (c3:
// attack 3 with a Phaser of +1 die) against Ben, the Borg player (p2), with
// Three of Five (c4), a drone down to Attack 1, Defense 2, Skill 3 and Move
// 1 (issue 28), and Locutus (c5) with the Assimilation Tubules; the
// overlay is entered. Data is activated.
func droneDuel(t *testing.T) *Session {
	t.Helper()
	s := newTestSession(t, KindAway)
	tubules := awayrules.Weapon{Name: "Assimilation Tubules", Damage: 1, Keywords: []string{"Assimilate", "Melee"}}
	play(t, s, AddAwayPlayer{Name: "Anna", Affiliation: "Federation"}, AddAwayPlayer{Name: "Ben", Affiliation: "Borg", Borg: true},
		AddCharacter{Player: "p1", Name: "Data", Weapons: []awayrules.Weapon{{Name: "Phaser", Dice: 1}},
			Attack: []int{1, 2, 3}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1, 2}},
		AddCharacter{Player: "p2", Name: "Three of Five", Keywords: []string{"Borg", "Drone"}, Weapons: []awayrules.Weapon{tubules},
			Attack: []int{1}, Defense: []int{1, 2}, Skill: []int{1, 2, 3}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Locutus", Keywords: []string{"Borg"}, Rules: []string{"Hivemind"}, Weapons: []awayrules.Weapon{tubules},
			Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2}, Move: []int{1, 2}},
		SetOverlay{Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}, Weapons: []awayrules.Weapon{tubules}, Rules: []string{"Hivemind"}},
		StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p2"}}, StartRound{},
		StartActionPhase{FirstActivation: &AwayOrder{Order: []string{"p1", "p2"}}}, Activate{Character: "c3"})
	return s
}

// TestDamageDefaultsToALegalChoice: 4 damage to the drone. The choice the
// form used to start from (Defense, Skill, Defense, Skill) is refused, and
// the refusal names the peg and the track at fault first; the tracker's
// default (Defense, Skill, Skill: the fourth point Neutralizes) is taken,
// and the preview says the drone is Neutralized ("Combat", step 6).
func TestDamageDefaultsToALegalChoice(t *testing.T) {
	s := droneDuel(t)
	a := s.State().Away
	shot := func(tracks ...awayrules.Rating) ApplyAttack {
		// 4 attack dice against 2: two through, two uncontested 4s.
		return ApplyAttack{Attacker: "c3", Weapon: "Phaser", Target: "c4", Attack: Entered(6, 6, 4, 4), Defense: Entered(1, 1), Tracks: tracks}
	}
	why := rejected(t, s, shot(awayrules.Defense, awayrules.Skill, awayrules.Defense, awayrules.Skill), CodeRules)
	assert.Equal(t, "Three of Five, peg 3 (Defense): defense is at its lowest value. Choose another track.", why)

	def := a.DamageTracks("c4", 4)
	assert.Equal(t, []awayrules.Rating{awayrules.Defense, awayrules.Skill, awayrules.Skill}, def)
	res, err := awayrules.ResolveAttack(awayrules.AttackSetup{Attack: 3, WeaponDice: 1, Defense: 2}, []int{6, 6, 4, 4}, []int{1, 1})
	require.NoError(t, err)
	require.Equal(t, 4, res.Damage)
	assert.Equal(t, AttackOutcome{Neutralized: true}, a.AttackOutcome("c3", "Phaser", "c4", res))
	res3 := res
	res3.Damage = 3
	assert.Equal(t, AttackOutcome{}, a.AttackOutcome("c3", "Phaser", "c4", res3), "3 damage takes every peg but leaves it in play")

	play(t, s, shot(def...))
	assert.Equal(t, StatusNeutralized, s.State().Away.Characters[1].Status)
	assertReplays(t, s)
}

// TestAssimilationForeseen: the Borg player's Assimilation Tubules
// neutralizing a character assimilate it, and the preview says so before
// the attack is applied ("Special Rules", Assimilate); neutralizing the
// drone it became gives its card back to its owner.
func TestAssimilationForeseen(t *testing.T) {
	s := droneDuel(t)
	play(t, s, EndActivation{}, Activate{Character: "c5"})
	a := s.State().Away
	// Data has 5 pegs he may lose: a sixth Damage Neutralizes him.
	hit := awayrules.AttackResult{Damage: 6, Uncanceled: 5, WeaponDamage: 1}
	assert.Equal(t, AttackOutcome{Neutralized: true, Assimilated: true, By: "Ben"}, a.AttackOutcome("c5", "assimilation tubules", "c3", hit))
	assert.Equal(t, AttackOutcome{}, a.AttackOutcome("c5", "Assimilation Tubules", "c3", awayrules.AttackResult{Damage: 5}), "5 pegs to lose: still in play")
	// 3 dice through and the Tubules' +1: 4 Damage.
	play(t, s, ApplyAttack{Attacker: "c5", Weapon: "Assimilation Tubules", Target: "c3", Attack: Entered(6, 6, 6), Defense: Entered(1, 1),
		Tracks: a.DamageTracks("c3", 4)})
	a = s.State().Away
	require.Nil(t, a.Characters[0].Assimilated)
	require.Equal(t, []awayrules.Rating{awayrules.Attack}, awayrules.Reducible(a.Characters[0].Character))
	out := a.AttackOutcome("c5", "Assimilation Tubules", "c3", awayrules.AttackResult{Damage: 2, Uncanceled: 1, WeaponDamage: 1})
	assert.Equal(t, AttackOutcome{Neutralized: true, Assimilated: true, By: "Ben"}, out)
}
