package ascendancy

import "sort"

// AscendancyCost is the culture one ascendancy token costs (seed 002
// "Ascendancy Victory": 5 culture, any time during your turn).
const AscendancyCost = 5

// EasyAscendancyCost is the cost under the optional rule "Easier
// Ascendancy" [Autorità più agevole]: 4 culture.
const EasyAscendancyCost = 4

// VictoryAscendancy is the ascendancy that wins with the home system held.
const VictoryAscendancy = 5

// SupremacyHomeSystems is the number of home systems (own included) that
// wins a supremacy victory.
const SupremacyHomeSystems = 3

// BaseCommands is the commands every player has before starbases and
// advancements (seed 002 "Maintenance"; the Cardassian starting advancement
// makes it 6: pass that as the base).
const BaseCommands = 5

// BuyAscendancy spends culture on one ascendancy token: 5 culture, or 4
// under the optional "Easier Ascendancy" rule. It returns the culture left.
func BuyAscendancy(culture int, easier bool) (left int, err error) {
	cost := AscendancyCost
	if easier {
		cost = EasyAscendancyCost
	}
	if culture < cost {
		return culture, bad("rules.asc.an_ascendancy_token_costs_culture_player", "an ascendancy token costs %d culture; the player has %d", cost, culture)
	}
	return culture - cost, nil
}

// PlayerStanding is what the victory check needs to know about a player at
// the end of a round.
type PlayerStanding struct {
	Player  string  `json:"player"`
	Faction Faction `json:"faction,omitempty"`
	// Ascendancy is the ascendancy tokens held.
	Ascendancy int `json:"ascendancy"`
	// HoldsOwnHome is true while the player controls their own home system.
	HoldsOwnHome bool `json:"holds_own_home"`
	// HomeSystems is the number of home systems the player controls,
	// their own included.
	HomeSystems int `json:"home_systems"`
	// Systems is the number of systems the player controls.
	Systems int `json:"systems"`
	// Ships is the number of ships the player has on the board.
	Ships int `json:"ships"`
	// AgendaDone is true when a Vulcan player has completed an agenda.
	AgendaDone bool `json:"agenda_done,omitempty"`
	// Assimilated is true for a player absorbed by the Borg: no longer a
	// player in the normal sense.
	Assimilated bool `json:"assimilated,omitempty"`
}

// VictoryKind names how a player won.
type VictoryKind string

// Kinds of victory (seed 002 "Winning the Game" [Vincere la Partita]).
const (
	// AscendancyVictory: own home system held and 5 ascendancy.
	AscendancyVictory VictoryKind = "ascendancy"
	// SupremacyVictory: 3 home systems controlled, the player's own included.
	SupremacyVictory VictoryKind = "supremacy"
	// AgendaVictory: a Vulcan agenda completed (the Vulcans' only way).
	AgendaVictory VictoryKind = "agenda"
)

// Claim is one player's claim to victory.
type Claim struct {
	Player string      `json:"player"`
	Kind   VictoryKind `json:"kind"`
}

// VictoryResult is the outcome of the victory check.
type VictoryResult struct {
	// Claims are every player who achieved a victory this round.
	Claims []Claim `json:"claims"`
	// Winners are those who win: the single claimant, or among several the
	// ones controlling the most systems (a tie shares the victory).
	Winners []string `json:"winners"`
	// Eliminated are players with no ships and no systems: exterminated.
	Eliminated []string `json:"eliminated"`
}

// ClaimFor returns the victory a player has achieved, if any: ascendancy
// (own home system and 5 ascendancy), supremacy (3 home systems including
// their own), or, for the Vulcans, only an agenda (they need not hold their
// home system) (seed 002 "Winning the Game"; seed 003).
func ClaimFor(p PlayerStanding) (VictoryKind, bool) {
	switch {
	case p.Assimilated:
		return "", false
	case p.Faction == Vulcan:
		if p.AgendaDone {
			return AgendaVictory, true
		}
		return "", false
	case !p.HoldsOwnHome || p.Systems < 1:
		// No home system held (a player with no systems holds none).
		return "", false
	case p.Ascendancy >= VictoryAscendancy:
		return AscendancyVictory, true
	case p.HomeSystems >= SupremacyHomeSystems:
		return SupremacyVictory, true
	}
	return "", false
}

// Eliminated reports whether a player is exterminated: no ships and no
// systems (seed 002 "Extermination" [Sterminio]).
func Eliminated(p PlayerStanding) bool { return p.Ships == 0 && p.Systems == 0 }

