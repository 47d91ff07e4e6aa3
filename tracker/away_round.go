package tracker

import (
	"fmt"
	"slices"
	"strings"

	awayrules "tableops/rules/away"
)

// AwayOrder records an order decided by die rolls: OrderBoard (Scan Mission
// Area), OrderBeamDown (Beam Down) or OrderActivation (Roll for First
// Activation, at the start of each action phase). Give one of: Rolls, each
// player's physical rolls in the order they were made (the first roll, then
// any roll-off rolls while tied); Virtual, to have the app roll the whole
// roll-off; or Order, the player ids in an agreed order. Ties are resolved
// by the rules engine (rules/away.RollOff: tied players roll again among
// themselves).
type AwayOrder struct {
	Which   string           `json:"which"`
	Rolls   map[string][]int `json:"rolls,omitempty"`
	Virtual bool             `json:"virtual,omitempty"`
	Order   []string         `json:"order,omitempty"`
}

// CommandType implements Command.
func (AwayOrder) CommandType() string { return "away.order" }

func (cmd AwayOrder) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	switch cmd.Which {
	case OrderBoard, OrderBeamDown:
		if err := wantPhase(a, AwayPreparation); err != nil {
			return err
		}
	case OrderActivation:
		if err := wantPhase(a, AwayAction); err != nil {
			return err
		}
		if slices.ContainsFunc(a.Characters, func(ch Character) bool { return ch.Activated }) {
			return reject(CodeNotNow, "track.the_first_activation_has_already_been", "The first activation has already been decided: characters have activated.")
		}
	default:
		return reject(CodeInvalid, "track.unknown_order_board_beam_down_or", "Unknown order %q (board, beam_down or activation).", cmd.Which)
	}
	players := make([]string, len(a.Players))
	for i, p := range a.Players {
		players[i] = p.ID
	}
	ev := AwayOrderSet{Which: cmd.Which}
	given := 0
	for _, b := range []bool{len(cmd.Rolls) > 0, cmd.Virtual, len(cmd.Order) > 0} {
		if b {
			given++
		}
	}
	if given != 1 {
		return reject(CodeInvalid, "track.give_players_rolls_or_roll_virtually", "Give the players' rolls, or roll virtually, or give the order.")
	}
	switch {
	case cmd.Virtual:
		if c.seeds == nil {
			return reject(CodeInvalid, "track.this_game_cannot_roll_virtual_dice", "This game cannot roll virtual dice.")
		}
		seed := c.seeds.NextSeed()
		ro, err := awayrules.RollOffVirtual(players, seed)
		if err != nil {
			return reject(CodeRules, "track.roll_off", "Roll-off: %v", err)
		}
		ev.Order, ev.RollOff, ev.Seed = ro.Order(), &ro, &seed
	case len(cmd.Rolls) > 0:
		for pid, faces := range cmd.Rolls {
			if _, err := a.player(pid); err != nil {
				return err
			}
			if len(faces) > 20 {
				return reject(CodeInvalid, "track.too_many_rolls_for", "Too many rolls for %s.", a.playerName(pid))
			}
		}
		ro, err := awayrules.NewRollOff(players)
		if err != nil {
			return reject(CodeInvalid, "track.roll_off", "Roll-off: %v", err)
		}
		used := map[string]int{}
		for !ro.Done() {
			pending := ro.Pending()
			rolls := make([]int, len(pending))
			for i, pid := range pending {
				k := used[pid]
				if k >= len(cmd.Rolls[pid]) {
					names := make([]string, len(pending))
					for j, q := range pending {
						names[j] = a.playerName(q)
					}
					if k == 0 {
						return reject(CodeInvalid, "track.has_no_roll", "%s has no roll.", a.playerName(pid))
					}
					return reject(CodeRules, "track.are_tied_they_roll_again_add", "%s are tied: they roll again; add the new roll after the first.", strings.Join(names, " and "))
				}
				rolls[i] = cmd.Rolls[pid][k]
				used[pid]++
			}
			if ro, err = ro.Record(rolls); err != nil {
				return reject(CodeInvalid, "track.roll_off", "Roll-off: %v", err)
			}
		}
		ev.Order, ev.RollOff = ro.Order(), &ro
	default:
		ev.Order = cmd.Order
	}
	if len(ev.Order) != len(a.Players) {
		return reject(CodeInvalid, "track.the_order_must_name_each_of", "The order must name each of the %d players once.", len(a.Players))
	}
	seen := map[string]bool{}
	names := make([]string, len(ev.Order))
	for i, pid := range ev.Order {
		if _, err := a.player(pid); err != nil {
			return err
		}
		if seen[pid] {
			return reject(CodeInvalid, "track.appears_twice_in_order", "%s appears twice in the order.", a.playerName(pid))
		}
		seen[pid] = true
		names[i] = a.playerName(pid)
	}
	if cmd.Which == OrderActivation && a.teamGame() {
		if len(cmd.Order) == 0 {
			// The roll-off winner's team activates first; the teams alternate.
			ev.Order = a.alternateTeams(ev.Order)
		} else if i := a.sameTeamRun(ev.Order); i > 0 {
			if err := c.breaks(ruleTeamsAlternate, "track.and_are_on_same_team_and", "%s and %s are on the same team and cannot activate one after the other",
				a.playerName(ev.Order[i-1]), a.playerName(ev.Order[i])); err != nil {
				return err
			}
		}
		for i, pid := range ev.Order {
			names[i] = a.playerName(pid)
		}
	}
	what := map[string]*words{OrderBoard: say("track.order_board", "Places the first board"), OrderBeamDown: say("track.order_beam_down", "Beam-down order"), OrderActivation: say("track.order_activation", "Activation order")}[cmd.Which]
	if what == nil {
		what = &words{t: Texts{raw(cmd.Which)}}
	}
	return c.emit(what.add("track.order_names", ": %s", strings.Join(names, ", ")), ev)
}

