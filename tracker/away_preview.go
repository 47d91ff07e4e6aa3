package tracker

import (
	"strings"

	awayrules "tableops/rules/away"
)

// DamageTracks is the choice of tracks the damage form starts from for n
// Damage to a character: always one the rules allow (rules/away
// DefaultDamage); shorter than n when the character would be
// Neutralized, the points after that needing no choice. The owner may
// change it. Nil for a character not in the game.
func (a *AwayState) DamageTracks(character string, n int) []awayrules.Rating {
	ch, err := a.character(character)
	if err != nil || ch.Neutralized {
		return nil
	}
	return awayrules.DefaultDamage(ch.Character, n)
}

// AttackOutcome is what a resolved attack does to its target when it is
// applied, as its preview shows it: a Stun token, Neutralized, or
// Assimilated by the Borg player.
type AttackOutcome struct {
	// Neutralized: the target leaves the game, whatever tracks its
	// owner chooses ("Combat", step 6, Neutralized).
	Neutralized bool
	// Assimilated: the target is Neutralized by the Borg player's
	// Assimilation weapon and becomes a Borg Drone ("Special Rules",
	// Assimilate); Neutralized is set too.
	Assimilated bool
	// By is the name of the Borg player who assimilates the target.
	By string
	// CardReturns: an Assimilated target is Neutralized and its card goes
	// back to the player named here (its owner).
	CardReturns string
}

// AttackOutcome says what res, the result of attacker's weapon against
// target, does when applied (as ApplyAttack does it); the attacker may be
// "" (an attack with a setup of its own, which assimilates no one).
func (a *AwayState) AttackOutcome(attacker, weapon, target string, res awayrules.AttackResult) AttackOutcome {
	var out AttackOutcome
	tgt, err := a.character(target)
	if err != nil || tgt.Neutralized {
		return out
	}
	after := tgt.Character
	if res.Stun > 0 {
		after, _ = awayrules.GiveStun(after)
	}
	if !awayrules.Neutralizes(after, res.Damage) {
		return out
	}
	out.Neutralized = true
	if tgt.Assimilated != nil {
		out.CardReturns = a.playerName(tgt.Assimilated.Owner)
		return out
	}
	att, err := a.character(attacker)
	if err != nil {
		return out
	}
	for _, w := range att.Weapons {
		if !strings.EqualFold(w.Name, weapon) || !awayrules.NeutralizedBy(w, tgt.Character) {
			continue
		}
		if p, err := a.player(att.Controller); err == nil && p.Borg {
			out.Assimilated, out.By = true, p.Name
		}
	}
	return out
}
