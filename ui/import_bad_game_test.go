package ui

import (
	"strings"
	"testing"

	"tableops/ui/screen/screentest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A crafted game file with a character holding 999 stun tokens (which no
// command records) is refused on import with words that name the field,
// and the saved games are unchanged.
func TestImportRefusesImpossibleGame(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	before, err := st.List()
	require.NoError(t, err)
	file := `{"format": "tableops-game", "schema": 1, "kind": "away", "name": "crafted", "events": [
 {"seq": 1, "step": 1, "type": "away.player_added", "label": "Ann joins", "at": "2026-01-01T00:00:00Z",
  "data": {"player": {"id": "p1", "name": "Ann", "affiliation": "", "borg": false, "tokens": {}, "missions": []}}},
 {"seq": 2, "step": 2, "type": "away.character_added", "label": "Ann: Spock joins", "at": "2026-01-01T00:00:00Z",
  "data": {"character": {"id": "c2", "controller": "p1", "affiliation": "", "status": "in_play", "honor": 0,
   "name": "Spock", "owner": "p1", "stun": 999, "tracks": {"attack": {"values": [1, 2], "pegs": 2},
   "defense": {"values": [1, 2], "pegs": 2}, "skill": {"values": [1], "pegs": 1}, "move": {"values": [1, 2], "pegs": 2}}}}}
]}`
	sh.home.importFrom(strings.NewReader(file), "crafted.json")
	text := screentest.ScreenText(sh.win)
	assert.Contains(t, text, "character 1 (Spock): 999 stun tokens; a character has 0 to 2")
	after, err := st.List()
	require.NoError(t, err)
	assert.Equal(t, len(before), len(after), "nothing was imported")
}
