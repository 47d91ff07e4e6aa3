package tracker_test

import (
	"encoding/json"
	"testing"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

// BenchmarkDecodeEvents10k measures decoding 10,000 stored events (what
// opening a saved game costs on top of the replay).
func BenchmarkDecodeEvents10k(b *testing.B) {
	events := trackertest.Log(10000)
	raw := make([][]byte, len(events))
	for i, e := range events {
		var err error
		if raw[i], err = json.Marshal(e); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, r := range raw {
			if _, err := tracker.DecodeEvent(r); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkUnmarshalRecords10k measures decoding 10,000 events from the
// store's record form.
func BenchmarkUnmarshalRecords10k(b *testing.B) {
	events := trackertest.Log(10000)
	raw := make([][]byte, len(events))
	for i, e := range events {
		var err error
		if raw[i], err = tracker.MarshalRecord(e); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, r := range raw {
			if _, err := tracker.UnmarshalRecord(r); err != nil {
				b.Fatal(err)
			}
		}
	}
}
