package tracker

import (
	"fmt"
	"slices"
	"strings"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
)

// The commands in this file are the ones the Ascendancy screens need beyond
// the round walker and the space battle: paying for an action in one step,
// planetary invasions, hazards, cultural hegemony and diplomacy tests. Each
// applies everything it changes as one step (one undo).

func init() {
	payloadTypes["asc.invasion"] = func() Payload { return &InvasionFought{} }
	payloadTypes["asc.hazard"] = func() Payload { return &HazardBraved{} }
	payloadTypes["asc.hegemony"] = func() Payload { return &HegemonyTried{} }
	payloadTypes["asc.diplomacy"] = func() Payload { return &DiplomacyTested{} }
	commandTypes["asc.pay_for"] = func() Command { return &PayFor{} }
	commandTypes["asc.add_starting_player"] = func() Command { return &AddStartingPlayer{} }
	commandTypes["asc.invasion_round"] = func() Command { return &InvasionRound{} }
	commandTypes["asc.hazard"] = func() Command { return &BraveHazard{} }
	commandTypes["asc.hegemony"] = func() Command { return &TryHegemony{} }
	commandTypes["asc.diplomacy"] = func() Command { return &TestDiplomacy{} }
	payloadTypes["asc.assimilation"] = func() Payload { return &AssimilationFought{} }
	commandTypes["borg.assimilation_round"] = func() Command { return &AssimilationRound{} }
	payloadTypes["asc.reclaim"] = func() Payload { return &ReclaimFought{} }
	commandTypes["borg.reclaim_round"] = func() Command { return &ReclaimRound{} }
}

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
	if cmd.Ascendancy < 0 || cmd.Ascendancy > 20 || cmd.Ships < 0 || cmd.Ships > 100 || cmd.Nodes.Negative() || cmd.Nodes.Total() > 30 {
		return reject(CodeInvalid, "track.starting_ascendancy_nodes_and_ships_must", "Starting ascendancy, nodes and ships must be 0 or more (and not absurdly many).")
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
	return setPlayer(c, nil, np)
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

// PayFor spends Cost from a player's resources and changes one of their
// counters (see the Counter constants) by Delta, as one step: a ship built
// for 1 production, a system colonized, a starbase commissioned, a preset
// the players made from their own cards. What names the action for the log.
type PayFor struct {
	Player  string             `json:"player"`
	What    string             `json:"what"`
	Cost    ascrules.Resources `json:"cost"`
	Counter string             `json:"counter,omitempty"`
	Delta   int                `json:"delta,omitempty"`
}

// CommandType implements Command.
func (PayFor) CommandType() string { return "asc.pay_for" }

func (cmd PayFor) decide(c *decideCtx) error {
	_, p, err := c.building(cmd.Player)
	if err != nil {
		return err
	}
	what, err := cleanText(cmd.What, maxNameLen, Msg{Key: "track.word.action_name", Text: "action name"})
	if err != nil {
		return err
	}
	if cmd.Cost.Negative() || cmd.Cost.Total() > 100 {
		return reject(CodeInvalid, "track.a_cost_is_0_to_100", "A cost is 0 to 100 resources of each kind.")
	}
	if cmd.Delta > 100 || cmd.Delta < -100 {
		return reject(CodeInvalid, "track.that_is_too_large_change", "That is too large a change.")
	}
	if cmd.Cost.Total() == 0 && (cmd.Counter == "" || cmd.Delta == 0) {
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	}
	np, err := pay(p, cmd.Cost, msgf("track.action_costs", "%s costs", what))
	if err != nil {
		return err
	}
	if cmd.Counter != "" && cmd.Delta != 0 {
		v, name := np.counter(cmd.Counter)
		if v == nil {
			return reject(CodeInvalid, "track.there_is_no_counter", "There is no counter %q.", cmd.Counter)
		}
		n := *v + cmd.Delta
		if n < 0 {
			return reject(CodeRules, "track.has_only_2", "%s has only %d %s.", p.Name, *v, name)
		}
		if err := checkCount(n, msgf("track.whose_counter", "%s's %s", p.Name, name)); err != nil {
			return err
		}
		if cmd.Counter == CounterWeapons && (n < 1 || n > 6) {
			return reject(CodeRules, "track.the_weapons_hit_roll_stays_between", "The weapons hit roll stays between 1 and 6.")
		}
		*v = n
	}
	label := say("", "%s: %s", p.Name, what)
	if cmd.Cost.Total() > 0 {
		label.add("track.paid", " (paid %s)", fmtRes(cmd.Cost))
	}
	return setPlayer(c, label, np)
}

// InvasionRound fights one round of a planetary invasion
// (rules/ascendancy.ResolveInvasion) and applies it: the attacker's ship
// losses; on success (or the defender's Surrender) the system changes
// hands (systems counters); on total annihilation the defender loses the
// system. Defender is the controlling player's id, or "" for an
// independent system, whose hit roll and shields are given
// (DefenderWeapons, DefenderShields: its tech level). NodesLost says which
// of a defending player's resource nodes were destroyed (the attacker
// chooses on collateral damage); it may be left empty. Round 1 starts a
// new invasion (a command of the attacker's turn); a later round continues
// the invasion under way (AscendancyState.Invasion) from what it left;
// Round 0 is its next round.
type InvasionRound struct {
	Round               int                `json:"round"`
	Attacker            string             `json:"attacker"`
	Ships               int                `json:"ships"`
	BonusDice           int                `json:"bonus_dice,omitempty"`
	FirstStrike         bool               `json:"first_strike,omitempty"`
	Defender            string             `json:"defender,omitempty"`
	System              string             `json:"system,omitempty"`
	Nodes               int                `json:"nodes"`
	DefenderWeapons     int                `json:"defender_weapons,omitempty"`
	DefenderShields     int                `json:"defender_shields,omitempty"`
	DefenderFirstStrike bool               `json:"defender_first_strike,omitempty"`
	Surrender           bool               `json:"surrender,omitempty"`
	AttackerRoll        Roll               `json:"attacker_roll"`
	DefenderRoll        Roll               `json:"defender_roll"`
	NodesLost           ascrules.Resources `json:"nodes_lost,omitempty"`
	// SystemNodes are the defending player's resource nodes on the planet
	// before the round; on success those left pass to the attacker, with
	// the starbase (Starbase) and, with a research node, a project.
	SystemNodes ascrules.Resources `json:"system_nodes,omitempty"`
	Starbase    bool               `json:"starbase,omitempty"`
	HomeOf      string             `json:"home_of,omitempty"`
}

// CommandType implements Command.
func (InvasionRound) CommandType() string { return "asc.invasion_round" }

// InvasionFought records an invasion round: the dice and the rules'
// result. Ship, node and system changes follow in the same step.
type InvasionFought struct {
	Invasion     ascrules.Invasion       `json:"invasion"`
	Defender     string                  `json:"defender,omitempty"`
	System       string                  `json:"system,omitempty"`
	AttackerDice RolledDice              `json:"attacker_dice"`
	DefenderDice RolledDice              `json:"defender_dice"`
	Result       ascrules.InvasionResult `json:"result"`
}

// EventType implements Payload.
func (InvasionFought) EventType() string { return "asc.invasion" }

// apply also sets the invasion under way to what the round left (games
// saved before the state held it replay to the same invasion).
func (e InvasionFought) apply(s *State) error {
	if err := checkDice(e.AttackerDice, e.DefenderDice); err != nil {
		return err
	}
	a, err := ascOf(s)
	if err != nil {
		return err
	}
	a.Invasion = invasionLeft(e)
	return nil
}

var invasionWords = map[ascrules.InvasionOutcome]string{
	ascrules.Successful:   "successful invasion",
	ascrules.Annihilation: "total annihilation",
	ascrules.Collateral:   "collateral damage",
	ascrules.Surrendered:  "the defender surrenders",
}

func (cmd InvasionRound) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if err := wantStage(a, AscExecution); err != nil {
		return err
	}
	att, err := a.player(cmd.Attacker)
	if err != nil {
		return err
	}
	if cmd.Round < 0 || cmd.Round > 100 {
		return reject(CodeInvalid, "track.rounds_count_from_1", "Rounds count from 1.")
	}
	if cmd.Round, err = cmd.invasionRound(c, a, att); err != nil {
		return err
	}
	na, err := copyPlayer(att)
	if err != nil {
		return err
	}
	if cmd.Round == 1 {
		// The invasion is a command of the attacker's turn.
		if err := c.onTurn(a, att, PhaseCommand); err != nil {
			return err
		}
		if err := c.exhaust(&na, 1, msgf("track.what_an_invasion", "an invasion")); err != nil {
			return err
		}
	}
	if att.Faction == ascrules.Federation && !cmd.Surrender {
		if err := c.breaks(rulePrimeDirective, "track.may_not_invade_planets", "%s may not invade planets", att.Name); err != nil {
			return err
		}
	}
	if cmd.HomeOf != "" {
		if _, err := a.player(cmd.HomeOf); err != nil {
			return err
		}
	}
	if cmd.Ships < 1 || cmd.Ships > att.Ships {
		return reject(CodeRules, "track.has_ship_s_on_board_in_2", "%s has %d ship(s) on the board; %d in the invasion.", att.Name, att.Ships, cmd.Ships)
	}
	if cmd.Nodes < 1 || cmd.Nodes > 20 {
		return reject(CodeInvalid, "track.enter_nodes_on_planet_control_node", "Enter the nodes on the planet (control node included), 1 to 20.")
	}
	if cmd.BonusDice < 0 || cmd.BonusDice > 20 {
		return reject(CodeInvalid, "track.bonus_dice_are_0_to_20", "Bonus dice are 0 to 20.")
	}
	sys := trimSpace(cmd.System)
	if len([]rune(sys)) > maxNameLen {
		return reject(CodeInvalid, "track.the_system_name_is_too_long", "The system name is too long.")
	}
	if sys == "" {
		sys = "the system"
	}
	in := ascrules.Invasion{Round: cmd.Round, Nodes: cmd.Nodes, DefenderFirstStrike: cmd.DefenderFirstStrike,
		Attacker: ascrules.Side{Player: att.ID, Ships: cmd.Ships, BonusDice: cmd.BonusDice, Weapons: att.Weapons,
			Shields: att.Shields, FirstStrike: cmd.FirstStrike}}
	var def *AscPlayer
	if cmd.Defender != "" {
		if def, err = a.player(cmd.Defender); err != nil {
			return err
		}
		if def.ID == att.ID {
			return reject(CodeRules, "track.a_player_cannot_invade_their_own", "A player cannot invade their own system.")
		}
		ts := ascrules.TargetSystem{Controlled: true, ControllerAscendancy: def.Ascendancy, Developed: true}
		if err := ascrules.CanInvade(att.Faction, att.Ascendancy, ts); err != nil {
			if err := c.breaks(ruleLogicalObservers, "track.cannot_invade", "%s cannot invade %s: %v", att.Name, def.Name, err); err != nil {
				return err
			}
		}
		if cmd.SystemNodes.Negative() || !def.Nodes.Covers(cmd.SystemNodes) {
			return reject(CodeRules, "track.does_not_have_those_nodes", "%s does not have those nodes (%s).", def.Name, fmtNodes(cmd.SystemNodes))
		}
		if cmd.Starbase && def.Starbases < 1 {
			return reject(CodeRules, "track.has_no_starbase_on_board", "%s has no starbase on the board.", def.Name)
		}
		in.Controlled, in.DefenderWeapons, in.DefenderShields = true, def.Weapons, def.Shields
	} else {
		in.DefenderWeapons, in.DefenderShields = cmd.DefenderWeapons, cmd.DefenderShields
		if in.DefenderWeapons < 1 || in.DefenderWeapons > 6 || in.DefenderShields < 0 || in.DefenderShields > 6 {
			return reject(CodeInvalid, "track.enter_independent_systems_hit_roll_1", "Enter the independent system's hit roll (1 to 6) and shields (0 to 6).")
		}
	}
	var res ascrules.InvasionResult
	var ad, dd RolledDice
	if cmd.Surrender {
		if def == nil {
			return reject(CodeRules, "track.only_player_can_surrender_system", "Only a player can surrender a system.")
		}
		res = ascrules.Surrender(cmd.Nodes)
		ad, dd = RolledDice{Faces: nil}, RolledDice{Faces: nil}
	} else {
		if ad, err = c.roll(cmd.AttackerRoll, 0, msgf("track.whose_dice", "%s's dice", att.Name)); err != nil {
			return err
		}
		if dd, err = c.roll(cmd.DefenderRoll, 0, msgf("track.defending_nodes_dice", "the defending nodes' dice")); err != nil {
			return err
		}
		in.AttackerFaces, in.DefenderFaces = ad.Faces, dd.Faces
		if res, err = ascrules.ResolveInvasion(in); err != nil {
			return reject(CodeRules, "", "%v", err)
		}
	}
	if cmd.NodesLost.Negative() {
		return reject(CodeInvalid, "track.nodes_lost_are_0_or_more", "Nodes lost are 0 or more.")
	}
	if cmd.NodesLost.Total() > 0 {
		resource := res.NodesDestroyed
		if res.Outcome == ascrules.Annihilation && in.Controlled {
			resource-- // the control node is not a resource node
		}
		switch {
		case def == nil:
			return reject(CodeInvalid, "track.an_independent_systems_nodes_are_not", "An independent system's nodes are not tracked.")
		case cmd.NodesLost.Total() > resource:
			return reject(CodeRules, "track.the_invasion_destroyed_resource_node_s", "The invasion destroyed %d resource node(s), not %d.", resource, cmd.NodesLost.Total())
		case !def.Nodes.Covers(cmd.NodesLost):
			return reject(CodeRules, "track.does_not_have_those_nodes", "%s does not have those nodes (%s).", def.Name, fmtNodes(def.Nodes))
		}
	}
	label := say("track.invasion_of_round", "Invasion of %s round %d: %s", sys, cmd.Round, invasionWords[res.Outcome])
	if !cmd.Surrender {
		label.add("track.hit_s_on_node_s_nodes", " (%d hit(s) on %d node(s); nodes hit %d ship(s))", res.Hits, cmd.Nodes, res.DefenderHits)
	}
	if res.Failed {
		label.add("track.the_invasion_failed", ": the invasion failed")
	}
	if err := c.emit(label, InvasionFought{Invasion: in, Defender: cmd.Defender, System: trimSpace(cmd.System),
		AttackerDice: ad, DefenderDice: dd, Result: res}); err != nil {
		return err
	}
	na.Ships = max(0, na.Ships-res.AttackerLosses)
	won := res.Outcome == ascrules.Successful || res.Outcome == ascrules.Surrendered
	if won {
		na.Systems++
	}
	var nd AscPlayer
	if def != nil {
		if nd, err = copyPlayer(def); err != nil {
			return err
		}
		nd.Nodes = nd.Nodes.Sub(cmd.NodesLost)
	}
	var took []Texts
	switch {
	case won && def != nil:
		left := cmd.SystemNodes.Sub(cmd.NodesLost)
		if left.Negative() {
			left = ascrules.Resources{Production: max(0, left.Production), Research: max(0, left.Research), Culture: max(0, left.Culture)}
		}
		took = capture(&na, &nd, left, cmd.Starbase, left.Research > 0)
		homeChanges(&na, &nd, cmd.HomeOf)
	case won:
		homeChanges(&na, nil, cmd.HomeOf)
	case res.Outcome == ascrules.Annihilation && def != nil:
		// The defender loses the starbase and its command; nobody holds it.
		if cmd.Starbase && nd.Starbases > 0 {
			nd.Starbases--
			nd.Commands = max(0, nd.Commands-1)
			nd.Exhausted = min(nd.Exhausted, nd.Commands)
		}
		if cmd.HomeOf == def.ID {
			nd.HoldsHome = false
		}
		if cmd.HomeOf != "" {
			nd.HomeSystems = max(0, nd.HomeSystems-1)
		}
	}
	betrayed := cmd.Round == 1 && def != nil && betray(&na, def.ID)
	if res.AttackerLosses > 0 || won || cmd.Round == 1 {
		l := say("track.loses_ship_s_left", "%s loses %d ship(s) (%d left)", att.Name, res.AttackerLosses, na.Ships)
		if won {
			l = say("track.takes_ship_s_lost", "%s takes %s (%d ship(s) lost)", att.Name, sys, res.AttackerLosses)
			if len(took) > 0 {
				l.add("track.with_took", " with %s", joinAnd(took))
			}
		}
		if cmd.Round == 1 {
			l.add("track.a_command_exhausted", "; a command exhausted")
		}
		if betrayed {
			l.add("track.returns_s_trade_agreement_betrayal", "; returns %s's trade agreement (betrayal)", def.Name)
		}
		if err := setPlayer(c, l, na); err != nil {
			return err
		}
	}
	if def == nil {
		return nil
	}
	lostSystem := won || res.Outcome == ascrules.Annihilation
	if lostSystem {
		nd.Systems = max(0, nd.Systems-1)
	}
	if !lostSystem && cmd.NodesLost.Total() == 0 {
		return nil
	}
	l := say("track.loses", "%s loses %s", def.Name, fmtNodes(cmd.NodesLost))
	if lostSystem {
		l = say("track.loses_system_s_left", "%s loses %s (%d system(s) left)", def.Name, sys, nd.Systems)
	}
	return setPlayer(c, l, nd)
}

