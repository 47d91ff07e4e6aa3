package tracker

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSnapshotFollow checks that a snapshot taken at any point of a game
// and followed with the events after it (as the share client mirrors a
// host) has the undo and redo lists the session has, through new steps,
// undo, redo and a command that drops the redo list; and that events which
// do not continue it are refused.
func TestSnapshotFollow(t *testing.T) {
	s, err := New(KindAway, Options{})
	require.NoError(t, err)
	snaps := []Snapshot{s.Snapshot()}
	do := func(f func() error) {
		t.Helper()
		require.NoError(t, f())
		snaps = append(snaps, s.Snapshot())
	}
	note := func(text string) func() error {
		return func() error { _, err := s.Execute(Note{Text: text}); return err }
	}
	undo := func() error { _, err := s.Undo(); return err }
	redo := func() error { _, err := s.Redo(); return err }
	do(note("a"))
	do(note("b"))
	do(undo)
	do(undo)
	do(redo)
	do(note("c")) // drops b from the redo list
	do(undo)
	do(note("d"))
	do(undo)
	do(redo)

	// Through the wire, as a client gets them.
	b, err := json.Marshal(s.EventsSince(0))
	require.NoError(t, err)
	var log []Event
	require.NoError(t, json.Unmarshal(b, &log))
	for _, from := range snaps {
		for _, to := range snaps {
			if to.Seq < from.Seq {
				continue
			}
			got, err := from.Follow(log[from.Seq:to.Seq], to.State)
			require.NoError(t, err, "from %d to %d", from.Seq, to.Seq)
			assert.Equal(t, to.Seq, got.Seq)
			assert.Equal(t, to.State, got.State)
			assert.Equal(t, len(to.History.Undo), len(got.History.Undo), "from %d to %d", from.Seq, to.Seq)
			assert.Equal(t, len(to.History.Redo), len(got.History.Redo), "from %d to %d", from.Seq, to.Seq)
			for i := range to.History.Undo {
				assert.Equal(t, to.History.Undo[i].ID, got.History.Undo[i].ID)
				assert.Equal(t, to.History.Undo[i].Label, got.History.Undo[i].Label)
			}
			for i := range to.History.Redo {
				assert.Equal(t, to.History.Redo[i].ID, got.History.Redo[i].ID)
				assert.Equal(t, to.History.Redo[i].Label, got.History.Redo[i].Label)
			}
		}
	}

	last := snaps[len(snaps)-1]
	st := last.State
	for name, evs := range map[string][]Event{
		"a gap":                   {{Seq: last.Seq + 2, Step: 5, Type: "note", Payload: NoteAdded{Text: "x"}}},
		"a step out of order":     {{Seq: last.Seq + 1, Step: 9, Type: "note", Payload: NoteAdded{Text: "x"}}},
		"an undo of another step": {{Seq: last.Seq + 1, Step: 1, Type: TypeUndo}},
		"a redo with none undone": {{Seq: last.Seq + 1, Step: 4, Type: TypeRedo}},
		"no data":                 {{Seq: last.Seq + 1, Step: 5, Type: "note"}},
	} {
		_, err := last.Follow(evs, st)
		assert.Error(t, err, name)
	}
	_, err = last.Follow(nil, nil)
	assert.Error(t, err, "no state")

	// Snapshots no host sends are refused, not followed.
	for name, bad := range map[string]Snapshot{
		"a step beyond the log": {Seq: 1, History: History{Undo: []Step{{ID: 2, Events: []Event{{Seq: 1, Step: 2}}}}}},
		"a huge step":           {Seq: 1 << 40, History: History{Undo: []Step{{ID: 1 << 40, Events: []Event{{Seq: 1, Step: 1 << 40}}}}}},
		"a step listed twice":   {Seq: 2, History: History{Undo: []Step{{ID: 1, Events: []Event{{Seq: 1, Step: 1}}}}, Redo: []Step{{ID: 1, Events: []Event{{Seq: 1, Step: 1}}}}}},
		"a step without events": {Seq: 2, History: History{Undo: []Step{{ID: 1}}}},
	} {
		_, err := bad.Follow(nil, st)
		assert.Error(t, err, name)
	}
}
