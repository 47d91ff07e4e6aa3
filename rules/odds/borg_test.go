package odds

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/borg"
	"tableops/rules/dice"
)

// simulateCube fights battles with virtual dice through borg.ResolveCubeRound
// and counts the ends: an independent check of the Markov chain.
func simulateCube(t *testing.T, s CubeBattleSetup, trials int) (destroyed, wiped, retreat, lost float64) {
	t.Helper()
	seed := uint64(1)
	for i := 0; i < trials; i++ {
		cube, ships := s.Cube, s.Ships
		for {
			fleet := borg.Fleet{Ships: ships, Weapons: s.Weapons, HitsOnSix: s.HitsOnSix, BonusDice: s.BonusDice}
			pf := dice.Roll(fleet.Dice(), seed)
			seed++
			target, ok := borg.PlayerTarget(s.Weapons, cube.Shields, s.HitsOnSix)
			hits := 0
			if ok {
				hits = dice.Pool(pf).CountAtLeast(target)
			}
			first := cube.Round == 0 && !s.NoFirstStrike
			bf := dice.Roll(borg.BorgDiceDue(cube, first, hits), seed)
			seed++
			r, err := borg.ResolveCubeRound(borg.CubeRound{Cube: cube, Fleets: []borg.Fleet{fleet}, PlayerFaces: [][]int{pf}, BorgFaces: bf, BorgHit: s.BorgHit, NoFirstStrike: s.NoFirstStrike})
			require.NoError(t, err)
			ships = max(0, ships-r.BorgHits)
			cube = r.Cube
			if r.CubeDestroyed {
				destroyed++
				break
			}
			if ships == 0 {
				wiped++
				break
			}
			if r.Fleets[0].ForcedRetreat {
				retreat++
				break
			}
		}
		lost += float64(s.Ships - ships)
	}
	n := float64(trials)
	return destroyed / n, wiped / n, retreat / n, lost / n
}

func TestCubeBattleAgreesWithSimulation(t *testing.T) {
	cases := []CubeBattleSetup{
		{Ships: 6, Weapons: 4, BorgHit: 4},                                                   // the rulebook's Federation fleet
		{Ships: 10, Weapons: 3, BorgHit: 5, BonusDice: 1},                                    // a fleet with a starbase
		{Ships: 4, Weapons: 2, BorgHit: 3},                                                   // never forced out: fights to the end
		{Ships: 5, Weapons: 5, HitsOnSix: true, BorgHit: 4},                                  // Klingons hit on 6s forever
		{Ships: 3, Weapons: 4, BorgHit: 4, Cube: borg.Cube{Damage: 3, Shields: 1, Round: 1}}, // mid-battle
	}
	for _, s := range cases {
		got, err := CubeBattle(s)
		require.NoError(t, err)
		assert.InDelta(t, 1, got.CubeDestroyed+got.PlayersWiped+got.ForcedRetreat, 1e-9, "%+v", s)
		assert.InDelta(t, 1, got.ShipsLeft.Total(), 1e-9)
		d, w, r, lost := simulateCube(t, s, 20000)
		assert.InDelta(t, d, got.CubeDestroyed, 0.015, "destroyed %+v", s)
		assert.InDelta(t, w, got.PlayersWiped, 0.015, "wiped %+v", s)
		assert.InDelta(t, r, got.ForcedRetreat, 0.015, "retreat %+v", s)
		assert.InDelta(t, lost, got.ExpectedShipsLost, 0.05*float64(s.Ships), "lost %+v", s)
	}
}

