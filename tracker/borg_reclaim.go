package tracker

import (
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
type ReclaimRound struct {
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
type ReclaimFought struct {
	Spire      string                  `json:"spire"`
	Player     string                  `json:"player"`
	Reclaim    borgrules.Reclaim       `json:"reclaim"`
	PlayerDice RolledDice              `json:"player_dice"`
	BorgDice   RolledDice              `json:"borg_dice"`
	Result     borgrules.ReclaimResult `json:"result"`
}

// EventType implements Payload.
func (ReclaimFought) EventType() string { return "asc.reclaim" }

func (e ReclaimFought) apply(*State) error {
	return checkDice(e.PlayerDice, e.BorgDice)
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
	if err := c.emit(label, ReclaimFought{Spire: sp.ID, Player: p.ID, Reclaim: r, PlayerDice: pd, BorgDice: bd, Result: res}); err != nil {
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
	return loseShips(c, p, min(res.BorgHits, cmd.Ships))
}
