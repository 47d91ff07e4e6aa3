package tracker

import (
	"fmt"
	"slices"

	borgrules "tableops/rules/borg"
)

// BattleCube is a round of a space battle with a Borg cube
// (OpenCubeBattle).
const BattleCube = "cube"

// OpenCubeBattle opens a round of a battle with a Borg cube on every
// phone, as OpenBattle does a space battle between players: the cube and
// the fleets as CubeRound gives them, and the dice of the sides that
// rolled already (a fleet's Roll; BorgRoll or BorgVirtual for the cube).
// Each player enters their own fleet's dice on their own phone, the cube's
// dice are entered on any phone, after the players' when they strike
// first (seed 004 "Slow and Methodical"), and the round is fought
// (CubeRound) when the last dice are in, the next round opened with the
// fleets and ships left.
//
// The checks of a new battle (a command of the attacking player's turn)
// are made when it opens.
type OpenCubeBattle struct {
	CubeRound
}

// CommandType implements Command.
func (OpenCubeBattle) CommandType() string { return "borg.open_cube_battle" }

// openBorgBattle is the opening check of a battle with the Borg opened on
// every phone (OpenCubeBattle, OpenAssimilation): the Borg in play in the
// execution stage, and no battle under way. It returns the game and a copy
// of the Borg to change.
func (c *decideCtx) openBorgBattle() (*AscendancyState, BorgState, error) {
	a, b, err := c.borg(AscExecution)
	if err != nil {
		return nil, BorgState{}, err
	}
	if bp := a.Fighting(); bp != nil {
		return nil, BorgState{}, reject(CodeNotNow, "track.a_battle_is_under_way_enter", "Round %d of a battle between %s is under way: enter its dice, or end it first.", bp.Round, joinAnd(rawList(seatNames(a, bp.Players()))))
	}
	return a, b, nil
}

func (cmd OpenCubeBattle) decide(c *decideCtx) error {
	a, b, err := c.openBorgBattle()
	if err != nil {
		return err
	}
	ci, err := b.cube(cmd.Cube)
	if err != nil {
		return err
	}
	hit, err := b.Hits.HitRoll(len(b.Spires))
	if err != nil {
		return reject(CodeNotNow, "", "%v", err)
	}
	if len(cmd.Fleets) == 0 || len(cmd.Fleets) > maxAscPlayer {
		return reject(CodeInvalid, "track.name_fleets_fighting_cube", "Name the fleets fighting the cube.")
	}
	round := cmd.CubeRound
	round.Fleets = slices.Clone(cmd.Fleets)
	round.BorgRoll, round.BorgVirtual, round.Losses, round.Retreat = Roll{}, false, nil, nil
	st := &cubeStep{a: a, b: b, ci: ci, hit: hit}
	if err := round.checkFight(c, st); err != nil {
		return err
	}
	if err := round.checkAttacker(c, st); err != nil {
		return err
	}
	round.startFight(st)
	rules := borgrules.CubeRound{Cube: st.b.Cubes[st.ci], BorgHit: hit, PlayerFaces: make([][]int, len(round.Fleets))}
	seen := map[string]bool{}
	for i, f := range round.Fleets {
		p, err := a.player(f.Player)
		if err != nil {
			return err
		}
		if seen[p.ID] {
			return reject(CodeInvalid, "track.is_listed_twice", "%s is listed twice.", p.Name)
		}
		seen[p.ID] = true
		if f.Ships < 1 || f.Ships > p.Ships {
			return reject(CodeRules, "track.has_ship_s_on_board_in_4", "%s has %d ship(s) on the board; %d in the fight.", p.Name, p.Ships, f.Ships)
		}
		if f.BonusDice < 0 || f.BonusDice > 20 {
			return reject(CodeInvalid, "track.bonus_dice_are_0_to_20", "Bonus dice are 0 to 20.")
		}
		w := f.Weapons
		if w == 0 {
			w = p.Weapons
		}
		rules.Fleets = append(rules.Fleets, borgrules.Fleet{Player: p.ID, Ships: f.Ships, Weapons: w, HitsOnSix: f.HitsOnSix, BonusDice: f.BonusDice})
		round.Fleets[i].Roll = Roll{}
	}
	bp := cubeInProgress(round, rules, len(c.overruled) > 0, a)
	label := say("track.cube_battle_opened", "Battle with Borg %s, round %d: each side enters its dice", borgPiece(cmd.Cube), bp.Round)
	if err := c.emit(label, BattleInProgressSet{Battle: bp}); err != nil {
		return err
	}
	var sides []SideRolls
	for _, f := range cmd.Fleets {
		if rolled(f.Roll) {
			sides = append(sides, SideRolls{Player: f.Player, Rolls: []Roll{f.Roll}})
		}
	}
	switch {
	case cmd.BorgVirtual: // rolled for what is due once the fleets are in
		sides = append(sides, SideRolls{Player: BorgSeat, Due: true})
	case rolled(cmd.BorgRoll):
		sides = append(sides, SideRolls{Player: BorgSeat, Rolls: []Roll{cmd.BorgRoll}})
	}
	if len(sides) == 0 {
		return nil
	}
	return BattleDice{Sides: sides, Retreat: cmd.Retreat, Losses: cmd.Losses}.decide(c)
}

