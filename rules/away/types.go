// Package away implements the rules of Star Trek: Away Missions as pure
// functions over plain, JSON-friendly values: attack and skill-test
// resolution, damage to the four rating tracks, stun, the discard-to-re-roll
// sequence, bonus actions, first-activation roll-offs, Escalation, Assimilate,
// Hivemind and the end-of-game debrief.
//
// Every rule function names the section of the Away Missions rulebook (seed
// 001) it implements. Nothing here does I/O, reads a clock or uses a global
// random source; virtual rolls take an explicit seed.
package away

import (
	"slices"
	"strconv"
	"strings"
	"tableops/rules/rulerr"
)

// Rating names one of the four rating tracks on a character card.
type Rating int

// The four ratings, in the order a character card prints them ("Reading a
// Character Card", items 8-11).
const (
	Attack Rating = iota
	Defense
	Skill
	Move
)

// Ratings lists the four ratings in card order.
var Ratings = [4]Rating{Attack, Defense, Skill, Move}

// String returns the rating's lower-case name ("attack", "defense", "skill",
// "move"), the form used in JSON and on the command line.
func (r Rating) String() string {
	switch r {
	case Attack:
		return "attack"
	case Defense:
		return "defense"
	case Skill:
		return "skill"
	case Move:
		return "move"
	}
	return "rating(" + strconv.Itoa(int(r)) + ")"
}

// ParseRating reads a rating name ("attack", "Defense", "skill", "move";
// also the first letter a, d, s, m).
func ParseRating(s string) (Rating, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "attack", "a":
		return Attack, nil
	case "defense", "defence", "d":
		return Defense, nil
	case "skill", "s":
		return Skill, nil
	case "move", "movement", "m":
		return Move, nil
	}
	return 0, rulerr.Errorf("rules.away.is_not_rating_attack_defense_skill", "%q is not a rating (attack, defense, skill or move)", s)
}

// MarshalText encodes the rating by name, so JSON shows "attack".
func (r Rating) MarshalText() ([]byte, error) {
	if r < Attack || r > Move {
		return nil, rulerr.Errorf("rules.away.rating_out_of_range", "rating %d out of range", int(r))
	}
	return []byte(r.String()), nil
}

