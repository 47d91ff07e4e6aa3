// Package odds computes exact probability distributions for the dice rolls of
// both games. Nothing here samples: pools are enumerated as multisets of faces
// with multinomial weights, so results are exact to floating point.
package odds

import (
	"math"
	"strconv"

	"tableops/rules/dice"
)

// Dist is an exact probability distribution over the whole numbers
// 0..len(d)-1: d[k] is the probability of outcome k.
type Dist []float64

// P returns the probability of outcome k (0 outside the range).
func (d Dist) P(k int) float64 {
	if k < 0 || k >= len(d) {
		return 0
	}
	return d[k]
}

// AtLeast returns the probability of an outcome of k or more.
func (d Dist) AtLeast(k int) float64 {
	if k <= 0 {
		return d.Total()
	}
	s := 0.0
	for i := k; i < len(d); i++ {
		s += d[i]
	}
	return s
}

// Total returns the sum of all probabilities (1 for a complete distribution).
func (d Dist) Total() float64 {
	s := 0.0
	for _, p := range d {
		s += p
	}
	return s
}

// Expected returns the mean outcome.
func (d Dist) Expected() float64 {
	s := 0.0
	for k, p := range d {
		s += float64(k) * p
	}
	return s
}

// Add adds probability p to outcome k, growing the distribution as needed.
func (d *Dist) Add(k int, p float64) {
	if k < 0 {
		return
	}
	for len(*d) <= k {
		*d = append(*d, 0)
	}
	(*d)[k] += p
}

// Map returns the distribution keyed by outcome as decimal strings, the form
// the headless commands print as JSON ({"0":p,"1":p,...}). Outcomes that
// cannot happen are left out.
func (d Dist) Map() map[string]float64 {
	m := make(map[string]float64, len(d))
	for k, p := range d {
		if p > 0 {
			m[strconv.Itoa(k)] = p
		}
	}
	return m
}

// WeightedPool is one distinct result of rolling n dice, sorted high to low,
// with the probability of rolling exactly that multiset of faces.
type WeightedPool struct {
	Pool dice.Pool
	Prob float64
}

// Pools enumerates every distinct multiset of faces n dice can show, each
// sorted high to low, with its multinomial probability n!/(c1!...c6!)/6^n.
// There are C(n+5,5) of them (462 for six dice), instead of 6^n sequences.
func Pools(n int) []WeightedPool {
	if n <= 0 {
		return []WeightedPool{{Pool: dice.Pool{}, Prob: 1}}
	}
	var out []WeightedPool
	logFact := make([]float64, n+1)
	for i := 2; i <= n; i++ {
		logFact[i] = logFact[i-1] + math.Log(float64(i))
	}
	logDenom := float64(n) * math.Log(dice.Sides)
	var counts [dice.Sides + 1]int
	var rec func(face, left int)
	rec = func(face, left int) {
		if face == 1 {
			counts[1] = left
			lw := logFact[n] - logDenom
			for f := 1; f <= dice.Sides; f++ {
				lw -= logFact[counts[f]]
			}
			p := make(dice.Pool, 0, n)
			for f := dice.Sides; f >= 1; f-- {
				for j := 0; j < counts[f]; j++ {
					p = append(p, f)
				}
			}
			out = append(out, WeightedPool{Pool: p, Prob: math.Exp(lw)})
			return
		}
		for c := left; c >= 0; c-- {
			counts[face] = c
			rec(face-1, left-c)
		}
		counts[face] = 0
	}
	rec(dice.Sides, n)
	return out
}

// Binomial returns the distribution of the number of successes among n dice
// that each succeed with probability p.
func Binomial(n int, p float64) Dist {
	if n < 0 {
		n = 0
	}
	d := make(Dist, n+1)
	d[0] = 1
	for i := 0; i < n; i++ {
		for k := i + 1; k >= 1; k-- {
			d[k] = d[k]*(1-p) + d[k-1]*p
		}
		d[0] *= 1 - p
	}
	return d
}

// FaceChance returns the chance that one die shows target or more (0 when
// target is above 6, 1 when it is 1 or less).
func FaceChance(target int) float64 {
	switch {
	case target > dice.Sides:
		return 0
	case target <= 1:
		return 1
	default:
		return float64(dice.Sides-target+1) / dice.Sides
	}
}
