// Package chrometest drives Debian's headless Chromium over the DevTools
// protocol for the browser tests (the web scoreboard, the web app): it
// starts Chromium with a throw-away profile, opens tabs (optionally set up
// as a phone), runs JavaScript, navigates, taps and takes screenshots.
// Without Chromium a test skips, unless CI=true, where it fails: CI must
// run the browser tests.
package chrometest

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
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// PhoneUA is a phone browser's user agent: the toolkit treats the page as
// a mobile device (soft keyboard, touch).
const PhoneUA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36"

// Phone is the phone the tests emulate: a 390x844 screen (CSS pixels) at 3
// device pixels per pixel, with touch.
var Phone = Device{Width: 390, Height: 844, Scale: 3, Mobile: true, Touch: true, UserAgent: PhoneUA}

// Device is a screen a page emulates.
type Device struct {
	Width, Height int
	Scale         float64
	Mobile, Touch bool
	UserAgent     string
}

// Path finds Chromium; without it the test skips, unless CI=true.
func Path(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (apt-get install -y chromium); CI must run the browser tests")
	}
	t.Skip("chromium is not installed: skipping a browser test (apt-get install -y chromium to run it)")
	return ""
}

// Chrome is one headless Chromium, stopped when the test ends.
type Chrome struct {
	t      testing.TB
	port   string
	dir    string
	cmd    *exec.Cmd
	exited chan struct{}
	stderr string // the file Chromium writes its standard error to
}

