package ascendancy

import (
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// testShell stands in for the app's shell in this package's tests: the
// saved games of a store and, in a test window, the Ascendancy screen
// of the game open in a screentest.Frame (its bar has Undo and Redo; there
// is no home, no log and no sharing: the tests that need those drive the
// whole app in package ui). Its fields
// are named as the shell's, so a test reads as it would there.
type testShell struct {
	t     *testing.T
	app   fyne.App
	win   fyne.Window
	store *store.Store
	game  *openGame
}

// openGame is the open game and its screen.
type openGame struct {
	game  screen.Game
	view  screen.View
	frame *screentest.Frame
}

// newTestShell opens a fresh store in a temp dir and a window at the given
// size, with reproducible virtual dice and the app's theme.
func newTestShell(t *testing.T, w, h float32) (*testShell, *store.Store) {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(widgets.NewTableTheme()) // the app's theme, as the shell sets it
	st, err := store.Open(filepath.Join(t.TempDir(), "games.db"), store.Options{
		Seeds: &tracker.CountingSeeds{Next: 1},
		Now:   func() time.Time { return time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC) },
	})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	win := a.NewWindow("Table Ops")
	win.Resize(fyne.NewSize(w, h))
	return &testShell{t: t, app: a, win: win, store: st}, st
}

// openGame opens a saved game by id on its Ascendancy screen.
func (sh *testShell) openGame(id string) {
	sh.t.Helper()
	g, err := sh.store.OpenGame(id)
	require.NoError(sh.t, err)
	if sh.game != nil {
		sh.game.frame.Close()
	}
	f := screentest.Open(sh.win, g, New)
	sh.t.Cleanup(f.Close)
	sh.game = &openGame{game: g, view: f.View(), frame: f}
}

// newGame creates an Ascendancy game named name and opens it.
func (sh *testShell) newGame(name string) {
	sh.t.Helper()
	g, err := sh.store.Create(tracker.KindAscendancy, name)
	require.NoError(sh.t, err)
	sh.openGame(g.ID())
}

// content is the game screen's content in the window.
func (g *openGame) content() fyne.CanvasObject { return g.frame.Content() }

// status is the text of the status line.
func (g *openGame) status() string { return g.frame.Status() }

// undoBtn is the bar's Undo button.
func (g *openGame) undoBtn() *widget.Button { return g.frame.Undo() }