// teamGame reports whether the players play in teams.
func (a *AwayState) teamGame() bool {
	return slices.ContainsFunc(a.Players, func(p AwayPlayer) bool { return p.Team != "" })
}

func (a *AwayState) teamOf(pid string) string {
	if p, err := a.player(pid); err == nil && p.Team != "" {
		return p.Team
	}
	return "player:" + pid
}

// alternateTeams turns a roll-off order of players into a team order: the
// first player's team, then the other, in turn, each team's players in the
// roll-off order.
func (a *AwayState) alternateTeams(order []string) []string {
	var teams []string
	by := map[string][]string{}
	for _, pid := range order {
		t := a.teamOf(pid)
		if _, ok := by[t]; !ok {
			teams = append(teams, t)
		}
		by[t] = append(by[t], pid)
	}
	out := make([]string, 0, len(order))
	for len(out) < len(order) {
		for _, t := range teams {
			if len(by[t]) > 0 {
				out = append(out, by[t][0])
				by[t] = by[t][1:]
			}
		}
	}
	return out
}

// sameTeamRun returns the first index i > 0 where order[i] follows a team
// mate while another team still has players to come, or 0.
func (a *AwayState) sameTeamRun(order []string) int {
	for i := 1; i < len(order); i++ {
		t := a.teamOf(order[i])
		if t != a.teamOf(order[i-1]) {
			continue
		}
		for _, rest := range order[i:] {
			if a.teamOf(rest) != t {
				return i
			}
		}
	}
	return 0
}

// StartRound moves to the draw phase of the next round (1 to 3). From round
// 2 on, Activated tokens come off the characters ("Clear the Board").
type StartRound struct{}

// CommandType implements Command.
func (StartRound) CommandType() string { return "away.start_round" }

func (StartRound) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	switch {
	case a.Phase == AwayPreparation:
		if len(a.Orders.BeamDown) == 0 {
			return reject(CodeNotNow, "track.decide_who_beams_down_first_before", "Decide who beams down first before round 1.")
		}
	case a.Phase == AwayAction && a.Round < 3:
		if err := actionPhaseDone(a); err != nil {
			return err
		}
	default:
		return wantPhase(a, "")
	}
	round := a.Round + 1
	if err := c.emit(say("track.round_draw_phase", "Round %d: draw phase", round), AwayPhaseChanged{Phase: AwayDraw, Round: round}); err != nil {
		return err
	}
	if round > 1 {
		return c.emit(say("track.activated_tokens_removed", "Activated tokens removed"), ActivationsCleared{})
	}
	return nil
}

// actionPhaseDone refuses to leave an action phase while someone still has
// a character to activate or a bonus action token.
func actionPhaseDone(a *AwayState) error {
	var left []string
	for _, p := range a.Players {
		if a.hasActivation(p.ID) {
			left = append(left, p.Name)
		}
	}
	if len(left) > 0 {
		return reject(CodeNotNow, "track.not_everyone_has_activated_yet", "Not everyone has activated yet: %s.", strings.Join(left, ", "))
	}
	return nil
}

// StartActionPhase ends the draw phase: Escalation characters due this round
// enter the mission area, bonus action tokens are assigned from the
// characters in play (Away Missions "Assign Bonus Actions"), and the
// activation order is recorded from FirstActivation (the "Roll for First
// Activation"; it may also be given later with AwayOrder).
//
// When several players have Escalation characters arriving together, they
// place them alternately, one each, starting with the winner of a die
// roll: EscalationOrder gives that order (player ids); without it the
// beam-down order is used.
type StartActionPhase struct {
	FirstActivation *AwayOrder `json:"first_activation,omitempty"`
	EscalationOrder []string   `json:"escalation_order,omitempty"`
}

