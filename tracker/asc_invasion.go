package tracker

import (
	"fmt"

	ascrules "tableops/rules/ascendancy"
)

// InvasionUnderWay is a planetary invasion while it lasts: who invades
// whom and where, the last round fought and what it left. An invasion goes
// on round after round, without another command, until the attacker
// retreats, the defender surrenders or a round has an outcome (seed 002
// "La Battaglia Continua"); a new phase or turn ends it.
type InvasionUnderWay struct {
	Attacker string `json:"attacker"`
	// Defender is the controlling player's id ("" for an independent
	// system).
	Defender string `json:"defender,omitempty"`
	System   string `json:"system,omitempty"`
	// Round is the last round fought; the next one is Round+1.
	Round int `json:"round"`
	// Ships are the attacking ships left, Nodes the planet's nodes left
	// (control node included).
	Ships int `json:"ships"`
	Nodes int `json:"nodes"`
	// DefenderWeapons and DefenderShields are the defender's hit roll and
	// shield modifier (an independent system's tech level; the player's own
	// for a player's system).
	DefenderWeapons int `json:"defender_weapons,omitempty"`
	DefenderShields int `json:"defender_shields,omitempty"`
}

// NextRound is the round the invasion fights next.
func (u *InvasionUnderWay) NextRound() int { return u.Round + 1 }

// invasionLeft is the invasion a round fought leaves under way, or nil when
// the round ended it (success, annihilation, failure, surrender, no ships
// or nodes left).
func invasionLeft(e InvasionFought) *InvasionUnderWay {
	r := e.Result
	if r.Over || r.Failed || r.Outcome == ascrules.Surrendered || r.AttackerShipsLeft < 1 || r.NodesLeft < 1 {
		return nil
	}
	in := e.Invasion
	return &InvasionUnderWay{Attacker: in.Attacker.Player, Defender: e.Defender, System: e.System,
		Round: in.Round, Ships: r.AttackerShipsLeft, Nodes: r.NodesLeft,
		DefenderWeapons: in.DefenderWeapons, DefenderShields: in.DefenderShields}
}

// InvasionFor returns the invasion under way that a round between attacker
// and defender ("" an independent system) continues, or nil: then the
// round starts a new invasion.
func (a *AscendancyState) InvasionFor(attacker, defender string) *InvasionUnderWay {
	u := a.Invasion
	if u == nil || u.Attacker != attacker || u.Defender != defender {
		return nil
	}
	return u
}

// invasionRound works out the round cmd fights (Round 0: the next one) and
// holds a later round to the invasion under way: its next round, with no
// more ships or nodes than it left.
func (cmd InvasionRound) invasionRound(c *decideCtx, a *AscendancyState, att *AscPlayer) (int, error) {
	u := a.InvasionFor(cmd.Attacker, cmd.Defender)
	round := cmd.Round
	if round == 0 {
		round = 1
		if u != nil {
			round = u.NextRound()
		}
	}
	if round == 1 {
		return 1, nil
	}
	if u == nil {
		return round, c.breaks(ruleInvasionGoesOn, "track.no_invasion_under_way_new_round_1", "No invasion by %s of %s is under way: a new invasion starts at round 1, not round %d", att.Name, a.seatName(cmd.Defender), round)
	}
	if err := c.check(round != u.NextRound(), ruleInvasionGoesOn, "track.this_is_round_of_invasion_not", "This is round %d of the invasion, not round %d", u.NextRound(), round); err != nil {
		return round, err
	}
	if err := c.check(cmd.Ships > u.Ships, ruleInvasionLosses, "track.has_ship_s_left_in_invasion", "%s has %d ship(s) left in this invasion, not %d", att.Name, u.Ships, cmd.Ships); err != nil {
		return round, err
	}
	return round, c.check(cmd.Nodes > u.Nodes, ruleInvasionLosses, "track.the_planet_has_node_s_left", "The planet has %d node(s) left, not %d", u.Nodes, cmd.Nodes)
}

// validateInvasion checks the invasion under way read from outside.
func validateInvasion(u *InvasionUnderWay, players map[string]bool) error {
	if !players[u.Attacker] {
		return fmt.Errorf("an invasion by %s, who is not in the game", short(u.Attacker))
	}
	if u.Defender != "" && !players[u.Defender] {
		return fmt.Errorf("an invasion of %s, who is not in the game", short(u.Defender))
	}
	if u.Defender == u.Attacker {
		return fmt.Errorf("%s invades their own system", short(u.Attacker))
	}
	if err := checkTexts(maxNameLen, u.System); err != nil {
		return fmt.Errorf("the invasion under way: %v", err)
	}
	switch {
	case outside(u.Round, 1, 100):
		return fmt.Errorf("an invasion at round %d", u.Round)
	case outside(u.Ships, 1, maxCount):
		return fmt.Errorf("an invasion with %d ship(s) left", u.Ships)
	case outside(u.Nodes, 1, 20):
		return fmt.Errorf("an invasion of a planet with %d node(s) left", u.Nodes)
	case u.Defender == "" && (outside(u.DefenderWeapons, 1, 6) || outside(u.DefenderShields, 0, 6)):
		return fmt.Errorf("an independent system with hit roll %d and shields %d", u.DefenderWeapons, u.DefenderShields)
	}
	return nil
}

// InvasionShips is the most ships attacker may bring to the next invasion
// round against defender ("" an independent system): their ships on the
// board, and no more than the invasion under way between them left.
func (a *AscendancyState) InvasionShips(attacker, defender string) int {
	p, err := a.player(attacker)
	if err != nil {
		return 0
	}
	if u := a.InvasionFor(attacker, defender); u != nil {
		return min(p.Ships, u.Ships)
	}
	return p.Ships
}
