package share

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/coder/websocket"

	"tableops/tracker"
)

// MaxHostMessage bounds one message a client accepts from the host (a
// snapshot's history is a window, but a step or a state may be large).
const MaxHostMessage = 64 << 20

// ClientOptions configure a client. Every field may be left empty.
type ClientOptions struct {
	// Timeout bounds connecting and each request (default 10 s).
	Timeout time.Duration
	// OnStatus, when set, is told when the connection is lost (with the
	// reason) and when it is back (err nil). It is called from the
	// client's own goroutine.
	OnStatus func(connected bool, err error)
	// HTTPClient is used for the WebSocket handshake (default: a plain
	// one; not used in a browser).
	HTTPClient *http.Client
	// Seat is the seat to take when joining, and to take again after every
	// reconnection: a player's id, SeatWatch, or empty for none yet.
	Seat string
	// Device identifies this device to the host, so it gets its seat back
	// after a reconnection (default: a random id for this client).
	Device string
	// OnSeats, when set, is told the players' seats whenever they change.
	// It is called from the client's own goroutine.
	OnSeats func([]SeatInfo)
}

// ErrCodeChanged reports that the host no longer takes the join code this
// device joined with (it restarted, or re-issued its code): the client
// stops reconnecting; the player scans the host's code again.
var ErrCodeChanged = errors.New("this game's code changed: scan the host's code again")

// ErrWrongCode reports a join code the host refused.
var ErrWrongCode = errors.New("the join code is wrong")

// ErrNotConnected reports a request made while the client has no
// connection to the host (it keeps trying to reconnect until Close).
var ErrNotConnected = errors.New("not connected to the host")

// ErrNotSent reports a request not sent at all: the client has no
// connection to the host now (the host is gone; the client reconnects by
// itself). Nothing changed. It matches ErrNotConnected too.
var ErrNotSent = fmt.Errorf("%w: the request was not sent", ErrNotConnected)

// ErrClosed reports a request on a closed client.
var ErrClosed = errors.New("the shared game was closed")

// Why a join failed, for the screens to word in the player's language
// (errors.Is); the error also says which host, for the logs.
var (
	// ErrUnreachable: no answer at the address (not sharing, another
	// network, a typo in the address).
	ErrUnreachable = errors.New("the host cannot be reached (is it sharing, and on the same network?)")
	// ErrHostFull: the host has as many devices as it takes.
	ErrHostFull = errors.New("the host has too many devices connected")
	// ErrTooManyTries: the host refuses more attempts for a while.
	ErrTooManyTries = errors.New("too many attempts; wait a moment")
	// ErrWrongName: the address names the host by a name it does not
	// answer to.
	ErrWrongName = errors.New("the host does not answer to that name; use its address")
	// ErrNoAnswer: the host closed the connection before answering.
	ErrNoAnswer = errors.New("the host closed the connection before answering")
	// ErrNoGame: the host answered without the game (or with another
	// kind of game than the one joined).
	ErrNoGame = errors.New("the host did not send the game")
	// ErrTimeout: the host did not answer a request in time.
	ErrTimeout = errors.New("the host did not answer in time; check the game before trying again")
)

// Client is a device's view of a game shared by a host: a mirror of the
// host's session (a snapshot, then events in sequence order; a fresh
// snapshot after a gap or a reconnection) that sends commands, undo and
// redo to the host. It implements the methods of the app's LiveGame. It is
// safe for use from several goroutines.
type Client struct {
	addr, code string
	opts       ClientOptions
	ctx        context.Context
	cancel     context.CancelFunc
	done       chan struct{}

	mu        sync.Mutex
	conn      *websocket.Conn
	connected bool
	kind      tracker.Kind
	name      string
	write     bool
	// mirror is the game as the host last sent it (its State is nil until
	// the first snapshot), followed event by event with the tracker's own
	// bookkeeping (tracker.Snapshot.Follow).
	mirror tracker.Snapshot
	// cut tells that the host's undo list holds steps older than the
	// mirror's (the snapshot carried a window); loading is true while
	// older steps are being asked for.
	cut, loading bool
	told         uint64        // the subscribers have been told of everything up to here
	changed      chan struct{} // closed and replaced whenever seq or the connection changes
	awaiting     bool          // a resync was asked for and no snapshot came yet
	resyncs      int
	nextID       uint64
	pending      map[uint64]chan HostMessage
	subs         map[int]func(tracker.Update)
	nextSub      int
	lastErr      error
	seat         string
	seats        []SeatInfo
}

