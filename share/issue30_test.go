//go:build !js

package share

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// failingSave is a game whose saves fail with an error naming the host's
// file, as a full disk does.
type failingSave struct {
	*tracker.Session
}

const secretPath = "/home/host-user/.local/share/tableops/games.db"

func (f failingSave) ExecuteNonce(tracker.Command, string) ([]tracker.Event, error) {
	return nil, fmt.Errorf("store: writing %s: %w", secretPath, errors.New("no space left on device"))
}

// TestSaveFailureKeepsPathsOnTheHost (issue 30, 11): the refusal sent to
// the players when a save failed held the host's absolute file path. The
// players are told the change was not saved; the path stays in the host's
// log.
func TestSaveFailureKeepsPathsOnTheHost(t *testing.T) {
	h, logs := startHost(t, failingSave{awayGame(t)}, Options{})
	resp, out := post(t, h, "/api/command", "TEST42", encode(t, tracker.Note{Text: "lost"}), nil)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, string(out))
	assert.Contains(t, string(out), "share.refused.not_saved")
	assert.NotContains(t, string(out), secretPath, "the path stays on the host")
	assert.NotContains(t, string(out), "/home/", "no path at all")

	conn := rawConn(t, h, "TEST42")
	readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpSnapshot })
	send(t, conn, ClientMessage{Op: OpCommand, ID: 3, Command: encode(t, tracker.Note{Text: "lost"})})
	r := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpResult && m.ID == 3 })
	require.NotNil(t, r.Error)
	assert.Equal(t, CodeUnavailable, r.Error.Code)
	assert.NotContains(t, r.Error.Reason, "/home/")
	assert.Contains(t, logs.String(), secretPath, "the host's log keeps the path")
}

// TestLongDeviceInHelloSaysWhatIsWrong (issue 30, 12): a hello with a
// device id longer than 64 characters was told "The first message must be
// a hello.". The refusal names the field and its bound.
func TestLongDeviceInHelloSaysWhatIsWrong(t *testing.T) {
	h, _ := startHost(t, awayGame(t), Options{})
	conn := rawConn(t, h, "")
	send(t, conn, ClientMessage{Op: OpHello, Device: strings.Repeat("d", 65)})
	m := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpError })
	require.NotNil(t, m.Error)
	assert.Equal(t, CodeMalformed, m.Error.Code)
	assert.NotContains(t, m.Error.Reason, "must be a hello")
	assert.Contains(t, m.Error.Reason, "device")
	assert.Contains(t, m.Error.Reason, "64")

	// Not a hello at all is still told so.
	conn = rawConn(t, h, "")
	send(t, conn, ClientMessage{Op: OpResync})
	m = readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpError })
	assert.Contains(t, m.Error.Reason, "must be a hello")
}
