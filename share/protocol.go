package share

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tableops/scan"
	"tableops/tracker"
)

// Operations of a ClientMessage.
const (
	// OpCommand asks the host to execute Command.
	OpCommand = "command"
	// OpUndo asks the host to take back the last step.
	OpUndo = "undo"
	// OpRedo asks the host to restore the step last undone.
	OpRedo = "redo"
	// OpResync asks the host for a fresh snapshot.
	OpResync = "resync"
	// OpHello is the first message of a connection that gave no code in
	// its headers (a browser cannot): Code (empty: watch only), and
	// optionally Seat, Device and Since. Sent later, it takes a seat.
	OpHello = "hello"
	// OpSeat takes the seat Seat (a player's id, or SeatWatch); answered by
	// a "result" with the seat, or an error (CodeSeatTaken).
	OpSeat = "seat"
	// OpHistory asks for the steps of the undo list older than the step
	// Before (a player's connection only): a snapshot carries the newest
	// HistoryWindow of them. Answered by a "result" with Steps (newest
	// first, at most HistoryPage) and More when older ones remain.
	OpHistory = "history"
)

// HistoryWindow is how many steps of the undo list, and of the redo list,
// a snapshot carries (the newest, the next to redo): its size does not
// grow with the game. A player asks for older steps with OpHistory.
const HistoryWindow = 100

// HistoryPage bounds the steps one OpHistory answer carries.
const HistoryPage = 200

// SeatWatch is the seat of a device that only watches.
const SeatWatch = "watch"

// Operations of a HostMessage.
const (
	// OpSnapshot carries the whole game: Snapshot, Name, Write.
	OpSnapshot = "snapshot"
	// OpEvents carries the events after the previous message and the state
	// they lead to (Events, Seq, State).
	OpEvents = "events"
	// OpResult answers the request with the same ID: Seq and Events (or
	// Step for undo and redo) when applied, Error when refused.
	OpResult = "result"
	// OpError reports a message the host could not read (Error); after a
	// refused hello the host closes the connection.
	OpError = "error"
	// OpSeats tells every connection the seats now taken (Seats).
	OpSeats = "seats"
)

// Rejection codes the host adds to the tracker's own (tracker.CodeInvalid, ...).
const (
	// CodeStale: the game changed after the sender last looked (X-Basis / basis).
	CodeStale = "stale"
	// CodeDuplicate: a request with this nonce was already received.
	CodeDuplicate = tracker.CodeDuplicate
	// CodeReadOnly: the connection has no join code and may only watch.
	CodeReadOnly = "read_only"
	// CodeMalformed: the message could not be read.
	CodeMalformed = "malformed"
	// CodeTooFast: the sender went over its message rate.
	CodeTooFast = "too_fast"
	// CodeUnavailable: the host could not save or is stopping.
	CodeUnavailable = "unavailable"
	// CodeCodeChanged: a device that had joined comes back with a code the
	// host no longer takes (it restarted, or re-issued its code): scan the
	// host's code again instead of retrying.
	CodeCodeChanged = "code_changed"
	// CodeSeatTaken: another connected device sits as that player.
	CodeSeatTaken = "seat_taken"
)

// MaxClientMessage bounds one message a client sends over the WebSocket: a
// command of tracker.MaxCommandSize plus its envelope.
const MaxClientMessage = tracker.MaxCommandSize + 1024

// maxNonce bounds a request nonce.
const maxNonce = tracker.MaxNonceLen

// ClientMessage is what a client sends over the WebSocket.
type ClientMessage struct {
	// Op is OpCommand, OpUndo, OpRedo or OpResync.
	Op string `json:"op"`
	// ID is the request's number, echoed in the OpResult answer.
	ID uint64 `json:"id,omitempty"`
	// Nonce, when set, identifies the request uniquely (at most 64
	// printable characters): the host refuses a repeat with CodeDuplicate.
	Nonce string `json:"nonce,omitempty"`
	// Basis, when set, is the log sequence number the sender last saw; the
	// host refuses the request with CodeStale if the game has moved on.
	Basis *uint64 `json:"basis,omitempty"`
	// Command is the command for OpCommand, as tracker.EncodeCommand writes it.
	Command json.RawMessage `json:"command,omitempty"`
	// Code is the join code (OpHello).
	Code string `json:"code,omitempty"`
	// Seat is the seat to take (OpHello, OpSeat): a player's id or SeatWatch.
	Seat string `json:"seat,omitempty"`
	// Device identifies the device across its connections (OpHello,
	// OpSeat), so it gets its seat back after a reconnection.
	Device string `json:"device,omitempty"`
	// Since is the log position the device has (OpHello, after a
	// reconnection): the host sends the events after it instead of a
	// snapshot when it can.
	Since *uint64 `json:"since,omitempty"`
	// Before is the step whose older steps OpHistory asks for.
	Before uint64 `json:"before,omitempty"`
}