// CommandType implements Command.
func (StartActionPhase) CommandType() string { return "away.start_action" }

// arrivals brings in the Escalation characters due this round, in the
// rulebook's placing order (rules/away.EscalationPlacement).
func (cmd StartActionPhase) arrivals(c *decideCtx, a *AwayState) error {
	due := map[string][]Character{}
	for _, ch := range a.Characters {
		if ch.Status == StatusWaiting && ch.Escalation <= a.Round {
			due[ch.Owner] = append(due[ch.Owner], ch)
		}
	}
	order := cmd.EscalationOrder
	if len(order) == 0 {
		order = a.Orders.BeamDown
	}
	if len(order) == 0 {
		for _, p := range a.Players {
			order = append(order, p.ID)
		}
	}
	seen := map[string]bool{}
	counts := make([]int, len(order))
	for i, pid := range order {
		if _, err := a.player(pid); err != nil {
			return err
		}
		if seen[pid] {
			return reject(CodeInvalid, "track.appears_twice_in_escalation_order", "%s appears twice in the Escalation order.", a.playerName(pid))
		}
		seen[pid] = true
		counts[i] = len(due[pid])
	}
	for pid := range due {
		if !seen[pid] {
			return reject(CodeInvalid, "track.the_escalation_order_must_name_who", "The Escalation order must name %s, who has characters arriving.", a.playerName(pid))
		}
	}
	placing, err := awayrules.EscalationPlacement(order, counts)
	if err != nil {
		return reject(CodeInvalid, "track.escalation", "Escalation: %v", err)
	}
	for _, pid := range placing {
		ch := due[pid][0]
		due[pid] = due[pid][1:]
		if err := c.emit(say("track.arrives_escalation", "%s: %s arrives (Escalation %d)", a.playerName(ch.Owner), ch.Name, ch.Escalation),
			CharacterArrived{Character: ch.ID}); err != nil {
			return err
		}
	}
	return nil
}

func (cmd StartActionPhase) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwayDraw); err != nil {
		return err
	}
	if err := c.emit(say("track.round_action_phase", "Round %d: action phase", a.Round), AwayPhaseChanged{Phase: AwayAction, Round: a.Round}); err != nil {
		return err
	}
	if err := cmd.arrivals(c, a); err != nil {
		return err
	}
	bonus, err := bonusActions(a)
	if err != nil {
		return reject(CodeRules, "track.bonus_actions", "Bonus actions: %v", err)
	}
	for _, p := range a.Players {
		if n := bonus[p.ID]; n > 0 {
			if err := c.emit(say("track.bonus_action_token_s", "%s: %d bonus action token(s)", p.Name, n),
				TokensSet{Player: p.ID, Token: TokenBonusActions, Count: n}); err != nil {
				return err
			}
		}
	}
	if cmd.FirstActivation != nil {
		o := *cmd.FirstActivation
		o.Which = OrderActivation
		return o.decide(c)
	}
	return nil
}

// Activate records that a character was activated (two actions, then an
// Activated token). It must be the controlling player's turn when the
// activation order is known.
type Activate struct {
	Character string `json:"character"`
}

// CommandType implements Command.
func (Activate) CommandType() string { return "away.activate" }

func (cmd Activate) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwayAction); err != nil {
		return err
	}
	ch, err := a.character(cmd.Character)
	if err != nil {
		return err
	}
	if ch.Status != StatusInPlay {
		return reject(CodeRules, "track.is_not_in_mission_area", "%s is not in the mission area.", ch.Name)
	}
	if err := c.check(ch.Activated, ruleOneActivation, "track.has_already_activated_this_round", "%s has already activated this round", ch.Name); err != nil {
		return err
	}
	if err := c.checkTurn(a, ch.Controller); err != nil {
		return err
	}
	return c.emit(say("track.activates", "%s: %s activates", a.playerName(ch.Controller), ch.Name),
		CharacterActivated{Character: ch.ID, Player: ch.Controller, Holds: len(a.Orders.Activation) > 0})
}

