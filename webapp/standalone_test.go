//go:build unix

package webapp_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestStandaloneKeepsGames: with no host, the web app on a phone creates a
// game, and a reload opens it again (IndexedDB keeps the game, the app's
// preferences the game it showed).
func TestStandaloneKeepsGames(t *testing.T) {
	url := serveStatic(t, bundle(t))
	c := startChrome(t)
	p := newPage(t, c)
	p.Navigate(url)
	p.waitFor("widget.Button", "New Ascendancy game", slow)
	shots(t, p, "web-home.png")
	_, sc := p.waitFor("widget.Label", "No saved games yet. Start one above; every change is saved as you play.", slow)
	require.Empty(t, sc.Seat)

	p.tapText("widget.Button", "New Ascendancy game")
	p.tapText("widget.Button", "Create")
	p.waitGone("widget.Button", "New Ascendancy game", slow) // the new game is open
	shots(t, p, "web-new-game.png")

	p.Call("Page.reload", map[string]any{})
	time.Sleep(500 * time.Millisecond)
	// A reload opens the game the app showed (issue 26, 5): it was read
	// back from the page's storage, on the panel it showed.
	_, sc = p.waitFor("widget.Button", "Add player", slow)
	_, home := sc.find("widget.Button", "New Ascendancy game")
	require.False(t, home, "the reload opened the saved game, not Home")
}
