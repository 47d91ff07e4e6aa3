//go:build !js

package share

import (
	"context"
	"net/http"

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
