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

func TestAttackDiceCounts(t *testing.T) {
	tests := []struct {
		name    string
		s       AttackSetup
		attack  DiceCount
		defense DiceCount
	}{
		{"plain", AttackSetup{Attack: 2, Defense: 3}, DiceCount{2, 2, 0}, DiceCount{3, 3, 0}},
		{"weapon, backup and card", AttackSetup{Attack: 2, WeaponDice: 1, Backup: true, CardDice: 1, Defense: 1}, DiceCount{5, 5, 0}, DiceCount{1, 1, 0}},
		{"cap drops attack dice", AttackSetup{Attack: 4, WeaponDice: 2, Backup: true, CardDice: 1}, DiceCount{8, 6, 2}, DiceCount{0, 0, 0}},
		{"take cover and backup", AttackSetup{Attack: 1, Defense: 2, TakeCover: true, DefenseBackup: true}, DiceCount{1, 1, 0}, DiceCount{4, 4, 0}},
		{"defensive does not count against ranged", AttackSetup{Attack: 1, Defense: 2, Defensive: true}, DiceCount{1, 1, 0}, DiceCount{2, 2, 0}},
		{"defensive counts against melee", AttackSetup{Attack: 1, Defense: 2, Defensive: true, Melee: true}, DiceCount{1, 1, 0}, DiceCount{3, 3, 0}},
		{"one stun token", AttackSetup{Attack: 1, Defense: 3, TargetStun: 1}, DiceCount{1, 1, 0}, DiceCount{2, 2, 0}},
		{"stun below zero", AttackSetup{Attack: 1, Defense: 1, TargetStun: 2}, DiceCount{1, 1, 0}, DiceCount{0, 0, 0}},
		{"everything on defense", AttackSetup{Defense: 4, DefenseBackup: true, TakeCover: true, Defensive: true, Melee: true, DefenseCardDice: 1, TargetStun: 1}, DiceCount{0, 0, 0}, DiceCount{7, 6, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.attack, tt.s.AttackDice())
			assert.Equal(t, tt.defense, tt.s.DefenseDice())
		})
	}
}

func TestResolveAttackEffects(t *testing.T) {
	tests := []struct {
		name          string
		s             AttackSetup
		attack        dice.Pool
		defense       dice.Pool
		uncanceled    int
		weaponDamage  int
		damage        int
		stun          int
		incapacitated bool
	}{
		{"all canceled: no weapon damage", AttackSetup{WeaponDamage: 2}, dice.Pool{5, 3}, dice.Pool{6, 3}, 0, 0, 0, 0, false},
		{"one through adds weapon damage", AttackSetup{WeaponDamage: 2}, dice.Pool{5, 3}, dice.Pool{4, 3}, 1, 2, 3, 0, false},
		{"uncontested 4+ only", AttackSetup{}, dice.Pool{6, 4, 3, 1}, nil, 2, 0, 2, 0, false},
		{"surplus defense ignored", AttackSetup{}, dice.Pool{2}, dice.Pool{1, 6, 6}, 0, 0, 0, 0, false},
		{"surplus lower defense ignored", AttackSetup{}, dice.Pool{6}, dice.Pool{5, 5, 5}, 1, 0, 1, 0, false},
		{"stun instead of damage", AttackSetup{Stun: true, WeaponDamage: 1}, dice.Pool{6, 6}, dice.Pool{1}, 2, 0, 0, 1, false},
		{"second stun incapacitates", AttackSetup{Stun: true, TargetStun: 1}, dice.Pool{6}, nil, 1, 0, 0, 1, true},
		{"no third stun token, no damage", AttackSetup{Stun: true, TargetStun: 2}, dice.Pool{6}, nil, 1, 0, 0, 0, true},
		{"stun misses: nothing", AttackSetup{Stun: true}, dice.Pool{3}, dice.Pool{3}, 0, 0, 0, 0, false},
		{"borg ignore stun, +0", AttackSetup{Stun: true, BorgTarget: true, WeaponDamage: 1}, dice.Pool{6, 5}, dice.Pool{2}, 2, 0, 2, 0, false},
		{"borg target, normal weapon", AttackSetup{BorgTarget: true, WeaponDamage: 1}, dice.Pool{6}, dice.Pool{2}, 1, 1, 2, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ResolveAttack(tt.s, tt.attack, tt.defense)
			require.NoError(t, err)
			assert.Equal(t, tt.uncanceled, r.Uncanceled, "uncanceled")
			assert.Equal(t, tt.weaponDamage, r.WeaponDamage, "weapon damage")
			assert.Equal(t, tt.damage, r.Damage, "damage")
			assert.Equal(t, tt.stun, r.Stun, "stun")
			assert.Equal(t, tt.incapacitated, r.Incapacitated, "incapacitated")
			assert.NotEmpty(t, r.Explain())
		})
	}
}

