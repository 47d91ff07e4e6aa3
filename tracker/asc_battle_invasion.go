package tracker

import (
	"fmt"

	ascrules "tableops/rules/ascendancy"
)

// OpenInvasion opens a round of a planetary invasion on every phone, as
// OpenBattle does a space battle: the round as InvasionRound gives it (the
// attacker's ships, the planet's nodes, the defender), and the dice of the
// sides that rolled already (AttackerRoll, DefenderRoll with faces or
// virtual dice; none: that side enters them later, BattleDice). The
// attacker and the defending player each enter their own dice; an
// independent system's nodes' dice are entered on any phone. The round is
// fought (InvasionRound) when both are in, with the resource nodes the
// last BattleDice names as destroyed.
//
// The command rules of a new invasion (a command of the attacker's turn)
// and the checks of its sides are made when it opens. A surrender is not
// opened: it is an InvasionRound of its own.
type OpenInvasion struct {
	InvasionRound
}

// CommandType implements Command.
func (OpenInvasion) CommandType() string { return "asc.open_invasion" }

func (cmd OpenInvasion) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if err := wantStage(a, AscExecution); err != nil {
		return err
	}
	if b := a.Fighting(); b != nil {
		return reject(CodeNotNow, "track.a_battle_is_under_way_enter", "Round %d of a battle between %s is under way: enter its dice, or end it first.", b.Round, joinAnd(rawList(seatNames(a, b.Players()))))
	}
	if cmd.Surrender {
		return reject(CodeInvalid, "track.a_surrender_is_not_opened", "A surrender needs no dice: record it as it is.")
	}
	att, err := a.player(cmd.Attacker)
	if err != nil {
		return err
	}
	if cmd.Round < 0 || cmd.Round > 100 {
		return reject(CodeInvalid, "track.rounds_count_from_1", "Rounds count from 1.")
	}
	round := cmd.InvasionRound
	round.AttackerRoll, round.DefenderRoll, round.NodesLost = Roll{}, Roll{}, ascrules.Resources{}
	if round.Round, err = round.invasionRound(c, a, att); err != nil {
		return err
	}
	st := &invasionStep{a: a, att: att}
	if err := round.checkAttack(c, st); err != nil {
		return err
	}
	if err := round.checkDefender(c, st); err != nil {
		return err
	}
	after := 0
	if u := a.InvasionFor(round.Attacker, round.Defender); u != nil && round.Round > 1 {
		after = u.Round
	} else if u != nil {
		// A new invasion of the same system: the one under way ends.
		if err := c.emit(say("track.the_invasion_ends_new", "The invasion under way ends: a new one starts"), InvasionEnded{}); err != nil {
			return err
		}
	}
	in := st.in
	bp := &BattleInProgress{Kind: BattleInvasion, Round: round.Round, Ruled: len(c.overruled) > 0,
		Attacker:  BattleSide{Player: round.Attacker, Ships: round.Ships},
		Defenders: []BattleSide{{Player: round.Defender, Ships: round.Nodes}},
		Invasion:  &round, InvasionRules: &in, After: after, WalkerRound: a.Walker.Round, Turn: a.Walker.Turn}
	label := say("track.invasion_round_opened", "Invasion of %s, round %d: %s attacks; each side enters its dice", st.sys, round.Round, att.Name)
	if err := c.emit(label, BattleInProgressSet{Battle: bp}); err != nil {
		return err
	}
	var sides []SideRolls
	if rolled(cmd.AttackerRoll) {
		sides = append(sides, SideRolls{Player: round.Attacker, Rolls: []Roll{cmd.AttackerRoll}})
	}
	if rolled(cmd.DefenderRoll) {
		sides = append(sides, SideRolls{Player: round.Defender, Rolls: []Roll{cmd.DefenderRoll}})
	}
	if len(sides) == 0 {
		return nil
	}
	return BattleDice{Sides: sides, NodesLost: cmd.NodesLost}.decide(c)
}

// rolled reports whether a roll was given: faces, a seed or virtual dice.
func rolled(r Roll) bool { return len(r.Faces) > 0 || r.Seed != nil || r.Virtual > 0 }

