package tracker

import (
	"fmt"

	ascrules "tableops/rules/ascendancy"
)

// InvasionUnderWay is a planetary invasion while it lasts: who invades
// whom and where, the last round fought and what it left. An invasion goes
// on round after round, without another command, until the attacker
// retreats, the defender surrenders or a round has an outcome (seed 002
// "La Battaglia Continua"); a new phase or turn ends it.
type InvasionUnderWay struct {
	Attacker string `json:"attacker"`
	// Defender is the controlling player's id ("" for an independent
	// system).
	Defender string `json:"defender,omitempty"`
	System   string `json:"system,omitempty"`
	// Round is the last round fought; the next one is Round+1.
	Round int `json:"round"`
	// Ships are the attacking ships left, Nodes the planet's nodes left
	// (control node included).
	Ships int `json:"ships"`
	Nodes int `json:"nodes"`
	// DefenderWeapons and DefenderShields are the defender's hit roll and
	// shield modifier (an independent system's tech level; the player's own
	// for a player's system).
	DefenderWeapons int `json:"defender_weapons,omitempty"`
	DefenderShields int `json:"defender_shields,omitempty"`
}

// NextRound is the round the invasion fights next.
func (u *InvasionUnderWay) NextRound() int { return u.Round + 1 }

// invasionLeft is the invasion a round fought leaves under way, or nil when
// the round ended it (success, annihilation, failure, surrender, no ships
// or nodes left).
func invasionLeft(e InvasionFought) *InvasionUnderWay {
	r := e.Result
	if r.Over || r.Failed || r.Outcome == ascrules.Surrendered || r.AttackerShipsLeft < 1 || r.NodesLeft < 1 {
		return nil
	}
	in := e.Invasion
	return &InvasionUnderWay{Attacker: in.Attacker.Player, Defender: e.Defender, System: e.System,
		Round: in.Round, Ships: r.AttackerShipsLeft, Nodes: r.NodesLeft,
		DefenderWeapons: in.DefenderWeapons, DefenderShields: in.DefenderShields}
}

// InvasionFor returns the invasion under way that a round between attacker
// and defender ("" an independent system) continues, or nil: then the
// round starts a new invasion.
func (a *AscendancyState) InvasionFor(attacker, defender string) *InvasionUnderWay {
	u := a.Invasion
	if u == nil || u.Attacker != attacker || u.Defender != defender {
		return nil
	}
	return u
}

// invasionRound works out the round cmd fights (Round 0: the next one) and
// holds a later round to the invasion under way: its next round, with no
// more ships or nodes than it left.
func (cmd InvasionRound) invasionRound(c *decideCtx, a *AscendancyState, att *AscPlayer) (int, error) {
	u := a.InvasionFor(cmd.Attacker, cmd.Defender)
	round := cmd.Round
	if round == 0 {
		round = 1
		if u != nil {
			round = u.NextRound()
		}
	}
	if round == 1 {
		return 1, nil
	}
	if u == nil {
		return round, c.breaks(ruleInvasionGoesOn, "track.no_invasion_under_way_new_round_1", "No invasion by %s of %s is under way: a new invasion starts at round 1, not round %d", att.Name, a.seatName(cmd.Defender), round)
	}
	if err := c.check(round != u.NextRound(), ruleInvasionGoesOn, "track.this_is_round_of_invasion_not", "This is round %d of the invasion, not round %d", u.NextRound(), round); err != nil {
		return round, err
	}
	if err := c.check(cmd.Ships > u.Ships, ruleInvasionLosses, "track.has_ship_s_left_in_invasion", "%s has %d ship(s) left in this invasion, not %d", att.Name, u.Ships, cmd.Ships); err != nil {
		return round, err
	}
	return round, c.check(cmd.Nodes > u.Nodes, ruleInvasionLosses, "track.the_planet_has_node_s_left", "The planet has %d node(s) left, not %d", u.Nodes, cmd.Nodes)
}

// validateInvasion checks the invasion under way read from outside.
func validateInvasion(u *InvasionUnderWay, players map[string]bool) error {
	if !players[u.Attacker] {
		return fmt.Errorf("an invasion by %s, who is not in the game", short(u.Attacker))
	}
	if u.Defender != "" && !players[u.Defender] {
		return fmt.Errorf("an invasion of %s, who is not in the game", short(u.Defender))
	}
	if u.Defender == u.Attacker {
		return fmt.Errorf("%s invades their own system", short(u.Attacker))
	}
	if err := checkTexts(maxNameLen, u.System); err != nil {
		return fmt.Errorf("the invasion under way: %v", err)
	}
	switch {
	case outside(u.Round, 1, 100):
		return fmt.Errorf("an invasion at round %d", u.Round)
	case outside(u.Ships, 1, maxCount):
		return fmt.Errorf("an invasion with %d ship(s) left", u.Ships)
	case outside(u.Nodes, 1, 20):
		return fmt.Errorf("an invasion of a planet with %d node(s) left", u.Nodes)
	case u.Defender == "" && (outside(u.DefenderWeapons, 1, 6) || outside(u.DefenderShields, 0, 6)):
		return fmt.Errorf("an independent system with hit roll %d and shields %d", u.DefenderWeapons, u.DefenderShields)
	}
	return nil
}

