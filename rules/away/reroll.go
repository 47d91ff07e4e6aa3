package away

import (
	"tableops/rules/dice"
	"tableops/rules/rulerr"
)

// The two sides of a discard-to-re-roll sequence.
const (
	// ActiveSide is the player whose Activation it is (the attacker or the
	// tester as a rule); it decides first.
	ActiveSide = 0
	// OtherSide is the opposing player (the defender or challenger).
	OtherSide = 1
)

// ErrNotYourTurn: a side acted out of turn, or after the rolls were final.
var ErrNotYourTurn = rulerr.New("rules.away.not_this_side_turn_to_re", "not this side's turn to re-roll")

// Reroll is the "Discard to Re-roll" sequence of one Attack, Defense or
// Skill roll ("Combat", Discard to Re-roll). Starting with the player whose
// Activation it is, the players take turns either discarding a card to
// re-roll any or all of their dice or passing; once both have passed in
// succession the rolls are final. A roll with one side (an unopposed Skill
// test) is final once that side passes. Each re-rolled die takes its new
// face even if worse; the pools are kept sorted highest to lowest. The
// value is plain data and each step returns a new value.
type Reroll struct {
	// Pools are the dice of each side (Pools[OtherSide] empty when
	// one-sided).
	Pools [2]dice.Pool `json:"pools"`
	// Sides is 1 (only the active side rolled) or 2.
	Sides int `json:"sides"`
	// Turn is the side that must decide next.
	Turn int `json:"turn"`
	// Passes counts passes in succession.
	Passes int `json:"passes"`
	// Discards counts the cards each side discarded.
	Discards [2]int `json:"discards"`
	// Final: no more re-rolls.
	Final bool `json:"final"`
}

// NewReroll starts the sequence for the active side's pool and, if the roll
// is opposed, the other side's pool (nil or empty for one-sided rolls).
func NewReroll(active, other dice.Pool) (Reroll, error) {
	if err := active.Validate(MaxDice); err != nil {
		return Reroll{}, rulerr.Errorf("rules.away.active_side_dice", "active side's dice: %w", err)
	}
	if err := other.Validate(MaxDice); err != nil {
		return Reroll{}, rulerr.Errorf("rules.away.other_side_dice", "other side's dice: %w", err)
	}
	r := Reroll{Pools: [2]dice.Pool{active.Sorted(), other.Sorted()}, Sides: 1}
	if len(other) > 0 {
		r.Sides = 2
	}
	return r, nil
}

func (r Reroll) check(side int) error {
	if r.Final {
		return rulerr.Errorf("rules.away.side_rolls_are_final", "side %d: the rolls are final: %w", side, ErrNotYourTurn)
	}
	if side != r.Turn {
		return rulerr.Errorf("rules.away.side_acted_side_decides", "side %d acted, side %d decides: %w", side, r.Turn, ErrNotYourTurn)
	}
	return nil
}

func (r Reroll) next() Reroll {
	if r.Passes >= r.Sides {
		r.Final = true
		return r
	}
	if r.Sides == 2 {
		r.Turn = 1 - r.Turn
	}
	return r
}

// Pass records that side passes; the rolls become final when every side
// has passed in succession.
func (r Reroll) Pass(side int) (Reroll, error) {
	if err := r.check(side); err != nil {
		return r, err
	}
	r.Passes++
	return r.next(), nil
}

// Discard records that side discards a card and re-rolls the dice at the
// given indexes (0-based, into the side's sorted pool), replacing them with
// the faces entered from a physical re-roll, in the same order.
func (r Reroll) Discard(side int, indexes []int, faces dice.Pool) (Reroll, error) {
	if err := r.check(side); err != nil {
		return r, err
	}
	if len(indexes) == 0 {
		return r, rulerr.New("rules.away.re_roll_needs_at_least_one", "a re-roll needs at least one die")
	}
	p, err := dice.Replace(r.Pools[side], indexes, faces)
	if err != nil {
		return r, rulerr.Errorf("rules.away.side_re_roll", "side %d re-roll: %w", side, err)
	}
	return r.discarded(side, p), nil
}

// DiscardVirtual is Discard with the new faces rolled virtually from seed.
func (r Reroll) DiscardVirtual(side int, indexes []int, seed uint64) (Reroll, error) {
	if err := r.check(side); err != nil {
		return r, err
	}
	if len(indexes) == 0 {
		return r, rulerr.New("rules.away.re_roll_needs_at_least_one", "a re-roll needs at least one die")
	}
	p, err := dice.Reroll(r.Pools[side], indexes, seed)
	if err != nil {
		return r, rulerr.Errorf("rules.away.side_re_roll", "side %d re-roll: %w", side, err)
	}
	return r.discarded(side, p), nil
}

func (r Reroll) discarded(side int, p dice.Pool) Reroll {
	r.Pools[side] = p.Sorted()
	r.Discards[side]++
	r.Passes = 0
	return r.next()
}
