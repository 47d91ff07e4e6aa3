//go:build unix

package webapp_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/rules/reference"
)

// TestCatalogFilesInTheBrowser: the standalone app on a phone opens the
// card catalog, exports it (a download: the file holds every card), and
// imports a file with a card of the players' own (an upload), which then
// shows: found by its name, its page opens.
func TestCatalogFilesInTheBrowser(t *testing.T) {
	start := time.Now()
	url := serveStatic(t, bundle(t))
	downloads := t.TempDir()
	p := newPage(t, startChrome(t))
	p.AllowDownloads(downloads)
	p.InterceptFileChoosers()
	p.Navigate(url)
	p.tapText("widget.Button", "Catalog")
	p.waitFor("widget.Entry", "", slow) // the catalog's search
	t.Logf("%s: the catalog is open", time.Since(start).Round(time.Second))
	p.tapMore() // on a phone the file tools open from one button
	p.tapText("widget.Button", "Export")

	// The download holds the whole catalog, as the desktop app writes it.
	exported := filepath.Join(downloads, "tableops-catalog.json")
	var data []byte
	deadline := time.Now().Add(slow)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(exported); err == nil && len(b) > 0 && b[len(b)-1] == '\n' {
			data = b
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	require.NotEmpty(t, data, "the export downloaded %s within %s (downloads: %v)", exported, slow, dirNames(downloads))
	t.Logf("%s: downloaded %d bytes", time.Since(start).Round(time.Second), len(data))
	got, err := reference.ParseCatalog(data)
	require.NoError(t, err, "the downloaded catalog reads back")
	builtin, err := reference.Builtin()
	require.NoError(t, err)
	require.Equal(t, builtin.Len(), got.Len(), "the download holds every card")
	p.waitFor("widget.Label", "Exported "+strconv.Itoa(builtin.Len())+" cards to tableops-catalog.json.", slow)

	// An upload of a file with a new card: the catalog has it.
	const name = "Ensign Tavi Orrun"
	file := filepath.Join(t.TempDir(), "our-cards.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"schema": 1, "characters": [
		{"id": "OWN-TAVI", "name": "`+name+`", "affiliation": "Federation", "tracks": {"move": [2, 4]}}
	], "references": []}`), 0o644))
	p.tapMore()
	p.tapText("widget.Button", "Import")
	deadline = time.Now().Add(slow)
	for !p.SetFiles(`input[type=file]`, file) {
		require.True(t, time.Now().Before(deadline), "the app asked for no file within %s", slow)
		time.Sleep(100 * time.Millisecond)
	}
	p.waitFor("widget.Label", "Imported our-cards.json: 1 new cards, 0 cards updated.", slow)
	t.Logf("%s: imported", time.Since(start).Round(time.Second))

	// Found by its name: Enter opens the first card found.
	p.tapText("widget.Entry", "")
	p.Type("Tavi")
	p.waitFor("widget.Entry", "Tavi", slow)
	p.Enter()
	_, sc := p.waitFor("widget.Label", name, slow)
	var page bool
	for _, o := range sc.Objects {
		if strings.Contains(o.Text, "id OWN-TAVI") {
			page = true
		}
	}
	require.True(t, page, "the card's page shows; the screen shows: %s", sc.texts())
	shots(t, p, "web-catalog-card.png")
}

// tapMore taps the catalog's "…" button (an icon without text), which
// opens its file and tag tools.
func (p *page) tapMore() {
	p.t.Helper()
	o, sc := p.waitTappable(func(o shown) bool {
		return o.Type == "widget.Button" && o.Text == "" && strings.HasSuffix(o.Icon, "more-horizontal.svg")
	}, "the catalog's … button")
	p.tapObject(sc, o, 0.5, 0.5)
}

func dirNames(dir string) []string {
	ents, _ := os.ReadDir(dir)
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}