func TestCubeBattleEdges(t *testing.T) {
	// 5+ weapons: shields 0 then 1 (6+), then 2 makes 7+: two rounds at most.
	got, err := CubeBattle(CubeBattleSetup{Ships: 1, Weapons: 5, BorgHit: 4})
	require.NoError(t, err)
	assert.LessOrEqual(t, got.ExpectedRounds, 2.0)
	assert.Zero(t, got.CubeDestroyed, "one ship cannot do 9 damage in two rounds")

	// Nine ships hitting on 1+ destroy a fresh cube by first strike.
	got, err = CubeBattle(CubeBattleSetup{Ships: 9, Weapons: 1, BorgHit: 4})
	require.NoError(t, err)
	assert.InDelta(t, 1, got.CubeDestroyed, 1e-12)
	assert.Zero(t, got.ExpectedShipsLost)

	got, err = CubeBattle(CubeBattleSetup{Ships: 3, Weapons: 4, BorgHit: 4, Cube: borg.Cube{Shields: 3, Round: 3}})
	require.NoError(t, err)
	assert.InDelta(t, 1, got.ForcedRetreat, 1e-12, "already at 7+")

	_, err = CubeBattle(CubeBattleSetup{Ships: 3, Weapons: 4, BorgHit: 7})
	assert.ErrorIs(t, err, borg.ErrBadInput)
	_, err = CubeBattle(CubeBattleSetup{Ships: 3, Weapons: 4, BorgHit: 4, Cube: borg.Cube{Damage: 10}})
	assert.ErrorIs(t, err, borg.ErrBadInput)
}

func TestCubeRoundMatchesEnumeration(t *testing.T) {
	for _, s := range []CubeBattleSetup{
		{Ships: 3, Weapons: 4, BorgHit: 4, Cube: borg.Cube{Damage: 5}},
		{Ships: 2, Weapons: 3, BorgHit: 5, Cube: borg.Cube{Damage: 6, Shields: 1, Round: 1}},
	} {
		got, err := CubeRound(s)
		require.NoError(t, err)
		var borgHits, dmg Dist
		destroyed := 0.0
		first := s.Cube.Round == 0
		allFaces(s.Ships, func(pf []int, pp float64) {
			target, _ := borg.PlayerTarget(s.Weapons, s.Cube.Shields, false)
			hits := dice.Pool(pf).CountAtLeast(target)
			allFaces(borg.BorgDiceDue(s.Cube, first, hits), func(bf []int, pb float64) {
				r, err := borg.ResolveCubeRound(borg.CubeRound{Cube: s.Cube, Fleets: []borg.Fleet{{Ships: s.Ships, Weapons: s.Weapons}},
					PlayerFaces: [][]int{pf}, BorgFaces: bf, BorgHit: s.BorgHit})
				require.NoError(t, err)
				borgHits.Add(r.BorgHits, pp*pb)
				dmg.Add(r.Cube.Damage, pp*pb)
				if r.CubeDestroyed {
					destroyed += pp * pb
				}
			})
		})
		assert.InDelta(t, destroyed, got.CubeDestroyed, 1e-12)
		for k := range dmg {
			assert.InDelta(t, dmg.P(k), got.DamageAfter.P(k), 1e-12)
		}
		for k := range borgHits {
			assert.InDelta(t, borgHits.P(k), got.BorgHits.P(k), 1e-12)
		}
	}
}

// BenchmarkCubeBattle20Ships is the speed goal: a 20-ship fight against a
// fresh cube, solved exactly, in under 50 ms.
func BenchmarkCubeBattle20Ships(b *testing.B) {
	s := CubeBattleSetup{Ships: 20, Weapons: 3, BorgHit: 4, BonusDice: 1}
	for b.Loop() {
		if _, err := CubeBattle(s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCubeBattle20ShipsHitsOnSix is the slowest shape: a fleet that is
// never forced out, so every shield level and damage is reachable.
func BenchmarkCubeBattle20ShipsHitsOnSix(b *testing.B) {
	s := CubeBattleSetup{Ships: 20, Weapons: 2, HitsOnSix: true, BorgHit: 3}
	for b.Loop() {
		if _, err := CubeBattle(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSpaceBattleRound(b *testing.B) {
	for b.Loop() {
		if _, err := SpaceBattleRound(1, ascendancyFS(12), ascendancyFS(0)); err != nil {
			b.Fatal(err)
		}
	}
}
