//go:build !js

package share

import (
	"context"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// dialHost opens the WebSocket to a host. status is the HTTP status of a
// refused handshake (0 when there was no answer).
func dialHost(ctx context.Context, addr string, hc *http.Client) (*websocket.Conn, int, error) {
	conn, resp, err := websocket.Dial(ctx, "ws://"+addr+"/api/ws", &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		if resp != nil {
			return nil, resp.StatusCode, err
		}
		return nil, 0, err
	}
	return conn, 0, nil
}

// withTimeout bounds a wait for the host (the browser build counts it on
// the page's clock instead).
func withTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(parent, d)
}
