package tracker

import (
	"fmt"
	"slices"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
)

// The battle under way is shared by every device of the table: one phone
// opens it (OpenBattle: the sides and their ships), each side enters its
// own dice on its own phone (BattleDice), and the round is fought when the
// last side's dice are in. Every phone shows the same battle and whose
// dice are still missing (AscendancyState.Fighting).

// Kinds of battle under way.
const (
	// BattleSpace is a space battle between players.
	BattleSpace = "space"
	// BattleInvasion is a planetary invasion (OpenInvasion).
	BattleInvasion = "invasion"
)

// BattleInProgress is a round of a battle while its dice are being
// entered: the sides with their ships, the round it fights, and the dice
// each side has entered so far.
type BattleInProgress struct {
	Kind string `json:"kind"`
	// Round is the round of the battle the dice are for: 1 starts a new
	// battle; a later round goes on with the battle under way (a.Battle).
	Round int `json:"round"`
	// Attacker and Defenders are the sides as OpenBattle gave them, with
	// no rolls.
	Attacker  BattleSide   `json:"attacker"`
	Defenders []BattleSide `json:"defenders"`
	// Rules is the round as the rules see it: the sides' ships, dice,
	// weapons and shields, and the faces entered so far.
	Rules ascrules.SpaceRound `json:"rules"`
	// Dice are the sides' dice entered for this round, in the order
	// entered.
	Dice []SideDice `json:"dice,omitempty"`
	// Ruled: the table opened the battle though it broke a rule (a
	// ruling, or a game without rule checks); its rounds are fought as
	// the table ruled.
	Ruled bool `json:"ruled,omitempty"`
	// WalkerRound and Turn are the game round and turn it belongs to.
	WalkerRound int `json:"walker_round"`
	Turn        int `json:"turn"`

	// Invasion is an invasion round as OpenInvasion gave it (no dice);
	// InvasionRules the rules' view of it with the faces entered so far.
	// Attacker and Defenders then name the attacker and the defender (""
	// for an independent system, whose nodes' dice any phone enters), with
	// the ships and nodes.
	Invasion      *InvasionRound     `json:"invasion,omitempty"`
	InvasionRules *ascrules.Invasion `json:"invasion_rules,omitempty"`
	// After is the last round of the invasion under way the round goes on
	// from (0: a new invasion); a round fought otherwise makes it stale.
	After int `json:"after,omitempty"`

	// Cube is a cube round as OpenCubeBattle gave it (no dice); CubeRules
	// the rules' view of it (the cube as the round starts, the fleets) with
	// the faces entered so far. Attacker and Defenders then name the
	// fleets' players, then BorgSeat for the cube's dice.
	Cube      *CubeRound           `json:"cube,omitempty"`
	CubeRules *borgrules.CubeRound `json:"cube_rules,omitempty"`

	// Assimilate is an assimilation round as OpenAssimilation gave it (no
	// dice); AssimRules the rules' view of it with the faces entered so
	// far. Attacker then names the defender, Defenders the Borg.
	Assimilate *AssimilationRound      `json:"assimilate,omitempty"`
	AssimRules *borgrules.Assimilation `json:"assim_rules,omitempty"`
}

// SideDice is one side's dice entered for the round: the attacker one
// pool per defender, a defender one.
type SideDice struct {
	Player string       `json:"player"`
	Dice   []RolledDice `json:"dice"`
}

// Players returns the players in the battle: the attacker, then the
// defenders.
func (b *BattleInProgress) Players() []string {
	out := []string{b.Attacker.Player}
	for _, d := range b.Defenders {
		out = append(out, d.Player)
	}
	return out
}

// DiceOf returns the dice player has entered for this round (ok false:
// not yet).
func (b *BattleInProgress) DiceOf(player string) ([]RolledDice, bool) {
	for _, d := range b.Dice {
		if d.Player == player {
			return d.Dice, true
		}
	}
	return nil, false
}

// Missing returns the players whose dice are not in yet, attacker first.
func (b *BattleInProgress) Missing() []string {
	var out []string
	for _, p := range b.Players() {
		if _, ok := b.DiceOf(p); !ok {
			out = append(out, p)
		}
	}
	return out
}

