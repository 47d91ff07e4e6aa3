//go:build unix

package webapp_test

import (
	"strings"
	"testing"
	"time"
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
			const l = document.getElementById("loading");
			return !l || getComputedStyle(l).display === "none" ? "" : document.getElementById("action").textContent;
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
