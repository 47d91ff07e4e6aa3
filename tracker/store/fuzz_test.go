package store

import (
	"bytes"
	"io"
	"maps"
	"testing"

	"tableops/tracker"
)

// FuzzOpenStored feeds arbitrary stored entries (what the browser reads back
// from IndexedDB, or a damaged file's values) to the store: opening either
// refuses in words or gives a store whose every game lists, opens and
// exports without a panic; nothing is written by doing so.
func FuzzOpenStored(f *testing.F) {
	saved := map[string][]byte{}
	commit := func(changes []kvChange) error {
		for _, c := range changes {
			if c.del {
				delete(saved, c.key)
			} else {
				saved[c.key] = bytes.Clone(c.val)
			}
		}
		return nil
	}
	s, err := openMem(nil, commit, Options{Now: testClock()})
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
	// A seed per stored entry: its key, and its value.
	for k, v := range saved {
		f.Add(k, v)
	}
	f.Fuzz(func(t *testing.T, key string, val []byte) {
		entries := maps.Clone(saved)
		entries[key] = val
		writes := 0
		st, err := openMem(entries, func([]kvChange) error { writes++; return nil }, Options{Now: testClock()})
		if err != nil {
			return
		}
		defer st.Close()
		for _, list := range []func() ([]GameInfo, error){st.List, st.Trash} {
			games, err := list()
			if err != nil {
				continue
			}
			for _, info := range games {
				if g, err := st.OpenGame(info.ID); err == nil && g.Damage() != nil && g.Damage().String() == "" {
					t.Fatal("damage without words")
				}
				_ = st.Export(info.ID, io.Discard)
			}
		}
		_ = st.Notices()
		if writes != 0 {
			t.Fatalf("opening, listing, opening games and exporting wrote %d times", writes)
		}
	})
}