// fmtNodes names resource nodes: "1 production node, 2 culture nodes".
func fmtNodes(r ascrules.Resources) Texts {
	if r.Total() == 0 {
		return Texts{{Key: "track.res.no_nodes", Text: "no nodes"}}
	}
	return say("track.res.nodes", "%s node(s)", fmtRes(r)).t
}

// BraveHazard resolves ships entering a hazardous system or phenomenon
// (rules/ascendancy.BraveHazard): one die per ship (rolled by the player to
// the right, or virtually); each die at or above the hazard level plus the
// player's shields destroys a ship. Survivors of a phenomenon take its
// research tokens. Level is the hazard level printed on the system.
type BraveHazard struct {
	Player         string `json:"player"`
	Ships          int    `json:"ships"`
	Level          int    `json:"level"`
	Phenomenon     bool   `json:"phenomenon,omitempty"`
	ResearchTokens int    `json:"research_tokens,omitempty"`
	Roll           Roll   `json:"roll"`
}

// CommandType implements Command.
func (BraveHazard) CommandType() string { return "asc.hazard" }

// HazardBraved records a hazard roll and its result.
type HazardBraved struct {
	Player string                `json:"player"`
	Hazard ascrules.Hazard       `json:"hazard"`
	Dice   RolledDice            `json:"dice"`
	Result ascrules.HazardResult `json:"result"`
}

