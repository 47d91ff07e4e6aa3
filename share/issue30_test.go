//go:build !js

package share

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// failingSave is a game whose saves fail with an error naming the host's
// file, as a full disk does.
type failingSave struct {
	*tracker.Session
}

const secretPath = "/home/host-user/.local/share/tableops/games.db"

func (f failingSave) ExecuteNonce(tracker.Command, string) ([]tracker.Event, error) {
	return nil, fmt.Errorf("store: writing %s: %w", secretPath, errors.New("no space left on device"))
}

// TestSaveFailureKeepsPathsOnTheHost (issue 30, 11): the refusal sent to
// the players when a save failed held the host's absolute file path. The
// players are told the change was not saved; the path stays in the host's
// log.
func TestSaveFailureKeepsPathsOnTheHost(t *testing.T) {
	h, logs := startHost(t, failingSave{awayGame(t)}, Options{})
	resp, out := post(t, h, "/api/command", "TEST42", encode(t, tracker.Note{Text: "lost"}), nil)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, string(out))
	assert.Contains(t, string(out), "share.refused.not_saved")
	assert.NotContains(t, string(out), secretPath, "the path stays on the host")
	assert.NotContains(t, string(out), "/home/", "no path at all")

	conn := rawConn(t, h, "TEST42")
	readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpSnapshot })
	send(t, conn, ClientMessage{Op: OpCommand, ID: 3, Command: encode(t, tracker.Note{Text: "lost"})})
	r := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpResult && m.ID == 3 })
	require.NotNil(t, r.Error)
	assert.Equal(t, CodeUnavailable, r.Error.Code)
	assert.NotContains(t, r.Error.Reason, "/home/")
	assert.Contains(t, logs.String(), secretPath, "the host's log keeps the path")
}

// TestLongDeviceInHelloSaysWhatIsWrong (issue 30, 12): a hello with a
// device id longer than 64 characters was told "The first message must be
// a hello.". The refusal names the field and its bound.
func TestLongDeviceInHelloSaysWhatIsWrong(t *testing.T) {
	h, _ := startHost(t, awayGame(t), Options{})
	conn := rawConn(t, h, "")
	send(t, conn, ClientMessage{Op: OpHello, Device: strings.Repeat("d", 65)})
	m := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpError })
	require.NotNil(t, m.Error)
	assert.Equal(t, CodeMalformed, m.Error.Code)
	assert.NotContains(t, m.Error.Reason, "must be a hello")
	assert.Contains(t, m.Error.Reason, "device")
	assert.Contains(t, m.Error.Reason, "64")

	// Not a hello at all is still told so.
	conn = rawConn(t, h, "")
	send(t, conn, ClientMessage{Op: OpResync})
	m = readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpError })
	assert.Contains(t, m.Error.Reason, "must be a hello")
}

