package share

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"tableops/tracker"
)

// Game is what a host shares: a tracker session (*tracker.Session, or a
// saved game, *store.Game, which embeds one).
type Game interface {
	Kind() tracker.Kind
	Seq() uint64
	Snapshot() tracker.Snapshot
	EventsSince(seq uint64) []tracker.Event
	// ExecuteNonce, UndoNonce and RedoNonce apply a remote request and
	// keep its nonce in the game's log, refusing a nonce the log holds
	// (tracker.CodeDuplicate), even after a restart.
	ExecuteNonce(cmd tracker.Command, nonce string) ([]tracker.Event, error)
	UndoNonce(nonce string) (tracker.Step, error)
	RedoNonce(nonce string) (tracker.Step, error)
	HasNonce(nonce string) bool
	Subscribe(fn func(tracker.Update)) (cancel func())
}

// HTTP headers of the API.
const (
	// HeaderCode carries the join code of a writing request.
	HeaderCode = "X-Join-Code"
	// HeaderBasis carries the log sequence number the sender last saw.
	HeaderBasis = "X-Basis"
	// HeaderNonce carries a unique request id.
	HeaderNonce = "X-Nonce"
)

// Options configure a host. Every field may be left empty.
type Options struct {
	// Addr is the "ip:port" to listen on (tests use "127.0.0.1:0"). Empty
	// means the LAN address (LANAddr) and Port.
	Addr string
	// Port is the port when Addr is empty: 0 means DefaultPort, or any free
	// port when that one is taken.
	Port int
	// Code is the join code; empty means a fresh NewCode.
	Code string
	// Name is the game's name, shown on the scoreboard.
	Name string
	// Announce advertises the host with mDNS (best effort; failures are
	// logged and ignored).
	Announce bool
	// MaxClients bounds the WebSocket connections at once (default 32).
	MaxClients int
	// Rate and Burst bound the messages a second one client (or one
	// address, on the HTTP API) may send: default 20 a second, bursts of 40.
	Rate  float64
	Burst int
	// QueueLen is how many updates a slow client may lag behind before the
	// host drops them and sends it a snapshot instead (default 64).
	QueueLen int
	// WriteTimeout bounds one write to a client (default 5 s); a client
	// that does not read is disconnected.
	WriteTimeout time.Duration
	// Logger receives refused messages and connection problems (default
	// slog.Default()).
	Logger *slog.Logger
	// Texts gives the scoreboard page its texts for a browser's
	// Accept-Language header: a JSON object of key -> text (the "web.*"
	// keys of the app's translations). Nil leaves the page in English.
	Texts func(acceptLanguage string) []byte
}