// pools returns the rules' pools of player's dice: the attacker's one per
// defender, a defender's its own (nil: not in the battle).
func (b *BattleInProgress) pools(player string) []ascrules.Pool {
	if b.Kind == BattleAssimilation {
		switch player {
		case BorgSeat:
			return []ascrules.Pool{{Attacker: true}}
		case b.Assimilate.Defender:
			return []ascrules.Pool{{Defender: 0}}
		}
		return nil
	}
	if b.Kind == BattleCube {
		var out []ascrules.Pool
		for _, i := range b.cubePools(player) {
			out = append(out, ascrules.Pool{Attacker: i < 0, Defender: max(0, i)})
		}
		return out
	}
	if player == b.Attacker.Player {
		out := make([]ascrules.Pool, len(b.Defenders))
		for i := range b.Defenders {
			out[i] = ascrules.Pool{Attacker: true, Defender: i}
		}
		return out
	}
	for i, d := range b.Defenders {
		if d.Player == player {
			return []ascrules.Pool{{Defender: i}}
		}
	}
	return nil
}

// WaitsFor returns the players whose dice must be in before player may
// enter theirs: a side struck first rolls after the striker
// (rules/ascendancy.RollsBefore). Players already in are left out.
func (b *BattleInProgress) WaitsFor(player string) []string {
	var out []string
	if b.Kind == BattleAssimilation {
		if _, in := b.DiceOf(b.Assimilate.Defender); player == BorgSeat && b.AssimRules.FirstStrike() && !in {
			out = append(out, b.Assimilate.Defender)
		}
		return out
	}
	if b.Kind == BattleCube {
		if player != BorgSeat || !b.CubeRules.FirstStrike() {
			return nil
		}
		for _, f := range b.Cube.Fleets {
			if _, in := b.DiceOf(f.Player); !in {
				out = append(out, f.Player)
			}
		}
		return out
	}
	if b.Kind == BattleInvasion {
		other := b.Attacker.Player
		first := ascrules.InvasionNodesRollFirst(*b.InvasionRules)
		if player == b.Attacker.Player {
			other = b.Defenders[0].Player
		} else {
			first = ascrules.InvasionShipsRollFirst(*b.InvasionRules)
		}
		if _, in := b.DiceOf(other); first && !in {
			out = append(out, other)
		}
		return out
	}
	for _, p := range b.pools(player) {
		for _, before := range ascrules.RollsBefore(b.Rules, p) {
			who := b.Attacker.Player
			if !before.Attacker {
				who = b.Defenders[before.Defender].Player
			}
			if _, in := b.DiceOf(who); !in && !slices.Contains(out, who) {
				out = append(out, who)
			}
		}
	}
	return out
}

// DiceDue returns how many dice player rolls this round as the dice
// entered so far stand: the attacker's total (split between the
// defenders as they choose), or a defender's (rules/ascendancy
// AttackerDiceDue, DefenderDiceDue: a side struck first rolls only for
// the ships it has left). It is final once WaitsFor(player) is empty.
func (b *BattleInProgress) DiceDue(player string) int {
	if b.Kind == BattleAssimilation {
		if player == BorgSeat {
			return borgrules.AssimilationBorgDice(*b.AssimRules)
		}
		return assimStructures(*b.AssimRules)
	}
	if b.Kind == BattleCube {
		if player == BorgSeat {
			return borgrules.CubeRoundBorgDice(*b.CubeRules)
		}
		for _, i := range b.cubePools(player) {
			return b.CubeRules.Fleets[i].Dice()
		}
		return 0
	}
	if b.Kind == BattleInvasion {
		if player == b.Attacker.Player {
			return ascrules.InvasionAttackerDiceDue(*b.InvasionRules)
		}
		return ascrules.InvasionNodeDiceDue(*b.InvasionRules)
	}
	if player == b.Attacker.Player {
		return ascrules.AttackerDiceDue(b.Rules)
	}
	for i, d := range b.Defenders {
		if d.Player == player {
			return ascrules.DefenderDiceDue(b.Rules, i)
		}
	}
	return 0
}

