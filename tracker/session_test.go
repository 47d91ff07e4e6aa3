package tracker

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testClock returns a clock that advances one second per call.
func testClock() func() time.Time {
	t := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	return func() time.Time {
		t = t.Add(time.Second)
		return t
	}
}

func newTestSession(t *testing.T, kind Kind) *Session {
	t.Helper()
	s, err := New(kind, Options{Now: testClock(), Seeds: &CountingSeeds{Next: 1}})
	require.NoError(t, err)
	return s
}

func mustExec(t *testing.T, s *Session, cmds ...Command) []Event {
	t.Helper()
	var out []Event
	for _, c := range cmds {
		evs, err := s.Execute(c)
		require.NoError(t, err, "%s", c.CommandType())
		out = append(out, evs...)
	}
	return out
}

// assertReplays checks that replaying the log gives the same state, byte
// for byte, and that the log survives a JSON round trip.
func assertReplays(t *testing.T, s *Session) {
	t.Helper()
	for _, e := range s.Log() {
		require.NotEmpty(t, e.Label, "event %d (%s) has no label", e.Seq, e.Type)
	}
	b, err := json.Marshal(s.Log())
	require.NoError(t, err)
	var evs []Event
	require.NoError(t, json.Unmarshal(b, &evs))
	r, err := Replay(s.Kind(), evs, Options{})
	require.NoError(t, err)
	want, err := json.Marshal(s.State())
	require.NoError(t, err)
	got, err := json.Marshal(r.State())
	require.NoError(t, err)
	require.JSONEq(t, string(want), string(got))
	require.NoError(t, ValidateState(s.State()), "an export of this game must import")
	require.Equal(t, string(want), string(got))
	// Undo and redo on the copy refold the log in place: the events must
	// come out unchanged (the state never shares memory with the log).
	if len(r.History().Undo) > 0 {
		_, err = r.Undo()
		require.NoError(t, err)
		_, err = r.Redo()
		require.NoError(t, err)
		again, err := json.Marshal(r.State())
		require.NoError(t, err)
		require.Equal(t, string(want), string(again))
		after, err := json.Marshal(r.Log()[:len(evs)])
		require.NoError(t, err)
		require.Equal(t, string(b), string(after), "replay changed the log")
		r, err = Replay(s.Kind(), evs, Options{})
		require.NoError(t, err)
	}
	hs, err := json.Marshal(s.History())
	require.NoError(t, err)
	hr, err := json.Marshal(r.History())
	require.NoError(t, err)
	assert.Equal(t, string(hs), string(hr))
}

func TestNoteAndRejection(t *testing.T) {
	s := newTestSession(t, KindAway)
	evs := mustExec(t, s, Note{Text: "  first blood \n"})
	require.Len(t, evs, 1)
	assert.Equal(t, uint64(1), evs[0].Seq)
	assert.Equal(t, uint64(1), evs[0].Step)
	assert.Equal(t, "first blood", evs[0].Label)
	before := s.State()
	_, err := s.Execute(Note{Text: "   "})
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrRejected))
	var r *Rejection
	require.ErrorAs(t, err, &r)
	assert.Equal(t, CodeInvalid, r.Code)
	assert.Equal(t, "The note is empty.", r.Error())
	assert.Same(t, before, s.State())
	assert.Equal(t, uint64(1), s.Seq())
	_, err = s.Execute(nil)
	require.ErrorIs(t, err, ErrRejected)
}

func TestUndoRedo(t *testing.T) {
	s := newTestSession(t, KindAway)
	_, err := s.Undo()
	require.ErrorIs(t, err, ErrRejected)
	_, err = s.Redo()
	require.ErrorIs(t, err, ErrRejected)

	mustExec(t, s, Note{Text: "a"}, Note{Text: "b"}, Note{Text: "c"})
	assert.Equal(t, 3, s.State().Notes)
	st, err := s.Undo()
	require.NoError(t, err)
	assert.Equal(t, "c", st.Label)
	st, err = s.Undo()
	require.NoError(t, err)
	assert.Equal(t, "b", st.Label)
	assert.Equal(t, 1, s.State().Notes)
	h := s.History()
	require.Len(t, h.Undo, 1)
	require.Len(t, h.Redo, 2)
	assert.Equal(t, "a", h.Undo[0].Label)
	assert.Equal(t, "b", h.Redo[0].Label)
	assert.Equal(t, "c", h.Redo[1].Label)
	assertReplays(t, s)

	st, err = s.Redo()
	require.NoError(t, err)
	assert.Equal(t, "b", st.Label)
	assert.Equal(t, 2, s.State().Notes)
	assertReplays(t, s)

	// A new command clears the redo list.
	mustExec(t, s, Note{Text: "d"})
	h = s.History()
	assert.Empty(t, h.Redo)
	require.Len(t, h.Undo, 3)
	assert.Equal(t, []string{"d", "b", "a"}, []string{h.Undo[0].Label, h.Undo[1].Label, h.Undo[2].Label})
	_, err = s.Redo()
	require.ErrorIs(t, err, ErrRejected)

	// Everything is in the log: 4 notes, 2 undos, 1 redo.
	log := s.Log()
	require.Len(t, log, 7)
	assert.Equal(t, TypeUndo, log[3].Type)
	assert.Equal(t, "Undo: c", log[3].Label)
	assert.Equal(t, TypeRedo, log[5].Type)
	assertReplays(t, s)

	// Undo everything, then redo everything.
	for range 3 {
		_, err := s.Undo()
		require.NoError(t, err)
	}
	assert.Equal(t, 0, s.State().Notes)
	for range 3 {
		_, err := s.Redo()
		require.NoError(t, err)
	}
	assert.Equal(t, 3, s.State().Notes)
	assertReplays(t, s)
}

