package tracker

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// State is the state of one game: what the players would otherwise keep with
// pegs, tokens and a notepad. Exactly one of Away and Ascendancy is set,
// according to Kind.
type State struct {
	Kind  Kind `json:"kind"`
	Notes int  `json:"notes"`
	// Relaxed: the game is played without strict rule checks (SetStrict).
	Relaxed bool `json:"relaxed,omitempty"`
	// Rulings are the steps the table recorded against the rules (Ruling),
	// for the log and the debrief.
	Rulings    []TableRuling    `json:"rulings,omitempty"`
	Away       *AwayState       `json:"away,omitempty"`
	Ascendancy *AscendancyState `json:"ascendancy,omitempty"`
}

// NewState returns the state of a game that has not started.
func NewState(kind Kind) *State {
	s := &State{Kind: kind}
	switch kind {
	case KindAway:
		s.Away = newAwayState()
	case KindAscendancy:
		s.Ascendancy = newAscendancyState()
	}
	return s
}

// Clone returns a deep copy of the state.
func (s *State) Clone() (*State, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("copy state: %w", err)
	}
	var out State
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("copy state: %w", err)
	}
	return &out, nil
}

// Summary is what a list of saved games shows about a game.
type Summary struct {
	Players []string `json:"players"`
	Stage   string   `json:"stage"`
}

// Summary returns the players' names and where the game stands.
func (s *State) Summary() Summary {
	switch {
	case s.Away != nil:
		return s.Away.summary()
	case s.Ascendancy != nil:
		return s.Ascendancy.summary()
	}
	return Summary{}
}

// Note is a free-text entry in the game log ("Tom takes back his move").
type Note struct {
	Text string `json:"text"`
}

// CommandType implements Command.
func (Note) CommandType() string { return "note" }

func (n Note) decide(c *decideCtx) error {
	t, err := cleanText(n.Text, maxNoteLen, "note")
	if err != nil {
		return err
	}
	return c.emit(t, NoteAdded{Text: t})
}

// NoteAdded is a free-text note in the game log.
type NoteAdded struct {
	Text string `json:"text"`
}

// EventType implements Payload.
func (NoteAdded) EventType() string { return "note" }

func (n NoteAdded) apply(s *State) error {
	s.Notes++
	return nil
}

const (
	maxNoteLen = 500
	maxNameLen = 60
)

// cleanText trims a name or note and checks its length; empty is refused.
func cleanText(s string, max int, what string) (string, error) {
	t := trimSpace(s)
	if t == "" {
		return "", reject(CodeInvalid, "The %s is empty.", what)
	}
	if n := len([]rune(t)); n > max {
		return "", reject(CodeInvalid, "The %s is too long (%d characters, at most %d).", what, n, max)
	}
	return t, nil
}

func sortStrings(s []string) { slices.Sort(s) }
func sortInts(s []int)       { slices.Sort(s) }

// trimSpace trims white space and refuses control characters by dropping them.
func trimSpace(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return ' '
		}
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// newPlayerName cleans a new player's name and refuses one already taken
// (case does not count), for both games' setup.
func newPlayerName(raw string, taken []string) (string, error) {
	name, err := cleanText(raw, maxNameLen, "player name")
	if err != nil {
		return "", err
	}
	for _, t := range taken {
		if strings.EqualFold(t, name) {
			return "", reject(CodeInvalid, "There is already a player called %s.", name)
		}
	}
	return name, nil
}