// HostMessage is what the host sends over the WebSocket.
type HostMessage struct {
	Op string `json:"op"`
	// Snapshot is the game (OpSnapshot), its history cut to the newest
	// HistoryWindow steps of each list.
	Snapshot *tracker.Snapshot `json:"snapshot,omitempty"`
	// HistoryCut tells that the undo list holds steps older than the
	// snapshot's (OpSnapshot): a player gets them with OpHistory.
	HistoryCut bool `json:"history_cut,omitempty"`
	// Steps are the older steps of the undo list, newest first (OpResult
	// of OpHistory); More tells that there are older ones still.
	Steps []tracker.Step `json:"steps,omitempty"`
	More  bool           `json:"more,omitempty"`
	// Name is the game's name (OpSnapshot).
	Name string `json:"name,omitempty"`
	// Write tells whether this connection may send commands (OpSnapshot,
	// and the OpEvents catching a reconnected device up).
	Write bool `json:"write,omitempty"`
	// Kind is the game's kind (the OpEvents catching a device up).
	Kind tracker.Kind `json:"kind,omitempty"`
	// Seat is this connection's seat (OpSnapshot, catch-up OpEvents, the
	// OpResult of OpSeat).
	Seat string `json:"seat,omitempty"`
	// Seats are the players' seats (OpSnapshot, catch-up OpEvents, OpSeats).
	Seats []SeatInfo `json:"seats,omitempty"`
	// ID is the request answered (OpResult).
	ID uint64 `json:"id,omitempty"`
	// Seq is the log position after the events (OpEvents, OpResult).
	Seq uint64 `json:"seq,omitempty"`
	// Events are the new events (OpEvents) or the command's events (OpResult).
	Events []tracker.Event `json:"events,omitempty"`
	// State is the state at Seq (OpEvents).
	State *tracker.State `json:"state,omitempty"`
	// Step is the step undone or redone (OpResult of OpUndo, OpRedo).
	Step *tracker.Step `json:"step,omitempty"`
	// Error is why a request was refused (OpResult, OpError).
	Error *tracker.Rejection `json:"error,omitempty"`
}

// StateResponse is the body of GET /api/state.
type StateResponse struct {
	Name string `json:"name"`
	// Snapshot is the game, its history cut to the newest HistoryWindow
	// steps of each list.
	tracker.Snapshot
	// HistoryCut tells that the undo list holds older steps.
	HistoryCut bool `json:"history_cut,omitempty"`
	// Seats tells which players' seats devices have taken.
	Seats []SeatInfo `json:"seats"`
}

// CommandResponse is the body of a successful POST to /api/command,
// /api/undo or /api/redo.
type CommandResponse struct {
	// Seq is the log position after the request's events.
	Seq uint64 `json:"seq"`
	// Events are the events the command yielded (the marker for undo/redo).
	Events []tracker.Event `json:"events"`
	// Step is the step undone or redone.
	Step *tracker.Step `json:"step,omitempty"`
}

// Request is a decoded, checked ClientMessage.
type Request struct {
	ClientMessage
	// Cmd is the decoded command of an OpCommand message (nil otherwise).
	Cmd tracker.Command
}