func (o *Options) defaults() {
	if o.MaxClients <= 0 {
		o.MaxClients = 32
	}
	if o.Rate <= 0 {
		o.Rate = 20
	}
	if o.Burst <= 0 {
		o.Burst = 40
	}
	if o.QueueLen <= 0 {
		o.QueueLen = 64
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = 5 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
}

// maxStrikes is how many unreadable messages a connection may send before
// the host closes it.
const maxStrikes = 20

// pingEvery is how often the host checks that a WebSocket client is alive.
const pingEvery = 30 * time.Second

//go:embed web/index.html
var scoreboardHTML []byte

// Host shares one game on the network until Stop (or until the context
// given to Start is done).
type Host struct {
	game Game
	opts Options
	code string
	ln   net.Listener
	srv  *http.Server
	ann  *Announcement
	log  *slog.Logger

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	unsub  func()
	notify chan struct{}
	pendMu sync.Mutex
	pend   []tracker.Update // changes not broadcast yet, in log order

	mu    sync.Mutex
	peers map[*peer]struct{}
	conns atomic.Int32

	// writeMu serializes the requests of remote clients, so a basis check
	// and the command it guards are not split by another remote request.
	writeMu sync.Mutex
	limits  *ipLimits

	stopOnce sync.Once
	done     chan struct{}
}

// Start shares game: it listens (see Options.Addr), serves the scoreboard,
// the API and the WebSocket, and broadcasts every change of the game. It
// stops when ctx is done or Stop is called; nothing listens afterwards.
func Start(ctx context.Context, game Game, opts Options) (*Host, error) {
	if game == nil {
		return nil, errors.New("share: no game")
	}
	opts.defaults()
	code := NormalizeCode(opts.Code)
	if code == "" {
		code = NewCode()
	}
	if _, err := JoinPayload("127.0.0.1:1", code); err != nil {
		return nil, fmt.Errorf("share: join code %q: %w", code, err)
	}
	ln, lanIP, err := listen(opts)
	if err != nil {
		return nil, fmt.Errorf("share: %w", err)
	}
	hctx, cancel := context.WithCancel(context.Background())
	h := &Host{
		game: game, opts: opts, code: code, ln: ln, log: opts.Logger,
		ctx: hctx, cancel: cancel, notify: make(chan struct{}, 1),
		peers:  map[*peer]struct{}{},
		limits: newIPLimits(opts.Rate, opts.Burst, 1024),
		done:   make(chan struct{}),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", h.serveIndex)
	mux.HandleFunc("GET /api/state", h.serveState)
	mux.HandleFunc("POST /api/command", h.servePost(OpCommand))
	mux.HandleFunc("POST /api/undo", h.servePost(OpUndo))
	mux.HandleFunc("POST /api/redo", h.servePost(OpRedo))
	mux.HandleFunc("GET /api/ws", h.serveWS)
	h.srv = &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(h.log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return hctx },
	}
	h.unsub = game.Subscribe(func(u tracker.Update) {
		h.pendMu.Lock()
		h.pend = append(h.pend, u)
		h.pendMu.Unlock()
		select {
		case h.notify <- struct{}{}:
		default:
		}
	})
	h.wg.Add(2)
	go func() {
		defer h.wg.Done()
		if err := h.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			h.log.Error("share: server stopped", "err", err)
		}
	}()
	go func() {
		defer h.wg.Done()
		h.broadcast()
	}()
	if opts.Announce && lanIP != nil {
		if a, err := Announce(opts.Name, lanIP, ln.Addr().(*net.TCPAddr).Port); err != nil {
			h.log.Info("share: mDNS announcement unavailable; the QR code and address still work", "err", err)
		} else {
			h.ann = a
		}
	}
	go func() {
		select {
		case <-ctx.Done():
			h.Stop()
		case <-h.done:
		}
	}()
	return h, nil
}

// listen opens the listener Options ask for. It returns the LAN address
// when it chose one.
func listen(opts Options) (net.Listener, net.IP, error) {
	if opts.Addr != "" {
		ln, err := net.Listen("tcp", opts.Addr)
		if err != nil {
			return nil, nil, fmt.Errorf("listening on %s: %w", opts.Addr, err)
		}
		return ln, nil, nil
	}
	ip, err := LANAddr()
	if err != nil {
		return nil, nil, err
	}
	if opts.Port != 0 {
		ln, err := net.Listen("tcp4", net.JoinHostPort(ip.String(), strconv.Itoa(opts.Port)))
		if err != nil {
			return nil, nil, fmt.Errorf("listening on port %d: %w", opts.Port, err)
		}
		return ln, ip, nil
	}
	ln, err := net.Listen("tcp4", net.JoinHostPort(ip.String(), strconv.Itoa(DefaultPort)))
	if err != nil {
		ln, err = net.Listen("tcp4", net.JoinHostPort(ip.String(), "0"))
	}
	if err != nil {
		return nil, nil, fmt.Errorf("listening on %s: %w", ip, err)
	}
	return ln, ip, nil
}

// Addr returns the "host:port" the host listens on.
func (h *Host) Addr() string { return h.ln.Addr().String() }

// URL returns the scoreboard's address, e.g. "http://192.168.1.20:8765/".
func (h *Host) URL() string { return "http://" + h.Addr() + "/" }

// Code returns the join code.
func (h *Host) Code() string { return h.code }

// JoinPayload returns the text of the invitation QR code (see JoinPayload).
func (h *Host) JoinPayload() (string, error) { return JoinPayload(h.Addr(), h.code) }

