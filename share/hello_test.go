//go:build !js

package share

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// silentFrom opens a WebSocket from ip that sends nothing yet.
func silentFrom(t *testing.T, h *Host, ip string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, "ws://"+h.Addr()+"/api/ws", &websocket.DialOptions{HTTPClient: clientFrom(ip)})
	require.NoError(t, err, "dial from %s", ip)
	require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
	conn.SetReadLimit(MaxHostMessage)
	t.Cleanup(func() { _ = conn.CloseNow() })
	return conn
}

// closedByHost waits until the host closes conn (a read fails).
func closedByHost(t *testing.T, conn *websocket.Conn, what string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for {
		if _, _, err := conn.Read(ctx); err != nil {
			require.NoError(t, ctx.Err(), "the host did not close %s", what)
			return
		}
	}
}

// TestHelloWaitFitsAPageStartingUp: a phone's page sends its hello from
// its own thread, busy for many seconds while the app starts, so the first
// waiting socket of an address gets a long wait; every other socket that
// sends nothing (a second one of that address, or any beyond
// maxPageHellos addresses) gets the short one and is closed.
func TestHelloWaitFitsAPageStartingUp(t *testing.T) {
	g := awayGame(t)
	// The short wait is cut to a blink so the test does not sit through it;
	// the long one stays a minute.
	h, logs := startHost(t, g, Options{Rate: 1000, Burst: 1000, helloWait: 50 * time.Millisecond})
	waits := func() int {
		h.mu.Lock()
		defer h.mu.Unlock()
		return len(h.slots.pageWaits)
	}

	page := silentFrom(t, h, "127.0.2.1")
	extra := silentFrom(t, h, "127.0.2.1")
	closedByHost(t, extra, "a second silent socket of the address")
	// The page's socket outlived the short wait: its late hello is served.
	send(t, page, ClientMessage{Op: OpHello, Code: "TEST42"})
	m := readUntil(t, page, func(m HostMessage) bool { return m.Op == OpSnapshot || m.Op == OpError })
	require.Equal(t, OpSnapshot, m.Op, "the late hello was served")
	require.True(t, m.Write)
	require.Eventually(t, func() bool { return waits() == 0 }, time.Minute, 10*time.Millisecond, "the long wait is given back")

	// Silent sockets from many addresses: maxPageHellos of them wait long,
	// the next one does not.
	var silent []*websocket.Conn
	for i := range maxPageHellos {
		silent = append(silent, silentFrom(t, h, "127.0.3."+strconv.Itoa(i+1)))
	}
	require.Equal(t, maxPageHellos, waits())
	late := silentFrom(t, h, "127.0.4.1")
	closedByHost(t, late, "a silent socket beyond the long waits")
	for i, c := range silent {
		send(t, c, ClientMessage{Op: OpHello})
		m := readUntil(t, c, func(m HostMessage) bool { return m.Op == OpSnapshot || m.Op == OpError })
		require.Equal(t, OpSnapshot, m.Op, "silent socket %d still waited for its hello", i+1)
	}
	require.Eventually(t, func() bool { return waits() == 0 }, time.Minute, 10*time.Millisecond, "the long waits are given back")
	require.Contains(t, logs.String(), refuseHello)
}
