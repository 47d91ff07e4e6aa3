//go:build !js

package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

// savedGame writes a store with one game, "Friday game", of n notes (event
// i is note i) and returns the file's path and the game's id.
func savedGame(t *testing.T, n int) (string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := Open(path, Options{Now: testClock()})
	require.NoError(t, err)
	g, err := s.Create(tracker.KindAway, "Friday game")
	require.NoError(t, err)
	for i := 1; i <= n; i++ {
		note(t, g, noteText(i))
		require.Equal(t, uint64(i), g.Seq())
	}
	require.NoError(t, s.Close())
	return path, g.ID()
}

// flipAt flips bits at every place of the file where find occurs (bbolt
// keeps stale copies of pages in free pages; the live one is among them):
// bit i of byte off+shift+i, where off is the start of find, or of its page
// when page is true. It returns the damaged file's bytes.
func flipAt(t *testing.T, path, find string, page bool, shift, bits int) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	n := 0
	pages := map[int]bool{}
	for from := 0; ; {
		i := bytes.Index(b[from:], []byte(find))
		if i < 0 {
			break
		}
		off := from + i
		from = off + len(find)
		if page {
			off = off / 4096 * 4096
			if pages[off] {
				continue
			}
			pages[off] = true
		}
		for j := range bits {
			b[off+shift+j] ^= 1 << (j % 8)
		}
		n++
	}
	require.NotZero(t, n, "%q not in the file", find)
	require.NoError(t, os.WriteFile(path, b, 0o600))
	return b
}

// Issue 15, items 11-13: flipped bits inside one stored event (in its label
// text, or its payload) are noticed by the checksum; the store opens, the
// game opens up to the event before, says exactly what was left out,
// exports, and nothing in the file changes until the players go on.
func TestDamagedEventOpensUpToLastGood(t *testing.T) {
	const n, bad = 300, 120
	cases := map[string]struct {
		find  string // where to flip
		shift int
		bits  int
	}{
		"five bits in the label":   {noteText(bad), 5, 5},
		"one bit in the label":     {noteText(bad), 0, 1},
		"five bits in the payload": {`"text":"` + noteText(bad), 9, 5},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			path, id := savedGame(t, n)
			damaged := flipAt(t, path, c.find, false, c.shift, c.bits)

			s, err := Open(path, Options{Now: testClock()})
			require.NoError(t, err)
			want := "events 120 to 300 of 'Friday game' are damaged and were left out"
			assert.Equal(t, []string{"Events 120 to 300 of 'Friday game' are damaged and were left out."}, s.Notices())
			list, err := s.List()
			require.NoError(t, err)
			require.Len(t, list, 1)
			assert.Equal(t, want, list[0].Damage)

			g, err := s.OpenGame(id)
			require.NoError(t, err)
			require.NotNil(t, g.Damage())
			assert.Equal(t, want, g.Damage().String())
			assert.Equal(t, uint64(bad-1), g.Seq())
			log := g.Log()
			assert.Equal(t, noteText(bad-1), log[len(log)-1].Label)

			var exp bytes.Buffer
			require.NoError(t, s.Export(id, &exp))
			x, err := tracker.ParseExport(exp.Bytes())
			require.NoError(t, err)
			assert.Len(t, x.Events, bad-1)
			require.NoError(t, s.Close())

			after, err := os.ReadFile(path)
			require.NoError(t, err)
			require.True(t, bytes.Equal(damaged, after), "opening, listing, opening the game and exporting changed the file")

			// Going on: the damaged events are set aside, byte for byte.
			s = openTest(t, path)
			g, err = s.OpenGame(id)
			require.NoError(t, err)
			note(t, g, "after the damage")
			assert.Nil(t, g.Damage())
			assert.Equal(t, uint64(bad), g.Seq())
			info, err := s.Info(id)
			require.NoError(t, err)
			assert.Empty(t, info.Damage)
			require.Len(t, info.SetAside, 1)
			assert.Equal(t, uint64(bad), info.SetAside[0].From)
			assert.Equal(t, uint64(n), info.SetAside[0].To)
			assert.Equal(t, uint64(bad), info.Events)
			require.NoError(t, s.Close())

			s = openTest(t, path)
			assert.Empty(t, s.Notices())
			g, err = s.OpenGame(id)
			require.NoError(t, err)
			assert.Nil(t, g.Damage())
			assert.Equal(t, "after the damage", g.Log()[bad-1].Label)
			var kept int
			require.NoError(t, s.db.view(func(tx kvTx) error {
				aside := tx.bucket(bucketGames).bucket([]byte(id)).bucket([]byte("set-aside-1"))
				require.NotNil(t, aside)
				return aside.forEach(func(k, v []byte) error {
					seq := binary.BigEndian.Uint64(k)
					assert.Equal(t, uint64(bad+kept), seq)
					if seq != bad {
						rec, framed, err := unseal(recordKey(id, k), v)
						require.NoError(t, err)
						require.True(t, framed)
						e, err := tracker.UnmarshalRecord(rec)
						require.NoError(t, err)
						assert.Equal(t, noteText(int(seq)), e.Label)
					} else {
						assert.True(t, bytes.Contains(damaged, v), "the damaged record is kept as it was")
					}
					kept++
					return nil
				})
			}))
			assert.Equal(t, n-bad+1, kept)
		})
	}
}

