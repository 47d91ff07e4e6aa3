package tracker

import (
	awayrules "tableops/rules/away"
)

// Actions in an activation (Away Missions rulebook, Activating a
// Character): an activated character takes two Actions, one with a Bonus
// Action token. Attacks (ApplyAttack) and Skill tests (SkillTest) count as
// the Action they are; TakeAction records the others.

// ActionsPerActivation is the Actions an activation gives; a Bonus Action
// token gives BonusActions.
const (
	ActionsPerActivation = 2
	BonusActions         = 1
)

// ActionsLeft returns the Actions the current activation (Active) still
// has: 2 after Activate, 1 after a Bonus Action, minus those taken; 0 when
// no character is active.
func (a *AwayState) ActionsLeft() int {
	if a.Active == "" {
		return 0
	}
	return max(0, a.actionLimit()-a.Actions)
}

// actionLimit is the Actions the current activation gives.
func (a *AwayState) actionLimit() int {
	if a.BonusActive {
		return BonusActions
	}
	return ActionsPerActivation
}

// takeAction checks that ch may take an Action of kind now (mayAct) and
// that the activation has one left. It reports whether the Action counts
// against the activation: not a free Action (one a card gives, "Free
// Actions"), and only while a character is activated.
func (c *decideCtx) takeAction(a *AwayState, ch *Character, kind awayrules.ActionKind, free bool) (bool, error) {
	if err := c.mayAct(a, ch, kind); err != nil {
		return false, err
	}
	if a.Active == "" || free {
		return false, nil
	}
	if a.ActionsLeft() == 0 {
		limit := a.actionLimit()
		name := a.Active
		if act, err := a.character(a.Active); err == nil {
			name = act.Name
		}
		if len(a.Orders.Activation) > 0 && !a.Activating {
			// Ended (End activation, or its character left the game):
			// the turn has passed.
			if err := c.breaks(ruleTwoActions, "track.activation_is_over", "%s's activation is over: the turn has passed", name); err != nil {
				return false, err
			}
		} else if err := c.breaks(ruleTwoActions, "track.has_taken_of_action_s_in", "%s has taken %d of %d Action(s) in this activation", name, a.Actions, limit); err != nil {
			return false, err
		}
	}
	return true, nil
}

// actionNames words each kind of Action in the log ("take cover"); the
// Away Missions terms stay English in every language, the words around
// them do not ("passes").
var actionNames = map[awayrules.ActionKind]Msg{
	awayrules.ActionMove:      {Key: "track.action_kind.move", Text: "move"},
	awayrules.ActionAttack:    {Key: "track.action_kind.attack", Text: "attack"},
	awayrules.ActionTakeCover: {Key: "track.action_kind.take_cover", Text: "take cover"},
	awayrules.ActionSpecial:   {Key: "track.action_kind.special", Text: "special"},
	awayrules.ActionSkill:     {Key: "track.action_kind.skill", Text: "skill test"},
	awayrules.ActionRecover:   {Key: "track.action_kind.recover", Text: "recover"},
	awayrules.ActionDraw:      {Key: "track.action_kind.draw", Text: "draws instead"},
	awayrules.ActionPass:      {Key: "track.action_kind.pass", Text: "passes"},
}

func actionWords(kind awayrules.ActionKind) Msg {
	if m, ok := actionNames[kind]; ok {
		return m
	}
	return raw(string(kind))
}

// ActionTaken records an Action TakeAction recorded; Counts: it counts
// against the current activation's Actions (not a free one).
type ActionTaken struct {
	Character string               `json:"character"`
	Kind      awayrules.ActionKind `json:"kind"`
	Counts    bool                 `json:"counts,omitempty"`
}

// EventType implements Payload.
func (ActionTaken) EventType() string { return "away.action_taken" }

func (e ActionTaken) apply(s *State) error {
	if err := withChar(s, e.Character, func(*AwayState, *Character) error { return nil }); err != nil {
		return err
	}
	return countAction(s, e.Counts)
}

