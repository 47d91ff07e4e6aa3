package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker/store"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// iconButton finds the one button on screen with the icon res and no text
// (the game bar's icons on a phone).
func iconButton(t *testing.T, w fyne.Window, res fyne.Resource) *widget.Button {
	t.Helper()
	var found []*widget.Button
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Icon != nil && b.Icon.Name() == res.Name() {
			found = append(found, b)
		}
	}
	require.Len(t, found, 1, "one %s button on screen", res.Name())
	return found[0]
}

// restart is the app closed and opened again: a new main window over the
// same preferences and saved games.
func restart(t *testing.T, sh *Shell) *Shell {
	t.Helper()
	if gs := sh.openScreen(); gs != nil {
		// Gone with the old window: the connection's last news go nowhere.
		sh.game, sh.behind = nil, nil
		gs.close()
	}
	sh.win.Close()
	// Not resized: the window keeps the app's size (a joined game joins
	// again on its own goroutine, and on screentest.NewApp what it draws
	// waits for the test's goroutine).
	return NewShell(sh.app, sh.store, nil)
}

// gameID is the id of the saved game on screen.
func gameID(t *testing.T, sh *Shell) string {
	t.Helper()
	require.NotNil(t, sh.game, "a game is on screen")
	g, ok := sh.game.game.(*store.Game)
	require.True(t, ok, "a saved game")
	return g.ID()
}

// TestRestartReopensTheGameOnItsPanel: the app closed on a game's Dice
// panel opens again on that game and that panel, with no tap; closed on
// Home, it opens on Home; a game since moved to the trash leaves Home.
func TestRestartReopensTheGameOnItsPanel(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Away Missions game"))
	screentest.TypeInto(w, screentest.Objects[*screen.TextEntry](w)[0], "Friday")
	test.Tap(screentest.Button(t, w, "Create"))
	id := gameID(t, sh)
	require.True(t, sh.game.layout.PanelVisible("Round"), "a new game opens on its Round panel")
	screentest.SelectTab(t, w, "Dice")

	sh = restart(t, sh)
	assert.Equal(t, id, gameID(t, sh), "the game it was in")
	assert.True(t, sh.game.layout.PanelVisible("Dice"), "on the panel it showed")
	assert.Contains(t, sh.win.Title(), "Friday")

	// Again on the Team panel.
	screentest.SelectTab(t, sh.win, "Team")
	sh = restart(t, sh)
	assert.True(t, sh.game.layout.PanelVisible("Team"))

	// Closed on Home: it opens on Home.
	test.Tap(iconButton(t, sh.win, theme.HomeIcon()))
	sh = restart(t, sh)
	assert.Nil(t, sh.game)
	assert.Contains(t, screentest.ScreenText(sh.win), "Resume a game")

	// A game moved to the trash since is not reopened.
	sh.openGame(id)
	require.NoError(t, sh.store.Delete(id))
	sh = restart(t, sh)
	assert.Nil(t, sh.game)
	assert.Empty(t, sh.app.Preferences().String(prefLastGame))
}

// TestHomeClosesASavedGame: a game neither joined nor shared is closed by
// Home, as before: nothing is kept behind Home, and Home offers no way
// back but its list of saved games.
func TestHomeClosesASavedGame(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Ascendancy game"))
	screentest.TypeInto(w, screentest.Objects[*screen.TextEntry](w)[0], "Solo")
	test.Tap(screentest.Button(t, w, "Create"))
	require.NotNil(t, sh.game)
	test.Tap(iconButton(t, w, theme.HomeIcon()))
	assert.Nil(t, sh.game)
	assert.Nil(t, sh.behind)
	for _, b := range screentest.Objects[*widget.Button](w) {
		assert.NotEqual(t, "Back to the game", b.Text)
	}
	assert.Contains(t, screentest.ScreenText(w), "Solo")
}