// cubeInProgress is the battle under way for a cube round: the fleets'
// players, then the Borg.
func cubeInProgress(round CubeRound, rules borgrules.CubeRound, ruled bool, a *AscendancyState) *BattleInProgress {
	bp := &BattleInProgress{Kind: BattleCube, Round: rules.Cube.Round + 1, Ruled: ruled,
		Cube: &round, CubeRules: &rules, WalkerRound: a.Walker.Round, Turn: a.Walker.Turn}
	for i, f := range round.Fleets {
		s := BattleSide{Player: f.Player, Ships: f.Ships}
		if i == 0 {
			bp.Attacker = s
		} else {
			bp.Defenders = append(bp.Defenders, s)
		}
	}
	bp.Defenders = append(bp.Defenders, BattleSide{Player: BorgSeat})
	return bp
}

// fightCube fights the cube round whose dice are all in (CubeRound, as the
// table ruled when it opened, with the players who retreat after it and
// the losses as the players share them, if they do), then
// opens its next round on every phone with the fleets still fighting and
// their ships left, or closes it when the battle is over.
func (c *decideCtx) fightCube(a *AscendancyState, bp *BattleInProgress, retreat []string, losses map[string]int) error {
	round := *bp.Cube
	round.Fleets = slices.Clone(bp.Cube.Fleets)
	round.Retreat, round.Losses = retreat, losses
	before := map[string]int{}
	for i, f := range round.Fleets {
		if d, ok := bp.DiceOf(f.Player); ok && len(d) == 1 {
			round.Fleets[i].Roll = asRoll(d[0])
		}
		if p, err := a.player(f.Player); err == nil {
			before[f.Player] = p.Ships
		}
	}
	if d, ok := bp.DiceOf(BorgSeat); ok && len(d) == 1 {
		round.BorgRoll = asRoll(d[0])
	}
	round.BorgVirtual = false
	was := c.override
	c.override = was || bp.Ruled
	err := round.decide(c)
	c.override = was
	if err != nil {
		return err
	}
	fight := a.FightWith(round.Cube)
	if fight == nil || fight.Kind != FightSpace || a.Borg == nil {
		return c.emit(say("track.the_battle_round_is_fought", "Round %d fought: the battle is over", bp.Round), BattleInProgressSet{})
	}
	cube, ok := a.Borg.CubeByID(round.Cube)
	if !ok {
		return c.emit(say("track.the_battle_round_is_fought", "Round %d fought: the battle is over", bp.Round), BattleInProgressSet{})
	}
	next := round
	next.Fleets, next.Retreat, next.NewBattle, next.BorgRoll, next.Losses = nil, nil, false, Roll{}, nil
	rules := borgrules.CubeRound{Cube: cube, BorgHit: bp.CubeRules.BorgHit, NoFirstStrike: bp.CubeRules.NoFirstStrike}
	if hit, err := a.Borg.Hits.HitRoll(len(a.Borg.Spires)); err == nil {
		rules.BorgHit = hit
	}
	for i, f := range round.Fleets {
		if !slices.Contains(fight.Players, f.Player) {
			continue
		}
		p, err := a.player(f.Player)
		if err != nil {
			continue
		}
		f.Ships = max(0, f.Ships-max(0, before[f.Player]-p.Ships))
		if f.Ships < 1 {
			continue
		}
		f.Roll = Roll{}
		next.Fleets = append(next.Fleets, f)
		fl := bp.CubeRules.Fleets[i]
		fl.Ships = f.Ships
		rules.Fleets = append(rules.Fleets, fl)
	}
	if len(next.Fleets) == 0 {
		return c.emit(say("track.the_battle_round_is_fought", "Round %d fought: the battle is over", bp.Round), BattleInProgressSet{})
	}
	rules.PlayerFaces = make([][]int, len(next.Fleets))
	nb := cubeInProgress(next, rules, bp.Ruled, a)
	nb.WalkerRound, nb.Turn = bp.WalkerRound, bp.Turn
	return c.emit(say("track.round_next_each_side_enters", "Round %d next: each side enters its dice, unless a side retreats", nb.Round), BattleInProgressSet{Battle: nb})
}

