package tracker

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	borgrules "tableops/rules/borg"
)

func copyBorg(a *AscendancyState) (BorgState, error) {
	if a.Borg == nil {
		return BorgState{}, reject(CodeNotNow, "track.the_borg_are_not_in_this_2", "The Borg are not in this game (EnableBorg).")
	}
	b, err := deepCopy(*a.Borg)
	if err != nil {
		return BorgState{}, fmt.Errorf("copy Borg state: %w", err)
	}
	return b, nil
}

// borg returns the Ascendancy game and a deep copy of its Borg state for a
// Borg command to change, after checking that the game is at one of stages
// (at any stage when none are given).
func (c *decideCtx) borg(stages ...string) (*AscendancyState, BorgState, error) {
	a, err := c.asc()
	if err != nil {
		return nil, BorgState{}, err
	}
	if len(stages) > 0 {
		if err := wantStage(a, stages...); err != nil {
			return nil, BorgState{}, err
		}
	}
	b, err := copyBorg(a)
	if err != nil {
		return nil, BorgState{}, err
	}
	return a, b, nil
}

// EnableBorg brings the Borg Assimilation expansion into the game: the Borg
// hit roll for each number of spires (copied from the Borg console; the
// rulebook text does not give it), the optional "3 Spires & You're Out"
// rule, and the transwarp hub with its target roll from the console
// (PhysicalHub: the table rolls the hub die and enters it with BorgBuild;
// otherwise the build phase runs by itself when the Borg turn starts).
type EnableBorg struct {
	Hits        map[int]int `json:"hits"`
	ThreeSpires bool        `json:"three_spires,omitempty"`
	Hub         bool        `json:"hub,omitempty"`
	HubTarget   int         `json:"hub_target,omitempty"`
	PhysicalHub bool        `json:"physical_hub,omitempty"`
}

// CommandType implements Command.
func (EnableBorg) CommandType() string { return "borg.enable" }

func (cmd EnableBorg) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if len(cmd.Hits) == 0 || len(cmd.Hits) > 10 {
		return reject(CodeInvalid, "track.enter_borg_hit_roll_for_each", "Enter the Borg hit roll for each number of spires from the Borg console.")
	}
	for n, h := range cmd.Hits {
		if n < 0 || n > borgrules.DefeatSpires {
			return reject(CodeInvalid, "track.spire_counts_run_from_0_to", "Spire counts run from 0 to %d.", borgrules.DefeatSpires)
		}
		if err := borgrules.ValidateBorgHit(h); err != nil {
			return reject(CodeInvalid, "", "%v", err)
		}
	}
	if cmd.Hub && (cmd.HubTarget < 1 || cmd.HubTarget > 6) {
		return reject(CodeInvalid, "track.enter_transwarp_hubs_target_roll_1", "Enter the transwarp hub's target roll (1 to 6) from the Borg console.")
	}
	b := BorgState{Cubes: []borgrules.Cube{}, Spires: []borgrules.Spire{}, Activated: []string{}}
	if a.Borg != nil {
		if b, err = copyBorg(a); err != nil {
			return err
		}
	}
	b.Hits = borgrules.HitTable{BySpires: cmd.Hits}
	b.ThreeSpires, b.Hub, b.HubTarget, b.PhysicalHub = cmd.ThreeSpires, cmd.Hub, cmd.HubTarget, cmd.PhysicalHub
	return c.emit(say("track.borg_console_entered", "Borg console entered"), BorgSet{Borg: b})
}

// PlaceSpire places a spire on a newly assimilated system
// (rules/borg.PlaceSpire); when one more spire is needed than the limit
// allows, the players are defeated instead and the game ends.
type PlaceSpire struct {
	System string `json:"system"`
	Nodes  int    `json:"nodes,omitempty"`
}

// CommandType implements Command.
func (PlaceSpire) CommandType() string { return "borg.spire" }

