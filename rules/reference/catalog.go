package reference

import (
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"tableops/rules/away"
	"tableops/rules/rulerr"
)

// SchemaVersion is the version of the catalog JSON format this package
// writes. Files with a higher version are refused.
const SchemaVersion = 1

// Limits on a catalog file and its entries, so a bad or hostile file cannot
// exhaust memory.
const (
	MaxImportBytes = 4 << 20
	MaxCards       = 5000
	MaxIDLen       = 24
	maxNameLen     = 120
	maxTextLen     = 4000
	maxListLen     = 32
	maxTrackLen    = 12
	maxTrackValue  = 20
	maxDiceBonus   = 6
	maxSpecCount   = 3
	maxEscalation  = 3
)

// CardKind is the type of a catalog card.
type CardKind string

// Card kinds. Characters have their own type (Character); every other kind
// is a ReferenceCard.
const (
	KindCharacter   CardKind = "character"
	KindMission     CardKind = "mission"
	KindEquipment   CardKind = "equipment"
	KindEvent       CardKind = "event"
	KindBorgCommand CardKind = "borg-command"
	KindBorgTech    CardKind = "borg-tech"
	KindExploration CardKind = "exploration"
	KindAdvancement CardKind = "advancement"
)

// ReferenceKinds lists the kinds a ReferenceCard may have.
func ReferenceKinds() []CardKind {
	return []CardKind{KindMission, KindEquipment, KindEvent, KindBorgCommand, KindBorgTech, KindExploration, KindAdvancement}
}

// Specialization is a character's specialization and how many times it is
// printed (Command x2 has Count 2): one extra skill die per count (Away
// Missions "Skill Test", Using Specializations).
type Specialization struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Tracks are the printed values of a character's four rating tracks, one
// value per peg hole in printed order (the same lists scan.Tracks carries in
// a tag). Character.Away hands them to rules/away.Track, which reads the
// first value as the track's lowest (marked) one. An empty track means "not
// entered yet": the rulebook rarely gives them, so the players copy them
// from their cards.
type Tracks struct {
	Attack  []int `json:"attack,omitempty"`
	Defense []int `json:"defense,omitempty"`
	Skill   []int `json:"skill,omitempty"`
	Move    []int `json:"move,omitempty"`
}

// AttackAction is one weapon line of a card ("Reading Attack Actions"):
// extra attack dice, extra damage and rules. Nil Dice or Damage means the
// value is unknown (not entered), not zero.
type AttackAction struct {
	Name   string   `json:"name"`
	Dice   *int     `json:"dice,omitempty"`
	Damage *int     `json:"damage,omitempty"`
	Rules  []string `json:"rules,omitempty"`
}

// Ability is a named special ability printed on a character card.
type Ability struct {
	Name string `json:"name"`
	Text string `json:"text,omitempty"`
}

// Character is an Away Missions character card.
type Character struct {
	ID              string           `json:"id"`
	Name            string           `json:"name"`
	Role            string           `json:"role,omitempty"`
	Ship            string           `json:"ship,omitempty"`
	Affiliation     string           `json:"affiliation,omitempty"`
	Keywords        []string         `json:"keywords,omitempty"`
	Specializations []Specialization `json:"specializations,omitempty"`
	Tracks          Tracks           `json:"tracks,omitzero"`
	Attacks         []AttackAction   `json:"attacks,omitempty"`
	Abilities       []Ability        `json:"abilities,omitempty"`
	// Escalation is the round the character arrives in (0: from the start).
	Escalation int `json:"escalation,omitempty"`
	// Notes are the players' own notes (and, for built-in cards, what the
	// rulebook does and does not say).
	Notes  string `json:"notes,omitempty"`
	Source string `json:"source,omitempty"`
}

// ReferenceCard is any other card the players look up: a mission,
// equipment, event, Borg command, Borg tech, exploration or advancement
// card. Summary holds the card's effect in the players' own words.
type ReferenceCard struct {
	ID          string   `json:"id"`
	Kind        CardKind `json:"kind"`
	Name        string   `json:"name"`
	Game        Game     `json:"game,omitempty"`
	Affiliation string   `json:"affiliation,omitempty"`
	Keywords    []string `json:"keywords,omitempty"`
	Points      *int     `json:"points,omitempty"`
	Supply      *int     `json:"supply,omitempty"`
	Summary     string   `json:"summary,omitempty"`
	Notes       string   `json:"notes,omitempty"`
	Source      string   `json:"source,omitempty"`
}

// Catalog is an immutable set of cards with unique ids. Every change
// returns a new Catalog, so a failed edit or import leaves the old one
// untouched.
type Catalog struct {
	chars []Character
	refs  []ReferenceCard
}

