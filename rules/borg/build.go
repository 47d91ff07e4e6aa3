package borg

import "slices"

// CubesOnSpires counts the spires with a cube built on top.
func CubesOnSpires(spires []Spire) int {
	n := 0
	for _, s := range spires {
		if s.CubeOnSpire {
			n++
		}
	}
	return n
}

// TranswarpHub resolves the transwarp hub's roll at the start of the Borg
// build phase (seed 004 "Transwarp Hub"): only when the hub has no cube on
// it, and never beyond 5 cubes in play. The target comes from the Borg
// console (an input); a roll of the target or more makes a new cube.
// cubesInPlay counts every cube on the board and on spires.
func TranswarpHub(h HubRoll, cubesInPlay int) (bool, error) {
	if h.Roll < 1 || h.Roll > 6 {
		return false, bad("rules.borg.hub_roll_must_be_die_face", "hub roll %d must be a die face 1 to 6", h.Roll)
	}
	if h.Target < 1 || h.Target > 6 {
		return false, bad("rules.borg.transwarp_hub_target_must_be_1", "transwarp hub target %d must be 1 to 6 (enter it from the Borg console)", h.Target)
	}
	if h.HubHasCube || cubesInPlay >= MaxCubes {
		return false, nil
	}
	return h.Roll >= h.Target, nil
}

// BuildPhase runs the Borg build phase (seed 004 "Borg Build Phase", "Borg
// Systems", "Additional Borg Rules"; seed 003 "Borg building phase"). First
// the transwarp hub rolls, if in play. Then each spire, in order: with a cube
// on top it launches it into orbit and clears its nodes, unless a cube
// already orbits the system (the cube then waits); with fewer than 3 nodes
// it builds a node; with 3 nodes and no cube it builds a cube on top, unless
// 5 cubes are already in play (the nodes then stay). Cubes sitting on spires
// count towards the 5.
func BuildPhase(in BuildInput) (BuildResult, error) {
	var res BuildResult
	if in.CubesInPlay < 0 {
		return res, bad("rules.borg.cubes_in_play_must_not_be", "cubes in play %d must not be negative", in.CubesInPlay)
	}
	for i, s := range in.Spires {
		if err := s.Validate(); err != nil {
			return res, bad("rules.borg.spire", "spire %d: %v", i+1, err)
		}
	}
	spires := slices.Clone(in.Spires)
	inPlay := in.CubesInPlay + CubesOnSpires(spires)
	if inPlay > MaxCubes {
		return res, bad("rules.borg.cubes_in_play_there_are_only", "%d cubes in play: there are only %d", inPlay, MaxCubes)
	}
	if in.Hub != nil {
		made, err := TranswarpHub(*in.Hub, inPlay)
		if err != nil {
			return res, err
		}
		if made {
			res.HubCube = true
			inPlay++
			res.Launched = append(res.Launched, Cube{System: "transwarp hub"})
		}
	}
	for i := range spires {
		s := &spires[i]
		step := BuildStep{Spire: i, System: s.System}
		switch {
		case s.CubeOnSpire && s.CubeInOrbit:
			step.Action = BuildHold
		case s.CubeOnSpire:
			s.CubeOnSpire, s.CubeInOrbit, s.Nodes = false, true, 0
			step.Action = BuildLaunch
			res.Launched = append(res.Launched, Cube{System: s.System})
		case s.Nodes < MaxSpireNodes:
			s.Nodes++
			step.Action = BuildNode
		case inPlay >= MaxCubes:
			step.Action = BuildFull
		default:
			s.CubeOnSpire = true
			inPlay++
			step.Action = BuildCube
		}
		res.Steps = append(res.Steps, step)
	}
	res.Spires = spires
	res.CubesInPlay = in.CubesInPlay + len(res.Launched)
	return res, nil
}

// NeedSpire reports whether placing one more spire defeats the players:
// with 5 spires in play and a sixth needed (seed 004 "Winning and Losing
// vs. Borg"), or 3 and a fourth under the optional rule "3 Spires & You're
// Out".
func NeedSpire(spiresInPlay int, threeSpiresOptional bool) (defeat bool) {
	limit := DefeatSpires
	if threeSpiresOptional {
		limit = OptionalDefeatSpires
	}
	return spiresInPlay >= limit
}

// PlaceSpire places a spire on an assimilated system (seed 004 "3) Begin
// Assimilation"), unless that defeats the players (NeedSpire), in which
// case the spires are returned unchanged with defeat true.
func PlaceSpire(spires []Spire, system string, threeSpiresOptional bool) ([]Spire, bool) {
	if NeedSpire(len(spires), threeSpiresOptional) {
		return spires, true
	}
	out := slices.Clone(spires)
	return append(out, Spire{System: system}), false
}

// StarbaseAssimilated adds a node to every spire in play when the Borg
// assimilate a system with a starbase (seed 004 "Assimilating Starbases");
// a spire already at 3 nodes stays at 3.
func StarbaseAssimilated(spires []Spire) []Spire {
	out := slices.Clone(spires)
	for i := range out {
		out[i].Nodes = min(out[i].Nodes+1, MaxSpireNodes)
	}
	return out
}

// SystemHeld is one system an exterminated player controlled, with its
// resource nodes (control node not counted).
type SystemHeld struct {
	System        string `json:"system"`
	ResourceNodes int    `json:"resource_nodes"`
}

// Exterminate handles a player whose home system the Borg assimilated
// (seed 004 "Home System Assimilation"): all their ships are removed (the
// tracker does that), and each system they control loses its control node
// and gets as many warp tokens as it has resource nodes, becoming an
// independent civilization of level 1 to 4 (a system without resource nodes
// gets none).
func Exterminate(systems []SystemHeld) ([]ExterminatedSystem, error) {
	out := make([]ExterminatedSystem, 0, len(systems))
	for _, s := range systems {
		if s.ResourceNodes < 0 {
			return nil, bad("rules.borg.system_resource_nodes_must_not_be", "system %q: resource nodes %d must not be negative", s.System, s.ResourceNodes)
		}
		out = append(out, ExterminatedSystem{System: s.System, ResourceNodes: s.ResourceNodes, WarpTokens: s.ResourceNodes})
	}
	return out, nil
}
