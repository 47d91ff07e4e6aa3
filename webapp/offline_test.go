//go:build unix

package webapp_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestOfflineFromTheWorkersCopy: a phone that opened the app once opens it
// again with the server gone and the browser's HTTP cache emptied: the
// service worker's copy answers, the app's code included.
func TestOfflineFromTheWorkersCopy(t *testing.T) {
	srv := httptest.NewServer(staticHandler(bundle(t)))
	t.Cleanup(srv.Close)
	p := newPage(t, startChrome(t))
	p.Navigate(srv.URL + "/app/")
	p.waitFor("widget.Button", "New Ascendancy game", slow)
	p.waitForWorker()
	srv.Close()
	p.Call("Network.enable", nil)
	p.Call("Network.clearBrowserCache", nil)
	p.Call("Page.reload", map[string]any{})
	time.Sleep(500 * time.Millisecond)
	p.waitFor("widget.Button", "New Ascendancy game", slow)
	from := p.EvalString(`performance.getEntriesByType("resource").filter(r => r.name.endsWith(".wasm")).map(r => r.deliveryType).join(" ")`)
	require.Equal(t, "cache-storage", from, "the app's code came from the worker's copy")
}