func (cmd PlaceSpire) decide(c *decideCtx) error {
	a, b, err := c.borg()
	if err != nil {
		return err
	}
	sys, err := cleanText(cmd.System, maxNameLen, Msg{Key: "track.word.system_name", Text: "system name"})
	if err != nil {
		return err
	}
	if cmd.Nodes < 0 || cmd.Nodes > borgrules.MaxSpireNodes {
		return reject(CodeInvalid, "track.a_spire_has_0_to_nodes", "A spire has 0 to %d nodes.", borgrules.MaxSpireNodes)
	}
	spires, defeat := borgrules.PlaceSpire(b.Spires, sys, b.ThreeSpires)
	if defeat {
		b.Defeat = true
		if err := c.emit(say("track.is_assimilated_one_spire_too_many", "%s is assimilated: one spire too many", sys), BorgSet{Borg: b}); err != nil {
			return err
		}
		w, err := deepCopy(a.Walker)
		if err != nil {
			return err
		}
		w.Stage, w.Phase, w.Winners, w.Reason = AscOver, "", []string{}, "the Borg assimilated the galaxy"
		return setWalker(c, say("track.game_over_borg_win", "Game over: the Borg win"), w)
	}
	spires[len(spires)-1].Nodes = cmd.Nodes
	b.NextSpire = max(b.NextSpire, len(b.Spires)) + 1 // games saved before the counter
	spires[len(spires)-1].ID = "spire " + strconv.Itoa(b.NextSpire)
	b.Spires = spires
	return c.emit(say("track.borg_spire_placed_on_in_play", "Borg spire placed on %s (%d in play)", sys, len(spires)), BorgSet{Borg: b})
}

// AddCube puts a Borg cube on the board at System (the cubes a scenario
// starts with, or a correction).
type AddCube struct {
	System string `json:"system"`
}

// CommandType implements Command.
func (AddCube) CommandType() string { return "borg.add_cube" }

func (cmd AddCube) decide(c *decideCtx) error {
	_, b, err := c.borg()
	if err != nil {
		return err
	}
	sys, err := cleanText(cmd.System, maxNameLen, Msg{Key: "track.word.system_name", Text: "system name"})
	if err != nil {
		return err
	}
	if b.CubesInPlay() >= borgrules.MaxCubes {
		return reject(CodeRules, "track.there_are_already_cubes_in_play", "There are already %d cubes in play.", borgrules.MaxCubes)
	}
	if other := b.cubeAt(sys, ""); other != "" {
		if err := c.breaks(ruleOneCubePerSector, "track.borg_is_already_at", "Borg %s is already at %s", borgPiece(other), sys); err != nil {
			return err
		}
	}
	b.NextCube++
	id := "cube " + strconv.Itoa(b.NextCube)
	b.Cubes = append(b.Cubes, borgrules.Cube{ID: id, System: sys})
	b.placeFlags()
	return c.emit(say("track.borg_at", "Borg %s at %s", borgPiece(id), sys), BorgSet{Borg: b})
}

// BorgBuild runs the Borg build phase at the start of the Borg turn
// (rules/borg.BuildPhase): the transwarp hub's roll if it is in play
// (HubRoll: one die, entered or virtual), then each spire builds a node, a
// cube, or launches its cube. The walker runs it by itself when the Borg
// turn starts, except when the table rolls the hub die (PhysicalHub).
type BorgBuild struct {
	HubRoll Roll `json:"hub_roll,omitempty"`
}

// CommandType implements Command.
func (BorgBuild) CommandType() string { return "borg.build" }