// Clients returns the number of WebSocket connections (app clients and
// scoreboards).
func (h *Host) Clients() int { return int(h.conns.Load()) }

// Done is closed when the host has stopped.
func (h *Host) Done() <-chan struct{} { return h.done }

// Stop closes the listener and every connection and waits for them. It is
// safe to call more than once.
func (h *Host) Stop() {
	h.stopOnce.Do(func() {
		h.unsub()
		h.ann.Stop()
		h.closePeers()
		h.cancel() // ends every WebSocket left (reads and writes use this context)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := h.srv.Shutdown(ctx); err != nil {
			_ = h.srv.Close()
		}
		h.wg.Wait()
		close(h.done)
	})
}

// closePeers tells every WebSocket client that the host is going away (a
// close frame, so a client knows at once and why), waiting at most a
// second for them to answer.
func (h *Host) closePeers() {
	h.mu.Lock()
	peers := make([]*peer, 0, len(h.peers))
	for p := range h.peers {
		peers = append(peers, p)
	}
	h.mu.Unlock()
	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, p := range peers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = p.conn.Close(websocket.StatusGoingAway, "the host stopped sharing")
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
	}
}

// apply runs one remote request on the game: the duplicate and basis checks,
// then the command, undo or redo. A refusal is a *tracker.Rejection.
func (h *Host) apply(op string, cmd tracker.Command, basis *uint64, nonce string) (CommandResponse, error) {
	h.writeMu.Lock()
	defer h.writeMu.Unlock()
	if h.ctx.Err() != nil {
		return CommandResponse{}, &tracker.Rejection{Code: CodeUnavailable, Reason: "The host stopped sharing the game."}
	}
	if h.game.HasNonce(nonce) {
		return CommandResponse{}, &tracker.Rejection{Code: CodeDuplicate, Reason: "This request was already received."}
	}
	before := h.game.Seq()
	if basis != nil && *basis != before {
		// Seq tells the sender how far its view has to catch up.
		return CommandResponse{Seq: before}, &tracker.Rejection{Code: CodeStale,
			Reason: "The game changed while you were choosing; look at it again and retry."}
	}
	var resp CommandResponse
	switch op {
	case OpCommand:
		evs, err := h.game.ExecuteNonce(cmd, nonce)
		if err != nil {
			return CommandResponse{}, h.refusal(err)
		}
		resp = CommandResponse{Seq: evs[len(evs)-1].Seq, Events: evs}
	case OpUndo, OpRedo:
		var st tracker.Step
		var err error
		if op == OpUndo {
			st, err = h.game.UndoNonce(nonce)
		} else {
			st, err = h.game.RedoNonce(nonce)
		}
		if err != nil {
			return CommandResponse{}, h.refusal(err)
		}
		resp = CommandResponse{Seq: before + 1, Step: &st}
		for _, e := range h.game.EventsSince(before) {
			if e.Type == op && e.Step == st.ID {
				resp.Seq, resp.Events = e.Seq, []tracker.Event{e}
				break
			}
		}
	default:
		return CommandResponse{}, &tracker.Rejection{Code: CodeMalformed, Reason: "Unknown request."}
	}
	return resp, nil
}

// refusal turns an error of the game into a rejection for the sender: the
// game's own refusal as it is, anything else (a failed save) as
// unavailable, logged.
func (h *Host) refusal(err error) *tracker.Rejection {
	var r *tracker.Rejection
	if errors.As(err, &r) {
		return r
	}
	h.log.Error("share: the game could not apply a request", "err", err)
	return &tracker.Rejection{Code: CodeUnavailable, Reason: "The host could not save the change: " + err.Error()}
}

