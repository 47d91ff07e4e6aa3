package tracker

// Warp records a ship or fleet of Player's at warp (seed 003 "Movement";
// seed 002 "Entrare in Curvatura", "Viaggiare a Curvatura", "Uscire dalla
// Curvatura"), each a command of the command phase: entering warp places
// its first warp token (AscPlayer.WarpTokens gains an entry); Add gives the
// ship at warp number Ship (0 the first) another token; Exit brings it out
// of warp, its tokens discarded: it moves through as many systems as its
// tokens plus the warp tokens on the player's completed advancements (the
// table counts those). The recharge adds a token to every ship at warp
// (rules/ascendancy.Maintain).
type Warp struct {
	Player string `json:"player"`
	Ship   int    `json:"ship,omitempty"`
	Add    bool   `json:"add,omitempty"`
	Exit   bool   `json:"exit,omitempty"`
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
	_, p, np, err := c.commandAction(cmd.Player, 1, what)
	if err != nil {
		return err
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
	return setPlayer(c, say("track.ship_exits_warp", "%s: ship at warp %d exits warp with %d warp token(s), plus those on completed advancements; its tokens are discarded", p.Name, cmd.Ship+1, n), np)
}
