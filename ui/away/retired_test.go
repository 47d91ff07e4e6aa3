package away_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// An Italian Away Missions log saved before a draw named the tied players
// still reads in Italian: the pieces this version no longer words
// (tracker.RetiredAwayTexts) keep their translations (issue 28 dropped
// "track.game_over_draw").
func TestRetiredAwayTextsSpeakItalian(t *testing.T) {
	screentest.Italian(t)
	retired := tracker.RetiredAwayTexts()
	require.NotEmpty(t, retired)
	for _, m := range retired {
		const missing = "(no Italian text)"
		got := screen.TrText(m.Key, missing, m.Args)
		assert.NotEqual(t, missing, got, "%s reads in Italian", m.Key)
		assert.NotEqual(t, m.Text, got, "%s is not the English text", m.Key)
		assert.NotContains(t, got, "{{", m.Key)
	}
}
