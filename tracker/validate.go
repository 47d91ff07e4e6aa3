package tracker

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	ascrules "tableops/rules/ascendancy"
	awayrules "tableops/rules/away"
	borgrules "tableops/rules/borg"
)

// Limits that commands keep and that ValidateState checks on states read
// from outside. They bound what the app can be made to hold, not the games'
// rules (the rules' own numbers live in the rules packages).
const (
	// maxAwayPlayers: "Away Missions is played by 2 to 4 players".
	maxAwayPlayers = 4
	// maxCharacters bounds the characters of one Away Missions game.
	maxCharacters = 200
	// maxTrackHoles is the most peg holes a rating track may have.
	maxTrackHoles = 12
	// maxCount bounds every token, resource and counter a player keeps.
	maxCount = 9999
	// maxID bounds the ids the tracker gives players, characters, cubes.
	maxID = 40
	// maxTextLen bounds longer text the tracker writes itself (reasons,
	// recharge lines, ruling reasons).
	maxTextLen = 2000
	// maxLines bounds lists of text lines (recharge summaries, rulings).
	maxLines = 10_000
	// maxMissions bounds the missions in one player's scoring area.
	maxMissions = 100
	// maxUpgradeCosts bounds a cost table's weapons and shield upgrades.
	maxUpgradeCosts = 10
)

// ErrImpossible is wrapped by ValidateState's errors: the state holds
// something no command could have produced. It is a kind of ErrBadLog:
// errors.Is(err, ErrBadLog) holds for it too.
var ErrImpossible error = impossible{}

type impossible struct{}

func (impossible) Error() string { return "no game played with the app looks like this" }

func (impossible) Is(target error) bool { return target == ErrBadLog }

// checkCount refuses a token, resource or counter count outside 0 to
// maxCount. Commands that change counts and ValidateState both use it.
func checkCount(n int, what Msg) error {
	if outside(n, 0, maxCount) {
		return reject(CodeInvalid, "track.is_counts_run_from_0_to", "%s is %d; counts run from 0 to %d.", what, n, maxCount)
	}
	return nil
}

// checkCostTable checks a cost table copied from a console: no negative
// cost, at most maxUpgradeCosts upgrades of each kind, a faction name of at
// most maxNameLen characters. Commands and ValidateState both use it.
func checkCostTable(t ascrules.CostTable) error {
	if err := t.Validate(); err != nil {
		return reject(CodeInvalid, "track.cost_table", "Cost table: %v", err)
	}
	if len(t.WeaponUpgrades) > maxUpgradeCosts || len(t.ShieldUpgrades) > maxUpgradeCosts {
		return reject(CodeInvalid, "track.at_most_upgrade_costs_of_each", "At most %d upgrade costs of each kind.", maxUpgradeCosts)
	}
	if len([]rune(t.Faction)) > maxNameLen {
		return reject(CodeInvalid, "track.cost_table_faction_name_is_too", "Cost table: the faction name is too long (at most %d characters).", maxNameLen)
	}
	return nil
}

// ValidateState checks a state read from outside (an imported game file)
// against the limits the commands keep: player counts, unique ids, names
// and their lengths, track sizes, token and counter ranges, phases and
// other fixed choices, and that every id named refers to something that
// exists. The error names the field in words ("character c4 (Worf): attack
// track has 100000 holes; a track has at most 12") and wraps ErrImpossible.
func ValidateState(s *State) error {
	if err := validateState(s); err != nil {
		return fmt.Errorf("%w: %w", err, ErrImpossible)
	}
	return nil
}