// fightInvasion fights the invasion round whose dice are all in
// (InvasionRound, as the table ruled when it opened, with the resource
// nodes lost named), then opens its next round on every phone with the
// ships, nodes and planet's resource nodes left, or closes it when the
// invasion is over.
func (c *decideCtx) fightInvasion(a *AscendancyState, bp *BattleInProgress, lost ascrules.Resources) error {
	round := *bp.Invasion
	round.NodesLost = lost
	if d, ok := bp.DiceOf(round.Attacker); ok && len(d) == 1 {
		round.AttackerRoll = asRoll(d[0])
	}
	if d, ok := bp.DiceOf(round.Defender); ok && len(d) == 1 {
		round.DefenderRoll = asRoll(d[0])
	}
	was := c.override
	c.override = was || bp.Ruled
	err := round.decide(c)
	c.override = was
	if err != nil {
		return err
	}
	u := a.InvasionFor(round.Attacker, round.Defender)
	if u == nil {
		return c.emit(say("track.the_battle_round_is_fought", "Round %d fought: the battle is over", round.Round), BattleInProgressSet{})
	}
	next := round
	next.Round, next.Ships, next.Nodes = u.NextRound(), u.Ships, u.Nodes
	next.FirstStrike, next.DefenderFirstStrike = false, false
	next.AttackerRoll, next.DefenderRoll, next.NodesLost = Roll{}, Roll{}, ascrules.Resources{}
	if left := round.SystemNodes.Sub(a.lostOf(round, *bp.InvasionRules, lost)); !left.Negative() {
		next.SystemNodes = left
	}
	in := ascrules.Invasion{Round: next.Round, Attacker: bp.InvasionRules.Attacker, Nodes: next.Nodes, Controlled: bp.InvasionRules.Controlled,
		DefenderWeapons: bp.InvasionRules.DefenderWeapons, DefenderShields: bp.InvasionRules.DefenderShields}
	in.Attacker.Ships, in.Attacker.FirstStrike = next.Ships, false
	nb := &BattleInProgress{Kind: BattleInvasion, Round: next.Round, Ruled: bp.Ruled,
		Attacker:  BattleSide{Player: next.Attacker, Ships: next.Ships},
		Defenders: []BattleSide{{Player: next.Defender, Ships: next.Nodes}},
		Invasion:  &next, InvasionRules: &in, After: u.Round, WalkerRound: bp.WalkerRound, Turn: bp.Turn}
	return c.emit(say("track.round_next_each_side_enters", "Round %d next: each side enters its dice, unless a side retreats", nb.Round), BattleInProgressSet{Battle: nb})
}

// lostOf is what a fought invasion round took off the planet's resource
// nodes: the ones named, or, when the round left no choice, all of them
// (as InvasionRound.checkNodesLost reads it).
func (a *AscendancyState) lostOf(round InvasionRound, in ascrules.Invasion, lost ascrules.Resources) ascrules.Resources {
	if lost.Total() > 0 {
		return lost
	}
	res, err := ascrules.ResolveInvasion(in)
	if err != nil {
		return ascrules.Resources{}
	}
	if due := res.ResourceNodesDestroyed(in.Controlled); due > 0 && round.SystemNodes.Total() == due {
		return round.SystemNodes
	}
	return ascrules.Resources{}
}

// endStaleBattle ends the battle round whose dice were being entered when
// a round was fought another way (typed whole on one device, a
// surrender); the round fought from its own dice (all in) is not stale.
func endStaleBattle(c *decideCtx, a *AscendancyState) error {
	if b := a.InProgress; b == nil || len(b.Missing()) == 0 {
		return nil
	}
	return c.emit(say("track.the_battle_under_way_ends", "The battle under way ends"), BattleInProgressSet{})
}

// InvasionEnded ends the invasion under way: the attacker retreats (or a
// new invasion of the system starts).
type InvasionEnded struct{}

// EventType implements Payload.
func (InvasionEnded) EventType() string { return "asc.inv_ended" }

func (InvasionEnded) apply(s *State) error {
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	a.Invasion = nil
	return nil
}

// validateInvasionInProgress checks an invasion round under way read from
// outside: its sides are the round's, players of the game (the defender
// may be an independent system), and its numbers a round can have.
func validateInvasionInProgress(b *BattleInProgress, players map[string]bool) error {
	r, in := b.Invasion, b.InvasionRules
	switch {
	case r == nil || in == nil || len(b.Defenders) != 1:
		return fmt.Errorf("an invasion under way with no round")
	case !players[r.Attacker] || r.Defender != "" && !players[r.Defender] || r.Attacker == r.Defender:
		return fmt.Errorf("an invasion under way by %s of %s", short(r.Attacker), short(r.Defender))
	case b.Attacker.Player != r.Attacker || b.Defenders[0].Player != r.Defender || in.Attacker.Player != r.Attacker:
		return fmt.Errorf("an invasion under way whose sides do not match")
	case outside(b.Round, 1, 100) || r.Round != b.Round || in.Round != b.Round || outside(b.After, 0, 100):
		return fmt.Errorf("an invasion under way at round %d", b.Round)
	case outside(r.Ships, 1, maxCount) || in.Attacker.Ships != r.Ships || outside(r.Nodes, 1, 20) || in.Nodes != r.Nodes:
		return fmt.Errorf("an invasion under way with %d ship(s) and %d node(s)", r.Ships, r.Nodes)
	case in.Attacker.Validate() != nil || outside(in.DefenderWeapons, 1, 6) || outside(in.DefenderShields, 0, 20) || r.Surrender:
		return fmt.Errorf("an invasion under way whose sides cannot fight")
	case rolled(r.AttackerRoll) || rolled(r.DefenderRoll) || len(b.Rules.Defenders) > 0:
		return fmt.Errorf("an invasion under way with dice in its setup")
	}
	entered := map[string]bool{}
	for _, d := range b.Dice {
		if d.Player != r.Attacker && d.Player != r.Defender || entered[d.Player] || len(d.Dice) != 1 {
			return fmt.Errorf("dice of %s in the invasion under way", short(d.Player))
		}
		entered[d.Player] = true
		if err := checkDice(d.Dice...); err != nil {
			return fmt.Errorf("the dice of %s in the invasion under way: %v", short(d.Player), err)
		}
	}
	if len(entered) == 2 {
		return fmt.Errorf("both sides' dice are in, yet the invasion round was not fought")
	}
	return nil
}