// Fighting returns the battle round whose dice are being entered in this
// turn, or nil.
func (a *AscendancyState) Fighting() *BattleInProgress {
	b := a.InProgress
	if b == nil || a.Walker.Stage != AscExecution || b.WalkerRound != a.Walker.Round || b.Turn != a.Walker.Turn {
		return nil
	}
	if b.Kind == BattleInvasion {
		after := 0
		if u := a.InvasionFor(b.Attacker.Player, b.Defenders[0].Player); u != nil {
			after = u.Round
		}
		if after != b.After {
			return nil // a round was fought otherwise: this one is stale
		}
	}
	return b
}

// BattleInProgressSet records the battle round whose dice are being
// entered (nil: none).
type BattleInProgressSet struct {
	Battle *BattleInProgress `json:"battle"`
}

// EventType implements Payload.
func (BattleInProgressSet) EventType() string { return "asc.battle_now" }

func (e BattleInProgressSet) apply(s *State) error {
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	if e.Battle == nil {
		a.InProgress = nil
		return nil
	}
	b, err := deepCopy(*e.Battle)
	if err != nil {
		return err
	}
	for _, d := range b.Dice {
		if err := checkDice(d.Dice...); err != nil {
			return err
		}
	}
	a.InProgress = &b
	return nil
}

// OpenBattle opens a round of a space battle on every phone: the attacker
// and the defenders with their ships (as SpaceBattleRound's sides), and
// the dice of the sides that rolled already (a side's Rolls; none: it
// enters them later, BattleDice). The round is fought when every side's
// dice are in, so one phone may still enter them all at once.
//
// Round 0 numbers the round as SpaceBattleRound does: the next round of
// the battle under way between the same sides, or 1; Round 1 starts a new
// battle. The command rules of a new battle (the attacker's command, on
// their turn) are checked when it opens.
type OpenBattle struct {
	Round     int          `json:"round,omitempty"`
	Attacker  BattleSide   `json:"attacker"`
	Defenders []BattleSide `json:"defenders"`
}

// CommandType implements Command.
func (OpenBattle) CommandType() string { return "asc.open_battle" }

func (cmd OpenBattle) decide(c *decideCtx) error {
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
	if len(cmd.Defenders) == 0 || len(cmd.Defenders) > maxAscPlayer {
		return reject(CodeInvalid, "track.name_defenders", "Name the defenders.")
	}
	if cmd.Round < 0 || cmd.Round > 100 {
		return reject(CodeInvalid, "track.rounds_count_from_1", "Rounds count from 1.")
	}
	round := SpaceBattleRound{Round: cmd.Round, Attacker: cmd.Attacker, Defenders: cmd.Defenders}
	round.Attacker.Rolls = nil
	round.Defenders = slices.Clone(cmd.Defenders)
	for i := range round.Defenders {
		round.Defenders[i].Rolls = nil
	}
	st := &spaceStep{a: a}
	if err := round.checkRound(c, st); err != nil {
		return err
	}
	bp := &BattleInProgress{Kind: BattleSpace, Round: st.round, Attacker: round.Attacker, Defenders: round.Defenders,
		WalkerRound: a.Walker.Round, Turn: a.Walker.Turn}
	bp.Rules = ascrules.SpaceRound{Round: st.round}
	seen := map[string]bool{}
	for i, side := range append([]BattleSide{round.Attacker}, round.Defenders...) {
		rs, err := c.sideRules(a, side)
		if err != nil {
			return err
		}
		if seen[rs.Player] {
			return reject(CodeInvalid, "track.is_in_battle_twice", "%s is in the battle twice.", a.seatName(rs.Player))
		}
		seen[rs.Player] = true
		if i == 0 {
			bp.Rules.Attacker = rs
		} else {
			bp.Rules.Defenders = append(bp.Rules.Defenders, rs)
		}
	}
	if err := round.checkSides(c, st); err != nil {
		return err
	}
	if err := round.checkAttacker(c, st); err != nil {
		return err
	}
	bp.Ruled = len(c.overruled) > 0
	label := say("track.space_battle_round_opened", "Space battle, round %d: %s attacks %s; each side enters its dice", st.round, a.seatName(round.Attacker.Player), joinAnd(rawList(seatNames(a, bp.Players()[1:]))))
	if err := c.emit(label, BattleInProgressSet{Battle: bp}); err != nil {
		return err
	}
	// The dice already rolled are entered in the same step.
	var in []SideRolls
	for _, side := range append([]BattleSide{cmd.Attacker}, cmd.Defenders...) {
		if len(side.Rolls) > 0 {
			in = append(in, SideRolls{Player: side.Player, Rolls: side.Rolls})
		}
	}
	if len(in) == 0 {
		return nil
	}
	return BattleDice{Sides: in}.decide(c)
}

