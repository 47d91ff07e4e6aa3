package tracker_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

func TestRecordRoundTrip(t *testing.T) {
	events := trackertest.Log(300)
	require.Len(t, events, 300)
	for _, e := range events {
		b, err := tracker.MarshalRecord(e)
		require.NoError(t, err)
		got, err := tracker.UnmarshalRecord(b)
		require.NoError(t, err)
		want, _ := json.Marshal(e)
		have, _ := json.Marshal(got)
		assert.Equal(t, string(want), string(have))
		assert.True(t, e.At.Equal(got.At))
		// Every truncation is an error, never a panic.
		for i := range len(b) - 1 {
			if _, err := tracker.UnmarshalRecord(b[:i]); err == nil && e.Payload != nil {
				t.Fatalf("event %d truncated to %d bytes was accepted", e.Seq, i)
			}
		}
	}
}

func FuzzUnmarshalRecord(f *testing.F) {
	for _, e := range trackertest.Log(40) {
		b, err := tracker.MarshalRecord(e)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := tracker.UnmarshalRecord(b)
		if err != nil {
			return
		}
		again, err := tracker.MarshalRecord(e)
		if err != nil {
			t.Fatalf("decoded record does not encode: %v", err)
		}
		if _, err := tracker.UnmarshalRecord(again); err != nil {
			t.Fatalf("re-encoded record does not decode: %v", err)
		}
	})
}
