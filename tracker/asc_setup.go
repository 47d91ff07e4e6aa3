package tracker

import (
	"fmt"

	ascrules "tableops/rules/ascendancy"
)

// AddStartingPlayer adds a civilization during setup with everything it
// starts with, as one step: AddAscPlayer's fields, plus the starting
// ascendancy, resource nodes and ships on the home system (the rules summary:
// 1 ascendancy, 1 node of each kind, 3 ships; the screens fill these in and
// the players may change them), and the cost table copied from the console
// (Costs, optional; see SetCosts).
type AddStartingPlayer struct {
	AddAscPlayer
	Ascendancy int                 `json:"ascendancy,omitempty"`
	Nodes      ascrules.Resources  `json:"nodes,omitempty"`
	Ships      int                 `json:"ships,omitempty"`
	Costs      *ascrules.CostTable `json:"costs,omitempty"`
}

// CommandType implements Command.
func (AddStartingPlayer) CommandType() string { return "asc.add_starting_player" }

func (cmd AddStartingPlayer) decide(c *decideCtx) error {
	if err := checkNumber(cmd.Ascendancy, 0, 20, Msg{Key: "track.word.starting_ascendancy", Text: "Starting ascendancy"}); err != nil {
		return err
	}
	if err := checkNumber(cmd.Ships, 0, 100, Msg{Key: "track.word.starting_ships", Text: "Starting ships"}); err != nil {
		return err
	}
	if err := checkAmounts(cmd.Nodes, 30, Msg{Key: "track.word.starting_nodes", Text: "Starting nodes"}); err != nil {
		return err
	}
	if cmd.Costs != nil {
		if err := checkCostTable(*cmd.Costs); err != nil {
			return err
		}
	}
	if err := cmd.checkStart(c); err != nil {
		return err
	}
	if err := cmd.AddAscPlayer.decide(c); err != nil {
		return err
	}
	a, err := c.asc()
	if err != nil {
		return err
	}
	if len(c.events) == 0 {
		return fmt.Errorf("add starting player: no player added")
	}
	added, ok := c.events[len(c.events)-1].Payload.(AscPlayerAdded)
	if !ok {
		return fmt.Errorf("add starting player: unexpected event %s", c.events[len(c.events)-1].Type)
	}
	p, err := a.player(added.Player.ID)
	if err != nil {
		return err
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Ascendancy, np.Nodes, np.Ships = cmd.Ascendancy, cmd.Nodes, cmd.Ships
	if cmd.Costs != nil {
		np.Costs = *cmd.Costs
		if np.Costs.Faction == "" {
			np.Costs.Faction = np.Civilization
		}
	}
	return setPlayer(c, say("track.starts_with", "%s starts with %s, ascendancy %d, %d ships", np.Name, fmtRes(np.Resources), np.Ascendancy, np.Ships), np)
}

// checkStart holds a new player's starting values to the setup rules and
// the game's options (AscOptions.Start, AscOptions.VulcanStart).
func (cmd AddStartingPlayer) checkStart(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	o := a.Options
	name := trimSpace(cmd.Name)
	res, resRule := ascrules.Resources{Production: 3, Research: 3, Culture: 3}, ruleStartResources
	asc := 1
	switch o.Start {
	case StartExtra:
		res, resRule = ascrules.Resources{Production: 8, Research: 6, Culture: 4}, ruleStartExtra
	case StartHumble:
		res, resRule, asc = ascrules.Resources{}, ruleStartHumble, 0
	}
	ascRule := ruleStartAscendancy
	if cmd.Faction == ascrules.Vulcan {
		asc, ascRule = 3, ruleVulcanAscendancy
	}
	if err := c.check(cmd.Resources != res, resRule, "track.starts_with_not", "%s starts with %s, not %s", name, fmtRes(res), fmtRes(cmd.Resources)); err != nil {
		return err
	}
	if err := c.check(cmd.Ascendancy != asc, ascRule, "track.starts_with_ascendancy_not", "%s starts with ascendancy %d, not %d", name, asc, cmd.Ascendancy); err != nil {
		return err
	}
	if err := c.check(cmd.Ships != 3, ruleStartHome, "track.starts_with_3_ships_on_home", "%s starts with 3 ships on the home system, not %d", name, cmd.Ships); err != nil {
		return err
	}
	one := ascrules.Resources{Production: 1, Research: 1, Culture: 1}
	if cmd.Faction == ascrules.Vulcan && o.VulcanStart != VulcanStandard {
		// A fully developed home system: the disc says how many nodes.
		return c.check(!cmd.Nodes.Covers(one), ruleVulcanHome, "track.s_home_system_is_fully_developed", "%s's home system is fully developed: at least 1 node of each kind, not %s", name, fmtNodes(cmd.Nodes))
	}
	return c.check(cmd.Nodes != one, ruleStartHome, "track.starts_with_1_node_of_each", "%s starts with 1 node of each kind on the home system, not %s", name, fmtNodes(cmd.Nodes))
}
