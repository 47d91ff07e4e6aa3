//go:build !js

package store

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/reference"
	"tableops/tracker"
)

func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := Open(path, Options{})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s, path
}

func putRawCatalog(t *testing.T, s *Store, raw string) {
	t.Helper()
	require.NoError(t, s.db.update(func(tx kvTx) error {
		b, err := tx.createBucketIfNotExists(bucketCatalog)
		if err != nil {
			return err
		}
		return b.put(keyCatalog, []byte(raw))
	}))
}

func TestCatalogBuiltinWhenNoneSaved(t *testing.T) {
	s, _ := openTemp(t)
	c, err := s.LoadCatalog()
	require.NoError(t, err)
	b, err := reference.Builtin()
	require.NoError(t, err)
	assert.Equal(t, b.Len(), c.Len())
	assert.Equal(t, b.Characters(), c.Characters())
}

func TestCatalogSaveLoadSurvivesReopen(t *testing.T) {
	s, path := openTemp(t)
	c, err := s.LoadCatalog()
	require.NoError(t, err)
	two := 2
	c, err = c.WithCharacter(reference.Character{ID: "my-hero", Name: "My Hero", Affiliation: "Federation",
		Specializations: []reference.Specialization{{Name: "Science", Count: 2}},
		Tracks:          reference.Tracks{Attack: []int{1, 2}, Defense: []int{1, 2, 3}, Skill: []int{2, 3}, Move: []int{1, 2}},
		Attacks:         []reference.AttackAction{{Name: "Phaser", Dice: &two, Damage: &two, Rules: []string{"Stun"}}}})
	require.NoError(t, err)
	riker, ok := c.Character("AM-RIKER")
	require.True(t, ok)
	riker.Notes = "our own note"
	c, err = c.WithCharacter(riker)
	require.NoError(t, err)
	require.NoError(t, s.SaveCatalog(c))
	require.NoError(t, s.Close())

	s2, err := Open(path, Options{})
	require.NoError(t, err)
	defer s2.Close()
	got, err := s2.LoadCatalog()
	require.NoError(t, err)
	assert.Equal(t, c.Len(), got.Len())
	hero, ok := got.Character("MY-HERO")
	require.True(t, ok)
	assert.Equal(t, 2, hero.SkillDice("science"))
	assert.Equal(t, []int{1, 2, 3}, hero.Tracks.Defense)
	r, _ := got.Character("AM-RIKER")
	assert.Equal(t, "our own note", r.Notes)

	// The games in the same file are untouched by the catalog.
	list, err := s2.List()
	require.NoError(t, err)
	assert.Empty(t, list)
}

func TestCatalogDeletedOwnCardStaysDeleted(t *testing.T) {
	s, _ := openTemp(t)
	c, _ := s.LoadCatalog()
	c, err := c.WithReference(reference.ReferenceCard{ID: "MINE", Kind: reference.KindEquipment, Name: "Tricorder"})
	require.NoError(t, err)
	require.NoError(t, s.SaveCatalog(c))
	require.NoError(t, s.SaveCatalog(c.Without("MINE")))
	got, err := s.LoadCatalog()
	require.NoError(t, err)
	assert.False(t, got.Has("MINE"))
}

func TestCatalogUnreadableIsReportedAndKept(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
	}{
		{"not json", "{\"schema\": 1,\n \"characters\": [oops"},
		{"newer schema", `{"schema": 99, "characters": [], "references": []}`},
		{"bad card", "{\"schema\": 1,\n\"characters\": [{\"id\": \"X\", \"name\": \"\"}], \"references\": []}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := openTemp(t)
			putRawCatalog(t, s, tc.raw)
			c, err := s.LoadCatalog()
			require.Error(t, err)
			assert.True(t, errors.Is(err, ErrCatalogUnreadable), "%v", err)
			require.NotNil(t, c, "the built-in cards are still offered")
			b, _ := reference.Builtin()
			assert.Equal(t, b.Len(), c.Len())

			err = s.SaveCatalog(c)
			assert.True(t, errors.Is(err, ErrCatalogUnreadable), "saving over it is refused: %v", err)
			raw, err := s.rawCatalog()
			require.NoError(t, err)
			assert.Equal(t, tc.raw, string(raw), "left untouched")

			// Starting over keeps the old text aside and allows saving.
			require.NoError(t, s.DiscardCatalog())
			_, err = s.LoadCatalog()
			require.NoError(t, err)
			require.NoError(t, s.SaveCatalog(c))
			require.NoError(t, s.db.view(func(tx kvTx) error {
				assert.Equal(t, tc.raw, string(tx.bucket(bucketCatalog).get(keySetAside)))
				return nil
			}))
		})
	}
}

func TestCatalogFileStillOpensWithGames(t *testing.T) {
	s, path := openTemp(t)
	g, err := s.Create(tracker.KindAway, "Wolf 359")
	require.NoError(t, err)
	c, _ := s.LoadCatalog()
	require.NoError(t, s.SaveCatalog(c.Without("AM-DATA")))
	require.NoError(t, s.Close())

	s2, err := Open(path, Options{})
	require.NoError(t, err, "a store with a catalog passes the open check")
	defer s2.Close()
	_, err = s2.OpenGame(g.ID())
	require.NoError(t, err)
	got, err := s2.LoadCatalog()
	require.NoError(t, err)
	assert.True(t, got.Has("AM-DATA"), "built-in cards come back from the built-in set")
}

func TestSaveCatalogNil(t *testing.T) {
	s, _ := openTemp(t)
	assert.Error(t, s.SaveCatalog(nil))
}
