//go:build !js

package share

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

// logBuffer collects a host's log lines for assertions.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// awayGame is an Away Missions game in its action phase: two players with
// four characters each (the tracker's benchmark log).
func awayGame(t testing.TB) *tracker.Session {
	t.Helper()
	s, err := tracker.Replay(tracker.KindAway, trackertest.Log(40), tracker.Options{Seeds: &tracker.CountingSeeds{}})
	require.NoError(t, err)
	return s
}

// startHost shares g on loopback with a known join code.
func startHost(t testing.TB, g Game, opts Options) (*Host, *logBuffer) {
	t.Helper()
	logs := &logBuffer{}
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	if opts.Code == "" {
		opts.Code = "TEST42"
	}
	if opts.Name == "" {
		opts.Name = "Test game"
	}
	opts.Logger = slog.New(slog.NewTextHandler(logs, nil))
	h, err := Start(context.Background(), g, opts)
	require.NoError(t, err)
	t.Cleanup(h.Stop)
	return h, logs
}

func dial(t testing.TB, h *Host, code string) *Client {
	t.Helper()
	c, err := Dial(context.Background(), h.Addr(), code, ClientOptions{Timeout: 5 * time.Second})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// rawConn opens a bare WebSocket to the host, as a hostile or buggy client would.
func rawConn(t testing.TB, h *Host, code string) *websocket.Conn {
	t.Helper()
	hd := http.Header{}
	if code != "" {
		hd.Set(HeaderCode, code)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws://"+h.Addr()+"/api/ws", &websocket.DialOptions{HTTPHeader: hd})
	require.NoError(t, err)
	conn.SetReadLimit(MaxHostMessage)
	t.Cleanup(func() { _ = conn.CloseNow() })
	return conn
}

// readUntil reads host messages until one satisfies ok.
func readUntil(t testing.TB, conn *websocket.Conn, ok func(HostMessage) bool) HostMessage {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		_, b, err := conn.Read(ctx)
		require.NoError(t, err)
		var m HostMessage
		require.NoError(t, json.Unmarshal(b, &m))
		if ok(m) {
			return m
		}
	}
}

func send(t testing.TB, conn *websocket.Conn, v any) {
	t.Helper()
	var b []byte
	if s, ok := v.(string); ok {
		b = []byte(s)
	} else {
		var err error
		b, err = json.Marshal(v)
		require.NoError(t, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, conn.Write(ctx, websocket.MessageText, b))
}

func encode(t testing.TB, c tracker.Command) json.RawMessage {
	t.Helper()
	b, err := tracker.EncodeCommand(c)
	require.NoError(t, err)
	return b
}

// waitSeq waits until every client's mirror reaches seq.
func waitSeq(t testing.TB, seq uint64, clients ...*Client) {
	t.Helper()
	require.Eventually(t, func() bool {
		for _, c := range clients {
			if c.Seq() != seq {
				return false
			}
		}
		return true
	}, 10*time.Second, 5*time.Millisecond, "mirrors did not reach seq %d", seq)
}

func stateJSON(t testing.TB, s *tracker.State) string {
	t.Helper()
	b, err := json.Marshal(s)
	require.NoError(t, err)
	return string(b)
}

func labels(h tracker.History) string {
	var b strings.Builder
	for _, s := range h.Undo {
		b.WriteString(s.Label + "|")
	}
	b.WriteString("//")
	for _, s := range h.Redo {
		b.WriteString(s.Label + "|")
	}
	return b.String()
}

// post sends a request to the HTTP API.
func post(t testing.TB, h *Host, path, code string, body []byte, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, h.URL()+strings.TrimPrefix(path, "/"), bytes.NewReader(body))
	require.NoError(t, err)
	if code != "" {
		req.Header.Set(HeaderCode, code)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var out bytes.Buffer
	_, _ = out.ReadFrom(resp.Body)
	return resp, out.Bytes()
}

// startLogger is a logger that drops everything.
func startLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
