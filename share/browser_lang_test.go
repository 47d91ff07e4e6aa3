//go:build unix

package share

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// italianTexts are the app's Italian texts the host gives the page (as
// the app's i18n.WebTexts does for an Italian host), read from the
// translation file.
func italianTexts(t *testing.T) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "i18n", "translations", "it.json"))
	require.NoError(t, err)
	var all map[string]string
	require.NoError(t, json.Unmarshal(raw, &all))
	out := map[string]string{}
	for k, v := range all {
		for _, p := range []string{"web.", "track.", "rule.", "rules.", "choice."} {
			if strings.HasPrefix(k, p) {
				out[k] = v
			}
		}
	}
	return out
}

var templateField = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// TestScoreboardInBrowserSpeaksItalian: an Italian host's scoreboard page
// shows its headings, the Borg table and the game's log in Italian in
// headless Chromium, the log worded from the events' keyed texts as the
// app words them (the JSON keeps its English keys), live as the game goes
// on; nothing of the page's English is left.
func TestScoreboardInBrowserSpeaksItalian(t *testing.T) {
	it := italianTexts(t)
	js, err := json.Marshal(it)
	require.NoError(t, err)
	tr := func(key, english string, args map[string]string) string {
		s, ok := it[key]
		if !ok {
			return english
		}
		return templateField.ReplaceAllStringFunc(s, func(f string) string {
			if v, ok := args[templateField.FindStringSubmatch(f)[1]]; ok {
				return v
			}
			return f
		})
	}

	a := borgAscGame(t)
	h, _ := startHost(t, a, Options{Name: "Serata Ascendancy", Texts: func(string) []byte { return js }})
	b := startBrowser(t)
	// A TV: room for every row of this short log (a smaller screen shows
	// the newest rows that fit).
	b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false})
	b.call("Page.navigate", map[string]any{"url": h.URL()})

	// lineOf is an event's log line as the app words it in Italian.
	lineOf := func(e tracker.Event) string { return e.Texts.In(tr) }
	evs := a.EventsSince(0)
	first, last := lineOf(evs[0]), lineOf(evs[len(evs)-1])
	require.NotEqual(t, evs[len(evs)-1].Texts.String(), last, "the last event has an Italian wording")
	b.waitFor(a.Seq(), "Serata Ascendancy", "Ultime voci del registro", last, first, "Cubo", "Sistema", "Danni", "Scudi", "cubo 1", "Preparazione")

	// Live: the next events come worded in Italian too.
	_, err = a.Execute(tracker.AddCube{System: "Risa"})
	require.NoError(t, err)
	_, err = a.Execute(tracker.StartAscendancy{})
	require.NoError(t, err)
	evs = a.EventsSince(0)
	b.waitFor(a.Seq(), lineOf(evs[len(evs)-1]), "Round 1", "2 Cubi")
	_, err = a.Undo()
	require.NoError(t, err)
	evs = a.EventsSince(0)
	undo := lineOf(evs[len(evs)-1])
	require.True(t, strings.HasPrefix(undo, tr("track.undo_step", "Undo: ", nil)), undo)
	b.waitFor(a.Seq(), undo)

	assert.Equal(t, "it", b.eval(`document.documentElement.lang`), "the page says its language")
	page := b.eval(`document.body.innerText`)
	for _, en := range []string{"Latest in the log", "Turn order", "Cube", "System", "Damage", "Shields", "Production", "Research", "Culture",
		"Commands", "Weapons", "Undo", "added", "Setup", "Read-only scoreboard", "live"} {
		assert.NotContains(t, page, en, "English left on the Italian page")
	}
	if dir := os.Getenv("SCOREBOARD_SHOT"); dir != "" {
		b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": true})
		b.waitFor(a.Seq(), undo)
		var shot struct{ Data []byte }
		require.NoError(t, json.Unmarshal(b.call("Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}), &shot))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "scoreboard-it-phone.png"), shot.Data, 0o644))
	}
}
