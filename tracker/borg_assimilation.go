package tracker

import (
	"fmt"
	"slices"
	"strings"

	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
)

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

// assimStart is where an assimilation round starts from (startRound): the
// cube's index among the Borg's, the defender, the system's name cleaned
// and the round as the rules read it, with no dice yet.
type assimStart struct {
	ci  int
	def *AscPlayer
	sys string
	in  borgrules.Assimilation
}

// startRound checks the round's cube, defender, system, nodes and
// starbase, and reads the cube as the round starts: fresh (in b) unless
// this system's assimilation goes on. AssimilationRound, which fights the
// round, and OpenAssimilation, which opens it on every phone, start alike.
func (cmd AssimilationRound) startRound(a *AscendancyState, b *BorgState) (assimStart, error) {
	ci, err := b.cube(cmd.Cube)
	if err != nil {
		return assimStart{}, err
	}
	def, err := a.player(cmd.Defender)
	if err != nil {
		return assimStart{}, err
	}
	sys, err := cleanText(cmd.System, maxNameLen, Msg{Key: "track.word.system_name", Text: "system name"})
	if err != nil {
		return assimStart{}, err
	}
	if cmd.Nodes < 0 || cmd.Nodes > 20 {
		return assimStart{}, reject(CodeInvalid, "track.enter_nodes_on_planet_control_node_2", "Enter the nodes on the planet (control node included), 0 to 20.")
	}
	if cmd.Starbase && def.Starbases < 1 {
		return assimStart{}, reject(CodeRules, "track.has_no_starbase_on_board", "%s has no starbase on the board.", def.Name)
	}
	hit, err := b.Hits.HitRoll(len(b.Spires))
	if err != nil {
		return assimStart{}, reject(CodeNotNow, "", "%v", err)
	}
	fight := a.fightFor(b, cmd.Cube, FightAssimilation)
	if fight != nil && (fight.Defender != def.ID || !sameSystem(fight.System, sys)) || cmd.NewBattle {
		fight = nil
	}
	if fight == nil {
		freshCube(b, ci)
	}
	in := borgrules.Assimilation{Cube: b.Cubes[ci], Nodes: cmd.Nodes, Starbase: cmd.Starbase, DefenderWeapons: def.Weapons,
		DefenderHitsOnSix: cmd.HitsOnSix, BorgHit: hit}
	return assimStart{ci: ci, def: def, sys: sys, in: in}, nil
}

func (cmd AssimilationRound) decide(c *decideCtx) error {
	a, b, err := c.borg(AscExecution)
	if err != nil {
		return err
	}
	start, err := cmd.startRound(a, &b)
	if err != nil {
		return err
	}
	ci, def, sys, in := start.ci, start.def, start.sys, start.in
	dd, err := c.roll(cmd.DefenderRoll, 0, msgf("track.whose_dice", "%s's dice", sys))
	if err != nil {
		return err
	}
	in.DefenderFaces = dd.Faces
	bd, err := c.borgDice(cmd.BorgRoll, cmd.BorgVirtual, borgrules.AssimilationBorgDice(in))
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
	if err := endStaleBattle(c, a); err != nil {
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
