package tracker

import (
	"fmt"
	"slices"

	borgrules "tableops/rules/borg"
)

// ReclaimRound is one round of a player invading a Borg system to reclaim
// it (rules/borg.ResolveReclaim): no first strike; hits at least equal to
// the structures (spire, nodes, a cube atop the spire) remove the spire and
// everything on it; fewer do nothing and the spire gains a node. The Borg
// system's dice (BorgRoll, one per structure; optional when the table does
// not roll them) hit on the console's hit roll and destroy the player's
// ships.
//
// A reclaim is an invasion (seed 004 "Reclaiming Borg Systems"): round 1
// is a command of the player's own turn, in the Command phase, and
// exhausts a command token (ruleReclaimCommand); later rounds continue the
// reclaim under way (AscendancyState.Reclaim) without another command, with
// no more ships than it left. Round 0 is the next round: 1 unless this
// player's reclaim of this spire is under way.
type ReclaimRound struct {
	Round      int    `json:"round,omitempty"`
	Spire      string `json:"spire"`
	Player     string `json:"player"`
	Ships      int    `json:"ships"`
	BonusDice  int    `json:"bonus_dice,omitempty"`
	HitsOnSix  bool   `json:"hits_on_six,omitempty"`
	PlayerRoll Roll   `json:"player_roll"`
	BorgRoll   Roll   `json:"borg_roll,omitempty"`
}

// CommandType implements Command.
func (ReclaimRound) CommandType() string { return "borg.reclaim_round" }

// ReclaimFought records a reclaim round: the dice and the rules' result.
// Round is the round of the reclaim (0 in games saved before reclaims had
// rounds: read as round 1).
type ReclaimFought struct {
	Round      int                     `json:"round,omitempty"`
	Spire      string                  `json:"spire"`
	Player     string                  `json:"player"`
	Reclaim    borgrules.Reclaim       `json:"reclaim"`
	PlayerDice RolledDice              `json:"player_dice"`
	BorgDice   RolledDice              `json:"borg_dice"`
	Result     borgrules.ReclaimResult `json:"result"`
}

// EventType implements Payload.
func (ReclaimFought) EventType() string { return "asc.reclaim" }

// apply also sets the reclaim under way to what the round left.
func (e ReclaimFought) apply(s *State) error {
	if err := checkDice(e.PlayerDice, e.BorgDice); err != nil {
		return err
	}
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	a.Reclaim = reclaimLeft(e)
	return nil
}

// ReclaimUnderWay is a player's invasion of a Borg system while it lasts:
// it goes on round after round, without another command, until the system
// is reclaimed or the player has no ships left in it; a new phase or turn
// ends it (seed 004 "Reclaiming Borg Systems", seed 002 "The Battle
// Continues").
type ReclaimUnderWay struct {
	Player string `json:"player"`
	Spire  string `json:"spire"`
	// Round is the last round fought; Ships the player's ships left in it.
	Round int `json:"round"`
	Ships int `json:"ships"`
}

// reclaimLeft is the reclaim a round leaves under way, or nil when the
// round ended it (reclaimed, or no ships left).
func reclaimLeft(e ReclaimFought) *ReclaimUnderWay {
	ships := e.Reclaim.Fleet.Ships - min(e.Result.BorgHits, e.Reclaim.Fleet.Ships)
	if e.Result.Reclaimed || ships < 1 {
		return nil
	}
	return &ReclaimUnderWay{Player: e.Player, Spire: e.Spire, Round: max(1, e.Round), Ships: ships}
}

// ReclaimFor returns the reclaim of spire by player under way, or nil: then
// a round starts a new reclaim.
func (a *AscendancyState) ReclaimFor(player, spire string) *ReclaimUnderWay {
	u := a.Reclaim
	if u == nil || u.Player != player || u.Spire != spire {
		return nil
	}
	return u
}

// validateReclaim checks the reclaim under way read from outside: a player
// in the game, a spire in play, counts a running reclaim can have.
func validateReclaim(u *ReclaimUnderWay, players map[string]bool, spires map[string]bool) error {
	switch {
	case !players[u.Player]:
		return fmt.Errorf("a reclaim by %s, who is not in the game", short(u.Player))
	case !spires[u.Spire]:
		return fmt.Errorf("a reclaim of %s, which is not in play", short(u.Spire))
	case outside(u.Round, 1, 100):
		return fmt.Errorf("a reclaim at round %d", u.Round)
	case outside(u.Ships, 1, maxCount):
		return fmt.Errorf("a reclaim with %d ship(s) left", u.Ships)
	}
	return nil
}

// reclaimRound works out the round cmd fights (Round 0: the next one) and
// holds it to the rules of an invasion: round 1 is a command of the
// player's own turn, in the Command phase, with a command token
// (ruleReclaimCommand: np is the player's record with it exhausted); a
// later round continues the reclaim under way (ruleInvasionGoesOn), with
// no more ships than it left (ruleInvasionLosses).
func (cmd ReclaimRound) reclaimRound(c *decideCtx, a *AscendancyState, p *AscPlayer, np *AscPlayer) (int, error) {
	if cmd.Round < 0 || cmd.Round > 100 {
		return 0, reject(CodeInvalid, "track.rounds_count_from_1", "Rounds count from 1.")
	}
	u := a.ReclaimFor(p.ID, cmd.Spire)
	round := cmd.Round
	if round == 0 {
		round = 1
		if u != nil {
			round = u.Round + 1
		}
	}
	if round == 1 {
		return 1, cmd.command(c, a, np)
	}
	if u == nil {
		return round, c.breaks(ruleInvasionGoesOn, "track.no_reclaim_under_way_new_round_1",
			"No reclaim by %s of %s is under way: a new one starts at round 1, not round %d", p.Name, cmd.Spire, round)
	}
	if err := c.check(round != u.Round+1, ruleInvasionGoesOn, "track.this_is_round_of_invasion_not", "This is round %d of the invasion, not round %d", u.Round+1, round); err != nil {
		return round, err
	}
	return round, c.check(cmd.Ships > u.Ships, ruleInvasionLosses, "track.has_ship_s_left_in_invasion", "%s has %d ship(s) left in this invasion, not %d", p.Name, u.Ships, cmd.Ships)
}

