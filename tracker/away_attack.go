package tracker

import (
	"slices"
	"strings"

	awayrules "tableops/rules/away"
)

// ApplyAttack resolves an attack action with the rules engine
// (rules/away.ResolveAttack) and applies its result to the target in one
// step: the attack and defense dice (entered or virtual), then either one
// stun token or one Health peg off per point of damage from the tracks the
// target's owner chose, in order (Tracks). A character that must lose a peg
// while every track is at its lowest value is neutralized; by the Borg
// player's assimilation weapon, assimilated.
//
// With Attacker and Weapon the dice setup comes from the cards on file
// (rules/away.SetupAttack) plus the board facts given here (backup, card
// dice). Without an attacker (a character the app does not track) Setup
// must be given.
type ApplyAttack struct {
	Attacker        string                 `json:"attacker,omitempty"`
	Weapon          string                 `json:"weapon,omitempty"`
	Target          string                 `json:"target"`
	Backup          bool                   `json:"backup,omitempty"`
	TargetBackup    bool                   `json:"target_backup,omitempty"`
	CardDice        int                    `json:"card_dice,omitempty"`
	DefenseCardDice int                    `json:"defense_card_dice,omitempty"`
	Setup           *awayrules.AttackSetup `json:"setup,omitempty"`
	Attack          Roll                   `json:"attack"`
	Defense         Roll                   `json:"defense"`
	Tracks          []awayrules.Rating     `json:"tracks,omitempty"`
	// BackupBy and TargetBackupBy name the characters giving Backup
	// (optional): an Incapacitated character cannot.
	BackupBy       string `json:"backup_by,omitempty"`
	TargetBackupBy string `json:"target_backup_by,omitempty"`
	// Free marks a free Action a card gives (it does not count against
	// the activation's two Actions).
	Free bool `json:"free,omitempty"`
}

// mayAct checks that ch may take an Action of kind now: it is the activated
// character (or one of its Borg Drones under Hivemind), and its Stun tokens
// allow it (rules/away.CanAct).
func (c *decideCtx) mayAct(a *AwayState, ch *Character, kind awayrules.ActionKind) error {
	if ch.Incapacitated() && (kind == awayrules.ActionMove || kind == awayrules.ActionAttack || kind == awayrules.ActionSkill) {
		if err := c.breaks(ruleIncapacitated, "track.is_incapacitated", "%s is Incapacitated", ch.Name); err != nil {
			return err
		}
	} else if why := awayrules.ActRefusal(ch.Character, kind); why != nil {
		if err := c.breaks(ruleStunned, "", "%v", why); err != nil {
			return err
		}
	}
	if a.Active == "" || a.Active == ch.ID {
		return nil
	}
	act, err := a.character(a.Active)
	if err == nil && act.HasRule(awayrules.RuleHivemind) && kind != awayrules.ActionMove && ch.Drone() && sameSide(a, act.Controller, ch.Controller) {
		return nil
	}
	name := a.Active
	if err == nil {
		name = act.Name
	}
	return c.breaks(ruleActivatedActs, "track.is_activated_character_not", "%s is the activated character, not %s", name, ch.Name)
}

// backupBy checks the character named to give Backup to for.
func (c *decideCtx) backupBy(a *AwayState, id string, for_ *Character, backup bool) error {
	if id == "" {
		return nil
	}
	if !backup {
		return reject(CodeInvalid, "track.a_character_named_for_backup_needs", "A character named for Backup needs Backup on.")
	}
	b, err := a.characterInPlay(id)
	if err != nil {
		return err
	}
	if !sameSide(a, b.Controller, for_.Controller) || b.ID == for_.ID {
		return reject(CodeRules, "track.cannot_give_backup_not_friendly_character", "%s cannot give %s Backup: not a friendly character.", b.Name, for_.Name)
	}
	if !awayrules.CanGiveBackup(b.Character) {
		return c.breaks(ruleIncapacitated, "track.is_incapacitated_and_cannot_give_backup", "%s is Incapacitated and cannot give Backup", b.Name)
	}
	return nil
}

