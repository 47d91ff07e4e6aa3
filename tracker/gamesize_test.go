package tracker

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
)

// TestGameSizeBound (issue 30, 9): the session counts the bytes its
// events take in the game's export file, as ReadExport measures them,
// and refuses a step that would take the game past MaxGameBytes, even
// after it is rebuilt from its log.
func TestGameSizeBound(t *testing.T) {
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "Ann"}, Note{Text: "hello <&> \u00e8"}, AddAwayPlayer{Name: "Ben"})
	_, err := s.Undo()
	require.NoError(t, err)
	full := exportOf(t, s)
	x := Export{Format: ExportFormat, Schema: SchemaVersion, Kind: s.Kind(), Name: "test", Events: []Event{}}
	var empty bytes.Buffer
	_, err = x.WriteTo(&empty)
	require.NoError(t, err)
	var sum int64
	for _, e := range s.Log() {
		n, err := eventExportSize(e)
		require.NoError(t, err)
		sum += n
	}
	assert.Equal(t, int64(len(full)-empty.Len()-1), sum, "the events' bytes in the file")

	r, err := Replay(KindAway, s.Log(), Options{})
	require.NoError(t, err)
	evs, err := r.Execute(Note{Text: "fits"})
	require.NoError(t, err)
	n, err := eventExportSize(evs[0])
	require.NoError(t, err)
	assert.Equal(t, sum+n, r.size, "a rebuilt session counts its log, then each new event")
	r.size = MaxGameBytes - 10
	_, err = r.Execute(Note{Text: "one note more"})
	var rej *Rejection
	require.ErrorAs(t, err, &rej)
	assert.Contains(t, rej.Reason, "64 MB")
}

// TestLargestStepFitsAFile (issue 30, 9 and 10): the largest character a
// command may add makes an event an import takes (at most MaxEventSize in
// the file).
func TestLargestStepFitsAFile(t *testing.T) {
	long := func(i int) string {
		return strings.Repeat("\u00e8", maxNameLen-3) + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	list := func() []string {
		out := make([]string, maxListLen)
		for i := range out {
			out[i] = long(i)
		}
		return out
	}
	var weapons []awayrules.Weapon
	for i := range maxListLen {
		weapons = append(weapons, awayrules.Weapon{Name: long(i), Dice: 6, Damage: 6, Keywords: list()})
	}
	track := []int{10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10}
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: long(0), Affiliation: long(1), Team: long(2)})
	evs, err := s.Execute(AddCharacter{Player: "p1", Name: long(3), CatalogID: long(4), Affiliation: long(5), Keywords: list(), Rules: list(),
		Specializations: list(), Weapons: weapons, Attack: track, Defense: track, Skill: track, Move: track, Escalation: 3})
	if err == nil {
		for _, e := range evs {
			n, err := eventExportSize(e)
			require.NoError(t, err)
			t.Logf("%s: %d bytes in the file", e.Type, n)
			assert.LessOrEqual(t, n, int64(MaxEventSize))
		}
		_, err = ParseExport(exportOf(t, s))
		require.NoError(t, err)
		return
	}
	var rej *Rejection
	require.ErrorAs(t, err, &rej, "refused as too large, not imported then refused")
	t.Logf("refused: %v", err)
}