// broadcast sends every change of the game to every peer, coalescing bursts:
// each message holds the events since the previous one and the state after
// them, encoded once for everyone.
func (h *Host) broadcast() {
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-h.notify:
		}
		h.pendMu.Lock()
		batch := h.pend
		h.pend = nil
		h.pendMu.Unlock()
		if len(batch) == 0 {
			continue
		}
		var evs []tracker.Event
		for _, u := range batch {
			evs = append(evs, u.Events...)
		}
		last := batch[len(batch)-1]
		b, err := json.Marshal(HostMessage{Op: OpEvents, Seq: last.Seq, Events: evs, State: last.State})
		if err != nil {
			h.log.Error("share: encoding events", "err", err)
			// Peers cannot follow without these events: resync them all.
			h.mu.Lock()
			for p := range h.peers {
				p.requestResync()
			}
			h.mu.Unlock()
			continue
		}
		h.mu.Lock()
		for p := range h.peers {
			p.offer(b)
		}
		h.mu.Unlock()
	}
}

// snapshotMessage encodes the whole game for one peer.
func (h *Host) snapshotMessage(write bool) ([]byte, error) {
	snap := h.game.Snapshot()
	return json.Marshal(HostMessage{Op: OpSnapshot, Snapshot: &snap, Name: h.opts.Name, Write: write})
}

// remoteIP is the address part of a request's remote address.
func remoteIP(r *http.Request) string {
	ip, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return ip
}

func (h *Host) serveIndex(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self' ws: wss:; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("Cache-Control", "no-store")
	_, _ = w.Write(h.scoreboardPage(r.Header.Get("Accept-Language")))
}

// scoreboardPage is the page with its texts for the reader's language put
// in place of the empty /*TEXTS*/{} object.
func (h *Host) scoreboardPage(acceptLanguage string) []byte {
	if h.opts.Texts == nil {
		return scoreboardHTML
	}
	var texts map[string]string
	if err := json.Unmarshal(h.opts.Texts(acceptLanguage), &texts); err != nil || len(texts) == 0 {
		return scoreboardHTML
	}
	js, err := json.Marshal(texts) // escapes <, > and & so no text can end the script
	if err != nil {
		return scoreboardHTML
	}
	return bytes.Replace(scoreboardHTML, []byte("/*TEXTS*/{}"), js, 1)
}

// writeJSON answers with v as JSON and the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func refuse(w http.ResponseWriter, status int, code, reason string) {
	writeJSON(w, status, tracker.Rejection{Code: code, Reason: reason})
}

func (h *Host) serveState(w http.ResponseWriter, r *http.Request) {
	if !h.limits.allow(remoteIP(r), time.Now()) {
		refuse(w, http.StatusTooManyRequests, CodeTooFast, "Too many requests; slow down.")
		return
	}
	writeJSON(w, http.StatusOK, StateResponse{Name: h.opts.Name, Snapshot: h.game.Snapshot()})
}

// servePost handles POST /api/command, /api/undo and /api/redo.
func (h *Host) servePost(op string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ip := remoteIP(r)
		if !h.limits.allow(ip, time.Now()) {
			h.log.Warn("share: request over the rate limit", "remote", ip)
			refuse(w, http.StatusTooManyRequests, CodeTooFast, "Too many requests; slow down.")
			return
		}
		if !codeMatches(h.code, r.Header.Get(HeaderCode)) {
			h.log.Warn("share: request with a wrong or missing join code", "remote", ip, "path", r.URL.Path)
			refuse(w, http.StatusForbidden, CodeReadOnly, "The join code is missing or wrong.")
			return
		}
		var basis *uint64
		if s := r.Header.Get(HeaderBasis); s != "" {
			v, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				refuse(w, http.StatusBadRequest, CodeMalformed, HeaderBasis+" must be a sequence number.")
				return
			}
			basis = &v
		}
		nonce := r.Header.Get(HeaderNonce)
		if err := checkNonce(nonce); err != nil {
			refuse(w, http.StatusBadRequest, CodeMalformed, HeaderNonce+": "+err.Error())
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, tracker.MaxCommandSize))
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				h.log.Warn("share: oversized request refused", "remote", ip, "limit", mbe.Limit)
				refuse(w, http.StatusRequestEntityTooLarge, CodeMalformed, fmt.Sprintf("The request is larger than %d bytes.", mbe.Limit))
				return
			}
			refuse(w, http.StatusBadRequest, CodeMalformed, "The request could not be read.")
			return
		}
		var cmd tracker.Command
		if op == OpCommand {
			if cmd, err = tracker.DecodeCommand(body); err != nil {
				h.log.Warn("share: malformed command refused", "remote", ip, "err", err)
				refuse(w, http.StatusBadRequest, CodeMalformed, err.Error())
				return
			}
		}
		resp, err := h.apply(op, cmd, basis, nonce)
		if err != nil {
			var rej *tracker.Rejection
			errors.As(err, &rej)
			status := http.StatusConflict
			if rej.Code == CodeUnavailable {
				status = http.StatusServiceUnavailable
			}
			writeJSON(w, status, rej)
			return
		}
		writeJSON(w, http.StatusOK, resp)
	}
}