// CheckVictory runs the victory check at the start of the recharge stage
// (seed 002 "Victory Check" [Controllo Vittoria], "Ties" [Pareggi]; seed
// 003). When several players achieve a victory in the same round, the one
// controlling the most systems wins; on a tie they share it.
func CheckVictory(players []PlayerStanding) VictoryResult {
	res := VictoryResult{Claims: []Claim{}, Winners: []string{}, Eliminated: []string{}}
	systems := map[string]int{}
	for _, p := range players {
		if Eliminated(p) && !p.Assimilated {
			res.Eliminated = append(res.Eliminated, p.Player)
		}
		if k, ok := ClaimFor(p); ok {
			res.Claims = append(res.Claims, Claim{Player: p.Player, Kind: k})
			systems[p.Player] = p.Systems
		}
	}
	best := -1
	for _, c := range res.Claims {
		best = max(best, systems[c.Player])
	}
	for _, c := range res.Claims {
		if systems[c.Player] == best {
			res.Winners = append(res.Winners, c.Player)
		}
	}
	return res
}

// TradeAgreement is a trade agreement card a player holds.
type TradeAgreement struct {
	// From is the player who gave it; a player's own agreements produce
	// nothing.
	From      string    `json:"from"`
	Resources Resources `json:"resources"`
	Exhausted bool      `json:"exhausted,omitempty"`
}

// Income is what the recharge stage's resource generation needs for one
// player.
type Income struct {
	Player string `json:"player"`
	// Nodes is the resource nodes the player controls, by type (each
	// produces 1 of its type).
	Nodes Resources `json:"nodes"`
	// Agreements are the trade agreements the player holds.
	Agreements []TradeAgreement `json:"agreements"`
	// Advancements is what the player's advancements produce this turn,
	// entered by the player (the amounts vary and are not printed).
	Advancements Resources `json:"advancements"`
}

// Generate returns a player's resource generation (seed 002 "Resource
// Generation" [Generazione Risorse], "Trade Agreement Profits"; seed 003):
// 1 per node of its type, plus trade agreements received from other
// players that are not exhausted, plus advancement income.
func Generate(in Income) (Resources, error) {
	if in.Nodes.Negative() || in.Advancements.Negative() {
		return Resources{}, bad("rules.asc.node_counts_and_advancement_income_must", "%s: node counts and advancement income must not be negative", in.Player)
	}
	total := in.Nodes.Add(in.Advancements)
	for _, a := range in.Agreements {
		if a.Resources.Negative() {
			return Resources{}, bad("rules.asc.trade_agreement_from_must_not_be", "%s: trade agreement from %s must not be negative", in.Player, a.From)
		}
		if a.Exhausted || a.From == "" || a.From == in.Player {
			continue
		}
		total = total.Add(a.Resources)
	}
	return total, nil
}

// Commands returns the commands a player should hold after maintenance:
// base (5; 6 for the Cardassians' starting advancement) plus one per
// starbase controlled plus any from advancements (seed 002 "Refresh Cards
// and Command Tokens"; seed 003 "Maintenance").
func Commands(base, starbases, advancementCommands int) int {
	return max(0, base) + max(0, starbases) + max(0, advancementCommands)
}

// MaintenanceInput is the state maintenance updates for one player.
type MaintenanceInput struct {
	Player string `json:"player"`
	// BaseCommands is 5, or 6 for the Cardassians (0 means 5).
	BaseCommands        int `json:"base_commands,omitempty"`
	Starbases           int `json:"starbases"`
	AdvancementCommands int `json:"advancement_commands"`
	// WarpTokens is the warp tokens on each of the player's ships or fleets
	// at warp.
	WarpTokens []int `json:"warp_tokens"`
}

// MaintenanceResult is a player's state after maintenance: every command
// ready, cards and trade agreements refreshed, one more warp token on each
// ship at warp.
type MaintenanceResult struct {
	Player     string `json:"player"`
	Commands   int    `json:"commands"`
	Ready      int    `json:"ready"`
	WarpTokens []int  `json:"warp_tokens"`
}

// Maintain runs a player's maintenance (seed 002 "Maintenance"
// [Mantenimento]; seed 003): refresh all command tokens (5 + starbases +
// advancements, all ready), refresh cards and trade agreements, add 1 warp
// token to every ship at warp.
func Maintain(in MaintenanceInput) MaintenanceResult {
	base := in.BaseCommands
	if base <= 0 {
		base = BaseCommands
	}
	n := Commands(base, in.Starbases, in.AdvancementCommands)
	warp := make([]int, len(in.WarpTokens))
	for i, w := range in.WarpTokens {
		warp[i] = max(0, w) + 1
	}
	return MaintenanceResult{Player: in.Player, Commands: n, Ready: n, WarpTokens: warp}
}

