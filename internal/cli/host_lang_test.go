package cli

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/i18n"
	"tableops/tracker"
)

// TestHostNamesANewGameInTheReadersLanguage: "tableops host --lang it"
// with no saved game creates the game it shares with an Italian name.
func TestHostNamesANewGameInTheReadersLanguage(t *testing.T) {
	isolate(t)
	args := []string{"--lang", "it", "--addr", "127.0.0.1:0", "--json", "--kind", "away"}
	_, err := i18n.Setup(langArg(args)) // as runCLI does before any command
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = i18n.Setup("") })
	out, stop := startHostCmd(t, args...)
	var hi hostInfo
	require.NoError(t, json.Unmarshal([]byte(out.String()), &hi), out.String())
	assert.Equal(t, tracker.KindAway, hi.Kind)
	assert.Equal(t, "Partita Away Missions condivisa", hi.Name)
	require.NoError(t, stop())
}
