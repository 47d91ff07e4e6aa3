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

// checkTrade holds a trade agreement step (SetTrade) to the rules of trade
// agreements: a new agreement needs both players to have made first
// contact (ruleTradeFirstContact, rules/ascendancy.CanTrade); an exhausted
// agreement is neither revoked (Remove) nor exchanged for another of the
// giver's cards (new Resources) until it is refreshed
// (ruleTradeExhausted, rules/ascendancy.TradeAgreement.Revocable). p holds
// the agreement from giver; held indexes it in p.Agreements (-1: p holds
// none from giver). Marking an agreement exhausted or ready again is a
// correction and is not checked. SetTrade.decide calls it once it has
// found held.
func (cmd SetTrade) checkTrade(c *decideCtx, p, giver *AscPlayer, held int) error {
	if held < 0 || held >= len(p.Agreements) {
		if cmd.Remove {
			return nil
		}
		if why, bad := tradeContact(*p, *giver); bad {
			return c.breaksWith(ruleTradeFirstContact, why)
		}
		return nil
	}
	ag := p.Agreements[held]
	if ag.Revocable() {
		return nil
	}
	switch {
	case cmd.Remove:
		return c.breaks(ruleTradeExhausted, "track.trade_exhausted_not_revoked",
			"%s's trade agreement from %s is exhausted: it cannot be revoked until it is refreshed", p.Name, giver.Name)
	case cmd.Resources.Total() > 0 && cmd.Resources != ag.Resources:
		return c.breaks(ruleTradeExhausted, "track.trade_exhausted_not_exchanged",
			"%s's trade agreement from %s is exhausted: it cannot be exchanged until it is refreshed", p.Name, giver.Name)
	}
	return nil
}

// tradeContact is why p may not receive a new trade agreement from giver
// yet (bad false when both made first contact; seed 002 "Stabilire Accordi
// Commerciali": "dovete aver fatto il Primo Contatto").
func tradeContact(p, giver AscPlayer) (why Msg, bad bool) {
	if ascrules.CanTrade(p.FirstContact, giver.FirstContact) {
		return Msg{}, false
	}
	who := p
	if p.FirstContact {
		who = giver
	}
	return msgf("track.trade_needs_first_contact", "%s has not made first contact: no trade agreement between %s and %s yet", who.Name, p.Name, giver.Name), true
}

// TradeContact is the refusal SetTrade gives now to a new trade agreement
// from giver to p (nil when both have made first contact), for a screen
// to show before the tap; the table may still record it anyway.
func TradeContact(p, giver AscPlayer) *Rejection {
	why, bad := tradeContact(p, giver)
	if !bad {
		return nil
	}
	return ruleRejection(ruleTradeFirstContact, why)
}