// TestRightCodeGetsInWhileGuessing (issue 30, 2): while guessers from many
// addresses spent the shared budget of wrong codes, no code was compared,
// the right one included (27% of the table's commands got through), and
// after 500 wrong codes the host issued a new code, locking the table out.
// Now the table's phones, which send no wrong code, get in every time,
// by the API and by a WebSocket hello; the guesses compared stay within
// the budget plus one an address, and the code is kept.
func TestRightCodeGetsInWhileGuessing(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{Rate: 1e6, Burst: 1e6})
	const guessers = 100
	var compared, unread, other atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range guessers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := clientFrom("127.0.6." + strconv.Itoa(i+1))
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				req, _ := http.NewRequest(http.MethodPost, h.URL()+"api/undo", nil)
				req.Header.Set(HeaderCode, fmt.Sprintf("G%03dX%04d", i, n))
				resp, err := c.Do(req)
				if err != nil {
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				switch resp.StatusCode {
				case http.StatusForbidden:
					compared.Add(1)
				case http.StatusTooManyRequests:
					unread.Add(1)
				default:
					other.Add(1)
				}
			}
		}()
	}
	start := time.Now()
	// Let the guessers spend the budget first.
	require.Eventually(t, func() bool { return unread.Load() > 0 }, 5*time.Second, time.Millisecond)
	table := clientFrom("127.0.7.1")
	ok := 0
	const tries = 20
	for i := range tries {
		req, _ := http.NewRequest(http.MethodPost, h.URL()+"api/command", bytes.NewReader(encode(t, tracker.Note{Text: "table " + strconv.Itoa(i)})))
		req.Header.Set(HeaderCode, "TEST42")
		resp, err := table.Do(req)
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			ok++
		}
		time.Sleep(20 * time.Millisecond)
	}
	// A phone joining now, by the web app's hello, gets in too.
	conn, status := wsFrom(t, h, "127.0.7.2", "TEST42")
	require.NotNil(t, conn, "status %d", status)
	m := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpSnapshot || m.Op == OpError })
	close(stop)
	wg.Wait()
	elapsed := time.Since(start)
	t.Logf("%d guesses from %d addresses in %s: %d compared, %d refused unread; the table's commands: %d/%d; the phone's hello: %s",
		compared.Load()+unread.Load(), guessers, elapsed.Round(time.Millisecond), compared.Load(), unread.Load(), ok, tries, m.Op)
	assert.Equal(t, tries, ok, "every command with the right code was taken")
	assert.Equal(t, OpSnapshot, m.Op, "the phone joined: %+v", m.Error)
	assert.True(t, m.Write)
	assert.Zero(t, other.Load(), "no guess got in")
	limit := float64(defaultFailBurst) + defaultFailRate*elapsed.Seconds() + guessers*(1+elapsed.Seconds()/addrFailEvery.Seconds())
	assert.LessOrEqual(t, float64(compared.Load()), limit, "guessing stays capped")
	assert.Equal(t, "TEST42", h.Code(), "the code is kept")
}

// rawWS is a WebSocket client written by hand, frame by frame, as a
// hostile one would.
type rawWS struct {
	conn   net.Conn
	closed chan struct{} // closed when the host ends the connection
}

// dialRawWS upgrades a plain TCP connection from the loopback address ip
// to a WebSocket.
func dialRawWS(t *testing.T, h *Host, ip string) *rawWS {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	conn, err := d.Dial("tcp", h.Addr())
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	key := base64.StdEncoding.EncodeToString([]byte("0123456789abcdef"))
	_, err = fmt.Fprintf(conn, "GET /api/ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", h.Addr(), key)
	require.NoError(t, err)
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
	w := &rawWS{conn: conn, closed: make(chan struct{})}
	go func() {
		defer close(w.closed)
		_, _ = io.Copy(io.Discard, br)
	}()
	return w
}

// frame sends one masked client frame (opcode 1 text, 0 continuation).
func (w *rawWS) frame(fin bool, opcode byte, payload []byte) error {
	b := []byte{opcode, 0x80}
	if fin {
		b[0] |= 0x80
	}
	switch n := len(payload); {
	case n < 126:
		b[1] |= byte(n)
	default:
		b[1] |= 126
		b = append(b, byte(n>>8), byte(n))
	}
	b = append(b, 0, 0, 0, 0) // a zero mask key leaves the payload as it is
	b = append(b, payload...)
	_, err := w.conn.Write(b)
	return err
}