// Start starts headless Chromium with WebGL drawn by SwiftShader (with
// --disable-gpu a Fyne page stays blank) and the extra flags, on a new
// profile removed when the test ends.
func Start(t testing.TB, extra ...string) *Chrome {
	t.Helper()
	Path(t)
	// Chromium's helper processes may still write to the profile for a
	// moment after it is killed: the folder is removed here, with retries,
	// rather than by t.TempDir (this runs after Chromium is stopped).
	dir, err := os.MkdirTemp("", "tableops-chromium-")
	require.NoError(t, err)
	t.Cleanup(func() {
		for range 50 {
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("could not remove %s", dir)
	})
	return launch(t, dir, extra)
}

// StartWithProfile starts headless Chromium as Start does, on the profile
// folder dir, which it keeps: a Chromium started later on the same folder
// finds what this one stored (service workers, caches, storage), as a
// phone's browser opened again does.
func StartWithProfile(t testing.TB, dir string, extra ...string) *Chrome {
	t.Helper()
	return launch(t, dir, extra)
}

func launch(t testing.TB, dir string, extra []string) *Chrome {
	t.Helper()
	bin := Path(t)
	portFile := filepath.Join(dir, "DevToolsActivePort")
	_ = os.Remove(portFile) // a reused profile holds the previous one's
	args := append([]string{"--headless", "--no-sandbox",
		"--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--no-first-run", "--disable-dev-shm-usage", "--user-data-dir=" + dir,
		"--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0"}, extra...)
	cmd := exec.Command(bin, append(args, "about:blank")...)
	cmd.Env = append(os.Environ(), "HOME="+dir)
	// Chromium's standard error is kept in a file of its own (outside the
	// profile, which a later Chromium may reuse) and shown when the test
	// fails: what the browser said is often why a page never came.
	errFile, err := os.CreateTemp("", "tableops-chromium-stderr-")
	require.NoError(t, err)
	cmd.Stderr = errFile
	ownGroup(cmd)
	err = cmd.Start()
	errFile.Close() // Chromium holds its own copy
	require.NoError(t, err)
	c := &Chrome{t: t, dir: dir, cmd: cmd, exited: make(chan struct{}), stderr: errFile.Name()}
	go func() {
		_ = cmd.Wait()
		close(c.exited)
	}()
	t.Cleanup(func() {
		killGroup(cmd)
		<-c.exited
		if t.Failed() {
			t.Logf("chromium's standard error (%s):\n%s", strings.Join(cmd.Args, " "), c.Stderr())
		}
		_ = os.Remove(c.stderr)
	})
	// Chromium writes its DevTools port to the profile folder.
	require.Eventually(t, func() bool {
		f, err := os.Open(portFile)
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

// stderrTail is how much of Chromium's standard error Stderr returns.
const stderrTail = 16 << 10

// Stderr returns the last part of what Chromium wrote to its standard
// error so far (at most stderrTail bytes).
func (c *Chrome) Stderr() string {
	b, err := os.ReadFile(c.stderr)
	if err != nil {
		return fmt.Sprintf("(unreadable: %v)", err)
	}
	if len(b) > stderrTail {
		b = append([]byte("..."), b[len(b)-stderrTail:]...)
	}
	return string(b)
}

// Dir is the profile folder.
func (c *Chrome) Dir() string { return c.dir }

// Close quits Chromium the way a person does (it writes what it keeps to
// the profile first) and waits until it has gone, at most a minute, after
// which it is killed.
func (c *Chrome) Close() {
	t := c.t
	t.Helper()
	resp, err := http.Get("http://127.0.0.1:" + c.port + "/json/version")
	if err == nil {
		var v struct{ WebSocketDebuggerURL string }
		err = json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		if err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			if conn, _, err := websocket.Dial(ctx, v.WebSocketDebuggerURL, nil); err == nil {
				_ = conn.Write(ctx, websocket.MessageText, []byte(`{"id":1,"method":"Browser.close"}`))
				defer conn.CloseNow()
			}
			cancel()
		}
	}
	select {
	case <-c.exited:
	case <-time.After(time.Minute):
		t.Logf("chromium did not quit in a minute: killed")
	}
	killGroup(c.cmd) // its helpers too
	<-c.exited
}

// Page is one browser tab.
type Page struct {
	t    testing.TB
	conn *websocket.Conn
	mu   sync.Mutex
	id   int
	logs []string
}

// NewPage opens a blank tab.
func (c *Chrome) NewPage() *Page {
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
	p := &Page{t: t, conn: conn}
	p.Call("Page.enable", nil)
	p.Call("Runtime.enable", nil) // the page's console, kept for failures
	return p
}

// NewPhonePage opens a blank tab set up as the Phone.
func (c *Chrome) NewPhonePage() *Page {
	p := c.NewPage()
	p.Emulate(Phone)
	return p
}

// Emulate sets the page's screen, touch and user agent.
func (p *Page) Emulate(d Device) {
	p.t.Helper()
	p.Call("Emulation.setDeviceMetricsOverride", map[string]any{"width": d.Width, "height": d.Height, "deviceScaleFactor": d.Scale, "mobile": d.Mobile})
	if d.Touch {
		p.Call("Emulation.setTouchEmulationEnabled", map[string]any{"enabled": true, "maxTouchPoints": 5})
	}
	if d.UserAgent != "" {
		p.Call("Emulation.setUserAgentOverride", map[string]any{"userAgent": d.UserAgent, "platform": "Android"})
	}
}

// Call sends one DevTools command and returns its result.
func (p *Page) Call(method string, params any) json.RawMessage {
	p.t.Helper()
	r, err := p.Try(method, params)
	require.NoError(p.t, err, method)
	return r
}

// Try sends one DevTools command and returns its result or error.
func (p *Page) Try(method string, params any) (json.RawMessage, error) {
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
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			Result json.RawMessage `json:"result"`
			Error  *struct{ Message string }
		}
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, err
		}
		if r.ID != id {
			p.event(r.Method, r.Params)
			continue
		}
		if r.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		return r.Result, nil
	}
}

// event keeps the page's console lines and uncaught errors (the last 200).
func (p *Page) event(method string, params json.RawMessage) {
	var line string
	switch method {
	case "Runtime.consoleAPICalled":
		var e struct {
			Args []struct {
				Value any `json:"value"`
			} `json:"args"`
		}
		if json.Unmarshal(params, &e) != nil {
			return
		}
		for _, a := range e.Args {
			line += fmt.Sprint(a.Value) + " "
		}
	case "Runtime.exceptionThrown":
		line = "exception: " + string(params)
	default:
		return
	}
	p.logs = append(p.logs, strings.TrimSpace(line))
	if len(p.logs) > 200 {
		p.logs = p.logs[len(p.logs)-200:]
	}
	if os.Getenv("TABLEOPS_WEB_CONSOLE") == "1" {
		p.t.Logf("page: %.600s", line)
	}
}

// Console returns the page's last console lines and uncaught errors seen
// so far (while commands were answered).
func (p *Page) Console() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.logs...)
}