// seatNames names players (or the Borg) as the log does.
func seatNames(a *AscendancyState, ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = sideName(a, id)
	}
	return out
}

// sideName names a side of a battle: a player, or an independent system
// ("" in an invasion).
func sideName(a *AscendancyState, id string) string {
	if id == "" {
		return "the independent system"
	}
	return a.seatName(id)
}

// sideRules checks a side's ships and bonus dice and returns the rules'
// view of it: its ships, its starbase dice by the game's reading, its
// weapons and shields from the player's record.
func (c *decideCtx) sideRules(a *AscendancyState, b BattleSide) (ascrules.Side, error) {
	p, err := a.player(b.Player)
	if err != nil {
		return ascrules.Side{}, err
	}
	if b.Ships < 1 || b.Ships > p.Ships {
		return ascrules.Side{}, reject(CodeRules, "track.has_ship_s_on_board_in", "%s has %d ship(s) on the board; %d in the battle.", p.Name, p.Ships, b.Ships)
	}
	if b.BonusDice < 0 || b.BonusDice > 20 {
		return ascrules.Side{}, reject(CodeInvalid, "track.bonus_dice_are_0_to_20", "Bonus dice are 0 to 20.")
	}
	// Past the checks, more than one starbase in the rulebook's reading is
	// the table's ruling (or a plain tracker's entry): each adds its die.
	extra := ascrules.StarbaseDice(b.starbases(), a.Options.StarbaseDice == StarbaseDiePerStarbase || c.override || c.s.Relaxed)
	return ascrules.Side{Player: p.ID, Ships: b.Ships, Starbase: extra > 0, BonusDice: b.BonusDice + max(0, extra-1),
		Weapons: p.Weapons, Shields: p.Shields, FirstStrike: b.FirstStrike}, nil
}

// SideRolls is one side's dice for the battle round under way: the
// attacker gives one Roll per defender (its dice split between them), a
// defender one.
type SideRolls struct {
	Player string `json:"player"`
	Rolls  []Roll `json:"rolls"`
	// Due rolls virtually exactly the dice the side is due, once the
	// sides it waits for are in (Rolls empty): the cube's dice after the
	// players' first strike.
	Due bool `json:"due,omitempty"`
}

// BattleDice enters the dice of one or more sides of the battle round
// under way (OpenBattle). A side struck first enters its dice after the
// striker's, and only for the ships it has left. When the last side's
// dice are in, the round is fought in the same step (SpaceBattleRound:
// the hits, the ships lost, the attacker's command for a new battle), and
// the battle, if it goes on, opens its next round with the ships left.
type BattleDice struct {
	Sides []SideRolls `json:"sides"`
	// NodesLost are the defender's resource nodes the invasion round
	// destroys, when these are its last dice (InvasionRound.NodesLost).
	NodesLost ascrules.Resources `json:"nodes_lost,omitempty"`
	// Retreat are the players who retreat after the cube round, and
	// Losses how the Borg hits are shared when assimilated players choose,
	// when these are its last dice (CubeRound.Retreat, Losses).
	Retreat []string       `json:"retreat,omitempty"`
	Losses  map[string]int `json:"losses,omitempty"`
	// StarbaseLost: the assimilation round's Borg hits took the system's
	// starbase (AssimilationRound.StarbaseLost; NodesLost names the nodes).
	StarbaseLost bool `json:"starbase_lost,omitempty"`
}

// CommandType implements Command.
func (BattleDice) CommandType() string { return "asc.battle_dice" }

