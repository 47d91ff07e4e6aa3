package cards

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/reference"
	"tableops/scan"
)

func testCatalog(t *testing.T) *reference.Catalog {
	t.Helper()
	cat, err := reference.Builtin()
	require.NoError(t, err)
	cat, err = cat.WithCharacter(reference.Character{ID: "MY-KIRK", Name: "James T. Kirk", Affiliation: "Federation",
		Tracks: reference.Tracks{Attack: []int{2, 3, 4}, Defense: []int{3, 4}, Skill: []int{4, 5, 6}, Move: []int{3, 4}}})
	require.NoError(t, err)
	return cat
}

func TestTag(t *testing.T) {
	cat := testCatalog(t)
	tests := []struct {
		id, label string
		full      bool
		want      scan.Tag
		err       error
	}{
		{id: "MY-KIRK", label: "James T. Kirk", full: true, want: scan.Tag{Kind: scan.KindCharacter, ID: "MY-KIRK",
			Character: &scan.Character{Name: "James T. Kirk", Tracks: scan.Tracks{Attack: []int{2, 3, 4}, Defense: []int{3, 4}, Skill: []int{4, 5, 6}, Move: []int{3, 4}}}}},
		{id: "MY-KIRK", label: "James T. Kirk", full: false, want: scan.Tag{Kind: scan.KindCharacter, ID: "MY-KIRK"}},
		{id: "AM-DATA", label: "Data", full: true, want: scan.Tag{Kind: scan.KindCharacter, ID: "AM-DATA"}},
		{id: "BC-EXPEDITED", label: "Assimilation Expedited", want: scan.Tag{Kind: scan.KindBorgCommand, ID: "BC-EXPEDITED"}},
		{id: "AM-HYPOSPRAY", label: "Hypospray", want: scan.Tag{Kind: scan.KindEquipment, ID: "AM-HYPOSPRAY"}},
		{id: "NOPE", err: ErrUnknownCard},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%v", tc.id, tc.full), func(t *testing.T) {
			got, label, err := Tag(cat, tc.id, tc.full)
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.label, label)
			// What is printed scans back as the same card.
			text, err := scan.Encode(got)
			require.NoError(t, err)
			back, err := scan.Decode(text)
			require.NoError(t, err)
			c := Lookup(cat, back)
			assert.True(t, c.InCatalog)
			assert.Equal(t, tc.label, c.Name())
		})
	}
}

func TestSheetItems(t *testing.T) {
	cat := testCatalog(t)
	items, err := SheetItems(cat, []string{"BC-EXPEDITED", "MY-KIRK"}, true)
	require.NoError(t, err)
	require.Len(t, items, 2)
	assert.Equal(t, "Assimilation Expedited", items[0].Label)
	assert.NotNil(t, items[1].Tag.Character)

	all, err := SheetItems(cat, nil, false)
	require.NoError(t, err)
	assert.Len(t, all, cat.Len())

	_, err = SheetItems(reference.NewCatalog(), nil, true)
	require.ErrorIs(t, err, ErrNoCards)
	_, err = SheetItems(cat, []string{"MY-KIRK", "GONE"}, true)
	require.ErrorIs(t, err, ErrUnknownCard)
}

