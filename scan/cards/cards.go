// Package cards joins scan tags to the card catalog (rules/reference): the
// tag printed for a catalog card, and the card a scanned tag stands for. The
// headless commands and the screens both use it, so a tag means the same
// card everywhere. It does not import Fyne.
package cards

import (
	"errors"
	"slices"

	"tableops/rules/reference"
	"tableops/rules/rulerr"
	"tableops/scan"
)

// ErrNoCards reports a sheet request for a catalog without cards.
var ErrNoCards = rulerr.New("scan.err.catalog_has_no_cards", "the catalog has no cards")

// ErrUnknownCard reports a card id that is not in the catalog.
var ErrUnknownCard = rulerr.New("scan.err.no_such_card_in_catalog", "no such card in the catalog")

// Tag returns the tag printed for the catalog card id and the card's name
// for the label under it. A character whose four tracks are entered gets a
// self-describing tag when selfDescribing is set (so a device that has
// never seen the card rebuilds its name and tracks), unless that would not
// fit its QR size; other cards get plain reference tags.
func Tag(cat *reference.Catalog, id string, selfDescribing bool) (scan.Tag, string, error) {
	if ch, ok := cat.Character(id); ok {
		t := scan.Tag{Kind: scan.KindCharacter, ID: ch.ID}
		tr := ch.Tracks
		if selfDescribing && len(tr.Attack) > 0 && len(tr.Defense) > 0 && len(tr.Skill) > 0 && len(tr.Move) > 0 {
			t.Character = &scan.Character{Name: ch.Name, Tracks: scan.Tracks{
				Attack:  slices.Clone(tr.Attack),
				Defense: slices.Clone(tr.Defense),
				Skill:   slices.Clone(tr.Skill),
				Move:    slices.Clone(tr.Move)}}
			if _, err := scan.Encode(t); err != nil {
				t.Character = nil // too long to describe: fall back to a reference
			}
		}
		return t, ch.Name, nil
	}
	r, ok := cat.Reference(id)
	if !ok {
		return scan.Tag{}, "", rulerr.Errorf("scan.err.card", "card %q: %w", id, ErrUnknownCard)
	}
	kind, err := TagKind(r.Kind)
	if err != nil {
		return scan.Tag{}, "", rulerr.Errorf("scan.err.card_2", "card %s: %w", r.ID, err)
	}
	return scan.Tag{Kind: kind, ID: r.ID}, r.Name, nil
}

// TagKind returns the tag kind for a catalog card kind.
func TagKind(k reference.CardKind) (scan.Kind, error) {
	kind, err := scan.ParseKind(string(k))
	if err != nil {
		return 0, rulerr.Errorf("scan.err.card_kind_has_no_tag_kind", "card kind %q has no tag kind: %w", k, err)
	}
	return kind, nil
}

// CardKind returns the catalog card kind of a tag kind (false for join
// tags, which stand for no card).
func CardKind(k scan.Kind) (reference.CardKind, bool) {
	if !k.Valid() || k == scan.KindJoin {
		return "", false
	}
	return reference.CardKind(k.String()), true
}

// SheetItems builds the tag sheet items for the card ids, in order (every
// card of the catalog, characters first, when ids is empty). See Tag for
// selfDescribing.
func SheetItems(cat *reference.Catalog, ids []string, selfDescribing bool) ([]scan.SheetItem, error) {
	if len(ids) == 0 {
		for _, ch := range cat.Characters() {
			ids = append(ids, ch.ID)
		}
		for _, r := range cat.References() {
			ids = append(ids, r.ID)
		}
		if len(ids) == 0 {
			return nil, ErrNoCards
		}
	}
	items := make([]scan.SheetItem, 0, len(ids))
	for _, id := range ids {
		t, label, err := Tag(cat, id, selfDescribing)
		if err != nil {
			return nil, err
		}
		items = append(items, scan.SheetItem{Tag: t, Label: label})
	}
	return items, nil
}

