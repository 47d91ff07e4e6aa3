package tracker

import (
	"slices"

	ascrules "tableops/rules/ascendancy"
)

// BattleSide is one player's ships in a space battle round. Weapons and
// shields come from the player's record. The attacker gives one Roll per
// defender (its dice split between them before rolling); a defender gives
// one.
//
// Starbase says the side's ships orbit its own system with a starbase;
// Starbases counts its starbases there when more than one (Starbase alone
// is one). They add dice by the game's reading (AscOptions.StarbaseDice):
// one die however many (full rulebook) or one per starbase (summary).
type BattleSide struct {
	Player      string `json:"player"`
	Ships       int    `json:"ships"`
	Starbase    bool   `json:"starbase,omitempty"`
	Starbases   int    `json:"starbases,omitempty"`
	BonusDice   int    `json:"bonus_dice,omitempty"`
	FirstStrike bool   `json:"first_strike,omitempty"`
	Rolls       []Roll `json:"rolls"`
}

// SpaceBattleRound fights one round of a space battle between players
// (rules/ascendancy.ResolveSpaceRound) and applies it in one step: the dice,
// the hits, and every side's lost ships.
//
// Round 0 lets the tracker number the round: 1 for a new battle, the next
// round while the same sides fight on in the same turn. A new battle is a
// command of the attacker's turn (command phase, one command token) and,
// against a rival whose trade agreement the attacker holds, a betrayal that
// returns it. Ships destroyed in a round take no further part; the battle
// ends when a side has no ships left in it or the turn moves on.
type SpaceBattleRound struct {
	Round     int          `json:"round"`
	Attacker  BattleSide   `json:"attacker"`
	Defenders []BattleSide `json:"defenders"`
	// fromOpen: the round is the battle under way's (BattleDice), which
	// goes on to its next round itself; a round given whole ends it.
	fromOpen bool
}

// CommandType implements Command.
func (SpaceBattleRound) CommandType() string { return "asc.space_round" }

// SpaceRoundFought records a space battle round: what each side rolled and
// the rules' result. Ship losses follow in the same step.
type SpaceRoundFought struct {
	Round        ascrules.SpaceRound       `json:"round"`
	AttackerDice []RolledDice              `json:"attacker_dice"`
	DefenderDice []RolledDice              `json:"defender_dice"`
	Result       ascrules.SpaceRoundResult `json:"result"`
}

// EventType implements Payload.
func (SpaceRoundFought) EventType() string { return "asc.space_round" }

func (e SpaceRoundFought) apply(*State) error {
	for _, r := range append(append([]RolledDice{}, e.AttackerDice...), e.DefenderDice...) {
		if err := r.check(); err != nil {
			return err
		}
	}
	return nil
}

func (c *decideCtx) side(a *AscendancyState, b BattleSide, rolls int) (ascrules.Side, []RolledDice, error) {
	s, err := c.sideRules(a, b)
	if err != nil {
		return ascrules.Side{}, nil, err
	}
	name := a.seatName(b.Player)
	if len(b.Rolls) != rolls {
		return ascrules.Side{}, nil, reject(CodeInvalid, "track.rolls_pool_s_of_dice_given", "%s rolls %d pool(s) of dice, %d given.", name, rolls, len(b.Rolls))
	}
	var out []RolledDice
	for _, r := range b.Rolls {
		rd, err := c.roll(r, 0, msgf("track.whose_dice", "%s's dice", name))
		if err != nil {
			return ascrules.Side{}, nil, err
		}
		out = append(out, rd)
	}
	return s, out, nil
}

// spaceStep is a space battle round between its steps: the game, the
// battle it continues (nil: a new one) and its round, the attacker's new
// record, and once fought the rules' input, the dice and the result.
type spaceStep struct {
	a        *AscendancyState
	battle   *SpaceBattle
	round    int
	attacker *AscPlayer
	na       AscPlayer
	betrayed []string
	r        ascrules.SpaceRound
	attDice  []RolledDice
	defDice  []RolledDice
	res      ascrules.SpaceRoundResult
}