// EventType implements Payload.
func (HazardBraved) EventType() string { return "asc.hazard" }

func (e HazardBraved) apply(*State) error { return e.Dice.check() }

func (cmd BraveHazard) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if cmd.Ships < 1 || cmd.Ships > p.Ships {
		return reject(CodeRules, "track.has_ship_s_on_board_braving", "%s has %d ship(s) on the board; %d braving the hazard.", p.Name, p.Ships, cmd.Ships)
	}
	if cmd.Level < 1 || cmd.Level > 6 || cmd.ResearchTokens < 0 || cmd.ResearchTokens > 20 {
		return reject(CodeInvalid, "track.enter_hazard_level_1_to_6", "Enter the hazard level (1 to 6) and the research tokens on it (0 to 20).")
	}
	rd, err := c.roll(cmd.Roll, 0, msgf("track.hazard_dice", "hazard dice"))
	if err != nil {
		return err
	}
	if len(rd.Faces) != cmd.Ships {
		return reject(CodeInvalid, "track.roll_one_hazard_die_per_ship", "Roll one hazard die per ship: %d ship(s), %d dice.", cmd.Ships, len(rd.Faces))
	}
	h := ascrules.Hazard{Level: cmd.Level, Shields: p.Shields, Faces: rd.Faces, Phenomenon: cmd.Phenomenon, ResearchTokens: cmd.ResearchTokens}
	res, err := ascrules.BraveHazard(h)
	if err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	label := say("track.braves_hazard_of_ship_s_destroyed", "%s braves a hazard (%d+): %d of %d ship(s) destroyed", p.Name, res.Target, res.Destroyed, cmd.Ships)
	if res.ResearchTaken > 0 {
		label.add("track.takes_research", ", takes %d research", res.ResearchTaken)
	}
	if err := c.emit(label, HazardBraved{Player: p.ID, Hazard: h, Dice: rd, Result: res}); err != nil {
		return err
	}
	if res.Destroyed == 0 && res.ResearchTaken == 0 {
		return nil
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Ships -= res.Destroyed
	np.Resources.Research += res.ResearchTaken
	return setPlayer(c, say("track.ship_s_left", "%s: %d ship(s) left", p.Name, np.Ships), np)
}

