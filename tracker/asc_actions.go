package tracker

import (
	"slices"

	ascrules "tableops/rules/ascendancy"
)

// The rule-checked actions of a player's turn: building (ships, colonies),
// and the command actions that exhaust a command token (starbases, fleets,
// projects). Battles, invasions and hegemony check the same turn, phase and
// token rules in their own commands.

// onTurn checks that it is p's turn and, when phase is given, that p's turn
// is in that phase (building or command).
func (c *decideCtx) onTurn(a *AscendancyState, p *AscPlayer, phase string) error {
	if a.Walker.Stage != AscExecution || a.CurrentSeat() != p.ID {
		now := a.summary().Stage
		return c.breaks(ruleOwnTurn, "track.it_is_not_s_turn", "It is not %s's turn (%s)", p.Name, now)
	}
	switch {
	case phase == PhaseCommand && a.Walker.Phase != PhaseCommand:
		return c.breaks(ruleCommandPhase, "track.is_in_building_phase_commands_come", "%s is in the building phase: commands come after it", p.Name)
	case phase == PhaseBuilding && a.Walker.Phase != PhaseBuilding:
		return c.breaks(ruleNoBuildInCommand, "track.s_command_phase_has_started_no", "%s's command phase has started: no more building this turn", p.Name)
	}
	return c.discardFirst(p)
}

// exhaust exhausts n of np's command tokens for what.
func (c *decideCtx) exhaust(np *AscPlayer, n int, what Msg) error {
	if np.Ready() < n {
		if err := c.breaks(ruleCommandToken, "track.has_command_s_ready_needs", "%s has %d command(s) ready; %s needs %d", np.Name, np.Ready(), what, n); err != nil {
			return err
		}
	}
	np.Exhausted = min(np.Commands, np.Exhausted+n)
	return nil
}

// commandCost is the command tokens a command action takes: Andorians
// exhaust 2 to form a fleet or commission a starbase.
func commandCost(f ascrules.Faction, fleetOrStarbase bool) int {
	if fleetOrStarbase && f == ascrules.Andorian {
		return 2
	}
	return 1
}

// commandAction checks the turn and phase for a command action by the
// player id and returns their copied record with the tokens exhausted.
func (c *decideCtx) commandAction(id string, n int, what Msg) (*AscendancyState, *AscPlayer, AscPlayer, error) {
	a, err := c.asc()
	if err != nil {
		return nil, nil, AscPlayer{}, err
	}
	if err := wantStage(a, AscExecution); err != nil {
		return nil, nil, AscPlayer{}, err
	}
	p, err := a.player(id)
	if err != nil {
		return nil, nil, AscPlayer{}, err
	}
	if err := c.onTurn(a, p, PhaseCommand); err != nil {
		return nil, nil, AscPlayer{}, err
	}
	np, err := copyPlayer(p)
	if err != nil {
		return nil, nil, AscPlayer{}, err
	}
	if err := c.exhaust(&np, n, what); err != nil {
		return nil, nil, AscPlayer{}, err
	}
	return a, p, np, nil
}

// building checks the turn and phase for a building action by player id.
func (c *decideCtx) building(id string) (*AscendancyState, *AscPlayer, error) {
	a, p, err := c.ascPlayer(id)
	if err != nil {
		return nil, nil, err
	}
	return a, p, c.onTurn(a, p, PhaseBuilding)
}

// BuildShips builds ships in the building phase at 1 production each
// (at a starbase the player controls or their home system), all in one
// system. With Fleet, 3 or more ships so built are grouped at once into a
// fleet, with no command (seed 003 "Build ships"); the fleet limits hold
// as for any fleet.
type BuildShips struct {
	Player string `json:"player"`
	Ships  int    `json:"ships"`
	Fleet  bool   `json:"fleet,omitempty"`
}

// CommandType implements Command.
func (BuildShips) CommandType() string { return "asc.build_ships" }

// shipCost is the production one ship costs (seed 003 "Build ships").
const shipCost = 1