// Dial joins the game hosted at addr ("host:port", see ParseJoin) with the
// join code (empty: watch only; commands are then refused). It returns once
// the first snapshot has arrived. The client reconnects by itself when the
// connection drops, until Close.
func Dial(ctx context.Context, addr, code string, opts ClientOptions) (*Client, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	cctx, cancel := context.WithCancel(context.Background())
	if opts.Device == "" {
		opts.Device = randomID()
	}
	c := &Client{addr: addr, code: NormalizeCode(code), opts: opts, ctx: cctx, cancel: cancel, seat: opts.Seat,
		done: make(chan struct{}), changed: make(chan struct{}),
		pending: map[uint64]chan HostMessage{}, subs: map[int]func(tracker.Update){}}
	dctx, dcancel := withTimeout(ctx, opts.Timeout)
	defer dcancel()
	conn, first, err := c.connect(dctx)
	for errors.Is(err, ErrNoAnswer) && dctx.Err() == nil {
		// The host closed the socket before it answered: a browser page
		// busy drawing the app may send its hello after the host stopped
		// waiting for it. A new socket, once the page is free, gets in.
		select {
		case <-dctx.Done():
		case <-time.After(200 * time.Millisecond):
			conn, first, err = c.connect(dctx)
		}
	}
	if err != nil {
		cancel()
		return nil, err
	}
	if err := c.handle(first); err != nil {
		cancel()
		_ = conn.CloseNow()
		return nil, fmt.Errorf("join %s: %w", addr, err)
	}
	c.setConn(conn)
	go c.run(conn)
	return c, nil
}

// connect opens the WebSocket, says hello (the code, the seat, and the
// position the mirror has after a reconnection) and reads the first
// message: a snapshot, or the events missed since that position.
func (c *Client) connect(ctx context.Context) (*websocket.Conn, HostMessage, error) {
	conn, status, err := dialHost(ctx, c.addr, c.opts.HTTPClient)
	if err != nil {
		switch status {
		case http.StatusForbidden:
			return nil, HostMessage{}, fmt.Errorf("join %s: %w", c.addr, ErrWrongCode)
		case http.StatusServiceUnavailable:
			return nil, HostMessage{}, fmt.Errorf("join %s: %w", c.addr, ErrHostFull)
		case http.StatusTooManyRequests:
			return nil, HostMessage{}, fmt.Errorf("join %s: %w", c.addr, ErrTooManyTries)
		case http.StatusMisdirectedRequest:
			return nil, HostMessage{}, fmt.Errorf("join %s: %w", c.addr, ErrWrongName)
		}
		return nil, HostMessage{}, fmt.Errorf("join %s: %w: %w", c.addr, ErrUnreachable, err)
	}
	conn.SetReadLimit(MaxHostMessage)
	c.mu.Lock()
	hello := ClientMessage{Op: OpHello, Code: c.code, Seat: c.seat, Device: c.opts.Device}
	if c.mirror.State != nil {
		seq := c.mirror.Seq
		hello.Since = &seq
	}
	c.mu.Unlock()
	b, err := json.Marshal(hello)
	if err == nil {
		err = conn.Write(ctx, websocket.MessageText, b)
	}
	if err != nil {
		_ = conn.CloseNow()
		return nil, HostMessage{}, fmt.Errorf("join %s: %w: %w", c.addr, ErrUnreachable, err)
	}
	m, err := readHostMessage(ctx, conn)
	if err != nil {
		_ = conn.CloseNow()
		if ctx.Err() == nil {
			err = fmt.Errorf("%w: %w", ErrNoAnswer, err)
		}
		return nil, HostMessage{}, fmt.Errorf("join %s: %w", c.addr, err)
	}
	if m.Op == OpError && m.Error != nil {
		_ = conn.CloseNow()
		switch m.Error.Code {
		case CodeCodeChanged:
			return nil, HostMessage{}, fmt.Errorf("join %s: %w", c.addr, ErrCodeChanged)
		case CodeReadOnly:
			return nil, HostMessage{}, fmt.Errorf("join %s: %w", c.addr, ErrWrongCode)
		case CodeUnavailable:
			return nil, HostMessage{}, fmt.Errorf("join %s: %w", c.addr, ErrHostFull)
		}
		return nil, HostMessage{}, fmt.Errorf("join %s: %w", c.addr, m.Error)
	}
	c.mu.Lock()
	hasState := c.mirror.State != nil
	c.mu.Unlock()
	if m.Op != OpSnapshot && !(m.Op == OpEvents && hasState) {
		_ = conn.CloseNow()
		return nil, HostMessage{}, fmt.Errorf("join %s: %w", c.addr, ErrNoGame)
	}
	return conn, m, nil
}