func validateState(s *State) error {
	if s == nil {
		return errors.New("no state")
	}
	if s.Notes < 0 {
		return fmt.Errorf("%d notes", s.Notes)
	}
	if len(s.Rulings) > maxLines {
		return fmt.Errorf("%d table rulings; at most %d", len(s.Rulings), maxLines)
	}
	for i, r := range s.Rulings {
		if err := checkTexts(maxTextLen, r.Reason, r.Step, r.Command); err != nil {
			return fmt.Errorf("table ruling %d: %v", i+1, err)
		}
		if len(r.Rules) > maxListLen || len(r.RuleTexts) > maxListLen || len(r.StepTexts) > maxTextLen {
			return fmt.Errorf("table ruling %d: %d rules; at most %d", i+1, len(r.Rules), maxListLen)
		}
		if err := checkTexts(maxTextLen, r.Rules...); err != nil {
			return fmt.Errorf("table ruling %d: %v", i+1, err)
		}
	}
	switch s.Kind {
	case KindAway:
		if s.Away == nil || s.Ascendancy != nil {
			return errors.New("an Away Missions game must hold exactly the Away Missions table")
		}
		return validateAway(s.Away)
	case KindAscendancy:
		if s.Ascendancy == nil || s.Away != nil {
			return errors.New("an Ascendancy game must hold exactly the Ascendancy table")
		}
		return validateAscendancy(s.Ascendancy)
	}
	return fmt.Errorf("unknown game %q", s.Kind)
}

// clause turns a command's refusal into the lower-case clause
// ValidateState's errors are made of.
func clause(err error) error {
	return errors.New(lowerFirst(plain(err)))
}

// namedCount is a count and what it counts, for checkCounts.
type namedCount struct {
	n    int
	what string
}

// checkCounts checks each count with checkCount.
func checkCounts(counts ...namedCount) error {
	for _, c := range counts {
		if err := checkCount(c.n, raw(c.what)); err != nil {
			return clause(err)
		}
	}
	return nil
}

// outside reports whether n is outside lo to hi.
func outside(n, lo, hi int) bool {
	return n < lo || n > hi
}

// checkPlayerNames checks what every player record starts with: the id,
// the name (unique among taken) and optional names given as value, what
// pairs.
func checkPlayerNames(id, name string, taken []string, optional ...string) error {
	if err := checkID(id, "player"); err != nil {
		return err
	}
	if err := checkName(name, "player name"); err != nil {
		return err
	}
	if err := nameFree(name, taken); err != nil {
		return clause(err)
	}
	for i := 0; i+1 < len(optional); i += 2 {
		if err := checkOptName(optional[i], optional[i+1]); err != nil {
			return err
		}
	}
	return nil
}

// checkName checks a name as cleanText leaves it: not empty, trimmed, no
// control characters, at most maxNameLen characters. Bidi controls are
// allowed, as versions before issue 30 kept them (storedText).
func checkName(s, what string) error {
	t, err := storedText(s, maxNameLen, raw(what))
	if err != nil {
		return clause(err)
	}
	if t != s {
		return fmt.Errorf("the %s %s has spaces or control characters around or in it", what, short(s))
	}
	return nil
}

// checkOptName is checkName for a name that may be empty.
func checkOptName(s, what string) error {
	if s == "" {
		return nil
	}
	return checkName(s, what)
}

// checkID checks an id the tracker made: short, plain text.
func checkID(id, what string) error {
	if id == "" {
		return fmt.Errorf("a %s has no id", what)
	}
	if len(id) > maxID || trimSpace(id) != id {
		return fmt.Errorf("a %s has the id %s, which the app never gives", what, short(id))
	}
	return nil
}

// checkTexts checks text the tracker wrote itself: at most max characters.
func checkTexts(max int, texts ...string) error {
	for _, t := range texts {
		if n := utf8.RuneCountInString(t); n > max {
			return fmt.Errorf("a text of %d characters (%s); at most %d", n, short(t), max)
		}
	}
	return nil
}

// storedText is cleanText for a text stored by this version or an older
// one: those kept bidi controls (trimSpaceKeptBidi), and a game they saved
// still opens.
func storedText(s string, max int, what Msg) (string, error) {
	return checkText(trimSpaceKeptBidi(s), max, what)
}

// checkList checks a list as cleanList leaves it (or left it before bidi
// controls were dropped, see storedText).
func checkList(in []string, what string) error {
	out, err := cleanListWith(in, what, trimSpaceKeptBidi)
	if err != nil {
		return clause(err)
	}
	if len(out) != len(in) {
		return fmt.Errorf("empty %s", what)
	}
	for i := range out {
		if out[i] != in[i] {
			return fmt.Errorf("%s %s has spaces or control characters around or in it", what, short(in[i]))
		}
	}
	return nil
}

