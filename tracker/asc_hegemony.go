package tracker

import (
	ascrules "tableops/rules/ascendancy"
)

// HegemonyResistance is a system's hegemony resistance as the tracker
// works it out from what the players enter on the hegemony form (seed 002
// "Egemonia Culturale", "Egemonia delle Civiltà a Curvatura"). A rival's
// system (target: the player's id) counts its structures, the resource
// nodes on it, its control node and a starbase (Starbase: the rival's
// starbase is there), plus the rival's ascendancy; the nodes must be the
// rival's own. An independent system (target "") counts its developed
// nodes plus its warp tokens. Vulcan ambassadors are not structures: the
// players leave them out.
func (a *AscendancyState) HegemonyResistance(target string, nodes ascrules.Resources, starbase bool, warpTokens int) (int, error) {
	if nodes.Negative() || warpTokens < 0 {
		return 0, reject(CodeInvalid, "track.nodes_and_warp_tokens_0_or_more", "Nodes and warp tokens are 0 or more.")
	}
	if target == "" {
		return ascrules.IndependentResistance(nodes.Total(), warpTokens), nil
	}
	rival, err := a.player(target)
	if err != nil {
		return 0, err
	}
	if !rival.Nodes.Covers(nodes) {
		return 0, reject(CodeRules, "track.does_not_have_those_nodes", "%s does not have those nodes (%s).", rival.Name, fmtNodes(nodes))
	}
	structures := PlanetNodes(nodes, true)
	if starbase {
		if rival.Starbases < 1 {
			return 0, reject(CodeRules, "track.has_no_starbase_on_board", "%s has no starbase on the board.", rival.Name)
		}
		structures++
	}
	return ascrules.Resistance(structures, rival.Ascendancy), nil
}

// PlanetNodes is the nodes on a planet: its resource nodes, and the control
// node when a player controls it (an independent system has none). Each
// rolls a die in an invasion and is a structure for hegemony (seed 002
// "Invasione Planetaria", "Egemonia Culturale").
func PlanetNodes(resource ascrules.Resources, controlled bool) int {
	if controlled {
		return resource.Total() + 1
	}
	return resource.Total()
}

// HegemonyModifier is what a player's starting advancement adds to their
// hegemony die: the Federation's Universal Translator, +1 (seed 002,
// Federation starting advancement). Other advancements are the players' to
// enter.
func (p AscPlayer) HegemonyModifier() int {
	if p.Faction == ascrules.Federation {
		return 1
	}
	return 0
}

// HegemonyAdds is what a player adds to their hegemony die: their
// ascendancy (never for the Ferengi, seed 002 "Profitto oltre la
// Grandezza") plus the die modifier.
func (p AscPlayer) HegemonyAdds(modifier int) int {
	if p.Faction == ascrules.Ferengi {
		return modifier
	}
	return p.Ascendancy + modifier
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
// one of the old owner's command tokens) and one of their projects per
// research node captured (Nodes.Research; ResearchNode with no research
// nodes counted: one) pass to the player; HomeOf names
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
		got := capture(&np, &nt, cmd.Nodes, cmd.Starbase, false)
		got = append(got, captureProjects(&np, &nt, cmd.researchNodes())...)
		if len(got) > 0 {
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

// researchNodes is the research nodes the system taken brings, for the
// projects captured with them (seed 002 "Capturing Research Nodes": one
// project per node): Nodes.Research, or one when only ResearchNode says
// the system has one.
func (cmd TryHegemony) researchNodes() int {
	if cmd.ResearchNode {
		return max(1, cmd.Nodes.Research)
	}
	return cmd.Nodes.Research
}
