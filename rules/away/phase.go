package away

import (
	"slices"

	"tableops/rules/dice"
	"tableops/rules/rulerr"
)

// BonusActions returns how many Bonus Action tokens each player takes at
// the start of an Action Phase, given how many characters each has in play
// ("Action Phase", 1 Assign Bonus Actions). Two players: the one with fewer
// characters takes the difference. Three or four players, free-for-all or
// in two teams: every player takes as many tokens as the player with the
// most characters has more than them ("Three and Four Player Games", Assign
// Bonus Actions, in both the free-for-all and the team rules, which count
// per player). One formula covers every case.
func BonusActions(inPlay []int) ([]int, error) {
	most := 0
	for i, n := range inPlay {
		if n < 0 {
			return nil, rulerr.Errorf("rules.away.player_has_characters_in_play", "player %d has %d characters in play", i+1, n)
		}
		most = max(most, n)
	}
	out := make([]int, len(inPlay))
	for i, n := range inPlay {
		out[i] = most - n
	}
	return out, nil
}

// RollOff decides an order by die rolls ("Action Phase", 2 Roll for First
// Activation; "Three and Four Player Games", First Activation and Resolving
// Ties). Everyone rolls; higher rolls go first. Tied players form a group
// that goes before lower rollers and rolls again to order itself; players
// still tied roll again, and so on. With two players or two teams a tie is
// simply rolled again. The value is plain data; each Record returns a new
// one.
type RollOff struct {
	// Groups are the players in order, highest first; a group of more than
	// one is still tied and must roll.
	Groups [][]string `json:"groups"`
	// History lists every round of rolls, in order.
	History []RollOffRound `json:"history,omitempty"`
}

// RollOffRound is one round of rolls by a tied group.
type RollOffRound struct {
	Players []string `json:"players"`
	Rolls   []int    `json:"rolls"`
}

// NewRollOff starts a roll-off among distinct, non-empty player (or team)
// names.
func NewRollOff(players []string) (RollOff, error) {
	if len(players) == 0 {
		return RollOff{}, rulerr.New("rules.away.roll_off_needs_at_least_one", "a roll-off needs at least one player")
	}
	seen := map[string]bool{}
	for _, p := range players {
		if p == "" {
			return RollOff{}, rulerr.New("rules.away.roll_off_player_has_no_name", "a roll-off player has no name")
		}
		if seen[p] {
			return RollOff{}, rulerr.Errorf("rules.away.player_is_in_roll_off_twice", "player %q is in the roll-off twice", p)
		}
		seen[p] = true
	}
	return RollOff{Groups: [][]string{slices.Clone(players)}}, nil
}

// Pending returns the players who must roll next (the first tied group), or
// nil when the order is decided.
func (r RollOff) Pending() []string {
	for _, g := range r.Groups {
		if len(g) > 1 {
			return slices.Clone(g)
		}
	}
	return nil
}

// Done reports whether the order is decided.
func (r RollOff) Done() bool { return r.Pending() == nil }

// Order returns the players first to last (tied groups in entry order
// until decided).
func (r RollOff) Order() []string {
	var out []string
	for _, g := range r.Groups {
		out = append(out, g...)
	}
	return out
}

// Record takes the rolls of the Pending players, in Pending's order, and
// splits their group by result, highest first; equal results stay grouped.
func (r RollOff) Record(rolls []int) (RollOff, error) {
	gi := -1
	for i, g := range r.Groups {
		if len(g) > 1 {
			gi = i
			break
		}
	}
	if gi < 0 {
		return r, rulerr.New("rules.away.roll_off_is_already_decided", "the roll-off is already decided")
	}
	group := r.Groups[gi]
	if len(rolls) != len(group) {
		return r, rulerr.Errorf("rules.away.players_must_roll_got_rolls", "%d players must roll, got %d rolls", len(group), len(rolls))
	}
	for i, f := range rolls {
		if f < 1 || f > dice.Sides {
			return r, rulerr.Errorf("rules.away.rolled", "%s rolled %d: %w", group[i], f, dice.ErrBadFace)
		}
	}
	var split [][]string
	for face := dice.Sides; face >= 1; face-- {
		var g []string
		for i, f := range rolls {
			if f == face {
				g = append(g, group[i])
			}
		}
		if g != nil {
			split = append(split, g)
		}
	}
	out := RollOff{Groups: make([][]string, 0, len(r.Groups)+len(split)-1)}
	for i, g := range r.Groups {
		if i == gi {
			out.Groups = append(out.Groups, split...)
		} else {
			out.Groups = append(out.Groups, slices.Clone(g))
		}
	}
	out.History = append(slices.Clone(r.History), RollOffRound{Players: slices.Clone(group), Rolls: slices.Clone(rolls)})
	return out, nil
}

// maxRollOffRounds bounds RollOffVirtual; ties that long are practically
// impossible but must not loop forever.
const maxRollOffRounds = 1000

// RollOffVirtual runs a whole roll-off with virtual dice: round k rolls
// from seed+k, so the result is reproducible from the seed.
func RollOffVirtual(players []string, seed uint64) (RollOff, error) {
	r, err := NewRollOff(players)
	if err != nil {
		return r, err
	}
	for k := uint64(0); !r.Done(); k++ {
		if k >= maxRollOffRounds {
			return r, rulerr.Errorf("rules.away.roll_off_still_tied_after_rounds", "roll-off still tied after %d rounds", maxRollOffRounds)
		}
		r, err = r.Record(dice.Roll(len(r.Pending()), seed+k))
		if err != nil {
			return r, err
		}
	}
	return r, nil
}