//go:embed data/catalog.json
var builtinJSON []byte

// Builtin returns the catalog of the cards the rulebooks describe, with
// only the facts they give.
func Builtin() (*Catalog, error) {
	c, err := ParseCatalog(builtinJSON)
	if err != nil {
		return nil, fmt.Errorf("reference: built-in catalog: %w", err)
	}
	return c, nil
}

// NewCatalog returns an empty catalog.
func NewCatalog() *Catalog { return &Catalog{} }

// Len returns the number of cards.
func (c *Catalog) Len() int { return len(c.chars) + len(c.refs) }

// Characters returns a copy of the character cards, sorted by id.
func (c *Catalog) Characters() []Character {
	out := make([]Character, len(c.chars))
	for i, ch := range c.chars {
		out[i] = ch.clone()
	}
	return out
}

// References returns a copy of the reference cards, sorted by id.
func (c *Catalog) References() []ReferenceCard {
	out := make([]ReferenceCard, len(c.refs))
	for i, r := range c.refs {
		out[i] = r.clone()
	}
	return out
}

// Character returns the character card with the id (case-insensitive).
func (c *Catalog) Character(id string) (Character, bool) {
	id = NormalizeID(id)
	i, ok := slices.BinarySearchFunc(c.chars, id, func(ch Character, id string) int { return strings.Compare(ch.ID, id) })
	if !ok {
		return Character{}, false
	}
	return c.chars[i].clone(), true
}

// Reference returns the reference card with the id (case-insensitive).
func (c *Catalog) Reference(id string) (ReferenceCard, bool) {
	id = NormalizeID(id)
	i, ok := slices.BinarySearchFunc(c.refs, id, func(r ReferenceCard, id string) int { return strings.Compare(r.ID, id) })
	if !ok {
		return ReferenceCard{}, false
	}
	return c.refs[i].clone(), true
}

// Has reports whether a card of any kind has the id.
func (c *Catalog) Has(id string) bool {
	_, a := c.Character(id)
	_, b := c.Reference(id)
	return a || b
}

// WithCharacter returns a catalog with the character added, replacing any
// card (of any kind) with the same id. The id is normalized to upper case.
// The receiver is not changed; an invalid card is an error.
func (c *Catalog) WithCharacter(ch Character) (*Catalog, error) {
	ch = ch.clone()
	ch.ID = NormalizeID(ch.ID)
	if err := ch.Validate(); err != nil {
		return nil, err
	}
	out := c.without(ch.ID)
	if out.Len() >= MaxCards {
		return nil, rulerr.Errorf("rules.catalog.full", "catalog is full (%d cards)", MaxCards)
	}
	out.chars = append(out.chars, ch)
	out.sort()
	return out, nil
}

// WithReference returns a catalog with the reference card added, replacing
// any card with the same id. The receiver is not changed.
func (c *Catalog) WithReference(r ReferenceCard) (*Catalog, error) {
	r = r.clone()
	r.ID = NormalizeID(r.ID)
	if err := r.Validate(); err != nil {
		return nil, err
	}
	out := c.without(r.ID)
	if out.Len() >= MaxCards {
		return nil, rulerr.Errorf("rules.catalog.full", "catalog is full (%d cards)", MaxCards)
	}
	out.refs = append(out.refs, r)
	out.sort()
	return out, nil
}

// Without returns a catalog without the card with the id (unchanged if
// there is none).
func (c *Catalog) Without(id string) *Catalog { return c.without(NormalizeID(id)) }

func (c *Catalog) without(id string) *Catalog {
	out := &Catalog{chars: make([]Character, 0, len(c.chars)+1), refs: make([]ReferenceCard, 0, len(c.refs)+1)}
	for _, ch := range c.chars {
		if ch.ID != id {
			out.chars = append(out.chars, ch)
		}
	}
	for _, r := range c.refs {
		if r.ID != id {
			out.refs = append(out.refs, r)
		}
	}
	return out
}

