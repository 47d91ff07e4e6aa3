package tracker

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	awayrules "tableops/rules/away"
)

// AwayPlayerAdded: a player joins the game (setup).
type AwayPlayerAdded struct {
	Player AwayPlayer `json:"player"`
}

// EventType implements Payload.
func (AwayPlayerAdded) EventType() string { return "away.player_added" }

func (e AwayPlayerAdded) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	// Copy what the event holds by reference: the state must never share
	// memory with the log.
	p := e.Player
	p.Tokens = maps.Clone(p.Tokens)
	if p.Tokens == nil {
		p.Tokens = map[string]int{}
	}
	p.Missions = append([]ScoredMission{}, p.Missions...)
	a.Players = append(a.Players, p)
	a.NextID++
	return nil
}

// CharacterAdded: a character joins a player's away team.
type CharacterAdded struct {
	Character Character `json:"character"`
}

// EventType implements Payload.
func (CharacterAdded) EventType() string { return "away.character_added" }

func (e CharacterAdded) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	if _, err := a.player(e.Character.Owner); err != nil {
		return err
	}
	ch := e.Character
	ch.Character = ch.Character.Clone()
	a.Characters = append(a.Characters, ch)
	a.NextID++
	return nil
}

// CharacterRemoved: a character entered by mistake is taken off the team (setup).
type CharacterRemoved struct {
	Character string `json:"character"`
}

// EventType implements Payload.
func (CharacterRemoved) EventType() string { return "away.character_removed" }

func (e CharacterRemoved) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(a.Characters, func(c Character) bool { return c.ID == e.Character })
	if i < 0 {
		return fmt.Errorf("no character %q", e.Character)
	}
	a.Characters = slices.Delete(a.Characters, i, i+1)
	return nil
}

// OverlaySet: the printed ratings of the Borg Assimilation Overlay, as the
// players read them from their own overlay card.
type OverlaySet struct {
	Overlay awayrules.Overlay `json:"overlay"`
}

// EventType implements Payload.
func (OverlaySet) EventType() string { return "away.overlay_set" }

func (e OverlaySet) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	o := awayrules.Overlay{Tracks: e.Overlay.Tracks.Clone(), Rules: slices.Clone(e.Overlay.Rules)}
	for _, w := range e.Overlay.Weapons {
		w.Keywords = slices.Clone(w.Keywords)
		o.Weapons = append(o.Weapons, w)
	}
	a.Overlay = &o
	return nil
}

// AwayOrderSet: an order decided by die rolls (or agreed) was recorded,
// with the roll-off (every round of rolls) and, for a virtual roll-off, its
// seed (rules/away.RollOffVirtual).
type AwayOrderSet struct {
	Which   string             `json:"which"`
	Order   []string           `json:"order"`
	RollOff *awayrules.RollOff `json:"roll_off,omitempty"`
	Seed    *uint64            `json:"seed,omitempty"`
}

// EventType implements Payload.
func (AwayOrderSet) EventType() string { return "away.order_set" }

func (e AwayOrderSet) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	order := append([]string{}, e.Order...)
	switch e.Which {
	case OrderBoard:
		a.Orders.Board = order
	case OrderBeamDown:
		a.Orders.BeamDown = order
	case OrderActivation:
		a.Orders.Activation = order
		a.Turn = a.nextTurn(-1)
	default:
		return fmt.Errorf("unknown order %q", e.Which)
	}
	return nil
}

// AwayPhaseChanged: the round walker moved on.
type AwayPhaseChanged struct {
	Phase string `json:"phase"`
	Round int    `json:"round"`
}

// EventType implements Payload.
func (AwayPhaseChanged) EventType() string { return "away.phase" }

func (e AwayPhaseChanged) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	a.Phase, a.Round = e.Phase, e.Round
	if e.Phase == AwayDraw {
		a.Orders.Activation = nil
		a.Turn = -1
	}
	return nil
}

// ActivationsCleared: Activated tokens come off every character (draw
// phase, "Clear the Board") and unused bonus action tokens are discarded.
type ActivationsCleared struct{}

// EventType implements Payload.
func (ActivationsCleared) EventType() string { return "away.activations_cleared" }

func (ActivationsCleared) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	for i := range a.Characters {
		a.Characters[i].Activated = false
	}
	a.Active, a.Actions, a.BonusActive, a.Activating = "", 0, false, false
	for i := range a.Players {
		delete(a.Players[i].Tokens, TokenBonusActions)
	}
	return nil
}

// CharacterArrived: an Escalation character enters the mission area.
type CharacterArrived struct {
	Character string `json:"character"`
}

// EventType implements Payload.
func (CharacterArrived) EventType() string { return "away.arrived" }

