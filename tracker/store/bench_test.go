//go:build !js

package store

import (
	"path/filepath"
	"strconv"
	"testing"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

// BenchmarkAppend measures one committed command (one bbolt transaction,
// synced to disk). Goal: under 5 ms.
func BenchmarkAppend(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "bench.db"), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	g, err := s.Create(tracker.KindAway, "bench")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := g.Execute(tracker.Note{Text: "note " + strconv.Itoa(i)}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenGame10k measures opening a saved game of 10,000 events:
// reading them from the file, decoding and replaying. Goal: under 50 ms.
func BenchmarkOpenGame10k(b *testing.B) {
	path := filepath.Join(b.TempDir(), "bench.db")
	s, err := Open(path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	events := trackertest.Log(10000)
	sess, err := tracker.Replay(tracker.KindAway, events, tracker.Options{})
	if err != nil {
		b.Fatal(err)
	}
	sum := sess.State().Summary()
	info := GameInfo{ID: "bench", Name: "bench", Kind: tracker.KindAway, Players: sum.Players, Stage: sum.Stage, Events: uint64(len(events))}
	if err := s.insert(info, events); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		s.mu.Lock()
		delete(s.games, "bench")
		s.mu.Unlock()
		g, err := s.OpenGame("bench")
		if err != nil {
			b.Fatal(err)
		}
		if g.Seq() != 10000 {
			b.Fatal("short log")
		}
	}
}

// BenchmarkOpenStore10k measures opening a store file that holds a game of
// 10,000 events: bbolt's page check and every record's checksum, read-only,
// before the file is opened for writing.
func BenchmarkOpenStore10k(b *testing.B) {
	path := filepath.Join(b.TempDir(), "bench.db")
	s, err := Open(path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	events := trackertest.Log(10000)
	sess, err := tracker.Replay(tracker.KindAway, events, tracker.Options{})
	if err != nil {
		b.Fatal(err)
	}
	sum := sess.State().Summary()
	info := GameInfo{ID: "bench", Name: "bench", Kind: tracker.KindAway, Players: sum.Players, Stage: sum.Stage, Events: uint64(len(events))}
	if err := s.insert(info, events); err != nil {
		b.Fatal(err)
	}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s, err := Open(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if len(s.Notices()) != 0 {
			b.Fatal(s.Notices())
		}
		_ = s.Close()
	}
}
