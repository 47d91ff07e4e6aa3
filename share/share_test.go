//go:build !js

package share

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// TestThreeDevicesConverge: a host and two clients in one process. Both
// clients send commands at the same time; some are refused as stale (the
// game moved on after they looked) and retried; in the end all three show
// the same state and history, and every command was applied exactly once.
func TestThreeDevicesConverge(t *testing.T) {
	g := awayGame(t)
	// Refused stale requests are retried at once: allow the burst.
	h, _ := startHost(t, g, Options{Rate: 1000, Burst: 1000})
	a, b := dial(t, h, "TEST42"), dial(t, h, "test-42") // typed codes are normalized
	assert.True(t, a.CanWrite())
	assert.Equal(t, tracker.KindAway, b.Kind())
	assert.Equal(t, "Test game", b.Name())
	notes0 := g.State().Notes

	const each = 25
	var wg sync.WaitGroup
	var stale sync.Map
	for i, c := range []*Client{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < each; {
				_, err := c.Execute(tracker.Note{Text: fmt.Sprintf("client %d note %d", i, n)})
				var rej *tracker.Rejection
				if errors.As(err, &rej) && rej.Code == CodeStale {
					stale.Store(i, true)
					continue // look again (the mirror has caught up) and retry
				}
				if !assert.NoError(t, err) {
					return
				}
				n++
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, notes0+2*each, g.State().Notes, "every command applied once")
	waitSeq(t, g.Seq(), a, b)
	want := stateJSON(t, g.State())
	assert.Equal(t, want, stateJSON(t, a.State()))
	assert.Equal(t, want, stateJSON(t, b.State()))
	assert.Equal(t, labels(g.History()), labels(a.History()))
	assert.Equal(t, labels(g.History()), labels(b.History()))
}

// TestUndoRedoForEveryone: one client's step is undone by the other and
// redone by the first; the host's own changes reach both.
func TestUndoRedoForEveryone(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{})
	a, b := dial(t, h, "TEST42"), dial(t, h, "TEST42")

	evs, err := a.Execute(tracker.AdjustStun{Character: "c3", Delta: 1})
	require.NoError(t, err)
	require.Len(t, evs, 1)
	assert.Equal(t, 1, a.State().Away.Characters[0].Stun, "Execute returns once the mirror shows the change")
	waitSeq(t, g.Seq(), b)

	st, err := b.Undo()
	require.NoError(t, err)
	assert.Equal(t, evs[0].Label, st.Label)
	waitSeq(t, g.Seq(), a)
	assert.Equal(t, 0, a.State().Away.Characters[0].Stun)
	require.NotEmpty(t, a.History().Redo)
	assert.Equal(t, evs[0].Label, a.History().Redo[0].Label)

	_, err = a.Redo()
	require.NoError(t, err)
	waitSeq(t, g.Seq(), b)
	assert.Equal(t, 1, b.State().Away.Characters[0].Stun)
	assert.Empty(t, b.History().Redo)

	// A change made on the host itself (its own screen) reaches everyone.
	_, err = g.Execute(tracker.Note{Text: "from the host"})
	require.NoError(t, err)
	waitSeq(t, g.Seq(), a, b)
	assert.Equal(t, labels(g.History()), labels(a.History()))

	// Nothing to redo: the refusal comes back in the game's words.
	_, err = b.Redo()
	var rej *tracker.Rejection
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, tracker.CodeNothing, rej.Code)
}

