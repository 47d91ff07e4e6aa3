// Package dice handles pools of six-sided dice for both games: parsing faces
// typed in from a physical roll, rolling virtually from an explicit seed,
// sorting, re-rolling chosen dice and capping pool sizes.
//
// The package has no global random source and no clock: every virtual roll is
// a pure function of its seed, so a game log that records the seed can replay
// the roll exactly.
package dice

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"tableops/rules/rulerr"
)

// Sides is the number of faces on every die both games use.
const Sides = 6

// AwayMissionsCap is the most dice a single Away Missions roll may use
// (Away Missions rulebook, "Combat": no roll uses more than six dice).
const AwayMissionsCap = 6

// MaxPool is the most dice any one pool may hold, whatever limit the
// caller asks for: more than either game ever rolls at once (the largest
// Ascendancy battle the odds tables cover is 300 dice), small enough that
// outside input cannot make a pool eat memory.
const MaxPool = 300

// MaxInput is the longest text Parse reads: MaxPool dice written with a
// separator and a space each, with room to spare.
const MaxInput = 4 * MaxPool

// quoteLen is how much of a refused input an error message quotes.
const quoteLen = 24

// Pool is a set of rolled d6 faces, each 1 to 6.
type Pool []int

// Errors returned by Parse, wrapped with details. Use errors.Is to test them.
var (
	// ErrBadFace reports a face outside 1-6.
	ErrBadFace = rulerr.New("rules.dice.not_die_face_faces_are_1", "not a die face (faces are 1 to 6)")
	// ErrTooManyDice reports more dice than the roll may use.
	ErrTooManyDice = rulerr.New("rules.dice.too_many_dice", "too many dice")
	// ErrBadCharacter reports input that is neither a digit nor a separator.
	ErrBadCharacter = rulerr.New("rules.dice.not_die_face", "not a die face")
	// ErrBadIndex reports a re-roll of a die that is not in the pool.
	ErrBadIndex = rulerr.New("rules.dice.no_such_die_in_pool", "no such die in the pool")
)

// Parse reads dice faces as a player types them: "6,4,2,2", "6 4 2 2",
// "6422" or any mix of those (commas, semicolons, slashes and white space
// separate dice; a run of digits is one die per digit). An empty input is an
// empty pool. max limits the number of dice (0 or less means MaxPool; a
// larger max is MaxPool too), and input longer than MaxInput bytes is
// refused before it is read. Any other character, a face outside 1-6 or too
// many dice is an error that names the problem; it quotes at most the first
// few characters of the input.
func Parse(s string, max int) (Pool, error) {
	if max <= 0 || max > MaxPool {
		max = MaxPool
	}
	if len(s) > MaxInput {
		return nil, rulerr.Errorf("rules.dice.dice_characters_at_most_allowed", "dice %s: %d characters, at most %d allowed: %w", quote(s), len(s), MaxInput, ErrTooManyDice)
	}
	var p Pool
	n := 0 // dice entered; p stops growing at max
	for i, r := range s {
		switch {
		case r >= '1' && r <= '6':
			n++
			if n <= max {
				p = append(p, int(r-'0'))
			}
		case r == '0' || (r >= '7' && r <= '9'):
			return nil, rulerr.Errorf("rules.dice.dice_at_position", "dice %s: %c at position %d: %w", quote(s), r, i+1, ErrBadFace)
		case r == ',' || r == ';' || r == '/' || r == '+' || r == ' ' || r == '\t' || r == '\n' || r == '\r':
			// separator
		case r == '-':
			return nil, rulerr.Errorf("rules.dice.dice_negative_faces_do_not_exist", "dice %s: negative faces do not exist: %w", quote(s), ErrBadFace)
		default:
			return nil, rulerr.Errorf("rules.dice.dice_at_position_2", "dice %s: %q at position %d: %w", quote(s), r, i+1, ErrBadCharacter)
		}
	}
	if n > max {
		return nil, rulerr.Errorf("rules.dice.dice_dice_entered_at_most_allowed", "dice %s: %d dice entered, at most %d allowed: %w", quote(s), n, max, ErrTooManyDice)
	}
	return p, nil
}