func (cmd BuildShips) decide(c *decideCtx) error {
	_, p, err := c.building(cmd.Player)
	if err != nil {
		return err
	}
	if cmd.Ships < 1 || cmd.Ships > 30 {
		return reject(CodeInvalid, "track.build_1_to_30_ships", "Build 1 to 30 ships.")
	}
	if cmd.Fleet {
		if err := c.check(cmd.Ships < freeFleetShips, ruleFreeFleet, "track.builds_only_ships_for_fleet", "%s builds only %d ship(s)", p.Name, cmd.Ships); err != nil {
			return err
		}
		if r, why, bad := fleetRule(*p); bad {
			if err := c.breaksWith(r, why); err != nil {
				return err
			}
		}
	}
	cost := ascrules.Resources{Production: shipCost * cmd.Ships}
	np, err := pay(p, cost, msgf("track.ships_cost", "%d ship(s) cost", cmd.Ships))
	if err != nil {
		return err
	}
	np.Ships += cmd.Ships
	var label *words
	switch {
	case cmd.Fleet:
		np.Fleets++
		label = say("track.built_ships_and_fleet", "%s built %d ships and grouped them into a fleet, with no command", p.Name, cmd.Ships).after(shipsCount(np.Ships), fleetsCount(np.Fleets), leftOf(np, cost))
	case cmd.Ships == 1:
		label = say("track.built_a_ship", "%s built a ship", p.Name).after(shipsCount(np.Ships), leftOf(np, cost))
	default:
		label = say("track.built_ships", "%s built %d ships", p.Name, cmd.Ships).after(shipsCount(np.Ships), leftOf(np, cost))
	}
	return setPlayer(c, label, np)
}

// Colonize takes control of an undeveloped system in the building phase:
// 1 culture (seed 003 "Colonize a system"); the Vulcans spend 1 ascendancy
// instead (nothing with the Ancient Vulcan Reliquary: Reliquary), and with
// the Vulcan Communication Network build a resource node there at once
// (FreeNode: production, research or culture). PreWarp marks an inhabited
// pre-warp system, which the Federation may never colonize.
type Colonize struct {
	Player    string `json:"player"`
	System    string `json:"system,omitempty"`
	PreWarp   bool   `json:"pre_warp,omitempty"`
	Reliquary bool   `json:"reliquary,omitempty"`
	FreeNode  string `json:"free_node,omitempty"`
}

// CommandType implements Command.
func (Colonize) CommandType() string { return "asc.colonize" }

// colonizeCulture is the culture colonizing costs (seed 003).
const colonizeCulture = 1