// peer is one WebSocket connection.
type peer struct {
	conn    *websocket.Conn
	remote  string
	write   bool
	events  chan []byte // broadcast updates; dropped for a snapshot on overflow
	replies chan []byte // answers to this peer's requests
	resync  atomic.Bool
	wake    chan struct{}
}

// offer queues an update without blocking; a full queue marks the peer for
// a fresh snapshot instead.
func (p *peer) offer(b []byte) {
	select {
	case p.events <- b:
	default:
		p.resync.Store(true)
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
}

func (p *peer) requestResync() {
	p.resync.Store(true)
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

func (h *Host) serveWS(w http.ResponseWriter, r *http.Request) {
	ip := remoteIP(r)
	if !h.limits.allow(ip, time.Now()) {
		h.log.Warn("share: connection over the rate limit", "remote", ip)
		refuse(w, http.StatusTooManyRequests, CodeTooFast, "Too many requests; slow down.")
		return
	}
	write := false
	if c := r.Header.Get(HeaderCode); c != "" {
		if !codeMatches(h.code, c) {
			h.log.Warn("share: connection with a wrong join code refused", "remote", ip)
			refuse(w, http.StatusForbidden, CodeReadOnly, "The join code is wrong.")
			return
		}
		write = true
	}
	if int(h.conns.Add(1)) > h.opts.MaxClients {
		h.conns.Add(-1)
		h.log.Warn("share: too many clients; connection refused", "remote", ip, "max", h.opts.MaxClients)
		refuse(w, http.StatusServiceUnavailable, CodeUnavailable, "Too many devices are connected.")
		return
	}
	defer h.conns.Add(-1)
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		h.log.Warn("share: WebSocket handshake failed", "remote", ip, "err", err)
		return
	}
	conn.SetReadLimit(MaxClientMessage)
	p := &peer{conn: conn, remote: ip, write: write,
		events: make(chan []byte, h.opts.QueueLen), replies: make(chan []byte, 8), wake: make(chan struct{}, 1)}
	p.resync.Store(true) // the first thing a peer gets is a snapshot
	h.mu.Lock()
	h.peers[p] = struct{}{}
	h.mu.Unlock()

	ctx, cancel := context.WithCancel(h.ctx)
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		defer cancel()
		h.writeLoop(ctx, p)
	}()
	h.readLoop(ctx, p)
	cancel()
	h.mu.Lock()
	delete(h.peers, p)
	h.mu.Unlock()
	_ = conn.CloseNow()
}

// writeLoop sends a peer its snapshot, updates and replies, and pings it.
func (h *Host) writeLoop(ctx context.Context, p *peer) {
	tick := time.NewTicker(pingEvery)
	defer tick.Stop()
	send := func(b []byte) bool {
		wctx, cancel := context.WithTimeout(ctx, h.opts.WriteTimeout)
		defer cancel()
		if err := p.conn.Write(wctx, websocket.MessageText, b); err != nil {
			if ctx.Err() == nil {
				h.log.Info("share: client dropped", "remote", p.remote, "err", err)
			}
			_ = p.conn.CloseNow()
			return false
		}
		return true
	}
	for {
		if p.resync.Swap(false) {
		drain:
			for {
				select {
				case <-p.events:
				default:
					break drain
				}
			}
			b, err := h.snapshotMessage(p.write)
			if err != nil {
				h.log.Error("share: encoding snapshot", "err", err)
				_ = p.conn.CloseNow()
				return
			}
			if !send(b) {
				return
			}
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-p.wake:
		case b := <-p.replies:
			if !send(b) {
				return
			}
		case b := <-p.events:
			if !send(b) {
				return
			}
		case <-tick.C:
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := p.conn.Ping(pctx)
			cancel()
			if err != nil {
				h.log.Info("share: client stopped answering", "remote", p.remote, "err", err)
				_ = p.conn.CloseNow()
				return
			}
		}
	}
}

