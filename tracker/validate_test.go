package tracker

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	awayrules "tableops/rules/away"
	borgrules "tableops/rules/borg"
)

// awayBase is a small Away Missions game played through commands.
func awayBase(t testing.TB) []Event {
	t.Helper()
	s, err := New(KindAway, Options{Now: testClock(), Seeds: &CountingSeeds{}})
	require.NoError(t, err)
	for _, c := range []Command{AddAwayPlayer{Name: "Ann"}, AddAwayPlayer{Name: "Ben", Borg: true},
		AddCharacter{Player: "p1", Name: "Worf", Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}},
		AddCharacter{Player: "p2", Name: "Drone", Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}},
		AdjustTokens{Character: "c3", Token: TokenHonor, Delta: 2}, Note{Text: "hello"}} {
		_, err := s.Execute(c)
		require.NoError(t, err)
	}
	return s.Log()
}

// ascBase is a small Ascendancy game with the Borg, played through commands.
func ascBase(t testing.TB) []Event {
	t.Helper()
	s, err := New(KindAscendancy, Options{Now: testClock(), Seeds: &CountingSeeds{}})
	require.NoError(t, err)
	for _, c := range []Command{AddAscPlayer{Name: "Ann"}, AddAscPlayer{Name: "Ben"},
		EnableBorg{Hits: map[int]int{0: 5, 1: 5}}, AddCube{System: "S"}, PlaceSpire{System: "T"},
		AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 3}, StartAscendancy{}, ChooseTurnOrder{}} {
		_, err := s.Execute(c)
		require.NoError(t, err)
	}
	return s.Log()
}

// withSteps appends crafted events to a log, each as a step of its own.
func withSteps(log []Event, payloads ...Payload) []Event {
	out := append([]Event(nil), log...)
	step := uint64(0)
	for _, e := range log {
		if !e.IsMarker() {
			step = max(step, e.Step)
		}
	}
	for _, p := range payloads {
		step++
		out = append(out, Event{Seq: uint64(len(out)) + 1, Step: step, Type: p.EventType(), Label: "crafted",
			At: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Payload: p})
	}
	return out
}

func exportBytes(t testing.TB, kind Kind, events []Event) []byte {
	t.Helper()
	var buf bytes.Buffer
	_, err := (&Export{Format: ExportFormat, Schema: SchemaVersion, Kind: kind, Name: "crafted", Events: events}).WriteTo(&buf)
	require.NoError(t, err)
	return buf.Bytes()
}

func awayChar(id, owner string, mod func(*Character)) Character {
	c := Character{ID: id, Controller: owner, Status: StatusInPlay, Character: awayrules.Character{Name: "Spock", Owner: owner,
		Tracks: awayrules.Tracks{Attack: awayrules.NewTrack(1, 2), Defense: awayrules.NewTrack(1, 2),
			Skill: awayrules.NewTrack(1), Move: awayrules.NewTrack(1, 2)}}}
	if mod != nil {
		mod(&c)
	}
	return c
}