func (e CharacterArrived) apply(s *State) error {
	return withChar(s, e.Character, func(_ *AwayState, c *Character) error {
		c.Status = StatusInPlay
		return nil
	})
}

// TokensSet: a player's or a character's count of one kind of token.
// Exactly one of Player and Character is set.
type TokensSet struct {
	Player    string `json:"player,omitempty"`
	Character string `json:"character,omitempty"`
	Token     string `json:"token"`
	Count     int    `json:"count"`
}

// EventType implements Payload.
func (TokensSet) EventType() string { return "away.tokens" }

func (e TokensSet) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	if e.Count < 0 {
		return fmt.Errorf("negative token count")
	}
	if e.Character != "" {
		c, err := a.character(e.Character)
		if err != nil {
			return err
		}
		if e.Token != TokenHonor {
			return fmt.Errorf("characters hold honor tokens only")
		}
		c.Honor = e.Count
		return nil
	}
	p, err := a.player(e.Player)
	if err != nil {
		return err
	}
	if e.Count == 0 {
		delete(p.Tokens, e.Token)
	} else {
		p.Tokens[e.Token] = e.Count
	}
	a.settleTurn()
	return nil
}

// PegsSet: the number of Health pegs in one rating track.
type PegsSet struct {
	Character string           `json:"character"`
	Track     awayrules.Rating `json:"track"`
	Pegs      int              `json:"pegs"`
}

// EventType implements Payload.
func (PegsSet) EventType() string { return "away.pegs" }

func (e PegsSet) apply(s *State) error {
	return withChar(s, e.Character, func(_ *AwayState, c *Character) error {
		t := c.Tracks.Get(e.Track)
		if t == nil {
			return fmt.Errorf("no track %q", e.Track)
		}
		if e.Pegs < 1 || e.Pegs > len(t.Values) {
			return fmt.Errorf("%d pegs in a track of %d holes", e.Pegs, len(t.Values))
		}
		t.Pegs = e.Pegs
		return nil
	})
}

// StunSet: a character's number of stun tokens (two = Incapacitated).
type StunSet struct {
	Character string `json:"character"`
	Stun      int    `json:"stun"`
}

// EventType implements Payload.
func (StunSet) EventType() string { return "away.stun" }

func (e StunSet) apply(s *State) error {
	return withChar(s, e.Character, func(_ *AwayState, c *Character) error {
		if e.Stun < 0 || e.Stun > 2 {
			return fmt.Errorf("%d stun tokens", e.Stun)
		}
		c.Stun = e.Stun
		return nil
	})
}

// TakeCoverSet: a character's Take Cover token was placed or removed.
type TakeCoverSet struct {
	Character string `json:"character"`
	On        bool   `json:"on"`
}

// EventType implements Payload.
func (TakeCoverSet) EventType() string { return "away.take_cover" }

func (e TakeCoverSet) apply(s *State) error {
	return withChar(s, e.Character, func(_ *AwayState, c *Character) error {
		c.TakeCover = e.On
		return nil
	})
}

// CharacterActivated: a character was activated (two actions, Activated
// token) or took one action through a bonus action token of Player.
//
// Holds: the activation holds the turn until its Actions are taken or it
// is ended (Away Missions rulebook, Subsequent Activations: once you have
// activated a character, and taken its Actions, it is the other player's
// turn). Events written before it existed pass the turn at once.
type CharacterActivated struct {
	Character string `json:"character"`
	Player    string `json:"player"`
	Bonus     bool   `json:"bonus"`
	Holds     bool   `json:"holds,omitempty"`
}

// EventType implements Payload.
func (CharacterActivated) EventType() string { return "away.activated" }

func (e CharacterActivated) apply(s *State) error {
	return withChar(s, e.Character, func(a *AwayState, c *Character) error {
		if e.Bonus {
			p, err := a.player(e.Player)
			if err != nil {
				return err
			}
			if p.Tokens[TokenBonusActions] < 1 {
				return fmt.Errorf("%s has no bonus action token", p.Name)
			}
			p.Tokens[TokenBonusActions]--
			if p.Tokens[TokenBonusActions] == 0 {
				delete(p.Tokens, TokenBonusActions)
			}
		} else {
			c.Activated = true
		}
		switch {
		case len(a.Orders.Activation) == 0:
		case e.Holds:
			// A new activation while another holds the turn (a table
			// ruling) takes over the held turn.
			a.Activating = true
		default:
			a.Turn = a.nextTurn(a.Turn)
		}
		a.Active, a.Actions, a.BonusActive = c.ID, 0, e.Bonus
		return nil
	})
}