func (cmd Colonize) decide(c *decideCtx) error {
	_, p, err := c.building(cmd.Player)
	if err != nil {
		return err
	}
	sys := trimSpace(cmd.System)
	if len([]rune(sys)) > maxNameLen {
		return reject(CodeInvalid, "track.the_system_name_is_too_long", "The system name is too long.")
	}
	if sys == "" {
		sys = "a system"
	}
	if cmd.PreWarp && p.Faction == ascrules.Federation {
		if err := c.breaks(rulePrimeDirective, "track.may_not_colonize_it_is_pre", "%s may not colonize %s: it is a pre-warp inhabited system", p.Name, sys); err != nil {
			return err
		}
	}
	vulcan := p.ColonizesWithAscendancy()
	if (cmd.Reliquary || cmd.FreeNode != "") && !vulcan {
		return reject(CodeInvalid, "track.the_reliquary_and_communication_network_are", "The Reliquary and the Communication Network are Vulcan advancements.")
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	var left Texts
	label := say("track.colonized", "%s colonized %s", p.Name, sys)
	switch {
	case vulcan && cmd.Reliquary:
		label.add("track.colonized_free_reliquary", " free (Ancient Vulcan Reliquary)")
	case vulcan:
		if np.Ascendancy < 1 {
			return reject(CodeRules, "track.the_vulcans_colonize_by_spending_1", "The Vulcans colonize by spending 1 ascendancy; %s has none.", p.Name)
		}
		np.Ascendancy--
		label.add("track.colonized_for_ascendancy", " for 1 ascendancy")
		left = Texts{msgf("track.ascendancy_left", "%d ascendancy left", np.Ascendancy)}
	default:
		if np.Resources.Culture < colonizeCulture {
			return reject(CodeRules, "track.colonizing_costs_culture_has", "Colonizing costs %d culture; %s has %s.", colonizeCulture, p.Name, fmtRes(p.Resources))
		}
		np.Resources.Culture -= colonizeCulture
		left = leftOf(np, ascrules.Resources{Culture: colonizeCulture})
	}
	np.Systems++
	if cmd.FreeNode != "" {
		v, _ := np.counter(cmd.FreeNode + "_nodes")
		if v == nil {
			return reject(CodeInvalid, "track.a_node_is_production_research_or", "A node is production, research or culture, not %q.", cmd.FreeNode)
		}
		*v++
		label.add("track.and_builds_node_there_free_vulcan", " and builds a %s node there free (Vulcan Communication Network)", cmd.FreeNode)
	}
	label.after(systemsCount(np.Systems), left)
	return setPlayer(c, label, np)
}

// CommissionStarbase places a starbase next to a system the player
// controls, in their command phase: one command (two for the Andorians),
// at most the game's limit over the game and one per ascendancy level
// (rules/ascendancy.CanCommissionStarbase); the Vulcans build none. The
// starbase adds a command token, which starts exhausted.
type CommissionStarbase struct {
	Player string `json:"player"`
	System string `json:"system,omitempty"`
}

// CommandType implements Command.
func (CommissionStarbase) CommandType() string { return "asc.commission_starbase" }

func (cmd CommissionStarbase) decide(c *decideCtx) error {
	_, p0, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	a, p, np, err := c.commandAction(cmd.Player, commandCost(p0.Faction, true), msgf("track.what_a_starbase", "a starbase"))
	if err != nil {
		return err
	}
	sys := trimSpace(cmd.System)
	if len([]rune(sys)) > maxNameLen {
		return reject(CodeInvalid, "track.the_system_name_is_too_long", "The system name is too long.")
	}
	limit := a.Options.StarbasesPerGame()
	if err := ascrules.CanCommissionStarbase(ascrules.StarbaseRules{PerGame: limit}, p.Faction, p.StarbasesBuilt, p.Ascendancy, false); err != nil {
		rule := ruleStarbaseLimit
		if limit == ascrules.StarbasesPerGameSummary {
			rule = ruleStarbaseLimitSummary
		}
		if p.Faction == ascrules.Vulcan {
			rule = ruleVulcanStarbases
		}
		if err := c.breaks(rule, "track.cannot_commission_starbase", "%s cannot commission a starbase: %v", p.Name, err); err != nil {
			return err
		}
	}
	np.Starbases++
	np.StarbasesBuilt++
	np.Commands++
	np.Exhausted++ // the new command starts exhausted
	label := say("track.commissioned_starbase", "%s commissioned a starbase", p.Name)
	if sys != "" {
		label = say("track.commissioned_starbase_at", "%s commissioned a starbase at %s", p.Name, sys)
	}
	label.add("track.starbases_this_game", " (%d of %d this game)", np.StarbasesBuilt, limit).after(starbasesCount(np.Starbases), readyCount(np))
	return setPlayer(c, label, np)
}

// CommissionFleet groups ships into a fleet (Disband: breaks one up). A
// fleet takes a command (two for the Andorians) and one of the 3 fleet
// cards; the Vulcans may have no more fleets than their ascendancy. Free
// asks for a fleet with no command in the building phase: only ships just
// built may be so grouped, and BuildShips with Fleet does it, so Free
// breaks the rule (ruleFreeFleet; the table may record it anyway, as
// games saved before did).
type CommissionFleet struct {
	Player  string `json:"player"`
	Disband bool   `json:"disband,omitempty"`
	Free    bool   `json:"free,omitempty"`
}

// CommandType implements Command.
func (CommissionFleet) CommandType() string { return "asc.fleet" }

// fleetCards is the fleet cards each civilization has (seed 003 setup).
const fleetCards = 3

// fleetRule is the rule that stops p commissioning another fleet, with the
// reason (bad false when p may): all fleet cards in play, or as many fleets
// as ascendancy (rulebook, Number of Fleets).
func fleetRule(p AscPlayer) (r Rule, why Msg, bad bool) {
	if p.Fleets >= fleetCards {
		return ruleFleetCards, msgf("track.already_has_fleets", "%s already has %d fleets", p.Name, p.Fleets), true
	}
	if p.Fleets+1 > p.Ascendancy {
		r = ruleFleetsAscendancy
		if p.Faction == ascrules.Vulcan {
			r = ruleVulcanFleets
		}
		return r, msgf("track.has_ascendancy_and_fleet_s", "%s has ascendancy %d and %d fleet(s)", p.Name, p.Ascendancy, p.Fleets), true
	}
	return Rule{}, Msg{}, false
}

// FleetLimit is the refusal CommissionFleet gives p now (nil when p may
// commission a fleet), for a screen to show before the tap; the table may
// still record it anyway.
func FleetLimit(p AscPlayer) *Rejection {
	r, why, bad := fleetRule(p)
	if !bad {
		return nil
	}
	return ruleRejection(r, why)
}

func (cmd CommissionFleet) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if cmd.Disband {
		if p.Fleets == 0 {
			return reject(CodeRules, "track.has_no_fleet_to_disband", "%s has no fleet to disband.", p.Name)
		}
		np, err := copyPlayer(p)
		if err != nil {
			return err
		}
		np.Fleets--
		return setPlayer(c, say("track.disbanded_fleet", "%s disbanded a fleet", p.Name).after(fleetsCount(np.Fleets)), np)
	}
	var np AscPlayer
	if cmd.Free {
		if _, p, err = c.building(cmd.Player); err != nil {
			return err
		}
		if err := c.breaks(ruleFreeFleet, "track.has_built_no_ships_for_fleet", "%s groups no ships just built", p.Name); err != nil {
			return err
		}
		if np, err = copyPlayer(p); err != nil {
			return err
		}
	} else if _, p, np, err = c.commandAction(cmd.Player, commandCost(p.Faction, true), msgf("track.what_a_fleet", "a fleet")); err != nil {
		return err
	}
	if r, why, bad := fleetRule(*p); bad {
		if err := c.breaksWith(r, why); err != nil {
			return err
		}
	}
	np.Fleets++
	var ready Texts
	if !cmd.Free {
		ready = readyCount(np)
	}
	label := say("track.commissioned_fleet", "%s commissioned a fleet", p.Name).after(fleetsCount(np.Fleets), ready)
	return setPlayer(c, label, np)
}