// The report's impossible games. Every one of them replays (the import
// path before this check accepted them); every one is now refused, in
// words that name the field.
func TestImportRefusesImpossibleGames(t *testing.T) {
	away, asc := awayBase(t), ascBase(t)
	manyP1 := make([]Payload, 200)
	for i := range manyP1 {
		manyP1[i] = AwayPlayerAdded{Player: AwayPlayer{ID: "p1", Name: "P" + strconv.Itoa(i+1), Tokens: map[string]int{}}}
	}
	holes := make([]int, 13)
	ascPlayer := func(mod func(*AscPlayer)) AscPlayer {
		p := AscPlayer{ID: "p1", Name: "Ann", Civilization: "Ann", Weapons: 5, BaseCommands: 5, Commands: 5, Costs: ascrules.NewCostTable("Ann")}
		mod(&p)
		return p
	}
	tests := []struct {
		name string
		kind Kind
		log  []Event
		want string
	}{
		{"200 players all p1", KindAway, withSteps(nil, manyP1...), `player 2 (P2): the id "p1" is taken by another player`},
		{"two players called Ann", KindAway, withSteps(away, AwayPlayerAdded{Player: AwayPlayer{ID: "p9", Name: "ann"}}),
			"player 3 (ann): there is already a player called ann"},
		{"a 13-hole track", KindAway, withSteps(away, CharacterAdded{Character: awayChar("c9", "p1", func(c *Character) {
			c.Tracks.Attack = awayrules.Track{Values: holes, Pegs: 13}
		})}), "character 3 (Spock): Attack track has 13 holes; a track has at most 12"},
		{"99 pegs on a 2-hole track", KindAway, withSteps(away, CharacterAdded{Character: awayChar("c9", "p1", func(c *Character) {
			c.Tracks.Defense.Pegs = 99
		})}), "Defense track: 99 pegs in a track of 2 holes"},
		{"stun 999", KindAway, withSteps(away, CharacterAdded{Character: awayChar("c9", "p1", func(c *Character) {
			c.Stun = 999
		})}), "999 stun tokens; a character has 0 to 2"},
		{"honor -2^63", KindAway, withSteps(away, CharacterAdded{Character: awayChar("c9", "p1", func(c *Character) {
			c.Honor = math.MinInt64
		})}), "honor is -9223372036854775808; counts run from 0 to 9999"},
		{"duplicate character ids", KindAway, withSteps(away, CharacterAdded{Character: awayChar("c3", "p1", nil)}),
			`character 3 (Spock): the id "c3" is taken`},
		{"phase warp", KindAway, withSteps(away, AwayPhaseChanged{Phase: "warp", Round: 1}), `phase "warp", which Away Missions does not have`},
		{"a character of nobody", KindAway, withSteps(away, CharacterAdded{Character: awayChar("c9", "p1", func(c *Character) {
			c.Controller = "p7"
		})}), `controlled by "p7", who is not in the game`},
		{"a million intel tokens", KindAway, withSteps(away, TokensSet{Player: "p1", Token: TokenIntel, Count: 1_000_000}),
			"intel tokens is 1000000; counts run from 0 to 9999"},
		{"nine Ascendancy players", KindAscendancy, withSteps(nil, func() []Payload {
			var ps []Payload
			for i := range 9 {
				ps = append(ps, AscPlayerAdded{Player: ascPlayer(func(p *AscPlayer) {
					p.ID, p.Name = "p"+string(rune('1'+i)), "P"+string(rune('1'+i))
				})})
			}
			return ps
		}()...), "9 players; at most 8"},
		{"weapons 0", KindAscendancy, withSteps(asc, AscPlayerSet{Player: ascPlayer(func(p *AscPlayer) { p.Weapons = 0 })}),
			"player 1 (Ann): weapons hit roll 0; it is 1 to 6"},
		{"negative culture", KindAscendancy, withSteps(asc, AscPlayerSet{Player: ascPlayer(func(p *AscPlayer) { p.Resources.Culture = -5 })}),
			"resources (culture) is -5"},
		{"stage warp", KindAscendancy, withSteps(asc, AscWalkerSet{Walker: AscWalker{Stage: "warp", Bids: []ascrules.Bid{}, Order: []string{}}}),
			`stage "warp", which Ascendancy does not have`},
		{"seven cubes", KindAscendancy, withSteps(asc, BorgSet{Borg: BorgState{Hits: borgrules.HitTable{BySpires: map[int]int{0: 5}},
			Cubes: []borgrules.Cube{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}, {ID: "e"}, {ID: "f"}, {ID: "g"}}}}),
			"the Borg: 7 cubes in play; at most 5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Replay(tt.kind, tt.log, Options{})
			require.NoError(t, err, "the log replays: only the new check refuses it")
			_, err = ParseExport(exportBytes(t, tt.kind, tt.log))
			require.ErrorIs(t, err, ErrBadLog)
			require.ErrorIs(t, err, ErrImpossible)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// A 100,000-hole track does not even reach the validator: its event is
// larger than an event can be.
func TestImportRefusesHugeEvent(t *testing.T) {
	c := awayChar("c9", "p1", func(c *Character) {
		c.Tracks.Attack = awayrules.Track{Values: make([]int, 100_000), Pegs: 100_000}
	})
	_, err := ParseExport(exportBytes(t, KindAway, withSteps(awayBase(t), CharacterAdded{Character: c})))
	require.ErrorIs(t, err, ErrNotExport)
	assert.Contains(t, err.Error(), "an event is at most 64 KB")
	assert.Less(t, len(err.Error()), 300)
}

// A state the validator refuses is still refused as the step after it
// is undone, when Redo would bring it back.
func TestImportChecksTheRedoList(t *testing.T) {
	log := withSteps(awayBase(t), CharacterAdded{Character: awayChar("c9", "p1", func(c *Character) { c.Stun = 5 })})
	last := log[len(log)-1]
	log = append(log, Event{Seq: last.Seq + 1, Step: last.Step, Type: TypeUndo, Label: "Undo", At: last.At})
	_, err := Replay(KindAway, log, Options{})
	require.NoError(t, err)
	_, err = ParseExport(exportBytes(t, KindAway, log))
	require.ErrorIs(t, err, ErrImpossible)
}

// Games played through the commands always pass: the validator checks
// what commands keep, nothing more. A long game is in log_test.go.
func TestValidateAcceptsPlayedGames(t *testing.T) {
	for name, g := range map[string]struct {
		kind Kind
		log  []Event
	}{
		"away":       {KindAway, awayBase(t)},
		"ascendancy": {KindAscendancy, ascBase(t)},
	} {
		t.Run(name, func(t *testing.T) {
			require.NotEmpty(t, g.log)
			require.NoError(t, validateLog(g.kind, g.log))
			x, err := ParseExport(exportBytes(t, g.kind, g.log))
			require.NoError(t, err)
			assert.Len(t, x.Events, len(g.log))
		})
	}
}

// Commands that count tokens and counters stop at the same bound the
// validator keeps, so an exported game always imports again.
func TestCountsStopAtTheBound(t *testing.T) {
	s, err := Replay(KindAway, awayBase(t), Options{Seeds: &CountingSeeds{}})
	require.NoError(t, err)
	for range maxCount / 100 {
		_, err = s.Execute(AdjustTokens{Player: "p1", Token: TokenIntel, Delta: 100})
		require.NoError(t, err)
	}
	_, err = s.Execute(AdjustTokens{Player: "p1", Token: TokenIntel, Delta: 100})
	require.ErrorIs(t, err, ErrRejected)
	assert.Contains(t, err.Error(), "counts run from 0 to 9999")
	require.NoError(t, ValidateState(s.State()))

	_, err = s.Execute(AddCharacter{Player: "p1", Name: "Data", CatalogID: strings.Repeat("X", 61),
		Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}})
	require.ErrorIs(t, err, ErrRejected)
}

// FuzzValidateState feeds arbitrary states to the validator: it must never
// panic, and a state it accepts must be one the app can show (its summary
// and a deep copy work).
func FuzzValidateState(f *testing.F) {
	for _, log := range [][]Event{awayBase(f), ascBase(f)} {
		s, err := Replay(kindOf(log), log, Options{})
		if err != nil {
			f.Fatal(err)
		}
		b, err := json.Marshal(s.State())
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"kind":"away","away":{"phase":"warp"}}`))
	f.Add([]byte(`{"kind":"ascendancy","ascendancy":{"walker":{"stage":"setup"},"players":[{"id":"p1","name":"A","weapons":5}],"next_id":1}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var s State
		if json.Unmarshal(b, &s) != nil {
			return
		}
		if ValidateState(&s) != nil {
			return
		}
		_ = s.Summary()
		_, err := s.Clone()
		require.NoError(t, err)
	})
}

// kindOf tells the game of a log by its first event's type.
func kindOf(log []Event) Kind {
	if strings.HasPrefix(log[0].Type, "away.") {
		return KindAway
	}
	return KindAscendancy
}