func (cmd BattleDice) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	b0 := a.Fighting()
	if b0 == nil {
		return reject(CodeNotNow, "track.no_battle_is_under_way", "No battle is under way: open one first.")
	}
	if len(cmd.Sides) == 0 || len(cmd.Sides) > maxAscPlayer {
		return reject(CodeInvalid, "track.whose_dice_are_these", "Say whose dice these are.")
	}
	bp, err := deepCopy(*b0)
	if err != nil {
		return err
	}
	todo := slices.Clone(cmd.Sides)
	var names []string
	for _, s := range todo {
		if bp.pools(s.Player) == nil {
			return reject(CodeNotFound, "track.is_not_in_this_battle", "%s is not in this battle.", sideName(a, s.Player))
		}
		if _, in := bp.DiceOf(s.Player); in || slices.Contains(names, s.Player) {
			return reject(CodeNothing, "track.s_dice_are_in_already", "%s's dice are in already.", sideName(a, s.Player))
		}
		names = append(names, s.Player)
	}
	// The sides enter in the order the rules need: a side struck first
	// after its striker.
	for len(todo) > 0 {
		i := slices.IndexFunc(todo, func(s SideRolls) bool { return len(bp.WaitsFor(s.Player)) == 0 })
		if i < 0 {
			s := todo[0]
			return reject(CodeNotNow, "track.strikes_first_their_dice_come", "%s strikes first: their dice come before %s's.", joinAnd(rawList(seatNames(a, bp.WaitsFor(s.Player)))), sideName(a, s.Player))
		}
		if err := c.enterSide(a, &bp, todo[i]); err != nil {
			return err
		}
		todo = slices.Delete(todo, i, i+1)
	}
	label := say("track.dice_are_in", "%s: dice in", joinAnd(rawList(seatNames(a, names))))
	if missing := bp.Missing(); len(missing) > 0 {
		label.add("track.waiting_for_the_dice_of", "; waiting for the dice of %s", joinAnd(rawList(seatNames(a, missing))))
	}
	if err := c.emit(label, BattleInProgressSet{Battle: &bp}); err != nil {
		return err
	}
	if len(bp.Missing()) > 0 {
		return nil
	}
	switch bp.Kind {
	case BattleInvasion:
		return c.fightInvasion(a, &bp, cmd.NodesLost)
	case BattleCube:
		return c.fightCube(a, &bp, cmd.Retreat, cmd.Losses)
	case BattleAssimilation:
		return c.fightAssim(a, &bp, cmd.NodesLost, cmd.StarbaseLost)
	}
	return c.fightInProgress(a, &bp)
}

// enterSide rolls (or checks) one side's dice against the dice it rolls as
// the round stands, and records them in bp.
func (c *decideCtx) enterSide(a *AscendancyState, bp *BattleInProgress, s SideRolls) error {
	pools := bp.pools(s.Player)
	name := sideName(a, s.Player)
	if s.Due && len(s.Rolls) == 0 {
		s.Rolls = []Roll{{Virtual: bp.DiceDue(s.Player)}}
	}
	if len(s.Rolls) != len(pools) {
		return reject(CodeInvalid, "track.rolls_pool_s_of_dice_given", "%s rolls %d pool(s) of dice, %d given.", name, len(pools), len(s.Rolls))
	}
	var out []RolledDice
	n := 0
	for _, r := range s.Rolls {
		rd, err := c.roll(r, 0, msgf("track.whose_dice", "%s's dice", name))
		if err != nil {
			return err
		}
		out = append(out, rd)
		n += len(rd.Faces)
	}
	if due := bp.DiceDue(s.Player); n != due {
		return reject(CodeInvalid, "track.rolls_dice_this_round_entered", "%s rolls %d dice this round, %d entered.", name, due, n)
	}
	for i, p := range pools {
		faces := []int(slices.Clone(out[i].Faces))
		if r := bp.AssimRules; r != nil {
			if p.Attacker {
				r.BorgFaces = faces
			} else {
				r.DefenderFaces = faces
			}
			continue
		}
		if r := bp.CubeRules; r != nil {
			if p.Attacker {
				r.BorgFaces = faces
			} else {
				r.PlayerFaces[p.Defender] = faces
			}
			continue
		}
		if b := bp.InvasionRules; b != nil {
			if p.Attacker {
				b.AttackerFaces = faces
			} else {
				b.DefenderFaces = faces
			}
			continue
		}
		if p.Attacker {
			for len(bp.Rules.AttackerFaces) < len(bp.Defenders) {
				bp.Rules.AttackerFaces = append(bp.Rules.AttackerFaces, nil)
			}
			bp.Rules.AttackerFaces[p.Defender] = faces
		} else {
			for len(bp.Rules.DefenderFaces) < len(bp.Defenders) {
				bp.Rules.DefenderFaces = append(bp.Rules.DefenderFaces, nil)
			}
			bp.Rules.DefenderFaces[p.Defender] = faces
		}
	}
	bp.Dice = append(bp.Dice, SideDice{Player: s.Player, Dice: out})
	return nil
}

