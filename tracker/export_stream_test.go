package tracker_test

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

// notesExport is an Away Missions export of n notes, the shape of the
// report's 27 MB file with 200k notes, written as WriteTo writes it (by
// hand: marshalling 200k events is slow under the race detector).
func notesExport(t testing.TB, n int) []byte {
	t.Helper()
	var buf bytes.Buffer
	buf.WriteString("{\n \"format\": \"tableops-game\",\n \"schema\": 1,\n \"kind\": \"away\",\n \"name\": \"notes\",\n" +
		" \"created\": \"2026-01-01T00:00:00Z\",\n \"exported\": \"2026-01-01T00:00:00Z\",\n \"events\": [")
	for i := 1; i <= n; i++ {
		if i > 1 {
			buf.WriteByte(',')
		}
		fmt.Fprintf(&buf, "\n  {\n   \"seq\": %d,\n   \"step\": %d,\n   \"type\": \"note\",\n   \"label\": \"note %d\",\n"+
			"   \"at\": \"2026-01-01T00:00:00Z\",\n   \"data\": {\n    \"text\": \"note %d\"\n   }\n  }", i, i, i, i)
	}
	buf.WriteString("\n ]\n}\n")
	return buf.Bytes()
}

// realExport is an export of a played game of n events (trackertest.Log).
func realExport(t testing.TB, n int) []byte {
	t.Helper()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	x := tracker.Export{Format: tracker.ExportFormat, Schema: tracker.SchemaVersion, Kind: tracker.KindAway, Name: "played", Created: t0, Exported: t0, Events: trackertest.Log(n)}
	require.Len(t, x.Events, n)
	var buf bytes.Buffer
	_, err := x.WriteTo(&buf)
	require.NoError(t, err)
	return buf.Bytes()
}

// allocatedBy returns the bytes fn allocates on the heap.
func allocatedBy(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// The report's attack: a 27 MB export of 200k notes allocated 1.15 GB on
// import. Reading is now streamed event by event with a bound on the
// number of events (as many as a game can hold), and the file is refused
// early for a few MB.
func TestReadExportRefusesNoteFlood(t *testing.T) {
	b := notesExport(t, 200_000)
	t.Logf("export of 200k notes: %.1f MB", float64(len(b))/1e6)
	var err error
	n := allocatedBy(func() { _, err = tracker.ReadExport(bytes.NewReader(b)) })
	t.Logf("allocated %.1f MB", float64(n)/1e6)
	require.ErrorIs(t, err, tracker.ErrGameTooLong, "more events than a game can hold")
	assert.Contains(t, err.Error(), "events")
	assert.Less(t, n, uint64(200<<20), "allocated %d MB to refuse it", n>>20)
}

// An export as large as a real long game is read with memory in
// proportion to the game, not several times the file.
func TestReadExportStreams(t *testing.T) {
	b := realExport(t, 2_000)
	var x *tracker.Export
	var err error
	n := allocatedBy(func() { x, err = tracker.ReadExport(bytes.NewReader(b)) })
	require.NoError(t, err)
	require.Len(t, x.Events, 2_000)
	t.Logf("export of %d events: %.1f MB, allocated %.1f MB", len(x.Events), float64(len(b))/1e6, float64(n)/1e6)
	assert.Less(t, n, uint64(10*len(b)), "allocated %d MB for a %d MB file", n>>20, len(b)>>20)
}

// BenchmarkReadExportNotes200k: the attack file.
func BenchmarkReadExportNotes200k(b *testing.B) {
	data := notesExport(b, 200_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		_, _ = tracker.ReadExport(bytes.NewReader(data))
	}
}

// BenchmarkReadExport10k: a long game, played.
func BenchmarkReadExport10k(b *testing.B) {
	data := realExport(b, 10_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tracker.ReadExport(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
