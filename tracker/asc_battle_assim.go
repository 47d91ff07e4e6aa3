package tracker

import (
	"fmt"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
)

// BattleAssimilation is a round of a cube assimilating a player's system
// (OpenAssimilation).
const BattleAssimilation = "assimilation"

// OpenAssimilation opens a round of a cube assimilating a player's system
// on every phone, as OpenCubeBattle does a space battle with a cube: the
// round as AssimilationRound gives it (the cube, the defender, the
// system's nodes and starbase), and the dice of the sides that rolled
// already (DefenderRoll; BorgRoll or BorgVirtual). The defending player
// enters the system's dice on their own phone, the cube's dice are
// entered on any phone, after the system's in the first round (seed 004
// "Slow and Methodical": players always strike first against cubes), and
// the round is fought (AssimilationRound) when both are in, with the
// structures lost the last BattleDice names; the next round opens with
// what is left of the system.
type OpenAssimilation struct {
	AssimilationRound
}

// CommandType implements Command.
func (OpenAssimilation) CommandType() string { return "borg.open_assimilation" }

func (cmd OpenAssimilation) decide(c *decideCtx) error {
	a, b, err := c.openBorgBattle()
	if err != nil {
		return err
	}
	start, err := cmd.startRound(a, &b)
	if err != nil {
		return err
	}
	sys, in := start.sys, start.in
	if assimStructures(in) < 1 {
		return reject(CodeRules, "", "%v", borgErr(in))
	}
	round := cmd.AssimilationRound
	round.DefenderRoll, round.BorgRoll, round.BorgVirtual, round.NodesLost, round.StarbaseLost = Roll{}, Roll{}, false, ascrules.Resources{}, false
	bp := assimInProgress(round, in, a)
	label := say("track.assimilation_opened", "Borg %s assimilating %s, round %d: each side enters its dice", borgPiece(cmd.Cube), sys, bp.Round)
	if err := c.emit(label, BattleInProgressSet{Battle: bp}); err != nil {
		return err
	}
	var sides []SideRolls
	if rolled(cmd.DefenderRoll) {
		sides = append(sides, SideRolls{Player: cmd.Defender, Rolls: []Roll{cmd.DefenderRoll}})
	}
	switch {
	case cmd.BorgVirtual:
		sides = append(sides, SideRolls{Player: BorgSeat, Due: true})
	case rolled(cmd.BorgRoll):
		sides = append(sides, SideRolls{Player: BorgSeat, Rolls: []Roll{cmd.BorgRoll}})
	}
	if len(sides) == 0 {
		return nil
	}
	return BattleDice{Sides: sides, NodesLost: cmd.NodesLost, StarbaseLost: cmd.StarbaseLost}.decide(c)
}

// borgErr is why the rules refuse an assimilation with no faces yet.
func borgErr(in borgrules.Assimilation) error {
	_, err := borgrules.ResolveAssimilation(in)
	return err
}

// assimInProgress is the battle under way for an assimilation round: the
// defender, then the Borg.
func assimInProgress(round AssimilationRound, in borgrules.Assimilation, a *AscendancyState) *BattleInProgress {
	return &BattleInProgress{Kind: BattleAssimilation, Round: in.Cube.Round + 1,
		Attacker:   BattleSide{Player: round.Defender, Ships: assimStructures(in)},
		Defenders:  []BattleSide{{Player: BorgSeat}},
		Assimilate: &round, AssimRules: &in,
		WalkerRound: a.Walker.Round, Turn: a.Walker.Turn}
}

