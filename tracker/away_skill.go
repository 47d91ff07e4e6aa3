package tracker

import (
	awayrules "tableops/rules/away"
)

// SkillTest resolves a Skill test with the rules engine
// (rules/away.ResolveSkill) and records the roll and the verdict in the game
// log. The tester's dice come from its card (rules/away.SetupSkill: Skill
// rating plus the tested specialization); a Challenger (a character), or a
// ChallengerRoll alone (a card or effect that challenges), makes it an opposed
// test. Need is the successes the card asks for (1 when left 0). Nothing on
// the table changes; score the mission with ScoreMission.
type SkillTest struct {
	Tester         string `json:"tester"`
	Specialization string `json:"specialization,omitempty"`
	Need           int    `json:"need,omitempty"`
	Roll           Roll   `json:"roll"`
	Challenger     string `json:"challenger,omitempty"`
	ChallengerRoll Roll   `json:"challenger_roll,omitempty"`
	// Backup, BackupBy and CardDice complete the tester's dice: the count
	// entered must be the Skill rating plus the specialization, +1 with
	// Backup, plus card dice.
	Backup   bool   `json:"backup,omitempty"`
	BackupBy string `json:"backup_by,omitempty"`
	CardDice int    `json:"card_dice,omitempty"`
	// Free marks a free Action a card gives (it does not count against
	// the activation's two Actions).
	Free bool `json:"free,omitempty"`
	// ChallengerBackup, ChallengerBackupBy and ChallengerCardDice complete
	// a challenging character's dice the same way: its Skill rating plus
	// the tested specialization, +1 with Backup, plus card dice (seed 001
	// "Skill Test", Opposed Skill Tests and Backup; quick reference).
	ChallengerBackup   bool   `json:"challenger_backup,omitempty"`
	ChallengerBackupBy string `json:"challenger_backup_by,omitempty"`
	ChallengerCardDice int    `json:"challenger_card_dice,omitempty"`
}

// CommandType implements Command.
func (SkillTest) CommandType() string { return "away.skill_test" }

// SkillTested records a Skill test: the dice and the rules' result.
type SkillTested struct {
	Tester         string                `json:"tester"`
	Specialization string                `json:"specialization,omitempty"`
	Challenger     string                `json:"challenger,omitempty"`
	Roll           RolledDice            `json:"roll"`
	ChallengerRoll RolledDice            `json:"challenger_roll"`
	Result         awayrules.SkillResult `json:"result"`
	// Action: the test was an Action of the current activation.
	Action bool `json:"action,omitempty"`
}

// EventType implements Payload.
func (SkillTested) EventType() string { return "away.skill_test" }

func (e SkillTested) apply(s *State) error {
	if err := e.Roll.check(); err != nil {
		return err
	}
	if err := e.ChallengerRoll.check(); err != nil {
		return err
	}
	if err := withChar(s, e.Tester, func(*AwayState, *Character) error { return nil }); err != nil {
		return err
	}
	return countAction(s, e.Action)
}

func (cmd SkillTest) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwayAction); err != nil {
		return err
	}
	tester, err := a.characterInPlay(cmd.Tester)
	if err != nil {
		return err
	}
	counts, err := c.takeAction(a, tester, awayrules.ActionSkill, cmd.Free)
	if err != nil {
		return err
	}
	if err := c.backupBy(a, cmd.BackupBy, tester, cmd.Backup); err != nil {
		return err
	}
	if cmd.CardDice < 0 || cmd.CardDice > awayrules.MaxDice || cmd.ChallengerCardDice < 0 || cmd.ChallengerCardDice > awayrules.MaxDice {
		return reject(CodeInvalid, "track.card_dice_are_0_to", "Card dice are 0 to %d.", awayrules.MaxDice)
	}
	if cmd.Need < 0 || cmd.Need > awayrules.MaxDice {
		return reject(CodeInvalid, "track.a_skill_test_needs_1_to", "A Skill test needs 1 to %d successes.", awayrules.MaxDice)
	}
	spec := trimSpace(cmd.Specialization)
	if len([]rune(spec)) > maxNameLen {
		return reject(CodeInvalid, "track.the_specialization_name_is_too_long", "The specialization name is too long.")
	}
	roll, err := c.roll(cmd.Roll, awayrules.MaxDice, msgf("track.skill_dice", "skill dice"))
	if err != nil {
		return err
	}
	ss := awayrules.SetupSkill(tester.Character, spec, cmd.Backup)
	ss.CardDice = cmd.CardDice
	if want := ss.Dice().Kept; len(roll.Faces) != want {
		if err := c.breaks(ruleSkillDice, "track.rolls_dice_for_this_test_not", "%s rolls %d dice for this test, not %d", tester.Name, want, len(roll.Faces)); err != nil {
			return err
		}
	}
	var chRoll RolledDice
	chName := ""
	if cmd.Challenger == "" && (cmd.ChallengerBackup || cmd.ChallengerBackupBy != "" || cmd.ChallengerCardDice != 0) {
		return reject(CodeInvalid, "track.challenger_backup_needs_a_challenger", "The challenger's Backup and card dice need a challenging character.")
	}
	switch {
	case cmd.Challenger == "" && (len(cmd.ChallengerRoll.Faces) > 0 || cmd.ChallengerRoll.Virtual > 0):
		// Opposed by a card or an effect rather than a character.
		chName = "the challenge"
		if chRoll, err = c.roll(cmd.ChallengerRoll, awayrules.MaxDice, msgf("track.challenger_dice", "challenger's dice")); err != nil {
			return err
		}
	case cmd.Challenger != "":
		ch, err := a.characterInPlay(cmd.Challenger)
		if err != nil {
			return err
		}
		chName = ch.Name
		if err := c.backupBy(a, cmd.ChallengerBackupBy, ch, cmd.ChallengerBackup); err != nil {
			return err
		}
		if chRoll, err = c.roll(cmd.ChallengerRoll, awayrules.MaxDice, msgf("track.challenger_dice", "challenger's dice")); err != nil {
			return err
		}
		// The challenger rolls its Skill rating with the tested
		// specialization, Backup and card dice, as a tester does.
		cs := awayrules.SetupSkill(ch.Character, spec, cmd.ChallengerBackup)
		cs.CardDice = cmd.ChallengerCardDice
		if want := cs.Dice().Kept; len(chRoll.Faces) != want {
			if err := c.breaks(ruleSkillDice, "track.challenges_with_dice_for_this_test", "%s challenges with %d dice for this test, not %d", ch.Name, want, len(chRoll.Faces)); err != nil {
				return err
			}
		}
	}
	res, err := awayrules.ResolveSkill(roll.Faces, chRoll.Faces, cmd.Need)
	if err != nil {
		return reject(CodeInvalid, "track.skill_test", "Skill test: %v", err)
	}
	verdict := Msg{Key: "track.verdict.failed", Text: "failed"}
	if res.Passed {
		verdict = Msg{Key: "track.verdict.passed", Text: "passed"}
	}
	what := "a Skill test"
	if spec != "" {
		what = spec + " test"
	}
	label := say("track.takes", "%s takes %s: %s", tester.Name, what, roll)
	if chName != "" {
		label.add("track.against_s", " against %s's %s", chName, chRoll)
	}
	label.add("track.of", ", %d of %d: %s", res.Successes, res.Need, verdict)
	return c.emit(label, SkillTested{Tester: tester.ID, Specialization: spec, Challenger: cmd.Challenger,
		Roll: roll, ChallengerRoll: chRoll, Result: res, Action: counts})
}