func readHostMessage(ctx context.Context, conn *websocket.Conn) (HostMessage, error) {
	_, b, err := conn.Read(ctx)
	if err != nil {
		return HostMessage{}, fmt.Errorf("reading from the host: %w", err)
	}
	var m HostMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return HostMessage{}, fmt.Errorf("reading from the host: %w", err)
	}
	return m, nil
}

// run reads the connection and reconnects after a drop, until Close.
func (c *Client) run(conn *websocket.Conn) {
	defer close(c.done)
	delay := 200 * time.Millisecond
	for {
		c.setConn(conn)
		err := c.readLoop(conn)
		_ = conn.CloseNow()
		c.dropConn(err)
		if c.ctx.Err() != nil {
			return
		}
		if c.opts.OnStatus != nil {
			c.opts.OnStatus(false, err)
		}
		for {
			select {
			case <-c.ctx.Done():
				return
			case <-time.After(delay):
			}
			dctx, cancel := withTimeout(c.ctx, c.opts.Timeout)
			next, first, err := c.connect(dctx)
			cancel()
			if err == nil {
				if err = c.handle(first); err == nil {
					conn, delay = next, 200*time.Millisecond
					break
				}
				_ = next.CloseNow()
			}
			c.mu.Lock()
			c.lastErr = err
			c.mu.Unlock()
			if errors.Is(err, ErrCodeChanged) || errors.Is(err, ErrWrongCode) {
				// Retrying cannot help: the player has to scan again.
				if c.opts.OnStatus != nil {
					c.opts.OnStatus(false, ErrCodeChanged)
				}
				c.mu.Lock()
				c.lastErr = ErrCodeChanged
				c.mu.Unlock()
				return
			}
			delay = min(delay*2, 5*time.Second)
		}
		if c.opts.OnStatus != nil {
			c.opts.OnStatus(true, nil)
		}
	}
}

func (c *Client) setConn(conn *websocket.Conn) {
	c.mu.Lock()
	c.conn, c.connected, c.lastErr = conn, true, nil
	c.signalLocked()
	c.mu.Unlock()
}

// dropConn forgets the connection and fails the requests waiting on it.
func (c *Client) dropConn(err error) {
	c.mu.Lock()
	c.conn, c.connected, c.lastErr, c.awaiting = nil, false, err, false
	for id, ch := range c.pending {
		close(ch)
		delete(c.pending, id)
	}
	c.signalLocked()
	c.mu.Unlock()
}

func (c *Client) readLoop(conn *websocket.Conn) error {
	for {
		m, err := readHostMessage(c.ctx, conn)
		if err != nil {
			return err
		}
		if err := c.handle(m); err != nil {
			return err
		}
	}
}

