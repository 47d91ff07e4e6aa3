package tracker

import "testing"

// BenchmarkReplay10k measures folding a 10,000-event log (already decoded)
// into a state. Goal: under 50 ms.
func BenchmarkReplay10k(b *testing.B) {
	events := BenchmarkLog(10000)
	b.ResetTimer()
	for b.Loop() {
		s, err := Replay(KindAway, events, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if s.Seq() != 10000 {
			b.Fatal("short log")
		}
	}
}

func TestBenchmarkLogReplays(t *testing.T) {
	events := BenchmarkLog(500)
	if len(events) != 500 {
		t.Fatalf("got %d events", len(events))
	}
	if _, err := Replay(KindAway, events, Options{}); err != nil {
		t.Fatal(err)
	}
}
