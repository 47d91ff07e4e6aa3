//go:build unix

package webapp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// upload gives the page's file input (the one the app opened for an
// upload) the file at path.
func (p *page) upload(path string) {
	p.t.Helper()
	deadline := time.Now().Add(slow)
	for time.Now().Before(deadline) {
		res := p.Call("Runtime.evaluate", map[string]any{"expression": `document.querySelector("input[type=file]")`})
		var r struct {
			Result struct {
				ObjectID string `json:"objectId"`
			} `json:"result"`
		}
		require.NoError(p.t, json.Unmarshal(res, &r))
		if r.Result.ObjectID != "" {
			p.Call("DOM.setFileInputFiles", map[string]any{"files": []string{path}, "objectId": r.Result.ObjectID})
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatal("the app opened no file input")
}

// waitForPrefix waits until the screen shows a text starting with prefix.
func (p *page) waitForPrefix(prefix string) {
	p.t.Helper()
	deadline := time.Now().Add(slow)
	var last screen
	for time.Now().Before(deadline) {
		if sc, ok := p.look(); ok {
			last = sc
			for _, o := range sc.Objects {
				if strings.HasPrefix(o.Text, prefix) {
					return
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("the app did not show %q within %s; it shows: %s", prefix, slow, last.texts())
}

// TestCatalogFilesInTheBrowser: in the web app the catalog's Export is a
// download and its Import an upload (the toolkit's file dialogs cannot
// reach a phone's files): the downloaded catalog imports back, and a file
// that is not a catalog is refused in words.
func TestCatalogFilesInTheBrowser(t *testing.T) {
	url := serveStatic(t, bundle(t))
	downloads := t.TempDir()
	p := newPage(t, startChrome(t))
	p.Call("Page.setDownloadBehavior", map[string]any{"behavior": "allow", "downloadPath": downloads})
	p.Navigate(url)
	p.tapText("widget.Button", "Catalog")
	p.tapText("widget.Button", "Export")
	p.waitForPrefix("Exported ")
	file := filepath.Join(downloads, "tableops-catalog.json")
	var b []byte
	require.Eventually(t, func() bool {
		var err error
		b, err = os.ReadFile(file)
		return err == nil && json.Valid(b)
	}, slow, 100*time.Millisecond, "the catalog was downloaded")

	p.tapText("widget.Button", "Import")
	p.upload(file)
	p.waitForPrefix("Imported tableops-catalog.json: 0 new cards, 0 cards updated.")

	bad := filepath.Join(t.TempDir(), "notes.json")
	require.NoError(t, os.WriteFile(bad, []byte("shopping list"), 0o644))
	p.tapText("widget.Button", "Import")
	p.upload(bad)
	p.waitForPrefix("Not imported:")
}
