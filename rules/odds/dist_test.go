package odds

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"tableops/rules/dice"
)

func TestPoolsCountAndSum(t *testing.T) {
	for n, want := range map[int]int{0: 1, 1: 6, 2: 21, 6: 462, 9: 2002} {
		ps := Pools(n)
		assert.Len(t, ps, want, "multisets of %d dice", n)
		total := 0.0
		for _, wp := range ps {
			assert.Len(t, wp.Pool, n)
			assert.Equal(t, wp.Pool.Sorted(), wp.Pool)
			total += wp.Prob
		}
		assert.InDelta(t, 1, total, 1e-12)
	}
}

// TestPoolsMatchBruteForce checks multinomial weights against all 6^3 rolls.
func TestPoolsMatchBruteForce(t *testing.T) {
	brute := map[string]float64{}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				brute[dice.Pool{a, b, c}.Sorted().String()] += 1.0 / 216
			}
		}
	}
	for _, wp := range Pools(3) {
		assert.InDelta(t, brute[wp.Pool.String()], wp.Prob, 1e-12, wp.Pool.String())
	}
}

func TestBinomialAndDist(t *testing.T) {
	d := Binomial(2, 0.5)
	assert.InDeltaSlice(t, []float64{0.25, 0.5, 0.25}, []float64(d), 1e-12)
	assert.InDelta(t, 1.0, d.Expected(), 1e-12)
	assert.InDelta(t, 0.75, d.AtLeast(1), 1e-12)
	assert.InDelta(t, 1.0, d.AtLeast(0), 1e-12)
	assert.Equal(t, 0.0, d.P(5))
	assert.Equal(t, map[string]float64{"0": 0.25, "1": 0.5, "2": 0.25}, d.Map())

	var e Dist
	e.Add(3, 0.5)
	e.Add(0, 0.5)
	assert.InDelta(t, 1.5, e.Expected(), 1e-12)
	assert.NotContains(t, e.Map(), "1")
}

func TestFaceChance(t *testing.T) {
	assert.InDelta(t, 0.5, FaceChance(4), 1e-12)
	assert.Equal(t, 0.0, FaceChance(7))
	assert.Equal(t, 1.0, FaceChance(1))
	assert.InDelta(t, 1.0/6, FaceChance(6), 1e-12)
}