func TestLookup(t *testing.T) {
	cat := testCatalog(t)
	stranger := scan.Tag{Kind: scan.KindCharacter, ID: "THEIR-SPOCK", Character: &scan.Character{Name: "Spock",
		Tracks: scan.Tracks{Attack: []int{2, 3}, Defense: []int{3, 4}, Skill: []int{5, 6}, Move: []int{3}}}}
	tests := []struct {
		name               string
		cat                *reference.Catalog
		tag                scan.Tag
		known, in, play    bool
		cardName, charName string
	}{
		{name: "self-describing, not in catalog", cat: cat, tag: stranger, known: true, play: true, cardName: "Spock"},
		{name: "self-describing, no catalog", cat: nil, tag: stranger, known: true, play: true, cardName: "Spock"},
		{name: "reference to a catalog character", cat: cat, tag: scan.Tag{Kind: scan.KindCharacter, ID: "MY-KIRK"}, known: true, in: true, play: true, cardName: "James T. Kirk"},
		{name: "catalog character without tracks", cat: cat, tag: scan.Tag{Kind: scan.KindCharacter, ID: "AM-DATA"}, known: true, in: true, cardName: "Data"},
		{name: "tag fills the tracks the catalog lacks", cat: cat, tag: scan.Tag{Kind: scan.KindCharacter, ID: "AM-DATA", Character: &scan.Character{Name: "Data",
			Tracks: scan.Tracks{Attack: []int{3}, Defense: []int{4}, Skill: []int{6}, Move: []int{4}}}}, known: true, in: true, play: true, cardName: "Data"},
		{name: "unknown reference", cat: cat, tag: scan.Tag{Kind: scan.KindCharacter, ID: "THEIR-DATA"}, cardName: "THEIR-DATA"},
		{name: "borg command", cat: cat, tag: scan.Tag{Kind: scan.KindBorgCommand, ID: "BC-EXPEDITED"}, known: true, in: true, cardName: "Assimilation Expedited"},
		{name: "kind does not match the catalog", cat: cat, tag: scan.Tag{Kind: scan.KindMission, ID: "BC-EXPEDITED"}, cardName: "BC-EXPEDITED"},
		{name: "join", cat: cat, tag: scan.Tag{Kind: scan.KindJoin, Join: &scan.Join{Addr: "10.0.0.2:8765", Code: "ABCD"}}, cardName: "10.0.0.2:8765"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := Lookup(tc.cat, tc.tag)
			assert.Equal(t, tc.known, c.Known())
			assert.Equal(t, tc.in, c.InCatalog)
			assert.Equal(t, tc.play, c.Playable())
			assert.Equal(t, tc.cardName, c.Name())
		})
	}
}

func TestProblem(t *testing.T) {
	for _, text := range []string{"https://example.com", "TO9B/X/000", "TO1B/BC-EXPEDITED/000", "TO1Z/X/ABC"} {
		_, err := scan.Decode(text)
		require.Error(t, err, text)
		assert.NotEmpty(t, Problem(err), text)
	}
	_, err := scan.Decode("hello")
	assert.Equal(t, "not a Table Ops tag", Problem(err))
	assert.Equal(t, "", Problem(nil))
	assert.Equal(t, "boom", Problem(errors.New("boom")))
}

func TestCardKind(t *testing.T) {
	for _, k := range scan.Kinds() {
		ck, ok := CardKind(k)
		if k == scan.KindJoin {
			assert.False(t, ok)
			continue
		}
		require.True(t, ok, k)
		back, err := TagKind(ck)
		require.NoError(t, err)
		assert.Equal(t, k, back)
	}
	_, err := TagKind("spaceship")
	require.Error(t, err)
}

// FuzzLookup feeds any scanned text through Decode and Lookup: never a
// panic, and a card that is known always has a name.
func FuzzLookup(f *testing.F) {
	cat, err := reference.Builtin()
	require.NoError(f, err)
	for _, t := range []scan.Tag{
		{Kind: scan.KindBorgCommand, ID: "BC-EXPEDITED"},
		{Kind: scan.KindCharacter, ID: "AM-DATA", Character: &scan.Character{Name: "Data", Tracks: scan.Tracks{Attack: []int{1}, Defense: []int{2}, Skill: []int{3}, Move: []int{4}}}},
		{Kind: scan.KindJoin, Join: &scan.Join{Addr: "10.0.0.1:80", Code: "ABCD"}},
	} {
		s, err := scan.Encode(t)
		require.NoError(f, err)
		f.Add(s)
	}
	f.Add("https://example.com")
	f.Fuzz(func(t *testing.T, text string) {
		tag, err := scan.Decode(text)
		if err != nil {
			assert.NotEmpty(t, Problem(err))
			return
		}
		c := Lookup(cat, tag)
		if c.Known() {
			assert.NotEmpty(t, c.Name())
		}
		if c.InCatalog {
			assert.True(t, cat.Has(tag.ID))
		}
	})
}
