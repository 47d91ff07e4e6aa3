package odds

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/away"
	"tableops/rules/dice"
)

// bruteAwayAttack resolves every one of the 6^(a+d) ordered rolls with the
// rules package's own resolver and tallies damage, stun and uncanceled dice.
func bruteAwayAttack(t *testing.T, s away.AttackSetup) (unc, dmg, stun Dist) {
	t.Helper()
	a, d := s.AttackDice().Kept, s.DefenseDice().Kept
	n := a + d
	total := int(math.Pow(6, float64(n)))
	faces := make([]int, n)
	var cu, cd, cs [16]int // counts, exact; divided once at the end
	for code := range total {
		c := code
		for i := range faces {
			faces[i] = c%6 + 1
			c /= 6
		}
		r, err := away.ResolveAttack(s, dice.Pool(faces[:a]), dice.Pool(faces[a:]))
		require.NoError(t, err)
		cu[r.Uncanceled]++
		cd[r.Damage]++
		cs[r.Stun]++
	}
	unc, dmg, stun = Dist{0}, Dist{0}, Dist{0}
	for k := range cu {
		unc.Add(k, float64(cu[k])/float64(total))
		dmg.Add(k, float64(cd[k])/float64(total))
		stun.Add(k, float64(cs[k])/float64(total))
	}
	return unc, dmg, stun
}

func assertDist(t *testing.T, want, got Dist, what string) {
	t.Helper()
	for k := range max(len(want), len(got)) {
		assert.InDelta(t, want.P(k), got.P(k), 1e-12, "%s: P(%d)", what, k)
	}
	assert.InDelta(t, 1, got.Total(), 1e-12, "%s sums to 1", what)
}

func TestAwayAttackMatchesBruteForce(t *testing.T) {
	setups := []away.AttackSetup{
		{Attack: 1, Defense: 1},
		{Attack: 2, Defense: 3, WeaponDamage: 1},
		{Attack: 3, WeaponDice: 1, Defense: 3, WeaponDamage: 1, Melee: true}, // Lukara vs Riker
		{Attack: 4, Defense: 2, WeaponDamage: 2},
		{Attack: 3, Defense: 1, Backup: true, TakeCover: true},
		{Attack: 2, WeaponDice: 1, Stun: true, Defense: 3},
		{Attack: 2, WeaponDice: 1, Stun: true, Defense: 3, TargetStun: 1},
		{Attack: 2, Stun: true, Defense: 2, TargetStun: 2},
		{Attack: 2, WeaponDice: 1, Stun: true, WeaponDamage: 1, BorgTarget: true, Defense: 2},
		{Attack: 1, Defense: 4, Defensive: true, Melee: true, DefenseBackup: true},
		{Attack: 5, Defense: 0},
		{Attack: 0, Defense: 3},
	}
	for _, s := range setups {
		got, err := AwayAttack(s)
		require.NoError(t, err)
		unc, dmg, stun := bruteAwayAttack(t, s)
		assertDist(t, unc, got.Uncanceled, "uncanceled")
		assertDist(t, dmg, got.Damage, "damage")
		assertDist(t, stun, got.Stun, "stun")
	}
}

func TestAwaySkillMatchesBruteForce(t *testing.T) {
	for tn := 0; tn <= 4; tn++ {
		for cn := 0; cn <= 7-tn && cn <= 4; cn++ {
			got, err := AwaySkill(away.SkillSetup{Skill: tn}, away.SkillSetup{Skill: cn}, 2)
			require.NoError(t, err)
			n := tn + cn
			total := int(math.Pow(6, float64(n)))
			var counts [8]int
			passed := 0
			faces := make([]int, n)
			for code := range total {
				c := code
				for i := range faces {
					faces[i] = c%6 + 1
					c /= 6
				}
				r, err := away.ResolveSkill(dice.Pool(faces[:tn]), dice.Pool(faces[tn:]), 2)
				require.NoError(t, err)
				counts[r.Successes]++
				if r.Passed {
					passed++
				}
			}
			want := Dist{0}
			for k, c := range counts {
				want.Add(k, float64(c)/float64(total))
			}
			pass := float64(passed) / float64(total)
			assertDist(t, want, got.Successes, "successes")
			assert.InDelta(t, pass, got.Pass, 1e-12)
			assert.Equal(t, cn > 0, got.Opposed)
		}
	}
}

