//go:build !js

package screentest

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/store"
)

// NewStore opens a fresh store of saved games in a temp dir, closed when
// the test ends, with reproducible virtual dice and a fixed clock
// (2026-11-21 20:00 UTC), as the screens' tests want it.
func NewStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "games.db"), store.Options{
		Seeds: &tracker.CountingSeeds{Next: 1},
		Now:   func() time.Time { return time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC) },
	})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}
