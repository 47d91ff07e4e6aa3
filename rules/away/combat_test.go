package away

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/dice"
)

// Rulebook "Attack Action Example": Lukara (Attack 3) with her Bat'leth
// (+1 die, +1 damage, Melee) rolls 6,4,2,2; Riker (Defense 3) rolls 5,4,1.
// 6>5 hits, 4=4 canceled, 2>1 hits, the uncontested 2 misses: two damage,
// plus one from the Bat'leth = three.
func TestRulebookLukaraAttacksRiker(t *testing.T) {
	lukara := Character{Name: "Lukara", Tracks: Tracks{Attack: NewTrack(1, 2, 3)}}
	batleth := Weapon{Name: "Bat'leth", Dice: 1, Damage: 1, Keywords: []string{"Melee"}}
	riker := Character{Name: "Riker", Tracks: Tracks{Defense: NewTrack(1, 2, 3)}}
	s := SetupAttack(lukara, batleth, riker, false, false)
	assert.Equal(t, 4, s.AttackDice().Kept)
	assert.Equal(t, 3, s.DefenseDice().Kept)

	r, err := ResolveAttack(s, dice.Pool{6, 4, 2, 2}, dice.Pool{5, 4, 1})
	require.NoError(t, err)
	assert.Equal(t, []Pair{
		{Attack: 6, Defense: 5, Outcome: PairThrough},
		{Attack: 4, Defense: 4, Outcome: PairCanceled},
		{Attack: 2, Defense: 1, Outcome: PairThrough},
		{Attack: 2, Outcome: PairUncontestedMiss},
	}, r.Pairs)
	assert.Equal(t, 2, r.Uncanceled)
	assert.Equal(t, 1, r.WeaponDamage)
	assert.Equal(t, 3, r.Damage)
	assert.Equal(t, 0, r.Stun)

	// The example's note: with a Take Cover token Riker rolls four dice,
	// and with Worf in his space as well, five.
	riker.TakeCover = true
	assert.Equal(t, 4, SetupAttack(lukara, batleth, riker, false, false).DefenseDice().Kept)
	assert.Equal(t, 5, SetupAttack(lukara, batleth, riker, false, true).DefenseDice().Kept)
}

func TestCharacterJSONRoundTrip(t *testing.T) {
	c := Character{Name: "Riker", Specializations: []string{"Command", "Diplomacy", "Security"},
		Weapons: []Weapon{{Name: "Type 2 Phaser", Dice: 1, Keywords: []string{"Stun"}}},
		Tracks:  Tracks{Attack: NewTrack(1, 2), Defense: NewTrack(1, 2, 3), Skill: NewTrack(1, 2), Move: NewTrack(1, 2)}, Stun: 1}
	b, err := json.Marshal(c)
	require.NoError(t, err)
	var back Character
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, c, back)
}