// checkWeapons checks weapons as cleanWeapons leaves them.
func checkWeapons(in []awayrules.Weapon) error {
	if _, err := cleanWeaponsWith(in, trimSpaceKeptBidi); err != nil {
		return clause(err)
	}
	for _, w := range in {
		if err := checkName(w.Name, "weapon name"); err != nil {
			return err
		}
		if err := checkList(w.Keywords, "weapon keywords"); err != nil {
			return err
		}
	}
	return nil
}

// checkTrack checks one rating track: at most maxTrackHoles holes, values
// and pegs as rules/away.Track.Validate wants them.
func checkTrack(r awayrules.Rating, t awayrules.Track) error {
	if len(t.Values) > maxTrackHoles {
		return fmt.Errorf("%s track has %d holes; a track has at most %d", titleWord(r.String()), len(t.Values), maxTrackHoles)
	}
	if err := t.Validate(); err != nil {
		return fmt.Errorf("%s track: %v", titleWord(r.String()), err)
	}
	return nil
}

func checkTracks(t awayrules.Tracks) error {
	for _, r := range awayrules.Ratings {
		if err := checkTrack(r, t.At(r)); err != nil {
			return err
		}
	}
	return nil
}

// checkRefs checks that every id in ids is one of known, at most once.
func checkRefs(ids []string, known map[string]bool, what string) error {
	seen := map[string]bool{}
	for _, id := range ids {
		if !known[id] {
			return fmt.Errorf("%s names %s, who is not in the game", what, short(id))
		}
		if seen[id] {
			return fmt.Errorf("%s names %s twice", what, short(id))
		}
		seen[id] = true
	}
	return nil
}

func validateAway(a *AwayState) error {
	phases := []string{AwaySetup, AwayPreparation, AwayDraw, AwayAction, AwayDebrief, AwayOver}
	if !slices.Contains(phases, a.Phase) {
		return fmt.Errorf("the game is in phase %s, which Away Missions does not have (%s)", short(a.Phase), strings.Join(phases, ", "))
	}
	if outside(a.Round, 0, 3) {
		return fmt.Errorf("round %d; Away Missions has rounds 1 to 3", a.Round)
	}
	if len(a.Players) > maxAwayPlayers {
		return fmt.Errorf("%d players; Away Missions is played by 2 to %d", len(a.Players), maxAwayPlayers)
	}
	if len(a.Characters) > maxCharacters {
		return fmt.Errorf("%d characters; a game has at most %d", len(a.Characters), maxCharacters)
	}
	if a.NextID < 0 || a.NextID < len(a.Players)+len(a.Characters) || a.NextID > 1_000_000 {
		return fmt.Errorf("the next id is %d with %d players and %d characters", a.NextID, len(a.Players), len(a.Characters))
	}
	players := map[string]bool{}
	var names []string
	for i, p := range a.Players {
		if err := validateAwayPlayer(p, names); err != nil {
			return fmt.Errorf("player %d (%s): %v", i+1, who(p.Name), err)
		}
		if players[p.ID] {
			return fmt.Errorf("player %d (%s): the id %s is taken by another player", i+1, who(p.Name), short(p.ID))
		}
		players[p.ID] = true
		names = append(names, p.Name)
	}
	chars := map[string]bool{}
	for i, c := range a.Characters {
		if err := validateCharacter(c, players); err != nil {
			return fmt.Errorf("character %d (%s): %v", i+1, who(c.Name), err)
		}
		if chars[c.ID] || players[c.ID] {
			return fmt.Errorf("character %d (%s): the id %s is taken", i+1, who(c.Name), short(c.ID))
		}
		chars[c.ID] = true
	}
	if o := a.Overlay; o != nil {
		if err := checkTracks(o.Tracks); err != nil {
			return fmt.Errorf("assimilation overlay: %v", err)
		}
		if err := checkWeapons(o.Weapons); err != nil {
			return fmt.Errorf("assimilation overlay: %v", err)
		}
		if err := checkList(o.Rules, "special rules"); err != nil {
			return fmt.Errorf("assimilation overlay: %v", err)
		}
	}
	for what, order := range map[string][]string{"the board order": a.Orders.Board,
		"the beam down order": a.Orders.BeamDown, "the activation order": a.Orders.Activation} {
		if err := checkRefs(order, players, what); err != nil {
			return err
		}
	}
	if outside(a.Actions, 0, maxCount) || (a.Active == "" && (a.Actions > 0 || a.BonusActive)) {
		return fmt.Errorf("%d Actions taken with no active character %s", a.Actions, short(a.Active))
	}
	if a.Turn < -1 || a.Turn >= max(len(a.Orders.Activation), 1) {
		return fmt.Errorf("turn %d of an activation order of %d players", a.Turn, len(a.Orders.Activation))
	}
	if r := a.Result; r != nil {
		if len(r.Totals) > len(a.Players) {
			return fmt.Errorf("the debrief has %d totals for %d players", len(r.Totals), len(a.Players))
		}
		for id, n := range r.Totals {
			if !players[id] {
				return fmt.Errorf("the debrief scores %s, who is not in the game", short(id))
			}
			if outside(n, 0, 100*maxMissions+maxCount) {
				return fmt.Errorf("the debrief gives %s %d points", short(id), n)
			}
		}
		if err := checkRefs(r.Winners, players, "the debrief's winners"); err != nil {
			return err
		}
		if err := checkTexts(maxTextLen, r.Reason); err != nil {
			return fmt.Errorf("the debrief: %v", err)
		}
	}
	return nil
}

