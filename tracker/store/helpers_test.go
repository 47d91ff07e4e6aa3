package store

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

func testClock() func() time.Time {
	t := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	return func() time.Time {
		t = t.Add(time.Second)
		return t
	}
}

func note(t *testing.T, g *Game, text string) {
	t.Helper()
	_, err := g.Execute(tracker.Note{Text: text})
	require.NoError(t, err)
}

// noteText is the text of the i-th note of savedGame, unique in the file.
func noteText(i int) string { return fmt.Sprintf("note %04d of the Friday game", i) }