// DecodeClientMessage reads one message from a client. It refuses
// oversized input, text that is not UTF-8, unknown operations and fields,
// bad nonces and malformed commands; it never panics. The command still has
// to pass the game's validation when it is executed.
func DecodeClientMessage(b []byte) (Request, error) {
	if len(b) > MaxClientMessage {
		return Request{}, fmt.Errorf("message: %d bytes, at most %d allowed", len(b), MaxClientMessage)
	}
	if !utf8.Valid(b) {
		return Request{}, errors.New("message: not UTF-8 text")
	}
	var m ClientMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Request{}, fmt.Errorf("message: %w", err)
	}
	if dec.More() {
		return Request{}, errors.New("message: unexpected data after the message")
	}
	if err := checkNonce(m.Nonce); err != nil {
		return Request{}, fmt.Errorf("message: %w", err)
	}
	for _, f := range []struct{ name, v string }{{"code", m.Code}, {"seat", m.Seat}, {"device", m.Device}} {
		if err := checkField(f.name, f.v); err != nil {
			return Request{}, fmt.Errorf("message: %w", err)
		}
	}
	if m.Op != OpHello && (m.Code != "" || m.Since != nil) {
		return Request{}, fmt.Errorf("message: only a hello carries a code or a position")
	}
	if m.Op == OpSeat && m.Seat == "" {
		return Request{}, errors.New("message: a seat message without a seat")
	}
	if (m.Op == OpHistory) != (m.Before != 0) {
		return Request{}, errors.New("message: a history message names the step before which it asks, and only it does")
	}
	r := Request{ClientMessage: m}
	switch m.Op {
	case OpCommand:
		if len(m.Command) == 0 {
			return Request{}, errors.New("message: a command message without a command")
		}
		cmd, err := tracker.DecodeCommand(m.Command)
		if err != nil {
			return Request{}, fmt.Errorf("message: %w", err)
		}
		r.Cmd = cmd
	case OpUndo, OpRedo, OpResync, OpHello, OpSeat, OpHistory:
		if len(m.Command) != 0 {
			return Request{}, fmt.Errorf("message: %s takes no command", m.Op)
		}
	default:
		return Request{}, fmt.Errorf("message: unknown operation %q", m.Op)
	}
	return r, nil
}

func checkNonce(n string) error { return checkField("nonce", n) }

// checkField checks a short text field of a message: at most 64 printable
// characters.
func checkField(name, v string) error {
	if len(v) > maxNonce {
		return fmt.Errorf("%s longer than %d bytes", name, maxNonce)
	}
	for _, r := range v {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("%s holds unprintable character %U", name, r)
		}
	}
	return nil
}

// codeAlphabet is the join code alphabet: digits and capitals without the
// easily confused 0, O, 1 and I. 32 letters, so one random byte masked to
// five bits picks one without bias.
const codeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// CodeLen is the length of a join code NewCode makes (40 random bits; with
// the host's budget of wrong codes, Options.FailRate, guessing one takes
// thousands of years).
const CodeLen = 8

// NewCode returns a fresh random join code from crypto/rand.
func NewCode() string {
	var b [CodeLen]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+).
	for i := range b {
		b[i] = codeAlphabet[b[i]&31]
	}
	return string(b[:])
}

// NormalizeCode turns a typed join code into its canonical form: upper
// case, without spaces or dashes. It does not check it.
func NormalizeCode(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\t' {
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
}

// codeMatches compares a join code in constant time (for codes of the same
// length; the length itself is not secret).
func codeMatches(want, got string) bool {
	return subtle.ConstantTimeCompare([]byte(want), []byte(NormalizeCode(got))) == 1
}