// cubePools returns the pools of player's dice in a cube round: a fleet's
// own (Defender: its index), the cube's (Attacker).
func (b *BattleInProgress) cubePools(player string) []int {
	if player == BorgSeat {
		return []int{-1}
	}
	for i, f := range b.Cube.Fleets {
		if f.Player == player {
			return []int{i}
		}
	}
	return nil
}

// validateCubeInProgress checks a cube round under way read from outside:
// its fleets are players of the game, each once, with ships, matching the
// rules' view, and the dice entered are its sides'.
func validateCubeInProgress(b *BattleInProgress, players map[string]bool) error {
	r, rules := b.Cube, b.CubeRules
	if r == nil || rules == nil || len(r.Fleets) == 0 || len(r.Fleets) > maxAscPlayer || len(rules.Fleets) != len(r.Fleets) || len(rules.PlayerFaces) != len(r.Fleets) {
		return fmt.Errorf("a battle with a cube under way with no fleets")
	}
	if b.Invasion != nil || b.InvasionRules != nil || rules.Cube.Validate() != nil || b.Round != rules.Cube.Round+1 || outside(b.Round, 1, 100) {
		return fmt.Errorf("a battle with a cube under way at round %d", b.Round)
	}
	want := []string{}
	for i, f := range r.Fleets {
		if !players[f.Player] || slices.Contains(want, f.Player) || outside(f.Ships, 1, maxCount) || rules.Fleets[i].Player != f.Player || rules.Fleets[i].Ships != f.Ships || rolled(f.Roll) {
			return fmt.Errorf("a battle with a cube under way with a fleet of %s", short(f.Player))
		}
		if fl := rules.Fleets[i]; outside(fl.Weapons, 1, 6) || outside(fl.BonusDice, 0, 20) {
			return fmt.Errorf("a battle with a cube under way: %s's fleet hits on %d with %d bonus dice", short(f.Player), fl.Weapons, fl.BonusDice)
		}
		want = append(want, f.Player)
	}
	if !slices.Equal(b.Players(), append(want, BorgSeat)) {
		return fmt.Errorf("a battle with a cube under way whose sides do not match its fleets")
	}
	entered := map[string]bool{}
	for _, d := range b.Dice {
		if d.Player != BorgSeat && !slices.Contains(want, d.Player) || entered[d.Player] || len(d.Dice) != 1 {
			return fmt.Errorf("dice of %s in the battle with a cube under way", short(d.Player))
		}
		entered[d.Player] = true
		if err := checkDice(d.Dice...); err != nil {
			return fmt.Errorf("the dice of %s in the battle with a cube under way: %v", short(d.Player), err)
		}
	}
	if len(entered) == len(want)+1 {
		return fmt.Errorf("every side's dice are in, yet the cube round was not fought")
	}
	return nil
}