// checkTurn checks that it is player's turn to activate (or use a Bonus
// Action token) when the activation order is known.
func (c *decideCtx) checkTurn(a *AwayState, player string) error {
	if len(a.Orders.Activation) == 0 {
		return nil
	}
	if a.Activating && a.ActionsLeft() > 0 {
		name := a.Active
		if act, err := a.character(a.Active); err == nil {
			name = act.Name
		}
		if err := c.breaks(ruleFinishActivation, "track.activation_not_over", "%s's activation is not over: %d Action(s) left (take them, or end the activation)", name, a.ActionsLeft()); err != nil {
			return err
		}
		return nil
	}
	cur := a.CurrentPlayer()
	if cur == "" {
		return c.breaks(ruleActivationTurns, "track.everyone_has_activated_this_round", "Everyone has activated this round")
	}
	return c.check(!sameSide(a, cur, player), ruleActivationTurns, "track.it_is_s_turn_to_activate", "It is %s's turn to activate, not %s's", a.playerName(cur), a.playerName(player))
}

// SameSide reports whether two players act together: the same player, or
// team mates (Away Missions "Team Games").
func (a *AwayState) SameSide(x, y string) bool { return sameSide(a, x, y) }

// sameSide reports whether two players act together (same player, or team mates).
func sameSide(a *AwayState, x, y string) bool {
	if x == y {
		return true
	}
	px, err1 := a.player(x)
	py, err2 := a.player(y)
	return err1 == nil && err2 == nil && px.Team != "" && px.Team == py.Team
}

// UseBonusAction spends one of Player's bonus action tokens for one action
// with any friendly character in play, activated or not.
type UseBonusAction struct {
	Player    string `json:"player"`
	Character string `json:"character"`
}

// CommandType implements Command.
func (UseBonusAction) CommandType() string { return "away.bonus_action" }

func (cmd UseBonusAction) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwayAction); err != nil {
		return err
	}
	p, err := a.player(cmd.Player)
	if err != nil {
		return err
	}
	ch, err := a.character(cmd.Character)
	if err != nil {
		return err
	}
	switch {
	case p.Tokens[TokenBonusActions] < 1:
		return reject(CodeRules, "track.has_no_bonus_action_token", "%s has no bonus action token.", p.Name)
	case ch.Status != StatusInPlay:
		return reject(CodeRules, "track.is_not_in_mission_area", "%s is not in the mission area.", ch.Name)
	case !sameSide(a, ch.Controller, p.ID):
		return reject(CodeRules, "track.is_not_s_character", "%s is not %s's character.", ch.Name, p.Name)
	}
	if err := c.checkTurn(a, p.ID); err != nil {
		return err
	}
	left := p.Tokens[TokenBonusActions] - 1
	return c.emit(say("track.bonus_action_with_left", "%s: bonus action with %s (%d left)", p.Name, ch.Name, left),
		CharacterActivated{Character: ch.ID, Player: p.ID, Bonus: true, Holds: len(a.Orders.Activation) > 0})
}

// EndActivation ends the activation that holds the turn before all its
// Actions are recorded (its player passes the rest, or the character can
// no longer act): the turn passes to the next player (Away Missions
// rulebook, Subsequent Activations).
type EndActivation struct{}

// CommandType implements Command.
func (EndActivation) CommandType() string { return "away.end_activation" }

func (EndActivation) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwayAction); err != nil {
		return err
	}
	if !a.Activating {
		return reject(CodeNothing, "track.no_activation_under_way", "No activation is under way.")
	}
	name, player := a.Active, ""
	if ch, err := a.character(a.Active); err == nil {
		name, player = ch.Name, a.playerName(ch.Controller)
	}
	return c.emit(say("track.activation_ends", "%s: %s's activation ends (%d Action(s) not taken)", player, name, a.ActionsLeft()),
		ActivationEnded{Character: a.Active})
}

// ActivationEnded: the activation of Character was ended before its
// Actions were all taken; the turn passes.
type ActivationEnded struct {
	Character string `json:"character"`
}

// EventType implements Payload.
func (ActivationEnded) EventType() string { return "away.activation_ended" }

func (e ActivationEnded) apply(s *State) error {
	a, err := awayOf(s)
	if err != nil {
		return err
	}
	if !a.Activating || a.Active != e.Character {
		return fmt.Errorf("no activation of %q under way", e.Character)
	}
	a.endActivation()
	return nil
}

// EndGame ends round 3 and moves to Beam Up and Debrief.
type EndGame struct{}

// CommandType implements Command.
func (EndGame) CommandType() string { return "away.end_game" }

func (EndGame) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwayAction); err != nil {
		return err
	}
	if a.Round < 3 {
		return reject(CodeNotNow, "track.the_game_lasts_three_rounds_this", "The game lasts three rounds; this is round %d.", a.Round)
	}
	if err := actionPhaseDone(a); err != nil {
		return err
	}
	return c.emit(say("track.beam_up_and_debrief", "Beam up and debrief"), AwayPhaseChanged{Phase: AwayDebrief, Round: a.Round})
}