// Arrivals returns the indexes of the characters with Escalation round that
// arrive at the start of that round, after the Draw Phase and before the
// Action Phase ("Special Rules", Escalation #). Neutralized characters are
// left out.
func Arrivals(team []Character, round int) []int {
	var out []int
	for i, c := range team {
		if c.Escalation > 0 && c.Escalation == round && !c.Neutralized {
			out = append(out, i)
		}
	}
	return out
}

// InPlay reports whether c is in the mission area in round: not
// Neutralized and without an Escalation round still to come ("Special
// Rules", Escalation #).
func InPlay(c Character, round int) bool {
	return !c.Neutralized && c.Escalation <= round
}

// EscalationPlacement returns who places each arriving character, in
// order, when several players have Escalation characters arriving at once:
// in the order of their roll-off, they alternate placing one character
// each; a player with none left drops out ("Special Rules", Escalation #).
// arriving[i] is how many characters order[i] places.
func EscalationPlacement(order []string, arriving []int) ([]string, error) {
	if len(order) != len(arriving) {
		return nil, rulerr.Errorf("rules.away.players_but_arrival_counts", "%d players but %d arrival counts", len(order), len(arriving))
	}
	left := slices.Clone(arriving)
	total := 0
	for i, n := range left {
		if n < 0 {
			return nil, rulerr.Errorf("rules.away.has_arriving_characters", "%s has %d arriving characters", order[i], n)
		}
		total += n
	}
	out := make([]string, 0, total)
	for len(out) < total {
		for i := range order {
			if left[i] > 0 {
				out = append(out, order[i])
				left[i]--
			}
		}
	}
	return out, nil
}

// ActionKind is a kind of Action (or of what may be done instead of one).
type ActionKind string

// Action kinds ("Activating a Character"; "Draw Instead of Taking Actions";
// "Stun", Activating While Stunned).
const (
	ActionMove      ActionKind = "move"
	ActionAttack    ActionKind = "attack"
	ActionTakeCover ActionKind = "take_cover"
	ActionSpecial   ActionKind = "special"
	ActionSkill     ActionKind = "skill"
	ActionRecover   ActionKind = "recover"
	ActionDraw      ActionKind = "draw"
	ActionPass      ActionKind = "pass"
)

// CanAct reports whether c may take an Action of the given kind, and why
// not. A Neutralized character takes none. Drawing a card and passing are
// done instead of an Action and are always open. While a character has a
// Stun token the only Action it can take is a Recover special action, and a
// Recover needs a Stun token to remove ("Stun", Activating While Stunned;
// Incapacitated characters have two tokens, so cannot Move, Attack or take
// Skill tests either).
func CanAct(c Character, kind ActionKind) (bool, string) {
	if why := ActRefusal(c, kind); why != nil {
		return false, why.Text()
	}
	return true, ""
}

// ActRefusal says why c may not take an Action of the given kind now, or is
// nil when it may (see CanAct).
func ActRefusal(c Character, kind ActionKind) *rulerr.Error {
	switch {
	case c.Neutralized:
		return rulerr.Errorf("rules.away.is_neutralized", "%s is Neutralized", c.Name)
	case kind == ActionDraw || kind == ActionPass:
		return nil
	case kind == ActionRecover && c.Stun == 0:
		return rulerr.Errorf("rules.away.no_stun_token_to_remove", "%s has no Stun token to remove", c.Name)
	case kind != ActionRecover && c.Stun > 0:
		return rulerr.Errorf("rules.away.stunned_may_only_recover", "%s has %d Stun token(s) and may only Recover", c.Name, c.Stun)
	}
	return nil
}

// CanGiveBackup reports whether c can give Backup to a friendly character
// in its space: it must be in play and not Incapacitated ("Stun",
// Incapacitated by Two Stun Tokens).
func CanGiveBackup(c Character) bool { return !c.Neutralized && !c.Incapacitated() }

// HivemindActors returns the indexes of the characters in team that may
// take an Action of the given kind for the Activated character team[active]
// ("Special Rules", Hivemind): the character itself, and, if it has the
// Hivemind rule and the Action is not a Move, every other friendly Borg
// Drone. Each must be able to take that Action (CanAct). Draw and Pass are
// player choices and return only the Activated character.
func HivemindActors(team []Character, active int, kind ActionKind) ([]int, error) {
	if active < 0 || active >= len(team) {
		return nil, rulerr.Errorf("rules.away.activated_character_of", "activated character %d of %d", active+1, len(team))
	}
	var out []int
	if ok, _ := CanAct(team[active], kind); ok {
		out = append(out, active)
	}
	if !team[active].HasRule(RuleHivemind) || kind == ActionMove || kind == ActionDraw || kind == ActionPass {
		return out, nil
	}
	for i, c := range team {
		if i == active || !c.Drone() {
			continue
		}
		if ok, _ := CanAct(c, kind); ok {
			out = append(out, i)
		}
	}
	return out, nil
}
