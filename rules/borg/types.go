// Package borg implements the rules of the Borg Assimilation expansion for
// Star Trek: Ascendancy: cube battle rounds, assimilation of player systems,
// reclaiming Borg systems, the Borg build phase, the transwarp hub roll, and
// the ways the Borg end the game (defeat, extermination).
//
// Sources: seed 004 (Borg Assimilation rulebook, July 2020 update) and the
// Borg summary in seed 003. Numbers printed only as icons on the Borg console
// (the Borg hit roll for each number of spires, the transwarp hub roll) are
// not in the text: they are inputs the players copy from their console,
// never constants of this package.
//
// Every type here is a plain JSON-friendly value a tracker can keep in its
// state; every function is pure (no I/O, no clock, no global random source).
package borg

import (
	"errors"

	"tableops/rules/rulerr"
)

// Fixed numbers the rulebook text states.
const (
	// CubeDice is the number of attack dice a cube starts every battle with
	// ("Borg Attack Dice"); each point of damage removes one.
	CubeDice = 9
	// MaxCubeShields is the highest shield modifier a cube reaches
	// ("Borg Adaptive Shields": +1 after each round, up to 4).
	MaxCubeShields = 4
	// MaxCubes is the number of cubes that may be in play at once
	// ("Borg Systems": with 5 cubes in play no new cube is built).
	MaxCubes = 5
	// MaxSpireNodes is the most assimilation nodes a Borg system holds
	// ("Borg Planetary Shields": never more than 3 nodes).
	MaxSpireNodes = 3
	// DefeatSpires is the spire count at which needing one more spire
	// defeats the players ("Winning and Losing vs. Borg": five spires in play
	// and a sixth needed).
	DefeatSpires = 5
	// OptionalDefeatSpires is the same limit under the optional rule
	// "3 Spires & You're Out" (three in play and a fourth needed).
	OptionalDefeatSpires = 3
)

// ErrBadInput is wrapped by every error caused by values a player entered.
var ErrBadInput = errors.New("invalid Borg input")

// bad words a refusal caused by values a player entered: key names it for
// translation (see rulerr), format and args word it in English, and the
// error wraps ErrBadInput.
func bad(key, format string, args ...any) error {
	return rulerr.Errorf(key, format, args...).Kind(ErrBadInput)
}

// Cube is one Borg cube in play: the damage dice on the cube card and its
// current adaptive shield modifier. A cube outside a battle has Shields 0;
// a cube that survives a battle starts the next one with full dice (Damage
// 0) — see EndBattle.
type Cube struct {
	// ID names the cube for the tracker (free text, optional).
	ID string `json:"id,omitempty"`
	// System is where the cube is, as the tracker names it (optional).
	System string `json:"system,omitempty"`
	// Damage is the number of dice on the cube card, 0 to 9.
	Damage int `json:"damage"`
	// Shields is the cube's shield modifier in the current battle, 0 to 4.
	Shields int `json:"shields"`
	// Round is the number of combat rounds fought in the current battle
	// (0 before the first round). Players have first strike in round 1.
	Round int `json:"round"`
}

// Dice returns how many attack dice the cube rolls: 9 minus damage, never
// below 0 ("Borg Attack Dice").
func (c Cube) Dice() int { return max(0, CubeDice-c.Damage) }

// Destroyed reports whether the cube has taken 9 damage ("Destroying a Borg
// Cube").
func (c Cube) Destroyed() bool { return c.Damage >= CubeDice }

// Validate checks the cube's numbers are within the rules' ranges.
func (c Cube) Validate() error {
	if c.Damage < 0 || c.Damage > CubeDice {
		return bad("rules.borg.cube_damage_must_be_0_to", "cube damage %d: must be 0 to %d", c.Damage, CubeDice)
	}
	if c.Shields < 0 || c.Shields > MaxCubeShields {
		return bad("rules.borg.cube_shields_must_be_0_to", "cube shields %d: must be 0 to %d", c.Shields, MaxCubeShields)
	}
	if c.Round < 0 {
		return bad("rules.borg.cube_round_must_not_be_negative", "cube round %d: must not be negative", c.Round)
	}
	return nil
}

// EndBattle returns the cube as it starts its next battle: a damaged cube
// that won starts with full attack dice and shields 0 ("Borg Win the
// Battle"; "Borg Adaptive Shields": shields start each battle at 0).
func (c Cube) EndBattle() Cube {
	c.Damage, c.Shields, c.Round = 0, 0, 0
	return c
}