// TryHegemony resolves a cultural hegemony attempt
// (rules/ascendancy.ResolveHegemony): one die plus the player's ascendancy
// against the system's resistance; it costs 1 culture to try and 1 more to
// take control (Costs replaces them when an advancement changes them). On
// success the system changes hands (systems counters; Target is the rival
// who controlled it, or "" for an independent system).
//
// It is a command: the player's turn, command phase, one command token.
// Vulcans never try it on a rival with lower ascendancy, the Dominion only
// on independent systems, nobody on a pre-warp system (PreWarp). On
// success the system's resource nodes (Nodes), a starbase (Starbase: with
// one of the old owner's command tokens) and, with a research node
// (ResearchNode), one of their projects pass to the player; HomeOf names
// the player whose home system it is. Trying it on a rival whose trade
// agreement the player holds returns that agreement (betrayal).
// Modifier adds to the die (the Federation's Universal Translator: +1).
type TryHegemony struct {
	Player       string                  `json:"player"`
	Target       string                  `json:"target,omitempty"`
	System       string                  `json:"system,omitempty"`
	Resistance   int                     `json:"resistance"`
	Costs        *ascrules.HegemonyCosts `json:"costs,omitempty"`
	Roll         Roll                    `json:"roll"`
	PreWarp      bool                    `json:"pre_warp,omitempty"`
	Nodes        ascrules.Resources      `json:"nodes,omitempty"`
	Starbase     bool                    `json:"starbase,omitempty"`
	ResearchNode bool                    `json:"research_node,omitempty"`
	HomeOf       string                  `json:"home_of,omitempty"`
	Modifier     int                     `json:"modifier,omitempty"`
}

