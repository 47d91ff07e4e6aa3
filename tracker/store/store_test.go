//go:build !js

package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"

	"tableops/tracker"
)

func openTest(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(path, Options{Now: testClock(), Seeds: &tracker.CountingSeeds{Next: 7}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func TestCreateListRenameReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s := openTest(t, path)
	a, err := s.Create(tracker.KindAway, "Wolf 359")
	require.NoError(t, err)
	b, err := s.Create(tracker.KindAscendancy, "  Friday night  ")
	require.NoError(t, err)
	note(t, a, "one")
	note(t, a, "two")
	_, err = a.Undo()
	require.NoError(t, err)

	again, err := s.OpenGame(a.ID())
	require.NoError(t, err)
	assert.Same(t, a, again, "an open game is shared")

	list, err := s.List()
	require.NoError(t, err)
	require.Len(t, list, 2)
	assert.Equal(t, a.ID(), list[0].ID, "most recently updated first")
	assert.Equal(t, "Wolf 359", list[0].Name)
	assert.Equal(t, tracker.KindAway, list[0].Kind)
	assert.Equal(t, uint64(3), list[0].Events)
	assert.True(t, list[0].Updated.After(list[0].Created))
	assert.Equal(t, "Friday night", list[1].Name)

	require.NoError(t, s.Rename(b.ID(), "Saturday"))
	_, err = s.Create(tracker.KindAway, "   ")
	require.Error(t, err)
	_, err = s.Create("chess", "x")
	require.Error(t, err)
	require.Error(t, s.Rename(b.ID(), ""))
	require.ErrorIs(t, s.Rename("nope", "x"), ErrNoGame)
	_, err = s.OpenGame("nope")
	require.ErrorIs(t, err, ErrNoGame)

	want := a.State()
	require.NoError(t, s.Close())

	s2 := openTest(t, path)
	g, err := s2.OpenGame(a.ID())
	require.NoError(t, err)
	assert.Equal(t, want, g.State())
	assert.Equal(t, a.History(), g.History())
	info, err := s2.Info(b.ID())
	require.NoError(t, err)
	assert.Equal(t, "Saturday", info.Name)
	// The reopened game goes on where it stopped.
	_, err = g.Redo()
	require.NoError(t, err)
	assert.Equal(t, 2, g.State().Notes)
}

func TestTrashRestorePurge(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "games.db"))
	g, err := s.Create(tracker.KindAway, "doomed")
	require.NoError(t, err)
	note(t, g, "x")
	require.NoError(t, s.Delete(g.ID()))
	require.ErrorIs(t, s.Delete(g.ID()), ErrInTrash)
	list, err := s.List()
	require.NoError(t, err)
	assert.Empty(t, list)
	trash, err := s.Trash()
	require.NoError(t, err)
	require.Len(t, trash, 1)
	assert.NotNil(t, trash[0].Deleted)
	// The old handle stops accepting commands; the game cannot be opened.
	_, err = g.Execute(tracker.Note{Text: "y"})
	require.ErrorIs(t, err, ErrInTrash)
	_, err = s.OpenGame(g.ID())
	require.ErrorIs(t, err, ErrInTrash)
	// Export still works from the trash.
	var buf bytes.Buffer
	require.NoError(t, s.Export(g.ID(), &buf))

	require.NoError(t, s.Restore(g.ID()))
	require.ErrorIs(t, s.Restore(g.ID()), ErrNotInTrash)
	require.ErrorIs(t, s.Purge(g.ID()), ErrNotInTrash)
	g2, err := s.OpenGame(g.ID())
	require.NoError(t, err)
	assert.Equal(t, 1, g2.State().Notes)

	require.NoError(t, s.Delete(g.ID()))
	require.NoError(t, s.EmptyTrash())
	trash, err = s.Trash()
	require.NoError(t, err)
	assert.Empty(t, trash)
	_, err = s.Info(g.ID())
	require.ErrorIs(t, err, ErrNoGame)
}

func TestExportImport(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "games.db"))
	g, err := s.Create(tracker.KindAway, "to share")
	require.NoError(t, err)
	note(t, g, "a")
	note(t, g, "b")
	_, err = g.Undo()
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, s.Export(g.ID(), &buf))
	file := buf.Bytes()

	info, err := s.Import(bytes.NewReader(file))
	require.NoError(t, err)
	assert.NotEqual(t, g.ID(), info.ID)
	assert.Equal(t, "to share", info.Name)
	assert.Equal(t, uint64(3), info.Events)
	g2, err := s.OpenGame(info.ID)
	require.NoError(t, err)
	assert.Equal(t, g.State(), g2.State())
	assert.Equal(t, g.History(), g2.History())

	before, err := s.List()
	require.NoError(t, err)
	future := bytes.Replace(file, []byte(`"schema": 1`), []byte(`"schema": 2`), 1)
	require.NotEqual(t, file, future)
	bad := map[string][]byte{
		"empty":         nil,
		"truncated":     file[:len(file)/2],
		"garbage":       []byte("\x00\x01binary"),
		"not ours":      []byte(`{"format":"something-else","schema":1}`),
		"broken log":    bytes.Replace(file, []byte(`"seq": 2`), []byte(`"seq": 5`), 1),
		"unknown event": bytes.Replace(file, []byte(`"type": "note"`), []byte(`"type": "warp"`), 1),
	}
	for name, in := range bad {
		_, err := s.Import(bytes.NewReader(in))
		if name == "broken log" {
			assert.ErrorIs(t, err, tracker.ErrBadLog, name)
		} else {
			assert.ErrorIs(t, err, tracker.ErrNotExport, name)
		}
	}
	_, err = s.Import(bytes.NewReader(future))
	require.ErrorIs(t, err, tracker.ErrFutureVersion)
	assert.Contains(t, err.Error(), "newer version")
	after, err := s.List()
	require.NoError(t, err)
	assert.Equal(t, before, after, "failed imports change nothing")
}

