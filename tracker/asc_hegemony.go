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
