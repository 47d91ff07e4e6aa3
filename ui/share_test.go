package ui

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan"
	"tableops/share"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen/screentest"
)

// shareBtn finds the game bar's Share button.
func shareBtn(t *testing.T, w fyne.Window) *shareButton {
	t.Helper()
	bs := screentest.Objects[*shareButton](w)
	require.Len(t, bs, 1, "one Share button in the game bar")
	return bs[0]
}

// joinFormOn finds the open Join a game dialog.
func joinFormOn(t *testing.T, w fyne.Window) *joinForm {
	t.Helper()
	fs := screentest.Objects[*joinForm](w)
	require.Len(t, fs, 1, "the Join a game dialog is open")
	return fs[0]
}

// settle waits until the join dialog's background step has updated the
// screen (connecting, or a change of the connection).
func settle(t *testing.T, f *joinForm) {
	t.Helper()
	screentest.Await(t, f.settled, 10*time.Second, "the background step did not finish")
}

// joinShell is a second device: its own window and saved games, same app.
func joinShell(t *testing.T, host *Shell) *Shell {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "games.db"), store.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	sh := NewShell(host.app, st, nil)
	sh.win.Resize(fyne.NewSize(400, 800))
	return sh
}

// TestShareAndJoin: one device shares its game from the game screen, a
// second joins it by typing the address and code, adds a player and undoes
// it by tapping; the host sees both; Stop sharing ends it for everyone.
func TestShareAndJoin(t *testing.T) {
	sh, st := newJoinShell(t, 400, 800)
	g, err := st.Create(tracker.KindAway, "Friday night")
	require.NoError(t, err)
	_, err = g.Execute(tracker.AddAwayPlayer{Name: "Kira", Affiliation: "Bajoran"})
	require.NoError(t, err)
	sh.openGame(g.ID())
	w := sh.win
	// Changes sent by the other device reach the host's screen from a
	// network goroutine; this subscriber runs right after the screen's.
	hostSeen := make(chan uint64, 64)
	g.Subscribe(func(u tracker.Update) { hostSeen <- u.Seq })
	waitHost := func() {
		t.Helper()
		for {
			select {
			case seq := <-hostSeen:
				if seq >= g.Seq() {
					return
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the host's screen was not updated")
			}
		}
	}

	sb := shareBtn(t, w)
	sb.listen = "127.0.0.1:0" // tests stay on loopback
	test.Tap(sb)
	// Nothing listens before the player agrees; the question names the
	// network and port.
	assert.Nil(t, sb.host)
	assert.Contains(t, screentest.ScreenText(w), "Share this game on address 127.0.0.1, any free port?")
	assert.False(t, sb.stopBtn.Visible())
	test.Tap(screentest.Button(t, w, "Start sharing"))
	require.NotNil(t, sb.host)
	assert.True(t, sb.stopBtn.Visible(), "Stop sharing shows in the game bar")
	text := screentest.ScreenText(w)
	code := sb.host.Code()
	assert.Len(t, code, share.CodeLen)
	assert.Contains(t, text, "Join code: "+code[:4]+" "+code[4:])
	assert.Contains(t, text, "Phones: http://"+sb.host.Addr()+"/app/#join="+code)
	_, port, _ := net.SplitHostPort(sb.host.Addr())
	assert.Contains(t, text, "Shared on address 127.0.0.1, port "+port+".")
	assert.Contains(t, text, "Address: "+sb.host.Addr())
	assert.Contains(t, text, "Scoreboard for a TV (plain http, watch only): http://"+sb.host.Addr()+"/")
	assert.Equal(t, widget.HighImportance, sb.Importance, "the button shows the game is shared")
	test.Tap(screentest.Button(t, w, "Close"))

	// The second device joins from its home screen.
	sh2 := joinShell(t, sh)
	w2 := sh2.win
	test.Tap(screentest.Button(t, w2, "Join a game"))
	screentest.TypeInto(w2, screentest.Entry(t, w2, "Address, e.g. 192.168.1.20:8765"), sb.host.Addr())
	screentest.TypeInto(w2, screentest.Entry(t, w2, "Join code"), strings.ToLower(code))
	form := joinFormOn(t, w2)
	test.Tap(screentest.Button(t, w2, "Connect"))
	settle(t, form)
	require.NotNil(t, sh2.game, "the joined game is open: %s", screentest.ScreenText(w2))
	cl, _ := sh2.game.game.(*share.Client)
	require.NotNil(t, cl)
	assert.Contains(t, w2.Title(), "Friday night (shared)")
	assert.Contains(t, screentest.ScreenText(w2), "Kira")

	// A player added on the second device is added on the host.
	screentest.SelectTab(t, w2, "Round")
	addPlayer(t, w2, "Odo", "Bajoran")
	require.Len(t, g.State().Away.Players, 2)
	assert.Equal(t, "Odo", g.State().Away.Players[1].Name)
	assert.Contains(t, screentest.ScreenText(w2), "Odo (Bajoran)")
	waitHost()
	assert.Contains(t, screentest.ScreenText(w), "Odo · Bajoran", "the host's screen shows the new player")

	// Undo on the second device takes it back everywhere.
	test.Tap(sh2.game.undoBtn)
	require.Len(t, g.State().Away.Players, 1)
	assert.Contains(t, screentest.ScreenText(w2), "Undone: ")
	waitHost()
	assert.NotContains(t, screentest.ScreenText(w), "Odo · Bajoran")

	// On the joined device, Share shows the host's invitation.
	test.Tap(shareBtn(t, w2))
	assert.Contains(t, screentest.ScreenText(w2), "shared by another device")
	test.Tap(screentest.Button(t, w2, "Close"))

	// Stop sharing, from the game bar: the host closes; the second device
	// is told.
	addr := sb.host.Addr()
	test.Tap(sb.stopBtn)
	assert.False(t, sb.stopBtn.Visible())
	assert.Nil(t, sb.host)
	assert.Equal(t, widget.MediumImportance, sb.Importance)
	assert.Contains(t, screentest.ScreenText(w), "Stopped sharing")
	_, _, err = share.ParseJoin(addr, "")
	require.NoError(t, err)
	settle(t, form)
	assert.Contains(t, screentest.ScreenText(w2), "The host is gone: the game stays on screen as it was, read only.")
	_, err = cl.Execute(tracker.Note{Text: "anyone?"})
	require.Error(t, err)

	// Home keeps the joined game open behind it (issue 26, 5); leaving
	// it for another game closes the client.
	tapped := false
	for _, b := range screentest.Objects[*widget.Button](w2) {
		if b.Icon != nil && b.Icon.Name() == theme.HomeIcon().Name() && !tapped {
			test.Tap(b)
			tapped = true
		}
	}
	require.True(t, tapped, "a Home button")
	require.NotNil(t, sh2.behind, "kept behind Home")
	other, err := sh2.store.Create(tracker.KindAway, "Another")
	require.NoError(t, err)
	sh2.openGame(other.ID())
	select {
	case <-cl.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the client kept running after leaving the game")
	}
}

// TestLeavingStopsSharing: going home from a shared game keeps sharing
// (issue 26, 5: the phones keep their game); opening another game stops
// it.
func TestLeavingStopsSharing(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	g, err := st.Create(tracker.KindAscendancy, "Borg night")
	require.NoError(t, err)
	sh.openGame(g.ID())
	sb := shareBtn(t, sh.win)
	sb.listen = "127.0.0.1:0"
	// Cancel: nothing listens.
	test.Tap(sb)
	test.Tap(screentest.Button(t, sh.win, "Cancel"))
	assert.Nil(t, sb.host)
	assert.False(t, sb.stopBtn.Visible())
	test.Tap(sb)
	test.Tap(screentest.Button(t, sh.win, "Start sharing"))
	require.NotNil(t, sb.host)
	h := sb.host
	test.Tap(screentest.Button(t, sh.win, "Close"))
	sh.showHome()
	select {
	case <-h.Done():
		t.Fatal("Home stopped sharing")
	case <-time.After(100 * time.Millisecond):
	}
	assert.Contains(t, screentest.ScreenText(sh.win), "shared from this device: the other devices stay connected")
	other, err := st.Create(tracker.KindAway, "Another")
	require.NoError(t, err)
	sh.openGame(other.ID())
	select {
	case <-h.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("sharing went on after leaving the game")
	}
}

// TestJoinRefusals: bad addresses, a missing or wrong code and an
// unreachable host are explained in the dialog.
func TestJoinRefusals(t *testing.T) {
	sh, st := newJoinShell(t, 400, 800)
	g, err := st.Create(tracker.KindAway, "Quiet game")
	require.NoError(t, err)
	sh.openGame(g.ID())
	sb := shareBtn(t, sh.win)
	sb.listen = "127.0.0.1:0"
	test.Tap(sb)
	test.Tap(screentest.Button(t, sh.win, "Start sharing"))
	test.Tap(screentest.Button(t, sh.win, "Close"))

	sh2 := joinShell(t, sh)
	w2 := sh2.win
	test.Tap(screentest.Button(t, w2, "Join a game"))
	addr := screentest.Entry(t, w2, "Address, e.g. 192.168.1.20:8765")
	code := screentest.Entry(t, w2, "Join code")

	screentest.TypeInto(w2, addr, "ftp://example.com/")
	test.Tap(screentest.Button(t, w2, "Connect"))
	assert.Contains(t, screentest.ScreenText(w2), "“ftp://example.com/” is not an address to join")

	screentest.TypeInto(w2, addr, "")
	test.Tap(screentest.Button(t, w2, "Connect"))
	assert.Contains(t, screentest.ScreenText(w2), "Type the address shown on the sharing device")

	screentest.TypeInto(w2, addr, "the kitchen laptop")
	test.Tap(screentest.Button(t, w2, "Connect"))
	text := screentest.ScreenText(w2)
	assert.Contains(t, text, "“the kitchen laptop” is not an address to join")
	assert.NotContains(t, text, `address "`, "no error chain")
	assert.Equal(t, "the kitchen laptop", addr.Text, "what was typed stays")

	screentest.TypeInto(w2, addr, sb.host.Addr())
	screentest.TypeInto(w2, code, "")
	test.Tap(screentest.Button(t, w2, "Connect"))
	assert.Contains(t, screentest.ScreenText(w2), "Type the join code")

	screentest.TypeInto(w2, code, "WRONG234")
	form := joinFormOn(t, w2)
	test.Tap(screentest.Button(t, w2, "Connect"))
	settle(t, form)
	assert.Contains(t, screentest.ScreenText(w2), "join code is wrong")
	assert.Nil(t, sh2.game)
}

// TestGameBarFitsPhone: the Share button is a single icon, so it adds as
// little as possible to the game bar's width.
func TestGameBarFitsPhone(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	g, err := st.Create(tracker.KindAway, "Narrow")
	require.NoError(t, err)
	sh.openGame(g.ID())
	sb := shareBtn(t, sh.win)
	assert.Empty(t, sb.Text)
	assert.LessOrEqual(t, sb.MinSize().Width, float32(50))
	var hbox, bar *fyne.Container
	for _, c := range screentest.Objects[*fyne.Container](sh.win) {
		for _, o := range c.Objects {
			if o == fyne.CanvasObject(sb) {
				hbox = c
			}
		}
	}
	for _, c := range screentest.Objects[*fyne.Container](sh.win) {
		for _, o := range c.Objects {
			if hbox != nil && o == fyne.CanvasObject(hbox) {
				bar = c
			}
		}
	}
	require.NotNil(t, bar)
	t.Logf("game bar min width: %.0f px (Share button %.0f px); game screen min width: %.0f px",
		bar.MinSize().Width, sb.MinSize().Width, sh.win.Content().MinSize().Width)
}

// TestJoinFromInvitation: the form filled from a scanned invitation (the
// host's QR payload) joins with one tap.
func TestJoinFromInvitation(t *testing.T) {
	sh, st := newJoinShell(t, 400, 800)
	g, err := st.Create(tracker.KindAway, "Scanned")
	require.NoError(t, err)
	sh.openGame(g.ID())
	sb := shareBtn(t, sh.win)
	sb.listen = "127.0.0.1:0"
	test.Tap(sb)
	test.Tap(screentest.Button(t, sh.win, "Start sharing"))
	test.Tap(screentest.Button(t, sh.win, "Close"))
	payload, err := sb.host.JoinPayload()
	require.NoError(t, err)
	addr, code, err := share.ParseJoin(payload, "")
	require.NoError(t, err)

	sh2 := joinShell(t, sh)
	sh2.showJoinWith(addr, code)
	form := joinFormOn(t, sh2.win)
	test.Tap(screentest.Button(t, sh2.win, "Connect"))
	settle(t, form)
	require.NotNil(t, sh2.game)
	assert.Equal(t, "Table Ops — Scanned (shared)", sh2.win.Title())
	sh2.showHome()
}

// TestJoinRefusalsInItalian: the reasons a join fails (a wrong code, no
// device at the address, a host that hangs up at once) read in the
// player's language, each one sentence of what happened and what to do:
// no error chain, no "join <address>:", no network library's words.
func TestJoinRefusalsInItalian(t *testing.T) {
	screentest.Italian(t)
	sh, st := newJoinShell(t, 400, 800)
	g, err := st.Create(tracker.KindAway, "Partita tranquilla")
	require.NoError(t, err)
	h, err := share.Start(t.Context(), g, share.Options{Addr: "127.0.0.1:0"})
	require.NoError(t, err)
	t.Cleanup(h.Stop)

	// An address where nothing listens, and one that hangs up at once.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	nobody := ln.Addr().String()
	require.NoError(t, ln.Close())
	rude, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { rude.Close() })
	go func() {
		for {
			c, err := rude.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()

	sh2 := joinShell(t, sh)
	w := sh2.win
	test.Tap(screentest.Button(t, w, "Unisciti a una partita"))
	addr := screentest.Entry(t, w, "Indirizzo, es. 192.168.1.20:8765")
	code := screentest.Entry(t, w, "Codice di accesso")
	form := joinFormOn(t, w)
	status := func() string {
		var out string
		for _, l := range screentest.Under[*widget.Label](form) {
			if l.Importance == widget.DangerImportance && l.Visible() {
				out = l.Text
			}
		}
		return out
	}
	for _, c := range []struct{ addr, code, want string }{
		{h.Addr(), "WRONG234", "Il codice di accesso è sbagliato."},
		{nobody, h.Code(), "Il dispositivo che condivide non risponde. Controlla che stia condividendo, che i due dispositivi siano sulla stessa rete e l'indirizzo."},
		{rude.Addr().String(), h.Code(), "Il dispositivo che condivide non risponde."},
	} {
		screentest.TypeInto(w, addr, c.addr)
		screentest.TypeInto(w, code, c.code)
		test.Tap(screentest.Button(t, w, "Collegati"))
		settle(t, form)
		got := status()
		assert.Contains(t, got, c.want, c.addr)
		for _, bad := range []string{"join ", c.addr, "dial", "tcp", "websocket", "EOF", ": "} {
			assert.NotContains(t, got, bad, "%s: the message is the reason, not the chain", c.addr)
		}
		assert.Equal(t, c.addr, addr.Text, "what was typed stays")
		assert.Nil(t, sh2.game)
	}
}

// qrText decodes the invitation's QR code as a phone's camera reads it.
func qrText(t *testing.T, w fyne.Window) string {
	t.Helper()
	for _, img := range screentest.Objects[*canvas.Image](w) {
		if img.Image == nil {
			continue
		}
		found, err := scan.ScanImage(img.Image)
		require.NoError(t, err)
		for _, f := range found {
			return f.Text
		}
	}
	t.Fatal("no QR code on screen")
	return ""
}

// TestHostScreenHTTPSAndKeptCode: the host's invitation gives phones the
// https link (in the QR code too), says beside it what a phone's browser
// will ask and shows the certificate's fingerprint to compare, the plain
// link for a browser that will not go past the warning, and which link is
// the TV's (plain http). Sharing the game again keeps its code and
// address; New join code makes a new one, asking first, which is kept.
func TestHostScreenHTTPSAndKeptCode(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	g, err := st.Create(tracker.KindAway, "Kept game")
	require.NoError(t, err)
	sh.openGame(g.ID())
	w := sh.win
	sb := shareBtn(t, w)
	sb.listen = "127.0.0.1:0"
	sb.keepDir = t.TempDir()
	test.Tap(sb)
	test.Tap(screentest.Button(t, w, "Start sharing"))
	require.NotNil(t, sb.host)
	h := sb.host
	code, addr := h.Code(), h.Addr()
	cert := h.Cert()
	require.NotNil(t, cert, "phones get https")
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Phones: https://"+addr+"/app/#join="+code)
	assert.Equal(t, "https://"+addr+"/app/#join="+code, qrText(t, w), "the QR code is the https link")
	assert.Contains(t, text, "warns once that this certificate is the host's own")
	assert.Contains(t, text, "Certificate fingerprint (SHA-256):\n"+cert.ShortFingerprint())
	assert.Regexp(t, `^[0-9A-F]{4} [0-9A-F]{4} [0-9A-F]{4} [0-9A-F]{4}$`, cert.ShortFingerprint())
	assert.Contains(t, text, "the live camera")
	assert.Contains(t, text, "opens the plain link instead, without the live camera (a card scans from a photo): http://"+addr+"/app/#join="+code)
	assert.Contains(t, text, "Scoreboard for a TV (plain http, watch only): http://"+addr+"/")
	assert.Contains(t, text, "stay the same when you share this game again")
	test.Tap(screentest.Button(t, w, "Close"))

	// Shared again: same code, same address, same certificate.
	test.Tap(sb.stopBtn)
	test.Tap(sb)
	test.Tap(screentest.Button(t, w, "Start sharing"))
	require.NotNil(t, sb.host)
	assert.Equal(t, code, sb.host.Code())
	assert.Equal(t, addr, sb.host.Addr())
	assert.Equal(t, cert.Fingerprint, sb.host.Cert().Fingerprint)

	// New join code: asked first; Cancel keeps the code.
	test.Tap(screentest.Button(t, w, "New join code"))
	assert.Contains(t, screentest.ScreenText(w), "Make a new join code?")
	test.Tap(screentest.Button(t, w, "Cancel"))
	assert.Equal(t, code, sb.host.Code())
	test.Tap(screentest.Button(t, w, "New join code"))
	test.Tap(screentest.Button(t, w, "Make a new code"))
	fresh := sb.host.Code()
	assert.NotEqual(t, code, fresh)
	text = screentest.ScreenText(w)
	assert.Contains(t, text, "Join code: "+spacedCode(fresh), "the invitation shows the new code")
	assert.Contains(t, text, "The join code is now "+spacedCode(fresh))
	assert.Equal(t, "https://"+addr+"/app/#join="+fresh, qrText(t, w))
	test.Tap(screentest.Button(t, w, "Close"))
	test.Tap(sb.stopBtn)
	test.Tap(sb)
	test.Tap(screentest.Button(t, w, "Start sharing"))
	assert.Equal(t, fresh, sb.host.Code(), "the new code is kept")
	sb.stop()
}

// TestHostGoneReadOnly: when the host stops, a joined device says so and
// keeps the game on screen, read only: a tap is refused in words and
// changes nothing; when the host shares the game again (same code, same
// port), the device comes back by itself and catches up.
func TestHostGoneReadOnly(t *testing.T) {
	sh, st := newJoinShell(t, 400, 800)
	g, err := st.Create(tracker.KindAway, "Back again")
	require.NoError(t, err)
	_, err = g.Execute(tracker.AddAwayPlayer{Name: "Kira", Affiliation: "Bajoran"})
	require.NoError(t, err)
	sh.openGame(g.ID())
	w := sh.win
	sb := shareBtn(t, w)
	sb.listen = "127.0.0.1:0"
	sb.keepDir = t.TempDir()
	test.Tap(sb)
	test.Tap(screentest.Button(t, w, "Start sharing"))
	require.NotNil(t, sb.host)
	code := sb.host.Code()
	test.Tap(screentest.Button(t, w, "Close"))

	sh2 := joinShell(t, sh)
	w2 := sh2.win
	sh2.showJoinWith(sb.host.Addr(), code)
	form := joinFormOn(t, w2)
	test.Tap(screentest.Button(t, w2, "Connect"))
	settle(t, form)
	require.NotNil(t, sh2.game)
	cl := sh2.game.game.(*share.Client)

	test.Tap(sb.stopBtn)
	settle(t, form)
	text := screentest.ScreenText(w2)
	assert.Contains(t, text, "The host is gone: the game stays on screen as it was, read only.")
	assert.Contains(t, text, "Kira", "the last state stays on screen")
	before := cl.Seq()
	assert.False(t, sh2.game.run(tracker.AddAwayPlayer{Name: "Odo", Affiliation: "Bajoran"}))
	assert.Contains(t, screentest.ScreenText(w2), "The host is gone for now, so nothing was changed")
	assert.Equal(t, before, cl.Seq())
	_, err = g.Execute(tracker.AddAwayPlayer{Name: "Quark", Affiliation: "Ferengi"})
	require.NoError(t, err)

	test.Tap(sb)
	test.Tap(screentest.Button(t, w, "Start sharing"))
	require.NotNil(t, sb.host)
	assert.Equal(t, code, sb.host.Code(), "no new code")
	settle(t, form)
	require.Eventually(t, func() bool { return cl.Seq() == g.Seq() }, 10*time.Second, 10*time.Millisecond)
	assert.Contains(t, screentest.ScreenText(w2), "Connected to the host again: the game is up to date.")
	assert.Same(t, cl, sh2.game.game, "the same joined game, nobody scanned again")
	sb.stop()
}
