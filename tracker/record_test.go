package tracker

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRecordRoundTrip(t *testing.T) {
	events := BenchmarkLog(300)
	require.Len(t, events, 300)
	for _, e := range events {
		b, err := MarshalRecord(e)
		require.NoError(t, err)
		got, err := UnmarshalRecord(b)
		require.NoError(t, err)
		want, _ := json.Marshal(e)
		have, _ := json.Marshal(got)
		assert.Equal(t, string(want), string(have))
		assert.True(t, e.At.Equal(got.At))
		// Every truncation is an error, never a panic.
		for i := range len(b) - 1 {
			if _, err := UnmarshalRecord(b[:i]); err == nil && e.Payload != nil {
				t.Fatalf("event %d truncated to %d bytes was accepted", e.Seq, i)
			}
		}
	}
}

func FuzzUnmarshalRecord(f *testing.F) {
	for _, e := range BenchmarkLog(40) {
		b, err := MarshalRecord(e)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := UnmarshalRecord(b)
		if err != nil {
			return
		}
		again, err := MarshalRecord(e)
		if err != nil {
			t.Fatalf("decoded record does not encode: %v", err)
		}
		if _, err := UnmarshalRecord(again); err != nil {
			t.Fatalf("re-encoded record does not decode: %v", err)
		}
	})
}