func TestResolveAttackRejectsBadInput(t *testing.T) {
	_, err := ResolveAttack(AttackSetup{}, dice.Pool{0}, nil)
	assert.ErrorIs(t, err, dice.ErrBadFace)
	_, err = ResolveAttack(AttackSetup{}, nil, dice.Pool{1, 2, 3, 4, 5, 6, 1})
	assert.ErrorIs(t, err, dice.ErrTooManyDice)
	_, err = ResolveAttack(AttackSetup{WeaponDamage: -1}, nil, nil)
	assert.Error(t, err)
	_, err = ResolveAttack(AttackSetup{TargetStun: 3}, nil, nil)
	assert.Error(t, err)
}

func TestSetupAttackFromCharacters(t *testing.T) {
	riker := Character{Name: "Riker", Tracks: Tracks{Attack: NewTrack(1, 2), Defense: NewTrack(1, 2, 3)},
		Weapons: []Weapon{{Name: "Type 2 Phaser", Dice: 1, Keywords: []string{"Stun"}}}}
	drone := Character{Name: "Two of Five", Keywords: []string{"Borg", "Drone"}, Stun: 1,
		Tracks:  Tracks{Attack: NewTrack(1), Defense: NewTrack(1, 2)},
		Weapons: []Weapon{{Name: "Assimilation Tubules", Damage: 1, Keywords: []string{"Assimilate", "Melee"}}}}
	s := SetupAttack(riker, riker.Weapons[0], drone, true, false)
	assert.Equal(t, AttackSetup{Attack: 2, WeaponDice: 1, Backup: true, Stun: true, Defense: 2, TargetStun: 1, BorgTarget: true}, s)
	assert.Equal(t, 4, s.AttackDice().Kept)
	assert.Equal(t, 1, s.DefenseDice().Kept)
	assert.True(t, drone.Weapons[0].Assimilate())
}

// FuzzResolveAttack checks invariants for any pair of pools: the damage is
// the uncanceled dice plus the weapon's, at most six dice get through, and
// the rows cover both pools.
func FuzzResolveAttack(f *testing.F) {
	f.Add([]byte{6, 4, 2, 2}, []byte{5, 4, 1}, uint8(1), false)
	f.Add([]byte{}, []byte{6}, uint8(0), true)
	f.Fuzz(func(t *testing.T, a, d []byte, dmg uint8, stun bool) {
		toPool := func(b []byte) dice.Pool {
			p := dice.Pool{}
			for i, x := range b {
				if i == MaxDice {
					break
				}
				p = append(p, int(x%6)+1)
			}
			return p
		}
		ap, dp := toPool(a), toPool(d)
		s := AttackSetup{WeaponDamage: int(dmg % 4), Stun: stun}
		r, err := ResolveAttack(s, ap, dp)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Pairs) != max(len(ap), len(dp)) || r.Uncanceled > len(ap) {
			t.Fatalf("bad rows %v", r)
		}
		if !stun && r.Uncanceled > 0 && r.Damage != r.Uncanceled+s.WeaponDamage {
			t.Fatalf("damage %d for %d through +%d", r.Damage, r.Uncanceled, s.WeaponDamage)
		}
		if r.Uncanceled == 0 && (r.Damage != 0 || r.Stun != 0) {
			t.Fatalf("effect without a hit: %v", r)
		}
	})
}