func validateAwayPlayer(p AwayPlayer, taken []string) error {
	if err := checkPlayerNames(p.ID, p.Name, taken, p.Affiliation, "affiliation", p.Team, "team name"); err != nil {
		return err
	}
	kinds := []string{TokenAdapt, TokenIntel, TokenBonusPoints, TokenBonusActions}
	for k, n := range p.Tokens {
		if !slices.Contains(kinds, k) {
			return fmt.Errorf("%s tokens; players hold %s tokens", short(k), strings.Join(kinds, ", "))
		}
		if err := checkCount(n, raw(strings.ReplaceAll(k, "_", " ")+" tokens")); err != nil {
			return clause(err)
		}
	}
	if len(p.Missions) > maxMissions {
		return fmt.Errorf("%d scored missions; at most %d", len(p.Missions), maxMissions)
	}
	for _, m := range p.Missions {
		if err := checkName(m.Name, "mission name"); err != nil {
			return err
		}
		if outside(m.Points, 0, 100) {
			return fmt.Errorf("mission %s scores %d points; mission points are 0 to 100", short(m.Name), m.Points)
		}
		if outside(m.Round, 0, 3) {
			return fmt.Errorf("mission %s was scored in round %d", short(m.Name), m.Round)
		}
	}
	return nil
}