// decide fights the round in steps: the checks (checkRound, checkSides,
// checkAttacker), the rolls (roll), then what the round changes (record).
func (cmd SpaceBattleRound) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if err := wantStage(a, AscExecution); err != nil {
		return err
	}
	if len(cmd.Defenders) == 0 || len(cmd.Defenders) > maxAscPlayer {
		return reject(CodeInvalid, "track.name_defenders", "Name the defenders.")
	}
	if cmd.Round < 0 || cmd.Round > 100 {
		return reject(CodeInvalid, "track.rounds_count_from_1", "Rounds count from 1.")
	}
	st := &spaceStep{a: a}
	if err := cmd.checkRound(c, st); err != nil {
		return err
	}
	if err := cmd.checkSides(c, st); err != nil {
		return err
	}
	if err := cmd.checkAttacker(c, st); err != nil {
		return err
	}
	if err := cmd.roll(c, st); err != nil {
		return err
	}
	if err := cmd.record(c, st); err != nil {
		return err
	}
	if !cmd.fromOpen && a.InProgress != nil {
		// A round typed whole on one device replaces the one whose dice
		// were being entered.
		return c.emit(say("track.the_battle_under_way_ends", "The battle under way ends"), BattleInProgressSet{})
	}
	return nil
}

// checkRound finds the battle this round continues and numbers the round:
// 1 starts a new battle; a battle goes on at its next round, which the
// command may not skip (ruleBattleStart).
func (cmd SpaceBattleRound) checkRound(c *decideCtx, st *spaceStep) error {
	st.battle = st.a.battleFor(cmd)
	st.round = 1
	if st.battle != nil {
		st.round = st.battle.Round + 1
	}
	switch {
	case cmd.Round == 0:
	case cmd.Round == 1:
		st.battle, st.round = nil, 1
	case cmd.Round != st.round:
		if err := c.breaks(ruleBattleStart, "track.this_is_round_of_battle_not", "This is round %d of the battle, not round %d", st.round, cmd.Round); err != nil {
			return err
		}
		st.round = cmd.Round
	}
	return nil
}

// checkSides holds every side to the ships it has left in the battle
// (ruleShipsLost) and its starbase dice to the game's reading
// (starbaseDice).
func (cmd SpaceBattleRound) checkSides(c *decideCtx, st *spaceStep) error {
	for _, side := range append([]BattleSide{cmd.Attacker}, cmd.Defenders...) {
		p, err := st.a.player(side.Player)
		if err != nil {
			return err
		}
		if st.battle != nil && side.Ships > st.battle.Ships[side.Player] {
			if err := c.breaks(ruleShipsLost, "track.has_ship_s_left_in_this", "%s has %d ship(s) left in this battle, not %d", p.Name, st.battle.Ships[side.Player], side.Ships); err != nil {
				return err
			}
		}
		if err := c.starbaseDice(st.a, p, side); err != nil {
			return err
		}
	}
	return nil
}

// checkAttacker holds a new battle to the command rules: a command of the
// attacker's turn (ruleOwnTurn, ruleCommandPhase) that exhausts one command
// token (ruleCommandToken), and a betrayal of every defender whose trade
// agreement the attacker holds (betray). It sets the attacker's new record.
func (cmd SpaceBattleRound) checkAttacker(c *decideCtx, st *spaceStep) error {
	a := st.a
	var err error
	if st.attacker, err = a.player(cmd.Attacker.Player); err != nil {
		return err
	}
	if st.na, err = copyPlayer(st.attacker); err != nil {
		return err
	}
	if st.battle != nil {
		return nil
	}
	if err := c.onTurn(a, st.attacker, PhaseCommand); err != nil {
		return err
	}
	if err := c.exhaust(&st.na, 1, msgf("track.what_a_space_battle", "a space battle")); err != nil {
		return err
	}
	for _, d := range cmd.Defenders {
		if betray(&st.na, d.Player) {
			st.betrayed = append(st.betrayed, a.seatName(d.Player))
		}
	}
	return nil
}

