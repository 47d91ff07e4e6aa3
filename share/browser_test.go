//go:build unix

package share

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/internal/chrometest"
	ascrules "tableops/rules/ascendancy"
	awayrules "tableops/rules/away"
	"tableops/tracker"
)

// browser is a headless Chromium tab (internal/chrometest) showing the
// scoreboard.
type browser struct {
	*chrometest.Page
	t *testing.T
}

func startBrowser(t *testing.T) *browser {
	return &browser{Page: chrometest.Start(t).NewPage(), t: t}
}

// call sends one DevTools command and returns its result.
func (b *browser) call(method string, params any) json.RawMessage {
	b.t.Helper()
	return b.Call(method, params)
}

// eval returns the string value of a JavaScript expression in the page
// (empty while the page cannot tell it yet).
func (b *browser) eval(expr string) string {
	v, err := b.TryEval(expr)
	if err != nil {
		return ""
	}
	return fmt.Sprint(v)
}

// waitFor waits until the page shows log position seq and every text.
func (b *browser) waitFor(seq uint64, texts ...string) {
	b.t.Helper()
	var got string
	ok := false
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		got = b.eval(`document.body.dataset.seq + "\n" + document.body.innerText`)
		ok = strings.HasPrefix(got, fmt.Sprint(seq)+"\n")
		for _, s := range texts {
			ok = ok && strings.Contains(got, s)
		}
		if ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	b.t.Fatalf("the scoreboard did not show seq %d and %q; it shows:\n%s", seq, texts, got)
}

// TestScoreboardInBrowser loads the web scoreboard in headless Chromium
// and checks that it follows the host: both games, live updates without
// reloading, and reconnection after the host restarts.
// borgAscGame is an Ascendancy game with Alice, Bob and the Borg (a cube
// in deep space, a spire on Alpha) for the scoreboard tests.
func borgAscGame(t *testing.T) *tracker.Session {
	t.Helper()
	a, err := tracker.New(tracker.KindAscendancy, tracker.Options{Seeds: &tracker.CountingSeeds{}})
	require.NoError(t, err)
	start := ascrules.Resources{Production: 3, Research: 2, Culture: 1}
	for _, c := range []tracker.Command{
		tracker.AddAscPlayer{Name: "Alice", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		tracker.AddAscPlayer{Name: "Bob", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}},
		tracker.AddCube{System: "Deep space"},
		tracker.PlaceSpire{System: "Alpha", Nodes: 2},
	} {
		_, err := a.Execute(c)
		require.NoError(t, err)
	}
	return a
}

func TestScoreboardInBrowser(t *testing.T) {
	b := startBrowser(t)

	// Away Missions.
	g := awayGame(t)
	h, _ := startHost(t, g, Options{Name: "Friday night"})
	b.call("Page.navigate", map[string]any{"url": h.URL()})
	b.waitFor(g.Seq(), "Friday night", "Round 1 · Action phase", "C10", "C23", "Adapt 2")
	require.Equal(t, "away", b.eval(`document.body.dataset.kind`))
	require.Equal(t, "live", b.eval(`document.getElementById("conn").textContent`))

	_, err := g.Execute(tracker.AdjustStun{Character: "c3", Delta: 2})
	require.NoError(t, err)
	b.waitFor(g.Seq(), "incapacitated")
	_, err = g.Undo()
	require.NoError(t, err)
	b.waitFor(g.Seq())
	require.NotContains(t, b.eval(`document.body.innerText`), "incapacitated")
	// The Defense rating of C10 (c3) falls from 3 to 2 when a peg is lost.
	require.Equal(t, "3", b.eval(`document.querySelector('[data-character="c3"]').children[2].textContent`))
	_, err = g.Execute(tracker.AdjustTrack{Character: "c3", Track: awayrules.Defense, Delta: -1})
	require.NoError(t, err)
	b.waitFor(g.Seq())
	require.Equal(t, "2", b.eval(`document.querySelector('[data-character="c3"]').children[2].textContent`))

	// The host restarts on the same address: the page reconnects by itself.
	addr := h.Addr()
	h.Stop()
	require.Eventually(t, func() bool { return b.eval(`document.getElementById("conn").textContent`) != "live" },
		10*time.Second, 50*time.Millisecond)
	_, err = g.Execute(tracker.Note{Text: "while away"})
	require.NoError(t, err)
	h2, _ := startHost(t, g, Options{Addr: addr, Name: "Friday night"})
	_ = h2
	b.waitFor(g.Seq(), "C10")
	require.Equal(t, "live", b.eval(`document.getElementById("conn").textContent`))

	// Ascendancy with the Borg.
	a := borgAscGame(t)
	ha, _ := startHost(t, a, Options{Name: "Ascendancy night"})
	b.call("Page.navigate", map[string]any{"url": ha.URL()})
	b.waitFor(a.Seq(), "Ascendancy night", "Alice", "Klingons", "cube 1", "Deep space", "Alpha: 2 nodes")
	require.Equal(t, "ascendancy", b.eval(`document.body.dataset.kind`))
	_, err = a.Execute(tracker.AddCube{System: "Risa"})
	require.NoError(t, err)
	_, err = a.Execute(tracker.StartAscendancy{})
	require.NoError(t, err)
	b.waitFor(a.Seq(), "Risa", "2 cubes", "Round 1 · Initiative")

	// On a phone (issue 14 §5): the Borg table stays inside its card, the
	// card of the player whose turn it is says so, and a seat a device
	// took shows.
	b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": true})
	for _, sys := range []string{"The Briar Patch and beyond", "Wolf 359"} {
		_, err = a.Execute(tracker.AddCube{System: sys})
		require.NoError(t, err)
	}
	_, err = a.Execute(tracker.ChooseTurnOrder{})
	require.NoError(t, err)
	first := a.State().Ascendancy.CurrentSeat()
	seated := dial(t, ha, "TEST42")
	_, err = seated.TakeSeat(first)
	require.NoError(t, err)
	name := tracker.PlayerName(a.State(), first)
	b.waitFor(a.Seq(), name+"'s turn", "their turn", "seat taken", "Briar Patch")
	require.Equal(t, "true", b.eval(`String(Array.from(document.querySelectorAll("section")).every(function (s) { return s.scrollWidth <= s.clientWidth; }))`),
		"every card holds its content")
	require.Equal(t, "true", b.eval(`String(document.querySelector("section.borg table").offsetWidth <= document.querySelector("section.borg").clientWidth)`),
		"the Borg table fits its card")
	require.Equal(t, first, b.eval(`document.querySelector("section.turn").dataset.player`))
	if dir := os.Getenv("SCOREBOARD_SHOT"); dir != "" {
		var shot struct{ Data []byte }
		require.NoError(t, json.Unmarshal(b.call("Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}), &shot))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "scoreboard-phone.png"), shot.Data, 0o644))
	}
}
