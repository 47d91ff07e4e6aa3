package tracker

import (
	"slices"
	"strconv"

	awayrules "tableops/rules/away"
)

// Orders an AwayOrder command can set.
const (
	OrderBoard      = "board"      // who places the first mission board
	OrderBeamDown   = "beam_down"  // who picks a starting area and places first
	OrderActivation = "activation" // first activation of the action phase
)

// nextTurn returns the index in the activation order of the next player,
// after index from, who still has a character to activate or a bonus action
// token; -1 when everyone is done.
func (a *AwayState) nextTurn(from int) int {
	n := len(a.Orders.Activation)
	for k := 1; k <= n; k++ {
		i := (from + k) % n
		if i < 0 {
			i += n
		}
		if a.hasActivation(a.Orders.Activation[i]) {
			return i
		}
	}
	return -1
}

// hasActivation reports whether player still has something to activate:
// a character in play not yet activated, or a Bonus Action token and a
// friendly character in play to take its Action with (a side with no
// character left holds no turn: seed 001 "Not Dead, Jim", the game goes
// on for three rounds).
func (a *AwayState) hasActivation(player string) bool {
	if p, err := a.player(player); err == nil && p.Tokens[TokenBonusActions] > 0 && a.hasFriendlyInPlay(player) {
		return true
	}
	for _, c := range a.Characters {
		if c.Controller == player && c.Status == StatusInPlay && !c.Activated {
			return true
		}
	}
	return false
}

// hasFriendlyInPlay reports whether player's side (the player, or a team
// mate) has a character in the mission area.
func (a *AwayState) hasFriendlyInPlay(player string) bool {
	return slices.ContainsFunc(a.Characters, func(c Character) bool {
		return c.Status == StatusInPlay && sameSide(a, c.Controller, player)
	})
}

// settleTurn passes the turn on when the player whose turn it is has
// nothing left to activate (its last character left the game, its tokens
// were taken off) and no activation holds the turn.
func (a *AwayState) settleTurn() {
	if a.Phase != AwayAction || a.Activating || a.Turn < 0 || a.Turn >= len(a.Orders.Activation) {
		return
	}
	if !a.hasActivation(a.Orders.Activation[a.Turn]) {
		a.Turn = a.nextTurn(a.Turn)
	}
}

// CurrentPlayer returns the id of the player whose activation it is, or ""
// outside the action phase or when everyone has activated.
func (a *AwayState) CurrentPlayer() string {
	if a.Phase != AwayAction || a.Turn < 0 || a.Turn >= len(a.Orders.Activation) {
		return ""
	}
	return a.Orders.Activation[a.Turn]
}

// AddAwayPlayer adds a player during setup (2 to 4 players). Players with
// the same Team play as a team; Borg marks the Borg player, who receives
// assimilated characters.
type AddAwayPlayer struct {
	Name        string `json:"name"`
	Affiliation string `json:"affiliation"`
	Team        string `json:"team,omitempty"`
	Borg        bool   `json:"borg,omitempty"`
}

// CommandType implements Command.
func (AddAwayPlayer) CommandType() string { return "away.add_player" }

func (cmd AddAwayPlayer) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwaySetup); err != nil {
		return err
	}
	if a.PlayersFull() {
		return reject(CodeRules, "track.away_missions_is_played_by_2", "Away Missions is played by 2 to 4 players.")
	}
	taken := make([]string, len(a.Players))
	for i, p := range a.Players {
		taken[i] = p.Name
	}
	name, err := newPlayerName(cmd.Name, taken)
	if err != nil {
		return err
	}
	aff := trimSpace(cmd.Affiliation)
	team := trimSpace(cmd.Team)
	if len([]rune(aff)) > maxNameLen || len([]rune(team)) > maxNameLen {
		return reject(CodeInvalid, "track.affiliation_and_team_names_are_at", "Affiliation and team names are at most %d characters.", maxNameLen)
	}
	p := AwayPlayer{ID: "p" + strconv.Itoa(a.NextID+1), Name: name, Affiliation: aff, Team: team, Borg: cmd.Borg,
		Tokens: map[string]int{}, Missions: []ScoredMission{}}
	label := say("track.player_joins", "%s joins", name)
	if aff != "" {
		label.add("track.player_affiliation", " (%s)", aff)
	}
	return c.emit(label, AwayPlayerAdded{Player: p})
}

