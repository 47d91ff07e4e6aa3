package tracker

import (
	ascrules "tableops/rules/ascendancy"
)

// The functions in this file give the screens the costs the commands
// charge, so that a button says what a tap will cost.

// AscendancyCost is the culture one ascendancy token costs in this game:
// 5, or 4 with the optional rule "Easier Ascension" (BuyAscendancy charges
// the same).
func (o AscOptions) AscendancyCost() int {
	if o.EasierAscension {
		return ascrules.EasyAscendancyCost
	}
	return ascrules.AscendancyCost
}

// FleetOrStarbaseCommands is the command tokens a player exhausts to form a
// fleet or commission a starbase: 1, 2 for the Andorians
// (CommissionStarbase and CommissionFleet charge the same).
func (p AscPlayer) FleetOrStarbaseCommands() int { return commandCost(p.Faction, true) }

// ColonizesWithAscendancy is true for a player who colonizes by spending 1
// ascendancy instead of 1 culture: the Vulcans (Colonize charges the same).
func (p AscPlayer) ColonizesWithAscendancy() bool { return p.Faction == ascrules.Vulcan }

// HasAgenda is true for a player who completes agenda cards to win: the
// Vulcans (CompleteAgenda refuses anyone else).
func (p AscPlayer) HasAgenda() bool { return p.Faction == ascrules.Vulcan }

// LeavesSurveillanceTokens is true for a player whose reconnaissance fleet
// leaves surveillance tokens: the Andorians (AndorianToken refuses anyone
// else).
func (p AscPlayer) LeavesSurveillanceTokens() bool { return p.Faction == ascrules.Andorian }

// AnswersOccupation is true for a player whose systems generate only while
// occupied: the Cardassians (Recharge takes unoccupied nodes from them).
func (p AscPlayer) AnswersOccupation() bool { return p.Faction == ascrules.Cardassian }