// InvasionShips is the most ships attacker may bring to the next invasion
// round against defender ("" an independent system): their ships on the
// board, and no more than the invasion under way between them left.
func (a *AscendancyState) InvasionShips(attacker, defender string) int {
	p, err := a.player(attacker)
	if err != nil {
		return 0
	}
	if u := a.InvasionFor(attacker, defender); u != nil {
		return min(p.Ships, u.Ships)
	}
	return p.Ships
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

// invasionStep is an invasion round between its steps: who fights, what
// the rules are given, and once fought what they said.
type invasionStep struct {
	a        *AscendancyState
	att, def *AscPlayer
	// na is the attacker's record as the round changes it.
	na     AscPlayer
	sys    string
	in     ascrules.Invasion
	ad, dd RolledDice
	res    ascrules.InvasionResult
	// lost are the defending player's resource nodes the round destroys:
	// the ones named (NodesLost), or, when the round leaves no choice, the
	// planet's resource nodes (SystemNodes).
	lost ascrules.Resources
}

// decide fights the round in steps: the checks (checkAttack,
// checkDefender), the roll (fight), the check of the nodes lost against
// the result (checkNodesLost), then what the round changes (record).
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
	st := &invasionStep{a: a, att: att}
	if err := cmd.checkAttack(c, st); err != nil {
		return err
	}
	if err := cmd.checkDefender(c, st); err != nil {
		return err
	}
	if err := cmd.fight(c, st); err != nil {
		return err
	}
	if err := cmd.checkNodesLost(c, st); err != nil {
		return err
	}
	if err := cmd.record(c, st); err != nil {
		return err
	}
	return endStaleBattle(c, a)
}

