// Package ascendancy implements the dice resolutions and bookkeeping rules of
// Star Trek: Ascendancy: space battle rounds, planetary invasion rounds,
// hazards and phenomena, cultural hegemony, diplomacy tests, initiative
// bidding, the recharge stage (victory check, resource generation,
// maintenance), ascendancy tokens, starbase and project limits.
//
// Sources: seed 002 (full rulebook, July 2020 update, Italian; section names
// are cited in English with the Italian heading in brackets) and seed 003
// (English rules summary). Node costs and faction upgrade costs are printed
// only as icons and are not in the seed text: they live in a CostTable the
// players fill in.
//
// Every type is a plain JSON-friendly value a tracker can keep in its state;
// every function is pure (no I/O, no clock, no global random source).
package ascendancy

import (
	"errors"

	"tableops/rules/rulerr"
)

// ErrBadInput is wrapped by every error caused by values a player entered.
var ErrBadInput = errors.New("invalid Ascendancy input")

// bad words a refusal caused by values a player entered: key names it for
// translation (see rulerr), format and args word it in English, and the
// error wraps ErrBadInput.
func bad(key, format string, args ...any) error {
	return rulerr.Errorf(key, format, args...).Kind(ErrBadInput)
}

// Resources is an amount of each of the three resource types.
type Resources struct {
	Production int `json:"production"`
	Research   int `json:"research"`
	Culture    int `json:"culture"`
}

// Add returns r + o.
func (r Resources) Add(o Resources) Resources {
	return Resources{r.Production + o.Production, r.Research + o.Research, r.Culture + o.Culture}
}

// Total returns the number of tokens of all kinds.
func (r Resources) Total() int { return r.Production + r.Research + r.Culture }

// Covers reports whether r holds at least cost of every kind.
func (r Resources) Covers(cost Resources) bool {
	return r.Production >= cost.Production && r.Research >= cost.Research && r.Culture >= cost.Culture
}

// Sub returns r − o.
func (r Resources) Sub(o Resources) Resources {
	return Resources{r.Production - o.Production, r.Research - o.Research, r.Culture - o.Culture}
}

// Negative reports whether any amount is below zero.
func (r Resources) Negative() bool { return r.Production < 0 || r.Research < 0 || r.Culture < 0 }

// Side is one player's forces in a space battle round (seed 002 "Space
// Battles" [Battaglie Spaziali]; seed 003 "Space Battles").
type Side struct {
	// Player names the side (optional; used in results).
	Player string `json:"player,omitempty"`
	// Ships is the number of ships in the combat: one die each.
	Ships int `json:"ships"`
	// Starbase is true when any of the side's ships is in orbit of a system
	// the side controls with a starbase: one extra die ("Starbases in Space
	// Battles"). Starbases never fight alone.
	Starbase bool `json:"starbase,omitempty"`
	// BonusDice are extra dice from advancements (e.g. the Cardassian Armed
	// Starbase raises the starbase's 1 die to 3: BonusDice 2).
	BonusDice int `json:"bonus_dice,omitempty"`
	// Weapons is the side's weapons hit roll (5 for 5+ at the start).
	Weapons int `json:"weapons"`
	// Shields is the side's shield modifier (0 at the start).
	Shields int `json:"shields"`
	// FirstStrike is true when an advancement gives the side first strike.
	FirstStrike bool `json:"first_strike,omitempty"`
}

// Dice returns the number of dice the side rolls: ships, +1 for a starbase
// (only if it has ships), plus bonus dice. A side without ships rolls none.
func (s Side) Dice() int {
	if s.Ships <= 0 {
		return 0
	}
	n := s.Ships + max(0, s.BonusDice)
	if s.Starbase {
		n++
	}
	return n
}

// Validate checks the side's numbers.
func (s Side) Validate() error {
	if s.Ships < 0 {
		return bad("rules.asc.ships_must_not_be_negative", "%s: ships %d must not be negative", s.name(), s.Ships)
	}
	if s.BonusDice < 0 {
		return bad("rules.asc.bonus_dice_must_not_be_negative", "%s: bonus dice %d must not be negative", s.name(), s.BonusDice)
	}
	if s.Weapons < 1 || s.Weapons > 6 {
		return bad("rules.asc.weapons_hit_roll_must_be_1", "%s: weapons hit roll %d must be 1 to 6", s.name(), s.Weapons)
	}
	if s.Shields < 0 {
		return bad("rules.asc.shield_modifier_must_not_be_negative", "%s: shield modifier %d must not be negative", s.name(), s.Shields)
	}
	return nil
}