// Issue 15, item 11: damage to the pages themselves (not only the values in
// them) makes the file unreadable, and it is left byte for byte as it was.
func TestDamagedPageLeftUntouched(t *testing.T) {
	for name, shift := range map[string]int{"page id": 0, "flags and count": 8} {
		t.Run(name, func(t *testing.T) {
			path, _ := savedGame(t, 300)
			damaged := flipAt(t, path, noteText(120), true, shift, 5)
			s, err := Open(path, Options{Now: testClock()})
			if err == nil {
				_ = s.Close()
			}
			require.ErrorIs(t, err, ErrUnreadable)
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			require.True(t, bytes.Equal(damaged, after), "a failed open changed the file")
		})
	}
}

// Opening and closing a healthy store writes nothing.
func TestOpenWritesNothing(t *testing.T) {
	path, id := savedGame(t, 20)
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	s := openTest(t, path)
	_, err = s.OpenGame(id)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, bytes.Equal(before, after))
}

// Issue 15, item 14: an empty file is kept aside with a timestamp, a new
// store is started, and the caller is told.
func TestEmptyFileSetAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	s := openTest(t, path)
	list, err := s.List()
	require.NoError(t, err)
	assert.Empty(t, list)
	aside := filepath.Join(dir, "games.db.empty-20260304-050608")
	fi, err := os.Stat(aside)
	require.NoError(t, err, "the empty file is kept aside")
	assert.Zero(t, fi.Size())
	require.Len(t, s.Notices(), 1)
	assert.Contains(t, s.Notices()[0], "was empty (0 bytes)")
	assert.Contains(t, s.Notices()[0], "games.db.empty-20260304-050608")
	_, err = s.Create(tracker.KindAway, "new")
	require.NoError(t, err)
}

// A format 1 store (records without checksums) still opens, and becomes
// format 2 with the first change.
func TestFormat1StoreOpens(t *testing.T) {
	path, before := format1Store(t, 0)

	s := openTest(t, path)
	assert.Empty(t, s.Notices())
	g, err := s.OpenGame("old")
	require.NoError(t, err)
	assert.Nil(t, g.Damage())
	assert.Equal(t, uint64(50), g.Seq())
	require.NoError(t, s.Close())
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, bytes.Equal(before, after), "opening an old store changed it")

	s = openTest(t, path)
	g, err = s.OpenGame("old")
	require.NoError(t, err)
	note(t, g, "new")
	require.NoError(t, s.db.view(func(tx kvTx) error {
		assert.Equal(t, "2", string(tx.bucket(bucketMeta).get(keyFormat)))
		return nil
	}))
	require.NoError(t, s.Close())
	s = openTest(t, path)
	g, err = s.OpenGame("old")
	require.NoError(t, err)
	assert.Equal(t, uint64(51), g.Seq())
	assert.True(t, strings.HasPrefix(g.Log()[50].Label, "new"))
}

// A format 1 record (no checksum) that reads but does not replay (a
// flipped bit in its step number) opens the game up to the event before.
func TestFormat1DamagedRecordOpensUpToLastGood(t *testing.T) {
	path, _ := format1Store(t, 30)
	s := openTest(t, path)
	g, err := s.OpenGame("old")
	require.NoError(t, err)
	require.NotNil(t, g.Damage())
	assert.Equal(t, "events 30 to 50 of 'Old game' are damaged and were left out", g.Damage().String())
	assert.Equal(t, uint64(29), g.Seq())
	var exp bytes.Buffer
	require.NoError(t, s.Export("old", &exp))
	info, err := s.Import(&exp)
	require.NoError(t, err)
	assert.Equal(t, uint64(29), info.Events)
}

// format1Store writes a store as format 1 wrote it: one game, "Old game",
// of 50 events; event bad (if not 0) gets a wrong step number.
func format1Store(t *testing.T, bad uint64) (string, []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	db, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	events := trackertest.Log(50)
	sess, err := tracker.Replay(tracker.KindAway, events, tracker.Options{})
	require.NoError(t, err)
	sum := sess.State().Summary()
	require.NoError(t, db.Update(func(tx *bolt.Tx) error {
		m, _ := tx.CreateBucket(bucketMeta)
		_ = m.Put(keyFormat, []byte("1"))
		games, _ := tx.CreateBucket(bucketGames)
		g, _ := games.CreateBucket([]byte("old"))
		log, _ := g.CreateBucket(bucketLog)
		for _, e := range events {
			if e.Seq == bad {
				e.Step += 64
			}
			b, err := tracker.MarshalRecord(e)
			require.NoError(t, err)
			require.NoError(t, log.Put(seqKey(e.Seq), b))
		}
		players, _ := json.Marshal(sum.Players)
		return g.Put(keyInfo, []byte(fmt.Sprintf(`{"id":"old","name":"Old game","kind":"away","created":"2026-01-01T00:00:00Z","updated":"2026-01-01T00:00:00Z","players":%s,"stage":%q,"events":50}`, players, sum.Stage)))
	}))
	require.NoError(t, db.Close())
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	return path, before
}
