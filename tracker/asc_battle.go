package tracker

import (
	"fmt"

	ascrules "tableops/rules/ascendancy"
)

// BattleSide is one player's ships in a space battle round. Weapons and
// shields come from the player's record. The attacker gives one Roll per
// defender (its dice split between them before rolling); a defender gives
// one.
type BattleSide struct {
	Player      string `json:"player"`
	Ships       int    `json:"ships"`
	Starbase    bool   `json:"starbase,omitempty"`
	BonusDice   int    `json:"bonus_dice,omitempty"`
	FirstStrike bool   `json:"first_strike,omitempty"`
	Rolls       []Roll `json:"rolls"`
}

// SpaceBattleRound fights one round of a space battle between players
// (rules/ascendancy.ResolveSpaceRound) and applies it in one step: the dice,
// the hits, and every side's lost ships.
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
		return ascrules.Side{}, nil, reject(CodeRules, "%s has %d ship(s) on the board; %d in the battle.", p.Name, p.Ships, b.Ships)
	}
	if b.BonusDice < 0 || b.BonusDice > 20 {
		return ascrules.Side{}, nil, reject(CodeInvalid, "Bonus dice are 0 to 20.")
	}
	if len(b.Rolls) != rolls {
		return ascrules.Side{}, nil, reject(CodeInvalid, "%s rolls %d pool(s) of dice, %d given.", p.Name, rolls, len(b.Rolls))
	}
	var out []RolledDice
	for _, r := range b.Rolls {
		rd, err := c.roll(r, 0, p.Name+"'s dice")
		if err != nil {
			return ascrules.Side{}, nil, err
		}
		out = append(out, rd)
	}
	s := ascrules.Side{Player: p.ID, Ships: b.Ships, Starbase: b.Starbase, BonusDice: b.BonusDice,
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
		return reject(CodeInvalid, "Name the defenders.")
	}
	if cmd.Round < 1 || cmd.Round > 100 {
		return reject(CodeInvalid, "Rounds count from 1.")
	}
	r := ascrules.SpaceRound{Round: cmd.Round}
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
			return reject(CodeInvalid, "%s is in the battle twice.", a.seatName(side.Player))
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
		return reject(CodeRules, "%v", err)
	}
	label := fmt.Sprintf("Space battle round %d: %s scores %d hit(s)", cmd.Round, a.seatName(att.Player), res.AttackerHits)
	for _, d := range res.Defenders {
		label += fmt.Sprintf(", %s %d", a.seatName(d.Player), d.Hits)
	}
	if res.Stalemate {
		label += " (stalemate: someone must retreat)"
	}
	if err := c.emit(label, SpaceRoundFought{Round: r, AttackerDice: attDice, DefenderDice: defDice, Result: res}); err != nil {
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
		return reject(CodeNotNow, "The Borg are not in this game.")
	}
	p, err := a.player(cmd.Player)
	if err != nil {
		return err
	}
	if p.Assimilated {
		return reject(CodeNothing, "%s is already assimilated.", p.Name)
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Assimilated, np.HoldsHome = true, false
	return setPlayer(c, fmt.Sprintf("%s (%s) is assimilated by the Borg", p.Name, p.Civilization), np)
}