// CommandType implements Command.
func (TryHegemony) CommandType() string { return "asc.hegemony" }

// HegemonyTried records a hegemony attempt and its result.
type HegemonyTried struct {
	Player   string                  `json:"player"`
	Target   string                  `json:"target,omitempty"`
	System   string                  `json:"system,omitempty"`
	Hegemony ascrules.Hegemony       `json:"hegemony"`
	Dice     RolledDice              `json:"dice"`
	Result   ascrules.HegemonyResult `json:"result"`
}

// EventType implements Payload.
func (HegemonyTried) EventType() string { return "asc.hegemony" }

func (e HegemonyTried) apply(*State) error { return e.Dice.check() }

func (cmd TryHegemony) decide(c *decideCtx) error {
	a, p, np, err := c.commandAction(cmd.Player, 1, msgf("track.what_hegemony", "hegemony"))
	if err != nil {
		return err
	}
	var tgt *AscPlayer
	if cmd.Target != "" {
		if tgt, err = a.player(cmd.Target); err != nil {
			return err
		}
		if tgt.ID == p.ID {
			return reject(CodeRules, "track.a_player_cannot_take_their_own", "A player cannot take their own system.")
		}
	}
	if cmd.Resistance < 0 || cmd.Resistance > 50 {
		return reject(CodeInvalid, "track.enter_systems_resistance_0_to_50", "Enter the system's resistance (0 to 50).")
	}
	if cmd.Modifier < -6 || cmd.Modifier > 6 {
		return reject(CodeInvalid, "track.a_die_modifier_is_6_to", "A die modifier is -6 to +6.")
	}
	if cmd.Nodes.Negative() || (tgt != nil && !tgt.Nodes.Covers(cmd.Nodes)) {
		return reject(CodeRules, "track.does_not_have_those_nodes", "%s does not have those nodes (%s).", a.seatName(cmd.Target), fmtNodes(cmd.Nodes))
	}
	if cmd.HomeOf != "" {
		if _, err := a.player(cmd.HomeOf); err != nil {
			return err
		}
	}
	sys := trimSpace(cmd.System)
	if len([]rune(sys)) > maxNameLen {
		return reject(CodeInvalid, "track.the_system_name_is_too_long", "The system name is too long.")
	}
	if sys == "" {
		sys = "the system"
	}
	ts := ascrules.TargetSystem{Controlled: tgt != nil, Developed: true, WarpTokens: 1}
	if tgt != nil {
		ts.ControllerAscendancy = tgt.Ascendancy
	}
	if cmd.PreWarp {
		ts.WarpTokens = 0
	}
	if err := ascrules.CanHegemony(p.Faction, p.Ascendancy, ts); err != nil {
		rule := rulePreWarpHegemony
		switch {
		case p.Faction == ascrules.Vulcan && tgt != nil:
			rule = ruleLogicalObservers
		case p.Faction == ascrules.Dominion && tgt != nil:
			rule = ruleDomination
		}
		if err := c.breaks(rule, "track.cannot_try_hegemony_on", "%s cannot try hegemony on %s: %v", p.Name, sys, err); err != nil {
			return err
		}
	}
	rd, err := c.roll(cmd.Roll, 1, msgf("track.hegemony_roll", "hegemony roll"))
	if err != nil {
		return err
	}
	if len(rd.Faces) != 1 {
		return reject(CodeInvalid, "track.hegemony_rolls_one_die", "Hegemony rolls one die.")
	}
	h := ascrules.Hegemony{Roll: rd.Faces[0], Ascendancy: p.Ascendancy, Resistance: cmd.Resistance, Faction: p.Faction,
		Culture: p.Resources.Culture, Costs: cmd.Costs, Modifier: cmd.Modifier}
	res, err := ascrules.ResolveHegemony(h)
	if err != nil {
		return reject(CodeRules, "track.who_refused", "%s: %v", p.Name, err)
	}
	verdict := Msg{Key: "track.verdict.fails", Text: "fails"}
	if res.Success {
		verdict = Msg{Key: "track.verdict.takes_control", Text: "takes control"}
	}
	mod := raw("")
	if cmd.Modifier != 0 {
		mod = msgf("track.die_modifier", " (die %+d)", cmd.Modifier)
	}
	label := say("track.tries_hegemony_on_against_resistance", "%s tries hegemony on %s: %d%s against resistance %d, %s", p.Name, sys, res.Total, mod, cmd.Resistance, verdict)
	if err := c.emit(label, HegemonyTried{Player: p.ID, Target: cmd.Target, System: trimSpace(cmd.System), Hegemony: h, Dice: rd, Result: res}); err != nil {
		return err
	}
	np.Resources.Culture -= res.CultureSpent
	plabel := say("track.pays_culture_and_command", "%s pays %d culture and a command", p.Name, res.CultureSpent)
	if tgt != nil && betray(&np, tgt.ID) {
		plabel.add("track.returns_s_trade_agreement_betrayal", "; returns %s's trade agreement (betrayal)", tgt.Name)
	}
	if !res.Success {
		return setPlayer(c, plabel, np)
	}
	np.Systems++
	var nt AscPlayer
	if tgt != nil {
		if nt, err = copyPlayer(tgt); err != nil {
			return err
		}
		nt.Systems = max(0, nt.Systems-1)
		if got := capture(&np, &nt, cmd.Nodes, cmd.Starbase, cmd.ResearchNode); len(got) > 0 {
			plabel.add("track.takes_got", "; takes %s", joinAnd(got))
		}
		homeChanges(&np, &nt, cmd.HomeOf)
	} else {
		np.Nodes = np.Nodes.Add(cmd.Nodes)
		homeChanges(&np, nil, cmd.HomeOf)
	}
	if err := setPlayer(c, plabel, np); err != nil {
		return err
	}
	if tgt == nil {
		return nil
	}
	return setPlayer(c, say("track.loses", "%s loses %s", tgt.Name, sys), nt)
}

