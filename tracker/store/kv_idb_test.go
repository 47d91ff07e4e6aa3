//go:build js && wasm

package store

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/hack-pad/go-indexeddb/idb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

// These tests run in a real browser: a wasm test binary under headless
// Chromium, e.g. with github.com/agnivade/wasmbrowsertest installed,
//
//	GOOS=js GOARCH=wasm go test -exec wasmbrowsertest ./tracker/store/
//
// They use databases of their own.
func openIDBTest(t *testing.T, name string) *Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := OpenIndexedDB(ctx, name, Options{Now: testClock(), Seeds: &tracker.CountingSeeds{Next: 7}})
	require.NoError(t, err)
	return s
}

func TestIndexedDBKeepsEveryCommand(t *testing.T) {
	name := "tableops-test-" + t.Name()
	ctx := context.Background()
	if req, err := idb.Global().DeleteDatabase(name); err == nil {
		_ = req.Await(ctx)
	}
	s := openIDBTest(t, name)
	g, err := s.Create(tracker.KindAway, "Friday game")
	require.NoError(t, err)
	for i := 1; i <= 25; i++ {
		note(t, g, noteText(i))
	}
	id := g.ID()

	// A second tab is refused while this one has the games open.
	c, cancel := context.WithTimeout(ctx, 5*time.Second)
	_, err = OpenIndexedDB(c, name, Options{})
	cancel()
	require.ErrorIs(t, err, ErrInUse)
	require.NoError(t, s.Close())

	s = openIDBTest(t, name)
	defer s.Close()
	assert.Empty(t, s.Notices())
	g2, err := s.OpenGame(id)
	require.NoError(t, err)
	assert.Equal(t, uint64(25), g2.Seq())
	assert.Equal(t, noteText(25), g2.Log()[24].Label)

	var exp bytes.Buffer
	require.NoError(t, s.Export(id, &exp))
	info, err := s.Import(&exp)
	require.NoError(t, err)
	assert.Equal(t, uint64(25), info.Events)
}

// BenchmarkIndexedDBAppend measures one committed command in the browser:
// one IndexedDB transaction (durability "strict") awaited until complete.
func BenchmarkIndexedDBAppend(b *testing.B) {
	name := "tableops-bench"
	ctx := context.Background()
	if req, err := idb.Global().DeleteDatabase(name); err == nil {
		_ = req.Await(ctx)
	}
	s, err := OpenIndexedDB(ctx, name, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	g, err := s.Create(tracker.KindAway, "bench")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		if _, err := g.Execute(tracker.Note{Text: noteText(i)}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIndexedDBOpen10k measures opening the browser store holding a
// game of 10,000 events and opening that game: reading every key from
// IndexedDB, the checksums, decoding and replay.
func BenchmarkIndexedDBOpen10k(b *testing.B) {
	name := "tableops-bench-open"
	ctx := context.Background()
	if req, err := idb.Global().DeleteDatabase(name); err == nil {
		_ = req.Await(ctx)
	}
	s, err := OpenIndexedDB(ctx, name, Options{})
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
	_ = s.Close()
	for b.Loop() {
		s, err := OpenIndexedDB(ctx, name, Options{})
		if err != nil {
			b.Fatal(err)
		}
		g, err := s.OpenGame("bench")
		if err != nil || g.Seq() != 10000 {
			b.Fatal(err)
		}
		_ = s.Close()
	}
}
