//go:build unix

package webapp_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/internal/chrometest"
)

// firstFrameHook records when the page first draws with WebGL (the app's
// first frame), in milliseconds since the navigation started.
const firstFrameHook = `(() => {
	const mark = () => { if (!window.__firstFrame) window.__firstFrame = performance.now(); };
	for (const C of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
		if (!C) continue;
		for (const m of ["drawArrays", "drawElements"]) {
			const f = C.prototype[m];
			C.prototype[m] = function () { const r = f.apply(this, arguments); mark(); return r; };
		}
	}
})();`

// firstFrame opens url in a new phone page of c and returns the time from
// the navigation to the first frame.
func firstFrame(t *testing.T, c *chrometest.Chrome, url string) (*page, time.Duration) {
	t.Helper()
	p := newPage(t, c)
	p.Call("Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": firstFrameHook})
	p.Navigate(url)
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		if v, ok := p.Eval(`window.__firstFrame || 0`).(float64); ok && v > 0 {
			return p, time.Duration(v * float64(time.Millisecond))
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s drew nothing in 3 minutes", url)
	return nil, 0
}

// TestStartupBudget measures, in one run, the time from opening the link
// to the first frame for a bare Fyne window (one button, built and served
// the same way), the app with an empty cache, and the app from its service
// worker's cache. Budgets: the app at most twice the bare window, from the
// cache at most half the cold time. It builds the bare window's bundle, so
// it runs only with TABLEOPS_WEB_BUDGET=1.
func TestStartupBudget(t *testing.T) {
	if os.Getenv("TABLEOPS_WEB_BUDGET") != "1" {
		t.Skip("set TABLEOPS_WEB_BUDGET=1 to measure the start-up budget (builds a bare Fyne window's bundle)")
	}
	app := serveStatic(t, bundle(t))
	bareDir := t.TempDir()
	cmd := exec.Command("go", "run", "./gen", "-main", "./testdata/bare", "-name", "Bare", "-out", bareDir)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Run(), "build the bare window's bundle")
	bare := serveStatic(t, os.DirFS(bareDir))

	_, bareTime := firstFrame(t, startChrome(t), bare)
	c := startChrome(t)
	p, cold := firstFrame(t, c, app)
	// The service worker takes over once it has stored the app's files.
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if v, _ := p.Eval(`navigator.serviceWorker && navigator.serviceWorker.controller ? 1 : 0`).(float64); v == 1 {
			break
		}
		if v, _ := p.Eval(`(async () => { const r = await navigator.serviceWorker.ready; return r.active ? 1 : 0; })()`).(float64); v == 1 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	_, warm := firstFrame(t, c, app)
	t.Logf("link to first frame at 390x844: bare Fyne window %s, Table Ops cold %s (%.2fx), from the service worker's cache %s (%.2f of cold)",
		bareTime.Round(time.Millisecond), cold.Round(time.Millisecond), float64(cold)/float64(bareTime),
		warm.Round(time.Millisecond), float64(warm)/float64(cold))
	size := func(dir string) (n int64) {
		matches, _ := filepath.Glob(filepath.Join(dir, "*.br"))
		for _, m := range matches {
			if st, err := os.Stat(m); err == nil {
				n += st.Size()
			}
		}
		return n
	}
	t.Logf("brotli transfer: bare %.1f MB", float64(size(bareDir))/1e6)
	require.LessOrEqual(t, cold, 2*bareTime, "the app's first frame at most twice the bare window's")
	require.LessOrEqual(t, warm, cold/2, "from the cache at most half the cold time")
}
