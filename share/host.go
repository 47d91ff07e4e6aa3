package share

import (
	"bytes"
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
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
	// SnapshotWindow is the game's snapshot with the newest n steps of
	// each history list; cut tells that the undo list has older ones.
	SnapshotWindow(n int) (snap tracker.Snapshot, cut bool)
	// OlderSteps lists at most n steps of the undo list older than the
	// step before (found is false when no such step is in it).
	OlderSteps(before uint64, n int) (steps []tracker.Step, more, found bool)
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
	// MaxClients bounds the players' WebSocket connections (those with the
	// join code) at once (default 24).
	MaxClients int
	// MaxWatchers bounds the watch-only WebSocket connections (scoreboards,
	// devices without the code) at once (default 16): they never take a
	// player's place.
	MaxWatchers int
	// MaxPerAddr bounds the WebSocket connections from one address (default 8).
	MaxPerAddr int
	// FailRate and FailBurst bound the wrong join codes the host compares
	// a second, from every address together (default 2 a second, bursts of
	// 20). Beyond that only devices that sent no wrong code lately have
	// their code compared (each address also has its own small budget),
	// so guessing from many addresses stays capped while the right code
	// from a table's phone always gets in.
	FailRate  float64
	FailBurst int
	// MaxFailures, when above zero, is how many wrong join codes the host
	// takes before it re-issues the code; OnCode is then told the new
	// code. Zero (the default) keeps the code: guessing is capped anyway,
	// and a new code would lock the table's own phones out.
	MaxFailures int
	// OnCode, when set, is called (on its own goroutine) with the new join
	// code when the host re-issued it.
	OnCode func(code string)
	// LogEvery is the period of the refusal summaries in the log (default
	// 30 s): the first refusal of each kind is logged at once, the others
	// as one line per kind at the end of the period.
	LogEvery time.Duration
	// App is the web app served at /app/ (webapp.Bundle); nil serves a page
	// saying how to build it (AppHint).
	App fs.FS
	// AppHint is the command that builds the web app, for that page.
	AppHint string
	// Cert, when set, makes the port answer https as well as http (the
	// first byte of a connection tells which): the web app, the API and
	// the WebSocket over https give a phone on the LAN a secure context
	// (live camera, service worker, install, brotli). AppURL and the QR
	// code then use https; URL, the scoreboard, stays plain http.
	Cert *Cert
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

	// helloWait and pageHelloWait replace the waits for a hello message
	// of the same names (tests).
	helloWait, pageHelloWait time.Duration
	// messageTime replaces maxMessageTime (tests).
	messageTime time.Duration
	// crowdedHello replaces crowdedHelloWait (tests).
	crowdedHello time.Duration
	// wrap, when set, wraps the host's HTTP handler (tests: what a browser
	// asks for and gets).
	wrap func(http.Handler) http.Handler
	// keep, when set (StartKept), is called with every join code the host
	// issues after it started, so the code survives a restart.
	keep func(h *Host, code string)
	// addrFailBurst and addrFailEvery replace the per-address budget of
	// wrong codes of the same names (tests).
	addrFailBurst int
	addrFailEvery time.Duration
}