// Project launches advancement projects in the command phase: one
// command draws 2 cards into the project area, even over the limit (seed
// 003 "Launch projects"); a player over it discards (Discard, an old
// project or a new one) before their next action. Finish completes one (it
// becomes an advancement). A player may keep no more projects than
// research nodes.
type Project struct {
	Player  string `json:"player"`
	Finish  bool   `json:"finish,omitempty"`
	Discard bool   `json:"discard,omitempty"`
	// Card is the entered project card to finish or discard (1 the first;
	// 0: one not entered, else the last card).
	Card int `json:"card,omitempty"`
}

// CommandType implements Command.
func (Project) CommandType() string { return "asc.project" }

func (cmd Project) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if cmd.Finish || cmd.Discard {
		if cmd.Finish && cmd.Discard {
			return reject(CodeInvalid, "track.a_project_is_finished_or_discarded", "A project is finished or discarded, not both.")
		}
		np, err := copyPlayer(p)
		if err != nil {
			return err
		}
		pc, err := takeProject(&np, cmd.Card)
		if err != nil {
			return err
		}
		if cmd.Discard {
			if pc != nil {
				return setPlayer(c, say("track.discards_project_card", "%s discards %s (%d research back to the supply; %d left)", p.Name, pc.Name, pc.Research, np.Projects), np)
			}
			return setPlayer(c, say("track.left", "%s %s (%d left)", p.Name, "discards a project", np.Projects), np)
		}
		// A project is finished by the research committed to it
		// (CommitResearch); finishing one otherwise is a table ruling.
		if err := c.breaks(ruleResearchDue, "track.finish_without_research", "%s's research is not all committed to the project", p.Name); err != nil {
			return err
		}
		return setPlayer(c, say("track.left", "%s %s (%d left)", p.Name, "finishes a project: a new advancement", np.Projects), np)
	}
	_, p, np, err := c.commandAction(cmd.Player, 1, msgf("track.what_a_new_project", "a new project"))
	if err != nil {
		return err
	}
	np.Projects += projectsDrawn
	label := say("track.launched_projects", "%s launched projects and drew %d cards", p.Name, projectsDrawn).after(Texts{msgf("track.count.projects", "%d in the project area", np.Projects)}, readyCount(np))
	if n := np.ProjectsOver(); n > 0 {
		label.add("track.projects_to_discard", "; %d research node(s): discard %d", np.Nodes.Research, n)
	}
	return setPlayer(c, label, np)
}

