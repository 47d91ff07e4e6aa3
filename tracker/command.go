package tracker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
	"tableops/rules/dice"
	"tableops/rules/rulerr"
)

// Command is a player's intention, e.g. "Worf loses a Defense peg". The
// session validates it against the current state; a valid command yields one
// or more events, an invalid one a *Rejection. The set of commands is fixed
// by this package; each is a plain struct that encodes to JSON with
// EncodeCommand.
type Command interface {
	// CommandType returns the command's type tag, e.g. "away.track".
	CommandType() string
	decide(c *decideCtx) error
}

// SeedSource supplies seeds for virtual dice rolls. The app uses CryptoSeeds;
// tests pass a fixed sequence so games are reproducible.
type SeedSource interface {
	// NextSeed returns the seed for the next virtual roll.
	NextSeed() uint64
}

// Rejection is the typed error of a refused command: Reason is written for
// the player ("Worf is not in play"). The state is unchanged.
//
// A refusal because the step breaks a rule of the game also carries the
// rule in plain words (Rule, "A stunned character may only Recover") and
// where the rulebooks state it (Source, "Away Missions rulebook, Stun"), and
// is Overridable: the table may record the step anyway as a Ruling.
type Rejection struct {
	// Code classifies the refusal (one of the Code constants).
	Code string `json:"code"`
	// Reason is the player-readable explanation.
	Reason string `json:"reason"`
	// Rule is the broken rule in plain words, when a rule refused the step.
	Rule string `json:"rule,omitempty"`
	// Source is where the rulebooks state Rule.
	Source string `json:"source,omitempty"`
	// Overridable: the table may record the step anyway (Ruling).
	Overridable bool `json:"overridable,omitempty"`
	// ReasonKey names Reason for translation, and ReasonArgs are the
	// values it was worded from (see Msg); empty for a reason that is shown
	// as it is.
	ReasonKey  string            `json:"reason_key,omitempty"`
	ReasonArgs map[string]string `json:"reason_args,omitempty"`
	// ReasonParts are the args that are texts themselves (see Msg.Parts).
	ReasonParts map[string]Texts `json:"reason_parts,omitempty"`
	// RuleKey names Rule for translation; its source is RuleKey+".source".
	RuleKey string `json:"rule_key,omitempty"`
}

// Codes of a Rejection.
const (
	// CodeInvalid: the command's own data is wrong (a bad number, a missing name).
	CodeInvalid = "invalid"
	// CodeNotFound: the command names a player, character or piece that does not exist.
	CodeNotFound = "not_found"
	// CodeNotNow: the command is valid but not allowed at this point of the game.
	CodeNotNow = "not_now"
	// CodeRules: the rules forbid it (not enough resources, no command ready, ...).
	CodeRules = "rules"
	// CodeNothing: nothing to undo or redo.
	CodeNothing = "nothing"
)

// Error is the reason, followed by the broken rule and its source when a
// rule refused the step: "Worf is stunned. A stunned character may only
// Recover (Away Missions rulebook, Stun)."
func (r *Rejection) Error() string { return r.In(nil) }

// In is Error worded with tr (the screens' translations; nil gives the
// English): the reason, then the broken rule and its source.
func (r *Rejection) In(tr rulerr.Translator) string {
	reasonEN := r.Reason
	reason := Msg{Key: r.ReasonKey, Args: r.ReasonArgs, Parts: r.ReasonParts, Text: r.Reason}.In(tr)
	if r.Rule == "" {
		return reason
	}
	rule := Rule{Key: r.RuleKey, Text: r.Rule, Source: r.Source}.In(tr)
	if strings.TrimRight(reasonEN, ". ") == "" || strings.EqualFold(strings.TrimRight(reasonEN, ". "), strings.TrimRight(r.Rule, ". ")) {
		return rule + "."
	}
	return strings.TrimRight(reason, ". ") + ". " + rule + "."
}

// ErrRejected matches every *Rejection with errors.Is.
var ErrRejected = errors.New("command rejected")

// Is lets errors.Is(err, ErrRejected) find a rejection.
func (r *Rejection) Is(target error) bool { return target == ErrRejected }