func validateCharacter(c Character, players map[string]bool) error {
	if err := checkID(c.ID, "character"); err != nil {
		return err
	}
	if err := checkName(c.Name, "character name"); err != nil {
		return err
	}
	if !players[c.Controller] {
		return fmt.Errorf("controlled by %s, who is not in the game", short(c.Controller))
	}
	if !players[c.Owner] {
		return fmt.Errorf("owned by %s, who is not in the game", short(c.Owner))
	}
	if err := checkOptName(c.CatalogID, "catalog id"); err != nil {
		return err
	}
	if err := checkOptName(c.Affiliation, "affiliation"); err != nil {
		return err
	}
	if !slices.Contains([]string{StatusWaiting, StatusInPlay, StatusNeutralized}, c.Status) {
		return fmt.Errorf("status %s; a character is waiting, in play or neutralized", short(c.Status))
	}
	if err := checkCount(c.Honor, raw("honor")); err != nil {
		return clause(err)
	}
	if outside(c.Stun, 0, awayrules.MaxStun) {
		return fmt.Errorf("%d stun tokens; a character has 0 to %d", c.Stun, awayrules.MaxStun)
	}
	if outside(c.Escalation, 0, 3) {
		return fmt.Errorf("arrives in round %d; Escalation is a round from 1 to 3", c.Escalation)
	}
	for what, list := range map[string][]string{"keywords": c.Keywords, "specializations": c.Specializations, "special rules": c.Rules} {
		if err := checkList(list, what); err != nil {
			return err
		}
	}
	if err := checkWeapons(c.Weapons); err != nil {
		return err
	}
	if err := checkTracks(c.Tracks); err != nil {
		return err
	}
	if as := c.Assimilated; as != nil {
		if as.Owner != "" && !players[as.Owner] {
			return fmt.Errorf("assimilated from %s, who is not in the game", short(as.Owner))
		}
		if err := checkTracks(as.Tracks); err != nil {
			return fmt.Errorf("before assimilation: %v", err)
		}
		if err := checkWeapons(as.Weapons); err != nil {
			return fmt.Errorf("before assimilation: %v", err)
		}
		for what, list := range map[string][]string{"keywords": as.Keywords, "special rules": as.Rules} {
			if err := checkList(list, what); err != nil {
				return fmt.Errorf("before assimilation: %v", err)
			}
		}
	}
	return nil
}

func validateAscendancy(a *AscendancyState) error {
	w := a.Walker
	stages := []string{AscSetup, AscInitiative, AscExecution, AscRecharge, AscOver}
	if !slices.Contains(stages, w.Stage) {
		return fmt.Errorf("the game is in stage %s, which Ascendancy does not have (%s)", short(w.Stage), strings.Join(stages, ", "))
	}
	if !slices.Contains([]string{"", PhaseBuilding, PhaseCommand, PhaseBorg}, w.Phase) {
		return fmt.Errorf("a turn in phase %s, which Ascendancy does not have", short(w.Phase))
	}
	if outside(w.Round, 0, maxCount) {
		return fmt.Errorf("round %d", w.Round)
	}
	if err := a.Options.validate(); err != nil {
		return fmt.Errorf("optional rules: %s", lowerFirst(plain(err)))
	}
	if len(a.Players) > maxAscPlayer {
		return fmt.Errorf("%d players; at most %d", len(a.Players), maxAscPlayer)
	}
	if a.NextID < len(a.Players) || a.NextID > 1_000_000 {
		return fmt.Errorf("the next id is %d with %d players", a.NextID, len(a.Players))
	}
	players := map[string]bool{}
	var names []string
	for i, p := range a.Players {
		if err := validateAscPlayer(p, names); err != nil {
			return fmt.Errorf("player %d (%s): %v", i+1, who(p.Name), err)
		}
		if players[p.ID] || p.ID == BorgSeat {
			return fmt.Errorf("player %d (%s): the id %s is taken", i+1, who(p.Name), short(p.ID))
		}
		players[p.ID] = true
		names = append(names, p.Name)
	}
	for i, p := range a.Players {
		for _, ag := range p.Agreements {
			if !players[ag.From] {
				return fmt.Errorf("player %d (%s): a trade agreement from %s, who is not in the game", i+1, who(p.Name), short(ag.From))
			}
		}
	}
	if len(w.Bids) > len(a.Players) {
		return fmt.Errorf("%d bids from %d players", len(w.Bids), len(a.Players))
	}
	bidders := make([]string, len(w.Bids))
	for i, b := range w.Bids {
		bidders[i] = b.Player
		if err := checkResources(b.Spent, "a bid"); err != nil {
			return err
		}
	}
	if err := checkRefs(bidders, players, "the bids"); err != nil {
		return err
	}
	seats := maps2(players, BorgSeat)
	if len(w.Order) > 2*maxAscPlayer {
		return fmt.Errorf("a turn order of %d seats", len(w.Order))
	}
	for _, id := range w.Order {
		if !seats[id] {
			return fmt.Errorf("the turn order names %s, who is not in the game", short(id))
		}
	}
	if w.Turn < -1 || w.Turn > len(w.Order) {
		return fmt.Errorf("turn %d of a turn order of %d", w.Turn, len(w.Order))
	}
	if as := w.Assignment; as != nil {
		if len(as.Cards) > len(a.Players) || len(as.BorgCards) > maxAscPlayer {
			return fmt.Errorf("%d turn order cards for %d players", len(as.Cards)+len(as.BorgCards), len(a.Players))
		}
		for id, card := range as.Cards {
			if !players[id] {
				return fmt.Errorf("a turn order card for %s, who is not in the game", short(id))
			}
			if outside(card, 0, 2*maxAscPlayer) {
				return fmt.Errorf("turn order card %d", card)
			}
		}
		for _, card := range as.BorgCards {
			if outside(card, 0, 2*maxAscPlayer) {
				return fmt.Errorf("turn order card %d of the Borg", card)
			}
		}
	}
	if err := checkRefs(w.Winners, players, "the winners"); err != nil {
		return err
	}
	if err := checkTexts(maxTextLen, w.Reason); err != nil {
		return fmt.Errorf("the game's end: %v", err)
	}
	if r := a.Recharge; r != nil {
		if len(r.Lines) > maxLines || len(r.LineTexts) > maxLines || len(r.Result.Maintenance) > maxLines || len(r.Result.Phenomena) > maxLines || len(r.Result.Generated) > len(a.Players) {
			return errors.New("the last recharge summary is longer than a recharge can be")
		}
		if err := checkTexts(maxTextLen, r.Lines...); err != nil {
			return fmt.Errorf("the last recharge summary: %v", err)
		}
	}
	if err := validateBattles(a, players); err != nil {
		return err
	}
	if a.Invasion != nil {
		if err := validateInvasion(a.Invasion, players); err != nil {
			return err
		}
	}
	if a.Borg != nil {
		if err := validateBorg(a.Borg); err != nil {
			return fmt.Errorf("the Borg: %v", err)
		}
	}
	if a.Reclaim != nil {
		spires := map[string]bool{}
		if a.Borg != nil {
			for _, sp := range a.Borg.Spires {
				spires[sp.ID] = true
			}
		}
		if err := validateReclaim(a.Reclaim, players, spires); err != nil {
			return err
		}
	}
	return nil
}

