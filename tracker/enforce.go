package tracker

import (
	"encoding/json"
	"errors"
	"fmt"

	"tableops/rules/rulerr"
)

// Rule is a rule of the games that a command is checked against: Text says
// it in plain words (our own), Source says where the rulebooks state it
// ("Away Missions rulebook, Stun").
//
// Key names the rule for translation ("rule.stunned"); its source is
// translated under Key+".source".
type Rule struct {
	Key    string `json:"key,omitempty"`
	Text   string `json:"text"`
	Source string `json:"source"`
}

// String is the rule with its source: "A stunned character may only
// Recover (Away Missions rulebook, Stun)".
func (r Rule) String() string { return r.In(nil) }

// In is String worded with tr (nil gives the English).
func (r Rule) In(tr rulerr.Translator) string {
	text, source := r.Text, r.Source
	if tr != nil && r.Key != "" {
		text = tr(r.Key, r.Text, nil)
		if source != "" {
			source = tr(r.Key+".source", r.Source, nil)
		}
	}
	if source == "" {
		return text
	}
	return text + " (" + source + ")"
}

// Texts is the rule with its source as pieces of a text.
func (r Rule) Texts() Texts {
	if r.Source == "" {
		return Texts{{Key: r.Key, Text: r.Text}}
	}
	return Texts{{Key: r.Key, Text: r.Text}, raw(" ("), {Key: r.Key + ".source", Text: r.Source}, raw(")")}
}

// breaks refuses a step that breaks rule r, with a reason naming who and
// what (format, args) and the rule itself. The refusal can be overruled:
// inside a Ruling (the table records the step anyway) or in a game played
// without strict checks the step goes ahead and the rule is noted as
// overruled.
func (c *decideCtx) breaks(r Rule, key, format string, args ...any) error {
	return c.breaksWith(r, msgf(key, format, args...))
}

// breaksWith is breaks with the reason already worded.
func (c *decideCtx) breaksWith(r Rule, why Msg) error {
	if c.override || c.s.Relaxed {
		c.overruled = append(c.overruled, r)
		return nil
	}
	return ruleRejection(r, why)
}

// ruleRejection is the overridable refusal of a step that breaks rule r,
// for the reason m.
func ruleRejection(r Rule, m Msg) *Rejection {
	return &Rejection{Code: CodeRules, Reason: m.Text, ReasonKey: m.Key, ReasonArgs: m.Args, ReasonParts: m.Parts,
		Rule: r.Text, Source: r.Source, RuleKey: r.Key, Overridable: true}
}

// check is breaks when bad is true, and nil otherwise.
func (c *decideCtx) check(bad bool, r Rule, key, format string, args ...any) error {
	if !bad {
		return nil
	}
	return c.breaks(r, key, format, args...)
}

// Ruling records a step the tracker refused as a table ruling: the physical
// table has the last word. Command is the refused command; Reason is the
// table's short reason ("the Klingon card lets him"). The step is applied
// as if its rule checks had passed, and the log shows it as a ruling with
// the reason and the rules it overrules; it is undone like any step and
// counted in State.Rulings. A command that breaks no rule, or one refused
// for a reason that is not a rule (a name that does not exist, dice that
// are not dice), is still refused.
type Ruling struct {
	Reason  string  `json:"reason"`
	Command Command `json:"-"`
}

// CommandType implements Command.
func (Ruling) CommandType() string { return "ruling" }

type rulingJSON struct {
	Reason  string          `json:"reason"`
	Command json.RawMessage `json:"command"`
}

// MarshalJSON writes the ruling with its command in EncodeCommand's form.
func (r Ruling) MarshalJSON() ([]byte, error) {
	if r.Command == nil {
		return nil, errors.New("ruling: no command")
	}
	b, err := EncodeCommand(r.Command)
	if err != nil {
		return nil, fmt.Errorf("ruling: %w", err)
	}
	return json.Marshal(rulingJSON{Reason: r.Reason, Command: b})
}

// UnmarshalJSON reads a ruling and decodes its command with DecodeCommand.
func (r *Ruling) UnmarshalJSON(b []byte) error {
	var j rulingJSON
	if err := decodeStrict(b, &j); err != nil {
		return fmt.Errorf("ruling: %w", err)
	}
	if len(j.Command) == 0 {
		return errors.New("ruling: no command")
	}
	cmd, err := DecodeCommand(j.Command)
	if err != nil {
		return fmt.Errorf("ruling: %w", err)
	}
	r.Reason, r.Command = j.Reason, cmd
	return nil
}

