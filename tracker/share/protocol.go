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
)

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
	// OpError reports a message the host could not read (Error).
	OpError = "error"
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
)

// MaxClientMessage bounds one message a client sends over the WebSocket: a
// command of tracker.MaxCommandSize plus its envelope.
const MaxClientMessage = tracker.MaxCommandSize + 1024

// maxNonce bounds a request nonce.
const maxNonce = 64

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
}

// HostMessage is what the host sends over the WebSocket.
type HostMessage struct {
	Op string `json:"op"`
	// Snapshot is the whole game (OpSnapshot).
	Snapshot *tracker.Snapshot `json:"snapshot,omitempty"`
	// Name is the game's name (OpSnapshot).
	Name string `json:"name,omitempty"`
	// Write tells whether this connection may send commands (OpSnapshot).
	Write bool `json:"write,omitempty"`
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
	tracker.Snapshot
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
	case OpUndo, OpRedo, OpResync:
		if len(m.Command) != 0 {
			return Request{}, fmt.Errorf("message: %s takes no command", m.Op)
		}
	default:
		return Request{}, fmt.Errorf("message: unknown operation %q", m.Op)
	}
	return r, nil
}

func checkNonce(n string) error {
	if len(n) > maxNonce {
		return fmt.Errorf("nonce longer than %d bytes", maxNonce)
	}
	for _, r := range n {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("nonce holds unprintable character %U", r)
		}
	}
	return nil
}

// codeAlphabet is the join code alphabet: digits and capitals without the
// easily confused 0, O, 1 and I. 32 letters, so one random byte masked to
// five bits picks one without bias.
const codeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// CodeLen is the length of a join code NewCode makes (30 random bits).
const CodeLen = 6

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

// JoinPayload returns the text of the QR code that invites a device to a
// shared game: the scan package's join tag for addr ("host:port") and code.
func JoinPayload(addr, code string) (string, error) {
	p, err := scan.Encode(scan.Tag{Kind: scan.KindJoin, Join: &scan.Join{Addr: addr, Code: code}})
	if err != nil {
		return "", fmt.Errorf("join payload: %w", err)
	}
	return p, nil
}

// ParseJoin reads where to join from what a player scanned or typed: a join
// tag (from the QR code), a URL ("http://192.168.1.20:8765/"), or a bare
// "host:port". code is the join code found in the tag, else typedCode. The
// address gets DefaultPort when it names no port.
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
		if u.Scheme != "http" && u.Scheme != "ws" {
			return "", "", fmt.Errorf("address %q: only http addresses can be joined", text)
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
	if strings.ContainsAny(host, "/?#@ ") {
		return "", "", fmt.Errorf("address %q is not a device address", text)
	}
	return net.JoinHostPort(host, port), NormalizeCode(typedCode), nil
}