// roll checks and rolls each side (side: the attacker one pool per
// defender, each defender one; a player once) and resolves the round
// (rules/ascendancy.ResolveSpaceRound).
func (cmd SpaceBattleRound) roll(c *decideCtx, st *spaceStep) error {
	a := st.a
	st.r = ascrules.SpaceRound{Round: st.round}
	att, attDice, err := c.side(a, cmd.Attacker, len(cmd.Defenders))
	if err != nil {
		return err
	}
	st.r.Attacker, st.attDice = att, attDice
	seen := map[string]bool{att.Player: true}
	for _, d := range cmd.Defenders {
		side, dd, err := c.side(a, d, 1)
		if err != nil {
			return err
		}
		if seen[side.Player] {
			return reject(CodeInvalid, "track.is_in_battle_twice", "%s is in the battle twice.", a.seatName(side.Player))
		}
		seen[side.Player] = true
		st.r.Defenders = append(st.r.Defenders, side)
		st.r.DefenderFaces = append(st.r.DefenderFaces, dd[0].Faces)
		st.defDice = append(st.defDice, dd[0])
	}
	for _, d := range attDice {
		st.r.AttackerFaces = append(st.r.AttackerFaces, d.Faces)
	}
	if st.res, err = ascrules.ResolveSpaceRound(st.r); err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	return nil
}

// record emits the round (SpaceRoundFought) and what it changes, in one
// step: the attacker's command token and betrayals, the battle as it
// stands (setBattle), and every side's ships lost.
func (cmd SpaceBattleRound) record(c *decideCtx, st *spaceStep) error {
	a, r, res := st.a, st.r, st.res
	label := say("track.space_battle_round_scores_hit_s", "Space battle round %d: %s scores %d hit(s)", st.round, a.seatName(r.Attacker.Player), res.AttackerHits)
	for _, d := range res.Defenders {
		label.add("", ", %s %d", a.seatName(d.Player), d.Hits)
	}
	if res.Stalemate {
		label.add("track.stalemate_someone_must_retreat", " (stalemate: someone must retreat)")
	}
	if err := c.emit(label, SpaceRoundFought{Round: r, AttackerDice: st.attDice, DefenderDice: st.defDice, Result: res}); err != nil {
		return err
	}
	if st.battle == nil {
		l := say("track.a_command_for_battle", "%s: a command for the battle", st.attacker.Name)
		if len(st.betrayed) > 0 {
			l.add("track.returns_agreements_of", "; returns the trade agreement of %s (betrayal)", joinAnd(rawList(st.betrayed)))
		}
		if err := setPlayer(c, l, st.na); err != nil {
			return err
		}
	}
	if err := cmd.setBattle(c, st); err != nil {
		return err
	}
	lose := func(pid string, n int) error {
		if n <= 0 {
			return nil
		}
		p, err := a.player(pid)
		if err != nil {
			return err
		}
		return loseShips(c, p, n)
	}
	if err := lose(r.Attacker.Player, res.AttackerLosses); err != nil {
		return err
	}
	for _, d := range res.Defenders {
		if err := lose(d.Player, d.Losses); err != nil {
			return err
		}
	}
	return nil
}

// setBattle emits the battle as it stands after the round: the sides with
// ships left go on to the next round; the battle is over when a side has
// no ships left in it (ruleShipsLost).
func (cmd SpaceBattleRound) setBattle(c *decideCtx, st *spaceStep) error {
	a, att, res := st.a, st.r.Attacker, st.res
	nb := &SpaceBattle{Attacker: att.Player, Round: st.round, Ships: map[string]int{}, WalkerRound: a.Walker.Round, Turn: a.Walker.Turn}
	nb.Ships[att.Player] = max(0, att.Ships-res.AttackerLosses)
	for _, d := range res.Defenders {
		for _, side := range st.r.Defenders {
			if side.Player == d.Player {
				if left := max(0, side.Ships-d.Losses); left > 0 {
					nb.Defenders = append(nb.Defenders, d.Player)
					nb.Ships[d.Player] = left
				}
			}
		}
	}
	if nb.Ships[att.Player] == 0 || len(nb.Defenders) == 0 {
		nb = nil
	}
	switch {
	case nb != nil:
		return c.emit(say("track.the_battle_goes_on_round_next", "The battle goes on: round %d next, unless a side retreats", st.round+1), BattleSet{Battle: nb})
	case a.Battle != nil || st.round > 1:
		return c.emit(say("track.the_battle_is_over_side_has", "The battle is over: a side has no ships left in it"), BattleSet{})
	}
	return nil
}

