//go:build unix

package share

import (
	"bufio"
	"context"
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

	ascrules "tableops/rules/ascendancy"
	awayrules "tableops/rules/away"
	"tableops/tracker"
)

// chromiumPath finds a headless-capable Chromium. Without one the browser
// test skips, unless CI=true, where it fails: CI must run it.
func chromiumPath(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (apt-get install -y chromium); CI must run the scoreboard browser test")
	}
	t.Skip("chromium is not installed: skipping the scoreboard browser test (apt-get install -y chromium to run it)")
	return ""
}

// browser is a headless Chromium driven over the DevTools protocol.
type browser struct {
	t    *testing.T
	conn *websocket.Conn
	mu   sync.Mutex
	id   int
}

func startBrowser(t *testing.T) *browser {
	bin := chromiumPath(t)
	// Chromium's helper processes may still write to the profile for a
	// moment after it is killed: the folder is removed here, with retries,
	// rather than by t.TempDir.
	dir, err := os.MkdirTemp("", "tableops-chromium-")
	require.NoError(t, err)
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--no-first-run", "--disable-dev-shm-usage", "--user-data-dir="+dir,
		"--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "about:blank")
	cmd.Env = append(os.Environ(), "HOME="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its own process group, killed as a whole
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
		t.Logf("could not remove %s", dir)
	})

	// Chromium writes its DevTools port to the profile folder.
	var port string
	require.Eventually(t, func() bool {
		f, err := os.Open(filepath.Join(dir, "DevToolsActivePort"))
		if err != nil {
			return false
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		if sc.Scan() {
			port = strings.TrimSpace(sc.Text())
		}
		return port != ""
	}, 30*time.Second, 50*time.Millisecond, "chromium did not start")

	var ws string
	require.Eventually(t, func() bool {
		resp, err := http.Get("http://127.0.0.1:" + port + "/json/list")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		var targets []struct{ Type, WebSocketDebuggerURL string }
		if json.NewDecoder(resp.Body).Decode(&targets) != nil {
			return false
		}
		for _, tg := range targets {
			if tg.Type == "page" {
				ws = tg.WebSocketDebuggerURL
				return true
			}
		}
		return false
	}, 30*time.Second, 50*time.Millisecond, "no page in chromium")
	dctx, dcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer dcancel()
	conn, _, err := websocket.Dial(dctx, ws, nil)
	require.NoError(t, err)
	conn.SetReadLimit(64 << 20)
	t.Cleanup(func() { _ = conn.CloseNow() })
	return &browser{t: t, conn: conn}
}

// call sends one DevTools command and returns its result.
func (b *browser) call(method string, params any) json.RawMessage {
	b.t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.id++
	id := b.id
	msg, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	require.NoError(b.t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	require.NoError(b.t, b.conn.Write(ctx, websocket.MessageText, msg))
	for {
		_, data, err := b.conn.Read(ctx)
		require.NoError(b.t, err)
		var r struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct{ Message string }
		}
		require.NoError(b.t, json.Unmarshal(data, &r))
		if r.ID != id {
			continue // an event
		}
		if r.Error != nil {
			b.t.Fatalf("%s: %s", method, r.Error.Message)
		}
		return r.Result
	}
}

// eval returns the string value of a JavaScript expression in the page.
func (b *browser) eval(expr string) string {
	b.t.Helper()
	res := b.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true})
	var r struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
	}
	require.NoError(b.t, json.Unmarshal(res, &r))
	return fmt.Sprint(r.Result.Value)
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