// Merge returns a catalog holding c's cards and other's; where both have a
// card with the same id, other's wins. Every card of other is validated.
func (c *Catalog) Merge(other *Catalog) (*Catalog, error) {
	replaced := map[string]bool{}
	for _, ch := range other.chars {
		if err := ch.Validate(); err != nil {
			return nil, rulerr.Errorf("rules.catalog.card", "card %s: %w", ch.ID, err)
		}
		replaced[ch.ID] = true
	}
	for _, r := range other.refs {
		if err := r.Validate(); err != nil {
			return nil, rulerr.Errorf("rules.catalog.card", "card %s: %w", r.ID, err)
		}
		if replaced[r.ID] {
			return nil, rulerr.Errorf("rules.catalog.id_used_twice", "card %s: id used twice", r.ID)
		}
		replaced[r.ID] = true
	}
	out := &Catalog{}
	for _, ch := range c.chars {
		if !replaced[ch.ID] {
			out.chars = append(out.chars, ch)
		}
	}
	for _, r := range c.refs {
		if !replaced[r.ID] {
			out.refs = append(out.refs, r)
		}
	}
	for _, ch := range other.chars {
		out.chars = append(out.chars, ch.clone())
	}
	for _, r := range other.refs {
		out.refs = append(out.refs, r.clone())
	}
	if out.Len() > MaxCards {
		return nil, rulerr.Errorf("rules.catalog.merged_too_big", "the merged catalog would have %d cards (at most %d)", out.Len(), MaxCards)
	}
	out.sort()
	return out, nil
}

// Find returns the cards whose id, name, role, ship, affiliation, kind or
// keywords contain every word of the query (case-insensitive). An empty
// query returns everything.
func (c *Catalog) Find(query string) ([]Character, []ReferenceCard) {
	words := strings.Fields(strings.ToLower(query))
	match := func(fields ...string) bool {
		hay := strings.ToLower(strings.Join(fields, "\x00"))
		for _, w := range words {
			if !strings.Contains(hay, w) {
				return false
			}
		}
		return true
	}
	var chars []Character
	for _, ch := range c.chars {
		var specs []string
		for _, s := range ch.Specializations {
			specs = append(specs, s.Name)
		}
		if match(ch.ID, ch.Name, ch.Role, ch.Ship, ch.Affiliation, string(KindCharacter), strings.Join(ch.Keywords, " "), strings.Join(specs, " ")) {
			chars = append(chars, ch.clone())
		}
	}
	var refs []ReferenceCard
	for _, r := range c.refs {
		if match(r.ID, r.Name, r.Affiliation, string(r.Kind), string(r.Game), strings.Join(r.Keywords, " ")) {
			refs = append(refs, r.clone())
		}
	}
	return chars, refs
}

func (c *Catalog) sort() {
	sort.Slice(c.chars, func(i, j int) bool { return c.chars[i].ID < c.chars[j].ID })
	sort.Slice(c.refs, func(i, j int) bool { return c.refs[i].ID < c.refs[j].ID })
}