// TestStaleAndDuplicateRefused: a request made on an old view of the game
// and a repeated request are refused, over the WebSocket and over HTTP.
func TestStaleAndDuplicateRefused(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{})
	conn := rawConn(t, h, "TEST42")
	snap := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpSnapshot })
	require.True(t, snap.Write)
	seq := snap.Snapshot.Seq

	old := seq - 1
	send(t, conn, ClientMessage{Op: OpCommand, ID: 1, Basis: &old, Command: encode(t, tracker.Note{Text: "late"})})
	r := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpResult && m.ID == 1 })
	require.NotNil(t, r.Error)
	assert.Equal(t, CodeStale, r.Error.Code)

	send(t, conn, ClientMessage{Op: OpCommand, ID: 2, Nonce: "n-1", Basis: &seq, Command: encode(t, tracker.Note{Text: "once"})})
	r = readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpResult && m.ID == 2 })
	require.Nil(t, r.Error)
	assert.Equal(t, seq+1, r.Seq)
	send(t, conn, ClientMessage{Op: OpCommand, ID: 3, Nonce: "n-1", Command: encode(t, tracker.Note{Text: "once"})})
	r = readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpResult && m.ID == 3 })
	require.NotNil(t, r.Error)
	assert.Equal(t, CodeDuplicate, r.Error.Code)

	// Undo on a stale view is refused too: two players pressing Undo at
	// once take back one step, not two.
	send(t, conn, ClientMessage{Op: OpUndo, ID: 4, Basis: &old})
	r = readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpResult && m.ID == 4 })
	require.NotNil(t, r.Error)
	assert.Equal(t, CodeStale, r.Error.Code)
	assert.Equal(t, seq+1, g.Seq())

	// Over HTTP.
	body := encode(t, tracker.Note{Text: "http"})
	resp, out := post(t, h, "/api/command", "TEST42", body, map[string]string{HeaderBasis: "1"})
	assert.Equal(t, http.StatusConflict, resp.StatusCode, string(out))
	assert.Contains(t, string(out), CodeStale)
	resp, out = post(t, h, "/api/command", "TEST42", body, map[string]string{HeaderNonce: "h-1"})
	require.Equal(t, http.StatusOK, resp.StatusCode, string(out))
	var cr CommandResponse
	require.NoError(t, json.Unmarshal(out, &cr))
	assert.Equal(t, g.Seq(), cr.Seq)
	resp, out = post(t, h, "/api/command", "TEST42", body, map[string]string{HeaderNonce: "h-1"})
	assert.Equal(t, http.StatusConflict, resp.StatusCode)
	assert.Contains(t, string(out), CodeDuplicate)
	resp, out = post(t, h, "/api/undo", "TEST42", nil, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(out))
	require.NoError(t, json.Unmarshal(out, &cr))
	require.NotNil(t, cr.Step)
	assert.Equal(t, "http", cr.Step.Label)
	resp, _ = post(t, h, "/api/redo", "TEST42", nil, nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	// A command the game refuses: 409 with the game's reason.
	resp, out = post(t, h, "/api/command", "TEST42", encode(t, tracker.AdjustStun{Character: "nobody", Delta: 1}), nil)
	assert.Equal(t, http.StatusConflict, resp.StatusCode)
	assert.Contains(t, string(out), tracker.CodeNotFound)
}

// TestWrongJoinCodeRefused: writing needs the right code; watching does not.
func TestWrongJoinCodeRefused(t *testing.T) {
	g := awayGame(t)
	h, logs := startHost(t, g, Options{})
	seq := g.Seq()

	_, err := Dial(context.Background(), h.Addr(), "WRONG1", ClientOptions{Timeout: 2 * time.Second})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "join code is wrong")

	body := encode(t, tracker.Note{Text: "sneaky"})
	for _, code := range []string{"", "WRONG1", "TEST4", "TEST421"} {
		resp, _ := post(t, h, "/api/command", code, body, nil)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, "code %q", code)
	}

	// Without a code a client may watch but not write.
	watcher := dial(t, h, "")
	assert.False(t, watcher.CanWrite())
	_, err = watcher.Execute(tracker.Note{Text: "sneaky"})
	var rej *tracker.Rejection
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, CodeReadOnly, rej.Code)

	// Reading is open.
	resp, err := http.Get(h.URL() + "api/state")
	require.NoError(t, err)
	defer resp.Body.Close()
	var st StateResponse
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&st))
	assert.Equal(t, "Test game", st.Name)
	assert.Equal(t, seq, st.Seq)
	assert.Equal(t, stateJSON(t, g.State()), stateJSON(t, st.State))

	assert.Equal(t, seq, g.Seq(), "nothing was written")
	assert.Contains(t, logs.String(), "wrong join code")
}

