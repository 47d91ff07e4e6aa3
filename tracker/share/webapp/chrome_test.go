//go:build unix

package webapp_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// The browser tests drive Debian's headless Chromium over the DevTools
// protocol as a phone: a 390x844 screen at 3 device pixels per pixel,
// touch, a phone's user agent, and WebGL drawn by SwiftShader (with
// --disable-gpu a Fyne page stays blank).

// phoneUA is a phone browser's user agent: the toolkit treats the page as
// a mobile device (soft keyboard, touch).
const phoneUA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36"

// chromiumPath finds Chromium; without it the test skips, unless CI=true.
func chromiumPath(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (apt-get install -y chromium); CI must run the web app's browser tests")
	}
	t.Skip("chromium is not installed: skipping the web app's browser tests (apt-get install -y chromium to run them)")
	return ""
}

// chrome is one headless Chromium.
type chrome struct {
	t    *testing.T
	port string
}

// startChrome starts Chromium with the phone test flags and extra ones.
func startChrome(t *testing.T, extra ...string) *chrome {
	t.Helper()
	bin := chromiumPath(t)
	dir, err := os.MkdirTemp("", "tableops-webapp-chromium-")
	require.NoError(t, err)
	args := append([]string{"--headless", "--no-sandbox",
		"--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--no-first-run", "--disable-dev-shm-usage", "--user-data-dir=" + dir,
		"--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0"}, extra...)
	cmd := exec.Command(bin, append(args, "about:blank")...)
	cmd.Env = append(os.Environ(), "HOME="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
		for range 50 {
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	c := &chrome{t: t}
	require.Eventually(t, func() bool {
		f, err := os.Open(filepath.Join(dir, "DevToolsActivePort"))
		if err != nil {
			return false
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		if sc.Scan() {
			c.port = strings.TrimSpace(sc.Text())
		}
		return c.port != ""
	}, 30*time.Second, 50*time.Millisecond, "chromium did not start")
	return c
}

// page is one browser tab.
type page struct {
	t    *testing.T
	conn *websocket.Conn
	mu   sync.Mutex
	id   int
}

// newPage opens a tab set up as a phone.
func (c *chrome) newPage() *page {
	t := c.t
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, "http://127.0.0.1:"+c.port+"/json/new?about:blank", nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var tg struct{ WebSocketDebuggerURL string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&tg))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, tg.WebSocketDebuggerURL, nil)
	require.NoError(t, err)
	conn.SetReadLimit(256 << 20)
	t.Cleanup(func() { _ = conn.CloseNow() })
	p := &page{t: t, conn: conn}
	p.call("Page.enable", nil)
	if os.Getenv("TABLEOPS_WEB_CONSOLE") == "1" {
		p.call("Runtime.enable", nil)
	}
	p.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": true})
	p.call("Emulation.setTouchEmulationEnabled", map[string]any{"enabled": true, "maxTouchPoints": 5})
	p.call("Emulation.setUserAgentOverride", map[string]any{"userAgent": phoneUA, "platform": "Android"})
	return p
}

// call sends one DevTools command and returns its result.
func (p *page) call(method string, params any) json.RawMessage {
	p.t.Helper()
	r, err := p.try(method, params)
	require.NoError(p.t, err, method)
	return r
}

func (p *page) try(method string, params any) (json.RawMessage, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.id++
	id := p.id
	if params == nil {
		params = map[string]any{}
	}
	msg, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := p.conn.Write(ctx, websocket.MessageText, msg); err != nil {
		return nil, err
	}
	for {
		_, data, err := p.conn.Read(ctx)
		if err != nil {
			return nil, err
		}
		var r struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct{ Message string }
		}
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, err
		}
		if r.ID != id {
			if os.Getenv("TABLEOPS_WEB_CONSOLE") == "1" && strings.Contains(string(data), "Runtime.consoleAPICalled") || strings.Contains(string(data), "Runtime.exceptionThrown") {
				p.t.Logf("page: %.600s", data)
			}
			continue // an event
		}
		if r.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		return r.Result, nil
	}
}

// eval returns the value of a JavaScript expression (promises awaited).
func (p *page) eval(expr string) any {
	p.t.Helper()
	res := p.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true})
	var r struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct{ Text string } `json:"exceptionDetails"`
	}
	require.NoError(p.t, json.Unmarshal(res, &r))
	if r.ExceptionDetails != nil {
		p.t.Fatalf("%s: %s", expr, r.ExceptionDetails.Text)
	}
	return r.Result.Value
}