// TestEndlessContinuationFramesRefused (issue 30, 4): a started text
// message followed by endless empty continuation frames was never refused
// (8 watchers sent 119 M frames in 40 s). A message now ends within a
// bounded number of frames and a bounded time, or the connection does.
func TestEndlessContinuationFramesRefused(t *testing.T) {
	h, logs := startHost(t, awayGame(t), Options{messageTime: 300 * time.Millisecond})
	hello, err := json.Marshal(ClientMessage{Op: OpHello})
	require.NoError(t, err)

	// Endless empty frames, as fast as the socket takes them.
	w := dialRawWS(t, h, "127.0.13.1")
	require.NoError(t, w.frame(true, 1, hello))
	require.NoError(t, w.frame(false, 1, nil))
	start := time.Now()
	frames := 0
	deadline := time.Now().Add(3 * time.Second)
	empty := bytes.Repeat([]byte{0, 0x80, 0, 0, 0, 0}, 64)
	_ = w.conn.SetWriteDeadline(deadline)
	for time.Now().Before(deadline) {
		if _, err := w.conn.Write(empty); err != nil {
			break
		}
		frames += 64
		select {
		case <-w.closed:
			deadline = time.Now()
		default:
		}
	}
	select {
	case <-w.closed:
	case <-time.After(time.Second):
		t.Fatalf("the host still reads after %d empty frames in %s", frames, time.Since(start))
	}
	t.Logf("endless empty frames: the host closed the connection after %s (%d frames written, most still in the socket buffers)", time.Since(start).Round(time.Millisecond), frames)
	// Coming straight back is refused for a while.
	_, _, err = websocket.Dial(context.Background(), "ws://"+h.Addr()+"/api/ws", &websocket.DialOptions{HTTPClient: clientFrom("127.0.13.1")})
	require.Error(t, err, "the address that flooded waits before it connects again")
	assert.Contains(t, err.Error(), "429")

	// A message started and left hanging: closed after its time.
	w = dialRawWS(t, h, "127.0.13.2")
	require.NoError(t, w.frame(true, 1, hello))
	require.NoError(t, w.frame(false, 1, []byte(`{"op":`)))
	start = time.Now()
	select {
	case <-w.closed:
	case <-time.After(3 * time.Second):
		t.Fatal("the host still waits for the end of a message after 3 s")
	}
	t.Logf("a hanging message: closed after %s", time.Since(start).Round(time.Millisecond))
	assert.Contains(t, logs.String(), refuseFrames)

	// A message in a few frames is read as ever.
	w = dialRawWS(t, h, "127.0.13.3")
	require.NoError(t, w.frame(false, 1, hello[:5]))
	require.NoError(t, w.frame(false, 0, nil))
	require.NoError(t, w.frame(true, 0, hello[5:]))
	require.NoError(t, w.frame(true, 1, []byte(`{"op":"resync"}`)))
	time.Sleep(200 * time.Millisecond)
	select {
	case <-w.closed:
		t.Fatal("a message in three frames closed the connection")
	default:
	}
}

// stateSize is the size of /api/state and of the first WebSocket snapshot
// a watcher gets.
func stateSize(t *testing.T, g Game) (api, ws int) {
	t.Helper()
	h, _ := startHost(t, g, Options{Rate: 1000, Burst: 1000})
	resp, err := http.Get(h.URL() + "api/state")
	require.NoError(t, err)
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	var st StateResponse
	require.NoError(t, json.Unmarshal(b, &st))
	require.NotNil(t, st.State)
	conn := rawConn(t, h, "")
	send(t, conn, ClientMessage{Op: OpHello})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, m, err := conn.Read(ctx)
	require.NoError(t, err)
	h.Stop()
	return len(b), len(m)
}

// longGame is an Away Missions game of n events: awayGame's, then notes,
// one a step, replayed from a log written here (much faster than playing
// them).
func longGame(t *testing.T, n int) *tracker.Session {
	t.Helper()
	g := awayGame(t)
	evs, err := g.Execute(tracker.Note{Text: "a note of a long game"})
	require.NoError(t, err)
	require.Len(t, evs, 1)
	log := g.Log()
	for e := evs[0]; len(log) < n; {
		e.Seq++
		e.Step++
		log = append(log, e)
	}
	long, err := tracker.Replay(tracker.KindAway, log, tracker.Options{Seeds: &tracker.CountingSeeds{}})
	require.NoError(t, err)
	require.Equal(t, uint64(n), long.Seq())
	return long
}

