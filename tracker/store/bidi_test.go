package store

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGameNameDropsBidiControls (issue 30, 15): a game's name loses its
// bidi embedding, override and isolate controls, as the tracker's names
// and notes do, so the list of games cannot show a row reversed.
func TestGameNameDropsBidiControls(t *testing.T) {
	n, err := cleanName("\u202eFriday\u2066 night\u2069\u202c")
	require.NoError(t, err)
	assert.Equal(t, "Friday night", n)
	_, err = cleanName("\u202e \u2067")
	assert.Error(t, err, "a name of nothing but controls is empty")
}