// UnmarshalText decodes a rating name.
func (r *Rating) UnmarshalText(b []byte) error {
	v, err := ParseRating(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Track is one rating track of a character card: the values printed at its
// peg holes, lowest first, and how many Health pegs are still in it. The
// current rating is the value of the last hole that still holds a peg, so a
// full track of Values [1,2,3] with 3 pegs rates 3, and with 1 peg rates 1.
// The first hole's value is the track's lowest value (the marked one): a
// track down to one peg is at its lowest value and cannot be reduced further
// ("Combat", step 6, "Neutralized"). Pegs is 0 only for a track with no holes.
type Track struct {
	Values []int `json:"values"`
	Pegs   int   `json:"pegs"`
}

// NewTrack returns a full track (a peg in every hole) with the given printed
// values, lowest first ("Beam Down": place Health pegs in all holes).
func NewTrack(values ...int) Track {
	return Track{Values: slices.Clone(values), Pegs: len(values)}
}

// Rating returns the track's current value (0 for an empty track).
func (t Track) Rating() int {
	if t.Pegs <= 0 || len(t.Values) == 0 {
		return 0
	}
	return t.Values[min(t.Pegs, len(t.Values))-1]
}

// Lowest returns the track's lowest printed value (0 for an empty track).
func (t Track) Lowest() int {
	if len(t.Values) == 0 {
		return 0
	}
	return t.Values[0]
}

// Full reports whether every hole holds a peg.
func (t Track) Full() bool { return t.Pegs >= len(t.Values) }

// Validate checks that the printed values rise from lowest to highest, are
// 0 to 12, and that the peg count fits the holes.
func (t Track) Validate() error {
	for i, v := range t.Values {
		if v < 0 || v > 12 {
			return rulerr.Errorf("rules.away.printed_value_is_outside_0_12", "printed value %d is outside 0-12", v)
		}
		if i > 0 && v < t.Values[i-1] {
			return rulerr.Errorf("rules.away.printed_values_must_not_fall_from", "printed values %v must not fall from lowest to highest", t.Values)
		}
	}
	if t.Pegs < 0 || t.Pegs > len(t.Values) {
		return rulerr.Errorf("rules.away.pegs_in_track_of_holes", "%d pegs in a track of %d holes", t.Pegs, len(t.Values))
	}
	if len(t.Values) > 0 && t.Pegs == 0 {
		return rulerr.Errorf("rules.away.track_keeps_its_lowest_peg_pegs", "a track keeps its lowest peg (pegs 0 of %d)", len(t.Values))
	}
	return nil
}

// Tracks are a character's four rating tracks.
type Tracks struct {
	Attack  Track `json:"attack"`
	Defense Track `json:"defense"`
	Skill   Track `json:"skill"`
	Move    Track `json:"move"`
}

// Get returns a pointer to the track of rating r (nil for an unknown rating).
func (t *Tracks) Get(r Rating) *Track {
	switch r {
	case Attack:
		return &t.Attack
	case Defense:
		return &t.Defense
	case Skill:
		return &t.Skill
	case Move:
		return &t.Move
	}
	return nil
}

// At returns the track of rating r (an empty track for an unknown rating).
func (t Tracks) At(r Rating) Track {
	if p := t.Get(r); p != nil {
		return *p
	}
	return Track{}
}

// Clone returns a deep copy (the printed values are not shared).
func (t Tracks) Clone() Tracks {
	out := t
	for _, r := range Ratings {
		p := out.Get(r)
		p.Values = slices.Clone(p.Values)
	}
	return out
}

// Refill returns a copy with a peg in every hole.
func (t Tracks) Refill() Tracks {
	out := t.Clone()
	for _, r := range Ratings {
		p := out.Get(r)
		p.Pegs = len(p.Values)
	}
	return out
}

// Validate checks all four tracks.
func (t Tracks) Validate() error {
	for _, r := range Ratings {
		if err := t.At(r).Validate(); err != nil {
			return rulerr.Errorf("rules.away.track", "%s track: %w", r, err)
		}
	}
	return nil
}

// Weapon keywords understood by the rules ("Reading Attack Actions", item 4;
// "Special Rules").
const (
	KeywordMelee      = "Melee"
	KeywordStun       = "Stun"
	KeywordAssimilate = "Assimilate"
	KeywordDefensive  = "Defensive"
)

// Character keywords and special rules the rules look at.
const (
	KeywordBorg  = "Borg"  // "Stun": Borg characters are not stunned by Stun weapons
	KeywordDrone = "Drone" // "Hivemind": a Borg Drone may act for a Hivemind character
	RuleHivemind = "Hivemind"
)

// Weapon is one Attack Action as printed on a card ("Reading Attack
// Actions"): extra attack dice, extra damage if the attack causes any, and
// its rules keywords (Melee, Stun, Assimilate, Defensive, ...).
type Weapon struct {
	Name     string   `json:"name"`
	Dice     int      `json:"dice"`
	Damage   int      `json:"damage"`
	Keywords []string `json:"keywords,omitempty"`
}

// Has reports whether the weapon has the keyword (case-insensitive).
func (w Weapon) Has(keyword string) bool { return hasFold(w.Keywords, keyword) }

// Melee reports a Melee weapon ("Special Rules", Melee).
func (w Weapon) Melee() bool { return w.Has(KeywordMelee) }

// Stun reports a Stun weapon ("Special Rules", Stun Weapons).
func (w Weapon) Stun() bool { return w.Has(KeywordStun) }

// Assimilate reports an Assimilation weapon ("Special Rules", Assimilate).
func (w Weapon) Assimilate() bool { return w.Has(KeywordAssimilate) }

// Defensive reports a Defensive weapon ("Special Rules", Defensive).
func (w Weapon) Defensive() bool { return w.Has(KeywordDefensive) }

// Assimilation remembers what an Assimilated character was, so the card can
// go back to its owner when it is Neutralized ("Special Rules", Assimilate).
type Assimilation struct {
	Owner    string   `json:"owner,omitempty"`
	Tracks   Tracks   `json:"tracks"`
	Weapons  []Weapon `json:"weapons,omitempty"`
	Rules    []string `json:"rules,omitempty"`
	Keywords []string `json:"keywords,omitempty"`
}

// Character is one character card as the rules see it: its rating tracks
// with pegs, specializations, keywords, special rules, weapons and the
// tokens that change how it fights. It is a plain value a tracker can keep
// in its state and serialize as JSON.
type Character struct {
	Name string `json:"name"`
	// Owner is the player whose away team the card belongs to.
	Owner string `json:"owner,omitempty"`
	// Keywords such as "Borg", "Drone", "Human", "Commander".
	Keywords []string `json:"keywords,omitempty"`
	// Specializations such as "Command"; a specialization held twice or
	// three times is listed twice or three times (or written "Command x2").
	Specializations []string `json:"specializations,omitempty"`
	// Rules are the card's named special rules, e.g. "Hivemind".
	Rules   []string `json:"rules,omitempty"`
	Weapons []Weapon `json:"weapons,omitempty"`
	Tracks  Tracks   `json:"tracks"`
	// Stun is the number of Stun tokens (0-2; 2 = Incapacitated).
	Stun      int  `json:"stun"`
	TakeCover bool `json:"take_cover,omitempty"`
	Activated bool `json:"activated,omitempty"`
	// Escalation is the round the character arrives in (0: in play from the
	// start).
	Escalation  int           `json:"escalation,omitempty"`
	Neutralized bool          `json:"neutralized,omitempty"`
	Assimilated *Assimilation `json:"assimilated,omitempty"`
}

// Rating returns the character's current value of rating r.
func (c Character) Rating(r Rating) int { return c.Tracks.At(r).Rating() }

// HasKeyword reports whether the character has the keyword (case-insensitive).
func (c Character) HasKeyword(k string) bool { return hasFold(c.Keywords, k) }

// HasRule reports whether the character has the named special rule.
func (c Character) HasRule(rule string) bool { return hasFold(c.Rules, rule) }

// Borg reports a Borg character: the Borg keyword or Assimilated
// ("Special Rules", Assimilate: an Assimilated character becomes a Borg Drone).
func (c Character) Borg() bool { return c.Assimilated != nil || c.HasKeyword(KeywordBorg) }

// Drone reports a Borg Drone ("Hivemind").
func (c Character) Drone() bool { return c.Assimilated != nil || c.HasKeyword(KeywordDrone) }

// Incapacitated reports two Stun tokens ("Stun", Incapacitated by Two Stun
// Tokens).
func (c Character) Incapacitated() bool { return c.Stun >= MaxStun }

// Specialization returns how many extra dice the character rolls in a Skill
// test of the given specialization: one per time it holds it, so x2 gives two
// and x3 three ("Skill Test", Using Specializations). Entries match
// case-insensitively; "Command x2" counts as two.
func (c Character) Specialization(name string) int {
	name = strings.TrimSpace(name)
	if name == "" {
		return 0
	}
	n := 0
	for _, s := range c.Specializations {
		base, times := splitTimes(s)
		if strings.EqualFold(base, name) {
			n += times
		}
	}
	return n
}

// Clone returns a deep copy of the character.
func (c Character) Clone() Character {
	out := c
	out.Keywords = slices.Clone(c.Keywords)
	out.Specializations = slices.Clone(c.Specializations)
	out.Rules = slices.Clone(c.Rules)
	out.Weapons = cloneWeapons(c.Weapons)
	out.Tracks = c.Tracks.Clone()
	if c.Assimilated != nil {
		a := *c.Assimilated
		a.Tracks = a.Tracks.Clone()
		a.Weapons = cloneWeapons(a.Weapons)
		a.Rules = slices.Clone(a.Rules)
		a.Keywords = slices.Clone(a.Keywords)
		out.Assimilated = &a
	}
	return out
}

func cloneWeapons(ws []Weapon) []Weapon {
	if ws == nil {
		return nil
	}
	out := make([]Weapon, len(ws))
	for i, w := range ws {
		out[i] = w
		out[i].Keywords = slices.Clone(w.Keywords)
	}
	return out
}

// splitTimes splits "Command x2" into ("Command", 2); plain names count once.
func splitTimes(s string) (string, int) {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexAny(s, " \t"); i > 0 {
		suffix := strings.ToLower(strings.TrimSpace(s[i+1:]))
		if len(suffix) == 2 && (suffix[0] == 'x' || suffix[0] == '*') && suffix[1] >= '1' && suffix[1] <= '3' {
			return strings.TrimSpace(s[:i]), int(suffix[1] - '0')
		}
	}
	return s, 1
}

func hasFold(list []string, k string) bool {
	for _, s := range list {
		if strings.EqualFold(strings.TrimSpace(s), k) {
			return true
		}
	}
	return false
}
