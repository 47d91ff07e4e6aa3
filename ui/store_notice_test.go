package ui

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen/screentest"
)

func openNoticeShell(t *testing.T, path string) (*Shell, *store.Store) {
	t.Helper()
	st, err := store.Open(path, store.Options{Now: func() time.Time { return time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC) }})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	sh := NewShell(test.NewTempApp(t), st, nil)
	sh.win.Resize(fyne.NewSize(400, 800))
	return sh, st
}

// Issue 15, item 12: the home screen says which events of a damaged game
// were left out, and opening the game says it again.
func TestDamagedGameIsShown(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	g, err := st.Create(tracker.KindAway, "Friday game")
	require.NoError(t, err)
	for i := 1; i <= 30; i++ {
		_, err := g.Execute(tracker.Note{Text: fmt.Sprintf("note %02d of the Friday game", i)})
		require.NoError(t, err)
	}
	id := g.ID()
	require.NoError(t, st.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	b = bytes.ReplaceAll(b, []byte("note 12 of"), []byte("note 12 0f")) // flipped bits in a label
	require.NoError(t, os.WriteFile(path, b, 0o600))

	sh, _ := openNoticeShell(t, path)
	assert.Contains(t, screentest.ScreenText(sh.win), "Events 12 to 30 of 'Friday game' are damaged and were left out.")
	sh.openGame(id)
	text := screentest.ScreenText(sh.win)
	assert.Contains(t, text, "Events 12 to 30 of 'Friday game' are damaged and were left out. The game opened at the last good event")
}

// Issue 15, item 14: an empty games file is set aside and the home screen
// says so.
func TestEmptyStoreFileIsShown(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	sh, _ := openNoticeShell(t, path)
	assert.Contains(t, screentest.ScreenText(sh.win), "The saved games file was empty (0 bytes)")
	assert.Contains(t, screentest.ScreenText(sh.win), "games.db.empty-20261121-200000")
}
