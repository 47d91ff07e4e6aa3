//go:build !js

package share

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// startKept shares g as StartKept does, on loopback, with k.
func startKept(t testing.TB, g Game, k *Keeper, ko KeptOptions) *Host {
	t.Helper()
	if ko.GameID == "" {
		ko.GameID = "game-1"
	}
	h, err := StartKept(context.Background(), g, k, ko, Options{Addr: "127.0.0.1:0", Name: "Kept", Logger: startLogger()})
	require.NoError(t, err)
	t.Cleanup(h.Stop)
	return h
}

// TestHostRestartBringsEveryoneBack: a host that restarts (a crash, a
// closed laptop) shares the game again with the same code on the same
// port and the same certificate; a phone that was connected says the host
// is gone meanwhile (commands refused, the last state kept), then comes
// back by itself on its seat, catches up with what happened meanwhile,
// and plays on. No new code is made.
func TestHostRestartBringsEveryoneBack(t *testing.T) {
	g := awayGame(t)
	k := NewKeeper(t.TempDir())
	h := startKept(t, g, k, KeptOptions{})
	code, addr, fp := h.Code(), h.Addr(), h.Cert().Fingerprint
	require.NotEmpty(t, code)
	assert.Equal(t, SecureJoinLink(addr, code), h.AppURL())
	ben := tracker.SeatChoices(g.State())[0].ID

	var mu sync.Mutex
	var ups []bool
	c, err := Dial(context.Background(), addr, code, ClientOptions{Timeout: 2 * time.Second, Device: "phone-a", Seat: ben,
		OnStatus: func(up bool, err error) { mu.Lock(); ups = append(ups, up); mu.Unlock() }})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	require.Equal(t, ben, c.Seat())

	h.Stop()
	require.Eventually(t, func() bool { up, _ := c.Connected(); return !up }, 5*time.Second, 5*time.Millisecond)
	// Host gone: the phone keeps the last state and refuses commands in words.
	seen := stateJSON(t, c.State())
	_, err = c.Execute(tracker.Note{Text: "while the host is gone"})
	require.ErrorIs(t, err, ErrNotConnected)
	assert.Equal(t, seen, stateJSON(t, c.State()), "the last state stays on screen")
	// The host's own device goes on meanwhile.
	_, err = g.Execute(tracker.Note{Text: "on the host alone"})
	require.NoError(t, err)

	h2 := startKept(t, g, k, KeptOptions{})
	assert.Equal(t, code, h2.Code(), "same code")
	assert.Equal(t, addr, h2.Addr(), "same port")
	assert.Equal(t, fp, h2.Cert().Fingerprint, "same certificate")
	waitSeq(t, g.Seq(), c)
	require.Eventually(t, func() bool { up, _ := c.Connected(); return up }, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, ben, c.Seat(), "back on its seat")
	require.Eventually(t, func() bool {
		for _, s := range h2.Seats() {
			if s.Seat == ben {
				return s.Taken && s.Connected
			}
		}
		return false
	}, 5*time.Second, 5*time.Millisecond, "the host sees the seat taken again")
	assert.Equal(t, stateJSON(t, g.State()), stateJSON(t, c.State()))
	_, err = c.Execute(tracker.Note{Text: "back"})
	require.NoError(t, err)
	mu.Lock()
	assert.Equal(t, []bool{false, true}, ups, "told the host was gone, then that it is back")
	mu.Unlock()
	kept, err := k.Game("game-1")
	require.NoError(t, err)
	_, port, _ := net.SplitHostPort(addr)
	assert.Equal(t, Kept{Code: code, Port: atoi(t, port)}, kept)
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

// TestNewCodeOnlyWhenAsked: the host's "new join code" (Host.NewCode, or
// StartKept's NewCode) makes one and keeps it for the next restart;
// devices joined with the old code are told to scan again when they
// reconnect. Each game keeps its own code.
func TestNewCodeOnlyWhenAsked(t *testing.T) {
	g := awayGame(t)
	k := NewKeeper(t.TempDir())
	h := startKept(t, g, k, KeptOptions{})
	old := h.Code()
	fresh := h.NewCode()
	assert.NotEqual(t, old, fresh)
	assert.Equal(t, fresh, h.Code())
	kept, err := k.Game("game-1")
	require.NoError(t, err)
	assert.Equal(t, fresh, kept.Code, "kept at once")
	h.Stop()

	h2 := startKept(t, g, k, KeptOptions{})
	assert.Equal(t, fresh, h2.Code())
	h2.Stop()
	h3 := startKept(t, g, k, KeptOptions{NewCode: true})
	assert.NotEqual(t, fresh, h3.Code())
	third := h3.Code()
	h3.Stop()
	other := startKept(t, awayGame(t), k, KeptOptions{GameID: "game-2"})
	assert.NotEqual(t, third, other.Code(), "another game has its own code")
	other.Stop()
	h4 := startKept(t, g, k, KeptOptions{})
	assert.Equal(t, third, h4.Code())
}

// TestCodeReissuedAfterGuessingIsKept: a code re-issued after the guessing
// limit (Options.MaxFailures) is the one a restart keeps.
func TestCodeReissuedAfterGuessingIsKept(t *testing.T) {
	g := awayGame(t)
	k := NewKeeper(t.TempDir())
	got := make(chan string, 1)
	h, err := StartKept(context.Background(), g, k, KeptOptions{GameID: "g"}, Options{Addr: "127.0.0.1:0", MaxFailures: 1,
		Logger: startLogger(), OnCode: func(c string) { got <- c }})
	require.NoError(t, err)
	defer h.Stop()
	old := h.Code()
	resp, _ := post(t, h, "/api/command", "WRONG999", []byte(`{}`), nil)
	require.Equal(t, 403, resp.StatusCode)
	var fresh string
	select {
	case fresh = <-got:
	case <-time.After(5 * time.Second):
		t.Fatal("no new code")
	}
	assert.NotEqual(t, old, fresh)
	kept, err := k.Game("g")
	require.NoError(t, err)
	assert.Equal(t, fresh, kept.Code)
}

// TestKeptPortTaken: when the kept port is taken, the host shares on
// another one and keeps that.
func TestKeptPortTaken(t *testing.T) {
	k := NewKeeper(t.TempDir())
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	_, p, _ := net.SplitHostPort(ln.Addr().String())
	require.NoError(t, k.Keep("game-1", Kept{Code: "ABCD2345", Port: atoi(t, p)}))
	h := startKept(t, awayGame(t), k, KeptOptions{})
	assert.Equal(t, "ABCD2345", h.Code())
	_, hp, _ := net.SplitHostPort(h.Addr())
	assert.NotEqual(t, p, hp)
	kept, err := k.Game("game-1")
	require.NoError(t, err)
	assert.Equal(t, atoi(t, hp), kept.Port)
}

// TestKeptFileUnreadable: a damaged sharing file costs a new code, never
// the sharing.
func TestKeptFileUnreadable(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, KeepFile), []byte("{not json"), 0o600))
	k := NewKeeper(dir)
	_, err := k.Game("game-1")
	require.Error(t, err)
	h := startKept(t, awayGame(t), k, KeptOptions{})
	kept, err := k.Game("game-1")
	require.NoError(t, err)
	assert.Equal(t, h.Code(), kept.Code)
	require.NoError(t, k.Keep("game-2", Kept{Code: "bad code!", Port: 99999}))
	kept, err = k.Game("game-2")
	require.NoError(t, err)
	assert.Equal(t, Kept{}, kept, "an invalid code or port is not used")
}