// fightAssim fights the assimilation round whose dice are both in
// (AssimilationRound, with the structures lost named), then opens its next
// round on every phone with what is left of the system, or closes it.
func (c *decideCtx) fightAssim(a *AscendancyState, bp *BattleInProgress, lost ascrules.Resources, starbaseLost bool) error {
	round := *bp.Assimilate
	round.NodesLost, round.StarbaseLost = lost, starbaseLost
	if d, ok := bp.DiceOf(round.Defender); ok && len(d) == 1 {
		round.DefenderRoll = asRoll(d[0])
	}
	if d, ok := bp.DiceOf(BorgSeat); ok && len(d) == 1 {
		round.BorgRoll = asRoll(d[0])
	}
	res, err := borgrules.ResolveAssimilation(*bp.AssimRules)
	if err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	if err := round.decide(c); err != nil {
		return err
	}
	fight := a.FightWith(round.Cube)
	cube, ok := borgrules.Cube{}, false
	if a.Borg != nil {
		cube, ok = a.Borg.CubeByID(round.Cube)
	}
	if res.Assimilated || res.CubeDestroyed || fight == nil || fight.Kind != FightAssimilation || !ok {
		return c.emit(say("track.the_battle_round_is_fought", "Round %d fought: the battle is over", bp.Round), BattleInProgressSet{})
	}
	next := round
	next.NewBattle, next.NodesLost, next.StarbaseLost = false, ascrules.Resources{}, false
	next.DefenderRoll, next.BorgRoll, next.BorgVirtual = Roll{}, Roll{}, false
	// What the round destroyed is no longer there: the starbase if it
	// fell, the nodes otherwise.
	gone := res.StructuresDestroyed
	if starbaseLost && next.Starbase {
		next.Starbase, gone = false, gone-1
	}
	next.Nodes = max(0, next.Nodes-gone)
	in := *bp.AssimRules
	in.Cube, in.Nodes, in.Starbase, in.DefenderFaces, in.BorgFaces = cube, next.Nodes, next.Starbase, nil, nil
	if hit, err := a.Borg.Hits.HitRoll(len(a.Borg.Spires)); err == nil {
		in.BorgHit = hit
	}
	if assimStructures(in) < 1 {
		return c.emit(say("track.the_battle_round_is_fought", "Round %d fought: the battle is over", bp.Round), BattleInProgressSet{})
	}
	nb := assimInProgress(next, in, a)
	nb.WalkerRound, nb.Turn = bp.WalkerRound, bp.Turn
	return c.emit(say("track.round_next_each_side_enters", "Round %d next: each side enters its dice, unless a side retreats", nb.Round), BattleInProgressSet{Battle: nb})
}

// validateAssimInProgress checks an assimilation round under way read
// from outside: a defender of the game and the Borg, the rules' view
// matching the round, and dice of those two sides only.
func validateAssimInProgress(b *BattleInProgress, players map[string]bool) error {
	r, in := b.Assimilate, b.AssimRules
	switch {
	case r == nil || in == nil || len(b.Defenders) != 1 || b.Defenders[0].Player != BorgSeat:
		return fmt.Errorf("an assimilation under way with no round")
	case !players[r.Defender] || b.Attacker.Player != r.Defender:
		return fmt.Errorf("an assimilation under way of %s", short(r.Defender))
	case b.Invasion != nil || b.InvasionRules != nil || b.Cube != nil || b.CubeRules != nil || len(b.Rules.Defenders) > 0:
		return fmt.Errorf("an assimilation under way with another battle's round")
	case in.Cube.Validate() != nil || b.Round != in.Cube.Round+1 || outside(b.Round, 1, 100):
		return fmt.Errorf("an assimilation under way at round %d", b.Round)
	case outside(r.Nodes, 0, 20) || in.Nodes != r.Nodes || in.Starbase != r.Starbase || assimStructures(*in) < 1 || outside(in.DefenderWeapons, 1, 6):
		return fmt.Errorf("an assimilation under way of a system with %d node(s)", r.Nodes)
	case rolled(r.DefenderRoll) || rolled(r.BorgRoll) || r.BorgVirtual:
		return fmt.Errorf("an assimilation under way with dice in its setup")
	}
	entered := map[string]bool{}
	for _, d := range b.Dice {
		if d.Player != r.Defender && d.Player != BorgSeat || entered[d.Player] || len(d.Dice) != 1 {
			return fmt.Errorf("dice of %s in the assimilation under way", short(d.Player))
		}
		entered[d.Player] = true
		if err := checkDice(d.Dice...); err != nil {
			return fmt.Errorf("the dice of %s in the assimilation under way: %v", short(d.Player), err)
		}
	}
	if len(entered) == 2 {
		return fmt.Errorf("both sides' dice are in, yet the assimilation round was not fought")
	}
	return nil
}

// assimStructures is what the system defends with: its nodes and its
// starbase, one die each (rules/borg.ResolveAssimilation).
func assimStructures(in borgrules.Assimilation) int { return max(0, in.Nodes) + btoi(in.Starbase) }
