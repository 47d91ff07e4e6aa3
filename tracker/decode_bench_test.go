package tracker

import (
	"encoding/json"
	"testing"
)

// BenchmarkDecodeEvents10k measures decoding 10,000 stored events (what
// opening a saved game costs on top of the replay).
func BenchmarkDecodeEvents10k(b *testing.B) {
	events := BenchmarkLog(10000)
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
			if _, err := DecodeEvent(r); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkUnmarshalRecords10k measures decoding 10,000 events from the
// store's record form.
func BenchmarkUnmarshalRecords10k(b *testing.B) {
	events := BenchmarkLog(10000)
	raw := make([][]byte, len(events))
	for i, e := range events {
		var err error
		if raw[i], err = MarshalRecord(e); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, r := range raw {
			if _, err := UnmarshalRecord(r); err != nil {
				b.Fatal(err)
			}
		}
	}
}