// signalLocked wakes everyone waiting for a change.
func (c *Client) signalLocked() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// handle applies one message from the host. An error ends the connection
// (the client then reconnects and resyncs).
func (c *Client) handle(m HostMessage) error {
	switch m.Op {
	case OpSnapshot:
		if m.Snapshot == nil || m.Snapshot.State == nil || !m.Snapshot.Kind.Valid() {
			return fmt.Errorf("%w: it sent an empty one", ErrNoGame)
		}
		c.mu.Lock()
		if c.kind != "" && m.Snapshot.Kind != c.kind {
			c.mu.Unlock()
			return fmt.Errorf("%w: it now shares a different game (%s)", ErrNoGame, m.Snapshot.Kind)
		}
		c.kind, c.name, c.write, c.seat = m.Snapshot.Kind, m.Name, m.Write, m.Seat
		seats := c.setSeatsLocked(m.Seats)
		if c.mirror.State != nil {
			c.resyncs++
		}
		c.awaiting = false
		u := tracker.Update{Seq: m.Snapshot.Seq, State: m.Snapshot.State}
		changed := c.mirror.State == nil || c.mirror.Seq != m.Snapshot.Seq
		c.mirror, c.cut = *m.Snapshot, m.HistoryCut
		c.mu.Unlock()
		if changed {
			c.notify(u)
		}
		c.delivered(m.Snapshot.Seq)
		c.tellSeats(seats)
	case OpEvents:
		if m.Seats != nil {
			// The events catching a reconnected device up.
			c.mu.Lock()
			if m.Kind != "" && c.kind != "" && m.Kind != c.kind {
				c.mu.Unlock()
				return fmt.Errorf("%w: it now shares a different game (%s)", ErrNoGame, m.Kind)
			}
			c.write, c.seat = m.Write, m.Seat
			c.resyncs++
			seats := c.setSeatsLocked(m.Seats)
			c.mu.Unlock()
			c.tellSeats(seats)
		}
		return c.handleEvents(m)
	case OpSeats:
		c.mu.Lock()
		seats := c.setSeatsLocked(m.Seats)
		c.mu.Unlock()
		c.tellSeats(seats)
	case OpResult:
		c.mu.Lock()
		ch, ok := c.pending[m.ID]
		delete(c.pending, m.ID)
		c.mu.Unlock()
		if ok {
			ch <- m
		}
	case OpError:
		// The host could not read one of our messages; the request that
		// sent it times out. Nothing to do here.
	}
	return nil
}

// setSeatsLocked records the seats the host sent (nil: none changed) and
// returns them for tellSeats.
func (c *Client) setSeatsLocked(seats []SeatInfo) []SeatInfo {
	if seats == nil {
		return nil
	}
	c.seats = slices.Clone(seats)
	return c.seats
}

// tellSeats calls OnSeats with new seats.
func (c *Client) tellSeats(seats []SeatInfo) {
	if seats != nil && c.opts.OnSeats != nil {
		c.opts.OnSeats(slices.Clone(seats))
	}
}

// Seat returns the seat this device sits on: a player's id, SeatWatch, or
// "" when it has taken none.
func (c *Client) Seat() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seat
}

// Seats returns the players' seats as the host last told them: which are
// taken, and whether the device sitting there is connected.
func (c *Client) Seats() []SeatInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.seats)
}

// TakeSeat sits this device as a player (its id) or as a watcher
// (SeatWatch); the device takes the same seat again after a reconnection.
// The host refuses a seat another connected device sits on
// (CodeSeatTaken). It returns the seat taken.
func (c *Client) TakeSeat(seat string) (string, error) {
	m, err := c.request(ClientMessage{Op: OpSeat, Seat: seat, Device: c.opts.Device})
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	c.seat = m.Seat
	c.mu.Unlock()
	return m.Seat, nil
}

// handleEvents applies an events message: events already seen are skipped;
// events that do not continue the mirror (a gap, or steps that do not fit
// its undo and redo lists) ask the host for a snapshot.
func (c *Client) handleEvents(m HostMessage) error {
	c.mu.Lock()
	if m.State == nil || m.Seq <= c.mirror.Seq {
		c.mu.Unlock()
		return nil
	}
	var fresh []tracker.Event
	for _, e := range m.Events {
		if e.Seq > c.mirror.Seq {
			fresh = append(fresh, e)
		}
	}
	var next tracker.Snapshot
	ok := len(fresh) > 0 && fresh[len(fresh)-1].Seq == m.Seq
	if ok {
		var err error
		next, err = c.mirror.Follow(fresh, m.State)
		ok = err == nil
	}
	if !ok {
		conn, ask := c.conn, !c.awaiting
		c.awaiting = true
		c.mu.Unlock()
		if ask && conn != nil {
			b, _ := json.Marshal(ClientMessage{Op: OpResync})
			ctx, cancel := withTimeout(c.ctx, c.opts.Timeout)
			defer cancel()
			if err := conn.Write(ctx, websocket.MessageText, b); err != nil {
				return fmt.Errorf("asking the host for the game: %w", err)
			}
		}
		return nil
	}
	c.mirror = next
	refill := c.cut && c.write && !c.loading && len(next.History.Undo) < historyRefill
	c.mu.Unlock()
	if refill {
		// Undo has taken back most of the steps the snapshot carried:
		// fetch older ones so the next Undo has its step.
		go func() { _, _ = c.LoadOlderHistory() }()
	}
	c.notify(tracker.Update{Events: fresh, Seq: m.Seq, State: m.State})
	c.delivered(m.Seq)
	return nil
}