// asRoll turns recorded dice back into the roll that gives them again:
// the same faces, seed and re-rolls.
func asRoll(d RolledDice) Roll {
	if len(d.Rerolls) == 0 {
		return Roll{Faces: slices.Clone(d.Faces), Seed: d.Seed}
	}
	return Roll{Faces: slices.Clone(d.First), Seed: d.Seed, Rerolls: slices.Clone(d.Rerolls)}
}

// fightInProgress fights the round whose dice are all in
// (SpaceBattleRound, as the table ruled when it opened), then opens the
// battle's next round on every phone, or closes it when it is over.
func (c *decideCtx) fightInProgress(a *AscendancyState, bp *BattleInProgress) error {
	round := SpaceBattleRound{Round: bp.Round, Attacker: bp.Attacker, Defenders: slices.Clone(bp.Defenders), fromOpen: true}
	for _, d := range bp.Dice {
		rolls := make([]Roll, len(d.Dice))
		for i, r := range d.Dice {
			rolls[i] = asRoll(r)
		}
		if d.Player == bp.Attacker.Player {
			round.Attacker.Rolls = rolls
			continue
		}
		for i := range round.Defenders {
			if round.Defenders[i].Player == d.Player {
				round.Defenders[i].Rolls = rolls
			}
		}
	}
	was := c.override
	c.override = was || bp.Ruled
	err := round.decide(c)
	c.override = was
	if err != nil {
		return err
	}
	next := a.BattleFor(bp.Attacker.Player, bp.Players()[1:])
	if next == nil {
		return c.emit(say("track.the_battle_round_is_fought", "Round %d fought: the battle is over", bp.Round), BattleInProgressSet{})
	}
	nb := &BattleInProgress{Kind: bp.Kind, Round: next.Round + 1, Ruled: bp.Ruled, WalkerRound: bp.WalkerRound, Turn: bp.Turn}
	nb.Rules = ascrules.SpaceRound{Round: nb.Round}
	keep := func(s BattleSide, rs ascrules.Side) (BattleSide, ascrules.Side) {
		s.FirstStrike, rs.FirstStrike = false, false
		s.Ships = min(s.Ships, next.Ships[s.Player])
		rs.Ships = s.Ships
		return s, rs
	}
	nb.Attacker, nb.Rules.Attacker = keep(bp.Attacker, bp.Rules.Attacker)
	for i, d := range bp.Defenders {
		if !slices.Contains(next.Defenders, d.Player) {
			continue
		}
		s, rs := keep(d, bp.Rules.Defenders[i])
		nb.Defenders = append(nb.Defenders, s)
		nb.Rules.Defenders = append(nb.Rules.Defenders, rs)
	}
	return c.emit(say("track.round_next_each_side_enters", "Round %d next: each side enters its dice, unless a side retreats", nb.Round), BattleInProgressSet{Battle: nb})
}

// EndBattle ends the battle under way on every phone: the round whose
// dice were being entered is not fought (a side retreats, or the table
// set it up wrong), and the space battle between its sides is over (the
// next battle is a new one).
type EndBattle struct{}

// CommandType implements Command.
func (EndBattle) CommandType() string { return "asc.end_battle" }