// Card is what a scanned tag stands for, looked up in a catalog.
type Card struct {
	// Tag is the scanned tag.
	Tag scan.Tag
	// Character is set for a character tag: the catalog's card when the
	// catalog has it (tracks it lacks filled in from a self-describing
	// tag), else the card rebuilt from a self-describing tag (nil for a
	// plain reference to a card this catalog does not hold).
	Character *reference.Character
	// Reference is set for the other card kinds found in the catalog.
	Reference *reference.ReferenceCard
	// InCatalog reports whether the catalog holds the card.
	InCatalog bool
}

// Known reports whether the card's name is known: it is in the catalog or
// the tag describes it.
func (c Card) Known() bool { return c.Character != nil || c.Reference != nil }

// Name is the card's name when known, else its id (the host address for a
// join tag).
func (c Card) Name() string {
	switch {
	case c.Character != nil:
		return c.Character.Name
	case c.Reference != nil:
		return c.Reference.Name
	}
	return c.Tag.Label()
}

// Playable reports whether a character card has its four tracks, so it can
// join an away team as it is.
func (c Card) Playable() bool {
	ch := c.Character
	return ch != nil && len(ch.Tracks.Attack) > 0 && len(ch.Tracks.Defense) > 0 &&
		len(ch.Tracks.Skill) > 0 && len(ch.Tracks.Move) > 0
}

// Lookup finds the card a tag stands for. cat may be nil (no catalog):
// self-describing character tags still give their character.
func Lookup(cat *reference.Catalog, t scan.Tag) Card {
	c := Card{Tag: t}
	if t.Kind == scan.KindJoin {
		return c
	}
	if t.Kind == scan.KindCharacter {
		if cat != nil {
			if ch, ok := cat.Character(t.ID); ok {
				c.InCatalog = true
				c.Character = &ch
			}
		}
		if d := t.Character; d != nil {
			if c.Character == nil {
				c.Character = &reference.Character{ID: t.ID, Name: d.Name}
			}
			// The catalog's own values win; the tag fills the tracks it lacks.
			fill := func(have *[]int, tag []int) {
				if len(*have) == 0 {
					*have = slices.Clone(tag)
				}
			}
			tr := &c.Character.Tracks
			fill(&tr.Attack, d.Tracks.Attack)
			fill(&tr.Defense, d.Tracks.Defense)
			fill(&tr.Skill, d.Tracks.Skill)
			fill(&tr.Move, d.Tracks.Move)
		}
		return c
	}
	if cat != nil {
		if r, ok := cat.Reference(t.ID); ok {
			if k, ok := CardKind(t.Kind); ok && k == r.Kind {
				c.InCatalog = true
				c.Reference = &r
			}
		}
	}
	return c
}

// Problem explains in a few plain words why scanned text is not a usable
// tag (err from scan.Decode).
func Problem(err error) string { return ProblemIn(err, nil) }

// ProblemIn is Problem worded with tr (the reader's translations; nil gives
// the English).
func ProblemIn(err error, tr rulerr.Translator) string {
	if err == nil {
		return ""
	}
	if p := problem(err); p != nil {
		return p.In(tr)
	}
	return rulerr.Explain(err, tr)
}

// The plain words of the tag troubles a player can do something about.
var (
	problemForeign = rulerr.New("scan.err.problem_foreign", "not a Table Ops tag")
	problemVersion = rulerr.New("scan.err.problem_version", "made by a newer Table Ops (update the app)")
	problemDamaged = rulerr.New("scan.err.problem_damaged", "damaged or mis-read (check digits do not match)")
	problemKind    = rulerr.New("scan.err.problem_kind", "a kind of tag this version does not know")
)

// problem is the plain words of err's trouble, or nil.
func problem(err error) *rulerr.Error {
	switch {
	case errors.Is(err, scan.ErrForeign):
		return problemForeign
	case errors.Is(err, scan.ErrVersion):
		return problemVersion
	case errors.Is(err, scan.ErrChecksum):
		return problemDamaged
	case errors.Is(err, scan.ErrUnknownKind):
		return problemKind
	}
	return nil
}