// Spire is one Borg system: a spire with its assimilation nodes and maybe
// a cube built on top of it.
type Spire struct {
	// ID names the spire for the tracker (optional).
	ID string `json:"id,omitempty"`
	// System is the name of the assimilated system (optional).
	System string `json:"system,omitempty"`
	// Nodes is the number of green assimilation nodes, 0 to 3. It is also
	// the system's shield modifier ("Borg Planetary Shields").
	Nodes int `json:"nodes"`
	// CubeOnSpire is true when a cube has been built on top of the spire
	// and waits to launch.
	CubeOnSpire bool `json:"cube_on_spire"`
	// CubeInOrbit is true when a cube already orbits this system, which
	// keeps a finished cube on the spire ("Borg Systems").
	CubeInOrbit bool `json:"cube_in_orbit"`
}

// Structures returns the number of Borg structures on the system: the
// spire, its nodes and a cube atop the spire ("Reclaiming Borg Systems":
// all of them count as nodes).
func (s Spire) Structures() int {
	n := 1 + s.Nodes
	if s.CubeOnSpire {
		n++
	}
	return n
}

// Validate checks the spire's numbers.
func (s Spire) Validate() error {
	if s.Nodes < 0 || s.Nodes > MaxSpireNodes {
		return bad("rules.borg.spire_nodes_must_be_0_to", "spire nodes %d: must be 0 to %d", s.Nodes, MaxSpireNodes)
	}
	return nil
}

// HitTable is the Borg hit roll for each number of spires in play, as
// printed on the Borg Command Console ("Borg Hit Rolls"). The seed text does
// not give the numbers: the players copy them from their console once.
// BySpires maps a spire count (0 to 5) to the hit roll (e.g. 4 for 4+).
type HitTable struct {
	BySpires map[int]int `json:"by_spires"`
}

// HitRoll returns the Borg hit roll for the given number of spires in play.
func (t HitTable) HitRoll(spires int) (int, error) {
	h, ok := t.BySpires[spires]
	if !ok {
		return 0, bad("rules.borg.borg_hit_roll_for_spires_has", "the Borg hit roll for %d spires has not been entered from the console", spires)
	}
	if err := ValidateBorgHit(h); err != nil {
		return 0, rulerr.Errorf("rules.borg.hit_table_entry_for_spires", "hit table entry for %d spires: %w", spires, err)
	}
	return h, nil
}

// ValidateBorgHit checks a Borg hit roll: 2 to 6 (a 6 is always a hit,
// "Borg Regeneration", so the roll cannot be above 6).
func ValidateBorgHit(h int) error {
	if h < 2 || h > 6 {
		return bad("rules.borg.borg_hit_roll_must_be_2", "Borg hit roll %d: must be 2 to 6", h)
	}
	return nil
}

// Fleet is one player's ships engaged with a cube in one round.
type Fleet struct {
	// Player names the player (optional; used in results).
	Player string `json:"player,omitempty"`
	// Ships is the number of ships the player has in the battle.
	Ships int `json:"ships"`
	// Weapons is the player's weapons hit roll (e.g. 4 for 4+) before the
	// cube's shield modifier is added.
	Weapons int `json:"weapons"`
	// HitsOnSix is true for a player whose rules let them always hit on a 6
	// (the Klingon starting advancement, seed 004 "Additional Borg Rules");
	// such a player is never forced to retreat by the cube's shields.
	HitsOnSix bool `json:"hits_on_six,omitempty"`
	// BonusDice are extra attack dice beyond one per ship: +1 when the
	// player's ships orbit a system they control with a starbase, more from
	// advancements (seed 004 "Assimilating Starbases": "the same as for a
	// Space Battle").
	BonusDice int `json:"bonus_dice,omitempty"`
}

// Dice returns the number of attack dice the fleet rolls.
func (f Fleet) Dice() int { return max(0, f.Ships) + max(0, f.BonusDice) }

// CubeRound is one round of combat between a cube and the players' fleets,
// with the faces rolled. Player faces come one pool per fleet, in the same
// order as Fleets (the player's attack dice, one per ship). BorgFaces are the
// cube's dice: exactly as many as the cube may roll (see BorgDiceDue).
type CubeRound struct {
	Cube        Cube    `json:"cube"`
	Fleets      []Fleet `json:"fleets"`
	PlayerFaces [][]int `json:"player_faces"`
	BorgFaces   []int   `json:"borg_faces"`
	// BorgHit is the Borg hit roll from the console for the current number
	// of spires (see HitTable).
	BorgHit int `json:"borg_hit"`
	// NoFirstStrike removes the players' first strike in round 1: only for
	// a cube executing "Command::Aggression" under the optional rule
	// "Attack::Command::Attack" (seed 004, "Optional Borg Rules").
	NoFirstStrike bool `json:"no_first_strike,omitempty"`
}

