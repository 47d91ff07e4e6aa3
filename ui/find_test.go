package ui

import (
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/store"
)

// newTestShell opens a fresh store in a temp dir and the main window at the
// given size, with reproducible virtual dice.
func newTestShell(t *testing.T, w, h float32) (*Shell, *store.Store) {
	t.Helper()
	a := test.NewTempApp(t)
	st, err := store.Open(filepath.Join(t.TempDir(), "games.db"), store.Options{
		Seeds: &tracker.CountingSeeds{Next: 1},
		Now:   func() time.Time { return time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC) },
	})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	sh := NewShell(a, st, nil)
	sh.win.Resize(fyne.NewSize(w, h))
	return sh, st
}
