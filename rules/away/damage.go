package away

import (
	"errors"
	"fmt"
)

// Errors of the damage, recovery and stun rules. Use errors.Is.
var (
	// ErrCannotReduce: the chosen rating may not lose a peg now.
	ErrCannotReduce = errors.New("rating cannot be reduced")
	// ErrChooseTrack: more Damage must be applied than tracks were chosen.
	ErrChooseTrack = errors.New("choose a rating for every point of damage")
	// ErrNeutralized: the character is already Neutralized.
	ErrNeutralized = errors.New("character is Neutralized")
	// ErrTrackFull: the chosen track has no empty hole to recover.
	ErrTrackFull = errors.New("track has every peg")
)

// CanReduce reports whether rating r of c may lose a Health peg now, and if
// not, why. The owner may not reduce a rating below 1 unless it is already
// 0, and a rating at its lowest value (one peg left) cannot be reduced
// ("Combat", step 6, Neutralized).
func CanReduce(c Character, r Rating) (bool, string) {
	t := c.Tracks.At(r)
	if t.Pegs <= 1 || len(t.Values) == 0 {
		return false, fmt.Sprintf("%s is at its lowest value", r)
	}
	cur := t.Rating()
	next := t.Values[min(t.Pegs, len(t.Values))-2]
	if next < 1 && cur != 0 {
		return false, fmt.Sprintf("%s may not go below 1", r)
	}
	return true, ""
}

// Reducible lists the ratings of c that may lose a peg now, in card order.
func Reducible(c Character) []Rating {
	var out []Rating
	for _, r := range Ratings {
		if ok, _ := CanReduce(c, r); ok {
			out = append(out, r)
		}
	}
	return out
}

// DamageReport says what ApplyDamage did.
type DamageReport struct {
	// Reduced lists the rating that lost a peg for each Damage applied.
	Reduced []Rating `json:"reduced"`
	// Neutralized: a Damage had to be applied when no rating could lose a
	// peg, so the character was Neutralized.
	Neutralized bool `json:"neutralized"`
	// Unapplied is the Damage left over when the character was Neutralized.
	Unapplied int `json:"unapplied"`
}

// ApplyDamage applies n Damage to c, one Health peg per Damage, taking each
// from the rating the owner chose in order ("Combat", step 6, Take Damage).
// A choice that breaks the rules (a rating at its lowest value, or one that
// would fall below 1) is refused with ErrCannotReduce and c is returned
// unchanged. When a Damage must be applied and no rating may lose a peg,
// the character is Neutralized and the rest of the Damage is moot; choices
// are then not needed. Missing choices while some rating can still be
// reduced give ErrChooseTrack. Equipment, Traits and tokens on a
// Neutralized character are the tracker's to discard; an Assimilated
// character goes back to its owner (see Neutralize).
func ApplyDamage(c Character, n int, choices []Rating) (Character, DamageReport, error) {
	var rep DamageReport
	if n < 0 {
		return c, rep, fmt.Errorf("damage %d is negative", n)
	}
	if c.Neutralized {
		if n == 0 {
			return c, rep, nil
		}
		return c, rep, fmt.Errorf("apply %d damage to %s: %w", n, c.Name, ErrNeutralized)
	}
	out := c.Clone()
	for i := range n {
		if len(Reducible(out)) == 0 {
			rep.Neutralized = true
			rep.Unapplied = n - i
			return Neutralize(out), rep, nil
		}
		if i >= len(choices) {
			return c, DamageReport{}, fmt.Errorf("damage %d of %d to %s: %w", i+1, n, c.Name, ErrChooseTrack)
		}
		r := choices[i]
		if r < Attack || r > Move {
			return c, DamageReport{}, fmt.Errorf("damage %d of %d: rating %d: %w", i+1, n, int(r), ErrCannotReduce)
		}
		if ok, why := CanReduce(out, r); !ok {
			return c, DamageReport{}, fmt.Errorf("damage %d of %d to %s: %s: %w", i+1, n, c.Name, why, ErrCannotReduce)
		}
		out.Tracks.Get(r).Pegs--
		rep.Reduced = append(rep.Reduced, r)
	}
	return out, rep, nil
}

// Neutralize marks c Neutralized and clears its tokens ("Combat", step 6,
// Neutralized). An Assimilated character loses its Borg Assimilation Overlay
// and its card goes back to its owner with its own printed ratings
// ("Special Rules", Assimilate); it stays Neutralized.
func Neutralize(c Character) Character {
	out := c.Clone()
	if a := out.Assimilated; a != nil {
		out.Owner = a.Owner
		out.Tracks = a.Tracks
		out.Weapons = a.Weapons
		out.Rules = a.Rules
		out.Keywords = a.Keywords
		out.Assimilated = nil
	}
	out.Neutralized = true
	out.Stun = 0
	out.TakeCover = false
	out.Activated = false
	return out
}

// Recover puts Health pegs back, one per entry of tracks ("Recover up to N
// Damage", e.g. the Hypospray card): each chosen track regains its next
// hole. A full track is refused with ErrTrackFull and c returned unchanged.
// A Neutralized character cannot recover.
func Recover(c Character, tracks []Rating) (Character, error) {
	if c.Neutralized {
		return c, fmt.Errorf("recover %s: %w", c.Name, ErrNeutralized)
	}
	out := c.Clone()
	for i, r := range tracks {
		t := out.Tracks.Get(r)
		if t == nil {
			return c, fmt.Errorf("recover %d: rating %d does not exist", i+1, int(r))
		}
		if t.Full() {
			return c, fmt.Errorf("recover %d: %s: %w", i+1, r, ErrTrackFull)
		}
		t.Pegs++
	}
	return out, nil
}

// RemoveStun removes up to n Stun tokens and reports how many went ("Stun",
// Activating While Stunned: a Recover action removes one).
func RemoveStun(c Character, n int) (Character, int) {
	k := min(max(n, 0), c.Stun)
	c.Stun -= k
	return c, k
}

// GiveStun gives c one Stun token (an event card, an Assimilation), unless
// it already has two and is Incapacitated, which cannot be given more
// ("Stun", Incapacitated by Two Stun Tokens). It reports whether a token was
// given. Borg immunity applies to Stun weapons only and is decided by
// ResolveAttack, not here.
func GiveStun(c Character) (Character, bool) {
	if c.Neutralized || c.Stun >= MaxStun {
		return c, false
	}
	c.Stun++
	return c, true
}

// TakeAttack applies a resolved attack to its target: Stun tokens gained,
// then Damage taken from the owner's chosen ratings ("Combat", step 6;
// "Stun").
func TakeAttack(target Character, r AttackResult, choices []Rating) (Character, DamageReport, error) {
	out := target
	if r.Stun > 0 {
		out, _ = GiveStun(out)
	}
	return ApplyDamage(out, r.Damage, choices)
}
