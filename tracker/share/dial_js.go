//go:build js

package share

import (
	"context"
	"net/http"

	"github.com/coder/websocket"
)

// dialHost opens the WebSocket to a host from a browser, which sends no
// headers of ours (the code travels in the hello message) and does not
// tell why a handshake was refused (status is always 0).
func dialHost(ctx context.Context, addr string, _ *http.Client) (*websocket.Conn, int, error) {
	conn, _, err := websocket.Dial(ctx, "ws://"+addr+"/api/ws", nil)
	if err != nil {
		return nil, 0, err
	}
	return conn, 0, nil
}