// reject refuses a command: key names the reason for translation (see
// Msg), format and args word it in English.
func reject(code, key, format string, args ...any) *Rejection {
	m := msgf(key, format, args...)
	return &Rejection{Code: code, Reason: m.Text, ReasonKey: m.Key, ReasonArgs: m.Args, ReasonParts: m.Parts}
}

// plainReason drops the rules engines' technical tail (": invalid
// Ascendancy input") from a message meant for the players.
func plainReason(s string) string {
	for _, tail := range []string{ascrules.ErrBadInput.Error(), borgrules.ErrBadInput.Error()} {
		s = strings.ReplaceAll(s, ": "+tail, "")
	}
	return s
}

// decideCtx is what a command sees while it decides: the current state (read
// only), a seed source, and the events decided so far.
type decideCtx struct {
	s      *State
	seeds  SeedSource
	events []Event
	// scratch is a private copy of the state that events are applied to as
	// they are emitted, so that a command yielding several events can look
	// at the state between them.
	scratch *State
	// override is set while a Ruling decides its command: broken rules are
	// collected in overruled instead of refusing the step.
	override  bool
	overruled []Rule
}

// emit records an event and applies it to the scratch state. label words
// the event for the log (nil: a default label).
func (c *decideCtx) emit(label *words, p Payload) error {
	if err := p.apply(c.scratch); err != nil {
		return reject(CodeInvalid, "", "%s", err.Error())
	}
	if label == nil || len(label.t) == 0 {
		label = defaultLabel(c.scratch, p)
	}
	c.events = append(c.events, Event{Type: p.EventType(), Label: label.t.String(), Texts: label.t, Payload: p})
	return nil
}

// defaultLabel words an event whose command gave it no label, so that every
// event in the log has one.
func defaultLabel(s *State, p Payload) *words {
	switch e := p.(type) {
	case AscPlayerSet:
		return say("track.player_updated", "%s: updated", e.Player.Name)
	case AscWalkerSet:
		return &words{t: s.Summary().StageTexts()}
	case BorgSet:
		return say("track.borg_cubes_spires", "Borg: %d cube(s), %d spire(s)", len(e.Borg.Cubes), len(e.Borg.Spires))
	}
	return &words{t: Texts{raw(titleWord(strings.ReplaceAll(p.EventType(), ".", " ")))}}
}

// roll turns a requested roll into faces: entered faces are validated,
// virtual dice are rolled from a fresh seed. what names the dice in the
// refusals ("Kim's dice").
func (c *decideCtx) roll(r Roll, max int, what Msg) (RolledDice, error) {
	first, err := c.rollFirst(r, max, what)
	if err != nil || len(r.Rerolls) == 0 {
		return first, err
	}
	if len(r.Rerolls) > maxRerolls {
		return RolledDice{}, reject(CodeInvalid, "track.at_most_re_rolls", "%s: at most %d re-rolls", what, maxRerolls)
	}
	out := RolledDice{First: first.Faces, Seed: first.Seed}
	pool := first.Faces
	for _, rr := range r.Rerolls {
		rec := Reroll{Indexes: append([]int{}, rr.Indexes...)}
		switch {
		case rr.Virtual && (rr.Seed != nil || len(rr.Faces) > 0), rr.Seed != nil && len(rr.Faces) > 0:
			return RolledDice{}, reject(CodeInvalid, "track.a_re_roll_is_entered_or", "%s: a re-roll is entered or virtual, not both", what)
		case rr.Virtual || rr.Seed != nil:
			var seed uint64
			switch {
			case rr.Seed != nil:
				seed = *rr.Seed
			case c.seeds == nil:
				return RolledDice{}, reject(CodeInvalid, "track.this_game_cannot_roll_virtual_dice_2", "%s: this game cannot roll virtual dice (no seed source)", what)
			default:
				seed = c.seeds.NextSeed()
			}
			rec.Seed = &seed
			pool, err = dice.Reroll(pool, rr.Indexes, seed)
		default:
			rec.Faces = append(dice.Pool{}, rr.Faces...)
			pool, err = dice.Replace(pool, rr.Indexes, rr.Faces)
		}
		if err != nil {
			return RolledDice{}, reject(CodeInvalid, "track.re_roll", "%s: re-roll: %v", what, err)
		}
		out.Rerolls = append(out.Rerolls, rec)
	}
	out.Faces = pool
	return out, nil
}

