package tracker

import (
	ascrules "tableops/rules/ascendancy"
)

// TestDiplomacy resolves a diplomacy test (rules/ascendancy.Diplomacy): one
// die plus the player's ascendancy must beat the card's diplomacy number.
// Card names the card for the log (optional). Nothing else changes.
type TestDiplomacy struct {
	Player string `json:"player"`
	Card   string `json:"card,omitempty"`
	Number int    `json:"number"`
	Roll   Roll   `json:"roll"`
}

// CommandType implements Command.
func (TestDiplomacy) CommandType() string { return "asc.diplomacy" }

// DiplomacyTested records a diplomacy test and its result.
type DiplomacyTested struct {
	Player string     `json:"player"`
	Card   string     `json:"card,omitempty"`
	Number int        `json:"number"`
	Dice   RolledDice `json:"dice"`
	Total  int        `json:"total"`
	Pass   bool       `json:"pass"`
}

// EventType implements Payload.
func (DiplomacyTested) EventType() string { return "asc.diplomacy" }

func (e DiplomacyTested) apply(*State) error { return e.Dice.check() }

func (cmd TestDiplomacy) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	card := trimSpace(cmd.Card)
	if len([]rune(card)) > maxNameLen {
		return reject(CodeInvalid, "track.the_card_name_is_too_long", "The card name is too long.")
	}
	if cmd.Number < 0 || cmd.Number > 50 {
		return reject(CodeInvalid, "track.enter_cards_diplomacy_number_0_to", "Enter the card's diplomacy number (0 to 50).")
	}
	rd, err := c.roll(cmd.Roll, 1, msgf("track.diplomacy_roll", "diplomacy roll"))
	if err != nil {
		return err
	}
	if len(rd.Faces) != 1 {
		return reject(CodeInvalid, "track.a_diplomacy_test_rolls_one_die", "A diplomacy test rolls one die.")
	}
	total, pass, err := ascrules.Diplomacy(rd.Faces[0], p.Ascendancy, cmd.Number)
	if err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	what := Msg{Key: "track.what.diplomacy_test", Text: "the diplomacy test"}
	if card != "" {
		what = raw(card)
	}
	verdict := Msg{Key: "track.verdict.fails", Text: "fails"}
	if pass {
		verdict = Msg{Key: "track.verdict.passes", Text: "passes"}
	}
	label := say("track.against", "%s %s %s: %d against %d", p.Name, verdict, what, total, cmd.Number)
	return c.emit(label, DiplomacyTested{Player: p.ID, Card: card, Number: cmd.Number, Dice: rd, Total: total, Pass: pass})
}
