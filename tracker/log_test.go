package tracker_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

// The tests here run over a long game played through the commands
// (trackertest.Log), so they live outside the package: trackertest
// imports tracker.

// Every event of a long game carries its label as data, and the pieces
// make the label; records and JSON keep them; pieces that do not make the
// label (a file edited by hand) are dropped and the label is shown.
func TestEventTextsMakeTheLabel(t *testing.T) {
	events := trackertest.Log(300)
	keyed := 0
	for _, e := range events {
		if len(e.Texts) > 0 {
			keyed++
			assert.Equal(t, e.Label, e.Texts.String(), "event %d", e.Seq)
		}
		assert.Equal(t, e.Label, e.LabelTexts().String(), "event %d", e.Seq)
		b, err := tracker.MarshalRecord(e)
		require.NoError(t, err)
		got, err := tracker.UnmarshalRecord(b)
		require.NoError(t, err)
		assert.Equal(t, e.Texts, got.Texts, "event %d", e.Seq)
	}
	assert.Greater(t, keyed, 250)

	e := events[len(events)-1]
	e.Texts = tracker.Texts{{Key: "track.x", Text: "something else"}}
	b, err := json.Marshal(e)
	require.NoError(t, err)
	var got tracker.Event
	require.NoError(t, json.Unmarshal(b, &got))
	assert.Nil(t, got.Texts)
	assert.Equal(t, e.Label, got.LabelTexts().String())
}

// Games played through the commands always pass the import's checks,
// a long one too.
func TestImportAcceptsALongGame(t *testing.T) {
	events := trackertest.Log(1000)
	require.Len(t, events, 1000)
	x := tracker.Export{Format: tracker.ExportFormat, Schema: tracker.SchemaVersion, Kind: tracker.KindAway, Name: "long", Events: events}
	var buf bytes.Buffer
	_, err := x.WriteTo(&buf)
	require.NoError(t, err)
	got, err := tracker.ParseExport(buf.Bytes())
	require.NoError(t, err)
	assert.Len(t, got.Events, len(events))
}
