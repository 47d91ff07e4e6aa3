package ascendancy

import "tableops/rules/dice"

// checkDie refuses a roll that is not a die face; diplomacy tells which
// roll it is (hegemony or diplomacy).
func checkDie(roll int, diplomacy bool) error {
	if roll >= 1 && roll <= dice.Sides {
		return nil
	}
	if diplomacy {
		return bad("rules.asc.diplomacy_roll_not_a_die_face", "diplomacy roll %d is not a die face (1 to 6)", roll)
	}
	return bad("rules.asc.hegemony_roll_not_a_die_face", "hegemony roll %d is not a die face (1 to 6)", roll)
}

// Resistance returns the hegemony resistance of a system a player controls:
// its structures (nodes, control node included, and starbases; Vulcan
// ambassadors do not count) plus the controlling player's ascendancy (seed
// 002 "Cultural Hegemony" [Egemonia Culturale]; seed 003).
func Resistance(structures, controllerAscendancy int) int {
	return structures + controllerAscendancy
}

// IndependentResistance returns the hegemony resistance of an independent
// warp-capable (or uncontrolled developed) system: developed nodes plus warp
// tokens (seed 002 "Hegemony of Warp Civilizations" [Egemonia delle Civiltà
// a Curvatura]).
func IndependentResistance(nodes, warpTokens int) int { return nodes + warpTokens }

// HegemonyCosts is what a hegemony attempt costs in culture: 1 to try and 1
// more to take control (seed 002). Advancements can lower them.
type HegemonyCosts struct {
	Try  int `json:"try"`
	Take int `json:"take"`
}

// StandardHegemonyCosts returns the rulebook's costs: 1 culture to try, 1 to
// take control.
func StandardHegemonyCosts() HegemonyCosts { return HegemonyCosts{Try: 1, Take: 1} }

// Hegemony is one cultural hegemony attempt.
type Hegemony struct {
	// Roll is the die rolled.
	Roll int `json:"roll"`
	// Ascendancy is the attempting player's ascendancy.
	Ascendancy int `json:"ascendancy"`
	// Resistance is the system's hegemony resistance (see Resistance,
	// IndependentResistance).
	Resistance int `json:"resistance"`
	// Faction is the attempting player's civilization (Ferengi do not add
	// their ascendancy).
	Faction Faction `json:"faction,omitempty"`
	// Culture is the culture tokens the player holds before trying; -1
	// when the tracker does not check it.
	Culture int `json:"culture"`
	// Costs, when set, replace the standard costs (an advancement such as
	// the Starfleet Diplomatic Corps lowers them).
	Costs *HegemonyCosts `json:"costs,omitempty"`
	// Modifier is added to the die by a card (the Federation's Universal
	// Translator: +1); the total counts it, whatever the faction.
	Modifier int `json:"modifier,omitempty"`
}

// HegemonyResult is the outcome of a hegemony attempt.
type HegemonyResult struct {
	// Total is the roll plus the ascendancy that counts.
	Total int `json:"total"`
	// Success is true when Total is higher than the resistance: the player
	// pays the take cost and places a control node.
	Success bool `json:"success"`
	// CultureSpent is the try cost, plus the take cost on success.
	CultureSpent int `json:"culture_spent"`
}

// ResolveHegemony resolves a cultural hegemony attempt (seed 002 "Cultural
// Hegemony"; seed 003 "Cultural hegemony"): roll a die and add your
// ascendancy (Ferengi add none, "Profit over Profundity"); a total higher
// than the resistance succeeds. It costs 1 culture to try and 1 to take
// control, and a player must hold both before trying, even when success is
// certain.
func ResolveHegemony(h Hegemony) (HegemonyResult, error) {
	var res HegemonyResult
	if err := checkDie(h.Roll, false); err != nil {
		return res, err
	}
	if h.Ascendancy < 0 || h.Resistance < 0 {
		return res, bad("rules.asc.ascendancy_and_resistance_must_not_be", "ascendancy and resistance must not be negative")
	}
	costs := StandardHegemonyCosts()
	if h.Costs != nil {
		costs = *h.Costs
	}
	if costs.Try < 0 || costs.Take < 0 {
		return res, bad("rules.asc.hegemony_costs_must_not_be_negative", "hegemony costs must not be negative")
	}
	if h.Culture >= 0 && h.Culture < costs.Try+costs.Take {
		return res, bad("rules.asc.hegemony_needs_culture_to_try_to", "hegemony needs %d culture (%d to try, %d to take control); the player has %d", costs.Try+costs.Take, costs.Try, costs.Take, h.Culture)
	}
	if h.Modifier < -dice.Sides || h.Modifier > dice.Sides {
		return res, bad("rules.asc.die_modifier_of_is_out_of", "a die modifier of %d is out of range", h.Modifier)
	}
	res.Total = h.Roll + h.Modifier
	if h.Faction != Ferengi {
		res.Total += h.Ascendancy
	}
	res.Success = res.Total > h.Resistance
	res.CultureSpent = costs.Try
	if res.Success {
		res.CultureSpent += costs.Take
	}
	return res, nil
}

// HegemonyChance returns the chance a hegemony attempt succeeds before the
// die is rolled.
func HegemonyChance(ascendancy, resistance int, faction Faction) float64 {
	return HegemonyChanceModified(ascendancy, resistance, faction, 0)
}

// HegemonyChanceModified is HegemonyChance with a die modifier (the
// Federation's Universal Translator: +1).
func HegemonyChanceModified(ascendancy, resistance int, faction Faction, modifier int) float64 {
	if faction == Ferengi {
		ascendancy = 0
	}
	need := resistance - ascendancy - modifier + 1 // the die must show this or more
	switch {
	case need <= 1:
		return 1
	case need > dice.Sides:
		return 0
	default:
		return float64(dice.Sides-need+1) / dice.Sides
	}
}