// AttackResolved records an attack action: its setup, dice and the rules'
// result; the stun, damage, neutralization or assimilation it causes follow
// as their own events in the same step.
type AttackResolved struct {
	Attacker string                 `json:"attacker,omitempty"`
	Target   string                 `json:"target"`
	Weapon   string                 `json:"weapon,omitempty"`
	Setup    awayrules.AttackSetup  `json:"setup"`
	Attack   RolledDice             `json:"attack"`
	Defense  RolledDice             `json:"defense"`
	Result   awayrules.AttackResult `json:"result"`
	// Action: the attack was an Action of the current activation (it
	// counts against its two Actions).
	Action bool `json:"action,omitempty"`
}

// EventType implements Payload.
func (AttackResolved) EventType() string { return "away.attack" }

func (e AttackResolved) apply(s *State) error {
	if err := e.Attack.check(); err != nil {
		return err
	}
	if err := e.Defense.check(); err != nil {
		return err
	}
	if err := withChar(s, e.Target, func(*AwayState, *Character) error { return nil }); err != nil {
		return err
	}
	return countAction(s, e.Action)
}

// countAction counts one Action of the current activation when action is
// set.
func countAction(s *State, action bool) error {
	a, err := awayOf(s)
	if err != nil || !action {
		return err
	}
	if a.Active == "" {
		return errors.New("an Action with no activated character")
	}
	a.Actions++
	if a.Activating && a.Actions >= a.actionLimit() {
		a.endActivation()
	}
	return nil
}

// endActivation ends the activation holding the turn: the turn passes to
// the next player with something left to activate, and the Actions it did
// not take are gone (issue 28, 3: an ended activation takes no more).
func (a *AwayState) endActivation() {
	if !a.Activating {
		return
	}
	a.Activating = false
	a.Actions = max(a.Actions, a.actionLimit())
	a.Turn = a.nextTurn(a.Turn)
}

// CharacterNeutralized: a character leaves the game. Card is the card as
// the rules leave it (an assimilated character's card back with its owner).
type CharacterNeutralized struct {
	Character string              `json:"character"`
	Card      awayrules.Character `json:"card"`
}

// EventType implements Payload.
func (CharacterNeutralized) EventType() string { return "away.neutralized" }

func (e CharacterNeutralized) apply(s *State) error {
	return withChar(s, e.Character, func(a *AwayState, c *Character) error {
		c.Character = e.Card.Clone()
		c.Neutralized = true
		c.Status = StatusNeutralized
		c.Controller = c.Owner
		if c.ID == a.Active {
			// A character neutralized during its own activation takes no
			// more Actions: the turn passes.
			a.endActivation()
		}
		a.settleTurn()
		return nil
	})
}

// CharacterAssimilated: a character neutralized by an assimilation weapon
// became a Borg drone under the Borg player's control; Card is the card as
// the rules leave it (overlay tracks with full pegs, one stun token, the
// original card remembered).
type CharacterAssimilated struct {
	Character string              `json:"character"`
	By        string              `json:"by"`
	Card      awayrules.Character `json:"card"`
}

// EventType implements Payload.
func (CharacterAssimilated) EventType() string { return "away.assimilated" }

func (e CharacterAssimilated) apply(s *State) error {
	return withChar(s, e.Character, func(a *AwayState, c *Character) error {
		if _, err := a.player(e.By); err != nil {
			return err
		}
		c.Character = e.Card.Clone()
		c.Controller = e.By
		c.Status = StatusInPlay
		c.Honor = 0
		a.settleTurn()
		return nil
	})
}

// MissionScored: a mission card went to a player's scoring area.
type MissionScored struct {
	Player  string        `json:"player"`
	Mission ScoredMission `json:"mission"`
}

// EventType implements Payload.
func (MissionScored) EventType() string { return "away.mission_scored" }

func (e MissionScored) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	p, err := a.player(e.Player)
	if err != nil {
		return err
	}
	p.Missions = append(p.Missions, e.Mission)
	return nil
}

// AwayFinished: the debrief is done and the winner decided.
type AwayFinished struct {
	Standing AwayStanding `json:"standing"`
}

// EventType implements Payload.
func (AwayFinished) EventType() string { return "away.finished" }

func (e AwayFinished) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	st := e.Standing
	st.Totals = maps.Clone(st.Totals)
	st.Winners = append([]string{}, st.Winners...)
	st.Tied = slices.Clone(st.Tied)
	a.Result = &st
	a.Phase = AwayOver
	return nil
}

func withChar(s *State, id string, fn func(*AwayState, *Character) error) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	c, err := a.character(id)
	if err != nil {
		return err
	}
	return fn(a, c)
}