func (cmd BorgBuild) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if a.CurrentSeat() != BorgSeat {
		return reject(CodeNotNow, "track.it_is_not_borg_turn", "It is not the Borg turn.")
	}
	b, err := copyBorg(a)
	if err != nil {
		return err
	}
	if b.Built {
		return reject(CodeNotNow, "track.the_borg_build_phase_already_ran", "The Borg build phase already ran this turn.")
	}
	b.placeFlags()
	in := borgrules.BuildInput{Spires: b.Spires, CubesInPlay: len(b.Cubes)}
	var hub RolledDice
	if b.Hub {
		if hub, err = c.roll(cmd.HubRoll, 1, msgf("track.transwarp_hub_roll", "transwarp hub roll")); err != nil {
			return err
		}
		if len(hub.Faces) != 1 {
			return reject(CodeInvalid, "track.the_transwarp_hub_rolls_one_die", "The transwarp hub rolls one die.")
		}
		in.Hub = &borgrules.HubRoll{Roll: hub.Faces[0], Target: b.HubTarget, HubHasCube: b.HubHasCube}
	}
	res, err := borgrules.BuildPhase(in)
	if err != nil {
		return reject(CodeRules, "track.borg_build_phase", "Borg build phase: %v", err)
	}
	var lines Texts
	line := func(t ...Msg) {
		if len(lines) > 0 {
			lines = append(lines, Msg{Text: "; "})
		}
		lines = append(lines, t...)
	}
	if in.Hub != nil {
		l := say("track.hub_rolls", "transwarp hub rolls %s", hub.String())
		switch {
		case res.HubCube:
			l.add("track.a_new_cube", ": a new cube")
		case in.Hub.HubHasCube:
			l = say("track.transwarp_hub_cube_is_on_it", "transwarp hub: a cube is on it, no roll counts")
		}
		line(l.t...)
	}
	for _, st := range res.Steps {
		sys := Msg{Text: st.System}
		if st.System == "" {
			sys = borgPiece("spire " + strconv.Itoa(st.Spire+1))
		}
		line(buildStep(sys, st.Action))
	}
	b.Spires = res.Spires
	for _, cube := range res.Launched {
		b.NextCube++
		cube.ID = "cube " + strconv.Itoa(b.NextCube)
		b.Cubes = append(b.Cubes, cube)
	}
	b.placeFlags()
	b.Built = true
	label := say("track.borg_build_phase_2", "Borg build phase")
	if len(lines) > 0 {
		label.add("track.borg_build_lines", ": %s", lines)
	}
	return c.emit(label, BorgSet{Borg: b})
}

// ActivateCube records a cube's activation in the Borg turn, and where it
// goes (System, optional).
type ActivateCube struct {
	Cube   string `json:"cube"`
	System string `json:"system,omitempty"`
}

// CommandType implements Command.
func (ActivateCube) CommandType() string { return "borg.activate" }

func (cmd ActivateCube) decide(c *decideCtx) error {
	a, err := c.asc()
	if err != nil {
		return err
	}
	if a.CurrentSeat() != BorgSeat {
		return reject(CodeNotNow, "track.it_is_not_borg_turn", "It is not the Borg turn.")
	}
	b, err := copyBorg(a)
	if err != nil {
		return err
	}
	if !b.Built {
		return reject(CodeNotNow, "track.run_borg_build_phase_first", "Run the Borg build phase first.")
	}
	i, err := b.cube(cmd.Cube)
	if err != nil {
		return err
	}
	if slices.Contains(b.Activated, cmd.Cube) {
		return reject(CodeRules, "track.has_already_activated_this_turn", "%s has already activated this turn.", cmd.Cube)
	}
	b.Activated = append(b.Activated, cmd.Cube)
	label := say("track.borg_activates", "Borg %s activates", borgPiece(cmd.Cube))
	if b.Fight != nil {
		endFight(&b)
	}
	if sys := trimSpace(cmd.System); sys != "" {
		if len([]rune(sys)) > maxNameLen {
			return reject(CodeInvalid, "track.the_system_name_is_too_long", "The system name is too long.")
		}
		if other := b.cubeAt(sys, cmd.Cube); other != "" {
			if err := c.breaks(ruleOneCubePerSector, "track.borg_is_already_at_stops_in", "Borg %s is already at %s: %s stops in the sector before", borgPiece(other), sys, borgPiece(cmd.Cube)); err != nil {
				return err
			}
		}
		b.Cubes[i].System = sys
		b.placeFlags()
		label.add("track.cube_at", " at %s", sys)
	}
	return c.emit(label, BorgSet{Borg: b})
}