// maxRerolls bounds the re-rolls of one roll.
const maxRerolls = 20

// rollFirst makes the first roll of a requested roll.
func (c *decideCtx) rollFirst(r Roll, max int, what Msg) (RolledDice, error) {
	if r.Virtual < 0 {
		return RolledDice{}, reject(CodeInvalid, "track.a_negative_number_of_dice", "%s: a negative number of dice", what)
	}
	if r.Virtual > 0 && (len(r.Faces) > 0 || r.Seed != nil) {
		return RolledDice{}, reject(CodeInvalid, "track.enter_faces_or_roll_virtually_not", "%s: enter the faces or roll virtually, not both", what)
	}
	if r.Virtual > 0 {
		if max > 0 && r.Virtual > max {
			return RolledDice{}, reject(CodeInvalid, "track.dice_at_most_allowed", "%s: %d dice, at most %d allowed", what, r.Virtual, max)
		}
		if r.Virtual > maxDicePerRoll {
			return RolledDice{}, reject(CodeInvalid, "track.dice_is_more_than_roll_can", "%s: %d dice is more than a roll can use", what, r.Virtual)
		}
		if c.seeds == nil {
			return RolledDice{}, reject(CodeInvalid, "track.this_game_cannot_roll_virtual_dice_2", "%s: this game cannot roll virtual dice (no seed source)", what)
		}
		seed := c.seeds.NextSeed()
		return RolledDice{Faces: dice.Roll(r.Virtual, seed), Seed: &seed}, nil
	}
	if err := r.Faces.Validate(max); err != nil {
		return RolledDice{}, reject(CodeInvalid, "track.roll_refused", "%s: %v", what, err)
	}
	if len(r.Faces) > maxDicePerRoll {
		return RolledDice{}, reject(CodeInvalid, "track.dice_is_more_than_roll_can", "%s: %d dice is more than a roll can use", what, len(r.Faces))
	}
	out := RolledDice{Faces: append(dice.Pool{}, r.Faces...)}
	if r.Seed != nil {
		seed := *r.Seed
		out.Seed = &seed
		if err := out.check(); err != nil {
			return RolledDice{}, reject(CodeInvalid, "track.roll_refused", "%s: %v", what, err)
		}
	}
	return out, nil
}

// maxDicePerRoll bounds any roll so outside input cannot ask for huge pools.
const maxDicePerRoll = 60

// Roll is a roll asked for in a command: the faces of physical dice the
// players rolled and typed in; or a number of dice for the session to roll
// virtually (Virtual); or faces the app already rolled virtually with a seed
// from Session.NewSeed, shown to the players before they decide (Faces and
// Seed; the faces must match the seed).
//
// Rerolls are re-rolls made after the first roll, in order (Away Missions
// "Discard to Re-roll"): each names the dice (0-based indexes into the pool
// as it stands) and gives their new faces, or rolls them virtually.
type Roll struct {
	Faces   dice.Pool `json:"faces,omitempty"`
	Seed    *uint64   `json:"seed,omitempty"`
	Virtual int       `json:"virtual,omitempty"`
	Rerolls []Reroll  `json:"rerolls,omitempty"`
}

// Reroll is one re-roll of some dice of a pool: the new faces entered
// (Faces), or a virtual re-roll (Virtual in a command; recorded with its
// Seed, which may also be given when the app rolled it beforehand with
// Session.NewSeed).
type Reroll struct {
	Indexes []int     `json:"indexes"`
	Faces   dice.Pool `json:"faces,omitempty"`
	Seed    *uint64   `json:"seed,omitempty"`
	Virtual bool      `json:"virtual,omitempty"`
}

// VirtualRoll returns a Roll of n dice the session rolls itself.
func VirtualRoll(n int) Roll { return Roll{Virtual: n} }

// Entered returns a Roll of physical dice typed in by the players.
func Entered(faces ...int) Roll { return Roll{Faces: dice.Pool(faces)} }

// RolledDice is a roll as recorded in an event: the faces, and the seed when
// the dice were rolled virtually (dice.Roll(len(Faces), *Seed) == Faces).
//
// With re-rolls, First holds the first roll's faces (the seed's), Rerolls
// each re-roll with its seed or entered faces, and Faces the final pool.
type RolledDice struct {
	Faces   dice.Pool `json:"faces"`
	Seed    *uint64   `json:"seed,omitempty"`
	First   dice.Pool `json:"first,omitempty"`
	Rerolls []Reroll  `json:"rerolls,omitempty"`
}

