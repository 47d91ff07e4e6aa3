//go:build !js

package share

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// TestSeatsTakenAndKeptAcrossReconnection: a device takes a player's seat;
// the host, the other devices and /api/state show it taken; another device
// cannot take it while the first is connected; after a drop the device
// comes back on the same seat and catches up from the events it missed.
func TestSeatsTakenAndKeptAcrossReconnection(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{})
	players := tracker.SeatChoices(g.State())
	require.GreaterOrEqual(t, len(players), 2)
	ben := players[0].ID

	var seatsMu sync.Mutex
	var told [][]SeatInfo
	a, err := Dial(context.Background(), h.Addr(), "TEST42", ClientOptions{Timeout: 5 * time.Second, Device: "phone-a",
		OnSeats: func(s []SeatInfo) { seatsMu.Lock(); told = append(told, s); seatsMu.Unlock() }})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Close() })
	b := dial(t, h, "TEST42")
	assert.Equal(t, "", a.Seat())

	seat, err := a.TakeSeat(ben)
	require.NoError(t, err)
	assert.Equal(t, ben, seat)
	assert.Equal(t, ben, a.Seat())
	taken := func(c interface{ Seats() []SeatInfo }) bool {
		for _, s := range c.Seats() {
			if s.Seat == ben {
				return s.Taken && s.Connected
			}
		}
		return false
	}
	require.Eventually(t, func() bool { return taken(b) }, 5*time.Second, 5*time.Millisecond, "the other device sees the seat taken")
	assert.True(t, taken(h))
	seatsMu.Lock()
	assert.NotEmpty(t, told, "OnSeats was called")
	seatsMu.Unlock()

	resp, err := http.Get(h.URL() + "api/state")
	require.NoError(t, err)
	var st StateResponse
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&st))
	resp.Body.Close()
	require.Len(t, st.Seats, len(players))
	assert.Equal(t, SeatInfo{Seat: ben, Name: players[0].Name, Taken: true, Connected: true}, st.Seats[0])
	assert.False(t, st.Seats[1].Taken)

	// Another device cannot take a connected device's seat.
	_, err = b.TakeSeat(ben)
	var rej *tracker.Rejection
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, CodeSeatTaken, rej.Code)
	_, err = b.TakeSeat("nobody")
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, tracker.CodeNotFound, rej.Code)
	seat, err = b.TakeSeat(SeatWatch)
	require.NoError(t, err)
	assert.Equal(t, SeatWatch, seat)

	// The phone sleeps; the game goes on; it wakes up on the same seat and
	// catches up from the events it missed, without a snapshot.
	a.mu.Lock()
	conn := a.conn
	a.mu.Unlock()
	require.NoError(t, conn.CloseNow())
	require.Eventually(t, func() bool {
		for _, s := range h.Seats() {
			if s.Seat == ben {
				return s.Taken && !s.Connected
			}
		}
		return false
	}, 5*time.Second, 5*time.Millisecond, "the seat is kept while the device is away")
	for range 3 {
		_, err := g.Execute(tracker.Note{Text: "while asleep"})
		require.NoError(t, err)
	}
	waitSeq(t, g.Seq(), a)
	assert.Equal(t, stateJSON(t, g.State()), stateJSON(t, a.State()))
	assert.Equal(t, labels(g.History()), labels(a.History()))
	require.Eventually(t, func() bool { return taken(h) }, 5*time.Second, 5*time.Millisecond)
	assert.Equal(t, ben, a.Seat())
	_, err = a.Execute(tracker.Note{Text: "back"})
	require.NoError(t, err)
}

// TestCatchUpFromSeq: a hello with the position the device had gets the
// events after it (with the state), not a snapshot.
func TestCatchUpFromSeq(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{})
	since := g.Seq()
	_, err := g.Execute(tracker.Note{Text: "one"})
	require.NoError(t, err)
	raw := rawConnHello(t, h, ClientMessage{Op: OpHello, Code: "TEST42", Since: &since})
	m := readUntil(t, raw, func(m HostMessage) bool { return m.Op == OpEvents || m.Op == OpSnapshot })
	require.Equal(t, OpEvents, m.Op)
	assert.True(t, m.Write)
	assert.Equal(t, g.Seq(), m.Seq)
	require.Len(t, m.Events, 1)
	assert.Equal(t, since+1, m.Events[0].Seq)
	assert.Equal(t, stateJSON(t, g.State()), stateJSON(t, m.State))
}

// rawConnHello opens a bare WebSocket and sends hello.
func rawConnHello(t *testing.T, h *Host, hello ClientMessage) *websocket.Conn {
	t.Helper()
	conn := rawConn(t, h, "")
	send(t, conn, hello)
	return conn
}