// validHost reports whether host is an IP address or a host name.
func validHost(host string) bool {
	if ip, _, _ := strings.Cut(host, "%"); net.ParseIP(ip) != nil {
		return !strings.ContainsAny(host, "/?#@ []")
	}
	for _, r := range host {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// JoinPayload returns the text of the QR code that invites a device to a
// shared game: the app link (JoinLink), which a phone's own camera opens
// and the app's scanner reads. It fails for a code or address the join tag
// could not carry either.
func JoinPayload(addr, code string) (string, error) {
	if _, err := JoinTagPayload(addr, code); err != nil {
		return "", err
	}
	return JoinLink(addr, code), nil
}

// JoinTagPayload returns the older invitation: the scan package's join tag
// for addr ("host:port") and code. ParseJoin still reads it.
func JoinTagPayload(addr, code string) (string, error) {
	p, err := scan.Encode(scan.Tag{Kind: scan.KindJoin, Join: &scan.Join{Addr: addr, Code: code}})
	if err != nil {
		return "", fmt.Errorf("join payload: %w", err)
	}
	return p, nil
}

// JoinLink returns the link that opens the web app joined to the game
// shared at addr: "http://ADDR/app/#join=CODE". The code travels in the
// fragment, which browsers never send to a server.
func JoinLink(addr, code string) string {
	return "http://" + addr + "/app/#join=" + url.QueryEscape(code)
}

// SecureJoinLink is JoinLink over https: "https://ADDR/app/#join=CODE",
// for a host with a certificate (Options.Cert).
func SecureJoinLink(addr, code string) string {
	return "https://" + addr + "/app/#join=" + url.QueryEscape(code)
}

// ParseJoinLink reads an invitation: the app link (JoinLink) or the join
// tag. ok is false for anything else (other QR codes, other links).
func ParseJoinLink(text string) (addr, code string, ok bool) {
	text = strings.TrimSpace(text)
	if scan.IsTag(text) {
		t, err := scan.Decode(text)
		if err != nil || t.Kind != scan.KindJoin || t.Join == nil {
			return "", "", false
		}
		text = "http://" + t.Join.Addr + "/app/#join=" + t.Join.Code
	}
	u, err := url.Parse(text)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", "", false
	}
	frag, err := url.ParseQuery(u.Fragment)
	if err != nil || frag.Get("join") == "" {
		return "", "", false
	}
	addr, code, err = ParseJoin(u.Host, frag.Get("join"))
	if err != nil || code == "" {
		return "", "", false
	}
	return addr, code, true
}

// JoinFound makes a scanned invitation link look like the join tag it
// stands for, so the scanner offers to join: a found code that is the app
// link becomes a scan.KindJoin tag; anything else is returned as it is.
func JoinFound(f scan.Found) scan.Found {
	if f.TagErr == nil {
		return f
	}
	if addr, code, ok := ParseJoinLink(f.Text); ok && !scan.IsTag(f.Text) {
		f.Tag, f.TagErr = scan.Tag{Kind: scan.KindJoin, Join: &scan.Join{Addr: addr, Code: code}}, nil
	}
	return f
}

// ParseJoin reads where to join from what a player scanned or typed: a join
// tag (from the QR code), the app link ("http://ADDR/app/#join=CODE"), a URL
// ("http://192.168.1.20:8765/"), or a bare "host:port". code is the join code
// found in the tag or link, else typedCode. The address gets DefaultPort
// when it names no port.
func ParseJoin(text, typedCode string) (addr, code string, err error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", "", errors.New("no address given")
	}
	if scan.IsTag(text) {
		t, err := scan.Decode(text)
		if err != nil {
			return "", "", fmt.Errorf("join code: %w", err)
		}
		if t.Kind != scan.KindJoin || t.Join == nil {
			return "", "", fmt.Errorf("this code is a %s card, not an invitation to a shared game", t.Kind)
		}
		text, typedCode = t.Join.Addr, t.Join.Code
	}
	if strings.Contains(text, "://") {
		u, err := url.Parse(text)
		if err != nil || u.Host == "" {
			return "", "", fmt.Errorf("address %q is not a web address", text)
		}
		if u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "ws" && u.Scheme != "wss" {
			return "", "", fmt.Errorf("address %q: only http and https addresses can be joined", text)
		}
		if q, err := url.ParseQuery(u.Fragment); err == nil && q.Get("join") != "" {
			typedCode = q.Get("join")
		}
		text = u.Host
	}
	text = strings.TrimSuffix(text, "/")
	host, port, err := net.SplitHostPort(text)
	if err != nil {
		host, port = strings.Trim(text, "[]"), strconv.Itoa(DefaultPort)
	}
	if host == "" {
		return "", "", fmt.Errorf("address %q names no device", text)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 1 || p > 65535 {
		return "", "", fmt.Errorf("address %q: port %q is not a port number", text, port)
	}
	if !validHost(host) {
		return "", "", fmt.Errorf("address %q is not a device address", text)
	}
	return net.JoinHostPort(host, port), NormalizeCode(typedCode), nil
}