// delivered records that the subscribers have been told of everything up
// to seq, and wakes the requests waiting for it.
func (c *Client) delivered(seq uint64) {
	c.mu.Lock()
	c.told = seq
	c.signalLocked()
	c.mu.Unlock()
}

// notify calls the subscribers in order, from the reading goroutine.
func (c *Client) notify(u tracker.Update) {
	c.mu.Lock()
	ids := make([]int, 0, len(c.subs))
	for id := range c.subs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	fns := make([]func(tracker.Update), 0, len(ids))
	for _, id := range ids {
		fns = append(fns, c.subs[id])
	}
	c.mu.Unlock()
	for _, fn := range fns {
		fn(u)
	}
}

// Kind returns the shared game's kind.
func (c *Client) Kind() tracker.Kind {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.kind
}

// Name returns the shared game's name as the host gave it.
func (c *Client) Name() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.name
}

// Addr returns the host's address.
func (c *Client) Addr() string { return c.addr }

// InviteLink returns the link that invites another device to this game,
// as the host's QR code does: https when this device runs in a page the
// host served over https (the host has a certificate), else plain http.
func (c *Client) InviteLink() string {
	if pageSecure() {
		return SecureJoinLink(c.addr, c.code)
	}
	return JoinLink(c.addr, c.code)
}

// Code returns the join code the client joined with (empty: watch only).
func (c *Client) Code() string { return c.code }

// CanWrite reports whether the host accepted the join code (commands are
// refused otherwise).
func (c *Client) CanWrite() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.write
}

// State returns the mirrored state. Like a session's, it is never
// modified afterwards; do not modify it.
func (c *Client) State() *tracker.State {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mirror.State
}

// Seq returns the log position the mirror has reached.
func (c *Client) Seq() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mirror.Seq
}

// History returns the mirrored undo and redo lists.
func (c *Client) History() tracker.History {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mirror.History
}

// Connected reports whether the client is connected now, and the last
// connection error when it is not.
func (c *Client) Connected() (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.connected, c.lastErr
}

// Resyncs counts the snapshots received after the first one (gaps,
// overflows and reconnections).
func (c *Client) Resyncs() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.resyncs
}

// Subscribe registers fn to be called after every change of the mirror, in
// order, from the client's reading goroutine. fn must not block for long.
// The returned function unsubscribes.
func (c *Client) Subscribe(fn func(tracker.Update)) (cancel func()) {
	c.mu.Lock()
	id := c.nextSub
	c.nextSub++
	c.subs[id] = fn
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		delete(c.subs, id)
		c.mu.Unlock()
	}
}

// NewSeed draws a seed for a virtual roll shown before the players decide;
// the host checks that the faces sent match it.
func (c *Client) NewSeed() (uint64, bool) { return tracker.CryptoSeeds{}.NextSeed(), true }

// Execute sends cmd to the host and waits for its answer and for the
// mirror to show the result (its subscribers have been called). The host refuses it (a *tracker.Rejection)
// when the game does, or with CodeStale when the game changed after this
// mirror last saw it.
func (c *Client) Execute(cmd tracker.Command) ([]tracker.Event, error) {
	b, err := tracker.EncodeCommand(cmd)
	if err != nil {
		return nil, err
	}
	m, err := c.request(ClientMessage{Op: OpCommand, Command: b})
	if err != nil {
		return nil, err
	}
	return m.Events, nil
}

// historyRefill is how few undo steps a player's mirror may hold, when the
// host has older ones, before the client fetches more.
const historyRefill = HistoryWindow / 4

// HasOlderHistory reports whether the host's undo list holds steps older
// than the mirror's History: a snapshot carries only the newest
// HistoryWindow steps.
func (c *Client) HasOlderHistory() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cut
}

