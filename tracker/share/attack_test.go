package share

import (
	"context"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// TestReplayRefusedAfterManyRequestsAndRestart (issue 15, item 9): a request
// was accepted again after 4,112 newer nonces and after a host restart. The
// nonces are kept in the game's log, so a replay is refused however many
// requests came in between and by a new host sharing the same game.
func TestReplayRefusedAfterManyRequestsAndRestart(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{})
	body := encode(t, tracker.Note{Text: "once"})
	resp, out := post(t, h, "/api/command", "TEST42", body, map[string]string{HeaderNonce: "replay-me"})
	require.Equal(t, http.StatusOK, resp.StatusCode, string(out))
	for i := range 5000 {
		_, err := g.ExecuteNonce(tracker.Note{Text: "other"}, "n-"+strconv.Itoa(i))
		require.NoError(t, err)
	}
	seq := g.Seq()
	resp, out = post(t, h, "/api/command", "TEST42", body, map[string]string{HeaderNonce: "replay-me"})
	assert.Equal(t, http.StatusConflict, resp.StatusCode, string(out))
	assert.Contains(t, string(out), CodeDuplicate)

	// The host restarts: the game is reopened from its log.
	h.Stop()
	again, err := tracker.Replay(tracker.KindAway, g.Log(), tracker.Options{})
	require.NoError(t, err)
	h2, _ := startHost(t, again, Options{})
	resp, out = post(t, h2, "/api/command", "TEST42", body, map[string]string{HeaderNonce: "replay-me"})
	assert.Equal(t, http.StatusConflict, resp.StatusCode, string(out))
	assert.Contains(t, string(out), CodeDuplicate)
	conn := rawConn(t, h2, "TEST42")
	readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpSnapshot })
	send(t, conn, ClientMessage{Op: OpUndo, ID: 7, Nonce: "n-42"})
	r := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpResult && m.ID == 7 })
	require.NotNil(t, r.Error)
	assert.Equal(t, CodeDuplicate, r.Error.Code)
	assert.Equal(t, seq, again.Seq(), "no replay was applied")
	_ = context.Background
}