// TestRestartedHostAsksToScanAgain: a host restart with a new code gives a
// device that had joined a distinct refusal, and it stops retrying.
func TestRestartedHostAsksToScanAgain(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{})
	addr := h.Addr()
	var mu sync.Mutex
	var last error
	c, err := Dial(context.Background(), addr, "TEST42", ClientOptions{Timeout: 2 * time.Second,
		OnStatus: func(up bool, err error) { mu.Lock(); last = err; mu.Unlock() }})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	h.Stop()
	h2, _ := startHost(t, g, Options{Addr: addr, Code: "NEWCODE9"})
	_ = h2
	select {
	case <-c.Done():
	case <-time.After(15 * time.Second):
		t.Fatal("the client kept retrying the old code")
	}
	up, err := c.Connected()
	assert.False(t, up)
	assert.ErrorIs(t, err, ErrCodeChanged)
	assert.Contains(t, err.Error(), "scan the host's code again")
	mu.Lock()
	assert.ErrorIs(t, last, ErrCodeChanged)
	mu.Unlock()
	_, err = c.Execute(tracker.Note{Text: "x"})
	assert.Error(t, err)
}

// TestAppServedPrecompressed: /app/ serves the bundle's files in the best
// encoding the browser takes, with their types and caching; without a
// bundle it says how to build one.
func TestAppServedPrecompressed(t *testing.T) {
	var gz strings.Builder
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte("<html>app</html>"))
	require.NoError(t, zw.Close())
	bundle := fstest.MapFS{
		"index.html":               {Data: []byte("<html>app</html>")},
		"index.html.gz":            {Data: []byte(gz.String())},
		"app.0123abcd9876.wasm":    {Data: []byte("\x00asm-raw")},
		"app.0123abcd9876.wasm.br": {Data: []byte("brotli-bytes")},
		"app.0123abcd9876.wasm.gz": {Data: []byte("gzip-bytes")},
		"sw.js":                    {Data: []byte("self.x=1")},
		"manifest.webmanifest":     {Data: []byte("{}")},
	}
	h, _ := startHost(t, awayGame(t), Options{App: bundle, AppHint: "go generate ./x"})
	tr := &http.Transport{DisableCompression: true}
	get := func(path, ae string) (*http.Response, string) {
		req, _ := http.NewRequest(http.MethodGet, h.URL()+strings.TrimPrefix(path, "/"), nil)
		if ae != "" {
			req.Header.Set("Accept-Encoding", ae)
		}
		resp, err := (&http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		require.NoError(t, err)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(b)
	}
	for _, tc := range []struct {
		path, ae, body, enc, typ, cache string
		status                          int
	}{
		{"/app/", "gzip, br", gz.String(), "gzip", "text/html; charset=utf-8", "no-cache", 200},
		{"/app/index.html", "", "<html>app</html>", "", "text/html; charset=utf-8", "no-cache", 200},
		{"/app/app.0123abcd9876.wasm", "gzip, deflate, br", "brotli-bytes", "br", "application/wasm", "public, max-age=31536000, immutable", 200},
		{"/app/app.0123abcd9876.wasm", "gzip", "gzip-bytes", "gzip", "application/wasm", "public, max-age=31536000, immutable", 200},
		{"/app/app.0123abcd9876.wasm", "br;q=0, gzip;q=0.5", "gzip-bytes", "gzip", "application/wasm", "public, max-age=31536000, immutable", 200},
		{"/app/app.0123abcd9876.wasm", "identity", "\x00asm-raw", "", "application/wasm", "public, max-age=31536000, immutable", 200},
		{"/app/sw.js", "br", "self.x=1", "", "text/javascript; charset=utf-8", "no-cache", 200},
		{"/app/manifest.webmanifest", "", "{}", "", "application/manifest+json", "no-cache", 200},
	} {
		resp, body := get(tc.path, tc.ae)
		require.Equal(t, tc.status, resp.StatusCode, tc.path)
		assert.Equal(t, tc.body, body, tc.path+" "+tc.ae)
		assert.Equal(t, tc.enc, resp.Header.Get("Content-Encoding"), tc.path+" "+tc.ae)
		assert.Equal(t, tc.typ, resp.Header.Get("Content-Type"), tc.path)
		assert.Equal(t, tc.cache, resp.Header.Get("Cache-Control"), tc.path)
		assert.Equal(t, "Accept-Encoding", resp.Header.Get("Vary"), tc.path)
	}
	for _, p := range []string{"/app/missing.js", "/app/index.html.gz", "/app/nope/"} {
		resp, _ := get(p, "gzip")
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, p)
	}
	resp, _ := get("/app", "")
	assert.Equal(t, http.StatusMovedPermanently, resp.StatusCode)
	// Revalidation of the page.
	resp, _ = get("/app/", "gzip")
	req, _ := http.NewRequest(http.MethodGet, h.URL()+"app/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("If-None-Match", resp.Header.Get("ETag"))
	r2, err := (&http.Client{Transport: tr}).Do(req)
	require.NoError(t, err)
	r2.Body.Close()
	assert.Equal(t, http.StatusNotModified, r2.StatusCode)

	h2, _ := startHost(t, awayGame(t), Options{AppHint: "go generate ./webapp"})
	assert.False(t, h2.HasApp())
	r3, err := http.Get(h2.URL() + "app/")
	require.NoError(t, err)
	b, _ := io.ReadAll(r3.Body)
	r3.Body.Close()
	assert.Equal(t, http.StatusNotFound, r3.StatusCode)
	assert.Contains(t, string(b), "go generate ./webapp")
	assert.True(t, h.HasApp())
	assert.Equal(t, "http://"+h.Addr()+"/app/#join=TEST42", h.AppURL())
}
