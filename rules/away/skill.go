package away

import (
	"fmt"

	"tableops/rules/dice"
	"tableops/rules/rulerr"
)

// SkillSetup holds what decides one side's dice in a Skill test ("Skill
// Test"): current Skill rating, extra dice from the tested specialization
// (one per time the character holds it: x2 gives two, x3 three), Backup and
// dice from cards. The same setup serves the tester and the challenger.
type SkillSetup struct {
	Skill          int  `json:"skill"`
	Specialization int  `json:"specialization,omitempty"`
	Backup         bool `json:"backup,omitempty"`
	CardDice       int  `json:"card_dice,omitempty"`
}

// Validate rejects a negative rating or specialization count.
func (s SkillSetup) Validate() error {
	switch {
	case s.Skill < 0:
		return rulerr.Errorf("rules.away.skill_rating_is_negative", "skill rating %d is negative", s.Skill)
	case s.Specialization < 0:
		return rulerr.Errorf("rules.away.specialization_dice_is_negative", "specialization dice %d is negative", s.Specialization)
	}
	return nil
}

// Dice returns the number of Skill dice: current Skill rating, plus one per
// time the character holds the tested specialization, +1 for Backup, plus
// card dice, capped at six ("Skill Test", Using Specializations and Backup;
// "Combat", No More Than Six Dice).
func (s SkillSetup) Dice() DiceCount {
	n := s.Skill + s.Specialization + s.CardDice
	if s.Backup {
		n++
	}
	return capDice(n)
}

// SetupSkill builds a character's SkillSetup for a test of the given
// specialization ("" for none) from its current Skill rating.
func SetupSkill(c Character, specialization string, backup bool) SkillSetup {
	return SkillSetup{Skill: c.Rating(Skill), Specialization: c.Specialization(specialization), Backup: backup}
}

// SkillResult is a resolved Skill test.
type SkillResult struct {
	Tester     dice.Pool `json:"tester"`
	Challenger dice.Pool `json:"challenger,omitempty"`
	Opposed    bool      `json:"opposed"`
	Pairs      []Pair    `json:"pairs"`
	Successes  int       `json:"successes"`
	Need       int       `json:"need"`
	Passed     bool      `json:"passed"`
}

// ResolveSkill resolves a Skill test ("Skill Test"). Unopposed (challenger
// empty): each tester die of 4 or more is a success. Opposed: both pools
// are lined up highest to lowest; a challenger die equal to or above its
// tester die cancels it, other paired tester dice are successes, unpaired
// tester dice succeed on 4 or more and surplus challenger dice are ignored
// ("Skill Test", Opposed Skill Tests, Uncontested Skill Dice, Uncontested
// Opposing Dice). The test passes with at least need successes; "unless
// otherwise stated, one or more successes" passes, so need below 1 counts
// as 1.
func ResolveSkill(tester, challenger dice.Pool, need int) (SkillResult, error) {
	if err := tester.Validate(MaxDice); err != nil {
		return SkillResult{}, rulerr.Errorf("rules.away.tester_dice", "tester dice: %w", err)
	}
	if err := challenger.Validate(MaxDice); err != nil {
		return SkillResult{}, rulerr.Errorf("rules.away.challenger_dice", "challenger dice: %w", err)
	}
	need = max(need, 1)
	pairs, through := Compare(tester, challenger)
	r := SkillResult{Tester: sortedPool(tester), Opposed: len(challenger) > 0, Pairs: pairs, Successes: through, Need: need, Passed: through >= need}
	if r.Opposed {
		r.Challenger = challenger.Sorted()
	}
	return r, nil
}

// Explain returns one line per die (or pair) and the verdict.
func (r SkillResult) Explain() []string {
	lines := make([]string, 0, len(r.Pairs)+1)
	for i, p := range r.Pairs {
		if r.Opposed {
			lines = append(lines, fmt.Sprintf("pair %d: %s", i+1, explainPair(p, "tester", "challenger", "success")))
			continue
		}
		if p.Through() {
			lines = append(lines, fmt.Sprintf("die %d: %d is 4 or more, 1 success", i+1, p.Attack))
		} else {
			lines = append(lines, fmt.Sprintf("die %d: %d is below 4, no success", i+1, p.Attack))
		}
	}
	verdict := "failed"
	if r.Passed {
		verdict = "passed"
	}
	noun := "successes"
	if r.Successes == 1 {
		noun = "success"
	}
	lines = append(lines, fmt.Sprintf("result: %d %s, %d needed: %s", r.Successes, noun, r.Need, verdict))
	return lines
}