// CommandType implements Command.
func (ApplyAttack) CommandType() string { return "away.attack" }

func (cmd ApplyAttack) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwayAction); err != nil {
		return err
	}
	target, err := a.characterInPlay(cmd.Target)
	if err != nil {
		return err
	}
	var setup awayrules.AttackSetup
	var weapon *awayrules.Weapon
	by := ""
	attackerName := "Attack"
	counts := false
	switch {
	case cmd.Attacker != "":
		att, err := a.characterInPlay(cmd.Attacker)
		if err != nil {
			return err
		}
		if att.ID == target.ID {
			return reject(CodeRules, "track.cannot_attack_themselves", "%s cannot attack themselves.", att.Name)
		}
		if sameSide(a, att.Controller, target.Controller) {
			return reject(CodeRules, "track.and_are_on_same_side", "%s and %s are on the same side.", att.Name, target.Name)
		}
		i := slices.IndexFunc(att.Weapons, func(w awayrules.Weapon) bool { return strings.EqualFold(w.Name, cmd.Weapon) })
		if i < 0 {
			return reject(CodeNotFound, "track.has_no_attack_action_called", "%s has no attack action called %q.", att.Name, cmd.Weapon)
		}
		if counts, err = c.takeAction(a, att, awayrules.ActionAttack, cmd.Free); err != nil {
			return err
		}
		if err := c.backupBy(a, cmd.BackupBy, att, cmd.Backup); err != nil {
			return err
		}
		if err := c.backupBy(a, cmd.TargetBackupBy, target, cmd.TargetBackup); err != nil {
			return err
		}
		w := att.Weapons[i]
		setup = awayrules.SetupAttack(att.Character, w, target.Character, cmd.Backup, cmd.TargetBackup)
		setup.CardDice, setup.DefenseCardDice = cmd.CardDice, cmd.DefenseCardDice
		by, attackerName, weapon = att.Controller, att.Name, &w
	case cmd.Setup != nil:
		setup = *cmd.Setup
	default:
		return reject(CodeInvalid, "track.name_attacker_and_weapon_or_give", "Name the attacker and weapon, or give the attack's setup.")
	}
	if err := setup.Validate(); err != nil {
		return reject(CodeInvalid, "track.attack", "Attack: %v.", err)
	}
	atk, err := c.roll(cmd.Attack, awayrules.MaxDice, msgf("track.attack_dice", "attack dice"))
	if err != nil {
		return err
	}
	def, err := c.roll(cmd.Defense, awayrules.MaxDice, msgf("track.defense_dice", "defense dice"))
	if err != nil {
		return err
	}
	if cmd.Attacker != "" {
		wantA, wantD := setup.AttackDice().Kept, setup.DefenseDice().Kept
		if len(atk.Faces) != wantA || len(def.Faces) != wantD {
			if err := c.breaks(ruleAttackDice, "track.rolls_attack_dice_and_defense_dice", "%s rolls %d attack dice and %s %d defense dice, not %d and %d",
				attackerName, wantA, target.Name, wantD, len(atk.Faces), len(def.Faces)); err != nil {
				return err
			}
		}
	}
	res, err := awayrules.ResolveAttack(setup, atk.Faces, def.Faces)
	if err != nil {
		return reject(CodeInvalid, "track.attack", "Attack: %v.", err)
	}
	label := say("track.attacks_vs", "%s attacks %s: %s vs %s", attackerName, target.Name, atk, def)
	switch {
	case res.Stun > 0:
		label.add("track.stunned", ", stunned")
	default:
		label.add("track.damage", ", %d damage", res.Damage)
	}
	if err := c.emit(label, AttackResolved{Attacker: cmd.Attacker, Target: target.ID, Weapon: cmd.Weapon,
		Setup: setup, Attack: atk, Defense: def, Result: res, Action: counts}); err != nil {
		return err
	}
	return applyDamage(c, a, target.ID, res, cmd.Tracks, weapon, by)
}