// joinAnd joins words with commas and a final "and".
func joinAnd(parts []Texts) Texts {
	var out Texts
	for i, p := range parts {
		switch {
		case i == 0:
		case i == len(parts)-1:
			out = append(out, Msg{Key: "track.list_and", Text: " and "})
		default:
			out = append(out, raw(", "))
		}
		out = append(out, p...)
	}
	return out
}

// rawList is names shown as they are, as pieces for joinAnd.
func rawList(names []string) []Texts {
	out := make([]Texts, len(names))
	for i, n := range names {
		out[i] = Texts{raw(n)}
	}
	return out
}

// TestDiplomacy resolves a diplomacy test (rules/ascendancy.Diplomacy): one
// die plus the player's ascendancy must beat the card's diplomacy number.
// Card names the card for the log (optional). Nothing else changes.
type TestDiplomacy struct {
	Player string `json:"player"`
	Card   string `json:"card,omitempty"`
	Number int    `json:"number"`
	Roll   Roll   `json:"roll"`
}

// CommandType implements Command.
func (TestDiplomacy) CommandType() string { return "asc.diplomacy" }

// DiplomacyTested records a diplomacy test and its result.
type DiplomacyTested struct {
	Player string     `json:"player"`
	Card   string     `json:"card,omitempty"`
	Number int        `json:"number"`
	Dice   RolledDice `json:"dice"`
	Total  int        `json:"total"`
	Pass   bool       `json:"pass"`
}

// EventType implements Payload.
func (DiplomacyTested) EventType() string { return "asc.diplomacy" }

func (e DiplomacyTested) apply(*State) error { return e.Dice.check() }

func (cmd TestDiplomacy) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	card := trimSpace(cmd.Card)
	if len([]rune(card)) > maxNameLen {
		return reject(CodeInvalid, "track.the_card_name_is_too_long", "The card name is too long.")
	}
	if cmd.Number < 0 || cmd.Number > 50 {
		return reject(CodeInvalid, "track.enter_cards_diplomacy_number_0_to", "Enter the card's diplomacy number (0 to 50).")
	}
	rd, err := c.roll(cmd.Roll, 1, msgf("track.diplomacy_roll", "diplomacy roll"))
	if err != nil {
		return err
	}
	if len(rd.Faces) != 1 {
		return reject(CodeInvalid, "track.a_diplomacy_test_rolls_one_die", "A diplomacy test rolls one die.")
	}
	total, pass, err := ascrules.Diplomacy(rd.Faces[0], p.Ascendancy, cmd.Number)
	if err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	what := Msg{Key: "track.what.diplomacy_test", Text: "the diplomacy test"}
	if card != "" {
		what = raw(card)
	}
	verdict := Msg{Key: "track.verdict.fails", Text: "fails"}
	if pass {
		verdict = Msg{Key: "track.verdict.passes", Text: "passes"}
	}
	label := say("track.against", "%s %s %s: %d against %d", p.Name, verdict, what, total, cmd.Number)
	return c.emit(label, DiplomacyTested{Player: p.ID, Card: card, Number: cmd.Number, Dice: rd, Total: total, Pass: pass})
}

