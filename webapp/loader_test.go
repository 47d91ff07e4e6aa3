//go:build unix

package webapp_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestNoWebGLSaysSo: in a browser that cannot make a WebGL context, the
// page says why the app cannot draw once the app asks for its context,
// instead of the loading screen.
func TestNoWebGLSaysSo(t *testing.T) {
	url := serveStatic(t, bundle(t))
	p := newPage(t, startChrome(t))
	p.Call("Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": `(() => {
		const f = HTMLCanvasElement.prototype.getContext;
		HTMLCanvasElement.prototype.getContext = function (type) {
			return /webgl/.test(type) ? null : f.apply(this, arguments);
		};
	})();`})
	p.Navigate(url)
	const want = "This browser cannot draw the app (WebGL is off or missing)."
	var said string
	for deadline := time.Now().Add(slow); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		said = p.EvalString(`(() => {
			const l = document.getElementById("loading"), a = document.getElementById("action");
			return !l || !a || getComputedStyle(l).display === "none" ? "" : a.textContent;
		})()`)
		if strings.Contains(said, "cannot draw") {
			break
		}
	}
	shots(t, p, "web-no-webgl.png")
	if said != want {
		t.Fatalf("the page says %q, want %q", said, want)
	}
}

// TestLoadingScreenWaitsASecond: the loading screen stays hidden for the
// first second of a start (a quick start shows no flash of it), shows
// "Loading…" when the app's code takes longer to come, and goes when the
// app draws.
func TestLoadingScreenWaitsASecond(t *testing.T) {
	static := staticHandler(bundle(t))
	release := make(chan struct{})
	var once sync.Once
	open := func() { once.Do(func() { close(release) }) }
	t.Cleanup(open)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			select { // the app's code is slow to come until the test lets it
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		static.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p := newPage(t, startChrome(t))
	// What the loading screen looks like as the page has been read.
	p.Call("Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": `document.addEventListener("DOMContentLoaded", () => {
		window.__atFirst = getComputedStyle(document.getElementById("loading")).visibility;
	});`})
	p.Navigate(srv.URL + "/app/")
	screen := func() (visibility, text string, at float64) {
		s := p.EvalString(`(() => {
			// The page is read in parts: the screen may be there before its text.
			const l = document.getElementById("loading"), a = document.getElementById("action");
			if (!l || !a) return "not yet||0";
			return [getComputedStyle(l).display === "none" ? "gone" : getComputedStyle(l).visibility,
				a.textContent, performance.now()].join("|");
		})()`)
		f := strings.SplitN(s, "|", 3)
		if len(f) != 3 {
			return s, "", 0
		}
		ms, _ := strconv.ParseFloat(f[2], 64)
		return f[0], f[1], ms
	}
	var visibility, text string
	var at float64
	for deadline := time.Now().Add(slow); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if visibility, text, at = screen(); visibility == "visible" {
			break
		}
	}
	require.Equal(t, "hidden", p.EvalString(`window.__atFirst || ""`), "the loading screen is hidden as the page starts")
	require.Equal(t, "visible", visibility, "the loading screen shows while the app's code is slow to come")
	require.Equal(t, "Loading…", text)
	require.GreaterOrEqual(t, at, 1000.0, "the loading screen showed after a second, not before")
	shots(t, p, "web-loading.png")
	open()
	p.waitFor("widget.Button", "New Ascendancy game", slow)
	visibility, _, _ = screen()
	require.Equal(t, "gone", visibility, "the loading screen goes when the app draws")
}
