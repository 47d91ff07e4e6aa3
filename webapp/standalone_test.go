//go:build unix

package webapp_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestStandaloneKeepsGames: with no host, the web app on a phone creates a
// game, and after a reload the game is still there (IndexedDB).
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
	_, sc = p.waitFor("widget.Label", "Resume a game", slow)
	_, empty := sc.find("widget.Label", "No saved games yet. Start one above; every change is saved as you play.")
	require.False(t, empty, "the saved game is listed after the reload")
	heading, _ := sc.find("widget.Label", "Resume a game")
	// The first row of the list is right under the heading.
	p.tapObject(sc, heading, 0.3, 2.2)
	p.waitGone("widget.Button", "New Ascendancy game", slow) // the saved game opened
}