func (o *Options) defaults() {
	if o.MaxClients <= 0 {
		o.MaxClients = defaultMaxPlayers
	}
	if o.MaxWatchers <= 0 {
		o.MaxWatchers = defaultMaxWatchers
	}
	if o.MaxPerAddr <= 0 {
		o.MaxPerAddr = defaultMaxPerAddr
	}
	if o.FailRate <= 0 {
		o.FailRate = defaultFailRate
	}
	if o.FailBurst <= 0 {
		o.FailBurst = defaultFailBurst
	}
	if o.LogEvery <= 0 {
		o.LogEvery = defaultLogEvery
	}
	if o.crowdedHello <= 0 {
		o.crowdedHello = crowdedHelloWait
	}
	if o.messageTime <= 0 {
		o.messageTime = maxMessageTime
	}
	if o.addrFailBurst <= 0 {
		o.addrFailBurst = addrFailBurst
	}
	if o.addrFailEvery <= 0 {
		o.addrFailEvery = addrFailEvery
	}
	if o.helloWait <= 0 {
		o.helloWait = helloWait
	}
	if o.pageHelloWait <= 0 {
		o.pageHelloWait = pageHelloWait
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
	// waiting are the connections waiting for their hello.
	waiting map[*peer]struct{}
	conns   atomic.Int32
	slots   slots
	seats   map[string]*seatHolder

	codeMu   sync.Mutex
	code     string
	failures int        // wrong codes since the code was issued
	guard    *codeGuard // which codes are compared

	// snap is the last snapshot made, cut to its window (see window).
	snapMu  sync.Mutex
	snap    tracker.Snapshot
	snapCut bool

	names    hostNames
	refusals *refusalLog
	app      *appFiles

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
	if opts.Cert != nil {
		ln = newDualListener(ln, tlsConfig(opts.Cert))
	}
	hctx, cancel := context.WithCancel(context.Background())
	h := &Host{
		game: game, opts: opts, code: code, ln: ln, log: opts.Logger,
		ctx: hctx, cancel: cancel, notify: make(chan struct{}, 1),
		peers:    map[*peer]struct{}{},
		slots:    slots{perAddr: map[string]int{}, watchersAt: map[string]int{}, pendingAt: map[string]int{}, pageWaits: map[string]bool{}},
		waiting:  map[*peer]struct{}{},
		seats:    map[string]*seatHolder{},
		limits:   newIPLimits(opts.Rate, opts.Burst, 1024),
		guard:    newCodeGuard(opts, time.Now()),
		names:    newHostNames(),
		refusals: newRefusalLog(opts.Logger, opts.LogEvery),
		app:      newAppFiles(opts.App, opts.AppHint),
		done:     make(chan struct{}),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", h.serveIndex)
	mux.HandleFunc("GET /api/state", h.serveState)
	mux.HandleFunc("POST /api/command", h.servePost(OpCommand))
	mux.HandleFunc("POST /api/undo", h.servePost(OpUndo))
	mux.HandleFunc("POST /api/redo", h.servePost(OpRedo))
	mux.HandleFunc("GET /api/ws", h.serveWS)
	mux.HandleFunc("GET /app", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/app/", http.StatusMovedPermanently)
	})
	mux.Handle("GET /app/", h.toHTTPS(http.StripPrefix("/app/", h.app)))
	handler := h.checkHost(mux)
	if opts.wrap != nil {
		handler = opts.wrap(handler)
	}
	h.srv = &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          serverLog(h.log),
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
	h.wg.Add(3)
	go func() {
		defer h.wg.Done()
		h.refusals.run(hctx)
	}()
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

// Code returns the join code (it changes only when the host re-issues it,
// see Options.MaxFailures).
func (h *Host) Code() string {
	h.codeMu.Lock()
	defer h.codeMu.Unlock()
	return h.code
}

// JoinPayload returns the text of the invitation QR code: the app link
// (AppURL).
func (h *Host) JoinPayload() (string, error) {
	if _, err := JoinPayload(h.Addr(), h.Code()); err != nil {
		return "", err
	}
	return h.AppURL(), nil
}

// AppURL returns the link that opens the app in a phone's browser, already
// joined: "https://ADDR/app/#join=CODE" when the host has a certificate
// (Options.Cert), else "http://ADDR/app/#join=CODE".
func (h *Host) AppURL() string {
	if h.opts.Cert != nil {
		return SecureJoinLink(h.Addr(), h.Code())
	}
	return JoinLink(h.Addr(), h.Code())
}

// NewCode issues a new join code at once (the host's "New join code"
// action: the code was seen by someone it should not have been) and
// returns it. Joined devices keep playing; one that reconnects with the
// old code is told that the code changed. It is kept like the first one
// (StartKept).
func (h *Host) NewCode() string {
	h.codeMu.Lock()
	defer h.codeMu.Unlock()
	h.code, h.failures = NewCode(), 0
	if h.opts.keep != nil {
		h.opts.keep(h, h.code)
	}
	return h.code
}

// toHTTPS sends a phone that opens the app over plain http from another
// device to the same page over https (the browser keeps the link's #join
// fragment), when the host has a certificate: a phone keeps one origin,
// its seat and its saved games, whichever link it opened. This device
// (loopback) keeps plain http; the scoreboard (/) is not sent.
func (h *Host) toHTTPS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip, _, _ := net.SplitHostPort(r.RemoteAddr)
		if p := net.ParseIP(ip); r.TLS == nil && h.opts.Cert != nil && p != nil && !p.IsLoopback() {
			http.Redirect(w, r, "https://"+r.Host+r.URL.RequestURI(), http.StatusTemporaryRedirect)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// Cert returns the certificate the host serves https with (nil: plain
// http only).
func (h *Host) Cert() *Cert { return h.opts.Cert }

// HasApp reports whether the host serves the web app (Options.App).
func (h *Host) HasApp() bool { return h.app.files != nil }

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
		return CommandResponse{}, &tracker.Rejection{Code: CodeUnavailable, ReasonKey: "share.refused.stopped", Reason: "The host stopped sharing the game."}
	}
	if h.game.HasNonce(nonce) {
		return CommandResponse{}, &tracker.Rejection{Code: CodeDuplicate, ReasonKey: "share.refused.duplicate", Reason: "This request was already received."}
	}
	before := h.game.Seq()
	if basis != nil && *basis != before {
		// Seq tells the sender how far its view has to catch up.
		return CommandResponse{Seq: before}, &tracker.Rejection{Code: CodeStale, ReasonKey: "share.refused.stale",
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
		return CommandResponse{}, &tracker.Rejection{Code: CodeMalformed, ReasonKey: "share.refused.unknown", Reason: "Unknown request."}
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
	// The error names the host's files: it stays in the host's log.
	h.log.Error("share: the game could not apply a request", "err", err)
	return &tracker.Rejection{Code: CodeUnavailable, ReasonKey: "share.refused.not_saved", Reason: "The host could not save the change."}
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

// refuse answers with a refusal: code, the key of its text in the app's
// translations (empty for a malformed request's details) and the English.
func refuse(w http.ResponseWriter, status int, code, key, reason string) {
	writeJSON(w, status, tracker.Rejection{Code: code, ReasonKey: key, Reason: reason})
}

// checkHost refuses requests that name a host other than this device (DNS
// rebinding: a foreign page whose name was pointed at this device).
func (h *Host) checkHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.names.allowed(r.Host) {
			h.refusals.refused(refuseHost, remoteIP(r), "host", truncate(r.Host, 80))
			refuse(w, http.StatusMisdirectedRequest, CodeMalformed, "share.refused.wrong_name", "This device does not answer to that name; use its address.")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// truncate shortens outside text for the log.
func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func (h *Host) serveState(w http.ResponseWriter, r *http.Request) {
	if !h.limits.allow(remoteIP(r), time.Now()) {
		h.refusals.refused(refuseRate, remoteIP(r), "path", r.URL.Path)
		refuse(w, http.StatusTooManyRequests, CodeTooFast, "share.refused.too_fast", "Too many requests; slow down.")
		return
	}
	snap, cut := h.window()
	writeJSON(w, http.StatusOK, StateResponse{Name: h.opts.Name, Snapshot: snap, HistoryCut: cut, Seats: h.Seats()})
}

// window returns the game's snapshot cut to its window (SnapshotWindow), made
// once for each position of the log: readers of a long game do not have
// the whole history listed again for each of them.
func (h *Host) window() (tracker.Snapshot, bool) {
	seq := h.game.Seq()
	h.snapMu.Lock()
	defer h.snapMu.Unlock()
	if h.snap.State != nil && h.snap.Seq == seq {
		return h.snap, h.snapCut
	}
	h.snap, h.snapCut = h.game.SnapshotWindow(HistoryWindow)
	return h.snap, h.snapCut
}

// olderSteps answers OpHistory: the steps of the undo list older than the
// step before, newest first, at most HistoryPage of them. The steps under
// a step of the undo list never change while it is there.
func (h *Host) olderSteps(id, before uint64) HostMessage {
	if steps, more, found := h.game.OlderSteps(before, HistoryPage); found {
		return HostMessage{Op: OpResult, ID: id, Steps: steps, More: more}
	}
	return HostMessage{Op: OpResult, ID: id, Error: &tracker.Rejection{Code: tracker.CodeNotFound, ReasonKey: "share.refused.no_step",
		Reason: "That step is no longer in the undo list."}}
}

// errCodeBudget is the refusal of a code not compared: its sender has
// been guessing.
var errCodeBudget = &tracker.Rejection{Code: CodeTooFast, ReasonKey: "share.refused.code_budget", Reason: "Too many wrong join codes were tried on this host; wait a minute and try again."}

// checkCode checks a join code against the host's, in constant time. A code
// is compared unless its sender has been guessing (codeGuard): the right
// code from a device that was not guessing always gets in, however many
// others guess. With Options.MaxFailures set, the code is re-issued after
// that many wrong codes. It returns nil for the right code, else the
// refusal and its HTTP status; changed marks a device that had joined
// before (its refusal says the code changed).
func (h *Host) checkCode(ip, got string, changed bool) (*tracker.Rejection, int) {
	h.codeMu.Lock()
	defer h.codeMu.Unlock()
	now := time.Now()
	if !h.guard.mayCompare(ip, now) {
		h.refusals.refused(refuseBudget, ip)
		return errCodeBudget, http.StatusTooManyRequests
	}
	if codeMatches(h.code, got) {
		return nil, http.StatusOK
	}
	h.guard.wrong(ip, now)
	h.failures++
	h.refusals.refused(refuseCode, ip)
	if h.opts.MaxFailures > 0 && h.failures >= h.opts.MaxFailures {
		h.code, h.failures = NewCode(), 0
		if h.opts.keep != nil {
			h.opts.keep(h, h.code)
		}
		h.log.Warn("share: the join code was re-issued after too many wrong codes; joined devices keep playing, new ones need the new code", "wrong_codes", h.opts.MaxFailures)
		if fn := h.opts.OnCode; fn != nil {
			go fn(h.code)
		}
	}
	if changed {
		return &tracker.Rejection{Code: CodeCodeChanged, ReasonKey: "share.refused.code_changed", Reason: "This game's code changed: scan the host's code again."}, http.StatusForbidden
	}
	return &tracker.Rejection{Code: CodeReadOnly, ReasonKey: "share.refused.wrong_code", Reason: "The join code is wrong."}, http.StatusForbidden
}

// servePost handles POST /api/command, /api/undo and /api/redo.
func (h *Host) servePost(op string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ip := remoteIP(r)
		if !h.limits.allow(ip, time.Now()) {
			h.refusals.refused(refuseRate, ip, "path", r.URL.Path)
			refuse(w, http.StatusTooManyRequests, CodeTooFast, "share.refused.too_fast", "Too many requests; slow down.")
			return
		}
		if !sameOrigin(r) {
			h.refusals.refused(refuseOrigin, ip, "origin", truncate(r.Header.Get("Origin"), 80))
			refuse(w, http.StatusForbidden, CodeReadOnly, "share.refused.foreign_page", "Changes are accepted only from this device's own pages.")
			return
		}
		if r.Header.Get(HeaderCode) == "" {
			h.refusals.refused(refuseCode, ip, "path", r.URL.Path)
			refuse(w, http.StatusForbidden, CodeReadOnly, "share.refused.code_missing", "The join code is missing or wrong.")
			return
		}
		if rej, status := h.checkCode(ip, r.Header.Get(HeaderCode), false); rej != nil {
			if rej.Code == CodeReadOnly {
				rej = &tracker.Rejection{Code: CodeReadOnly, ReasonKey: "share.refused.code_missing", Reason: "The join code is missing or wrong."}
			}
			writeJSON(w, status, rej)
			return
		}
		var basis *uint64
		if s := r.Header.Get(HeaderBasis); s != "" {
			v, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				refuse(w, http.StatusBadRequest, CodeMalformed, "", HeaderBasis+" must be a sequence number.")
				return
			}
			basis = &v
		}
		nonce := r.Header.Get(HeaderNonce)
		if err := checkNonce(nonce); err != nil {
			refuse(w, http.StatusBadRequest, CodeMalformed, "", HeaderNonce+": "+err.Error())
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, tracker.MaxCommandSize))
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				h.refusals.refused(refuseOversize, ip, "limit", mbe.Limit)
				refuse(w, http.StatusRequestEntityTooLarge, CodeMalformed, "share.refused.too_large", fmt.Sprintf("The request is larger than %d bytes.", mbe.Limit))
				return
			}
			refuse(w, http.StatusBadRequest, CodeMalformed, "share.refused.unreadable", "The request could not be read.")
			return
		}
		var cmd tracker.Command
		if op == OpCommand {
			if cmd, err = tracker.DecodeCommand(body); err != nil {
				h.refusals.refused(refuseMalform, ip, "err", err)
				refuse(w, http.StatusBadRequest, CodeMalformed, "", err.Error())
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

// Classes of WebSocket connections, each with its own slots.
const (
	slotNone    = iota
	slotEvicted // a watcher whose place a newcomer took; it is closing
	slotPending // waiting for its hello message
	slotWatcher // watch only
	slotPlayer  // joined with the code
)

// slots counts the WebSocket connections by class and address. The host
// changes it under its mu.
type slots struct {
	pending, watchers, players int
	perAddr                    map[string]int
	// watchersAt counts the watchers of each address.
	watchersAt map[string]int
	// pendingAt counts the connections of each address waiting for their
	// hello.
	pendingAt map[string]int
	// none counts nothing: the class of connections that hold no slot.
	none int
	// pageWaits are the addresses with a pending connection given the
	// long wait for its hello (pageHelloWait).
	pageWaits map[string]bool
}

func (s *slots) count(class int) *int {
	switch class {
	case slotNone, slotEvicted:
		s.none = 0
		return &s.none
	case slotPending:
		return &s.pending
	case slotWatcher:
		return &s.watchers
	default:
		return &s.players
	}
}

// reserve takes a slot of class for a new connection p. It returns the
// refusal kind when there is none. When the waiting room (connections that
// have not sent their hello) is full, the newcomer takes the place of a
// silent connection (pendingVictimLocked), so silent sockets cannot keep
// the phones out.
func (h *Host) reserve(p *peer, class int) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	ip := p.remote
	if h.slots.perAddr[ip] >= h.opts.MaxPerAddr {
		return refuseAddr
	}
	if class == slotPending && h.slots.pendingAt[ip] >= maxPendingPerAddr {
		return refuseAddr
	}
	if *h.slots.count(class) >= h.limit(class) {
		if class != slotPending {
			return refuseFull
		}
		victim := h.pendingVictimLocked(ip, time.Now())
		if victim == nil {
			return refuseFull
		}
		h.leaveWaitingLocked(victim)
		victim.class = slotEvicted
		victim.stopHello()
		h.refusals.refused(refuseSilent, victim.remote)
	}
	*h.slots.count(class)++
	h.slots.perAddr[ip]++
	p.class = class
	if class == slotPending {
		p.opened = time.Now()
		h.slots.pendingAt[ip]++
		h.waiting[p] = struct{}{}
	}
	return ""
}

// pendingVictimLocked picks the silent connection a newcomer from ip
// replaces when the waiting room is full: among those waiting longer than
// the crowded room's hello time (Options.crowdedHello), one of the
// address holding the most, the oldest first. A page that is free sends
// its hello at once, well within that time; a page still busy starting up
// is closed and its client retries. Nil when every connection is younger.
func (h *Host) pendingVictimLocked(ip string, now time.Time) *peer {
	var victim *peer
	for q := range h.waiting {
		if now.Sub(q.opened) < h.opts.crowdedHello {
			continue
		}
		if victim == nil {
			victim = q
			continue
		}
		nq, nv := h.slots.pendingAt[q.remote], h.slots.pendingAt[victim.remote]
		if nq > nv || nq == nv && q.opened.Before(victim.opened) {
			victim = q
		}
	}
	return victim
}

// leaveWaitingLocked takes a connection out of the waiting room.
func (h *Host) leaveWaitingLocked(p *peer) {
	if _, ok := h.waiting[p]; !ok {
		return
	}
	delete(h.waiting, p)
	h.slots.pending--
	if h.slots.pendingAt[p.remote]--; h.slots.pendingAt[p.remote] <= 0 {
		delete(h.slots.pendingAt, p.remote)
	}
}

func (h *Host) limit(class int) int {
	switch class {
	case slotPending:
		return h.opts.MaxClients + h.opts.MaxWatchers
	case slotWatcher:
		return h.opts.MaxWatchers
	default:
		return h.opts.MaxClients
	}
}

// move turns a pending connection into a watcher or player, if a slot of
// that class is free.
func (h *Host) move(p *peer, class int) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if p.class != slotPending {
		return false // it lost its place while it said hello
	}
	if class == slotWatcher && h.slots.watchersAt[p.remote] >= maxWatchersPerAddr {
		return false
	}
	var victim *peer
	if *h.slots.count(class) >= h.limit(class) {
		if class != slotWatcher {
			return false
		}
		if victim = h.fairVictimLocked(p.remote); victim == nil {
			return false
		}
		h.dropWatcherLocked(victim)
		victim.class = slotEvicted
	}
	h.leaveWaitingLocked(p)
	*h.slots.count(class)++
	p.class = class
	if class == slotWatcher {
		h.slots.watchersAt[p.remote]++
	}
	if victim != nil {
		h.refusals.refused(refuseEvicted, victim.remote)
		go func() {
			_ = victim.conn.Close(websocket.StatusTryAgainLater, "another device took this watcher's place")
		}()
	}
	return true
}

// fairVictimLocked picks the watcher whose place a newcomer from ip takes
// when every watcher's slot is taken: the newest watcher of the address
// holding the most, if it holds at least two more than ip, so one guest
// cannot keep every scoreboard (the table's own screens get in) and no
// two addresses take places back and forth. Nil when there is none.
func (h *Host) fairVictimLocked(ip string) *peer {
	top, most := "", 0
	for a, n := range h.slots.watchersAt {
		if n > most || n == most && a < top {
			top, most = a, n
		}
	}
	if most < h.slots.watchersAt[ip]+2 {
		return nil
	}
	var victim *peer
	for q := range h.peers {
		if q.class == slotWatcher && q.remote == top && (victim == nil || q.joined.After(victim.joined)) {
			victim = q
		}
	}
	return victim
}

// dropWatcherLocked takes a watcher's slot back.
func (h *Host) dropWatcherLocked(p *peer) {
	h.slots.watchers--
	if h.slots.watchersAt[p.remote]--; h.slots.watchersAt[p.remote] <= 0 {
		delete(h.slots.watchersAt, p.remote)
	}
}

// release frees a connection's slot and its hold on a seat.
func (h *Host) release(p *peer) {
	h.mu.Lock()
	switch p.class {
	case slotWatcher:
		h.dropWatcherLocked(p)
	case slotPending:
		h.leaveWaitingLocked(p)
	default:
		*h.slots.count(p.class)--
	}
	if h.slots.perAddr[p.remote]--; h.slots.perAddr[p.remote] <= 0 {
		delete(h.slots.perAddr, p.remote)
	}
	p.class = slotNone
	delete(h.peers, p)
	changed := false
	for _, s := range h.seats {
		if s.peer == p {
			s.peer, changed = nil, true
		}
	}
	h.mu.Unlock()
	if changed {
		h.seatsChanged()
	}
}

// seatHolder is the device sitting on a seat; peer is its connection (nil
// while it is away: the seat stays its own until another device takes it).
type seatHolder struct {
	device string
	peer   *peer
}

// SeatInfo is one player's seat as the host sees it.
type SeatInfo struct {
	// Seat is the player's id.
	Seat string `json:"seat"`
	// Name is the player's name.
	Name string `json:"name"`
	// Taken tells whether a device sits as this player.
	Taken bool `json:"taken"`
	// Connected tells whether that device is connected now.
	Connected bool `json:"connected"`
}

// Seats returns every player's seat, in the order of play.
func (h *Host) Seats() []SeatInfo {
	snap, _ := h.window()
	choices := tracker.SeatChoices(snap.State)
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]SeatInfo, 0, len(choices))
	for _, c := range choices {
		si := SeatInfo{Seat: c.ID, Name: c.Name}
		if s := h.seats[c.ID]; s != nil {
			si.Taken, si.Connected = true, s.peer != nil
		}
		out = append(out, si)
	}
	return out
}