// CompleteAgenda records that the Vulcan player completed an agenda card:
// they win at the next victory check (the Vulcans' only way to win).
type CompleteAgenda struct {
	Player string `json:"player"`
	Undo   bool   `json:"undo,omitempty"`
}

// CommandType implements Command.
func (CompleteAgenda) CommandType() string { return "asc.agenda" }

func (cmd CompleteAgenda) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if !p.HasAgenda() {
		return reject(CodeRules, "track.only_vulcans_have_agenda_plays", "Only the Vulcans have an agenda; %s plays %s.", p.Name, p.Civilization)
	}
	if p.AgendaDone == !cmd.Undo {
		return reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.AgendaDone = !cmd.Undo
	label := say("track.vulcan_agenda_done", "%s completes a Vulcan agenda: they win at the victory check", p.Name)
	if cmd.Undo {
		label = say("track.vulcan_agenda_undone", "%s: the Vulcan agenda is not complete after all", p.Name)
	}
	return setPlayer(c, label, np)
}

// capture moves what comes with a system that changes hands: its resource
// nodes (nodes), a starbase (the new owner takes one of the old owner's
// command tokens, exhausted), and with a research node one of the old
// owner's projects. It changes na (new owner) and nd (old owner).
func capture(na, nd *AscPlayer, nodes ascrules.Resources, starbase, researchNode bool) []Texts {
	var got []Texts
	if nodes.Total() > 0 {
		nd.Nodes = nd.Nodes.Sub(nodes)
		na.Nodes = na.Nodes.Add(nodes)
		got = append(got, fmtNodes(nodes))
	}
	if starbase && nd.Starbases > 0 {
		nd.Starbases--
		nd.Commands = max(0, nd.Commands-1)
		nd.Exhausted = min(nd.Exhausted, nd.Commands)
		na.Starbases++
		na.Commands++
		na.Exhausted++
		got = append(got, Texts{{Key: "track.got_starbase", Text: "the starbase and a command token (exhausted)"}})
	}
	if researchNode && nd.Projects > 0 {
		// The rival gives one of their projects; research on it is
		// discarded (seed 003 "Capturing research nodes").
		if pc, err := takeProject(nd, 0); err == nil {
			na.Projects++
			if pc != nil {
				na.ProjectCards = append(na.ProjectCards, ProjectCardState{Name: pc.Name, Cost: pc.Cost})
			}
		}
		got = append(got, Texts{{Key: "track.got_project", Text: "a project"}})
	}
	return got
}

// betray returns the trade agreement the attacker holds from the target:
// attacking or trying hegemony on a player whose agreement you hold breaks
// the peace. It reports whether there was one.
func betray(na *AscPlayer, target string) bool {
	i := slices.IndexFunc(na.Agreements, func(t ascrules.TradeAgreement) bool { return t.From == target })
	if i < 0 {
		return false
	}
	na.Agreements = slices.Delete(na.Agreements, i, i+1)
	return true
}

// homeChanges updates the home system counters when system (the home of
// homeOf, a player id or "") passes from the old owner nd (nil for an
// independent) to na.
func homeChanges(na, nd *AscPlayer, homeOf string) {
	if homeOf == "" {
		return
	}
	na.HomeSystems++
	if homeOf == na.ID {
		na.HoldsHome = true
	}
	if nd != nil {
		nd.HomeSystems = max(0, nd.HomeSystems-1)
		if homeOf == nd.ID {
			nd.HoldsHome = false
		}
	}
}

// ascPlayer returns the Ascendancy game and the player with the id.
func (c *decideCtx) ascPlayer(id string) (*AscendancyState, *AscPlayer, error) {
	a, err := c.asc()
	if err != nil {
		return nil, nil, err
	}
	p, err := a.player(id)
	if err != nil {
		return nil, nil, err
	}
	return a, p, nil
}