func (r Ruling) decide(c *decideCtx) error {
	reason, err := cleanText(r.Reason, maxNoteLen, Msg{Key: "track.word.reason_for_the_ruling", Text: "reason for the ruling"})
	if err != nil {
		return err
	}
	if r.Command == nil {
		return reject(CodeInvalid, "track.a_ruling_needs_step_it_records", "A ruling needs the step it records.")
	}
	if _, nested := r.Command.(Ruling); nested {
		return reject(CodeInvalid, "track.a_ruling_records_one_step_not", "A ruling records one step, not another ruling.")
	}
	if c.override {
		return reject(CodeInvalid, "track.a_ruling_records_one_step_not", "A ruling records one step, not another ruling.")
	}
	c.override = true
	start := len(c.events)
	err = r.Command.decide(c)
	c.override = false
	if err != nil {
		return err
	}
	if len(c.overruled) == 0 {
		return reject(CodeInvalid, "track.no_rule_stands_in_way_of", "No rule stands in the way of that step: record it without a ruling.")
	}
	if len(c.events) == start {
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	}
	rules := make([]string, 0, len(c.overruled))
	var ruleTexts Texts
	var eachRule []Texts
	seen := map[string]bool{}
	for _, ru := range c.overruled {
		if s := ru.String(); !seen[s] {
			seen[s] = true
			rules = append(rules, s)
			if len(ruleTexts) > 0 {
				ruleTexts = append(ruleTexts, raw("; "))
			}
			ruleTexts = append(ruleTexts, ru.Texts()...)
			eachRule = append(eachRule, ru.Texts())
		}
	}
	stepLabel := stepLabel(c.events[start:])
	// "Table ruling: STEP (REASON; overrules: RULES)", piece by piece so
	// that the step and the rules are translated too.
	label := say("track.table_ruling", "Table ruling: ").addTexts(stepTexts(c.events[start:])).
		addRaw(" ("+reason).add("track.overrules", "; overrules: ").addTexts(ruleTexts).addRaw(")")
	if err := c.emit(label,
		RulingRecorded{Reason: reason, Step: stepLabel, Command: r.Command.CommandType(), Rules: rules,
			StepTexts: stepTexts(c.events[start:]), RuleTexts: eachRule}); err != nil {
		return err
	}
	// The ruling's own entry leads the step, so the log and the undo list
	// read "Table ruling: ..." first.
	last := c.events[len(c.events)-1]
	copy(c.events[start+1:], c.events[start:len(c.events)-1])
	c.events[start] = last
	return nil
}

// TableRuling is a step the table recorded against the tracker's rules.
type TableRuling struct {
	Reason  string   `json:"reason"`
	Step    string   `json:"step"`
	Command string   `json:"command"`
	Rules   []string `json:"rules"`
	// StepTexts and RuleTexts are Step and Rules as data, for the screens
	// to translate (rulings recorded before have none: see StepIn, RulesIn).
	StepTexts Texts   `json:"step_texts,omitempty"`
	RuleTexts []Texts `json:"rule_texts,omitempty"`
}

// StepIn is the step the ruling recorded, worded with tr (a ruling
// recorded before its texts were kept is its English Step).
func (t TableRuling) StepIn(tr rulerr.Translator) string {
	if len(t.StepTexts) == 0 {
		return t.Step
	}
	return t.StepTexts.In(tr)
}

// RulesIn are the rules the ruling overruled, worded with tr (see StepIn).
func (t TableRuling) RulesIn(tr rulerr.Translator) []string {
	if len(t.RuleTexts) != len(t.Rules) {
		return append([]string(nil), t.Rules...)
	}
	out := make([]string, len(t.RuleTexts))
	for i, r := range t.RuleTexts {
		out[i] = r.In(tr)
	}
	return out
}

// RulingRecorded records a table ruling (see Ruling).
type RulingRecorded TableRuling

// EventType implements Payload.
func (RulingRecorded) EventType() string { return "ruling" }

func (e RulingRecorded) apply(s *State) error {
	t, err := deepCopy(TableRuling(e))
	if err != nil {
		return err
	}
	s.Rulings = append(s.Rulings, t)
	return nil
}

// SetStrict chooses, at setup, whether the tracker holds the game to the
// rules (Strict, the default) or is a plain tracker that lets every step
// through (steps that break a rule are then recorded without a ruling).
type SetStrict struct {
	Strict bool `json:"strict"`
}

// CommandType implements Command.
func (SetStrict) CommandType() string { return "strict" }

func (cmd SetStrict) decide(c *decideCtx) error {
	switch {
	case c.s.Away != nil && c.s.Away.Phase != AwaySetup:
		return reject(CodeNotNow, "track.strict_rule_checks_are_chosen_at", "Strict rule checks are chosen at setup, before the mission starts.")
	case c.s.Ascendancy != nil && c.s.Ascendancy.Walker.Stage != AscSetup:
		return reject(CodeNotNow, "track.strict_rule_checks_are_chosen_at_2", "Strict rule checks are chosen at setup, before the first round.")
	}
	if cmd.Strict == !c.s.Relaxed {
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	}
	label := say("track.rule_checks_off_plain_tracker_every", "Rule checks off: a plain tracker (every step is recorded)")
	if cmd.Strict {
		label = say("track.rule_checks_on_steps_that_break", "Rule checks on: steps that break a rule are refused (or recorded as table rulings)")
	}
	return c.emit(label, StrictSet{Strict: cmd.Strict})
}

// StrictSet records whether the game plays with strict rule checks.
type StrictSet struct {
	Strict bool `json:"strict"`
}

// EventType implements Payload.
func (StrictSet) EventType() string { return "strict" }

func (e StrictSet) apply(s *State) error {
	s.Relaxed = !e.Strict
	return nil
}