func TestReplayRejectsInconsistentLogs(t *testing.T) {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	note := func(seq, step uint64) Event {
		return Event{Seq: seq, Step: step, Type: "note", Label: "x", At: at, Payload: NoteAdded{Text: "x"}}
	}
	marker := func(seq, step uint64, typ string) Event {
		return Event{Seq: seq, Step: step, Type: typ, At: at}
	}
	tests := []struct {
		name string
		log  []Event
	}{
		{"gap in sequence", []Event{note(1, 1), note(3, 2)}},
		{"step skipped", []Event{note(1, 1), note(2, 3)}},
		{"undo of nothing", []Event{marker(1, 1, TypeUndo)}},
		{"undo of wrong step", []Event{note(1, 1), note(2, 2), marker(3, 1, TypeUndo)}},
		{"redo without undo", []Event{note(1, 1), marker(2, 1, TypeRedo)}},
		{"redo after new step", []Event{note(1, 1), marker(2, 1, TypeUndo), note(3, 2), marker(4, 1, TypeRedo)}},
		{"step resumed after marker", []Event{note(1, 1), note(2, 2), marker(3, 2, TypeUndo), note(4, 1)}},
		{"command event without data", []Event{{Seq: 1, Step: 1, Type: "note"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Replay(KindAway, tt.log, Options{})
			require.Error(t, err)
		})
	}
	_, err := Replay(Kind("chess"), nil, Options{})
	require.Error(t, err)
}

type failingJournal struct{ fail bool }

func (f *failingJournal) Append([]Event, *State) error {
	if f.fail {
		return errors.New("disk full")
	}
	return nil
}

func TestJournalFailureChangesNothing(t *testing.T) {
	j := &failingJournal{}
	s, err := New(KindAway, Options{Now: testClock(), Journal: j})
	require.NoError(t, err)
	mustExec(t, s, Note{Text: "a"})
	j.fail = true
	_, err = s.Execute(Note{Text: "b"})
	require.ErrorContains(t, err, "disk full")
	assert.False(t, errors.Is(err, ErrRejected))
	_, err = s.Undo()
	require.ErrorContains(t, err, "disk full")
	assert.Equal(t, uint64(1), s.Seq())
	assert.Equal(t, 1, s.State().Notes)
	assert.Len(t, s.History().Undo, 1)
	j.fail = false
	mustExec(t, s, Note{Text: "b"})
	assert.Equal(t, uint64(2), s.Seq())
	assertReplays(t, s)
}

func TestSubscribeInOrderAndReentrant(t *testing.T) {
	s := newTestSession(t, KindAway)
	var seen []uint64
	var labels []string
	cancel := s.Subscribe(func(u Update) {
		seen = append(seen, u.Seq)
		for _, e := range u.Events {
			labels = append(labels, e.Label)
		}
		if u.Events[0].Label == "ping" {
			// A subscriber may execute a command from its callback.
			_, err := s.Execute(Note{Text: "pong"})
			assert.NoError(t, err)
		}
	})
	mustExec(t, s, Note{Text: "ping"})
	_, err := s.Undo()
	require.NoError(t, err)
	assert.Equal(t, []uint64{1, 2, 3}, seen)
	assert.Equal(t, []string{"ping", "pong", "Undo: pong"}, labels)
	cancel()
	mustExec(t, s, Note{Text: "after"})
	assert.Len(t, seen, 3)
}

func TestIngestMirrorsHost(t *testing.T) {
	host := newTestSession(t, KindAway)
	mirror, err := New(KindAway, Options{})
	require.NoError(t, err)
	mustExec(t, host, Note{Text: "a"}, Note{Text: "b"})
	_, err = host.Undo()
	require.NoError(t, err)
	b, err := json.Marshal(host.EventsSince(0))
	require.NoError(t, err)
	var evs []Event
	require.NoError(t, json.Unmarshal(b, &evs))
	require.NoError(t, mirror.Ingest(evs[:2]))
	require.NoError(t, mirror.Ingest(evs[2:]))
	assert.Equal(t, host.State(), mirror.State())
	assert.Equal(t, host.Seq(), mirror.Seq())
	// Events that do not continue the log are refused and change nothing.
	require.Error(t, mirror.Ingest(evs[1:2]))
	assert.Equal(t, host.Seq(), mirror.Seq())
	snap := host.Snapshot()
	assert.Equal(t, uint64(3), snap.Seq)
	assert.Len(t, snap.History.Undo, 1)
	assert.Len(t, snap.History.Redo, 1)
}

func TestCommandJSON(t *testing.T) {
	b, err := EncodeCommand(Note{Text: "hi"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"note","data":{"text":"hi"}}`, string(b))
	c, err := DecodeCommand(b)
	require.NoError(t, err)
	assert.Equal(t, Note{Text: "hi"}, c)

	bad := []string{
		``, `null`, `[]`, `{"type":"nope","data":{}}`, `{"type":"note","data":{"text":1}}`,
		`{"type":"note","data":{"txt":"x"}}`, `{"type":"note","data":{"text":"x"},"extra":1}`,
		`{"type":"note","data":{"text":"x"}} {}`, "\xff",
	}
	for _, in := range bad {
		_, err := DecodeCommand([]byte(in))
		assert.Error(t, err, "%q", in)
	}
	for _, typ := range CommandTypes() {
		_, ok := commandTypes[typ]
		assert.True(t, ok)
	}
}

func FuzzDecodeCommand(f *testing.F) {
	for _, typ := range CommandTypes() {
		f.Add([]byte(`{"type":"` + typ + `","data":{}}`))
	}
	f.Add([]byte(`{"type":"note","data":{"text":"x"}}`))
	f.Add([]byte(`{"type":"away.attack","data":{"attacker":"c3","weapon":"Phaser","target":"c5","attack":{"faces":[6,4]},"defense":{"virtual":2},"tracks":["move","attack"]}}`))
	f.Add([]byte(`{"type":"borg.cube_round","data":{"cube":"cube 1","fleets":[{"player":"p1","ships":2,"roll":{"faces":[6,5]}}],"borg_virtual":true}}`))
	f.Add([]byte(`{"type":"asc.bid","data":{"player":"p1","spent":{"culture":1}}}`))
	// Games in progress to run the decoded commands against.
	mid := func(kind Kind, cmds ...Command) []Event {
		s, err := New(kind, Options{Seeds: &CountingSeeds{}})
		if err != nil {
			f.Fatal(err)
		}
		for _, c := range cmds {
			if _, err := s.Execute(c); err != nil {
				f.Fatal(err)
			}
		}
		return s.Log()
	}
	awayLog := mid(KindAway, AddAwayPlayer{Name: "A"}, AddAwayPlayer{Name: "B", Borg: true},
		AddCharacter{Player: "p1", Name: "X", Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}},
		AddCharacter{Player: "p2", Name: "Y", Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}},
		StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p2"}}, StartRound{}, StartActionPhase{})
	ascLog := mid(KindAscendancy, AddAscPlayer{Name: "A"}, AddAscPlayer{Name: "B"},
		EnableBorg{Hits: map[int]int{0: 5, 1: 5}}, AddCube{System: "S"}, PlaceSpire{System: "T"},
		AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 3}, StartAscendancy{}, ChooseTurnOrder{})
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := DecodeCommand(b)
		if err != nil {
			return
		}
		// A decoded command may be executed safely in any game: it either
		// applies or is refused, and the log still replays.
		for _, g := range []struct {
			kind Kind
			log  []Event
		}{{KindAway, nil}, {KindAscendancy, nil}, {KindAway, awayLog}, {KindAscendancy, ascLog}} {
			s, err := Replay(g.kind, g.log, Options{Seeds: &CountingSeeds{}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Execute(c); err != nil {
				if strings.Contains(err.Error(), "internal error") {
					t.Fatalf("%s: %v", b, err)
				}
				continue
			}
			if _, err := Replay(g.kind, s.Log(), Options{}); err != nil {
				t.Fatalf("%s: log does not replay: %v", b, err)
			}
		}
	})
}
