package ui

import (
	"errors"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// TestEscapeClosesTheDialogFirst: Escape (or a phone's Back) closes the
// dialog on top as its Cancel does, changing nothing, and only then the
// page under it.
func TestEscapeClosesTheDialogFirst(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	key := func(name fyne.KeyName) { pressKey(w, name) }

	// A form dialog over the game: Escape is its Cancel.
	kim := sh.game.game.State().Away.Players[1].ID
	_, err := sh.game.game.Execute(tracker.AdjustTokens{Player: kim, Token: tracker.TokenBonusActions, Delta: 1})
	require.NoError(t, err)
	screentest.SelectTab(t, w, "Round")
	game := w.Content()
	test.Tap(screentest.Button(t, w, "Use a bonus action (Kim)"))
	require.Len(t, w.Canvas().Overlays().List(), 1)
	key(fyne.KeyEscape)
	assert.Empty(t, w.Canvas().Overlays().List(), "Escape closed the dialog")
	assert.Equal(t, 1, sh.game.game.State().Away.Players[1].Tokens[tracker.TokenBonusActions], "nothing spent")
	assert.Same(t, game, w.Content(), "the game stays")
	assert.Empty(t, sh.dialogs)

	// A dialog over a page (the catalog, on a phone): the dialog goes
	// first, then the page.
	sh.showCatalog()
	require.NotNil(t, sh.catalog())
	sh.showError("Catalog", errors.New("the file is damaged"))
	require.Len(t, w.Canvas().Overlays().List(), 1)
	key(mobile.KeyBack)
	assert.Empty(t, w.Canvas().Overlays().List(), "Back closed the dialog")
	assert.NotNil(t, sh.catalog(), "the page under the dialog stays")
	key(fyne.KeyEscape)
	assert.Nil(t, sh.catalog(), "then the page closes")
	assert.Same(t, game, w.Content(), "back to the game")

	// Two dialogs: the top one goes first.
	sh.showError("One", errors.New("first"))
	sh.showError("Two", errors.New("second"))
	require.Len(t, w.Canvas().Overlays().List(), 2)
	key(fyne.KeyEscape)
	require.Len(t, w.Canvas().Overlays().List(), 1)
	assert.Contains(t, screentest.ScreenText(w), "first")
	assert.NotContains(t, screentest.ScreenText(w), "second")
	key(fyne.KeyEscape)
	assert.Empty(t, w.Canvas().Overlays().List())
	// With nothing over the game, Escape leaves it alone.
	key(fyne.KeyEscape)
	assert.Same(t, game, w.Content())
}

// TestEscapeInTheNewGameName: the new game's dialog opens with its name
// entry focused; Escape typed there closes the dialog as Cancel does, and
// no game is made.
func TestEscapeInTheNewGameName(t *testing.T) {
	sh, st := newTestShell(t, 360, 640)
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Ascendancy game"))
	require.Len(t, w.Canvas().Overlays().List(), 1)
	name := screentest.Objects[*screen.TextEntry](w)[0]
	require.Same(t, name, w.Canvas().Focused(), "the name has the focus")
	screentest.TypeInto(w, name, "Sector 001")
	pressKey(w, fyne.KeyEscape)
	assert.Empty(t, w.Canvas().Overlays().List(), "Escape closed the dialog")
	assert.Nil(t, sh.game)
	games, err := st.List()
	require.NoError(t, err)
	assert.Empty(t, games, "no game made")
}

// TestRefusedNameKeepsTheFocus: a new game with no name is refused under
// the name, the dialog stays, and the name has the focus to type into.
func TestRefusedNameKeepsTheFocus(t *testing.T) {
	sh, st := newTestShell(t, 360, 640)
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Ascendancy game"))
	name := screentest.Objects[*screen.TextEntry](w)[0]
	name.SetText("  ")
	test.Tap(screentest.Button(t, w, "Create"))
	require.Len(t, w.Canvas().Overlays().List(), 1, "the dialog stays")
	assert.Contains(t, screentest.ScreenText(w), "The game needs a name.")
	assert.Same(t, name, w.Canvas().Focused(), "the name has the focus")
	games, err := st.List()
	require.NoError(t, err)
	assert.Empty(t, games)
}

// TestEscapeInTheJoinDialog: Join a game opens with its address focused;
// Escape typed there closes it as Cancel does.
func TestEscapeInTheJoinDialog(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := sh.win
	sh.showJoinWith("", "")
	require.Len(t, w.Canvas().Overlays().List(), 1)
	require.NotNil(t, w.Canvas().Focused(), "the address has the focus")
	pressKey(w, fyne.KeyEscape)
	assert.Empty(t, w.Canvas().Overlays().List(), "Escape closed the dialog")
	assert.Empty(t, sh.dialogs)
}

// TestEscapeWhileTypingAQuickAction: typing a new quick action's name, the
// player presses Escape: the dialog closes as Cancel does and no quick
// action is kept.
func TestEscapeWhileTypingAQuickAction(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := setUpAscByTapping(t, sh)
	panelTo(t, w, "Players")
	test.Tap(screentest.Button(t, w, "New preset…"))
	require.Len(t, w.Canvas().Overlays().List(), 1)
	var name *screen.TextEntry
	for _, e := range screentest.Objects[*screen.TextEntry](w) {
		if e.PlaceHolder == "e.g. Starbase" {
			name = e
		}
	}
	require.NotNil(t, name, "the quick action's name")
	screentest.TypeInto(w, name, "Starbase")
	pressKey(w, fyne.KeyEscape)
	assert.Empty(t, w.Canvas().Overlays().List(), "Escape closed the dialog")
	assert.Empty(t, sh.app.Preferences().String("asc.presets"), "no quick action kept")
}

// TestEscapeInTheCatalogWindow: beside a wide window the catalog has a
// window of its own; Escape there closes its dialog as No does, and the
// main window's dialogs are left alone.
func TestEscapeInTheCatalogWindow(t *testing.T) {
	sh, st := newTestShell(t, 1280, 800)
	v, w := openCatalog(t, sh, 1280, 800)
	require.NotSame(t, sh.win, w, "a window of its own")
	sh.showError("Main", errors.New("in the main window"))
	v.deleteCard("AM-RIKER")
	require.Len(t, w.Canvas().Overlays().List(), 1)
	pressKey(w, fyne.KeyEscape)
	assert.Empty(t, w.Canvas().Overlays().List(), "Escape closed the catalog's dialog")
	assert.Len(t, sh.win.Canvas().Overlays().List(), 1, "the main window's dialog stays")
	cat, err := st.LoadCatalog()
	require.NoError(t, err)
	assert.True(t, cat.Has("AM-RIKER"), "nothing deleted")
}
