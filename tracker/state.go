package tracker

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
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

// Summary is what a list of saved games shows about a game. Stage says
// where the game stands in English ("Round 2 · Execution · Ben"); Round,
// Phase and Turn say it as data (StageTexts words it in any language).
type Summary struct {
	Players []string `json:"players"`
	Stage   string   `json:"stage"`
	// Round is the game round (0 outside the rounds).
	Round int `json:"round,omitempty"`
	// Phase is the stage or phase id: one of the AscSetup... or
	// AwaySetup... constants.
	Phase string `json:"phase,omitempty"`
	// Turn names whose turn it is, when the stage has turns.
	Turn string `json:"turn,omitempty"`
}

// newSummary words a stage given as data.
func newSummary(players []string, round int, phase, turn string) Summary {
	return Summary{Players: players, Stage: StageTexts(round, phase, turn).String(), Round: round, Phase: phase, Turn: turn}
}

// stageWords are the stages and phases of both games, by id.
var stageWords = map[string]Msg{
	AscSetup:        {Key: "track.stage.setup", Text: "Setup"},
	AscInitiative:   {Key: "track.stage.initiative", Text: "Initiative"},
	AscExecution:    {Key: "track.stage.execution", Text: "Execution"},
	AscRecharge:     {Key: "track.stage.recharge", Text: "Recharge"},
	AscOver:         {Key: "track.stage.over", Text: "Game over"},
	AwayPreparation: {Key: "track.stage.preparation", Text: "Mission preparation"},
	AwayDraw:        {Key: "track.stage.draw", Text: "Draw phase"},
	AwayAction:      {Key: "track.stage.action", Text: "Action phase"},
	AwayDebrief:     {Key: "track.stage.debrief", Text: "Beam up and debrief"},
}

// StageTexts words a game's stage from its data (see Summary): "Round 2 ·
// Execution · Ben". A round of 0 is not said; an unknown phase is shown as
// it is.
func StageTexts(round int, phase, turn string) Texts {
	var t Texts
	sep := func() {
		if len(t) > 0 {
			t = append(t, raw(" · "))
		}
	}
	if round > 0 {
		t = append(t, msgf("track.stage.round", "Round %d", round))
	}
	if phase != "" {
		sep()
		if w, ok := stageWords[phase]; ok {
			t = append(t, w)
		} else {
			t = append(t, raw(phase))
		}
	}
	if turn != "" {
		sep()
		t = append(t, raw(turn))
	}
	return t
}

// StageTexts words the summary's stage: from its data when it has them,
// else (a summary stored by an older version, with only the English Stage)
// from the English read back, or the English as it is when it cannot be.
func (s Summary) StageTexts() Texts {
	if s.Phase != "" {
		return StageTexts(s.Round, s.Phase, s.Turn)
	}
	if round, phase, turn, ok := parseStage(s.Stage); ok {
		return StageTexts(round, phase, turn)
	}
	if s.Stage == "" {
		return nil
	}
	return Texts{raw(s.Stage)}
}

// parseStage reads a stage this package worded in English ("Round 2 ·
// Execution · Ben") back into data, for summaries stored before the stage
// was kept as data; ok is false for a text it did not word.
func parseStage(stage string) (round int, phase, turn string, ok bool) {
	parts := strings.Split(stage, " · ")
	if n, err := strconv.Atoi(strings.TrimPrefix(parts[0], "Round ")); err == nil && n > 0 && strings.HasPrefix(parts[0], "Round ") {
		round, parts = n, parts[1:]
	}
	if len(parts) == 0 {
		return 0, "", "", false
	}
	for id, w := range stageWords {
		if w.Text == parts[0] {
			phase = id
		}
	}
	if phase == "" {
		return 0, "", "", false
	}
	turn = strings.Join(parts[1:], " · ")
	if StageTexts(round, phase, turn).String() != stage {
		return 0, "", "", false
	}
	return round, phase, turn, true
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
	t, err := cleanText(n.Text, maxNoteLen, Msg{Key: "track.word.note", Text: "note"})
	if err != nil {
		return err
	}
	return c.emit(&words{t: Texts{raw(t)}}, NoteAdded{Text: t})
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
func cleanText(s string, max int, what Msg) (string, error) {
	return checkText(trimSpace(s), max, what)
}

// checkText refuses a trimmed name or note that is empty or longer than
// max characters.
func checkText(t string, max int, what Msg) (string, error) {
	if t == "" {
		return "", reject(CodeInvalid, "track.the_is_empty", "The %s is empty.", what)
	}
	if n := len([]rune(t)); n > max {
		return "", reject(CodeInvalid, "track.the_is_too_long_characters_at", "The %s is too long (%d characters, at most %d).", what, n, max)
	}
	return t, nil
}

func sortStrings(s []string) { slices.Sort(s) }
func sortInts(s []int)       { slices.Sort(s) }

// trimSpace trims white space and refuses control characters by dropping
// them, and the bidi embedding, override and isolate controls too (U+202A
// to U+202E, U+2066 to U+2069), with which a name or note would display
// reversed or out of order in the log.
func trimSpace(s string) string { return clean(s, true) }

// trimSpaceKeptBidi is trimSpace as versions before issue 30 had it: the
// bidi controls were kept. Texts they stored stay valid (see validate.go):
// nothing the players recorded is refused when a game is opened again.
func trimSpaceKeptBidi(s string) string { return clean(s, false) }

func clean(s string, dropBidi bool) string {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return ' '
		}
		if unicode.IsControl(r) || dropBidi && IsBidiControl(r) {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// IsBidiControl reports whether r is a bidi embedding, override or
// isolate control: U+202A to U+202E (LRE, RLE, PDF, LRO, RLO) or U+2066
// to U+2069 (LRI, RLI, FSI, PDI). Names and notes are stored without them.
func IsBidiControl(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

// newPlayerName cleans a new player's name and refuses one already taken
// (case does not count), for both games' setup.
func newPlayerName(raw string, taken []string) (string, error) {
	name, err := cleanText(raw, maxNameLen, Msg{Key: "track.word.player_name", Text: "player name"})
	if err != nil {
		return "", err
	}
	return name, nameFree(name, taken)
}

// nameFree refuses a player's name already taken (case does not count).
func nameFree(name string, taken []string) error {
	for _, t := range taken {
		if strings.EqualFold(t, name) {
			return reject(CodeInvalid, "track.there_is_already_player_called", "There is already a player called %s.", name)
		}
	}
	return nil
}
