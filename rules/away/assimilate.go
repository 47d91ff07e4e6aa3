package away

import (
	"slices"
	"strings"
	"tableops/rules/rulerr"
)

// Overlay is the Borg Assimilation Overlay: the ratings, Attack Actions and
// special rules an Assimilated character takes on. Its track values come
// from the players' own overlay card ("Special Rules", Assimilate).
type Overlay struct {
	Tracks  Tracks   `json:"tracks"`
	Weapons []Weapon `json:"weapons,omitempty"`
	Rules   []string `json:"rules,omitempty"`
}

// Assimilate turns c, Neutralized by an Assimilation weapon, into a Borg
// Drone under borgPlayer's control ("Special Rules", Assimilate): all its
// tokens go, the overlay replaces its Attack Actions, special rules and
// ratings with a Health peg in every hole of the overlay's tracks
// (whatever its health before), it keeps its specializations, gains the
// Borg and Drone keywords, and gets one Stun token. Equipment and Trait
// cards are the tracker's to discard. The original card is remembered so
// that Neutralize can return it to its owner.
func Assimilate(c Character, o Overlay, borgPlayer string) (Character, error) {
	if err := o.Tracks.Validate(); err != nil {
		return c, rulerr.Errorf("rules.away.assimilation_overlay", "assimilation overlay: %w", err)
	}
	if c.Assimilated != nil {
		return c, rulerr.Errorf("rules.away.is_already_assimilated", "%s is already Assimilated", c.Name)
	}
	orig := c.Clone()
	out := Character{
		Name:            c.Name,
		Owner:           borgPlayer,
		Keywords:        withKeywords(orig.Keywords, KeywordBorg, KeywordDrone),
		Specializations: slices.Clone(orig.Specializations),
		Rules:           slices.Clone(o.Rules),
		Weapons:         cloneWeapons(o.Weapons),
		Tracks:          o.Tracks.Refill(),
		Stun:            1,
		Assimilated: &Assimilation{
			Owner:    orig.Owner,
			Tracks:   orig.Tracks.Refill(),
			Weapons:  orig.Weapons,
			Rules:    orig.Rules,
			Keywords: orig.Keywords,
		},
	}
	return out, nil
}

// NeutralizedBy reports whether a Neutralizing attack made with weapon
// Assimilates the target ("Special Rules", Assimilate: a character
// Neutralized by an Assimilation weapon is Assimilated). An already
// Assimilated character is not Assimilated again: it goes back to its owner.
func NeutralizedBy(weapon Weapon, target Character) bool {
	return weapon.Assimilate() && target.Assimilated == nil
}

func withKeywords(list []string, add ...string) []string {
	out := slices.Clone(list)
	for _, k := range add {
		found := false
		for _, s := range out {
			if strings.EqualFold(s, k) {
				found = true
			}
		}
		if !found {
			out = append(out, k)
		}
	}
	return out
}
