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
	p, err := a.player(b.Player)
	if err != nil {
		return ascrules.Side{}, nil, err
	}
	if b.Ships < 1 || b.Ships > p.Ships {
		return ascrules.Side{}, nil, reject(CodeRules, "track.has_ship_s_on_board_in", "%s has %d ship(s) on the board; %d in the battle.", p.Name, p.Ships, b.Ships)
	}
	if b.BonusDice < 0 || b.BonusDice > 20 {
		return ascrules.Side{}, nil, reject(CodeInvalid, "track.bonus_dice_are_0_to_20", "Bonus dice are 0 to 20.")
	}
	if len(b.Rolls) != rolls {
		return ascrules.Side{}, nil, reject(CodeInvalid, "track.rolls_pool_s_of_dice_given", "%s rolls %d pool(s) of dice, %d given.", p.Name, rolls, len(b.Rolls))
	}
	var out []RolledDice
	for _, r := range b.Rolls {
		rd, err := c.roll(r, 0, msgf("track.whose_dice", "%s's dice", p.Name))
		if err != nil {
			return ascrules.Side{}, nil, err
		}
		out = append(out, rd)
	}
	// Past the checks, more than one starbase in the rulebook's reading is
	// the table's ruling (or a plain tracker's entry): each adds its die.
	extra := ascrules.StarbaseDice(b.starbases(), a.Options.StarbaseDice == StarbaseDiePerStarbase || c.override || c.s.Relaxed)
	s := ascrules.Side{Player: p.ID, Ships: b.Ships, Starbase: extra > 0, BonusDice: b.BonusDice + max(0, extra-1),
		Weapons: p.Weapons, Shields: p.Shields, FirstStrike: b.FirstStrike}
	return s, out, nil
}

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
	battle := a.battleFor(cmd)
	round := 1
	if battle != nil {
		round = battle.Round + 1
	}
	switch {
	case cmd.Round == 0:
	case cmd.Round == 1:
		battle, round = nil, 1
	case cmd.Round != round:
		if err := c.breaks(ruleBattleStart, "track.this_is_round_of_battle_not", "This is round %d of the battle, not round %d", round, cmd.Round); err != nil {
			return err
		}
		round = cmd.Round
	}
	for _, side := range append([]BattleSide{cmd.Attacker}, cmd.Defenders...) {
		p, err := a.player(side.Player)
		if err != nil {
			return err
		}
		if battle != nil && side.Ships > battle.Ships[side.Player] {
			if err := c.breaks(ruleShipsLost, "track.has_ship_s_left_in_this", "%s has %d ship(s) left in this battle, not %d", p.Name, battle.Ships[side.Player], side.Ships); err != nil {
				return err
			}
		}
		if err := c.starbaseDice(a, p, side); err != nil {
			return err
		}
	}
	attacker, err := a.player(cmd.Attacker.Player)
	if err != nil {
		return err
	}
	na, err := copyPlayer(attacker)
	if err != nil {
		return err
	}
	var betrayed []string
	if battle == nil {
		if err := c.onTurn(a, attacker, PhaseCommand); err != nil {
			return err
		}
		if err := c.exhaust(&na, 1, msgf("track.what_a_space_battle", "a space battle")); err != nil {
			return err
		}
		for _, d := range cmd.Defenders {
			if betray(&na, d.Player) {
				betrayed = append(betrayed, a.seatName(d.Player))
			}
		}
	}
	r := ascrules.SpaceRound{Round: round}
	att, attDice, err := c.side(a, cmd.Attacker, len(cmd.Defenders))
	if err != nil {
		return err
	}
	r.Attacker = att
	seen := map[string]bool{att.Player: true}
	var defDice []RolledDice
	for _, d := range cmd.Defenders {
		side, dd, err := c.side(a, d, 1)
		if err != nil {
			return err
		}
		if seen[side.Player] {
			return reject(CodeInvalid, "track.is_in_battle_twice", "%s is in the battle twice.", a.seatName(side.Player))
		}
		seen[side.Player] = true
		r.Defenders = append(r.Defenders, side)
		r.DefenderFaces = append(r.DefenderFaces, dd[0].Faces)
		defDice = append(defDice, dd[0])
	}
	for _, d := range attDice {
		r.AttackerFaces = append(r.AttackerFaces, d.Faces)
	}
	res, err := ascrules.ResolveSpaceRound(r)
	if err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	label := say("track.space_battle_round_scores_hit_s", "Space battle round %d: %s scores %d hit(s)", round, a.seatName(att.Player), res.AttackerHits)
	for _, d := range res.Defenders {
		label.add("", ", %s %d", a.seatName(d.Player), d.Hits)
	}
	if res.Stalemate {
		label.add("track.stalemate_someone_must_retreat", " (stalemate: someone must retreat)")
	}
	if err := c.emit(label, SpaceRoundFought{Round: r, AttackerDice: attDice, DefenderDice: defDice, Result: res}); err != nil {
		return err
	}
	if battle == nil {
		l := say("track.a_command_for_battle", "%s: a command for the battle", attacker.Name)
		if len(betrayed) > 0 {
			l.add("track.returns_agreements_of", "; returns the trade agreement of %s (betrayal)", joinAnd(rawList(betrayed)))
		}
		if err := setPlayer(c, l, na); err != nil {
			return err
		}
	}
	// The battle as it stands after the round.
	nb := &SpaceBattle{Attacker: att.Player, Round: round, Ships: map[string]int{}, WalkerRound: a.Walker.Round, Turn: a.Walker.Turn}
	nb.Ships[att.Player] = max(0, att.Ships-res.AttackerLosses)
	for _, d := range res.Defenders {
		for _, side := range r.Defenders {
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
		if err := c.emit(say("track.the_battle_goes_on_round_next", "The battle goes on: round %d next, unless a side retreats", round+1), BattleSet{Battle: nb}); err != nil {
			return err
		}
	case a.Battle != nil || round > 1:
		if err := c.emit(say("track.the_battle_is_over_side_has", "The battle is over: a side has no ships left in it"), BattleSet{}); err != nil {
			return err
		}
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
	if err := lose(att.Player, res.AttackerLosses); err != nil {
		return err
	}
	for _, d := range res.Defenders {
		if err := lose(d.Player, d.Losses); err != nil {
			return err
		}
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