// pay returns a copy of p that has paid cost, or refuses: "<costs> 3
// production; Anna has ...".
func pay(p *AscPlayer, cost ascrules.Resources, costs Msg) (AscPlayer, error) {
	if !p.Resources.Covers(cost) {
		return AscPlayer{}, reject(CodeRules, "track.has", "%s %s; %s has %s.", costs, fmtRes(cost), p.Name, fmtRes(p.Resources))
	}
	np, err := copyPlayer(p)
	if err != nil {
		return AscPlayer{}, err
	}
	np.Resources = np.Resources.Sub(cost)
	return np, nil
}

// AndorianToken records the Andorian reconnaissance fleet leaving a
// surveillance token on System (Remove: the Andorian player takes one
// back, which they may do at any time). Controller is who controls the
// system: a player id, or "" for nobody or an independent civilization;
// Phenomenon marks a phenomenon, where no token may go. Where the token may
// go follows the game's reading (AscOptions.AndorianRecon): any system
// (full rulebook) or only a rival-controlled one (rules summary).
type AndorianToken struct {
	Player     string `json:"player"`
	System     string `json:"system"`
	Controller string `json:"controller,omitempty"`
	Phenomenon bool   `json:"phenomenon,omitempty"`
	Remove     bool   `json:"remove,omitempty"`
}

// CommandType implements Command.
func (AndorianToken) CommandType() string { return "asc.andorian_token" }

func (cmd AndorianToken) decide(c *decideCtx) error {
	a, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	if !p.LeavesSurveillanceTokens() {
		return reject(CodeInvalid, "track.surveillance_tokens_are_andorians_plays", "Surveillance tokens are the Andorians'; %s plays %s.", p.Name, p.Civilization)
	}
	sys, err := cleanText(cmd.System, maxNameLen, Msg{Key: "track.word.system_name", Text: "system name"})
	if err != nil {
		return err
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	i := slices.Index(np.AndorianTokens, sys)
	if cmd.Remove {
		if i < 0 {
			return reject(CodeNothing, "track.has_no_andorian_token", "%s has no Andorian token.", sys)
		}
		np.AndorianTokens = slices.Delete(np.AndorianTokens, i, i+1)
		return setPlayer(c, say("track.takes_andorian_token_off", "%s takes the Andorian token off %s", p.Name, sys), np)
	}
	if i >= 0 {
		return reject(CodeNothing, "track.already_has_andorian_token", "%s already has an Andorian token.", sys)
	}
	if len(np.AndorianTokens) >= maxListLen {
		return reject(CodeInvalid, "track.at_most_andorian_tokens_on_board", "At most %d Andorian tokens on the board.", maxListLen)
	}
	held := "nobody"
	if cmd.Controller != "" {
		owner, err := a.player(cmd.Controller)
		if err != nil {
			return err
		}
		held = owner.Name
	}
	if err := c.check(cmd.Phenomenon, ruleReconPhenomena, "track.is_phenomenon", "%s is a phenomenon", sys); err != nil {
		return err
	}
	if a.Options.AndorianRecon == ReconRivalSystem {
		if err := c.check(cmd.Controller == "" || cmd.Controller == p.ID, ruleReconRival,
			"track.is_controlled_by_not_rival", "%s is controlled by %s, not a rival", sys, held); err != nil {
			return err
		}
	}
	np.AndorianTokens = append(np.AndorianTokens, sys)
	return setPlayer(c, say("track.s_reconnaissance_fleet_leaves_surveillance_token", "%s's reconnaissance fleet leaves a surveillance token on %s (held by %s)", p.Name, sys, held), np)
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
	if err := checkAmounts(cmd.Cost, 100, Msg{Key: "track.word.cost", Text: "The cost"}); err != nil {
		return err
	}
	if err := checkDelta(cmd.Delta, 100, Msg{Key: "track.word.change", Text: "The change"}); err != nil {
		return err
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
		label.add("track.paid", " (paid %s)", fmtRes(cmd.Cost)).after(leftOf(np, cmd.Cost))
	}
	return setPlayer(c, label, np)
}