// TestSnapshotSizeDoesNotGrowWithTheGame (issue 30, 3): /api/state and
// every WebSocket snapshot carried the whole undo history (6.9 MB at 27k
// events), so a few readers without the code kept the host busy. A
// snapshot now carries a bounded window of the history: a 20,000-event
// game's is within a constant of a short game's. A player gets the older
// steps on request (TestOlderHistoryOnRequest).
func TestSnapshotSizeDoesNotGrowWithTheGame(t *testing.T) {
	short := awayGame(t)
	long := longGame(t, 20_000)
	require.Greater(t, len(long.History().Undo), 1000)
	sa, sw := stateSize(t, short)
	la, lw := stateSize(t, long)
	t.Logf("/api/state: %d bytes (40 events), %d bytes (20,000 events); snapshot: %d and %d bytes", sa, la, sw, lw)
	const bound = 64 << 10
	assert.LessOrEqual(t, la, sa+bound, "/api/state")
	assert.LessOrEqual(t, lw, sw+bound, "the WebSocket snapshot")
}

// stepIDs lists the ids of steps.
func stepIDs(steps []tracker.Step) []uint64 {
	ids := make([]uint64, len(steps))
	for i, st := range steps {
		ids[i] = st.ID
	}
	return ids
}

// TestOlderHistoryOnRequest (issue 30, 3): a snapshot carries the newest
// HistoryWindow steps; a player's client gets the older ones on request,
// page by page, until its undo list is the host's; a watcher may not ask.
// A player undoing past the window keeps undoing, and the mirror keeps
// following the host.
func TestOlderHistoryOnRequest(t *testing.T) {
	g := longGame(t, 700)
	h, _ := startHost(t, g, Options{Rate: 1000, Burst: 1000})
	c := dial(t, h, "TEST42")
	require.Len(t, c.History().Undo, HistoryWindow)
	require.True(t, c.HasOlderHistory())
	pages := 0
	for c.HasOlderHistory() {
		n, err := c.LoadOlderHistory()
		require.NoError(t, err)
		require.Positive(t, n)
		pages++
	}
	assert.Equal(t, stepIDs(g.History().Undo), stepIDs(c.History().Undo), "the whole undo list, after %d pages", pages)
	assert.Equal(t, labels(g.History()), labels(c.History()))

	// A watcher gets the window and may not ask for more.
	conn := rawConn(t, h, "")
	send(t, conn, ClientMessage{Op: OpHello})
	m := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpSnapshot })
	assert.True(t, m.HistoryCut)
	assert.Len(t, m.Snapshot.History.Undo, HistoryWindow)
	send(t, conn, ClientMessage{Op: OpHistory, ID: 9, Before: m.Snapshot.History.Undo[HistoryWindow-1].ID})
	r := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpResult && m.ID == 9 })
	require.NotNil(t, r.Error)
	assert.Equal(t, CodeReadOnly, r.Error.Code)
	assert.Empty(t, r.Steps)

	// A new player undoes past its window, step by step.
	p := dial(t, h, "TEST42")
	for i := range HistoryWindow + 20 {
		_, err := p.Undo()
		require.NoError(t, err, "undo %d", i+1)
	}
	waitSeq(t, g.Seq(), p, c)
	host := g.History()
	for _, cl := range []*Client{p, c} {
		got := cl.History()
		require.NotEmpty(t, got.Undo)
		assert.Equal(t, stepIDs(host.Undo[:len(got.Undo)]), stepIDs(got.Undo), "the mirror's undo list is the host's newest steps")
		assert.Equal(t, stepIDs(host.Redo[:len(got.Redo)]), stepIDs(got.Redo), "the mirror's redo list is the host's next steps")
		assert.Equal(t, stateJSON(t, g.State()), stateJSON(t, cl.State()))
	}
	_, err := p.Redo()
	require.NoError(t, err)
}