// RefillPhenomena adds one research token to every phenomenon without one
// (seed 002 "Adding Research Tokens to Phenomena": never more than one is
// added). tokens holds each phenomenon's research tokens.
func RefillPhenomena(tokens []int) []int {
	out := make([]int, len(tokens))
	for i, t := range tokens {
		out[i] = max(0, t)
		if out[i] == 0 {
			out[i] = 1
		}
	}
	return out
}

// StarbaseRules are the starbase limits. PerGame is the number a player may
// commission over the whole game: seed 003 (English summary) says 4, seed
// 002 (July 2020 Italian rulebook) says 3 — the table chooses; see
// StarbasesPerGameSummary and StarbasesPerGameRulebook.
type StarbaseRules struct {
	PerGame int `json:"per_game"`
}

// Starbase limits as each seed states them.
const (
	// StarbasesPerGameSummary is seed 003's limit ("only place 4").
	StarbasesPerGameSummary = 4
	// StarbasesPerGameRulebook is seed 002's limit ("solo 3 Basi Stellari").
	StarbasesPerGameRulebook = 3
)

// CanCommissionStarbase reports whether a player may commission another
// starbase (seed 002 "Building a Starbase" [Costruire una Base Stellare];
// seed 003 "Commission fleets and starbases"): at most PerGame over the
// game, one per ascendancy level achieved, never on a system that already
// has one; Vulcans build none. Captured starbases do not count against the
// limits.
func CanCommissionStarbase(rules StarbaseRules, faction Faction, commissioned, ascendancy int, systemHasStarbase bool) error {
	switch {
	case faction == Vulcan:
		return bad("rules.asc.vulcans_do_not_build_starbases", "Vulcans do not build starbases")
	case systemHasStarbase:
		return bad("rules.asc.that_system_already_has_starbase", "that system already has a starbase")
	case rules.PerGame <= 0:
		return bad("rules.asc.set_number_of_starbases_allowed_per", "set the number of starbases allowed per game")
	case commissioned >= rules.PerGame:
		return bad("rules.asc.all_starbases_allowed_this_game_have", "all %d starbases allowed this game have been commissioned", rules.PerGame)
	case commissioned >= ascendancy:
		return bad("rules.asc.one_starbase_per_ascendancy_level_commissioned", "one starbase per ascendancy level: %d commissioned with ascendancy %d", commissioned, ascendancy)
	}
	return nil
}

// ProjectsOver returns how many projects a player must discard: the number
// of research nodes they control is the most active projects they may have
// (seed 002 "Launching Projects" [Lanciare Progetti]).
func ProjectsOver(projects, researchNodes int) int {
	return max(0, projects-max(0, researchNodes))
}

// SortStandings orders players by systems controlled, most first, then by
// name; handy for showing a tie-break.
func SortStandings(players []PlayerStanding) []PlayerStanding {
	out := append([]PlayerStanding(nil), players...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Systems != out[j].Systems {
			return out[i].Systems > out[j].Systems
		}
		return out[i].Player < out[j].Player
	})
	return out
}

// RechargeInput is everything the recharge stage needs for all players.
type RechargeInput struct {
	Standings   []PlayerStanding   `json:"standings"`
	Incomes     []Income           `json:"incomes"`
	Maintenance []MaintenanceInput `json:"maintenance"`
	// Phenomena are the research tokens on each phenomenon in play.
	Phenomena []int `json:"phenomena"`
}

// RechargeResult is the outcome of the recharge stage. When Victory has
// winners the game is over and the rest still describes the table.
type RechargeResult struct {
	Victory VictoryResult `json:"victory"`
	// Generated maps each player to the resources they take.
	Generated   map[string]Resources `json:"generated"`
	Maintenance []MaintenanceResult  `json:"maintenance"`
	Phenomena   []int                `json:"phenomena"`
}

// Recharge runs the recharge stage in order (seed 002 "Recharge Stage"
// [Stadio Ricarica]; seed 003): 1. victory check (and extermination), 2.
// resource generation, 3. maintenance.
func Recharge(in RechargeInput) (RechargeResult, error) {
	res := RechargeResult{Victory: CheckVictory(in.Standings), Generated: map[string]Resources{}}
	for _, inc := range in.Incomes {
		g, err := Generate(inc)
		if err != nil {
			return RechargeResult{}, err
		}
		res.Generated[inc.Player] = g
	}
	for _, m := range in.Maintenance {
		if m.Starbases < 0 || m.AdvancementCommands < 0 {
			return RechargeResult{}, bad("rules.asc.starbases_and_advancement_commands_must_not", "%s: starbases and advancement commands must not be negative", m.Player)
		}
		res.Maintenance = append(res.Maintenance, Maintain(m))
	}
	res.Phenomena = RefillPhenomena(in.Phenomena)
	return res, nil
}