// Eval returns the value of a JavaScript expression (promises awaited);
// the test fails when it throws.
func (p *Page) Eval(expr string) any {
	p.t.Helper()
	v, err := p.TryEval(expr)
	require.NoError(p.t, err)
	return v
}

// TryEval returns the value of a JavaScript expression (promises awaited)
// or what it threw (a page still loading may not have what it reads yet).
func (p *Page) TryEval(expr string) (any, error) {
	res, err := p.Try("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true})
	if err != nil {
		return nil, err
	}
	var r struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string
			Exception struct{ Description string }
		} `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		return nil, err
	}
	if r.ExceptionDetails != nil {
		return nil, fmt.Errorf("%s: %s %s", expr, r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	return r.Result.Value, nil
}

// EvalString returns a JavaScript expression's value as text.
func (p *Page) EvalString(expr string) string {
	p.t.Helper()
	return fmt.Sprint(p.Eval(expr))
}

// Navigate opens url and returns at once.
func (p *Page) Navigate(url string) {
	p.t.Helper()
	p.Call("Page.navigate", map[string]any{"url": url})
}

// Reload reloads the page and returns at once.
func (p *Page) Reload() {
	p.t.Helper()
	p.Call("Page.reload", map[string]any{})
}

// Tap touches the screen at (x, y) CSS pixels and lifts the finger.
func (p *Page) Tap(x, y float32) {
	p.t.Helper()
	pt := []map[string]any{{"x": x, "y": y, "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}}
	p.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchStart", "touchPoints": pt})
	time.Sleep(30 * time.Millisecond)
	p.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchEnd", "touchPoints": []any{}})
}

// Screenshot saves the page as a PNG (beyond the screen: the whole page).
func (p *Page) Screenshot(path string, beyond bool) {
	p.t.Helper()
	res := p.Call("Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": beyond})
	var r struct{ Data string }
	require.NoError(p.t, json.Unmarshal(res, &r))
	b, err := base64.StdEncoding.DecodeString(r.Data)
	require.NoError(p.t, err)
	require.NoError(p.t, os.WriteFile(path, b, 0o644))
}

// AllowDownloads saves the page's downloads into dir under the names the
// page gives them (a link's download attribute).
func (p *Page) AllowDownloads(dir string) {
	p.t.Helper()
	params := map[string]any{"behavior": "allow", "downloadPath": dir}
	if _, err := p.Try("Browser.setDownloadBehavior", params); err != nil {
		p.Call("Page.setDownloadBehavior", params) // older Chromium
	}
}

// InterceptFileChoosers keeps the page's file pickers from opening (a
// headless browser would cancel them): the test gives the files with
// SetFiles instead.
func (p *Page) InterceptFileChoosers() {
	p.t.Helper()
	p.Call("Page.setInterceptFileChooserDialog", map[string]any{"enabled": true})
}

// SetFiles gives the file input the selector finds the files at paths, as
// if the person had picked them (the input's change event fires). It
// reports false when the page has no such input (yet).
func (p *Page) SetFiles(selector string, paths ...string) bool {
	p.t.Helper()
	res, err := p.Try("Runtime.evaluate", map[string]any{"expression": "document.querySelector(" + quote(selector) + ")"})
	if err != nil {
		return false
	}
	var r struct {
		Result struct {
			ObjectID string `json:"objectId"`
		} `json:"result"`
	}
	if json.Unmarshal(res, &r) != nil || r.Result.ObjectID == "" {
		return false
	}
	p.Call("DOM.setFileInputFiles", map[string]any{"files": paths, "objectId": r.Result.ObjectID})
	return true
}

// quote writes s as a JavaScript string literal.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Type types text on the keyboard, one key at a time.
func (p *Page) Type(text string) {
	p.t.Helper()
	for _, r := range text {
		s := string(r)
		p.Call("Input.dispatchKeyEvent", map[string]any{"type": "keyDown", "text": s, "unmodifiedText": s, "key": s})
		p.Call("Input.dispatchKeyEvent", map[string]any{"type": "keyUp", "key": s})
	}
}

// Enter presses the Enter key.
func (p *Page) Enter() {
	p.t.Helper()
	for _, typ := range []string{"rawKeyDown", "char", "keyUp"} {
		k := map[string]any{"type": typ, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "nativeVirtualKeyCode": 13}
		if typ == "char" {
			k["text"] = "\r"
		}
		p.Call("Input.dispatchKeyEvent", k)
	}
}
