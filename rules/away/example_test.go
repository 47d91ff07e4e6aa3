package away_test

import (
	"fmt"

	"tableops/rules/away"
	"tableops/rules/dice"
)

// The rulebook's Attack Action Example: Lukara's Bat'leth against Riker.
func ExampleResolveAttack() {
	s := away.AttackSetup{Attack: 3, WeaponDice: 1, WeaponDamage: 1, Melee: true, Defense: 3}
	r, err := away.ResolveAttack(s, dice.Pool{6, 4, 2, 2}, dice.Pool{5, 4, 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range r.Explain() {
		fmt.Println(line)
	}
	// Output:
	// pair 1: attack 6 vs defense 5: attack die is higher, 1 damage
	// pair 2: attack 4 vs defense 4: canceled (defense equal or higher)
	// pair 3: attack 2 vs defense 1: attack die is higher, 1 damage
	// pair 4: attack 2 uncontested: below 4, canceled
	// 2 attack dice got through, weapon adds +1
	// result: 3 damage
}

// Applying Damage from the owner's chosen tracks until a Neutralize.
func ExampleApplyDamage() {
	c := away.Character{Name: "Shelby", Tracks: away.Tracks{
		Attack: away.NewTrack(1, 2), Defense: away.NewTrack(1, 2), Skill: away.NewTrack(1, 2), Move: away.NewTrack(1, 2)}}
	c, rep, _ := away.ApplyDamage(c, 3, []away.Rating{away.Move, away.Defense, away.Skill})
	fmt.Println(rep.Reduced, away.Reducible(c))
	c, rep, _ = away.ApplyDamage(c, 2, []away.Rating{away.Attack})
	fmt.Println(rep.Reduced, rep.Neutralized, c.Neutralized)
	// Output:
	// [move defense skill] [attack]
	// [attack] true true
}
