package tracker

import (
	ascrules "tableops/rules/ascendancy"
)

// InPlay is true for a civilization still in the game as a player: not
// assimilated by the Borg, not eliminated. Only they defend a system the
// Borg try to assimilate.
func (p AscPlayer) InPlay() bool { return !p.Assimilated && !p.Eliminated }

// CanFightBorg is true for a player who may bring ships against a Borg
// cube or a spire: still in play, with ships on the board.
func (p AscPlayer) CanFightBorg() bool { return p.InPlay() && p.Ships > 0 }

// HitsOnSixVsBorg is true when a player's ships always hit the Borg on a 6,
// whatever the cube's shields: the Klingons' starting advancement (seed 004,
// "Klingons"). Other advancements that do the same are the players' to tick.
func (p AscPlayer) HitsOnSixVsBorg() bool { return p.Faction == ascrules.Klingon }

// AssimilatedPlayers returns the ids of the assimilated players, in seat
// order.
func (a *AscendancyState) AssimilatedPlayers() []string {
	var ids []string
	for _, p := range a.Players {
		if p.Assimilated {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// BorgTurns counts the Borg turns in this round's turn order: one per Borg
// turn order card (the Borg's own and each assimilated player's).
func (a *AscendancyState) BorgTurns() int {
	n := 0
	for _, id := range a.Walker.Order {
		if id == BorgSeat {
			n++
		}
	}
	return n
}
