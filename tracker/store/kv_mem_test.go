package store

import (
	"bytes"
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// fakeIDB stands in for IndexedDB: what the browser backend commits lands
// in saved, unless fail is set.
type fakeIDB struct {
	saved   map[string][]byte
	fail    error
	commits int
}

func (f *fakeIDB) commit(changes []kvChange) error {
	if f.fail != nil {
		return f.fail
	}
	f.commits++
	for _, c := range changes {
		if c.del {
			delete(f.saved, c.key)
		} else {
			f.saved[c.key] = bytes.Clone(c.val)
		}
	}
	return nil
}

// open opens a store on a copy of what was saved, as a reload does.
func (f *fakeIDB) open(t *testing.T) *Store {
	t.Helper()
	s, err := openMem(maps.Clone(f.saved), f.commit, Options{Now: testClock(), Seeds: &tracker.CountingSeeds{Next: 7}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func TestMemBackendKeepsEveryCommand(t *testing.T) {
	f := &fakeIDB{saved: map[string][]byte{}}
	s := f.open(t)
	g, err := s.Create(tracker.KindAway, "Friday game")
	require.NoError(t, err)
	for i := 1; i <= 40; i++ {
		note(t, g, noteText(i))
	}
	_, err = g.Undo()
	require.NoError(t, err)
	commits := f.commits

	// A commit that fails (quota, closed tab) refuses the command and
	// changes nothing, in memory or saved.
	saved := maps.Clone(f.saved)
	f.fail = errors.New("QuotaExceededError")
	_, err = g.Execute(tracker.Note{Text: "lost"})
	require.ErrorContains(t, err, "QuotaExceededError")
	assert.Equal(t, uint64(41), g.Seq())
	assert.Equal(t, saved, f.saved)
	f.fail = nil
	require.NoError(t, s.Rename(g.ID(), "Friday night"))
	assert.Equal(t, commits+1, f.commits, "one commit per change")

	// A reload sees everything acknowledged.
	r := f.open(t)
	assert.Empty(t, r.Notices())
	list, err := r.List()
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, "Friday night", list[0].Name)
	g2, err := r.OpenGame(g.ID())
	require.NoError(t, err)
	assert.Equal(t, g.Log(), g2.Log())

	// Export and import give bytes in and out.
	var exp bytes.Buffer
	require.NoError(t, r.Export(g.ID(), &exp))
	info, err := r.Import(bytes.NewReader(exp.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, uint64(41), info.Events)

	// Purging a game removes every key it had.
	require.NoError(t, r.Delete(g.ID()))
	require.NoError(t, r.Purge(g.ID()))
	for k := range f.saved {
		assert.NotContains(t, k, strings.TrimPrefix(memBucket{}.child([]byte(g.ID())), "/"), "key of a purged game left")
	}
	r2 := f.open(t)
	list, err = r2.List()
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, info.ID, list[0].ID)
}

func TestMemBackendDamagedEvent(t *testing.T) {
	f := &fakeIDB{saved: map[string][]byte{}}
	s := f.open(t)
	g, err := s.Create(tracker.KindAway, "Friday game")
	require.NoError(t, err)
	for i := 1; i <= 30; i++ {
		note(t, g, noteText(i))
	}
	n := 0
	for k, v := range f.saved {
		if i := bytes.Index(v, []byte(noteText(12))); i >= 0 {
			v[i+5] ^= 0x04
			f.saved[k] = v
			n++
		}
	}
	require.Equal(t, 1, n)
	damaged := maps.Clone(f.saved)
	r := f.open(t)
	assert.Equal(t, []string{"Events 12 to 30 of 'Friday game' are damaged and were left out."}, r.Notices())
	g2, err := r.OpenGame(g.ID())
	require.NoError(t, err)
	assert.Equal(t, uint64(11), g2.Seq())
	assert.Equal(t, damaged, f.saved, "nothing written before the players go on")
	note(t, g2, "on")
	assert.Nil(t, g2.Damage())
	info, err := r.Info(g.ID())
	require.NoError(t, err)
	require.Len(t, info.SetAside, 1)
	assert.Equal(t, SetAside{From: 12, To: 30, At: info.SetAside[0].At}, info.SetAside[0])
}

func TestMemBackendRefusesForeignKeys(t *testing.T) {
	for _, k := range []string{"", "x/61", "b", "v:61", "b/zz", "v/61:", "v/61:zz", "b/61/"} {
		_, err := openMem(map[string][]byte{k: {1}}, nil, Options{})
		assert.ErrorIs(t, err, ErrUnreadable, "key %q", k)
	}
}

func TestMemBucketsLikeBolt(t *testing.T) {
	m, err := newMemKV(nil, nil)
	require.NoError(t, err)
	require.NoError(t, m.update(func(tx kvTx) error {
		a, err := tx.createBucketIfNotExists([]byte("a"))
		require.NoError(t, err)
		ab, err := a.createBucket([]byte("ab"))
		require.NoError(t, err)
		_, err = a.createBucket([]byte("ab"))
		require.ErrorIs(t, err, errBucketExists)
		require.NoError(t, ab.put([]byte("k"), []byte("deep")))
		for _, k := range []string{"c", "a", "b\xff", "b"} {
			require.NoError(t, a.put([]byte(k), []byte("v"+k)))
		}
		_, err = a.createBucket([]byte("a")) // a bucket and a key may share a name
		require.NoError(t, err)
		_, err = tx.createBucketIfNotExists([]byte("ab")) // a sibling whose name starts the same
		return err
	}))
	require.NoError(t, m.view(func(tx kvTx) error {
		a := tx.bucket([]byte("a"))
		var keys []string
		require.NoError(t, a.forEach(func(k, v []byte) error {
			keys = append(keys, string(k))
			assert.Equal(t, "v"+string(k), string(v))
			return nil
		}))
		assert.Equal(t, []string{"a", "b", "b\xff", "c"}, keys)
		var names []string
		require.NoError(t, a.forEachBucket(func(n []byte) error { names = append(names, string(n)); return nil }))
		assert.Equal(t, []string{"a", "ab"}, names)
		names = nil
		require.NoError(t, tx.forEachBucket(func(n []byte) error { names = append(names, string(n)); return nil }))
		assert.Equal(t, []string{"a", "ab"}, names)
		assert.Equal(t, "deep", string(a.bucket([]byte("ab")).get([]byte("k"))))
		return nil
	}))
	// Deleting a bucket deletes what is under it, not its siblings; a
	// failed transaction changes nothing.
	require.Error(t, m.update(func(tx kvTx) error {
		require.NoError(t, tx.bucket([]byte("a")).delete([]byte("a")))
		return errors.New("no")
	}))
	require.NoError(t, m.update(func(tx kvTx) error {
		require.NotNil(t, tx.bucket([]byte("a")).get([]byte("a")))
		return tx.bucket([]byte("a")).deleteBucket([]byte("ab"))
	}))
	require.NoError(t, m.view(func(tx kvTx) error {
		a := tx.bucket([]byte("a"))
		assert.Nil(t, a.bucket([]byte("ab")))
		assert.NotNil(t, a.bucket([]byte("a")))
		assert.NotNil(t, tx.bucket([]byte("ab")))
		return nil
	}))
	assert.Len(t, m.keys, 1+4+1+1)
}