// AssimilationRound fights one round of a cube assimilating a player's
// developed system (rules/borg.ResolveAssimilation) and applies it: the
// cube's damage, regeneration and shields (or its destruction); the nodes
// the Borg hits destroy (NodesLost names which resource nodes; the starbase
// counts as a structure: StarbaseLost when it fell); and when nothing is
// left, the system is assimilated: the player loses it, a spire is placed
// (the players lose if one spire too many is needed), and a system taken
// with its starbase adds a node to every spire in play (the new one
// included). Nodes counts the nodes on the planet, control node included.
// BorgVirtual rolls exactly the dice the cube may fire after first strike.
type AssimilationRound struct {
	Cube         string             `json:"cube"`
	Defender     string             `json:"defender"`
	System       string             `json:"system"`
	Nodes        int                `json:"nodes"`
	Starbase     bool               `json:"starbase,omitempty"`
	HitsOnSix    bool               `json:"hits_on_six,omitempty"`
	DefenderRoll Roll               `json:"defender_roll"`
	BorgRoll     Roll               `json:"borg_roll,omitempty"`
	BorgVirtual  bool               `json:"borg_virtual,omitempty"`
	NodesLost    ascrules.Resources `json:"nodes_lost,omitempty"`
	StarbaseLost bool               `json:"starbase_lost,omitempty"`
	// NewBattle starts a new assimilation even if one of the same system
	// is under way this turn (the first round always starts fresh).
	NewBattle bool `json:"new_battle,omitempty"`
	// HomeOf is the player whose home system this is (even if they no
	// longer control it): when it is assimilated that player is absorbed
	// into the Collective and their systems become independent
	// civilizations (Independents: each system they control with its
	// resource nodes; optional, for the log).
	HomeOf       string                 `json:"home_of,omitempty"`
	Independents []borgrules.SystemHeld `json:"independents,omitempty"`
}

// CommandType implements Command.
func (AssimilationRound) CommandType() string { return "borg.assimilation_round" }

// AssimilationFought records an assimilation round: the dice and the
// rules' result. The cube, the player and the spires change in the same step.
type AssimilationFought struct {
	Cube         string                       `json:"cube"`
	Defender     string                       `json:"defender"`
	System       string                       `json:"system"`
	Assimilation borgrules.Assimilation       `json:"assimilation"`
	DefenderDice RolledDice                   `json:"defender_dice"`
	BorgDice     RolledDice                   `json:"borg_dice"`
	Result       borgrules.AssimilationResult `json:"result"`
}

// EventType implements Payload.
func (AssimilationFought) EventType() string { return "asc.assimilation" }

func (e AssimilationFought) apply(*State) error {
	return checkDice(e.DefenderDice, e.BorgDice)
}