// name names the side in a refusal: its player, or the word "side".
func (s Side) name() any {
	if s.Player != "" {
		return s.Player
	}
	return sideWord
}

// sideWord names a side without a player in a refusal.
var sideWord = rulerr.New("rules.asc.word_side", "side")

// CostTable is what things cost one faction. The seed text does not print
// node, colonization or upgrade costs (they are icons on the consoles), so
// the players fill the table in from their own console; nothing here is a
// built-in number except where noted.
type CostTable struct {
	// Faction names the civilization the table belongs to.
	Faction string `json:"faction"`
	// Ship is the cost of one ship. Seed 003 "Build ships": 1 production.
	Ship Resources `json:"ship"`
	// ProductionNode, ResearchNode and CultureNode are node costs.
	ProductionNode Resources `json:"production_node"`
	ResearchNode   Resources `json:"research_node"`
	CultureNode    Resources `json:"culture_node"`
	// Colonize is the cost of colonizing an undeveloped system.
	Colonize Resources `json:"colonize"`
	// WeaponUpgrades[i] is the cost of the (i+1)th weapons upgrade.
	WeaponUpgrades []Resources `json:"weapon_upgrades"`
	// ShieldUpgrades[i] is the cost of the (i+1)th shield upgrade.
	ShieldUpgrades []Resources `json:"shield_upgrades"`
}

// NewCostTable returns a table for a faction with the one cost the seeds
// state filled in (a ship costs 1 production, seed 003 "Build ships") and
// everything else left for the players.
func NewCostTable(faction string) CostTable {
	return CostTable{Faction: faction, Ship: Resources{Production: 1}}
}

// Validate checks that no cost is negative.
func (t CostTable) Validate() error {
	all := []Resources{t.Ship, t.ProductionNode, t.ResearchNode, t.CultureNode, t.Colonize}
	all = append(all, t.WeaponUpgrades...)
	all = append(all, t.ShieldUpgrades...)
	for _, c := range all {
		if c.Negative() {
			return bad("rules.asc.cost_table_costs_must_not_be", "cost table %q: costs must not be negative", t.Faction)
		}
	}
	return nil
}

// UpgradeCost returns the cost of the next weapons (or shields) upgrade
// after done upgrades, or an error when the table has no such entry.
func (t CostTable) UpgradeCost(weapons bool, done int) (Resources, error) {
	list := t.ShieldUpgrades
	if weapons {
		list = t.WeaponUpgrades
	}
	if done < 0 || done >= len(list) {
		if weapons {
			return Resources{}, bad("rules.asc.no_cost_for_weapons_upgrade", "cost table %q has no cost for weapons upgrade %d (enter it from your console)", t.Faction, done+1)
		}
		return Resources{}, bad("rules.asc.no_cost_for_shield_upgrade", "cost table %q has no cost for shield upgrade %d (enter it from your console)", t.Faction, done+1)
	}
	return list[done], nil
}

// Faction identifies a civilization where a rule depends on it.
type Faction string

// Factions whose special rules this package applies.
const (
	Federation Faction = "federation"
	Klingon    Faction = "klingon"
	Romulan    Faction = "romulan"
	Andorian   Faction = "andorian"
	Cardassian Faction = "cardassian"
	Ferengi    Faction = "ferengi"
	Vulcan     Faction = "vulcan"
	Breen      Faction = "breen"
	Dominion   Faction = "dominion"
)

// StarbaseDice returns the extra dice a side's starbases in a space
// battle's system add, by the two readings of the books: one die however
// many starbases (full rulebook, "Starbases in Space Battles": ships in
// orbit of a system you control with a starbase roll one additional die),
// or with perStarbase one die per starbase (rules summary, quick
// reference: "1 die per starbase"). No starbases, no dice.
func StarbaseDice(starbases int, perStarbase bool) int {
	switch {
	case starbases <= 0:
		return 0
	case perStarbase:
		return starbases
	}
	return 1
}