// idPattern is the character set of card ids: the QR alphanumeric set
// (0-9, A-Z and $%*+-./:) without the space, so ids print as compact QR
// tags and need no quoting on a command line.
var idPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9A-Z$%*+\-./:]+$`) })

// NormalizeID trims an id and upper-cases it.
func NormalizeID(id string) string { return strings.ToUpper(strings.TrimSpace(id)) }

// ValidID reports whether id is a valid card id: 1 to MaxIDLen characters
// from 0-9 A-Z $ % * + - . / : (upper case; NormalizeID first).
func ValidID(id string) error {
	switch {
	case id == "":
		return rulerr.New("rules.catalog.id_is_empty", "id is empty")
	case len(id) > MaxIDLen:
		return rulerr.Errorf("rules.catalog.id_too_long", "id %q is longer than %d characters", id, MaxIDLen)
	case !idPattern().MatchString(id):
		return rulerr.Errorf("rules.catalog.id_characters", "id %q may only use 0-9, A-Z and $%%*+-./: (the QR alphanumeric set, no spaces)", id)
	}
	return nil
}

// fieldError is a validation error naming the JSON field at fault; why
// words the fault (key, English format, args: see rulerr).
type fieldError struct {
	field string
	why   *rulerr.Error
}

func (e *fieldError) Error() string { return e.field + ": " + e.why.Error() }

// ferr is a fieldError: key names the fault for translation, format and
// args word it in English.
func ferr(field, key, format string, args ...any) error {
	return &fieldError{field: field, why: rulerr.Errorf(key, format, args...)}
}

func checkText(field, s string, max int, required bool) error {
	if required && strings.TrimSpace(s) == "" {
		return ferr(field, "rules.catalog.is_required", "is required")
	}
	if len(s) > max {
		return ferr(field, "rules.catalog.is_longer_than_bytes", "is longer than %d bytes", max)
	}
	for _, r := range s {
		if r == 0xFFFD || (r < 0x20 && r != '\n' && r != '\t') {
			return ferr(field, "rules.catalog.contains_control_or_invalid_character", "contains a control or invalid character")
		}
	}
	return nil
}

func checkList(field string, list []string) error {
	if len(list) > maxListLen {
		return ferr(field, "rules.catalog.has_more_than_entries", "has more than %d entries", maxListLen)
	}
	for i, s := range list {
		if err := checkText(fmt.Sprintf("%s[%d]", field, i), s, maxNameLen, true); err != nil {
			return err
		}
	}
	return nil
}

// Validate checks a character card: a valid id, a name, sane lengths,
// specialization counts 1-3, track values 0-20, dice and damage bonuses
// 0-6, escalation 0-3.
func (ch Character) Validate() error {
	if err := ValidID(ch.ID); err != nil {
		return ferr("id", "rules.catalog.bad_id", "%v", err)
	}
	for _, f := range []struct {
		name, val string
		max       int
		req       bool
	}{
		{"name", ch.Name, maxNameLen, true}, {"role", ch.Role, maxNameLen, false}, {"ship", ch.Ship, maxNameLen, false},
		{"affiliation", ch.Affiliation, maxNameLen, false}, {"notes", ch.Notes, maxTextLen, false}, {"source", ch.Source, maxTextLen, false},
	} {
		if err := checkText(f.name, f.val, f.max, f.req); err != nil {
			return err
		}
	}
	if err := checkList("keywords", ch.Keywords); err != nil {
		return err
	}
	if len(ch.Specializations) > maxListLen {
		return ferr("specializations", "rules.catalog.has_more_than_entries", "has more than %d entries", maxListLen)
	}
	for i, s := range ch.Specializations {
		f := fmt.Sprintf("specializations[%d]", i)
		if err := checkText(f+".name", s.Name, maxNameLen, true); err != nil {
			return err
		}
		if s.Count < 1 || s.Count > maxSpecCount {
			return ferr(f+".count", "rules.catalog.must_be_1_to_got", "must be 1 to %d, got %d", maxSpecCount, s.Count)
		}
	}
	for _, t := range []struct {
		name string
		vals []int
	}{{"attack", ch.Tracks.Attack}, {"defense", ch.Tracks.Defense}, {"skill", ch.Tracks.Skill}, {"move", ch.Tracks.Move}} {
		if len(t.vals) > maxTrackLen {
			return ferr("tracks."+t.name, "rules.catalog.has_more_than_holes", "has more than %d holes", maxTrackLen)
		}
		for i, v := range t.vals {
			if v < 0 || v > maxTrackValue {
				return ferr(fmt.Sprintf("tracks.%s[%d]", t.name, i), "rules.catalog.must_be_0_to_got", "must be 0 to %d, got %d", maxTrackValue, v)
			}
		}
	}
	if len(ch.Attacks) > maxListLen {
		return ferr("attacks", "rules.catalog.has_more_than_entries", "has more than %d entries", maxListLen)
	}
	for i, a := range ch.Attacks {
		f := fmt.Sprintf("attacks[%d]", i)
		if err := checkText(f+".name", a.Name, maxNameLen, true); err != nil {
			return err
		}
		if a.Dice != nil && (*a.Dice < 0 || *a.Dice > maxDiceBonus) {
			return ferr(f+".dice", "rules.catalog.must_be_0_to_got", "must be 0 to %d, got %d", maxDiceBonus, *a.Dice)
		}
		if a.Damage != nil && (*a.Damage < 0 || *a.Damage > maxDiceBonus) {
			return ferr(f+".damage", "rules.catalog.must_be_0_to_got", "must be 0 to %d, got %d", maxDiceBonus, *a.Damage)
		}
		if err := checkList(f+".rules", a.Rules); err != nil {
			return err
		}
	}
	if len(ch.Abilities) > maxListLen {
		return ferr("abilities", "rules.catalog.has_more_than_entries", "has more than %d entries", maxListLen)
	}
	for i, a := range ch.Abilities {
		f := fmt.Sprintf("abilities[%d]", i)
		if err := checkText(f+".name", a.Name, maxNameLen, true); err != nil {
			return err
		}
		if err := checkText(f+".text", a.Text, maxTextLen, false); err != nil {
			return err
		}
	}
	if ch.Escalation < 0 || ch.Escalation > maxEscalation {
		return ferr("escalation", "rules.catalog.must_be_0_to_got", "must be 0 to %d, got %d", maxEscalation, ch.Escalation)
	}
	return nil
}

// Validate checks a reference card: a valid id, a known kind, a name, a
// known game if set, sane lengths and non-negative points and supply.
func (r ReferenceCard) Validate() error {
	if err := ValidID(r.ID); err != nil {
		return ferr("id", "rules.catalog.bad_id", "%v", err)
	}
	if !slices.Contains(ReferenceKinds(), r.Kind) {
		return ferr("kind", "rules.catalog.unknown_kind_want_one_of", "unknown kind %q (want one of %v)", r.Kind, ReferenceKinds())
	}
	if r.Game != "" && !slices.Contains(Games(), r.Game) {
		return ferr("game", "rules.catalog.unknown_game", "unknown game %q", r.Game)
	}
	for _, f := range []struct {
		name, val string
		max       int
		req       bool
	}{
		{"name", r.Name, maxNameLen, true}, {"affiliation", r.Affiliation, maxNameLen, false},
		{"summary", r.Summary, maxTextLen, false}, {"notes", r.Notes, maxTextLen, false}, {"source", r.Source, maxTextLen, false},
	} {
		if err := checkText(f.name, f.val, f.max, f.req); err != nil {
			return err
		}
	}
	if err := checkList("keywords", r.Keywords); err != nil {
		return err
	}
	if r.Points != nil && (*r.Points < 0 || *r.Points > 1000) {
		return ferr("points", "rules.catalog.must_be_0_to_1000_got", "must be 0 to 1000, got %d", *r.Points)
	}
	if r.Supply != nil && (*r.Supply < 1 || *r.Supply > 20) {
		return ferr("supply", "rules.catalog.must_be_1_to_20_got", "must be 1 to 20, got %d", *r.Supply)
	}
	return nil
}

// SkillDice returns how many extra skill dice the character's
// specialization gives (0 if it has none), matching case-insensitively.
func (ch Character) SkillDice(specialization string) int {
	n := 0
	for _, s := range ch.Specializations {
		if strings.EqualFold(s.Name, specialization) {
			n += s.Count
		}
	}
	return n
}

// Complete reports whether every track has values and every attack has
// known dice and damage, i.e. the card can be played by the rules engine
// without asking the players for more.
func (ch Character) Complete() bool {
	if len(ch.Tracks.Attack) == 0 || len(ch.Tracks.Defense) == 0 || len(ch.Tracks.Skill) == 0 || len(ch.Tracks.Move) == 0 {
		return false
	}
	for _, a := range ch.Attacks {
		if a.Dice == nil || a.Damage == nil {
			return false
		}
	}
	return len(ch.Attacks) > 0
}

// Away converts the card into a full-health rules/away Character for the
// given owner. Unknown weapon values count as 0 and empty tracks stay empty,
// so check Complete first.
func (ch Character) Away(owner string) away.Character {
	c := away.Character{
		Name:     ch.Name,
		Owner:    owner,
		Keywords: slices.Clone(ch.Keywords),
		Tracks: away.Tracks{
			Attack:  away.NewTrack(ch.Tracks.Attack...),
			Defense: away.NewTrack(ch.Tracks.Defense...),
			Skill:   away.NewTrack(ch.Tracks.Skill...),
			Move:    away.NewTrack(ch.Tracks.Move...),
		},
		Escalation: ch.Escalation,
	}
	for _, s := range ch.Specializations {
		for range s.Count {
			c.Specializations = append(c.Specializations, s.Name)
		}
	}
	for _, a := range ch.Abilities {
		c.Rules = append(c.Rules, a.Name)
	}
	for _, a := range ch.Attacks {
		w := away.Weapon{Name: a.Name, Keywords: slices.Clone(a.Rules)}
		if a.Dice != nil {
			w.Dice = *a.Dice
		}
		if a.Damage != nil {
			w.Damage = *a.Damage
		}
		c.Weapons = append(c.Weapons, w)
	}
	return c
}

func cloneInt(p *int) *int {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func (ch Character) clone() Character {
	out := ch
	out.Keywords = slices.Clone(ch.Keywords)
	out.Specializations = slices.Clone(ch.Specializations)
	out.Tracks = Tracks{
		Attack: slices.Clone(ch.Tracks.Attack), Defense: slices.Clone(ch.Tracks.Defense),
		Skill: slices.Clone(ch.Tracks.Skill), Move: slices.Clone(ch.Tracks.Move),
	}
	out.Attacks = nil
	for _, a := range ch.Attacks {
		a.Dice, a.Damage, a.Rules = cloneInt(a.Dice), cloneInt(a.Damage), slices.Clone(a.Rules)
		out.Attacks = append(out.Attacks, a)
	}
	out.Abilities = slices.Clone(ch.Abilities)
	return out
}

func (r ReferenceCard) clone() ReferenceCard {
	out := r
	out.Keywords = slices.Clone(r.Keywords)
	out.Points, out.Supply = cloneInt(r.Points), cloneInt(r.Supply)
	return out
}