// SpaceBattle is a space battle between players while it lasts: the
// sides still in it with the ships they have left, and the last round.
type SpaceBattle struct {
	Attacker    string         `json:"attacker"`
	Defenders   []string       `json:"defenders"`
	Ships       map[string]int `json:"ships"`
	Round       int            `json:"round"`
	WalkerRound int            `json:"walker_round"`
	Turn        int            `json:"turn"`
}

// battleFor returns the battle cmd continues, or nil for a new battle.
func (a *AscendancyState) battleFor(cmd SpaceBattleRound) *SpaceBattle {
	defs := make([]string, len(cmd.Defenders))
	for i, d := range cmd.Defenders {
		defs[i] = d.Player
	}
	return a.BattleFor(cmd.Attacker.Player, defs)
}

// BattleNow returns the space battle under way in this turn (whoever
// fights it), or nil.
func (a *AscendancyState) BattleNow() *SpaceBattle {
	b := a.Battle
	if b == nil || b.WalkerRound != a.Walker.Round || b.Turn != a.Walker.Turn {
		return nil
	}
	return b
}

// BattleFor returns the battle under way that a round between attacker
// and defenders continues: the same attacker against defenders still in
// it, in the same turn; nil: the round starts a new battle.
func (a *AscendancyState) BattleFor(attacker string, defenders []string) *SpaceBattle {
	b := a.BattleNow()
	if b == nil || b.Attacker != attacker {
		return nil
	}
	for _, d := range defenders {
		if !slices.Contains(b.Defenders, d) {
			return nil
		}
	}
	return b
}

// BattleSet records the space battle under way (nil: none).
type BattleSet struct {
	Battle *SpaceBattle `json:"battle"`
}

// EventType implements Payload.
func (BattleSet) EventType() string { return "asc.battle" }

func (e BattleSet) apply(s *State) error {
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	if e.Battle == nil {
		a.Battle = nil
		return nil
	}
	b, err := deepCopy(*e.Battle)
	if err != nil {
		return err
	}
	a.Battle = &b
	return nil
}

// AssimilatePlayer records that a player's civilization was absorbed by the
// Borg (they play the Borg from now on and take no part in the victory check).
type AssimilatePlayer struct {
	Player string `json:"player"`
}

// CommandType implements Command.
func (AssimilatePlayer) CommandType() string { return "borg.assimilate_player" }

func (cmd AssimilatePlayer) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if a.Borg == nil {
		return reject(CodeNotNow, "track.the_borg_are_not_in_this", "The Borg are not in this game.")
	}
	p, err := a.player(cmd.Player)
	if err != nil {
		return err
	}
	if p.Assimilated {
		return reject(CodeNothing, "track.is_already_assimilated", "%s is already assimilated.", p.Name)
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Assimilated, np.HoldsHome = true, false
	return setPlayer(c, say("track.is_assimilated_by_borg", "%s (%s) is assimilated by the Borg", p.Name, p.Civilization), np)
}

// starbases is how many of the side's starbases are in the battle.
func (b BattleSide) starbases() int {
	if b.Starbase && b.Starbases == 0 {
		return 1
	}
	return b.Starbases
}

// starbaseDice checks the side's starbases against the player's and the
// game's reading of the starbase die.
func (c *decideCtx) starbaseDice(a *AscendancyState, p *AscPlayer, side BattleSide) error {
	n := side.starbases()
	if n < 0 || n > maxAscStarbases {
		return reject(CodeInvalid, "track.starbases_in_battle_are_0_to", "Starbases in a battle are 0 to %d.", maxAscStarbases)
	}
	perStarbase := a.Options.StarbaseDice == StarbaseDiePerStarbase
	if n > p.Starbases {
		rule := ruleStarbaseDie
		if perStarbase {
			rule = ruleStarbaseDiePerStarbase
		}
		if err := c.breaks(rule, "track.controls_starbase_s_not", "%s controls %d starbase(s), not %d", p.Name, p.Starbases, n); err != nil {
			return err
		}
	}
	if n > 1 && !perStarbase {
		return c.breaks(ruleStarbaseDieOnce, "track.s_starbases_add_one_die", "%s's %d starbases add one die", p.Name, n)
	}
	return nil
}

// maxAscStarbases bounds the starbases one side brings to a battle.
const maxAscStarbases = 20