// readLoop reads a peer's requests until it leaves, misbehaves too often or
// the host stops.
func (h *Host) readLoop(ctx context.Context, p *peer) {
	lim := newBucket(h.opts.Rate, h.opts.Burst, time.Now())
	strikes := 0
	reply := func(m HostMessage) bool {
		b, err := json.Marshal(m)
		if err != nil {
			h.log.Error("share: encoding reply", "err", err)
			return false
		}
		select {
		case p.replies <- b:
			return true
		case <-ctx.Done():
			return false
		}
	}
	for {
		typ, b, err := p.conn.Read(ctx)
		if err != nil {
			switch {
			case ctx.Err() != nil:
			case websocket.CloseStatus(err) == websocket.StatusMessageTooBig || errors.Is(err, websocket.ErrMessageTooBig):
				h.log.Warn("share: oversized message refused; connection closed", "remote", p.remote, "limit", MaxClientMessage)
			case websocket.CloseStatus(err) != -1 || errors.Is(err, io.EOF):
				// The client left.
			default:
				h.log.Info("share: connection ended", "remote", p.remote, "err", err)
			}
			return
		}
		if !lim.allow(time.Now()) {
			h.log.Warn("share: client over the rate limit", "remote", p.remote)
			strikes++
			// Answer the request itself when it names one, so the sender
			// does not wait for an answer that never comes.
			var id struct {
				ID uint64 `json:"id"`
			}
			_ = json.Unmarshal(b, &id)
			op := OpError
			if id.ID != 0 {
				op = OpResult
			}
			if !reply(HostMessage{Op: op, ID: id.ID, Error: &tracker.Rejection{Code: CodeTooFast, Reason: "Too many messages; slow down."}}) {
				return
			}
		} else if typ != websocket.MessageText {
			h.log.Warn("share: binary message refused", "remote", p.remote)
			strikes++
			if !reply(HostMessage{Op: OpError, Error: &tracker.Rejection{Code: CodeMalformed, Reason: "Messages must be JSON text."}}) {
				return
			}
		} else if req, err := DecodeClientMessage(b); err != nil {
			h.log.Warn("share: malformed message refused", "remote", p.remote, "err", err)
			strikes++
			if !reply(HostMessage{Op: OpError, Error: &tracker.Rejection{Code: CodeMalformed, Reason: err.Error()}}) {
				return
			}
		} else if req.Op == OpResync {
			p.requestResync()
		} else if !p.write {
			if !reply(HostMessage{Op: OpResult, ID: req.ID, Error: &tracker.Rejection{Code: CodeReadOnly, Reason: "This connection has no join code: it can only watch."}}) {
				return
			}
		} else {
			resp, err := h.apply(req.Op, req.Cmd, req.Basis, req.Nonce)
			m := HostMessage{Op: OpResult, ID: req.ID, Seq: resp.Seq, Events: resp.Events, Step: resp.Step}
			if err != nil {
				var rej *tracker.Rejection
				errors.As(err, &rej)
				m = HostMessage{Op: OpResult, ID: req.ID, Error: rej, Seq: resp.Seq}
			}
			if !reply(m) {
				return
			}
		}
		if strikes > maxStrikes {
			h.log.Warn("share: too many refused messages; connection closed", "remote", p.remote)
			_ = p.conn.Close(websocket.StatusPolicyViolation, "too many refused messages")
			return
		}
	}
}
