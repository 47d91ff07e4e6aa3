package odds

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/ascendancy"
)

// allFaces calls f with every sequence of n die faces (6^n of them), each
// with probability 6^-n.
func allFaces(n int, f func(faces []int, p float64)) {
	p := 1.0
	for i := 0; i < n; i++ {
		p /= 6
	}
	faces := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(append([]int(nil), faces...), p)
			return
		}
		for v := 1; v <= 6; v++ {
			faces[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}

func TestBattleHits(t *testing.T) {
	d := BattleHits(2, 4)
	assert.InDelta(t, 0.25, d.P(2), 1e-12)
	assert.InDelta(t, 0.5, d.P(1), 1e-12)
	assert.InDelta(t, 1, d.Total(), 1e-12)
	assert.InDelta(t, 1, BattleHits(3, 7).P(0), 1e-12, "target above 6 never hits")
}

// The exact round odds agree with resolving every possible roll.
func TestSpaceBattleRoundMatchesEnumeration(t *testing.T) {
	cases := []struct {
		name     string
		att, def ascendancy.Side
	}{
		{"plain", ascendancy.Side{Ships: 3, Weapons: 4}, ascendancy.Side{Ships: 2, Weapons: 5, Shields: 1, Starbase: true}},
		{"attacker first strike", ascendancy.Side{Ships: 3, Weapons: 4, FirstStrike: true}, ascendancy.Side{Ships: 2, Weapons: 3}},
		{"defender first strike", ascendancy.Side{Ships: 2, Weapons: 4}, ascendancy.Side{Ships: 3, Weapons: 5, FirstStrike: true}},
		{"both first strike", ascendancy.Side{Ships: 2, Weapons: 4, FirstStrike: true}, ascendancy.Side{Ships: 2, Weapons: 5, FirstStrike: true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SpaceBattleRound(1, tc.att, tc.def)
			require.NoError(t, err)
			var attLoss, defLoss Dist
			both := 0.0
			add := func(af, df []int, p float64) {
				r, err := ascendancy.ResolveSpaceRound(ascendancy.SpaceRound{Round: 1, Attacker: tc.att, Defenders: []ascendancy.Side{tc.def},
					AttackerFaces: [][]int{af}, DefenderFaces: [][]int{df}})
				require.NoError(t, err)
				attLoss.Add(r.AttackerLosses, p)
				defLoss.Add(r.Defenders[0].Losses, p)
				if r.AttackerShipsLeft == 0 && r.Defenders[0].ShipsLeft == 0 {
					both += p
				}
			}
			switch {
			case ascendancy.StrikesFirst(1, tc.att, tc.def):
				allFaces(tc.att.Dice(), func(af []int, pa float64) {
					hits := ascendancy.CountHits(af, got.AttackerTarget)
					allFaces(ascendancy.DiceDue(tc.def, hits), func(df []int, pd float64) { add(af, df, pa*pd) })
				})
			case ascendancy.StrikesFirst(1, tc.def, tc.att):
				allFaces(tc.def.Dice(), func(df []int, pd float64) {
					hits := ascendancy.CountHits(df, got.DefenderTarget)
					allFaces(ascendancy.DiceDue(tc.att, hits), func(af []int, pa float64) { add(af, df, pa*pd) })
				})
			default:
				allFaces(tc.att.Dice(), func(af []int, pa float64) {
					allFaces(tc.def.Dice(), func(df []int, pd float64) { add(af, df, pa*pd) })
				})
			}
			for k := range got.AttackerLosses {
				assert.InDelta(t, attLoss.P(k), got.AttackerLosses.P(k), 1e-12, "attacker loses %d", k)
			}
			for k := range got.DefenderLosses {
				assert.InDelta(t, defLoss.P(k), got.DefenderLosses.P(k), 1e-12, "defender loses %d", k)
			}
			assert.InDelta(t, both, got.BothWiped, 1e-12)
			assert.InDelta(t, 1, got.AttackerHits.Total(), 1e-12)
		})
	}
}

func TestSpaceBattleRoundStalemate(t *testing.T) {
	got, err := SpaceBattleRound(2, ascendancy.Side{Ships: 2, Weapons: 5, Shields: 2}, ascendancy.Side{Ships: 2, Weapons: 6, Shields: 3})
	require.NoError(t, err)
	assert.True(t, got.Stalemate)
	assert.InDelta(t, 1, got.DefenderLosses.P(0), 1e-12)
	_, err = SpaceBattleRound(0, ascendancy.Side{Ships: 1, Weapons: 5}, ascendancy.Side{Ships: 1, Weapons: 5})
	assert.ErrorIs(t, err, ascendancy.ErrBadInput)
}

// The invasion odds agree with resolving every possible roll, with and
// without first strike; the rulebook's 4 Klingons against 3 nodes need 4
// hits to take the system intact.
func TestInvasionRoundMatchesEnumeration(t *testing.T) {
	base := ascendancy.Invasion{Round: 1, Attacker: ascendancy.Side{Ships: 4, Weapons: 4}, Nodes: 3, Controlled: true, DefenderWeapons: 5}
	fsAtt := base
	fsAtt.Attacker.FirstStrike = true
	fsDef := base
	fsDef.DefenderFirstStrike = true
	for name, in := range map[string]ascendancy.Invasion{"plain": base, "attacker first": fsAtt, "defender first": fsDef} {
		t.Run(name, func(t *testing.T) {
			got, err := InvasionRound(in)
			require.NoError(t, err)
			want := map[ascendancy.InvasionOutcome]float64{}
			var destroyed, losses Dist
			failed := 0.0
			add := func(af, df []int, p float64) {
				in2 := in
				in2.AttackerFaces, in2.DefenderFaces = af, df
				r, err := ascendancy.ResolveInvasion(in2)
				require.NoError(t, err)
				want[r.Outcome] += p
				destroyed.Add(r.NodesDestroyed, p)
				losses.Add(r.AttackerLosses, p)
				if r.Failed {
					failed += p
				}
			}
			def := ascendancy.Side{Ships: in.Nodes, Weapons: in.DefenderWeapons, FirstStrike: in.DefenderFirstStrike}
			switch {
			case ascendancy.StrikesFirst(1, def, in.Attacker):
				allFaces(in.Nodes, func(df []int, pd float64) {
					h := ascendancy.CountHits(df, got.DefenderTarget)
					allFaces(ascendancy.DiceDue(in.Attacker, h), func(af []int, pa float64) { add(af, df, pa*pd) })
				})
			case ascendancy.StrikesFirst(1, in.Attacker, def):
				allFaces(in.Attacker.Ships, func(af []int, pa float64) {
					h := ascendancy.CountHits(af, got.AttackerTarget)
					o, d := ascendancy.InvasionResultFor(h, in.Nodes)
					left := in.Nodes - d
					if o != ascendancy.Collateral {
						left = 0
					}
					allFaces(left, func(df []int, pd float64) { add(af, df, pa*pd) })
				})
			default:
				allFaces(in.Attacker.Ships, func(af []int, pa float64) {
					allFaces(in.Nodes, func(df []int, pd float64) { add(af, df, pa*pd) })
				})
			}
			assert.InDelta(t, want[ascendancy.Successful], got.Successful, 1e-12)
			assert.InDelta(t, want[ascendancy.Annihilation], got.Annihilation, 1e-12)
			assert.InDelta(t, want[ascendancy.Collateral], got.Collateral, 1e-12)
			assert.InDelta(t, destroyed.Expected(), got.ExpectedNodesDestroyed, 1e-12)
			assert.InDelta(t, failed, got.Failed, 1e-12)
			for k := range losses {
				assert.InDelta(t, losses.P(k), got.AttackerLosses.P(k), 1e-12)
			}
		})
	}
	got, err := InvasionRound(base)
	require.NoError(t, err)
	assert.InDelta(t, 0.5*0.5*0.5*0.5, got.Successful, 1e-12, "all four ships must hit on 4+")
}

func ascendancyFS(ships int) ascendancy.Side {
	return ascendancy.Side{Ships: max(ships, 10), Weapons: 4, Shields: 1, FirstStrike: ships > 0, Starbase: true}
}