// command holds round 1 of a reclaim to ruleReclaimCommand: the player's
// own turn, the Command phase, a command token, which it exhausts on np.
func (cmd ReclaimRound) command(c *decideCtx, a *AscendancyState, np *AscPlayer) error {
	if a.CurrentSeat() != np.ID {
		if err := c.breaks(ruleReclaimCommand, "track.it_is_not_s_turn", "It is not %s's turn (%s)", np.Name, a.summary().Stage); err != nil {
			return err
		}
	} else if a.Walker.Phase != PhaseCommand {
		if err := c.breaks(ruleReclaimCommand, "track.is_in_building_phase_commands_come", "%s is in the building phase: commands come after it", np.Name); err != nil {
			return err
		}
	}
	if np.Ready() < 1 {
		if err := c.breaks(ruleReclaimCommand, "track.has_command_s_ready_needs", "%s has %d command(s) ready; %s needs %d", np.Name, np.Ready(),
			msgf("track.what_a_reclaim", "the attack on a Borg system"), 1); err != nil {
			return err
		}
	}
	np.Exhausted = min(np.Commands, np.Exhausted+1)
	return nil
}

func (cmd ReclaimRound) decide(c *decideCtx) error {
	a, b, err := c.borg(AscExecution)
	if err != nil {
		return err
	}
	si := slices.IndexFunc(b.Spires, func(s borgrules.Spire) bool { return s.ID == cmd.Spire })
	if si < 0 {
		return reject(CodeNotFound, "track.there_is_no_spire", "There is no spire %q.", cmd.Spire)
	}
	p, err := a.player(cmd.Player)
	if err != nil {
		return err
	}
	if cmd.Ships < 1 || cmd.Ships > p.Ships {
		return reject(CodeRules, "track.has_ship_s_on_board_in_3", "%s has %d ship(s) on the board; %d in the attack.", p.Name, p.Ships, cmd.Ships)
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	round, err := cmd.reclaimRound(c, a, p, &np)
	if err != nil {
		return err
	}
	if cmd.BonusDice < 0 || cmd.BonusDice > 20 {
		return reject(CodeInvalid, "track.bonus_dice_are_0_to_20", "Bonus dice are 0 to 20.")
	}
	sp := b.Spires[si]
	r := borgrules.Reclaim{Spire: sp, Fleet: borgrules.Fleet{Player: p.ID, Ships: cmd.Ships, Weapons: p.Weapons, HitsOnSix: cmd.HitsOnSix, BonusDice: cmd.BonusDice}}
	pd, err := c.roll(cmd.PlayerRoll, 0, msgf("track.whose_dice", "%s's dice", p.Name))
	if err != nil {
		return err
	}
	r.PlayerFaces = pd.Faces
	bd, err := c.roll(cmd.BorgRoll, 0, msgf("track.borg_system_dice", "the Borg system's dice"))
	if err != nil {
		return err
	}
	if len(bd.Faces) > 0 {
		if r.BorgHit, err = b.Hits.HitRoll(len(b.Spires)); err != nil {
			return reject(CodeNotNow, "", "%v", err)
		}
		r.BorgFaces = bd.Faces
	}
	res, err := borgrules.ResolveReclaim(r)
	if err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	name := sp.System
	if name == "" {
		name = sp.ID
	}
	label := say("track.attacks_borg_system_hit_s_on", "%s attacks the Borg system %s: %d hit(s) on %d structure(s)", p.Name, name, res.Hits, res.Structures)
	if res.Reclaimed {
		label.add("track.reclaimed", ": reclaimed")
	} else {
		label.add("track.no_effect_spire_gains_node", ": no effect, the spire gains a node")
	}
	if err := c.emit(label, ReclaimFought{Round: round, Spire: sp.ID, Player: p.ID, Reclaim: r, PlayerDice: pd, BorgDice: bd, Result: res}); err != nil {
		return err
	}
	if res.Reclaimed {
		b.Spires = slices.Delete(b.Spires, si, si+1)
	} else {
		b.Spires[si] = res.Spire
	}
	if err := c.emit(nil, BorgSet{Borg: b}); err != nil {
		return err
	}
	return cmd.setPlayer(c, round, np, min(res.BorgHits, cmd.Ships))
}

// setPlayer emits the player's record when the round changed it: the
// command token of round 1, the ships the Borg system destroyed.
func (cmd ReclaimRound) setPlayer(c *decideCtx, round int, np AscPlayer, lost int) error {
	if lost <= 0 && round != 1 {
		return nil
	}
	np.Ships = max(0, np.Ships-lost)
	l := say("track.a_command_for_reclaim", "%s: a command for the attack on the Borg system", np.Name)
	if lost > 0 {
		l = say("track.loses_ship_s_left", "%s loses %d ship(s) (%d left)", np.Name, lost, np.Ships)
		if round == 1 {
			l.add("track.a_command_exhausted", "; a command exhausted")
		}
	}
	return setPlayer(c, l, np)
}