// quote quotes s for an error message, cut to its first quoteLen
// characters (with "..." after the quote when it was cut).
func quote(s string) string {
	n := 0
	for i := range s {
		if n == quoteLen {
			return fmt.Sprintf("%q...", s[:i])
		}
		n++
	}
	return fmt.Sprintf("%q", s)
}

// Validate checks that every face is 1 to 6 and that there are at most max
// dice (MaxPool when max is 0 or less, or larger than MaxPool).
func (p Pool) Validate(max int) error {
	if max <= 0 || max > MaxPool {
		max = MaxPool
	}
	if len(p) > max {
		return rulerr.Errorf("rules.dice.dice_at_most_allowed", "%d dice, at most %d allowed: %w", len(p), max, ErrTooManyDice)
	}
	for i, f := range p {
		if f < 1 || f > Sides {
			return rulerr.Errorf("rules.dice.die_shows", "die %d shows %d: %w", i+1, f, ErrBadFace)
		}
	}
	return nil
}

// String formats the pool as faces separated by commas, e.g. "6,4,2,2".
func (p Pool) String() string {
	parts := make([]string, len(p))
	for i, f := range p {
		parts[i] = fmt.Sprint(f)
	}
	return strings.Join(parts, ",")
}

// Sorted returns a copy of the pool sorted from highest to lowest face.
func (p Pool) Sorted() Pool {
	out := slices.Clone(p)
	slices.SortFunc(out, func(a, b int) int { return b - a })
	return out
}

// CountAtLeast returns how many dice show target or more.
func (p Pool) CountAtLeast(target int) int {
	n := 0
	for _, f := range p {
		if f >= target {
			n++
		}
	}
	return n
}

// Count returns how many dice show exactly face.
func (p Pool) Count(face int) int {
	n := 0
	for _, f := range p {
		if f == face {
			n++
		}
	}
	return n
}

// Cap limits a number of dice to max and reports how many were dropped
// (Away Missions "Combat": dice beyond six are lost). A negative count is
// treated as zero dice.
func Cap(n, max int) (kept, dropped int) {
	if n < 0 {
		n = 0
	}
	if max > 0 && n > max {
		return max, n - max
	}
	return n, 0
}

// Roll rolls n dice virtually from seed. The same seed and n always give the
// same faces, in the order they were rolled.
func Roll(n int, seed uint64) Pool {
	if n <= 0 {
		return Pool{}
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	p := make(Pool, n)
	for i := range p {
		p[i] = 1 + r.IntN(Sides)
	}
	return p
}

// Reroll returns a copy of p in which the dice at the given indexes (0-based)
// are rolled again from seed. The new face replaces the old one even when it
// is worse (Away Missions "Discard to Re-roll"). Each index may appear once.
func Reroll(p Pool, indexes []int, seed uint64) (Pool, error) {
	seen := make(map[int]bool, len(indexes))
	for _, i := range indexes {
		if i < 0 || i >= len(p) {
			return nil, rulerr.Errorf("rules.dice.re_roll_die_of", "re-roll die %d of %d: %w", i+1, len(p), ErrBadIndex)
		}
		if seen[i] {
			return nil, rulerr.Errorf("rules.dice.re_roll_die_twice", "re-roll die %d twice: %w", i+1, ErrBadIndex)
		}
		seen[i] = true
	}
	fresh := Roll(len(indexes), seed)
	out := slices.Clone(p)
	for k, i := range indexes {
		out[i] = fresh[k]
	}
	return out, nil
}

// Replace returns a copy of p with the dice at the given indexes replaced by
// faces a player rolled physically and typed in, in the same order.
func Replace(p Pool, indexes []int, faces Pool) (Pool, error) {
	if len(indexes) != len(faces) {
		return nil, rulerr.Errorf("rules.dice.re_rolled_dice_but_entered_faces", "re-rolled %d dice but entered %d faces", len(indexes), len(faces))
	}
	if err := faces.Validate(0); err != nil {
		return nil, err
	}
	seen := make(map[int]bool, len(indexes))
	out := slices.Clone(p)
	for k, i := range indexes {
		if i < 0 || i >= len(p) || seen[i] {
			return nil, rulerr.Errorf("rules.dice.re_roll_die_of", "re-roll die %d of %d: %w", i+1, len(p), ErrBadIndex)
		}
		seen[i] = true
		out[i] = faces[k]
	}
	return out, nil
}