// LoadOlderHistory asks the host for the undo steps older than the
// mirror's (at most HistoryPage of them; only with the join code) and
// adds them to the end of History's Undo list. It returns how many were
// added: none when there are no older steps, or when the mirror's undo
// list changed meanwhile. The subscribers are not called: the game did
// not change.
func (c *Client) LoadOlderHistory() (int, error) {
	c.mu.Lock()
	undo := c.mirror.History.Undo
	if !c.cut || c.loading || len(undo) == 0 {
		c.mu.Unlock()
		return 0, nil
	}
	before := undo[len(undo)-1].ID
	c.loading = true
	c.mu.Unlock()
	m, err := c.request(ClientMessage{Op: OpHistory, Before: before})
	c.mu.Lock()
	defer c.mu.Unlock()
	c.loading = false
	if err != nil {
		return 0, fmt.Errorf("older history: %w", err)
	}
	undo = c.mirror.History.Undo
	if len(undo) == 0 || undo[len(undo)-1].ID != before {
		return 0, nil
	}
	for _, st := range m.Steps {
		if st.ID >= before || len(st.Events) == 0 {
			return 0, fmt.Errorf("older history: the host sent step %d before step %d", st.ID, before)
		}
		before = st.ID
	}
	c.mirror.History.Undo = append(slices.Clip(undo), m.Steps...)
	c.cut = m.More
	return len(m.Steps), nil
}

// Undo asks the host to take back the last step the mirror shows.
func (c *Client) Undo() (tracker.Step, error) { return c.undoRedo(OpUndo) }

// Redo asks the host to restore the step last undone.
func (c *Client) Redo() (tracker.Step, error) { return c.undoRedo(OpRedo) }

func (c *Client) undoRedo(op string) (tracker.Step, error) {
	m, err := c.request(ClientMessage{Op: op})
	if err != nil {
		return tracker.Step{}, err
	}
	if m.Step == nil {
		return tracker.Step{}, fmt.Errorf("%s: the host sent no step", op)
	}
	return *m.Step, nil
}

// request sends a message with a fresh id and nonce and the mirror's
// position as its basis, waits for the answer, then for the mirror to
// reach the answer's position.
func (c *Client) request(msg ClientMessage) (HostMessage, error) {
	changes := msg.Op != OpSeat && msg.Op != OpHistory
	if changes {
		msg.Nonce = randomID()
	}
	ch := make(chan HostMessage, 1)
	c.mu.Lock()
	if c.ctx.Err() != nil {
		c.mu.Unlock()
		return HostMessage{}, ErrClosed
	}
	conn := c.conn
	if conn == nil {
		c.mu.Unlock()
		return HostMessage{}, fmt.Errorf("%s: %w", msg.Op, ErrNotSent)
	}
	c.nextID++
	msg.ID = c.nextID
	if changes {
		basis := c.mirror.Seq
		msg.Basis = &basis
	}
	c.pending[msg.ID] = ch
	c.mu.Unlock()
	forget := func() {
		c.mu.Lock()
		delete(c.pending, msg.ID)
		c.mu.Unlock()
	}

	ctx, cancel := withTimeout(c.ctx, c.opts.Timeout)
	defer cancel()
	b, err := json.Marshal(msg)
	if err != nil {
		forget()
		return HostMessage{}, fmt.Errorf("%s: %w", msg.Op, err)
	}
	if err := conn.Write(ctx, websocket.MessageText, b); err != nil {
		forget()
		return HostMessage{}, fmt.Errorf("%s: %w: %v", msg.Op, ErrNotConnected, err)
	}
	var m HostMessage
	select {
	case r, ok := <-ch:
		if !ok {
			return HostMessage{}, fmt.Errorf("%s: the connection to the host was lost; check the game before trying again: %w", msg.Op, ErrNotConnected)
		}
		m = r
	case <-ctx.Done():
		forget()
		return HostMessage{}, fmt.Errorf("%s: %w", msg.Op, ErrTimeout)
	}
	if m.Error != nil && m.Error.Code != CodeStale {
		return HostMessage{}, m.Error
	}
	// Wait until the mirror shows the change and its subscribers were told
	// (for a stale request: the newer game the host refused it against, so
	// the caller looks at that before trying again).
	for {
		c.mu.Lock()
		reached, changed := c.told >= m.Seq, c.changed
		c.mu.Unlock()
		if reached || ctx.Err() != nil { // on timeout: applied; the mirror will catch up
			if m.Error != nil {
				return HostMessage{}, m.Error
			}
			return m, nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
		}
	}
}

// Close leaves the shared game and stops reconnecting.
func (c *Client) Close() error {
	c.mu.Lock()
	conn := c.conn
	c.mu.Unlock()
	c.cancel()
	if conn != nil {
		_ = conn.Close(websocket.StatusNormalClosure, "left the game")
	}
	<-c.done
	return nil
}

// Done is closed when the client has stopped (after Close).
func (c *Client) Done() <-chan struct{} { return c.done }
