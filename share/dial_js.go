//go:build js

package share

import (
	"context"
	"net/http"
	"sync"
	"syscall/js"
	"time"

	"github.com/coder/websocket"
)

// dialHost opens the WebSocket to a host from a browser, which sends no
// headers of ours (the code travels in the hello message) and does not
// tell why a handshake was refused (status is always 0). A page served
// over https may only open wss:// sockets.
func dialHost(ctx context.Context, addr string, _ *http.Client) (*websocket.Conn, int, error) {
	scheme := "ws://"
	if loc := js.Global().Get("location"); loc.Truthy() && loc.Get("protocol").String() == "https:" {
		scheme = "wss://"
	}
	conn, _, err := websocket.Dial(ctx, scheme+addr+"/api/ws", nil)
	if err != nil {
		return nil, 0, err
	}
	return conn, 0, nil
}

// withTimeout bounds a wait for the host by the time the page could
// have reacted in. In a browser the Go program shares one thread with the
// page: while the app is busy (starting up, drawing its first screens on a
// slow phone) the page cannot deliver the socket's events, so a plain
// timer counted that time against the host, and a join started while the
// app drew its screen timed out although the host had answered at once.
// Here a page timer ticks every quarter second, and a tick that comes late
// (the page was held) counts as two ticks at most.
func withTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	ctx := &pageContext{Context: parent, done: make(chan struct{}), left: d, last: time.Now()}
	ctx.fire = js.FuncOf(func(js.Value, []js.Value) any {
		ctx.tick()
		return nil
	})
	ctx.mu.Lock()
	ctx.timer = js.Global().Call("setTimeout", ctx.fire, pageTick.Milliseconds())
	ctx.mu.Unlock()
	stop := context.AfterFunc(parent, func() { ctx.end(parent.Err()) })
	return ctx, func() {
		stop()
		ctx.end(context.Canceled)
	}
}

// pageTick is how often a wait for the host looks at the page's clock.
const pageTick = 250 * time.Millisecond

// pageContext is a context ended by the page's clock (withTimeout), its
// parent or its cancel function, whichever comes first.
type pageContext struct {
	context.Context
	done  chan struct{}
	fire  js.Func
	mu    sync.Mutex
	timer js.Value
	left  time.Duration
	last  time.Time
	err   error
}

// tick counts the time since the last tick, at most two ticks' worth.
func (c *pageContext) tick() {
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	now := time.Now()
	c.left -= min(now.Sub(c.last), 2*pageTick)
	c.last = now
	if c.left > 0 {
		c.timer = js.Global().Call("setTimeout", c.fire, pageTick.Milliseconds())
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	c.end(context.DeadlineExceeded)
}

func (c *pageContext) end(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return
	}
	c.err = err
	close(c.done)
	js.Global().Call("clearTimeout", c.timer)
	c.fire.Release()
}

// Done is closed when the context ends.
func (c *pageContext) Done() <-chan struct{} { return c.done }

// Err says why the context ended (nil before).
func (c *pageContext) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Deadline reports no deadline on Go's clock: the page's clock ends it.
func (c *pageContext) Deadline() (time.Time, bool) { return time.Time{}, false }