// TestHostileMessagesRefused: malformed, binary and oversized messages are
// refused and logged; the host keeps serving everyone.
func TestHostileMessagesRefused(t *testing.T) {
	g := awayGame(t)
	h, logs := startHost(t, g, Options{})
	good := dial(t, h, "TEST42")
	conn := rawConn(t, h, "TEST42")
	readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpSnapshot })

	for _, bad := range []string{
		`{`, `[]`, `null`, `{"op":"explode"}`, `{"op":"command"}`,
		`{"op":"command","command":{"type":"note","data":{"text":"x","extra":1}}}`,
		`{"op":"command","command":{"type":"no.such","data":{}}}`,
		`{"op":"undo","command":{"type":"note","data":{"text":"x"}}}`,
		`{"op":"undo","bogus":true}`, `{"op":"undo"} {"op":"redo"}`,
		`{"op":"undo","nonce":"` + strings.Repeat("n", 65) + `"}`,
		"{\"op\":\"undo\",\"nonce\":\"\x07\"}", "\xff\xfe",
	} {
		send(t, conn, bad)
		m := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpError })
		require.NotNil(t, m.Error, bad)
		assert.Equal(t, CodeMalformed, m.Error.Code, bad)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, conn.Write(ctx, websocket.MessageBinary, []byte{1, 2, 3}))
	m := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpError })
	assert.Equal(t, CodeMalformed, m.Error.Code)

	// The connection still works: ask for a snapshot.
	send(t, conn, ClientMessage{Op: OpResync})
	readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpSnapshot })

	// An oversized message closes that connection, and only that one.
	huge := `{"op":"command","command":{"type":"note","data":{"text":"` + strings.Repeat("x", MaxClientMessage) + `"}}}`
	_ = conn.Write(ctx, websocket.MessageText, []byte(huge))
	_, _, err := conn.Read(ctx)
	for err == nil {
		_, _, err = conn.Read(ctx)
	}
	assert.Equal(t, websocket.StatusMessageTooBig, websocket.CloseStatus(err), "%v", err)

	// Over HTTP: oversized, malformed, bad headers.
	resp, _ := post(t, h, "/api/command", "TEST42", []byte(huge), nil)
	assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	resp, _ = post(t, h, "/api/command", "TEST42", []byte(`{"type":"note","data":{"text":1}}`), nil)
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
	resp, _ = post(t, h, "/api/command", "TEST42", []byte(`{"type":"note","data":{"text":"x"}}`), map[string]string{HeaderBasis: "-1"})
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)

	// The host is fine and everyone else still plays.
	_, err = good.Execute(tracker.Note{Text: "still here"})
	require.NoError(t, err)
	require.Eventually(t, func() bool { return strings.Contains(logs.String(), "oversized message refused") },
		5*time.Second, 5*time.Millisecond, "the oversized message was logged")
	out := logs.String()
	assert.Contains(t, out, "malformed message refused")
	assert.Contains(t, out, "oversized request refused")
}

// TestTooManyMessagesAndClients: the per-client rate and the client count
// are bounded.
func TestTooManyMessagesAndClients(t *testing.T) {
	g := awayGame(t)
	h, logs := startHost(t, g, Options{MaxClients: 2, Rate: 1, Burst: 3})
	conn := rawConn(t, h, "TEST42")
	readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpSnapshot })
	for range 6 {
		send(t, conn, ClientMessage{Op: OpResync})
	}
	m := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpError })
	assert.Equal(t, CodeTooFast, m.Error.Code)
	assert.Contains(t, logs.String(), "over the rate limit")

	// Two players fit, a third does not; a watcher takes no player's place.
	// (Each connection also costs one token of the address's HTTP budget.)
	h2, _ := startHost(t, awayGame(t), Options{MaxClients: 2})
	dial(t, h2, "TEST42")
	dial(t, h2, "")
	dial(t, h2, "TEST42")
	_, err := Dial(context.Background(), h2.Addr(), "TEST42", ClientOptions{Timeout: 2 * time.Second})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "too many devices")
}

// TestDroppedClientResyncs: a client whose connection drops reconnects by
// itself and catches up from a snapshot, including what it missed.
func TestDroppedClientResyncs(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{})
	var statusMu sync.Mutex
	var status []bool
	c, err := Dial(context.Background(), h.Addr(), "TEST42", ClientOptions{Timeout: 5 * time.Second,
		OnStatus: func(up bool, _ error) { statusMu.Lock(); status = append(status, up); statusMu.Unlock() }})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })

	c.mu.Lock()
	conn := c.conn
	c.mu.Unlock()
	require.NoError(t, conn.CloseNow()) // the Wi-Fi drops
	for i := range 5 {
		_, err := g.Execute(tracker.Note{Text: fmt.Sprintf("missed %d", i)})
		require.NoError(t, err)
	}
	waitSeq(t, g.Seq(), c)
	assert.Equal(t, stateJSON(t, g.State()), stateJSON(t, c.State()))
	assert.Equal(t, labels(g.History()), labels(c.History()))
	assert.GreaterOrEqual(t, c.Resyncs(), 1)
	require.Eventually(t, func() bool { up, _ := c.Connected(); return up }, 5*time.Second, 5*time.Millisecond)
	statusMu.Lock()
	assert.Equal(t, []bool{false, true}, status)
	statusMu.Unlock()

	// It plays on.
	_, err = c.Execute(tracker.Note{Text: "back"})
	require.NoError(t, err)
}