// maps2 returns a copy of set with extra added.
func maps2(set map[string]bool, extra string) map[string]bool {
	out := make(map[string]bool, len(set)+1)
	for k := range set {
		out[k] = true
	}
	out[extra] = true
	return out
}

func checkResources(r ascrules.Resources, what string) error {
	return checkCounts(
		namedCount{r.Production, what + " (production)"},
		namedCount{r.Research, what + " (research)"},
		namedCount{r.Culture, what + " (culture)"})
}

func validateAscPlayer(p AscPlayer, taken []string) error {
	if err := checkPlayerNames(p.ID, p.Name, taken, p.Civilization, "civilization name", string(p.Faction), "faction"); err != nil {
		return err
	}
	for _, r := range []struct {
		r    ascrules.Resources
		what string
	}{{p.Resources, "resources"}, {p.Nodes, "resource nodes"}, {p.Income, "income"}} {
		if err := checkResources(r.r, r.what); err != nil {
			return err
		}
	}
	if err := checkCounts(namedCount{p.Ascendancy, "ascendancy"}, namedCount{p.Commands, "command tokens"},
		namedCount{p.Exhausted, "exhausted command tokens"}, namedCount{p.AdvancementCommands, "advancement commands"},
		namedCount{p.AdvancementWarp, "warp tokens on advancements"},
		namedCount{p.WeaponUpgrades, "weapons upgrades"}, namedCount{p.ShieldUpgrades, "shield upgrades"},
		namedCount{p.Starbases, "starbases"}, namedCount{p.Ships, "ships"},
		namedCount{p.HomeSystems, "home systems"}, namedCount{p.Systems, "systems"}); err != nil {
		return err
	}
	if outside(p.Weapons, 1, 6) {
		return fmt.Errorf("weapons hit roll %d; it is 1 to 6", p.Weapons)
	}
	if outside(p.Shields, 0, 6) {
		return fmt.Errorf("shields %d; they are 0 to 6", p.Shields)
	}
	if outside(p.BaseCommands, 0, 10) {
		return fmt.Errorf("%d base commands; base commands are 1 to 10", p.BaseCommands)
	}
	if len(p.Agreements) > maxListLen {
		return fmt.Errorf("%d trade agreements; at most %d", len(p.Agreements), maxListLen)
	}
	for _, ag := range p.Agreements {
		if err := checkResources(ag.Resources, "a trade agreement"); err != nil {
			return err
		}
	}
	if err := checkList(p.AndorianTokens, "Andorian tokens"); err != nil {
		return err
	}
	if len(p.WarpTokens) > maxListLen {
		return fmt.Errorf("%d warp tokens; at most %d", len(p.WarpTokens), maxListLen)
	}
	for _, t := range p.WarpTokens {
		if err := checkCount(t, raw("a warp token")); err != nil {
			return clause(err)
		}
	}
	if err := checkCostTable(p.Costs); err != nil {
		return clause(err)
	}
	if err := checkTexts(maxID, p.SquadronExited); err != nil {
		return fmt.Errorf("the squadron's last exit from warp: %v", err)
	}
	return checkProjectCards(p)
}

