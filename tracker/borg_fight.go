package tracker

import (
	"slices"
	"strings"

	borgrules "tableops/rules/borg"
)

// HubSystem is where a cube made by the transwarp hub appears.
const HubSystem = "transwarp hub"

// Kinds of fight with a cube.
const (
	FightSpace        = "space"
	FightAssimilation = "assimilation"
)

// CubeFight is a battle with a cube while it lasts: a space battle with the
// players' fleets, or the assimilation of a system. A battle ends by itself
// when a side is gone, when every player has retreated or lost their ships,
// or when the players stop (the turn moves on); the cube then starts its
// next battle fresh: 9 dice, shields 0, the players' first strike.
type CubeFight struct {
	Cube string `json:"cube"`
	Kind string `json:"kind"`
	// Players still fighting (space battle), in the order given.
	Players []string `json:"players,omitempty"`
	// Left are the players who retreated or lost every ship in the fight.
	Left []string `json:"left,omitempty"`
	// Defender and System name the assimilated system.
	Defender string `json:"defender,omitempty"`
	System   string `json:"system,omitempty"`
	// Round and Turn are the walker's round and turn the fight belongs to.
	Round int `json:"round"`
	Turn  int `json:"turn"`
}

// sameSystem compares system names as the players type them.
func sameSystem(a, b string) bool {
	return a != "" && strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}

// cubeAt returns the cube (other than except) at system, or "".
func (b *BorgState) cubeAt(system, except string) string {
	for _, c := range b.Cubes {
		if c.ID != except && sameSystem(c.System, system) {
			return c.ID
		}
	}
	return ""
}

// placeFlags derives from where the cubes are whether the hub holds a cube
// and whether a cube orbits each spire's system (they are not remembered:
// a cube that moves away frees the hub and the spire).
func (b *BorgState) placeFlags() {
	b.HubHasCube = b.cubeAt(HubSystem, "") != ""
	for i := range b.Spires {
		b.Spires[i].CubeInOrbit = b.cubeAt(b.Spires[i].System, "") != ""
	}
}

// fightFor returns the fight a new round with cube continues, or nil when
// the round starts a new battle.
func (a *AscendancyState) fightFor(b *BorgState, cube, kind string) *CubeFight {
	f := fightNow(a, b, cube)
	if f == nil || f.Kind != kind {
		return nil
	}
	return f
}

// FightWith returns the battle with cube under way in this turn (either
// kind), or nil: the next round with the cube starts a new battle.
func (a *AscendancyState) FightWith(cube string) *CubeFight {
	if a.Borg == nil {
		return nil
	}
	return fightNow(a, a.Borg, cube)
}

// fightNow returns b's fight with cube if it is this turn's.
func fightNow(a *AscendancyState, b *BorgState, cube string) *CubeFight {
	f := b.Fight
	if f == nil || f.Cube != cube || f.Round != a.Walker.Round || f.Turn != a.Walker.Turn || a.Walker.Stage != AscExecution {
		return nil
	}
	return f
}

// CubeByID returns the cube on the board with that id.
func (b *BorgState) CubeByID(id string) (borgrules.Cube, bool) {
	i := slices.IndexFunc(b.Cubes, func(c borgrules.Cube) bool { return c.ID == id })
	if i < 0 {
		return borgrules.Cube{}, false
	}
	return b.Cubes[i], true
}

// endFight ends the fight under way, if any: the cube, if still in play,
// starts its next battle fresh. It changes b only.
func endFight(b *BorgState) {
	if b.Fight == nil {
		return
	}
	if i := slices.IndexFunc(b.Cubes, func(c borgrules.Cube) bool { return c.ID == b.Fight.Cube }); i >= 0 {
		b.Cubes[i] = b.Cubes[i].EndBattle()
	}
	b.Fight = nil
}

// freshCube readies a cube for a new battle: any other fight ends, and the
// cube starts with 9 dice, shields 0 and the players' first strike.
func freshCube(b *BorgState, ci int) {
	endFight(b)
	b.Cubes[ci] = b.Cubes[ci].EndBattle()
}

// endFightOnTurn emits the end of a fight still open when the walker moves
// on: the players stopped fighting.
func endFightOnTurn(c *decideCtx, a *AscendancyState) error {
	if a.InProgress != nil {
		if err := c.emit(say("track.the_battle_under_way_ends", "The battle under way ends"), BattleInProgressSet{}); err != nil {
			return err
		}
	}
	if a.Battle != nil {
		if err := c.emit(say("track.the_space_battle_ends", "The space battle ends"), BattleSet{}); err != nil {
			return err
		}
	}
	if a.Borg == nil || a.Borg.Fight == nil {
		return nil
	}
	b, err := copyBorg(a)
	if err != nil {
		return err
	}
	label := say("track.battle_with_borg_ends", "Battle with Borg %s ends", borgPiece(b.Fight.Cube))
	endFight(&b)
	return c.emit(label, BorgSet{Borg: b})
}
