package tracker

import (
	"slices"
	"strconv"
	"strings"

	awayrules "tableops/rules/away"
)

// Away Missions phases, in the order the round walker visits them.
const (
	AwaySetup       = "setup"       // players and away teams are entered
	AwayPreparation = "preparation" // mission preparation: boards, core missions, beam down
	AwayDraw        = "draw"        // draw phase of Round
	AwayAction      = "action"      // action phase of Round
	AwayDebrief     = "debrief"     // beam up and debrief: end-of-game missions
	AwayOver        = "over"        // the winner is decided
)

// Character statuses.
const (
	StatusWaiting     = "waiting"     // Escalation: arrives at the start of a later round
	StatusInPlay      = "in_play"     // in the mission area
	StatusNeutralized = "neutralized" // removed from the game
)

// Player token kinds (adapt, intel, bonus points, bonus actions) and the
// character token kind honor.
const (
	TokenAdapt        = "adapt"
	TokenIntel        = "intel"
	TokenBonusPoints  = "bonus_points"
	TokenBonusActions = "bonus_actions"
	TokenHonor        = "honor"
)

// AwayState is the state of an Away Missions game.
type AwayState struct {
	Phase      string             `json:"phase"`
	Round      int                `json:"round"`
	Players    []AwayPlayer       `json:"players"`
	Characters []Character        `json:"characters"`
	Overlay    *awayrules.Overlay `json:"overlay,omitempty"`
	Orders     AwayOrders         `json:"orders"`
	Turn       int                `json:"turn"`
	// Active is the character activated last (or acting by a bonus
	// action): the one who takes Actions now.
	Active string `json:"active,omitempty"`
	// Actions counts the Actions the current activation has taken;
	// BonusActive is set when it came from a Bonus Action token (one
	// Action) rather than an activation (two). See ActionsLeft.
	Actions     int  `json:"actions,omitempty"`
	BonusActive bool `json:"bonus_active,omitempty"`
	// Activating is set while the activation of Active holds the turn:
	// the turn passes to the next player when its Actions are taken or
	// its player ends it (EndActivation). Only with an activation order.
	Activating bool          `json:"activating,omitempty"`
	Result     *AwayStanding `json:"result,omitempty"`
	NextID     int           `json:"next_id"`
}

// AwayOrders are the orders decided by die rolls: who places the first
// board, who beams down first, and the activation order of the current
// action phase (player ids, first to last).
type AwayOrders struct {
	Board      []string `json:"board"`
	BeamDown   []string `json:"beam_down"`
	Activation []string `json:"activation"`
}

// AwayPlayer is one player (or one member of a team) and the tokens kept in
// their play area.
type AwayPlayer struct {
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Affiliation string          `json:"affiliation"`
	Team        string          `json:"team,omitempty"`
	Borg        bool            `json:"borg"`
	Tokens      map[string]int  `json:"tokens"`
	Missions    []ScoredMission `json:"missions"`
}

// ScoredMission is a mission card in a player's scoring area.
type ScoredMission struct {
	Name      string `json:"name"`
	Points    int    `json:"points"`
	EndOfGame bool   `json:"end_of_game"`
	Core      bool   `json:"core,omitempty"`
	Round     int    `json:"round"`
}

// Character is one character card of the game: the rules' view of the card
// (tracks with pegs, weapons, stun, take cover, activated, assimilation; see
// rules/away) plus what the tracker adds: an id, who controls it now, where
// it is, and its honor tokens.
type Character struct {
	ID          string `json:"id"`
	Controller  string `json:"controller"`
	CatalogID   string `json:"catalog_id,omitempty"`
	Affiliation string `json:"affiliation"`
	Status      string `json:"status"`
	Honor       int    `json:"honor"`
	awayrules.Character
}

// AwayStanding is the debrief: each player's total and the winner.
type AwayStanding struct {
	Totals  map[string]int `json:"totals"`
	Winners []string       `json:"winners"`
	Draw    bool           `json:"draw"`
	Reason  string         `json:"reason"`
	// Tied are the players a draw is between (every member of the tied
	// teams); empty when someone won.
	Tied []string `json:"tied,omitempty"`
}

func newAwayState() *AwayState {
	return &AwayState{Phase: AwaySetup, Players: []AwayPlayer{}, Characters: []Character{}}
}

func (a *AwayState) summary() Summary {
	names := make([]string, len(a.Players))
	for i, p := range a.Players {
		names[i] = p.Name
	}
	if a.Phase == AwayDraw || a.Phase == AwayAction {
		return newSummary(names, a.Round, a.Phase, "")
	}
	return newSummary(names, 0, a.Phase, "")
}

// PlayersFull reports whether the game has as many players as Away
// Missions allows (4): AddAwayPlayer refuses another.
func (a *AwayState) PlayersFull() bool { return len(a.Players) >= maxAwayPlayers }

func (a *AwayState) player(id string) (*AwayPlayer, error) {
	for i := range a.Players {
		if a.Players[i].ID == id {
			return &a.Players[i], nil
		}
	}
	return nil, reject(CodeNotFound, "track.there_is_no_player", "There is no player %q.", id)
}

func (a *AwayState) character(id string) (*Character, error) {
	for i := range a.Characters {
		if a.Characters[i].ID == id {
			return &a.Characters[i], nil
		}
	}
	return nil, reject(CodeNotFound, "track.there_is_no_character", "There is no character %q.", id)
}

// characterInPlay returns a character that is in the mission area, and
// rejects one that is not (or that does not exist).
func (a *AwayState) characterInPlay(id string) (*Character, error) {
	ch, err := a.character(id)
	if err != nil {
		return nil, err
	}
	if ch.Status != StatusInPlay {
		return nil, reject(CodeRules, "track.is_not_in_mission_area", "%s is not in the mission area.", ch.Name)
	}
	return ch, nil
}

func (a *AwayState) playerName(id string) string {
	if p, err := a.player(id); err == nil {
		return p.Name
	}
	return id
}

// inPlay returns how many characters each player controls in the mission area.
func (a *AwayState) inPlay() map[string]int {
	n := map[string]int{}
	for _, p := range a.Players {
		n[p.ID] = 0
	}
	for _, c := range a.Characters {
		if c.Status == StatusInPlay {
			n[c.Controller]++
		}
	}
	return n
}

func awayOf(s *State) (*AwayState, error) {
	if s.Away == nil {
		return nil, reject(CodeInvalid, "track.this_is_not_away_missions_game", "This is not an Away Missions game.")
	}
	return s.Away, nil
}

// awayCtx returns the Away Missions state for a command, or a rejection.
func (c *decideCtx) away() (*AwayState, error) { return awayOf(c.scratch) }

func wantPhase(a *AwayState, phases ...string) error {
	if slices.Contains(phases, a.Phase) {
		return nil
	}
	return reject(CodeNotNow, "track.not_now_game_is_in", "Not now: the game is in the %s.", strings.ToLower(a.summary().Stage))
}

func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func titleWord(s string) string {
	if s == "" {
		return s
	}
	s = strings.ReplaceAll(s, "_", " ")
	return strings.ToUpper(s[:1]) + s[1:]
}