// checkProjectCards checks a player's project area as the project commands
// leave it (asc_projects.go): a project count like any other, no more cards
// entered than projects, each card with a name, the research printed on it
// (1 to maxProjectCost) and less research committed than that (a project
// whose research is reached is finished and leaves the area). A save with
// a card list longer than its projects would have the commands that take a
// card by its number act on cards that are not there.
func checkProjectCards(p AscPlayer) error {
	if err := checkCounts(namedCount{p.Projects, "projects"}); err != nil {
		return err
	}
	if len(p.ProjectCards) > p.Projects {
		return fmt.Errorf("%d project cards entered for %d projects", len(p.ProjectCards), p.Projects)
	}
	for i, c := range p.ProjectCards {
		if err := checkName(c.Name, "project name"); err != nil {
			return fmt.Errorf("project card %d: %v", i+1, err)
		}
		if outside(c.Cost, 1, maxProjectCost) {
			return fmt.Errorf("project card %d (%s) asks for %d research; a card asks for 1 to %d", i+1, short(c.Name), c.Cost, maxProjectCost)
		}
		if outside(c.Research, 0, c.Cost-1) {
			return fmt.Errorf("project card %d (%s) has %d research of %d committed; it is finished at %d", i+1, short(c.Name), c.Research, c.Cost, c.Cost)
		}
		if outside(c.Round, 0, maxCount) {
			return fmt.Errorf("project card %d (%s): research last committed in round %d", i+1, short(c.Name), c.Round)
		}
	}
	return nil
}