func TestAwayAttackModifiersAndCap(t *testing.T) {
	o, err := AwayAttack(away.AttackSetup{Attack: 5, WeaponDice: 2, Backup: true, Defense: 6, TakeCover: true, WeaponDamage: 1})
	require.NoError(t, err)
	assert.Equal(t, away.DiceCount{Wanted: 8, Kept: 6, Dropped: 2}, o.AttackDice)
	assert.Equal(t, away.DiceCount{Wanted: 7, Kept: 6, Dropped: 1}, o.DefenseDice)
	assert.InDelta(t, 1, o.Damage.Total(), 1e-12)
	assert.Equal(t, 0.0, o.Damage.P(1), "one die through always brings the +1")
	assert.Len(t, o.Uncanceled, 7)

	// Stun weapons: all the probability of a hit becomes one stun token.
	st, err := AwayAttack(away.AttackSetup{Attack: 3, Defense: 2, Stun: true})
	require.NoError(t, err)
	assert.InDelta(t, 1, st.Damage.P(0), 1e-12)
	assert.InDelta(t, 1-st.Uncanceled.P(0), st.Stun.P(1), 1e-12)

	_, err = AwayAttack(away.AttackSetup{Attack: -1})
	assert.Error(t, err)
}

func TestAwaySkillUnopposed(t *testing.T) {
	// Riker: Skill 2 + Command: three dice, each succeeds half the time.
	o, err := AwaySkill(away.SkillSetup{Skill: 2, Specialization: 1}, away.SkillSetup{}, 0)
	require.NoError(t, err)
	assert.False(t, o.Opposed)
	assert.Equal(t, 1, o.Need)
	assert.InDelta(t, 7.0/8, o.Pass, 1e-12)
	assert.InDelta(t, 1.5, o.Successes.Expected(), 1e-12)
	_, err = AwaySkill(away.SkillSetup{Skill: -1}, away.SkillSetup{}, 1)
	assert.Error(t, err)
	_, err = AwaySkill(away.SkillSetup{}, away.SkillSetup{Specialization: -1}, 1)
	assert.Error(t, err)
}

func TestAwayUncanceledEdges(t *testing.T) {
	assert.Equal(t, Dist{1}, AwayUncanceled(0, 6))
	assert.Equal(t, Dist{1}, AwayUncanceled(-3, 2))
	one := AwayUncanceled(1, 1)
	assert.InDelta(t, 15.0/36, one.P(1), 1e-12, "a die beats another in 15 of 36 rolls")
	assert.Len(t, AwayUncanceled(9, 9), 7, "capped at six dice")
}

func BenchmarkAwayAttack6v6(b *testing.B) {
	s := away.AttackSetup{Attack: 4, WeaponDice: 1, Backup: true, WeaponDamage: 1, Defense: 5, TakeCover: true}
	for b.Loop() {
		if _, err := AwayAttack(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAwaySkill6v6(b *testing.B) {
	t := away.SkillSetup{Skill: 4, Specialization: 2}
	c := away.SkillSetup{Skill: 5, Backup: true}
	for b.Loop() {
		if _, err := AwaySkill(t, c, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// TestAwayUncanceledMatchesRulesCompare checks the face-by-face sum on
// every pool size, including those brute force cannot reach (6^12 rolls),
// against the rules package's own pairwise Compare over every pair of
// multisets from Pools with their multinomial weights.
func TestAwayUncanceledMatchesRulesCompare(t *testing.T) {
	var cases [][2]int
	for a := 1; a <= 6; a++ {
		for d := 1; d <= 6; d++ {
			cases = append(cases, [2]int{a, d})
		}
	}
	for _, c := range cases {
		want := Dist{0}
		for _, ap := range Pools(c[0]) {
			for _, dp := range Pools(c[1]) {
				_, k := away.Compare(ap.Pool, dp.Pool)
				want.Add(k, ap.Prob*dp.Prob)
			}
		}
		got := AwayUncanceled(c[0], c[1])
		for k := range want {
			assert.InDelta(t, want[k], got.P(k), 1e-12, "%dv%d P(%d)", c[0], c[1], k)
		}
		assert.InDelta(t, 1, got.Total(), 1e-12)
	}
}