// CubeFleet is one player's ships in a fight with a cube. Weapons defaults
// to the player's weapons hit roll.
type CubeFleet struct {
	Player    string `json:"player"`
	Ships     int    `json:"ships"`
	BonusDice int    `json:"bonus_dice,omitempty"`
	Weapons   int    `json:"weapons,omitempty"`
	HitsOnSix bool   `json:"hits_on_six,omitempty"`
	Roll      Roll   `json:"roll"`
}

// CubeRound fights one round of combat with a Borg cube
// (rules/borg.ResolveCubeRound) and applies it in one step: the fleets'
// dice, the cube's dice (entered, or BorgVirtual to roll exactly what the
// cube may roll after first strike), the Borg hit roll from the console for
// the spires in play, the cube's damage, regeneration and shields, and the
// players' ship losses.
//
// The first round of a battle starts the cube fresh (9 dice, shields 0,
// the players' first strike); later rounds continue it while the same
// players fight on in the same turn. NewBattle starts a new battle even
// then. The battle ends by itself when the cube is destroyed or every
// player has left it (ships lost, forced to retreat by the cube's shields,
// or Retreat: players who retreat after this round).
//
// Losses: the Borg hits are shared among the defenders in turn order, one
// at a time (rules/borg.AllocateInTurnOrder), which the tracker does when
// Losses is empty; when assimilated players control the Borg they allocate
// the hits and Losses says how.
type CubeRound struct {
	Cube        string         `json:"cube"`
	Fleets      []CubeFleet    `json:"fleets"`
	BorgRoll    Roll           `json:"borg_roll,omitempty"`
	BorgVirtual bool           `json:"borg_virtual,omitempty"`
	Losses      map[string]int `json:"losses,omitempty"`
	NewBattle   bool           `json:"new_battle,omitempty"`
	Retreat     []string       `json:"retreat,omitempty"`
}

// CommandType implements Command.
func (CubeRound) CommandType() string { return "borg.cube_round" }

// cubeStep is a cube round between its steps: the game, the Borg and the
// cube, the fight it continues or starts, and once fought the rules'
// input, the dice and the result.
type cubeStep struct {
	a  *AscendancyState
	b  BorgState
	ci int
	// hit is the Borg hit roll for the spires in play.
	hit int
	// fight is the battle this round continues (nil: a new battle); nf is
	// the battle as the round leaves it.
	fight *CubeFight
	nf    CubeFight
	// attacker is the record of a player whose own turn's command this
	// attack is (nil otherwise).
	attacker *AscPlayer
	r        borgrules.CubeRound
	rolls    []RolledDice
	seen     map[string]bool
	borgDice RolledDice
	res      borgrules.CubeRoundResult
}

// decide fights the round in steps: the checks (checkFight,
// checkAttacker), the rolls (roll), then what the round changes (record).
func (cmd CubeRound) decide(c *decideCtx) error {
	a, b, err := c.borg(AscExecution)
	if err != nil {
		return err
	}
	ci, err := b.cube(cmd.Cube)
	if err != nil {
		return err
	}
	hit, err := b.Hits.HitRoll(len(b.Spires))
	if err != nil {
		return reject(CodeNotNow, "", "%v", err)
	}
	if len(cmd.Fleets) == 0 || len(cmd.Fleets) > maxAscPlayer {
		return reject(CodeInvalid, "track.name_fleets_fighting_cube", "Name the fleets fighting the cube.")
	}
	st := &cubeStep{a: a, b: b, ci: ci, hit: hit}
	if err := cmd.checkFight(c, st); err != nil {
		return err
	}
	if err := cmd.checkAttacker(c, st); err != nil {
		return err
	}
	cmd.startFight(st)
	if err := cmd.roll(c, st); err != nil {
		return err
	}
	if err := cmd.record(c, st); err != nil {
		return err
	}
	return endStaleBattle(c, a)
}

