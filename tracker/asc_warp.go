package tracker

import (
	"strconv"

	ascrules "tableops/rules/ascendancy"
)

// Warp records a ship or fleet of Player's at warp (seed 003 "Movement";
// seed 002 "Entrare in Curvatura", "Viaggiare a Curvatura", "Uscire dalla
// Curvatura"), each a command of the command phase: entering warp places
// its first warp token (AscPlayer.WarpTokens gains an entry); Add gives the
// ship at warp number Ship (0 the first) another token; Exit brings it out
// of warp, its tokens discarded: it moves through as many systems as its
// tokens plus the warp tokens on the player's completed advancements (the
// table counts those). The recharge adds a token to every ship at warp
// (rules/ascendancy.Maintain).
//
// Squadron is the Ferengi Trade Support Squadron (seed 002 "Lo Squadrone di
// Supporto al Commercio Ferengi"): it enters warp on the Ferengi turn with
// no command, unless it exited warp in the same turn (the squadron's exit
// is a command as any other, marked Squadron so the turn is known).
type Warp struct {
	Player   string `json:"player"`
	Ship     int    `json:"ship,omitempty"`
	Add      bool   `json:"add,omitempty"`
	Exit     bool   `json:"exit,omitempty"`
	Squadron bool   `json:"squadron,omitempty"`
}

var ruleSquadronWarp = Rule{"rule.squadron_warp", "The Ferengi Trade Support Squadron enters warp with no command, unless it exited warp in the same turn", srcAscRulebook + ", Ferengi Trade Support Squadron"}

// turnKey names the turn under way, for what may happen once a turn.
func turnKey(a *AscendancyState) string {
	return strconv.Itoa(a.Walker.Round) + "/" + strconv.Itoa(a.Walker.Turn)
}

// CommandType implements Command.
func (Warp) CommandType() string { return "asc.warp" }

func (cmd Warp) decide(c *decideCtx) error {
	if cmd.Add && cmd.Exit {
		return reject(CodeInvalid, "track.warp_add_or_exit", "A ship at warp gets a warp token or exits warp, not both.")
	}
	what := msgf("track.what_entering_warp", "entering warp")
	switch {
	case cmd.Add:
		what = msgf("track.what_a_warp_token", "another warp token")
	case cmd.Exit:
		what = msgf("track.what_exiting_warp", "exiting warp")
	}
	if cmd.Squadron && !cmd.Add && !cmd.Exit {
		return cmd.squadronEnters(c)
	}
	a, p, np, err := c.commandAction(cmd.Player, 1, what)
	if err != nil {
		return err
	}
	if cmd.Squadron && p.Faction != ascrules.Ferengi {
		return reject(CodeInvalid, "track.squadron_is_ferengi", "The Trade Support Squadron is the Ferengi's; %s plays %s.", p.Name, p.Civilization)
	}
	if !cmd.Add && !cmd.Exit {
		if len(np.WarpTokens) >= maxListLen {
			return reject(CodeInvalid, "track.at_most_ships_at_warp", "At most %d ships or fleets at warp.", maxListLen)
		}
		np.WarpTokens = append(np.WarpTokens, 1)
		return setPlayer(c, say("track.ship_enters_warp", "%s: a ship or fleet enters warp (1 warp token; %d at warp)", p.Name, len(np.WarpTokens)), np)
	}
	if cmd.Ship < 0 || cmd.Ship >= len(np.WarpTokens) {
		return reject(CodeNotFound, "track.no_ship_at_warp", "%s has no ship at warp number %d.", p.Name, cmd.Ship+1)
	}
	if cmd.Add {
		np.WarpTokens[cmd.Ship]++
		return setPlayer(c, say("track.ship_at_warp_gets_token", "%s: ship at warp %d gets another warp token (%d)", p.Name, cmd.Ship+1, np.WarpTokens[cmd.Ship]), np)
	}
	n := np.WarpTokens[cmd.Ship]
	np.WarpTokens = append(np.WarpTokens[:cmd.Ship:cmd.Ship], np.WarpTokens[cmd.Ship+1:]...)
	if cmd.Squadron {
		np.SquadronExited = turnKey(a)
	}
	return setPlayer(c, say("track.ship_exited_warp", "%s's ship at warp %d exited warp", p.Name, cmd.Ship+1).
		after(Texts{msgf("track.warp_moves", "moves through up to %d systems (%d warp token(s) + %d on advancements)", n+np.AdvancementWarp, n, np.AdvancementWarp)},
			Texts{msgf("track.count.at_warp", "%d at warp", len(np.WarpTokens))}), np)
}

// squadronEnters puts the Ferengi Trade Support Squadron at warp with no
// command, on the Ferengi player's own turn, in the command phase; after
// it exited warp this turn, it breaks ruleSquadronWarp (the table may
// record it anyway).
func (cmd Warp) squadronEnters(c *decideCtx) error {
	a, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if p.Faction != ascrules.Ferengi {
		return reject(CodeInvalid, "track.squadron_is_ferengi", "The Trade Support Squadron is the Ferengi's; %s plays %s.", p.Name, p.Civilization)
	}
	if err := c.onTurn(a, p, PhaseCommand); err != nil {
		return err
	}
	if err := c.check(p.SquadronExited == turnKey(a), ruleSquadronWarp, "track.squadron_exited_this_turn", "%s's Trade Support Squadron exited warp this turn", p.Name); err != nil {
		return err
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	if len(np.WarpTokens) >= maxListLen {
		return reject(CodeInvalid, "track.at_most_ships_at_warp", "At most %d ships or fleets at warp.", maxListLen)
	}
	np.WarpTokens = append(np.WarpTokens, 1)
	return setPlayer(c, say("track.squadron_enters_warp", "%s's Trade Support Squadron entered warp with no command (1 warp token)", p.Name).
		after(Texts{msgf("track.count.at_warp", "%d at warp", len(np.WarpTokens))}, readyCount(np)), np)
}