// checkDice checks each recorded roll in order (RolledDice.check) and
// returns the first error.
func checkDice(rolls ...RolledDice) error {
	for _, r := range rolls {
		if err := r.check(); err != nil {
			return err
		}
	}
	return nil
}

// check verifies a recorded roll: valid faces, faces that match the seed,
// and re-rolls that lead from the first roll to the final faces.
func (r RolledDice) check() error {
	if err := r.Faces.Validate(maxDicePerRoll); err != nil {
		return err
	}
	first := r.Faces
	if len(r.Rerolls) > 0 {
		first = r.First
		if err := first.Validate(maxDicePerRoll); err != nil {
			return err
		}
	}
	if r.Seed != nil && !slices.Equal(first, dice.Roll(len(first), *r.Seed)) {
		return fmt.Errorf("faces %v do not match seed %d", first, *r.Seed)
	}
	if len(r.Rerolls) == 0 {
		return nil
	}
	if len(r.Rerolls) > maxRerolls {
		return fmt.Errorf("%d re-rolls", len(r.Rerolls))
	}
	pool := first
	var err error
	for _, rr := range r.Rerolls {
		if rr.Seed != nil {
			pool, err = dice.Reroll(pool, rr.Indexes, *rr.Seed)
		} else {
			pool, err = dice.Replace(pool, rr.Indexes, rr.Faces)
		}
		if err != nil {
			return err
		}
	}
	if !slices.Equal(pool, r.Faces) {
		return fmt.Errorf("re-rolls lead to %v, not %v", pool, r.Faces)
	}
	return nil
}

// String shows the faces, noting a virtual roll and re-rolls.
func (r RolledDice) String() string {
	s := r.Faces.String()
	switch {
	case len(r.Rerolls) > 0 && r.Seed != nil:
		s += " (virtual, re-rolled)"
	case len(r.Rerolls) > 0:
		s += " (re-rolled)"
	case r.Seed != nil:
		s += " (virtual)"
	}
	return s
}

// MaxCommandSize bounds the JSON form of one command read from outside.
const MaxCommandSize = 64 << 10

type commandJSON struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// EncodeCommand writes a command as JSON: {"type": "...", "data": {...}}.
func EncodeCommand(c Command) ([]byte, error) {
	if c == nil {
		return nil, errors.New("encode command: nil command")
	}
	d, err := json.Marshal(c)
	if err != nil {
		return nil, fmt.Errorf("encode command %s: %w", c.CommandType(), err)
	}
	return json.Marshal(commandJSON{Type: c.CommandType(), Data: d})
}

// DecodeCommand reads a command sent as JSON from outside (another device, a
// file). It refuses oversized input, unknown types, unknown fields and
// malformed data with an error; it never panics. The command still has to
// pass validation when it is executed.
func DecodeCommand(b []byte) (Command, error) {
	if len(b) > MaxCommandSize {
		return nil, fmt.Errorf("decode command: %d bytes, at most %d allowed", len(b), MaxCommandSize)
	}
	if !utf8.Valid(b) {
		return nil, errors.New("decode command: not UTF-8 text")
	}
	var j commandJSON
	if err := decodeStrict(b, &j); err != nil {
		return nil, fmt.Errorf("decode command: %w", err)
	}
	mk, ok := commandTypes[j.Type]
	if !ok {
		return nil, fmt.Errorf("decode command %q: %w", j.Type, ErrUnknownType)
	}
	c := mk()
	if len(bytes.TrimSpace(j.Data)) == 0 {
		j.Data = []byte("{}")
	}
	if err := decodeStrict(j.Data, c); err != nil {
		return nil, fmt.Errorf("decode command %s: %w", j.Type, err)
	}
	// The table makes pointers; commands are passed around by value.
	return reflect.ValueOf(c).Elem().Interface().(Command), nil
}

// CommandTypes lists the type tags DecodeCommand accepts, for documentation
// and for clients.
func CommandTypes() []string {
	out := make([]string, 0, len(commandTypes))
	for k := range commandTypes {
		out = append(out, k)
	}
	sortStrings(out)
	return out
}