// TargetSystem describes a system a player wants to invade or take by
// hegemony, for the faction restrictions.
type TargetSystem struct {
	// Controlled is true when a rival controls it; ControllerAscendancy is
	// that rival's ascendancy.
	Controlled           bool `json:"controlled"`
	ControllerAscendancy int  `json:"controller_ascendancy"`
	// WarpTokens is the independent civilization's level (0: pre-warp).
	WarpTokens int `json:"warp_tokens"`
	// Developed is true when it has nodes.
	Developed bool `json:"developed"`
}

// CanHegemony reports whether a player may attempt hegemony on a system,
// with the reason when not: only developed systems; never pre-warp
// independent systems (colonize them); Vulcans never against a rival with
// lower ascendancy ("Logical Observers"); the Dominion only against
// independent systems ("Domination", seed 003).
func CanHegemony(faction Faction, ascendancy int, t TargetSystem) error {
	switch {
	case !t.Developed:
		return bad("rules.asc.hegemony_needs_developed_system", "hegemony needs a developed system")
	case !t.Controlled && t.WarpTokens == 0:
		return bad("rules.asc.pre_warp_systems_cannot_be_taken", "pre-warp systems cannot be taken by hegemony: colonize them in the building phase")
	case faction == Vulcan && t.Controlled && t.ControllerAscendancy < ascendancy:
		return bad("rules.asc.vulcans_may_not_attempt_hegemony_against", "Vulcans may not attempt hegemony against a rival with lower ascendancy")
	case faction == Dominion && t.Controlled:
		return bad("rules.asc.dominion_may_use_hegemony_only_on", "the Dominion may use hegemony only on independent systems")
	}
	return nil
}

// CanInvade reports whether a player may invade a system: it must be
// developed; Vulcans never invade a rival with lower ascendancy ("Logical
// Observers", seed 002 "Planetary Invasion").
func CanInvade(faction Faction, ascendancy int, t TargetSystem) error {
	switch {
	case !t.Developed:
		return bad("rules.asc.only_developed_system_can_be_invaded", "only a developed system can be invaded")
	case faction == Vulcan && t.Controlled && t.ControllerAscendancy < ascendancy:
		return bad("rules.asc.vulcans_may_not_invade_rival_with", "Vulcans may not invade a rival with lower ascendancy")
	}
	return nil
}

// Diplomacy resolves a diplomacy test (seed 002 "Diplomacy Test" [Test
// Diplomazia]; seed 003 "Ally"): roll a die and add your ascendancy; a total
// higher than the card's diplomacy number passes. A failed ally goes to the
// bottom of the exploration deck.
func Diplomacy(roll, ascendancy, number int) (total int, pass bool, err error) {
	if err := checkDie(roll, true); err != nil {
		return 0, false, err
	}
	if ascendancy < 0 {
		return 0, false, bad("rules.asc.ascendancy_must_not_be_negative", "ascendancy %d must not be negative", ascendancy)
	}
	total = roll + ascendancy
	return total, total > number, nil
}

// Hazard is ships braving a hazardous system (seed 002 "Hazardous Systems"
// [Sistemi Pericolosi]; seed 003). The player to the right rolls one die per
// ship; each die at or above hazard level + shield modifier destroys a ship.
type Hazard struct {
	Level   int   `json:"level"`
	Shields int   `json:"shields"`
	Faces   []int `json:"faces"`
	// Phenomenon is true for a phenomenon; ResearchTokens are the tokens
	// on it, all taken when at least one ship survives.
	Phenomenon     bool `json:"phenomenon,omitempty"`
	ResearchTokens int  `json:"research_tokens,omitempty"`
}

// HazardResult is the outcome of braving a hazard.
type HazardResult struct {
	Target    int `json:"target"`
	Destroyed int `json:"destroyed"`
	Survivors int `json:"survivors"`
	// ResearchTaken is the research tokens the player takes from the
	// phenomenon (all of them when a ship survives, none otherwise).
	ResearchTaken int `json:"research_taken"`
	// Explore is true when a ship survived a planetary system (not a
	// phenomenon): if the system is new or holds a face-down exploration
	// card, that card is resolved. When every ship died on a newly found
	// planetary system, its card is placed face down on it instead.
	Explore bool `json:"explore"`
}

// BraveHazard resolves a hazard roll, one die per ship (seed 002
// "Hazardous Systems", "Phenomena" [Scoprire i Fenomeni]).
func BraveHazard(h Hazard) (HazardResult, error) {
	var res HazardResult
	if h.Level < 1 || h.Shields < 0 || h.ResearchTokens < 0 {
		return res, bad("rules.asc.hazard_level_must_be_positive_shields", "hazard level must be positive, shields and research tokens not negative")
	}
	if err := dice.Pool(h.Faces).Validate(0); err != nil {
		return res, bad("rules.asc.hazard_dice", "hazard dice: %v", err)
	}
	if len(h.Faces) == 0 {
		return res, bad("rules.asc.roll_one_hazard_die_per_ship", "roll one hazard die per ship")
	}
	res.Target = h.Level + h.Shields
	res.Destroyed = CountHits(h.Faces, res.Target)
	res.Survivors = len(h.Faces) - res.Destroyed
	if res.Survivors > 0 {
		if h.Phenomenon {
			res.ResearchTaken = h.ResearchTokens
		} else {
			res.Explore = true
		}
	}
	return res, nil
}