// FirstStrike reports whether the players strike first this round: always
// in the first round of a battle ("Slow and Methodical"), unless
// NoFirstStrike is set.
func (r CubeRound) FirstStrike() bool { return r.Cube.Round == 0 && !r.NoFirstStrike }

// FleetResult is what one player's fleet did and suffered in a cube round.
type FleetResult struct {
	Player string `json:"player,omitempty"`
	// Target is the number the player needed on a die this round.
	Target int `json:"target"`
	// Hits is the number of hits the player scored on the cube.
	Hits int `json:"hits"`
	// ForcedRetreat is true when, after this round, the cube's shields put
	// the player's hit roll at 7 or more: the player must retreat.
	ForcedRetreat bool `json:"forced_retreat"`
	// DrawsTech is true when the cube was destroyed and the player had
	// ships in the battle: they draw a Borg tech card.
	DrawsTech bool `json:"draws_tech"`
}

// CubeRoundResult is the outcome of one cube round. BorgHits are to be
// allocated by the players (in turn order when several defend), or by an
// assimilated player; the rules engine does not choose casualties.
type CubeRoundResult struct {
	Fleets []FleetResult `json:"fleets"`
	// PlayerHits is the total damage the players did this round.
	PlayerHits int `json:"player_hits"`
	// BorgDice is the number of dice the cube rolled.
	BorgDice int `json:"borg_dice"`
	// BorgHits is the number of hits the cube scored (shields ignored).
	BorgHits int `json:"borg_hits"`
	// Sixes is the number of 6s the cube rolled.
	Sixes int `json:"sixes"`
	// Regenerated is the damage the cube repaired (0 if it was destroyed).
	Regenerated int `json:"regenerated"`
	// Cube is the cube after the round: damage after hits and
	// regeneration, shields raised for the next round, Round advanced.
	Cube Cube `json:"cube"`
	// CubeDestroyed is true when the cube reached 9 damage.
	CubeDestroyed bool `json:"cube_destroyed"`
}

// Assimilation is one round of a cube assimilating a developed system
// ("3) Begin Assimilation"): the cube rolls its dice as in a space battle,
// the system rolls one die per node (control node included) plus one for a
// starbase, which counts as a node. DefenderFaces are the system's dice,
// BorgFaces the cube's.
type Assimilation struct {
	Cube Cube `json:"cube"`
	// Nodes is the number of nodes still on the planet, control node
	// included, starbase excluded.
	Nodes int `json:"nodes"`
	// Starbase is true while the system's starbase still stands.
	Starbase bool `json:"starbase"`
	// DefenderWeapons is the controlling player's weapons hit roll before
	// the cube's shields are added. DefenderHitsOnSix as Fleet.HitsOnSix.
	DefenderWeapons   int   `json:"defender_weapons"`
	DefenderHitsOnSix bool  `json:"defender_hits_on_six,omitempty"`
	DefenderFaces     []int `json:"defender_faces"`
	BorgFaces         []int `json:"borg_faces"`
	BorgHit           int   `json:"borg_hit"`
	// NoFirstStrike as CubeRound.NoFirstStrike.
	NoFirstStrike bool `json:"no_first_strike,omitempty"`
}

// FirstStrike reports whether the system strikes first this round: in the
// first round of the assimilation ("Slow and Methodical"), unless
// NoFirstStrike is set.
func (a Assimilation) FirstStrike() bool { return a.Cube.Round == 0 && !a.NoFirstStrike }

// AssimilationResult is the outcome of one assimilation round. The player
// who controls the system chooses which nodes the Borg hits destroy (or an
// assimilated player controlling the Borg does); the starbase counts as a
// node and must be destroyed too.
type AssimilationResult struct {
	DefenderTarget int `json:"defender_target"`
	DefenderHits   int `json:"defender_hits"`
	BorgDice       int `json:"borg_dice"`
	BorgHits       int `json:"borg_hits"`
	Sixes          int `json:"sixes"`
	Regenerated    int `json:"regenerated"`
	// StructuresDestroyed is the number of nodes (starbase included) the
	// Borg hits destroy: min(BorgHits, structures).
	StructuresDestroyed int `json:"structures_destroyed"`
	// StructuresLeft is what remains (nodes plus a standing starbase).
	StructuresLeft int `json:"structures_left"`
	// Assimilated is true when nothing is left: place a spire; the system is
	// now a Borg system (see PlaceSpire).
	Assimilated bool `json:"assimilated"`
	// StarbaseAssimilated is true when the system was assimilated with its
	// starbase: remove it from the game and add a node to every spire (see
	// StarbaseAssimilated).
	StarbaseAssimilated bool `json:"starbase_assimilated"`
	Cube                Cube `json:"cube"`
	CubeDestroyed       bool `json:"cube_destroyed"`
}

