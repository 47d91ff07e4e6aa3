package tracker

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
)

// bidiControls are the embedding, override and isolate controls (U+202A
// to U+202E, U+2066 to U+2069): in a name or note they make a row display
// reversed or out of order.
var bidiControls = []rune{0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069}

// TestBidiControlsStripped (issue 30, 15): names and notes lose their
// bidi controls on input, and a text made of nothing else is empty.
func TestBidiControlsStripped(t *testing.T) {
	for _, r := range bidiControls {
		assert.Equal(t, "ab", trimSpace(" a"+string(r)+"b"+string(r)+" "), "%U", r)
	}
	assert.Equal(t, "a b", trimSpace("a\u202e b\u2069"), "spaces left at the ends by a control are trimmed")
	assert.Equal(t, "a\u200fb", trimSpace("a\u200fb"), "a right-to-left mark does not reorder text: kept")
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "\u202eAnn\u202c"}, Note{Text: "gnitset\u202e rof \u2066a\u2069"},
		AddCharacter{Player: "p1", Name: "Wo\u202erf", Keywords: []string{"Kl\u2067ingon"}, Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}})
	a := s.State().Away
	assert.Equal(t, "Ann", a.Players[0].Name)
	assert.Equal(t, "Worf", a.Characters[0].Name)
	assert.Equal(t, []string{"Klingon"}, a.Characters[0].Keywords)
	for _, e := range s.Log() {
		assert.NotContains(t, e.Label, "\u202e")
		if n, ok := e.Payload.(NoteAdded); ok {
			assert.Equal(t, "gnitset rof a", n.Text)
		}
	}
	_, err := s.Execute(Note{Text: "\u202e\u2066 \u2069"})
	var r *Rejection
	require.ErrorAs(t, err, &r)
	assert.Equal(t, "The note is empty.", r.Reason)
}

// TestOldTextsWithBidiControlsStillImport (issue 30, 15): a game saved
// before the controls were stripped, with them in a player's name, a
// character's name and keywords, a weapon and a note, still imports and
// replays with its texts as recorded.
func TestOldTextsWithBidiControlsStillImport(t *testing.T) {
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "An~n"}, AddAwayPlayer{Name: "~"}, Note{Text: "abc~def"},
		AddCharacter{Player: "p1", Name: "Wo~rf", Keywords: []string{"Kl~ingon", "~"}, Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1},
			Weapons: []awayrules.Weapon{{Name: "~", Keywords: []string{"~"}}}})
	// As an older version wrote it: the same game, with U+202E where the
	// players typed it (the "~" here).
	b := bytes.ReplaceAll(exportOf(t, s), []byte("~"), []byte("\u202e"))
	x, err := ParseExport(b)
	require.NoError(t, err, "a game saved with bidi controls still imports")
	r, err := Replay(x.Kind, x.Events, Options{})
	require.NoError(t, err)
	a := r.State().Away
	assert.Equal(t, "An\u202en", a.Players[0].Name, "what the players recorded is kept")
	assert.Equal(t, "\u202e", a.Players[1].Name)
	assert.Equal(t, []string{"Kl\u202eingon", "\u202e"}, a.Characters[0].Keywords)
	assert.Equal(t, "\u202e", a.Characters[0].Weapons[0].Name)
}