func (EndBattle) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if a.Fighting() == nil && a.BattleNow() == nil && a.Invasion == nil {
		return reject(CodeNothing, "track.no_battle_is_under_way_2", "No battle is under way.")
	}
	cube := ""
	if b := a.Fighting(); b != nil && b.Kind == BattleCube {
		cube = b.Cube.Cube
	} else if b != nil && b.Kind == BattleAssimilation {
		cube = b.Assimilate.Cube
	}
	if a.InProgress != nil {
		if err := c.emit(say("track.the_battle_under_way_ends", "The battle under way ends"), BattleInProgressSet{}); err != nil {
			return err
		}
	}
	if cube != "" && a.FightWith(cube) != nil {
		b, err := copyBorg(a)
		if err != nil {
			return err
		}
		endFight(&b)
		if err := c.emit(say("track.battle_with_borg_ends", "Battle with Borg %s ends", borgPiece(cube)), BorgSet{Borg: b}); err != nil {
			return err
		}
	}
	if a.Battle != nil {
		if err := c.emit(say("track.the_space_battle_ends", "The space battle ends"), BattleSet{}); err != nil {
			return err
		}
	}
	if a.Invasion != nil {
		return c.emit(say("track.the_invasion_ends", "The invasion ends: the attacker retreats"), InvasionEnded{})
	}
	return nil
}

// validateBattles checks the battles under way of a state read from
// outside: their sides are players of the game, each once, with ships,
// and the dice entered are dice of those sides.
func validateBattles(a *AscendancyState, players map[string]bool) error {
	if b := a.Battle; b != nil {
		if !players[b.Attacker] || outside(b.Round, 1, 100) || len(b.Defenders) > maxAscPlayer {
			return fmt.Errorf("a space battle under way by %s at round %d", short(b.Attacker), b.Round)
		}
		if err := checkRefs(b.Defenders, players, "the space battle under way"); err != nil {
			return err
		}
	}
	b := a.InProgress
	if b == nil {
		return nil
	}
	switch b.Kind {
	case BattleInvasion:
		if b.Cube != nil || b.CubeRules != nil || b.Assimilate != nil || b.AssimRules != nil {
			return fmt.Errorf("an invasion under way with a cube's round")
		}
		return validateInvasionInProgress(b, players)
	case BattleCube:
		if b.Assimilate != nil || b.AssimRules != nil {
			return fmt.Errorf("a battle with a cube under way with an assimilation's round")
		}
		return validateCubeInProgress(b, players)
	case BattleAssimilation:
		return validateAssimInProgress(b, players)
	}
	if b.Kind != BattleSpace || b.Invasion != nil || b.InvasionRules != nil || b.Cube != nil || b.CubeRules != nil || b.Assimilate != nil || b.AssimRules != nil {
		return fmt.Errorf("a battle under way of kind %s, which the tracker does not know", short(b.Kind))
	}
	if outside(b.Round, 1, 100) || b.Rules.Round != b.Round {
		return fmt.Errorf("a battle under way at round %d", b.Round)
	}
	if len(b.Defenders) == 0 || len(b.Defenders) > maxAscPlayer || len(b.Rules.Defenders) != len(b.Defenders) {
		return fmt.Errorf("a battle under way with %d defender(s)", len(b.Defenders))
	}
	seen := map[string]bool{}
	for i, s := range append([]BattleSide{b.Attacker}, b.Defenders...) {
		rs := b.Rules.Attacker
		if i > 0 {
			rs = b.Rules.Defenders[i-1]
		}
		switch {
		case !players[s.Player] || seen[s.Player]:
			return fmt.Errorf("a battle under way with %s, who is not in the game or is in it twice", short(s.Player))
		case outside(s.Ships, 1, maxCount) || rs.Player != s.Player || rs.Ships != s.Ships || len(s.Rolls) > 0:
			return fmt.Errorf("a battle under way with %d ship(s) of %s", s.Ships, short(s.Player))
		case rs.Validate() != nil || rs.BonusDice > 2*maxAscStarbases+20:
			return fmt.Errorf("a battle under way: %s's side: %v", short(s.Player), plain(rs.Validate()))
		}
		seen[s.Player] = true
	}
	entered := map[string]bool{}
	for _, d := range b.Dice {
		if !seen[d.Player] || entered[d.Player] || len(d.Dice) != len(b.pools(d.Player)) {
			return fmt.Errorf("dice of %s in the battle under way", short(d.Player))
		}
		entered[d.Player] = true
		if err := checkDice(d.Dice...); err != nil {
			return fmt.Errorf("the dice of %s in the battle under way: %v", short(d.Player), err)
		}
	}
	if len(b.Dice) == len(seen) {
		return fmt.Errorf("every side's dice are in, yet the round under way was not fought")
	}
	return nil
}