func validateBorg(b *BorgState) error {
	if len(b.Cubes) > borgrules.MaxCubes || b.CubesInPlay() > borgrules.MaxCubes {
		return fmt.Errorf("%d cubes in play; at most %d", b.CubesInPlay(), borgrules.MaxCubes)
	}
	if len(b.Spires) > borgrules.DefeatSpires+1 {
		return fmt.Errorf("%d spires; at most %d", len(b.Spires), borgrules.DefeatSpires+1)
	}
	cubes := map[string]bool{}
	for i, c := range b.Cubes {
		if err := checkID(c.ID, "cube"); err != nil {
			return fmt.Errorf("cube %d: %v", i+1, err)
		}
		if cubes[c.ID] {
			return fmt.Errorf("cube %d: the id %s is taken by another cube", i+1, short(c.ID))
		}
		cubes[c.ID] = true
		if err := checkTexts(maxNameLen, c.System); err != nil {
			return fmt.Errorf("cube %s: %v", short(c.ID), err)
		}
		if err := c.Validate(); err != nil {
			return fmt.Errorf("cube %s: %v", short(c.ID), err)
		}
		if c.Round > maxCount {
			return fmt.Errorf("cube %s: round %d", short(c.ID), c.Round)
		}
	}
	spires := map[string]bool{}
	for i, s := range b.Spires {
		if s.ID != "" {
			if err := checkID(s.ID, "spire"); err != nil {
				return fmt.Errorf("spire %d: %v", i+1, err)
			}
		}
		if s.ID != "" && spires[s.ID] {
			return fmt.Errorf("spire %d: the id %s is taken by another spire", i+1, short(s.ID))
		}
		spires[s.ID] = true
		if err := checkTexts(maxNameLen, s.System); err != nil {
			return fmt.Errorf("spire %s: %v", short(s.ID), err)
		}
		if err := s.Validate(); err != nil {
			return fmt.Errorf("spire %s: %v", short(s.ID), err)
		}
	}
	if len(b.Hits.BySpires) > borgrules.DefeatSpires+1 {
		return fmt.Errorf("a hit table of %d entries", len(b.Hits.BySpires))
	}
	for n, h := range b.Hits.BySpires {
		if outside(n, 0, borgrules.DefeatSpires) {
			return fmt.Errorf("a hit roll for %d spires; spire counts run from 0 to %d", n, borgrules.DefeatSpires)
		}
		if err := borgrules.ValidateBorgHit(h); err != nil {
			return err
		}
	}
	if b.HubTarget < 0 || b.HubTarget > 6 || (b.Hub && b.HubTarget < 1) {
		return fmt.Errorf("transwarp hub target %d; it is 1 to 6", b.HubTarget)
	}
	if err := checkRefs(b.Activated, cubes, "the cubes activated this turn"); err != nil {
		return err
	}
	if outside(b.NextCube, 0, 1_000_000) || outside(b.NextSpire, 0, 1_000_000) {
		return fmt.Errorf("cube and spire counters %d and %d", b.NextCube, b.NextSpire)
	}
	return nil
}

// plain is a rejection's reason (or any error's text).
func plain(err error) string {
	var r *Rejection
	if errors.As(err, &r) {
		return strings.TrimSuffix(r.Reason, ".")
	}
	return err.Error()
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToLower(string(r)) + s[n:]
}

// who shows a player's or character's name in a message: as it is when it
// is a short plain name, quoted and cut otherwise.
func who(name string) string {
	if name != "" && utf8.RuneCountInString(name) <= maxNameLen && trimSpace(name) == name {
		return name
	}
	return short(name)
}

// short quotes text from outside for a message, cut to 30 characters.
func short(s string) string {
	if utf8.RuneCountInString(s) <= 30 {
		return fmt.Sprintf("%q", s)
	}
	r := []rune(s)
	return fmt.Sprintf("%q...", string(r[:30]))
}

// validateLog replays a log read from outside as Replay does, and checks
// every state the game passes through: after each step in effect, and
// after each step Redo would restore, in the order it would. Notes are
// checked as the Note command checks them.
func validateLog(kind Kind, events []Event) error {
	if !kind.Valid() {
		return fmt.Errorf("unknown game %q", kind)
	}
	var h history
	for _, e := range events {
		if err := h.accept(e); err != nil {
			return err
		}
		if n, ok := e.Payload.(NoteAdded); ok {
			if t, err := storedText(n.Text, maxNoteLen, Msg{Key: "track.word.note", Text: "note"}); err != nil || t != n.Text {
				return fmt.Errorf("event %d: a note the app never writes (%s)", e.Seq, short(n.Text))
			}
		}
	}
	st := NewState(kind)
	step := func(id uint64) error {
		for _, e := range h.steps[id-1] {
			if err := e.Payload.apply(st); err != nil {
				return fmt.Errorf("event %d (%s): %w", e.Seq, e.Type, err)
			}
		}
		if err := ValidateState(st); err != nil {
			return fmt.Errorf("step %d (%s): %w", id, short(stepLabel(h.steps[id-1])), err)
		}
		return nil
	}
	for _, id := range h.done {
		if err := step(id); err != nil {
			return err
		}
	}
	for i := len(h.undone) - 1; i >= 0; i-- {
		if err := step(h.undone[i]); err != nil {
			return err
		}
	}
	return nil
}
