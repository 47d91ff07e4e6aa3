package share

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Bounds of one message a client sends over the WebSocket, besides its
// size (MaxClientMessage): a message once started must end within
// maxMessageTime, and its frames may add at most frameAllowance bytes to
// its payload on the wire (the headers of maxMessageFrames frames, and what
// the reader takes in ahead). The WebSocket library reads frames until a
// message ends, so a message of endless empty continuation frames would
// otherwise never be refused.
const (
	maxMessageTime   = 10 * time.Second
	maxMessageFrames = 256
	// maxFrameOverhead is the most a client frame adds to its payload:
	// a header of up to 10 bytes and a 4-byte mask key.
	maxFrameOverhead = 14
	// readAhead is what the connection's reader may hold beyond what the
	// library handed over: its buffer and one chunk of readMessage.
	readAhead      = 4096 + readChunk
	readChunk      = 4096
	frameAllowance = maxMessageFrames*maxFrameOverhead + readAhead
)

// errTooManyFrames ends a connection whose message takes more frames than
// the allowance.
var errTooManyFrames = fmt.Errorf("a message of more than %d frames", maxMessageFrames)

// errSlowMessage ends a connection whose message takes longer than its
// time to arrive.
var errSlowMessage = errors.New("a message that took too long to arrive")

// rawCounter counts the bytes a connection reads from the network while a
// message is being read, against the payload the library handed over:
// once the wire holds frameAllowance bytes more than the payload, the
// message has too many frames and reads fail. Reads happen on the
// connection's reading goroutine.
type rawCounter struct {
	net.Conn
	counting atomic.Bool
	over     atomic.Bool
	wire     atomic.Int64 // bytes read from the network since the message started
	payload  atomic.Int64 // bytes of the message handed over
}

func (c *rawCounter) Read(p []byte) (int, error) {
	if c.counting.Load() && c.wire.Load()-c.payload.Load() > frameAllowance {
		c.over.Store(true)
		return 0, errTooManyFrames
	}
	n, err := c.Conn.Read(p)
	c.wire.Add(int64(n))
	return n, err
}

// start starts counting a message whose first frame header arrived.
func (c *rawCounter) start() {
	c.wire.Store(0)
	c.payload.Store(0)
	c.over.Store(false)
	c.counting.Store(true)
}

// stop ends the counting between messages.
func (c *rawCounter) stop() { c.counting.Store(false) }

// countingWriter hands websocket.Accept a hijacked connection that counts
// what it reads (rawCounter).
type countingWriter struct {
	http.ResponseWriter
	raw *rawCounter
}

// Hijack takes the connection over, counting its reads.
func (w countingWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	hj, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("share: the connection cannot be taken over")
	}
	conn, brw, err := hj.Hijack()
	if err != nil {
		return nil, nil, fmt.Errorf("share: taking the connection over: %w", err)
	}
	w.raw.Conn = conn
	return w.raw, brw, nil
}

// readMessage reads one message of p's connection: waiting for it to start
// is bounded by ctx alone; once started it must end within wait and
// within maxMessageFrames frames, or the connection ends.
func readMessage(ctx context.Context, p *peer, wait time.Duration) (websocket.MessageType, []byte, error) {
	mctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	typ, r, err := p.conn.Reader(mctx)
	if err != nil {
		return 0, nil, err
	}
	if p.raw != nil {
		p.raw.start()
		defer p.raw.stop()
	}
	t := time.AfterFunc(wait, func() { cancel(errSlowMessage) })
	defer t.Stop()
	var b []byte
	for {
		if len(b) == cap(b) {
			b = append(b, make([]byte, readChunk)...)[:len(b)]
		}
		n, rerr := r.Read(b[len(b):min(cap(b), len(b)+readChunk)])
		b = b[:len(b)+n]
		if p.raw != nil {
			p.raw.payload.Add(int64(n))
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			err = rerr
			break
		}
	}
	if err != nil {
		switch {
		case p.raw != nil && p.raw.over.Load():
			err = fmt.Errorf("%w: %w", errTooManyFrames, err)
		case errors.Is(context.Cause(mctx), errSlowMessage):
			err = fmt.Errorf("%w: %w", errSlowMessage, err)
		}
		return typ, nil, err
	}
	return typ, b, nil
}
