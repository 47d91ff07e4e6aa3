package away

import (
	"tableops/rules/rulerr"
)

// Errors of the damage, recovery and stun rules. Use errors.Is.
var (
	// ErrCannotReduce: the chosen rating may not lose a peg now.
	ErrCannotReduce = rulerr.New("rules.away.rating_cannot_be_reduced", "rating cannot be reduced")
	// ErrChooseTrack: more Damage must be applied than tracks were chosen.
	ErrChooseTrack = rulerr.New("rules.away.choose_rating_for_every_point_of", "choose a rating for every point of damage")
	// ErrNeutralized: the character is already Neutralized.
	ErrNeutralized = rulerr.New("rules.away.character_is_neutralized", "character is Neutralized")
	// ErrTrackFull: the chosen track has no empty hole to recover.
	ErrTrackFull = rulerr.New("rules.away.track_has_every_peg", "track has every peg")
)

// CanReduce reports whether rating r of c may lose a Health peg now, and if
// not, why (see ReduceRefusal).
func CanReduce(c Character, r Rating) (bool, string) {
	if why := ReduceRefusal(c, r); why != nil {
		return false, why.Text()
	}
	return true, ""
}

// ReduceRefusal says why rating r of c may not lose a Health peg now, or is
// nil when it may. The owner may not reduce a rating below 1 unless it is
// already 0, and a rating at its lowest value (one peg left) cannot be
// reduced ("Combat", step 6, Neutralized).
func ReduceRefusal(c Character, r Rating) *rulerr.Error {
	t := c.Tracks.At(r)
	if t.Pegs <= 1 || len(t.Values) == 0 {
		return rulerr.Errorf("rules.away.at_its_lowest_value", "%s is at its lowest value", r)
	}
	cur := t.Rating()
	next := t.Values[min(t.Pegs, len(t.Values))-2]
	if next < 1 && cur != 0 {
		return rulerr.Errorf("rules.away.may_not_go_below_1", "%s may not go below 1", r)
	}
	return nil
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

// DefaultDamage is a legal choice of ratings for n Damage to c, for the
// owner to start from: each point goes to the next rating in card order,
// after the one the last point came from, that may still lose a peg once
// the points before it are taken ("Combat", step 6, Take Damage: the owner
// chooses; a rating at its lowest value, or one that would fall below 1,
// cannot be chosen). It stops when no rating may lose a peg: the next point
// Neutralizes c and needs no choice, so a list shorter than n says that c
// would be Neutralized (see Neutralizes).
func DefaultDamage(c Character, n int) []Rating {
	out := c.Clone()
	var choices []Rating
	next := 0
	for range max(n, 0) {
		picked := false
		for k := range len(Ratings) {
			r := Ratings[(next+k)%len(Ratings)]
			if ReduceRefusal(out, r) == nil {
				out.Tracks.Get(r).Pegs--
				choices = append(choices, r)
				next = (int(r) + 1) % len(Ratings)
				picked = true
				break
			}
		}
		if !picked {
			break
		}
	}
	return choices
}

// Neutralizes reports whether n Damage Neutralizes c whatever ratings its
// owner chooses: every rating may lose only so many pegs, in any order
// ("Combat", step 6, Neutralized).
func Neutralizes(c Character, n int) bool {
	return !c.Neutralized && n > 0 && len(DefaultDamage(c, n)) < n
}

// DamageRefusal finds the first of the owner's choices for Damage to c that
// may not be taken: its index in choices, its rating and why (nil when every
// choice may be taken, in order, until c has no peg left to lose).
func DamageRefusal(c Character, choices []Rating) (int, Rating, *rulerr.Error) {
	out := c.Clone()
	for i, r := range choices {
		if len(Reducible(out)) == 0 {
			return 0, 0, nil
		}
		if out.Tracks.Get(r) == nil {
			return i, r, rulerr.Errorf("rules.away.rating_out_of_range", "rating %d out of range", int(r))
		}
		if why := ReduceRefusal(out, r); why != nil {
			return i, r, why
		}
		out.Tracks.Get(r).Pegs--
	}
	return 0, 0, nil
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
		return c, rep, rulerr.Errorf("rules.away.damage_is_negative", "damage %d is negative", n)
	}
	if c.Neutralized {
		if n == 0 {
			return c, rep, nil
		}
		return c, rep, rulerr.Errorf("rules.away.apply_damage_to", "apply %d damage to %s: %w", n, c.Name, ErrNeutralized)
	}
	out := c.Clone()
	for i := range n {
		if len(Reducible(out)) == 0 {
			rep.Neutralized = true
			rep.Unapplied = n - i
			return Neutralize(out), rep, nil
		}
		if i >= len(choices) {
			return c, DamageReport{}, rulerr.Errorf("rules.away.damage_of_to", "damage %d of %d to %s: %w", i+1, n, c.Name, ErrChooseTrack)
		}
		r := choices[i]
		if r < Attack || r > Move {
			return c, DamageReport{}, rulerr.Errorf("rules.away.damage_of_rating", "damage %d of %d: rating %d: %w", i+1, n, int(r), ErrCannotReduce)
		}
		if why := ReduceRefusal(out, r); why != nil {
			return c, DamageReport{}, rulerr.Errorf("rules.away.damage_of_to_2", "damage %d of %d to %s: %s: %w", i+1, n, c.Name, why, ErrCannotReduce)
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
		return c, rulerr.Errorf("rules.away.recover", "recover %s: %w", c.Name, ErrNeutralized)
	}
	out := c.Clone()
	for i, r := range tracks {
		t := out.Tracks.Get(r)
		if t == nil {
			return c, rulerr.Errorf("rules.away.recover_rating_does_not_exist", "recover %d: rating %d does not exist", i+1, int(r))
		}
		if t.Full() {
			return c, rulerr.Errorf("rules.away.recover_2", "recover %d: %s: %w", i+1, r, ErrTrackFull)
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