func (cmd AssimilationRound) decide(c *decideCtx) error {
	a, b, err := c.borg(AscExecution)
	if err != nil {
		return err
	}
	ci, err := b.cube(cmd.Cube)
	if err != nil {
		return err
	}
	def, err := a.player(cmd.Defender)
	if err != nil {
		return err
	}
	sys, err := cleanText(cmd.System, maxNameLen, Msg{Key: "track.word.system_name", Text: "system name"})
	if err != nil {
		return err
	}
	if cmd.Nodes < 0 || cmd.Nodes > 20 {
		return reject(CodeInvalid, "track.enter_nodes_on_planet_control_node_2", "Enter the nodes on the planet (control node included), 0 to 20.")
	}
	if cmd.Starbase && def.Starbases < 1 {
		return reject(CodeRules, "track.has_no_starbase_on_board", "%s has no starbase on the board.", def.Name)
	}
	hit, err := b.Hits.HitRoll(len(b.Spires))
	if err != nil {
		return reject(CodeNotNow, "", "%v", err)
	}
	fight := a.fightFor(&b, cmd.Cube, FightAssimilation)
	if fight != nil && (fight.Defender != def.ID || !sameSystem(fight.System, sys)) || cmd.NewBattle {
		fight = nil
	}
	if fight == nil {
		freshCube(&b, ci)
	}
	in := borgrules.Assimilation{Cube: b.Cubes[ci], Nodes: cmd.Nodes, Starbase: cmd.Starbase, DefenderWeapons: def.Weapons,
		DefenderHitsOnSix: cmd.HitsOnSix, BorgHit: hit}
	dd, err := c.roll(cmd.DefenderRoll, 0, msgf("track.whose_dice", "%s's dice", sys))
	if err != nil {
		return err
	}
	in.DefenderFaces = dd.Faces
	bd, err := c.borgDice(cmd.BorgRoll, cmd.BorgVirtual, assimilationBorgDice(in))
	if err != nil {
		return err
	}
	in.BorgFaces = bd.Faces
	res, err := borgrules.ResolveAssimilation(in)
	if err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	if cmd.NodesLost.Negative() || cmd.NodesLost.Total()+btoi(cmd.StarbaseLost) > res.StructuresDestroyed {
		return reject(CodeRules, "track.the_borg_destroyed_structure_s_name", "The Borg destroyed %d structure(s): name no more nodes (and starbase) than that.", res.StructuresDestroyed)
	}
	if cmd.StarbaseLost && !cmd.Starbase {
		return reject(CodeInvalid, "track.there_is_no_starbase_in_this", "There is no starbase in this fight.")
	}
	if !def.Nodes.Covers(cmd.NodesLost) {
		return reject(CodeRules, "track.does_not_have_those_nodes", "%s does not have those nodes (%s).", def.Name, fmtNodes(def.Nodes))
	}
	label := say("track.borg_assimilates_round_hit_s_borg", "Borg %s assimilates %s, round %d: %s %d hit(s), Borg %d hit(s)", borgPiece(cmd.Cube), sys, in.Cube.Round+1, def.Name, res.DefenderHits, res.BorgHits)
	switch {
	case res.CubeDestroyed:
		label.add("track.cube_destroyed", ": cube destroyed")
	case res.Assimilated:
		label.add("track.the_system_is_assimilated", ": the system is assimilated")
	default:
		label.add("track.structure_s_left", ": %d structure(s) left", res.StructuresLeft)
	}
	if err := c.emit(label, AssimilationFought{Cube: cmd.Cube, Defender: def.ID, System: sys, Assimilation: in,
		DefenderDice: dd, BorgDice: bd, Result: res}); err != nil {
		return err
	}
	switch {
	case res.CubeDestroyed:
		b.Cubes = slices.Delete(b.Cubes, ci, ci+1)
		b.Fight = nil
		b.placeFlags()
	case res.Assimilated:
		b.Cubes[ci] = res.Cube.EndBattle()
		b.Fight = nil
	default:
		b.Cubes[ci] = res.Cube
		b.Fight = &CubeFight{Cube: cmd.Cube, Kind: FightAssimilation, Defender: def.ID, System: sys, Round: a.Walker.Round, Turn: a.Walker.Turn}
	}
	if err := c.emit(nil, BorgSet{Borg: b}); err != nil {
		return err
	}
	np, err := copyPlayer(def)
	if err != nil {
		return err
	}
	np.Nodes = np.Nodes.Sub(cmd.NodesLost)
	lostStarbase := cmd.StarbaseLost || res.StarbaseAssimilated
	if lostStarbase {
		np.Starbases = max(0, np.Starbases-1)
	}
	if res.Assimilated {
		np.Systems = max(0, np.Systems-1)
	}
	if cmd.NodesLost.Total() > 0 || lostStarbase || res.Assimilated {
		l := say("track.loses", "%s loses %s", def.Name, fmtNodes(cmd.NodesLost))
		if res.Assimilated {
			l = say("track.loses_to_borg", "%s loses %s to the Borg", def.Name, sys)
		}
		if err := setPlayer(c, l, np); err != nil {
			return err
		}
	}
	if !res.Assimilated {
		return nil
	}
	if err := (PlaceSpire{System: sys}).decide(c); err != nil {
		return err
	}
	if cmd.HomeOf != "" {
		if err := exterminate(c, cmd.HomeOf, sys, cmd.Independents); err != nil {
			return err
		}
	}
	if !res.StarbaseAssimilated || a.Walker.Stage == AscOver || c.scratch.Ascendancy.Borg.Defeat {
		return nil
	}
	nb, err := copyBorg(c.scratch.Ascendancy)
	if err != nil {
		return err
	}
	nb.Spires = borgrules.StarbaseAssimilated(nb.Spires)
	return c.emit(say("track.the_starbase_is_assimilated_every_spire", "The starbase is assimilated: every spire gains a node"), BorgSet{Borg: nb})
}

// exterminate absorbs a player whose home system the Borg assimilated:
// they are assimilated (they play the Borg from now on), their ships leave
// the board, and every system they control loses its control node and
// becomes an independent civilization with as many warp tokens as resource
// nodes (rules/borg.Exterminate).
func exterminate(c *decideCtx, id, home string, systems []borgrules.SystemHeld) error {
	_, p, err := c.ascPlayer(id)
	if err != nil {
		return err
	}
	if p.Assimilated {
		return nil
	}
	ex, err := borgrules.Exterminate(systems)
	if err != nil {
		return reject(CodeInvalid, "", "%v", err)
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Assimilated, np.HoldsHome, np.Ships, np.Systems, np.HomeSystems = true, false, 0, 0, 0
	np.Nodes, np.Starbases = ascrules.Resources{}, 0
	label := say("track.s_home_system_is_assimilated_joins", "%s's home system %s is assimilated: %s joins the Collective; their ships leave the board and their systems become independent civilizations (warp tokens = resource nodes)", p.Name, home, p.Name)
	var parts []string
	for _, e := range ex {
		parts = append(parts, fmt.Sprintf("%s level %d", e.System, e.WarpTokens))
	}
	if len(parts) > 0 {
		label.add("track.home_assimilated_parts", ": %s", strings.Join(parts, ", "))
	}
	return setPlayer(c, label, np)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

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