// watchFrom opens a watcher's WebSocket from ip: the first message it gets
// (a snapshot when it got in), or nil when the handshake was refused.
func watchFrom(t *testing.T, h *Host, ip string) (*websocket.Conn, *HostMessage) {
	t.Helper()
	conn, _ := wsFrom(t, h, ip, "")
	if conn == nil {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, b, err := conn.Read(ctx)
	if err != nil {
		return conn, nil
	}
	var m HostMessage
	require.NoError(t, json.Unmarshal(b, &m))
	return conn, &m
}

// TestGuestsCannotTakeEveryScoreboard (issue 30, 5): 16 watcher slots and
// 8 connections an address let one guest with two addresses take every
// scoreboard slot. One address now watches on at most maxWatchersPerAddr
// sockets, and when the slots are full a newcomer takes the place of the
// newest watcher of the address holding the most, so the table's own
// screen gets in.
func TestGuestsCannotTakeEveryScoreboard(t *testing.T) {
	h, _ := startHost(t, awayGame(t), Options{Rate: 1000, Burst: 1000})
	watching := func(ip string) int {
		n := 0
		for range defaultMaxPerAddr {
			if _, m := watchFrom(t, h, ip); m != nil && m.Op == OpSnapshot {
				n++
			}
		}
		return n
	}
	var guest []int
	for i := range 4 {
		guest = append(guest, watching("127.0.8."+strconv.Itoa(i+1)))
	}
	t.Logf("a guest's watchers from 4 addresses: %v", guest)
	for _, n := range guest {
		assert.LessOrEqual(t, n, maxWatchersPerAddr)
	}
	tv, m := watchFrom(t, h, "127.0.9.1")
	require.NotNil(t, m, "the table's screen got an answer")
	require.Equal(t, OpSnapshot, m.Op, "the table's screen watches: %+v", m.Error)
	// The guest tries again: it does not push the screen out.
	for i := range 4 {
		watching("127.0.8." + strconv.Itoa(i+1))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, _, err := tv.Read(ctx)
	require.ErrorIs(t, err, context.DeadlineExceeded, "the screen is still connected")
}

// silentSockets opens n WebSockets from ip that never say hello; it
// returns how many the host took.
func silentSockets(t *testing.T, h *Host, ip string, n int) int {
	t.Helper()
	took := 0
	for range n {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		conn, _, err := websocket.Dial(ctx, "ws://"+h.Addr()+"/api/ws", &websocket.DialOptions{HTTPClient: clientFrom(ip)})
		cancel()
		if err != nil {
			continue
		}
		took++
		t.Cleanup(func() { _ = conn.CloseNow() })
	}
	return took
}

// TestPhonesGetInPastSilentSockets (issue 30, 1): WebSockets that had not
// sent their hello shared 40 slots, 8 an address, and the first 8
// addresses waited a minute: 10 addresses holding 8 silent sockets each
// made every web join fail (0/33). An address now holds at most
// maxPendingPerAddr silent sockets, and once the waiting room is full a
// newcomer takes the place of one silent for longer than the crowded
// room's hello time (the oldest of the address holding the most), so
// phones that say hello get in.
func TestPhonesGetInPastSilentSockets(t *testing.T) {
	h, _ := startHost(t, awayGame(t), Options{Rate: 1000, Burst: 1000, crowdedHello: 100 * time.Millisecond})
	silent := 0
	for i := range 10 {
		silent += silentSockets(t, h, "127.0.10."+strconv.Itoa(i+1), 8)
	}
	for i := range 40 {
		silent += silentSockets(t, h, "127.0.11."+strconv.Itoa(i+1), 2)
	}
	time.Sleep(150 * time.Millisecond)
	joined := 0
	const phones = 12
	for i := range phones {
		c, err := Dial(context.Background(), h.Addr(), "TEST42", ClientOptions{Timeout: 3 * time.Second,
			HTTPClient: clientFrom("127.0.12." + strconv.Itoa(i+1))})
		if err == nil {
			joined++
			assert.True(t, c.CanWrite())
			_ = c.Close()
		} else {
			t.Logf("phone %d: %v", i+1, err)
		}
	}
	tv, m := watchFrom(t, h, "127.0.12.200")
	require.NotNil(t, tv)
	t.Logf("%d silent sockets taken from 50 addresses; %d/%d phones joined; the scoreboard: %v", silent, joined, phones, m != nil && m.Op == OpSnapshot)
	assert.Equal(t, phones, joined, "every phone got in")
	require.NotNil(t, m)
	assert.Equal(t, OpSnapshot, m.Op)
}