// checkAttack holds the attacking side to the rules: round 1 is a command
// of the attacker's turn (ruleOwnTurn, ruleCommandPhase: one command token
// exhausted), the Federation does not invade (rulePrimeDirective), and the
// ships, nodes, bonus dice and system name are within bounds. It sets the
// attacker's new record (st.na) and the system's name (st.sys).
func (cmd InvasionRound) checkAttack(c *decideCtx, st *invasionStep) error {
	a, att := st.a, st.att
	var err error
	if st.na, err = copyPlayer(att); err != nil {
		return err
	}
	if cmd.Round == 1 {
		// The invasion is a command of the attacker's turn.
		if err := c.onTurn(a, att, PhaseCommand); err != nil {
			return err
		}
		if err := c.exhaust(&st.na, 1, msgf("track.what_an_invasion", "an invasion")); err != nil {
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
	st.sys = trimSpace(cmd.System)
	if len([]rune(st.sys)) > maxNameLen {
		return reject(CodeInvalid, "track.the_system_name_is_too_long", "The system name is too long.")
	}
	if st.sys == "" {
		st.sys = "the system"
	}
	return nil
}

// checkDefender holds the defending side to the rules and fills in the
// rules' input (st.in): a player defends with their own hit roll and
// shields, may not be the attacker, may not be invaded by a Vulcan with
// higher ascendancy (ruleLogicalObservers, rules/ascendancy.CanInvade),
// and must hold the nodes and starbase named; an independent system
// defends with the hit roll and shields of its tech level, which the
// players enter.
func (cmd InvasionRound) checkDefender(c *decideCtx, st *invasionStep) error {
	a, att := st.a, st.att
	st.in = ascrules.Invasion{Round: cmd.Round, Nodes: cmd.Nodes, DefenderFirstStrike: cmd.DefenderFirstStrike,
		Attacker: ascrules.Side{Player: att.ID, Ships: cmd.Ships, BonusDice: cmd.BonusDice, Weapons: att.Weapons,
			Shields: att.Shields, FirstStrike: cmd.FirstStrike}}
	if cmd.Defender == "" {
		st.in.DefenderWeapons, st.in.DefenderShields = cmd.DefenderWeapons, cmd.DefenderShields
		if st.in.DefenderWeapons < 1 || st.in.DefenderWeapons > 6 || st.in.DefenderShields < 0 || st.in.DefenderShields > 6 {
			return reject(CodeInvalid, "track.enter_independent_systems_hit_roll_1", "Enter the independent system's hit roll (1 to 6) and shields (0 to 6).")
		}
		return nil
	}
	def, err := a.player(cmd.Defender)
	if err != nil {
		return err
	}
	st.def = def
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
	st.in.Controlled, st.in.DefenderWeapons, st.in.DefenderShields = true, def.Weapons, def.Shields
	return nil
}

// fight rolls the round (the attacker's dice, the defending nodes' dice)
// and resolves it by the planetary invasion rules
// (rules/ascendancy.ResolveInvasion); a player's surrender is resolved
// without dice (rules/ascendancy.Surrender).
func (cmd InvasionRound) fight(c *decideCtx, st *invasionStep) error {
	var err error
	if cmd.Surrender {
		if st.def == nil {
			return reject(CodeRules, "track.only_player_can_surrender_system", "Only a player can surrender a system.")
		}
		st.res = ascrules.Surrender(cmd.Nodes)
		st.ad, st.dd = RolledDice{Faces: nil}, RolledDice{Faces: nil}
		return nil
	}
	if st.ad, err = c.roll(cmd.AttackerRoll, 0, msgf("track.whose_dice", "%s's dice", st.att.Name)); err != nil {
		return err
	}
	if st.dd, err = c.roll(cmd.DefenderRoll, 0, msgf("track.defending_nodes_dice", "the defending nodes' dice")); err != nil {
		return err
	}
	st.in.AttackerFaces, st.in.DefenderFaces = st.ad.Faces, st.dd.Faces
	if st.res, err = ascrules.ResolveInvasion(st.in); err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	return nil
}

// checkNodesLost holds the resource nodes the players say were lost to the
// round's result to the rulebook (rules/ascendancy.ResourceNodesDestroyed):
// on collateral damage exactly as many as the hits, of the attacker's
// choice (ruleCollateralDamage); on total annihilation every resource node
// on the planet (ruleTotalAnnihilation); never the control node, only a
// player's, and only nodes the defender has. When the round leaves no
// choice (it destroys as many nodes as the planet's resource nodes given in
// SystemNodes) and none are named, they are those. It sets st.lost.
func (cmd InvasionRound) checkNodesLost(c *decideCtx, st *invasionStep) error {
	if cmd.NodesLost.Negative() {
		return reject(CodeInvalid, "track.nodes_lost_are_0_or_more", "Nodes lost are 0 or more.")
	}
	st.lost = cmd.NodesLost
	if st.def == nil {
		if st.lost.Total() > 0 {
			return reject(CodeInvalid, "track.an_independent_systems_nodes_are_not", "An independent system's nodes are not tracked.")
		}
		return nil
	}
	due := st.res.ResourceNodesDestroyed(st.in.Controlled)
	if st.lost.Total() == 0 && due > 0 && !cmd.SystemNodes.Negative() && cmd.SystemNodes.Total() == due {
		st.lost = cmd.SystemNodes
	}
	switch {
	case st.lost.Total() > due:
		return reject(CodeRules, "track.the_invasion_destroyed_resource_node_s", "The invasion destroyed %d resource node(s), not %d.", due, st.lost.Total())
	case !st.def.Nodes.Covers(st.lost):
		return reject(CodeRules, "track.does_not_have_those_nodes", "%s does not have those nodes (%s).", st.def.Name, fmtNodes(st.def.Nodes))
	case st.lost.Total() == due:
		return nil
	}
	if st.res.Outcome == ascrules.Annihilation {
		return c.breaks(ruleTotalAnnihilation, "track.annihilation_destroys_resource_nodes_named",
			"Total annihilation destroys all %d of the planet's resource node(s), not %d: name them", due, st.lost.Total())
	}
	return c.breaks(ruleCollateralDamage, "track.collateral_destroys_resource_nodes_named",
		"%d hit(s) destroy %d of %s's resource node(s), not %d: the attacker names which", st.res.Hits, due, st.def.Name, st.lost.Total())
}

// record emits the round (InvasionFought) and what it changes, in one
// step: the attacker's record, then the defender's.
func (cmd InvasionRound) record(c *decideCtx, st *invasionStep) error {
	res := st.res
	label := say("track.invasion_of_round", "Invasion of %s round %d: %s", st.sys, cmd.Round, invasionWords[res.Outcome])
	if !cmd.Surrender {
		label.add("track.hit_s_on_node_s_nodes", " (%d hit(s) on %d node(s); nodes hit %d ship(s))", res.Hits, cmd.Nodes, res.DefenderHits)
	}
	if res.Failed {
		label.add("track.the_invasion_failed", ": the invasion failed")
	}
	if err := c.emit(label, InvasionFought{Invasion: st.in, Defender: cmd.Defender, System: trimSpace(cmd.System),
		AttackerDice: st.ad, DefenderDice: st.dd, Result: res}); err != nil {
		return err
	}
	nd, took, err := cmd.changeHands(st)
	if err != nil {
		return err
	}
	if err := cmd.setAttacker(c, st, took); err != nil {
		return err
	}
	if st.def == nil {
		return nil
	}
	return cmd.setDefender(c, st, nd)
}

// won is true when the round takes the system: a successful invasion or
// the defender's surrender.
func (st *invasionStep) won() bool {
	return st.res.Outcome == ascrules.Successful || st.res.Outcome == ascrules.Surrendered
}

// changeHands applies the outcome to the attacker's record (st.na) and
// returns the defender's new record (none for an independent system) and
// what the attacker took: the attacker's ship losses; on success the
// system with its nodes left, the starbase and, with a research node, a
// project per research node captured (capture, captureProjects); on total
// annihilation the defender loses the system's starbase and its command,
// and nobody holds the system. The defender loses the resource nodes the
// round destroyed (st.lost).
func (cmd InvasionRound) changeHands(st *invasionStep) (AscPlayer, []Texts, error) {
	res, def := st.res, st.def
	st.na.Ships = max(0, st.na.Ships-res.AttackerLosses)
	won := st.won()
	if won {
		st.na.Systems++
	}
	var nd AscPlayer
	if def != nil {
		var err error
		if nd, err = copyPlayer(def); err != nil {
			return AscPlayer{}, nil, err
		}
		nd.Nodes = nd.Nodes.Sub(st.lost)
	}
	var took []Texts
	switch {
	case won && def != nil:
		left := cmd.SystemNodes.Sub(st.lost)
		if left.Negative() {
			left = ascrules.Resources{Production: max(0, left.Production), Research: max(0, left.Research), Culture: max(0, left.Culture)}
		}
		took = capture(&st.na, &nd, left, cmd.Starbase, false)
		took = append(took, captureProjects(&st.na, &nd, left.Research)...)
		homeChanges(&st.na, &nd, cmd.HomeOf)
	case won:
		homeChanges(&st.na, nil, cmd.HomeOf)
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
	return nd, took, nil
}

// setAttacker emits the attacker's new record when the round changed it:
// ships lost, the system taken, the command token of round 1, and a trade
// agreement returned when a new invasion betrays its holder (betray).
func (cmd InvasionRound) setAttacker(c *decideCtx, st *invasionStep, took []Texts) error {
	res, att, def := st.res, st.att, st.def
	won := st.won()
	betrayed := cmd.Round == 1 && def != nil && betray(&st.na, def.ID)
	if res.AttackerLosses == 0 && !won && cmd.Round != 1 {
		return nil
	}
	l := say("track.loses_ship_s_left", "%s loses %d ship(s) (%d left)", att.Name, res.AttackerLosses, st.na.Ships)
	if won {
		l = say("track.takes_ship_s_lost", "%s takes %s (%d ship(s) lost)", att.Name, st.sys, res.AttackerLosses)
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
	return setPlayer(c, l, st.na)
}

// setDefender emits the defending player's new record when the round
// changed it: the system lost (taken or annihilated) or nodes destroyed.
func (cmd InvasionRound) setDefender(c *decideCtx, st *invasionStep, nd AscPlayer) error {
	def := st.def
	lostSystem := st.won() || st.res.Outcome == ascrules.Annihilation
	if lostSystem {
		nd.Systems = max(0, nd.Systems-1)
	}
	if !lostSystem && st.lost.Total() == 0 {
		return nil
	}
	l := say("track.loses", "%s loses %s", def.Name, fmtNodes(st.lost))
	if lostSystem {
		l = say("track.loses_system_s_left", "%s loses %s (%d system(s) left)", def.Name, st.sys, nd.Systems)
	}
	return setPlayer(c, l, nd)
}

// captureProjects moves the defender's active projects to the attacker who
// took control of researchNodes of their intact research nodes: one per
// node, no more than they have (rules/ascendancy.ProjectsCaptured; seed 003
// "Capturing research nodes and starbases"). It returns what was taken,
// for the log.
func captureProjects(na, nd *AscPlayer, researchNodes int) []Texts {
	n := ascrules.ProjectsCaptured(researchNodes, nd.Projects)
	if n == 0 {
		return nil
	}
	// Each project moves with its card, if it was entered; the research on
	// it is discarded (as capture does).
	for range n {
		pc, err := takeProject(nd, 0)
		if err != nil {
			break
		}
		na.Projects++
		if pc != nil {
			na.ProjectCards = append(na.ProjectCards, ProjectCardState{Name: pc.Name, Cost: pc.Cost})
		}
	}
	if n == 1 {
		return []Texts{{{Key: "track.got_project", Text: "a project"}}}
	}
	return []Texts{{msgf("track.got_projects", "%d projects", n)}}
}