// checkFight finds the battle this round continues: the cube's battle
// with the same players in the same turn, unless NewBattle. A player who
// has left that battle may not fight on in it (ruleRetreatLeaves); a new
// side makes it a new battle.
func (cmd CubeRound) checkFight(c *decideCtx, st *cubeStep) error {
	st.fight = st.a.fightFor(&st.b, cmd.Cube, FightSpace)
	if cmd.NewBattle {
		st.fight = nil
	}
	if st.fight == nil {
		return nil
	}
	for _, f := range cmd.Fleets {
		if slices.Contains(st.fight.Left, f.Player) {
			if err := c.breaks(ruleRetreatLeaves, "track.has_left_battle_with_borg", "%s has left the battle with Borg %s", st.a.seatName(f.Player), borgPiece(cmd.Cube)); err != nil {
				return err
			}
		} else if !slices.Contains(st.fight.Players, f.Player) {
			st.fight = nil // new sides: a new battle
			break
		}
	}
	return nil
}

// checkAttacker holds a new battle started by the player whose turn it is
// to the command rules: it is a command of their turn (ruleOwnTurn,
// ruleCommandPhase) and exhausts one command token (ruleCommandToken).
func (cmd CubeRound) checkAttacker(c *decideCtx, st *cubeStep) error {
	a := st.a
	seat := a.CurrentSeat()
	if st.fight != nil || seat == BorgSeat || !slices.ContainsFunc(cmd.Fleets, func(f CubeFleet) bool { return f.Player == seat }) {
		return nil
	}
	p, err := a.player(seat)
	if err != nil {
		return err
	}
	if err := c.onTurn(a, p, PhaseCommand); err != nil {
		return err
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	if err := c.exhaust(&np, 1, msgf("track.what_a_cube_attack", "an attack on a cube")); err != nil {
		return err
	}
	st.attacker = &np
	return nil
}

// startFight sets the battle as the round begins: a new battle starts the
// cube fresh (rules/borg: 9 dice, shields 0, the players' first strike);
// a battle that goes on keeps its players and those who left.
func (cmd CubeRound) startFight(st *cubeStep) {
	if st.fight == nil {
		freshCube(&st.b, st.ci)
		st.nf = CubeFight{Cube: cmd.Cube, Kind: FightSpace, Round: st.a.Walker.Round, Turn: st.a.Walker.Turn}
		return
	}
	st.nf = *st.fight
	st.nf.Players = slices.Clone(st.fight.Players)
	st.nf.Left = slices.Clone(st.fight.Left)
}

// roll checks and rolls each fleet (a player once, with no more ships than
// they have on the board), holds Retreat to players in the fight, then
// rolls the cube's dice (entered, or the dice it may fire after the
// players' first strike: rules/borg.CubeRoundBorgDice) and resolves the
// round (rules/borg.ResolveCubeRound).
func (cmd CubeRound) roll(c *decideCtx, st *cubeStep) error {
	a := st.a
	st.r = borgrules.CubeRound{Cube: st.b.Cubes[st.ci], BorgHit: st.hit}
	st.seen = map[string]bool{}
	for _, f := range cmd.Fleets {
		p, err := a.player(f.Player)
		if err != nil {
			return err
		}
		if st.seen[p.ID] {
			return reject(CodeInvalid, "track.is_listed_twice", "%s is listed twice.", p.Name)
		}
		st.seen[p.ID] = true
		if f.Ships < 1 || f.Ships > p.Ships {
			return reject(CodeRules, "track.has_ship_s_on_board_in_4", "%s has %d ship(s) on the board; %d in the fight.", p.Name, p.Ships, f.Ships)
		}
		w := f.Weapons
		if w == 0 {
			w = p.Weapons
		}
		fl := borgrules.Fleet{Player: p.ID, Ships: f.Ships, Weapons: w, HitsOnSix: f.HitsOnSix, BonusDice: f.BonusDice}
		rd, err := c.roll(f.Roll, 0, msgf("track.whose_dice", "%s's dice", p.Name))
		if err != nil {
			return err
		}
		st.r.Fleets = append(st.r.Fleets, fl)
		st.r.PlayerFaces = append(st.r.PlayerFaces, rd.Faces)
		st.rolls = append(st.rolls, rd)
	}
	for _, id := range cmd.Retreat {
		if !st.seen[id] {
			return reject(CodeInvalid, "track.only_player_in_fight_can_retreat", "Only a player in the fight can retreat from it (%s).", a.seatName(id))
		}
	}
	var err error
	if st.borgDice, err = c.borgDice(cmd.BorgRoll, cmd.BorgVirtual, borgrules.CubeRoundBorgDice(st.r)); err != nil {
		return err
	}
	st.r.BorgFaces = st.borgDice.Faces
	if st.res, err = borgrules.ResolveCubeRound(st.r); err != nil {
		return reject(CodeRules, "", "%v", err)
	}
	return nil
}

// record emits the round (CubeRoundFought) and what it changes, in one
// step: the Borg hits shared among the fleets (allocate), who leaves the
// fight (leavers), the cube and the battle (BorgSet), the attacker's
// command token, and the ships lost.
func (cmd CubeRound) record(c *decideCtx, st *cubeStep) error {
	a, r, res := st.a, st.r, st.res
	label := say("track.borg_round_players_hit_s_borg", "Borg %s round %d: players %d hit(s), Borg %d hit(s)", borgPiece(cmd.Cube), r.Cube.Round+1, res.PlayerHits, res.BorgHits)
	if res.Regenerated > 0 {
		label.add("track.regenerates", ", regenerates %d", res.Regenerated)
	}
	if res.CubeDestroyed {
		label.add("track.cube_destroyed", ": cube destroyed")
	} else {
		label.add("track.damage_shields", ": damage %d, shields +%d", res.Cube.Damage, res.Cube.Shields)
	}
	if err := c.emit(label, CubeRoundFought{Cube: cmd.Cube, Fleets: r.Fleets, PlayerDice: st.rolls, BorgDice: st.borgDice, BorgHit: st.hit, Result: res}); err != nil {
		return err
	}
	losses, err := cmd.allocate(c, a, r.Fleets, res.BorgHits)
	if err != nil {
		return err
	}
	gone := cmd.leavers(st, losses)
	if err := cmd.setCube(c, st, gone); err != nil {
		return err
	}
	if st.attacker != nil {
		if err := setPlayer(c, say("track.command_for_cube_attack", "%s: a command for the attack on the cube", st.attacker.Name), *st.attacker); err != nil {
			return err
		}
	}
	for _, f := range r.Fleets {
		if n := losses[f.Player]; n > 0 {
			p, _ := a.player(f.Player)
			if err := loseShips(c, p, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// leavers updates the battle's players after the round: a fleet leaves it
// with all its ships lost, when it retreats, or when the cube's shields
// put its hit roll above 6 (ruleRetreatLeaves). It returns the forced
// retreats, worded for the log.
func (cmd CubeRound) leavers(st *cubeStep, losses map[string]int) []string {
	var gone []string
	for i, f := range st.r.Fleets {
		out := losses[f.Player] >= f.Ships || slices.Contains(cmd.Retreat, f.Player)
		if st.res.Fleets[i].ForcedRetreat && !out {
			out = true
			gone = append(gone, st.a.seatName(f.Player)+" must retreat (the cube's shields put its hit roll above 6)")
		}
		if out {
			st.nf.Left = append(st.nf.Left, f.Player)
		}
	}
	st.nf.Players = st.nf.Players[:0]
	for _, f := range st.r.Fleets {
		if !slices.Contains(st.nf.Left, f.Player) {
			st.nf.Players = append(st.nf.Players, f.Player)
		}
	}
	return gone
}

// setCube emits the Borg after the round: a destroyed cube leaves the
// board; with no player fighting on the battle ends and the cube will
// start its next one fresh (rules/borg Cube.EndBattle); otherwise the
// battle goes on.
func (cmd CubeRound) setCube(c *decideCtx, st *cubeStep, gone []string) error {
	b, ci, res := st.b, st.ci, st.res
	cubeLabel := say("track.borg_damage_shields", "Borg %s: damage %d, shields +%d", borgPiece(cmd.Cube), res.Cube.Damage, res.Cube.Shields)
	switch {
	case res.CubeDestroyed:
		b.Cubes = slices.Delete(b.Cubes, ci, ci+1)
		b.Fight = nil
		b.placeFlags()
		cubeLabel = say("track.borg_removed_from_board", "Borg %s removed from the board", borgPiece(cmd.Cube))
	case len(st.nf.Players) == 0:
		b.Cubes[ci] = res.Cube.EndBattle()
		b.Fight = nil
		cubeLabel = say("track.battle_with_borg_over_no_player", "Battle with Borg %s over: no player fights on; the cube will start its next battle fresh", borgPiece(cmd.Cube))
	default:
		b.Cubes[ci] = res.Cube
		b.Fight = &st.nf
	}
	if len(gone) > 0 {
		cubeLabel.add("track.cube_gone", "; %s", strings.Join(gone, "; "))
	}
	return c.emit(cubeLabel, BorgSet{Borg: b})
}

// BorgHitShares is how due Borg hits fall on the fleets when nobody
// allocates them: in turn order (the walker's order, players not in it
// last), one at a time (borgrules.AllocateInTurnOrder). Fleets that lose
// nothing are left out.
func (a *AscendancyState) BorgHitShares(fleets []borgrules.Fleet, due int) map[string]int {
	ordered := slices.Clone(fleets)
	pos := func(id string) int {
		if i := slices.Index(a.Walker.Order, id); i >= 0 {
			return i
		}
		return len(a.Walker.Order)
	}
	slices.SortStableFunc(ordered, func(x, y borgrules.Fleet) int { return pos(x.Player) - pos(y.Player) })
	ships := make([]int, len(ordered))
	for i, f := range ordered {
		ships[i] = f.Ships
	}
	want := map[string]int{}
	for i, n := range borgrules.AllocateInTurnOrder(due, ships) {
		if n > 0 {
			want[ordered[i].Player] = n
		}
	}
	return want
}

// allocate shares the Borg hits among the fleets: in turn order, one at a
// time, unless assimilated players allocate them (then Losses is required).
func (cmd CubeRound) allocate(c *decideCtx, a *AscendancyState, fleets []borgrules.Fleet, hits int) (map[string]int, error) {
	total := 0
	for _, f := range fleets {
		total += f.Ships
	}
	due := min(hits, total)
	want := a.BorgHitShares(fleets, due)
	assimilated := slices.ContainsFunc(a.Players, func(p AscPlayer) bool { return p.Assimilated })
	if cmd.Losses == nil && !assimilated {
		return want, nil
	}
	if cmd.Losses == nil {
		return nil, reject(CodeInvalid, "track.the_borg_scored_hit_s_assimilated", "The Borg scored %d hit(s): the assimilated player allocates them among the fleets.", hits)
	}
	got := 0
	for pid, n := range cmd.Losses {
		if !slices.ContainsFunc(fleets, func(f borgrules.Fleet) bool { return f.Player == pid }) {
			return nil, reject(CodeInvalid, "track.losses_name_who_is_not_in", "Losses name %s, who is not in the fight.", a.seatName(pid))
		}
		got += n
	}
	if got != due {
		return nil, reject(CodeInvalid, "track.the_borg_scored_hit_s_allocate", "The Borg scored %d hit(s): allocate %d ship loss(es) among the fleets (%d given).", hits, due, got)
	}
	for _, f := range fleets {
		n := cmd.Losses[f.Player]
		if n < 0 || n > f.Ships {
			return nil, reject(CodeInvalid, "track.cannot_lose_of_ships", "%s cannot lose %d of %d ships.", a.seatName(f.Player), n, f.Ships)
		}
	}
	if !assimilated {
		for _, f := range fleets {
			if cmd.Losses[f.Player] != want[f.Player] {
				if err := c.breaks(ruleBorgHitsInTurnOrder, "track.takes_of_borg_hits_not", "%s takes %d of the Borg hits, not %d", a.seatName(f.Player), want[f.Player], cmd.Losses[f.Player]); err != nil {
					return nil, err
				}
			}
		}
	}
	return cmd.Losses, nil
}

// borgDice rolls a cube's dice for a fight: the roll entered, or with
// virtual exactly the due dice the cube may fire (after first strike that
// depends on the players' hits), rolled by the session; no dice when none
// are due.
func (c *decideCtx) borgDice(entered Roll, virtual bool, due int) (RolledDice, error) {
	if !virtual {
		return c.roll(entered, 0, msgf("track.borg_dice", "Borg dice"))
	}
	if due > 0 {
		return c.roll(Roll{Virtual: due}, 0, msgf("track.borg_dice", "Borg dice"))
	}
	return RolledDice{}, nil
}

// EndCubeBattle ends a battle with a cube that survived: it keeps no damage
// and its shields drop back (rules/borg Cube.EndBattle).
type EndCubeBattle struct {
	Cube string `json:"cube"`
}

// CommandType implements Command.
func (EndCubeBattle) CommandType() string { return "borg.end_battle" }

func (cmd EndCubeBattle) decide(c *decideCtx) error {
	_, b, err := c.borg()
	if err != nil {
		return err
	}
	i, err := b.cube(cmd.Cube)
	if err != nil {
		return err
	}
	b.Cubes[i] = b.Cubes[i].EndBattle()
	if b.Fight != nil && b.Fight.Cube == cmd.Cube {
		b.Fight = nil
	}
	return c.emit(say("track.battle_with_borg_ends", "Battle with Borg %s ends", borgPiece(cmd.Cube)), BorgSet{Borg: b})
}

// buildStep is what a spire (or the system it stands on) did in the Borg
// build phase, worded for the log.
func buildStep(where Msg, action borgrules.BuildAction) Msg {
	switch action {
	case borgrules.BuildNode:
		return msgf("track.borg_step_node", "%s: builds a node", where)
	case borgrules.BuildCube:
		return msgf("track.borg_step_cube", "%s: builds a cube", where)
	case borgrules.BuildLaunch:
		return msgf("track.borg_step_launch", "%s: launches its cube", where)
	case borgrules.BuildHold:
		return msgf("track.borg_step_hold", "%s: cube waits (a cube is in orbit)", where)
	case borgrules.BuildFull:
		return msgf("track.borg_step_full", "%s: no cube (5 in play)", where)
	}
	return msgf("", "%s: %v", where, action)
}

// borgPiece is a cube's or spire's id ("cube 2", "spire 1") as a piece the
// screens word in the reader's language ("cubo 2"); any other id as it is.
func borgPiece(id string) Msg {
	if n, ok := strings.CutPrefix(id, "cube "); ok && isNumber(n) {
		return msgf("track.borg_cube_n", "cube %s", n)
	}
	if n, ok := strings.CutPrefix(id, "spire "); ok && isNumber(n) {
		return msgf("track.borg_spire_n", "spire %s", n)
	}
	return Msg{Text: id}
}

// isNumber tells whether s is a whole number in digits.
func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}