// takeSeat seats p as seat (a player's id, or SeatWatch).
func (h *Host) takeSeat(p *peer, seat string) *tracker.Rejection {
	if seat == "" {
		return nil
	}
	if seat != SeatWatch {
		if !p.write {
			return &tracker.Rejection{Code: CodeReadOnly, ReasonKey: "share.refused.watch_only", Reason: "This connection has no join code: it can only watch."}
		}
		if snap, _ := h.window(); tracker.PlayerName(snap.State, seat) == "" {
			return &tracker.Rejection{Code: tracker.CodeNotFound, ReasonKey: "share.refused.no_player", ReasonArgs: map[string]string{"a1": strconv.Quote(seat)}, Reason: fmt.Sprintf("The game has no player %q.", seat)}
		}
	}
	h.mu.Lock()
	if s := h.seats[seat]; seat != SeatWatch && s != nil && s.device != p.device && s.peer != nil {
		h.mu.Unlock()
		return &tracker.Rejection{Code: CodeSeatTaken, ReasonKey: "share.refused.seat_taken", Reason: "Another device sits as this player; pick another seat, or watch."}
	}
	for id, s := range h.seats {
		if s.peer == p || s.device == p.device {
			delete(h.seats, id)
		}
	}
	if seat != SeatWatch {
		h.seats[seat] = &seatHolder{device: p.device, peer: p}
	}
	p.seat = seat
	h.mu.Unlock()
	h.seatsChanged()
	return nil
}

