//go:build unix

package webapp_test

import (
	"context"
	"io/fs"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/share"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/tracker/trackertest"
)

// hostAsc shares a started two-player Ascendancy game on the machine's LAN
// address (see hostGame).
func hostAsc(t *testing.T, files fs.FS) (*share.Host, *store.Game) {
	t.Helper()
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	return hostGame(t, files, tracker.KindAscendancy, []tracker.Command{
		tracker.AddAscPlayer{Name: "Ann", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		tracker.AddAscPlayer{Name: "Ben", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		tracker.StartAscendancy{},
	})
}

// hostGame shares a game of the kind given, set up by cmds, on the
// machine's LAN address (as a phone sees a host: plain http, not a secure
// page, so without a service worker), or on loopback when it has none,
// serving the web app at /app/.
func hostGame(t *testing.T, files fs.FS, kind tracker.Kind, cmds []tracker.Command) (*share.Host, *store.Game) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "games.db"), store.Options{Seeds: tracker.CryptoSeeds{}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	g, err := st.Create(kind, "Seats")
	require.NoError(t, err)
	for _, c := range cmds {
		_, err := g.Execute(c)
		require.NoError(t, err, "%T", c)
	}
	addr := "127.0.0.1:0"
	if ip, err := share.LANAddr(); err == nil {
		addr = net.JoinHostPort(ip.String(), "0")
	}
	h, err := share.Start(context.Background(), g, share.Options{Addr: addr, App: files})
	require.NoError(t, err)
	t.Cleanup(h.Stop)
	return h, g
}

// seated waits until the page is seated as seat and shows its game.
func (p *page) seated(seat string, within time.Duration) screen {
	p.t.Helper()
	sc, ok := p.poll(within, 100*time.Millisecond, func(sc screen) bool { return sc.Seat == seat })
	if !ok {
		p.t.Fatalf("the page did not take seat %q within %s (seat %q); it shows: %s", seat, within, sc.Seat, sc.texts())
	}
	return sc
}

// counter waits until the counter named label shows want (any value when
// want < 0) and returns it with the screen.
func (p *page) counter(label string, want int, within time.Duration) (shown, screen) {
	p.t.Helper()
	var found shown
	sc, ok := p.poll(within, 50*time.Millisecond, func(sc screen) bool {
		for _, o := range sc.Objects {
			if o.Text == label && o.Value != nil && (want < 0 || *o.Value == want) {
				found = o
				return true
			}
		}
		return false
	})
	if !ok {
		p.t.Fatalf("the page did not show %s = %d within %s; it shows: %s", label, want, within, sc.texts())
	}
	return found, sc
}

// tapPlus taps a counter's + button (the right end of its row of buttons).
func (p *page) tapPlus(sc screen, o shown) { p.tapObject(sc, o, 0.88, 0.7) }

// TestJoinByLinkInTheBrowser: a phone opens the host's join link, takes a
// seat, changes its player's pieces by tapping, sees the host's changes,
// rejoins with its seat after a reload, and after the host restarts with a
// new code is asked to scan again.
func TestJoinByLinkInTheBrowser(t *testing.T) {
	files := bundle(t)
	h, g := hostAsc(t, files)
	production := func() int { return g.State().Ascendancy.Players[0].Resources.Production }
	require.Equal(t, 3, production())

	p := newPage(t, startChrome(t))
	p.Navigate("http://" + h.Addr() + "/app/#join=" + h.Code())
	p.waitFor("widget.Button", "Ann", slow)
	p.waitFor("widget.Button", "Watch only", slow)
	shots(t, p, "web-seat-chooser.png")
	p.tapText("widget.Button", "Ann")
	p.seated("p1", slow)
	if !strings.HasPrefix(h.Addr(), "127.") {
		require.Equal(t, false, p.Eval(`window.isSecureContext`), "a LAN address over http is not a secure page")
		require.Equal(t, false, p.Eval(`!!(navigator.serviceWorker && navigator.serviceWorker.controller)`), "no service worker on plain http")
	}

	// Ann taps + on her production: the host has it.
	o, sc := p.counter("Production", 3, slow)
	shots(t, p, "web-seat-console.png")
	p.tapPlus(sc, o)
	require.Eventually(t, func() bool { return production() == 4 }, slow, 20*time.Millisecond, "the host has Ann's change")
	p.counter("Production", 4, slow)

	// The host changes her production: the page shows it.
	_, err := g.Execute(tracker.AdjustAsc{Player: "p1", Counter: tracker.CounterProduction, Delta: 2})
	require.NoError(t, err)
	p.counter("Production", 6, slow)

	// A reload: the page rejoins by itself with the same seat.
	p.Reload()
	time.Sleep(500 * time.Millisecond)
	p.counter("Production", 6, slow)
	sc = p.seated("p1", slow)
	_, asked := sc.find("widget.Button", "Watch only")
	require.False(t, asked, "the page did not ask for a seat again")

	// The host restarts with a new code: the page says to scan again.
	addr := h.Addr()
	h.Stop()
	h2, err := share.Start(context.Background(), g, share.Options{Addr: addr, App: files})
	require.NoError(t, err)
	t.Cleanup(h2.Stop)
	p.waitFor("ui.statusLine", "The host shares this game with a new code now: scan its QR code again.", slow)
}

// TestJoinAwayInTheBrowser: a phone joins an Away Missions game by its
// link, takes the first player's seat and sees that player's team.
func TestJoinAwayInTheBrowser(t *testing.T) {
	files := bundle(t)
	g, err := tracker.Replay(tracker.KindAway, trackertest.Log(40), tracker.Options{Seeds: tracker.CryptoSeeds{}})
	require.NoError(t, err)
	h, err := share.Start(context.Background(), g, share.Options{Addr: "127.0.0.1:0", App: files})
	require.NoError(t, err)
	t.Cleanup(h.Stop)

	p := newPage(t, startChrome(t))
	p.Navigate("http://" + h.Addr() + "/app/#join=" + h.Code())
	p.waitFor("widget.Button", "Watch only", slow)
	first, sc := p.waitTappable(func(o shown) bool {
		return o.Type == "widget.Button" && o.Icon == "foreground_account.svg"
	}, "a player's seat button")
	require.NotEmpty(t, first.Text, "the seat chooser lists the players")
	p.tapObject(sc, first, 0.5, 0.5)
	seat := tracker.SeatChoices(g.State())[0].ID
	p.seated(seat, slow)
	p.waitGone("widget.Button", "Watch only", slow)
	shots(t, p, "web-seat-team.png")
}