// AddCharacter adds a character card to a player's away team during setup:
// from the catalog (CatalogID) or entered by hand. Each track lists its
// printed hole values, lowest first; all holes start with a peg.
// Escalation > 1 holds the character back until that round.
type AddCharacter struct {
	Player      string   `json:"player"`
	Name        string   `json:"name"`
	CatalogID   string   `json:"catalog_id,omitempty"`
	Affiliation string   `json:"affiliation,omitempty"`
	Keywords    []string `json:"keywords,omitempty"`
	// Rules are the card's special rules the tracker applies (Hivemind).
	Rules           []string           `json:"rules,omitempty"`
	Specializations []string           `json:"specializations,omitempty"`
	Weapons         []awayrules.Weapon `json:"weapons,omitempty"`
	Attack          []int              `json:"attack"`
	Defense         []int              `json:"defense"`
	Skill           []int              `json:"skill"`
	Move            []int              `json:"move"`
	Escalation      int                `json:"escalation,omitempty"`
}

// CommandType implements Command.
func (AddCharacter) CommandType() string { return "away.add_character" }

const maxListLen = 20

// cleanList cleans a list of names (keywords, specializations, special
// rules) with trimSpace, dropping the empty ones.
func cleanList(in []string, what string) ([]string, error) {
	return cleanListWith(in, what, trimSpace)
}

// cleanListWith is cleanList with clean for trimSpace (validate.go checks
// stored lists as older versions cleaned them too).
func cleanListWith(in []string, what string, clean func(string) string) ([]string, error) {
	if len(in) > maxListLen {
		return nil, reject(CodeInvalid, "track.too_many_at_most", "Too many %s (at most %d).", what, maxListLen)
	}
	out := []string{}
	for _, s := range in {
		t := clean(s)
		if t == "" {
			continue
		}
		if len([]rune(t)) > maxNameLen {
			return nil, reject(CodeInvalid, "track.is_too_long", "%s %q is too long.", titleWord(what), t)
		}
		out = append(out, t)
	}
	return out, nil
}

// cleanWeapons cleans a card's weapons: names and keywords with trimSpace,
// extra dice and damage in range.
func cleanWeapons(in []awayrules.Weapon) ([]awayrules.Weapon, error) {
	return cleanWeaponsWith(in, trimSpace)
}

// cleanWeaponsWith is cleanWeapons with clean for trimSpace (see
// cleanListWith).
func cleanWeaponsWith(in []awayrules.Weapon, clean func(string) string) ([]awayrules.Weapon, error) {
	if len(in) > maxListLen {
		return nil, reject(CodeInvalid, "track.too_many_weapons", "Too many weapons.")
	}
	weapons := []awayrules.Weapon{}
	for _, w := range in {
		wn, err := checkText(clean(w.Name), maxNameLen, Msg{Key: "track.word.weapon_name", Text: "weapon name"})
		if err != nil {
			return nil, err
		}
		wk, err := cleanListWith(w.Keywords, "weapon keywords", clean)
		if err != nil {
			return nil, err
		}
		if w.Dice < 0 || w.Dice > 6 || w.Damage < 0 || w.Damage > 6 {
			return nil, reject(CodeInvalid, "track.weapon_extra_dice_and_damage_are", "Weapon %s: extra dice and damage are 0 to 6.", wn)
		}
		weapons = append(weapons, awayrules.Weapon{Name: wn, Dice: w.Dice, Damage: w.Damage, Keywords: wk})
	}
	return weapons, nil
}

func makeTrack(r awayrules.Rating, values []int) (awayrules.Track, error) {
	if len(values) == 0 {
		return awayrules.Track{}, reject(CodeInvalid, "track.enter_printed_values_of_track", "Enter the printed values of the %s track.", r)
	}
	if len(values) > maxTrackHoles {
		return awayrules.Track{}, reject(CodeInvalid, "track.the_track_has_too_many_holes", "The %s track has too many holes (%d).", r, len(values))
	}
	t := awayrules.NewTrack(values...)
	if err := t.Validate(); err != nil {
		return awayrules.Track{}, reject(CodeInvalid, "track.the_track", "The %s track: %v.", r, err)
	}
	return t, nil
}

func makeTracks(attack, defense, skill, move []int) (awayrules.Tracks, error) {
	var t awayrules.Tracks
	var err error
	if t.Attack, err = makeTrack(awayrules.Attack, attack); err != nil {
		return t, err
	}
	if t.Defense, err = makeTrack(awayrules.Defense, defense); err != nil {
		return t, err
	}
	if t.Skill, err = makeTrack(awayrules.Skill, skill); err != nil {
		return t, err
	}
	t.Move, err = makeTrack(awayrules.Move, move)
	return t, err
}