// seatsChanged tells every connection the seats now taken.
func (h *Host) seatsChanged() {
	b, err := json.Marshal(HostMessage{Op: OpSeats, Seats: h.Seats()})
	if err != nil {
		return
	}
	h.mu.Lock()
	for p := range h.peers {
		p.offer(b)
	}
	h.mu.Unlock()
}

// peer is one WebSocket connection.
type peer struct {
	conn   *websocket.Conn
	raw    *rawCounter // the connection under conn, counting what it reads
	remote string
	write  bool
	class  int       // slot class (under Host.mu)
	device string    // the device's id (from its hello)
	seat   string    // the seat taken (a player's id, SeatWatch or "")
	joined time.Time // when it got in (under Host.mu)
	opened time.Time // when it entered the waiting room (under Host.mu)
	// helloCtx bounds the wait for its hello; stopHello ends it when a
	// newcomer takes its place in the waiting room.
	helloCtx  context.Context
	stopHello context.CancelFunc
	since     *uint64
	events    chan []byte // broadcast updates; dropped for a snapshot on overflow
	replies   chan []byte // answers to this peer's requests
	resync    atomic.Bool
	wake      chan struct{}
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

// randomID returns a random hex id.
func randomID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (h *Host) serveWS(w http.ResponseWriter, r *http.Request) {
	ip := remoteIP(r)
	if !h.limits.allow(ip, time.Now()) {
		h.refusals.refused(refuseRate, ip, "path", r.URL.Path)
		refuse(w, http.StatusTooManyRequests, CodeTooFast, "share.refused.too_fast", "Too many requests; slow down.")
		return
	}
	write := false
	if c := r.Header.Get(HeaderCode); c != "" {
		if rej, status := h.checkCode(ip, c, false); rej != nil {
			writeJSON(w, status, rej)
			return
		}
		write = true
	}
	class := slotPending
	if write {
		class = slotPlayer
	}
	hctx, stopHello := context.WithCancel(h.ctx)
	defer stopHello()
	p := &peer{remote: ip, write: write, device: randomID(), helloCtx: hctx, stopHello: stopHello,
		events: make(chan []byte, h.opts.QueueLen), replies: make(chan []byte, 8), wake: make(chan struct{}, 1)}
	if kind := h.reserve(p, class); kind != "" {
		h.refusals.refused(kind, ip)
		if kind == refuseAddr {
			refuse(w, http.StatusTooManyRequests, CodeTooFast, "share.refused.device_busy", "Too many connections from this device.")
		} else {
			refuse(w, http.StatusServiceUnavailable, CodeUnavailable, "share.refused.full", "Too many devices are connected.")
		}
		return
	}
	h.conns.Add(1)
	defer h.conns.Add(-1)
	defer h.release(p)
	wait, waited := time.Duration(0), func() {}
	if !write {
		wait, waited = h.helloTime(ip) // before the socket opens: in the order they came
	}
	p.raw = &rawCounter{}
	conn, err := websocket.Accept(countingWriter{ResponseWriter: w, raw: p.raw}, r, nil)
	if err != nil {
		waited()
		h.refusals.refused(refuseOrigin, ip, "err", err)
		return
	}
	p.conn = conn
	conn.SetReadLimit(MaxClientMessage)
	if !write {
		ok := h.hello(p, wait)
		waited()
		if !ok {
			_ = conn.CloseNow()
			return
		}
	}
	p.resync.Store(true) // the first thing a peer gets is the game
	h.mu.Lock()
	p.joined = time.Now()
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
	_ = conn.CloseNow()
}

// hello reads the first message of a connection that gave no code in its
// headers (a browser cannot), waiting at most wait (see helloTime): a
// hello with the code makes it a player's, one without a watcher's. It
// reports false when the connection is to be closed (it was told why).
func (h *Host) hello(p *peer, wait time.Duration) bool {
	ctx, cancel := context.WithTimeout(p.helloCtx, wait)
	defer cancel()
	fail := func(rej *tracker.Rejection) bool {
		b, _ := json.Marshal(HostMessage{Op: OpError, Error: rej})
		wctx, wcancel := context.WithTimeout(h.ctx, h.opts.WriteTimeout)
		defer wcancel()
		_ = p.conn.Write(wctx, websocket.MessageText, b)
		// Do not wait for the other side's close frame: the slot is freed
		// at once.
		_ = p.conn.CloseNow()
		return false
	}
	typ, b, err := readMessage(ctx, p, h.opts.messageTime)
	if err != nil {
		h.refusals.refused(refuseHello, p.remote)
		if errors.Is(err, errTooManyFrames) || errors.Is(err, errSlowMessage) {
			h.limits.penalize(p.remote, time.Now())
		}
		return false
	}
	req, err := DecodeClientMessage(b)
	if err == nil && typ == websocket.MessageText && req.Op != OpHello {
		err = errors.New("the first message must be a hello")
	}
	if typ != websocket.MessageText {
		err = errors.New("the first message must be a hello, in JSON text")
	}
	if err != nil {
		// Say what is wrong: a hello with a field out of bounds is still a
		// hello.
		h.refusals.refused(refuseHello, p.remote, "err", err)
		return fail(&tracker.Rejection{Code: CodeMalformed, Reason: "The hello could not be read: " + err.Error() + "."})
	}
	class := slotWatcher
	if req.Code != "" {
		if rej, _ := h.checkCode(p.remote, req.Code, req.Since != nil); rej != nil {
			return fail(rej)
		}
		class, p.write = slotPlayer, true
	}
	if !h.move(p, class) {
		h.refusals.refused(refuseFull, p.remote)
		if class == slotWatcher {
			return fail(&tracker.Rejection{Code: CodeUnavailable, ReasonKey: "share.refused.full_watching", Reason: "Too many devices are watching; join with the code to play."})
		}
		return fail(&tracker.Rejection{Code: CodeUnavailable, ReasonKey: "share.refused.full", Reason: "Too many devices are connected."})
	}
	if req.Device != "" {
		p.device = req.Device
	}
	p.since = req.Since
	if rej := h.takeSeat(p, req.Seat); rej != nil && rej.Code != CodeSeatTaken {
		p.seat = ""
	}
	return true
}

// helloTime returns how long a new connection from ip may take to send its
// hello: the long wait of a page starting up (pageHelloWait) when no other
// connection of ip has it and fewer than maxPageHellos connections have it,
// else the short one. done gives the long wait back (call it once the
// hello came or the wait ended).
func (h *Host) helloTime(ip string) (wait time.Duration, done func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.slots.pageWaits[ip] || len(h.slots.pageWaits) >= maxPageHellos {
		return h.opts.helloWait, func() {}
	}
	h.slots.pageWaits[ip] = true
	return h.opts.pageHelloWait, func() {
		h.mu.Lock()
		delete(h.slots.pageWaits, ip)
		h.mu.Unlock()
	}
}

// maxCatchUp bounds the events a reconnecting device gets instead of a
// snapshot.
const maxCatchUp = 2000

// firstMessage is what a peer gets first, and after an overflow or a
// resync request: the events it missed since the position it had (when it
// had one and they are few), else a snapshot. Both carry what the
// connection may do and the seats.
func (h *Host) firstMessage(p *peer) ([]byte, error) {
	snap, cut := h.window()
	m := HostMessage{Op: OpSnapshot, Snapshot: &snap, HistoryCut: cut, Name: h.opts.Name, Write: p.write, Seat: p.seat, Seats: h.Seats()}
	if since := p.since; since != nil {
		p.since = nil
		if *since <= snap.Seq && snap.Seq-*since <= maxCatchUp {
			var evs []tracker.Event
			for _, e := range h.game.EventsSince(*since) {
				if e.Seq <= snap.Seq {
					evs = append(evs, e)
				}
			}
			if uint64(len(evs)) == snap.Seq-*since {
				m.Op, m.Snapshot, m.HistoryCut, m.Events, m.Seq, m.State, m.Kind = OpEvents, nil, false, evs, snap.Seq, snap.State, snap.Kind
			}
		}
	}
	return json.Marshal(m)
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
			b, err := h.firstMessage(p)
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
	now := time.Now()
	lim := newBucket(h.opts.Rate, h.opts.Burst, now)
	resyncs := newBucket(resyncRate, resyncBurst, now)
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
		typ, b, err := readMessage(ctx, p, h.opts.messageTime)
		if err != nil {
			switch {
			case errors.Is(err, errTooManyFrames) || errors.Is(err, errSlowMessage):
				h.refusals.refused(refuseFrames, p.remote, "err", err)
				// Coming straight back for more costs the address a while.
				h.limits.penalize(p.remote, time.Now())
			case ctx.Err() != nil:
			case websocket.CloseStatus(err) == websocket.StatusMessageTooBig || errors.Is(err, websocket.ErrMessageTooBig):
				h.refusals.refused(refuseOversizeWS, p.remote, "limit", MaxClientMessage)
			case websocket.CloseStatus(err) != -1 || errors.Is(err, io.EOF):
				// The client left.
			default:
				h.log.Info("share: connection ended", "remote", p.remote, "err", err)
			}
			return
		}
		if !lim.allow(time.Now()) {
			h.refusals.refused(refuseRate, p.remote)
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
			if !reply(HostMessage{Op: op, ID: id.ID, Error: &tracker.Rejection{Code: CodeTooFast, ReasonKey: "share.refused.too_fast", Reason: "Too many messages; slow down."}}) {
				return
			}
		} else if typ != websocket.MessageText {
			h.refusals.refused(refuseMalform, p.remote, "err", "binary message")
			strikes++
			if !reply(HostMessage{Op: OpError, Error: &tracker.Rejection{Code: CodeMalformed, Reason: "Messages must be JSON text."}}) {
				return
			}
		} else if req, err := DecodeClientMessage(b); err != nil {
			h.refusals.refused(refuseMalform, p.remote, "err", err)
			strikes++
			if !reply(HostMessage{Op: OpError, Error: &tracker.Rejection{Code: CodeMalformed, Reason: err.Error()}}) {
				return
			}
		} else if req.Op == OpResync {
			if resyncs.allow(time.Now()) {
				p.requestResync()
			} else {
				h.refusals.refused(refuseResync, p.remote)
				strikes++
				if !reply(HostMessage{Op: OpError, Error: &tracker.Rejection{Code: CodeTooFast, ReasonKey: "share.refused.too_fast", Reason: "Too many snapshot requests; slow down."}}) {
					return
				}
			}
		} else if req.Op == OpHello || req.Op == OpSeat {
			if req.Device != "" {
				p.device = req.Device
			}
			m := HostMessage{Op: OpResult, ID: req.ID, Seat: req.Seat}
			if rej := h.takeSeat(p, req.Seat); rej != nil {
				m = HostMessage{Op: OpResult, ID: req.ID, Error: rej}
			}
			if !reply(m) {
				return
			}
		} else if req.Op == OpHistory && p.write {
			if !reply(h.olderSteps(req.ID, req.Before)) {
				return
			}
		} else if !p.write {
			if !reply(HostMessage{Op: OpResult, ID: req.ID, Error: &tracker.Rejection{Code: CodeReadOnly, ReasonKey: "share.refused.watch_only", Reason: "This connection has no join code: it can only watch."}}) {
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
			h.refusals.refused(refuseStrikes, p.remote)
			_ = p.conn.Close(websocket.StatusPolicyViolation, "too many refused messages")
			return
		}
	}
}
