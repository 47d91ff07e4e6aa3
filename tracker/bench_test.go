package tracker_test

import (
	"testing"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

// BenchmarkReplay10k measures folding a 10,000-event log (already decoded)
// into a state. Goal: under 50 ms.
func BenchmarkReplay10k(b *testing.B) {
	events := trackertest.Log(10000)
	b.ResetTimer()
	for b.Loop() {
		s, err := tracker.Replay(tracker.KindAway, events, tracker.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if s.Seq() != 10000 {
			b.Fatal("short log")
		}
	}
}