// TakeAction records an Action the tracker has no other command for, by
// the activated character (or, under Hivemind, a friendly Borg Drone):
// move, take_cover (places the Take Cover token), special (a card's
// Special Action), recover (removes one Stun token), draw (draw a Support
// card or swap a Mission card instead of an Action) or pass. Attacks and
// Skill tests are recorded with ApplyAttack and SkillTest, which count as
// the Action. Free marks a free Action a card gives: it does not count
// against the two Actions. A Move takes off the character's Take Cover
// token (it leaves its space: "Take Cover Actions"), unless InPlace says
// it ended in the same space.
type TakeAction struct {
	Character string               `json:"character"`
	Kind      awayrules.ActionKind `json:"kind"`
	Free      bool                 `json:"free,omitempty"`
	InPlace   bool                 `json:"in_place,omitempty"`
}

// CommandType implements Command.
func (TakeAction) CommandType() string { return "away.action" }

func (cmd TakeAction) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwayAction); err != nil {
		return err
	}
	ch, err := a.characterInPlay(cmd.Character)
	if err != nil {
		return err
	}
	switch cmd.Kind {
	case awayrules.ActionMove, awayrules.ActionTakeCover, awayrules.ActionSpecial, awayrules.ActionDraw, awayrules.ActionPass:
	case awayrules.ActionRecover:
		if ch.Stun == 0 {
			return reject(CodeRules, "track.has_no_stun_token_to_remove", "%s has no Stun token to remove.", ch.Name)
		}
	case awayrules.ActionAttack, awayrules.ActionSkill:
		return reject(CodeInvalid, "track.record_attack_or_skill_test_with", "Record an attack or a Skill test with its dice: it counts as the Action.")
	default:
		return reject(CodeInvalid, "track.an_action_is_move_take_cover", "An Action is move, take_cover, special, recover, draw or pass, not %q.", cmd.Kind)
	}
	counts, err := c.takeAction(a, ch, cmd.Kind, cmd.Free)
	if err != nil {
		return err
	}
	label := say("track.free_action", "%s: free Action (%s)", ch.Name, actionWords(cmd.Kind))
	if counts {
		label = say("track.action_of", "%s: Action %d of %d (%s)", ch.Name, a.Actions+1, a.actionLimit(), actionWords(cmd.Kind))
	} else if !cmd.Free {
		label = say("track.action", "%s: Action (%s)", ch.Name, actionWords(cmd.Kind))
	}
	if cmd.Kind == awayrules.ActionTakeCover && ch.TakeCover {
		// Not barred, but it adds nothing: one token, one more Defense
		// die (seed 001 "Take Cover Actions"; issue 28, 7).
		label.add("track.already_has_take_cover_token", ": already has a Take Cover token, no effect")
	}
	if err := c.emit(label, ActionTaken{Character: ch.ID, Kind: cmd.Kind, Counts: counts}); err != nil {
		return err
	}
	switch cmd.Kind {
	case awayrules.ActionRecover:
		card, _ := awayrules.RemoveStun(ch.Character, 1)
		return c.emit(say("track.recovers_one_stun_token_off_left", "%s recovers: one Stun token off (%d left)", ch.Name, card.Stun), StunSet{Character: ch.ID, Stun: card.Stun})
	case awayrules.ActionTakeCover:
		if ch.TakeCover {
			return nil
		}
		return c.emit(say("track.takes_cover_action", "%s takes cover", ch.Name), TakeCoverSet{Character: ch.ID, On: true})
	case awayrules.ActionMove:
		if !ch.TakeCover || cmd.InPlace {
			return nil
		}
		return c.emit(say("track.leaves_cover_action", "%s leaves cover: Take Cover token off", ch.Name), TakeCoverSet{Character: ch.ID, On: false})
	}
	return nil
}
