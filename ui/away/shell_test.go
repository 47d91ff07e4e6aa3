package away

import (
	"strings"
	"testing"

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
// saved games of a store and, in a test window, the Away Missions screen
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
	st := screentest.NewStore(t)
	win := a.NewWindow("Table Ops")
	win.Resize(fyne.NewSize(w, h))
	return &testShell{t: t, app: a, win: win, store: st}, st
}

// openGame opens a saved game by id on its Away Missions screen.
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

// newGame creates an Away Missions game named name and opens it.
func (sh *testShell) newGame(name string) {
	sh.t.Helper()
	g, err := sh.store.Create(tracker.KindAway, name)
	require.NoError(sh.t, err)
	sh.openGame(g.ID())
}

// undoBtn is the bar's Undo button.
func (g *openGame) undoBtn() *widget.Button { return g.frame.Undo() }

// openAwaySetup creates an Away Missions game with the default name and
// opens its Round panel, where the game is set up.
func openAwaySetup(t *testing.T, sh *testShell) {
	t.Helper()
	sh.newGame("Away Missions")
	screentest.SelectTab(t, sh.win, "Round")
}

// addPlayer fills the add-player card and taps Add player.
func addPlayer(t *testing.T, w fyne.Window, name, aff string) {
	t.Helper()
	screentest.AddAwayPlayer(t, w, name, aff)
}

// addCharacter opens the character form for a player and fills it.
func addCharacter(t *testing.T, w fyne.Window, player, name string, tracks [4]string, weapon string, wdice, wdamage string) {
	t.Helper()
	screentest.AddAwayCharacter(t, w, player, name, tracks, weapon, wdice, wdamage)
}

// rollOff types one die per player into the visible roll-off and submits.
func rollOff(t *testing.T, w fyne.Window, faces ...string) {
	t.Helper()
	screentest.RollOff(t, w, faces...)
}

// startAwayGame creates a game with two players and one character each and
// plays up to the action phase of round 1, all by tapping and typing.
func startAwayGame(t *testing.T, sh *testShell) fyne.Window {
	t.Helper()
	sh.newGame("Wolf 359")
	screentest.PlayAwayToActions(t, sh.win)
	return sh.win
}

// tapPick taps a character's button in a picker (attacker, target,
// tester), as a player would; the button must be shown and enabled.
func tapPick(t *testing.T, p *charPicker, label string) {
	t.Helper()
	b := pickButton(t, p, label)
	require.False(t, b.Disabled(), "%q is greyed out", label)
	test.Tap(b)
}

// pickButton finds a character's button in a picker.
func pickButton(t *testing.T, p *charPicker, label string) *widget.Button {
	t.Helper()
	require.True(t, p.box.Visible(), "the picker %q is shown", p.title.Text)
	for _, o := range p.grid.Objects {
		if b, ok := o.(*widget.Button); ok && b.Text == label {
			return b
		}
	}
	require.Failf(t, "no choice", "no %q in the picker %q", label, p.title.Text)
	return nil
}

// tracks returns a character card's peg tracks by label.
func tracks(t *testing.T, w fyne.Window, name string) map[string]*widgets.PegTrack {
	t.Helper()
	return screentest.PegTracks(t, w, name)
}

// removePeg taps the track's "−" target.
func removePeg(t *testing.T, p *widgets.PegTrack) {
	t.Helper()
	screentest.RemovePeg(t, p)
}

// stepperButton finds the − (delta −1) or + (delta +1) button of a stepper
// whose label starts with label.
func stepperButton(t *testing.T, in fyne.CanvasObject, label string, delta int) *widget.Button {
	t.Helper()
	return screentest.StepperButton(t, in, label, delta)
}

// seedBorgGame writes, by commands, a Federation vs Borg game in round 1's
// action phase: Dana (Riker, Shelby with a Stun token) against Kim, the
// Borg player (Locutus, Two of Five), Kim to activate. It returns the
// game's id.
func seedBorgGame(t *testing.T, st *store.Store) string {
	t.Helper()
	return screentest.SeedAwayBorgGame(t, st)
}

// checkBox finds a visible check by its text.
func checkBox(t *testing.T, w fyne.Window, label string) *widget.Check {
	t.Helper()
	var found *widget.Check
	for _, c := range screentest.Objects[*widget.Check](w) {
		if strings.Contains(c.Text, label) {
			found = c
		}
	}
	require.NotNil(t, found, "no check %q on screen", label)
	return found
}