func TestUnreadableStoreLeftUntouched(t *testing.T) {
	dir := t.TempDir()
	// A good store to damage.
	good := filepath.Join(dir, "good.db")
	s, err := Open(good, Options{Now: testClock()})
	require.NoError(t, err)
	g, err := s.Create(tracker.KindAway, "x")
	require.NoError(t, err)
	for i := range 50 {
		note(t, g, strings.Repeat("n", i+1))
	}
	require.NoError(t, s.Close())
	goodBytes, err := os.ReadFile(good)
	require.NoError(t, err)

	// A bbolt file that is not ours, and one from a future version.
	foreign := filepath.Join(dir, "foreign.db")
	db, err := bolt.Open(foreign, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucket([]byte("someone else"))
		return err
	}))
	require.NoError(t, db.Close())
	future := filepath.Join(dir, "future.db")
	require.NoError(t, os.WriteFile(future, goodBytes, 0o600))
	db, err = bolt.Open(future, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put(keyFormat, []byte("99"))
	}))
	require.NoError(t, db.Close())

	damaged := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, b, 0o600))
		return p
	}
	flipped := bytes.Clone(goodBytes)
	for i := 0; i < 200; i++ {
		flipped[i] ^= 0xff // both meta pages
		flipped[4096+i] ^= 0xff
	}
	cases := map[string]struct {
		path string
		want error
	}{
		"garbage":   {damaged("garbage.db", bytes.Repeat([]byte("not a database "), 1000)), ErrUnreadable},
		"truncated": {damaged("truncated.db", goodBytes[:1000]), ErrUnreadable},
		"bad meta":  {damaged("flipped.db", flipped), ErrUnreadable},
		"foreign":   {foreign, ErrUnreadable},
		"future":    {future, ErrFutureVersion},
		"directory": {dir, ErrUnreadable},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			var before []byte
			if name != "directory" {
				before, err = os.ReadFile(c.path)
				require.NoError(t, err)
			}
			_, err := Open(c.path, Options{Now: testClock()})
			require.Error(t, err)
			assert.ErrorIs(t, err, c.want)
			if name != "directory" {
				after, err := os.ReadFile(c.path)
				require.NoError(t, err)
				assert.True(t, bytes.Equal(before, after), "file must be left untouched")
			}
		})
	}
}

func TestStoreInUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	openTest(t, path)
	_, err := Open(path, Options{Timeout: 100 * time.Millisecond})
	require.ErrorIs(t, err, ErrInUse)
}

func FuzzImport(f *testing.F) {
	dir := f.TempDir()
	s, err := Open(filepath.Join(dir, "seed.db"), Options{Now: testClock()})
	if err != nil {
		f.Fatal(err)
	}
	g, err := s.Create(tracker.KindAway, "seed")
	if err != nil {
		f.Fatal(err)
	}
	for _, txt := range []string{"a", "b", "c"} {
		if _, err := g.Execute(tracker.Note{Text: txt}); err != nil {
			f.Fatal(err)
		}
	}
	if _, err := g.Undo(); err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	if err := s.Export(g.ID(), &buf); err != nil {
		f.Fatal(err)
	}
	_ = s.Close()
	f.Add(buf.Bytes())
	f.Add([]byte(`{"format":"tableops-game","schema":1,"kind":"away","name":"x","events":[]}`))
	f.Add([]byte(`{"format":"tableops-game","schema":1,"kind":"ascendancy","name":"x","events":[{"seq":1,"step":1,"type":"undo"}]}`))
	f.Add([]byte(`{}`))

	st, err := Open(filepath.Join(dir, "fuzz.db"), Options{Now: testClock()})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { _ = st.Close() })
	f.Fuzz(func(t *testing.T, b []byte) {
		before, err := st.List()
		if err != nil {
			t.Fatal(err)
		}
		info, err := st.Import(bytes.NewReader(b))
		if err != nil {
			after, lerr := st.List()
			if lerr != nil {
				t.Fatal(lerr)
			}
			if len(after) != len(before) {
				t.Fatalf("failed import changed the store: %v", err)
			}
			if !errors.Is(err, tracker.ErrNotExport) && !errors.Is(err, tracker.ErrFutureVersion) && !errors.Is(err, tracker.ErrBadLog) {
				t.Fatalf("import error without a kind: %v", err)
			}
			return
		}
		// An accepted file opens, and exports to a file that imports again.
		g, err := st.OpenGame(info.ID)
		if err != nil {
			t.Fatalf("imported game does not open: %v", err)
		}
		var out bytes.Buffer
		if err := st.Export(info.ID, &out); err != nil {
			t.Fatal(err)
		}
		x, err := tracker.ParseExport(out.Bytes())
		if err != nil {
			t.Fatalf("re-export does not read: %v", err)
		}
		r, err := tracker.Replay(x.Kind, x.Events, tracker.Options{})
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(g.State())
		c, _ := json.Marshal(r.State())
		if !bytes.Equal(a, c) {
			t.Fatalf("state differs after export/import")
		}
		if err := st.Delete(info.ID); err != nil {
			t.Fatal(err)
		}
		if err := st.Purge(info.ID); err != nil {
			t.Fatal(err)
		}
	})
}