// TestGapAsksForSnapshot: a client that sees a gap in the sequence numbers
// asks the host for a snapshot instead of applying out-of-order events.
func TestGapAsksForSnapshot(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{})
	c := dial(t, h, "TEST42")
	seq := c.Seq()
	_, err := g.Execute(tracker.Note{Text: "real"})
	require.NoError(t, err)
	waitSeq(t, seq+1, c)

	// A forged message from the future: events seq+5..seq+5 with a bogus state.
	bogus := tracker.NewState(tracker.KindAway)
	require.NoError(t, c.handle(HostMessage{Op: OpEvents, Seq: seq + 5, State: bogus,
		Events: []tracker.Event{{Seq: seq + 5, Step: 99, Type: "note", Label: "x", Payload: tracker.NoteAdded{Text: "x"}}}}))
	assert.Equal(t, seq+1, c.Seq(), "the gap was not applied")
	require.Eventually(t, func() bool { return c.Resyncs() >= 1 }, 5*time.Second, 5*time.Millisecond)
	assert.Equal(t, stateJSON(t, g.State()), stateJSON(t, c.State()))

	// An undo marker that does not match the history also resyncs.
	before := c.Resyncs()
	require.NoError(t, c.handle(HostMessage{Op: OpEvents, Seq: c.Seq() + 1, State: bogus,
		Events: []tracker.Event{{Seq: c.Seq() + 1, Step: 12345, Type: tracker.TypeUndo}}}))
	require.Eventually(t, func() bool { return c.Resyncs() > before }, 5*time.Second, 5*time.Millisecond)
	assert.Equal(t, stateJSON(t, g.State()), stateJSON(t, c.State()))
}

// TestSlowClientGetsSnapshot: a client that does not read while the game
// moves on is sent a snapshot (or dropped and reconnected) instead of
// stalling the host; afterwards it matches the host.
func TestSlowClientGetsSnapshot(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{QueueLen: 1, WriteTimeout: 200 * time.Millisecond})
	c := dial(t, h, "TEST42")
	release := make(chan struct{})
	var once sync.Once
	c.Subscribe(func(tracker.Update) { once.Do(func() { <-release }) }) // stuck on the first update
	other := dial(t, h, "TEST42")
	for i := range 300 {
		_, err := g.Execute(tracker.Note{Text: fmt.Sprintf("burst %d %s", i, strings.Repeat("x", 400))})
		require.NoError(t, err)
	}
	waitSeq(t, g.Seq(), other) // the host kept serving the others
	close(release)
	waitSeq(t, g.Seq(), c)
	assert.Equal(t, stateJSON(t, g.State()), stateJSON(t, c.State()))
	// A snapshot carries the newest HistoryWindow steps (issue 30, 3): the
	// mirror's undo list is the host's newest steps, at least a window.
	host, got := g.History(), c.History()
	require.GreaterOrEqual(t, len(got.Undo), min(HistoryWindow, len(host.Undo)))
	require.LessOrEqual(t, len(got.Undo), len(host.Undo))
	host.Undo = host.Undo[:len(got.Undo)]
	assert.Equal(t, labels(host), labels(got))
	t.Logf("resyncs of the slow client: %d", c.Resyncs())
}

// TestStopClosesEverything: after Stop (or the context's end) nothing
// listens and clients are disconnected.
func TestStopClosesEverything(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{})
	c := dial(t, h, "TEST42")
	addr := h.Addr()
	h.Stop()
	h.Stop() // idempotent
	<-h.Done()
	_, err := net.DialTimeout("tcp", addr, time.Second)
	require.Error(t, err, "nothing listens after Stop")
	require.Eventually(t, func() bool { up, _ := c.Connected(); return !up }, 5*time.Second, 5*time.Millisecond)
	_, err = c.Execute(tracker.Note{Text: "anyone?"})
	require.Error(t, err)
	require.NoError(t, c.Close())
	_, err = c.Execute(tracker.Note{Text: "closed"})
	require.ErrorIs(t, err, ErrClosed)

	ctx, cancel := context.WithCancel(context.Background())
	h2, err := Start(ctx, g, Options{Addr: "127.0.0.1:0", Logger: startLogger()})
	require.NoError(t, err)
	addr = h2.Addr()
	cancel()
	select {
	case <-h2.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("host did not stop when its context ended")
	}
	_, err = net.DialTimeout("tcp", addr, time.Second)
	require.Error(t, err)
}

// TestScoreboardPage: the page is self-contained and locked down.
func TestScoreboardPage(t *testing.T) {
	h, _ := startHost(t, awayGame(t), Options{})
	resp, err := http.Get(h.URL())
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "default-src 'none'")
	page := string(scoreboardHTML)
	assert.NotContains(t, page, "https://", "no outside network")
	assert.NotContains(t, page, "innerHTML", "names are shown as text, never as markup")
	resp2, err := http.Get(h.URL() + "nothing-here")
	require.NoError(t, err)
	resp2.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp2.StatusCode)
}
