package ui

import (
	"testing"

	"tableops/ui/screen/screentest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pressKey presses a key as the desktop driver delivers it: to the focused
// widget, else to the window's key handler.
func pressKey(w fyne.Window, name fyne.KeyName) {
	c := w.Canvas()
	ev := &fyne.KeyEvent{Name: name}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	if h := c.OnTypedKey(); h != nil {
		h(ev)
	}
}

// TestEscapeClosesAPageWhileTyping opens the rules, the catalog and its
// character picker as pages over a game on a phone, types in each page's
// search (the entry has the focus), and presses Escape: the page closes
// and what was typed in the game below (a player's name not yet added)
// is still there.
func TestEscapeClosesAPageWhileTyping(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Away Missions game"))
	test.Tap(screentest.Button(t, w, "Create"))
	require.NotNil(t, sh.game)
	screentest.SelectTab(t, w, "Round")
	game := w.Content()
	name := screentest.Entry(t, w, "Player name")
	screentest.TypeInto(w, name, "Dana")

	sh.showRules()
	require.NotNil(t, sh.topPage(), "the rules are a page on a phone")
	screentest.SelectTab(t, w, "Search")
	screentest.TypeInto(w, sh.rules.search, "stun")
	require.Same(t, sh.rules.search, w.Canvas().Focused(), "the search has the focus")
	pressKey(w, fyne.KeyEscape)
	assert.Nil(t, sh.topPage(), "Escape closed the rules")
	assert.Same(t, game, w.Content(), "the game is back")

	sh.showCatalog()
	cv := sh.catalog()
	require.NotNil(t, cv)
	require.NotNil(t, sh.topPage(), "the catalog is a page on a phone")
	screentest.TypeInto(w, cv.search, "lukara")
	require.Same(t, cv.search, w.Canvas().Focused())
	pressKey(w, fyne.KeyEscape)
	assert.Nil(t, sh.topPage(), "Escape closed the catalog")
	assert.Nil(t, sh.catalog())
	assert.Same(t, game, w.Content())

	// A page over a page: Escape closes the top one only.
	sh.showCatalog()
	cv = sh.catalog()
	require.NotNil(t, cv)
	cv.editCharacter(nil)
	ed := screentest.Entry(t, w, "Character name")
	screentest.TypeInto(w, ed, "Ro")
	sh.showRules()
	screentest.SelectTab(t, w, "Search")
	screentest.TypeInto(w, sh.rules.search, "move")
	pressKey(w, fyne.KeyEscape)
	require.NotNil(t, sh.topPage())
	assert.Same(t, cv.page, sh.topPage(), "back on the catalog")
	assert.Equal(t, "Ro", ed.Text, "what was typed in the editor stays")
	pressKey(w, fyne.KeyEscape) // nothing has the focus now: the window's handler
	assert.Nil(t, sh.topPage())
	assert.Same(t, game, w.Content())

	assert.Equal(t, "Dana", name.Text, "what was typed in the game stays")
	assert.Nil(t, w.Canvas().Focused())
}