// navigate opens url and returns at once.
func (p *page) navigate(url string) {
	p.t.Helper()
	p.call("Page.navigate", map[string]any{"url": url})
}

// tap touches the screen at (x, y) CSS pixels and lifts the finger.
func (p *page) tap(x, y float32) {
	p.t.Helper()
	pt := []map[string]any{{"x": x, "y": y, "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}}
	p.call("Input.dispatchTouchEvent", map[string]any{"type": "touchStart", "touchPoints": pt})
	time.Sleep(30 * time.Millisecond)
	p.call("Input.dispatchTouchEvent", map[string]any{"type": "touchEnd", "touchPoints": []any{}})
}

// screenshot saves the page as a PNG.
func (p *page) screenshot(path string) {
	p.t.Helper()
	res := p.call("Page.captureScreenshot", map[string]any{"format": "png"})
	var r struct{ Data string }
	require.NoError(p.t, json.Unmarshal(res, &r))
	b, err := base64.StdEncoding.DecodeString(r.Data)
	require.NoError(p.t, err)
	require.NoError(p.t, os.WriteFile(path, b, 0o644))
}

// shown is an object on the app's screen (see ui's automation hook).
type shown struct {
	Type, Text, Icon string
	X, Y, W, H       float32
}

// screen is what the app's automation hook describes.
type screen struct {
	Objects []shown `json:"objects"`
	Scale   float32 `json:"scale"`
	Seat    string  `json:"seat"`
	Title   string  `json:"title"`
	Seq     uint64  `json:"seq"`
	dpr     float32
}

// look asks the app to describe its screen; ok is false before the app runs.
func (p *page) look() (screen, bool) {
	p.t.Helper()
	v := p.eval(`(async () => {
		if (!window.tableopsAutomation) return "";
		window.tableopsScreen = "";
		window.tableopsAutomation.refresh();
		for (let i = 0; i < 100 && !window.tableopsScreen; i++) await new Promise(r => setTimeout(r, 20));
		return window.tableopsScreen + "\n" + window.devicePixelRatio;
	})()`)
	s, _ := v.(string)
	body, dpr, ok := strings.Cut(s, "\n")
	if !ok || body == "" {
		return screen{}, false
	}
	var sc screen
	require.NoError(p.t, json.Unmarshal([]byte(body), &sc))
	_, _ = fmt.Sscan(dpr, &sc.dpr)
	return sc, true
}

// find returns the first object matching; ok false when there is none.
func (s screen) find(typ, text string) (shown, bool) {
	for _, o := range s.Objects {
		if (typ == "" || o.Type == typ) && (text == "" || o.Text == text) {
			return o, true
		}
	}
	return shown{}, false
}

func (s screen) texts() string {
	var b strings.Builder
	for _, o := range s.Objects {
		if o.Text != "" {
			b.WriteString(o.Text + " | ")
		}
	}
	return b.String()
}

// waitFor waits until the screen shows an object matching typ and text
// (either may be empty) and returns it with the screen.
func (p *page) waitFor(typ, text string, within time.Duration) (shown, screen) {
	p.t.Helper()
	deadline := time.Now().Add(within)
	var last screen
	for time.Now().Before(deadline) {
		if sc, ok := p.look(); ok {
			last = sc
			if o, ok := sc.find(typ, text); ok {
				return o, sc
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("the app did not show %s %q within %s; it shows: %s", typ, text, within, last.texts())
	return shown{}, last
}

// tapObject taps the middle of an object (or at fx, fy of its size).
func (p *page) tapObject(sc screen, o shown, fx, fy float32) {
	p.t.Helper()
	k := float32(1)
	if sc.dpr > 0 && sc.Scale > 0 {
		k = sc.Scale / sc.dpr
	}
	p.tap((o.X+o.W*fx)*k, (o.Y+o.H*fy)*k)
}

// tapText waits for a button (or any object) with text and taps it.
func (p *page) tapText(typ, text string) {
	p.t.Helper()
	o, sc := p.waitFor(typ, text, 30*time.Second)
	p.tapObject(sc, o, 0.5, 0.5)
}

// waitGone waits until no object matches typ and text.
func (p *page) waitGone(typ, text string, within time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(within)
	var last screen
	for time.Now().Before(deadline) {
		if sc, ok := p.look(); ok {
			last = sc
			if _, found := sc.find(typ, text); !found {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("the app still shows %s %q after %s; it shows: %s", typ, text, within, last.texts())
}
