package tracker_test

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

// longestGame is a played game (trackertest.Log) followed by notes up to
// n events, made as the session makes them.
func longestGame(t testing.TB, n int) []tracker.Event {
	t.Helper()
	log := trackertest.Log(2_000)
	require.Len(t, log, 2_000)
	var step uint64
	for _, e := range log {
		if !e.IsMarker() {
			step = max(step, e.Step)
		}
	}
	at := log[len(log)-1].At
	for len(log) < n {
		step++
		text := fmt.Sprintf("note %d", step)
		log = append(log, tracker.Event{Seq: uint64(len(log)) + 1, Step: step, Type: "note", Label: text, At: at,
			Payload: tracker.NoteAdded{Text: text}})
	}
	return log
}

// TestLongestGameExportsAndImports (issue 30, 9): a game may grow to
// MaxGameEvents events and no further (the session refuses the next step
// with its own refusal), and a game that long exports and imports back.
// Today the live session takes events without limit and an import refuses
// a file of 50,000 events or more as "not a Table Ops game file"; now a
// file longer than any game is refused as such (ErrGameTooLong, see
// TestReadExportRefusesNoteFlood).
func TestLongestGameExportsAndImports(t *testing.T) {
	log := longestGame(t, tracker.MaxGameEvents)
	s, err := tracker.Replay(tracker.KindAway, log, tracker.Options{})
	require.NoError(t, err)

	_, err = s.Execute(tracker.Note{Text: "one more"})
	var r *tracker.Rejection
	require.ErrorAs(t, err, &r, "the game is as long as a game can be")
	assert.Contains(t, r.Reason, "50000 events")
	_, err = s.Undo()
	require.ErrorAs(t, err, &r, "an undo is one more event too")
	assert.Equal(t, uint64(tracker.MaxGameEvents), s.Seq())

	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	x := tracker.Export{Format: tracker.ExportFormat, Schema: tracker.SchemaVersion, Kind: tracker.KindAway,
		Name: "the longest game", Created: t0, Exported: t0, Events: s.Log()}
	var buf bytes.Buffer
	_, err = x.WriteTo(&buf)
	require.NoError(t, err)
	file := buf.Bytes()
	back, err := tracker.ReadExport(bytes.NewReader(file))
	require.NoError(t, err, "the game's own export imports")
	assert.Len(t, back.Events, tracker.MaxGameEvents)

	// One event more than a game can hold: TestReadExportRefusesNoteFlood.
}