// Reclaim is one round of a player invading a Borg system to reclaim it
// ("Reclaiming Borg Systems"). There is no first strike. BorgFaces are the
// Borg system's defending dice when the players roll them (one per
// structure, as the defender of a planetary invasion); they may be left
// empty when the table does not roll them.
type Reclaim struct {
	Spire       Spire `json:"spire"`
	Fleet       Fleet `json:"fleet"`
	PlayerFaces []int `json:"player_faces"`
	BorgFaces   []int `json:"borg_faces,omitempty"`
	BorgHit     int   `json:"borg_hit,omitempty"`
}

// ReclaimResult is the outcome of one reclaim round.
type ReclaimResult struct {
	// Target is the player's hit roll: weapons plus the system's shields
	// (its number of assimilation nodes).
	Target int `json:"target"`
	// CanHit is false when Target is above 6.
	CanHit bool `json:"can_hit"`
	// Structures is the number of Borg structures the hits had to match.
	Structures int `json:"structures"`
	Hits       int `json:"hits"`
	// Reclaimed is true when hits were at least the structures: remove all
	// Borg structures; the system must be colonized anew; the player draws
	// a Borg tech card.
	Reclaimed bool `json:"reclaimed"`
	// DrawsTech repeats Reclaimed for the tracker's convenience.
	DrawsTech bool `json:"draws_tech"`
	// BorgHits is the number of hits the system's dice scored (0 when no
	// Borg dice were entered).
	BorgHits int `json:"borg_hits"`
	// Spire is the spire after the round: unchanged structures (fewer hits
	// than structures have no effect) plus one node, up to 3. Zero value
	// when reclaimed.
	Spire Spire `json:"spire"`
	// Hopeless is true when the fleet has fewer dice than the system has
	// structures: it cannot reclaim the system.
	Hopeless bool `json:"hopeless"`
}

// BuildAction is what one spire did in a Borg build phase.
type BuildAction string

// The actions a spire takes in the build phase ("Borg Build Phase").
const (
	// BuildNode: the spire had fewer than 3 nodes and built one.
	BuildNode BuildAction = "node"
	// BuildCube: 3 nodes and no cube: a cube was built on the spire.
	BuildCube BuildAction = "cube"
	// BuildLaunch: the cube on the spire launched into orbit; the spire's
	// nodes were removed.
	BuildLaunch BuildAction = "launch"
	// BuildHold: the cube stays on the spire because a cube already
	// orbits the system.
	BuildHold BuildAction = "hold"
	// BuildFull: 3 nodes but 5 cubes already in play; nodes stay.
	BuildFull BuildAction = "full"
)

// BuildStep is one spire's action in the build phase.
type BuildStep struct {
	Spire  int         `json:"spire"`
	System string      `json:"system,omitempty"`
	Action BuildAction `json:"action"`
}

// BuildInput is the Borg state the build phase works on.
type BuildInput struct {
	Spires []Spire `json:"spires"`
	// CubesInPlay is the number of cubes on the board, not counting cubes
	// sitting on spires (those are counted from Spires).
	CubesInPlay int `json:"cubes_in_play"`
	// Hub is the transwarp hub roll, when the hub is in play.
	Hub *HubRoll `json:"hub,omitempty"`
}

// HubRoll is the transwarp hub's roll for a new cube at the start of the
// Borg build phase. Target is the number the Borg console shows (an input:
// the seed text does not give it); a roll of Target or more makes a cube.
type HubRoll struct {
	Roll       int  `json:"roll"`
	Target     int  `json:"target"`
	HubHasCube bool `json:"hub_has_cube"`
}

// BuildResult is the Borg state after the build phase.
type BuildResult struct {
	Spires []Spire     `json:"spires"`
	Steps  []BuildStep `json:"steps"`
	// HubCube is true when the transwarp hub made a new cube.
	HubCube bool `json:"hub_cube"`
	// Launched lists the new cubes now in orbit (of spires or the hub),
	// fresh: no damage, shields 0.
	Launched []Cube `json:"launched"`
	// CubesInPlay counts cubes on the board after the phase, as in input.
	CubesInPlay int `json:"cubes_in_play"`
}

// ExterminatedSystem is one system of a player whose home system was
// assimilated: the control node goes, and the system becomes an independent
// civilization with as many warp tokens as resource nodes (level 1 to 4).
type ExterminatedSystem struct {
	System        string `json:"system"`
	ResourceNodes int    `json:"resource_nodes"`
	WarpTokens    int    `json:"warp_tokens"`
}
