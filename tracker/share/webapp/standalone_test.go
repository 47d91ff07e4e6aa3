//go:build unix

package webapp_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestStandaloneKeepsGames: with no host, the web app on a phone creates a
// game, and after a reload the game is still there (IndexedDB).
func TestStandaloneKeepsGames(t *testing.T) {
	url := serveStatic(t, bundle(t))
	c := startChrome(t)
	p := c.newPage()
	p.navigate(url)
	p.waitFor("widget.Button", "New Ascendancy game", 90*time.Second)
	shots(t, p, "web-home.png")
	_, sc := p.waitFor("widget.Label", "No saved games yet. Start one above; every change is saved as you play.", 5*time.Second)
	require.Empty(t, sc.Seat)

	p.tapText("widget.Button", "New Ascendancy game")
	p.tapText("widget.Button", "Create")
	deadline := time.Now().Add(20 * time.Second)
	var title string
	for time.Now().Before(deadline) {
		if sc, ok := p.look(); ok && strings.HasPrefix(sc.Title, "Table Ops — Ascendancy") {
			title = sc.Title
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	require.NotEmpty(t, title, "the new game opened")

	p.call("Page.reload", map[string]any{})
	time.Sleep(500 * time.Millisecond)
	_, sc = p.waitFor("widget.Label", "Resume a game", 90*time.Second)
	_, empty := sc.find("widget.Label", "No saved games yet. Start one above; every change is saved as you play.")
	require.False(t, empty, "the saved game is listed after the reload")
	heading, _ := sc.find("widget.Label", "Resume a game")
	// The first row of the list is right under the heading.
	p.tapObject(sc, heading, 0.3, 2.2)
	deadline = time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if sc, ok := p.look(); ok && sc.Title == title {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	sc, _ = p.look()
	t.Fatalf("the game %q did not open after the reload; the screen: %s (%s)", title, sc.Title, sc.texts())
}