func (cmd AddCharacter) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwaySetup, AwayPreparation); err != nil {
		return err
	}
	p, err := a.player(cmd.Player)
	if err != nil {
		return err
	}
	if len(a.Characters) >= maxCharacters {
		return reject(CodeRules, "track.too_many_characters_in_one_game", "Too many characters in one game.")
	}
	name, err := cleanText(cmd.Name, maxNameLen, Msg{Key: "track.word.character_name", Text: "character name"})
	if err != nil {
		return err
	}
	rules, err := cleanList(cmd.Rules, "special rules")
	if err != nil {
		return err
	}
	kw, err := cleanList(cmd.Keywords, "keywords")
	if err != nil {
		return err
	}
	spec, err := cleanList(cmd.Specializations, "specializations")
	if err != nil {
		return err
	}
	weapons, err := cleanWeapons(cmd.Weapons)
	if err != nil {
		return err
	}
	tracks, err := makeTracks(cmd.Attack, cmd.Defense, cmd.Skill, cmd.Move)
	if err != nil {
		return err
	}
	if len([]rune(trimSpace(cmd.CatalogID))) > maxNameLen {
		return reject(CodeInvalid, "track.the_catalog_id_is_too_long", "The catalog id is too long.")
	}
	if cmd.Escalation < 0 || cmd.Escalation > 3 {
		return reject(CodeInvalid, "track.escalation_is_round_from_1_to", "Escalation is a round from 1 to 3.")
	}
	aff := trimSpace(cmd.Affiliation)
	if aff == "" {
		aff = p.Affiliation
	}
	ch := Character{ID: "c" + strconv.Itoa(a.NextID+1), Controller: p.ID, CatalogID: trimSpace(cmd.CatalogID),
		Affiliation: aff, Status: StatusInPlay, Character: awayrules.Character{Name: name, Owner: p.ID,
			Keywords: kw, Rules: rules, Specializations: spec, Weapons: weapons, Tracks: tracks}}
	label := say("track.joins_away_team", "%s: %s joins the away team", p.Name, name)
	if cmd.Escalation > 1 {
		ch.Escalation = cmd.Escalation
		ch.Status = StatusWaiting
		label.add("track.arrives_in_round", " (arrives in round %d)", cmd.Escalation)
	}
	return c.emit(label, CharacterAdded{Character: ch})
}

// RemoveCharacter takes a character entered by mistake off its team (setup only).
type RemoveCharacter struct {
	Character string `json:"character"`
}

// CommandType implements Command.
func (RemoveCharacter) CommandType() string { return "away.remove_character" }

func (cmd RemoveCharacter) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwaySetup, AwayPreparation); err != nil {
		return err
	}
	ch, err := a.character(cmd.Character)
	if err != nil {
		return err
	}
	return c.emit(say("track.leaves_away_team", "%s: %s leaves the away team", a.playerName(ch.Owner), ch.Name), CharacterRemoved{Character: ch.ID})
}

// SetOverlay records the Borg Assimilation Overlay as printed on the
// players' own overlay card (the rulebook does not print its numbers): its
// four tracks, its attack actions and special rules.
type SetOverlay struct {
	Attack  []int              `json:"attack"`
	Defense []int              `json:"defense"`
	Skill   []int              `json:"skill"`
	Move    []int              `json:"move"`
	Weapons []awayrules.Weapon `json:"weapons,omitempty"`
	Rules   []string           `json:"rules,omitempty"`
}

// CommandType implements Command.
func (SetOverlay) CommandType() string { return "away.set_overlay" }

func (cmd SetOverlay) decide(c *decideCtx) error {
	if _, err := c.away(); err != nil {
		return err
	}
	t, err := makeTracks(cmd.Attack, cmd.Defense, cmd.Skill, cmd.Move)
	if err != nil {
		return err
	}
	weapons, err := cleanWeapons(cmd.Weapons)
	if err != nil {
		return err
	}
	rules, err := cleanList(cmd.Rules, "special rules")
	if err != nil {
		return err
	}
	return c.emit(say("track.assimilation_overlay_entered", "Assimilation overlay entered"), OverlaySet{Overlay: awayrules.Overlay{Tracks: t, Weapons: weapons, Rules: rules}})
}

// StartMission ends setup and starts mission preparation.
type StartMission struct{}

// CommandType implements Command.
func (StartMission) CommandType() string { return "away.start_mission" }

func (StartMission) decide(c *decideCtx) error {
	a, err := c.away()
	if err != nil {
		return err
	}
	if err := wantPhase(a, AwaySetup); err != nil {
		return err
	}
	if len(a.Players) < 2 {
		return reject(CodeRules, "track.away_missions_needs_at_least_2", "Away Missions needs at least 2 players.")
	}
	for _, p := range a.Players {
		n := 0
		for _, ch := range a.Characters {
			if ch.Owner == p.ID {
				n++
			}
		}
		if n == 0 {
			return reject(CodeRules, "track.has_no_characters_yet", "%s has no characters yet.", p.Name)
		}
	}
	return c.emit(say("track.mission_preparation", "Mission preparation"), AwayPhaseChanged{Phase: AwayPreparation})
}
