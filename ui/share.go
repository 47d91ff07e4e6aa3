package ui

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/i18n"
	"tableops/scan"
	"tableops/share"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen"
)

// shareButton is the Share button of the game bar (an icon). It owns the sharing of
// the open game: the host while the game is shared on the network (nil
// otherwise). Leaving the game screen stops sharing.
type shareButton struct {
	widget.Button
	gs   *gameScreen
	host *share.Host
	// listen is the address to listen on; empty means this device's LAN
	// address (tests give a loopback address).
	listen string
	// keepDir is the folder the host keeps the games' join codes and ports
	// and its certificate in (share.Keeper); empty means the app's
	// storage folder, except on a test's loopback address (listen), where
	// nothing is kept unless the test gives a folder.
	keepDir string
	dlg     dialog.Dialog
	// stopBtn is the game bar's Stop sharing button, shown while the game
	// is shared.
	stopBtn *widget.Button
	// network says where the game is shared ("wlan0, 192.168.1.20, port
	// 8765").
	network string
	// stopHooked is set once fitStop follows the layout's switches.
	stopHooked bool
}

// shareButton makes the game bar's Share button, and beside it the Stop
// sharing button shown while the game is shared.
func (gs *gameScreen) shareButton() fyne.CanvasObject {
	b := &shareButton{gs: gs}
	gs.hosting = func() bool { return b.host != nil } // Home keeps a shared game open (reopen.go)
	// Icon only: the bar must fit a phone beside Log, Undo and Redo. The
	// button is highlighted while the game is shared.
	b.Icon = theme.UploadIcon()
	b.OnTapped = b.open
	b.ExtendBaseWidget(b)
	b.stopBtn = widget.NewButtonWithIcon(lang.X("share.stop_sharing", "Stop sharing"), theme.CancelIcon(), b.stopTapped)
	b.stopBtn.Importance = widget.DangerImportance
	b.stopBtn.Hide()
	if inBrowser && !isClient(gs.game) {
		b.Hide() // a browser cannot host a game (platform_*.go)
	}
	return container.NewHBox(b.stopBtn, b)
}

// fitStop labels the Stop sharing button to fit the game bar: in full on
// a wide window, "Stop" on a phone held upright, where the bar holds little
// more than its icons. It follows the window's switches between the two.
func (b *shareButton) fitStop() {
	l := b.gs.layout
	if l == nil {
		return
	}
	if !b.stopHooked {
		b.stopHooked = true
		prev := l.OnSwitch
		l.OnSwitch = func(wide bool) {
			if prev != nil {
				prev(wide)
			}
			b.fitStop()
		}
	}
	if l.Wide() {
		b.stopBtn.SetText(lang.X("share.stop_sharing", "Stop sharing"))
		b.stopBtn.SetIcon(theme.CancelIcon())
	} else {
		b.stopBtn.SetText(lang.X("share.stop", "Stop"))
		b.stopBtn.SetIcon(nil)
	}
}

// relayout lays the game screen out again after the Stop sharing button
// showed or hid, so the game bar makes room for it.
func (b *shareButton) relayout() {
	if b.gs.content != nil {
		b.gs.content.Refresh()
	}
}

// stopTapped stops sharing from the game bar or the invitation.
func (b *shareButton) stopTapped() {
	if b.dlg != nil {
		b.dlg.Hide()
	}
	b.gs.Say(lang.X("share.stopped_sharing_nothing_on", "Stopped sharing: nothing on this device listens to the network now."), false)
	b.stop()
}

// open starts sharing the game (if it is not shared yet) and shows how to
// join it. On a game joined from another device it shows that device's
// invitation, so more players can join.
func (b *shareButton) open() {
	switch g := b.gs.game.(type) {
	case *share.Client:
		b.show(lang.X("share.shared_by_other", "This game is shared by another device. More players join it with this address and code."),
			g.Addr(), g.Code(), g.InviteLink(), "http://"+g.Addr()+"/", false)
	case share.Game:
		if b.host == nil {
			b.confirm(g)
			return
		}
		b.showHost()
	default:
		b.gs.Say(lang.X("share.this_game_cannot_be", "This game cannot be shared."), true)
	}
}

// where says which network and port sharing would listen on, before
// anything listens.
func (b *shareButton) where(g share.Game) (string, error) {
	if b.listen != "" {
		host, port, err := net.SplitHostPort(b.listen)
		if err != nil {
			return "", fmt.Errorf("address %q: %w", b.listen, err)
		}
		if port == "0" {
			return lang.X("share.where_any_port", "address {{.Host}}, any free port", map[string]any{"Host": host}), nil
		}
		return lang.X("share.where_port", "address {{.Host}}, port {{.Port}}", map[string]any{"Host": host, "Port": port}), nil
	}
	c, err := share.LANChoice()
	if err != nil {
		return "", err
	}
	port := share.DefaultPort
	if k, id := b.keeper(g); k != nil {
		if kept, err := k.Game(id); err == nil && kept.Port != 0 {
			port = kept.Port // the port this game had: phones find it there
		}
	}
	return lang.X("share.where_lan", "network {{.Iface}} (address {{.IP}}), port {{.Port}} (or a free one if it is taken)",
		map[string]any{"Iface": c.Iface, "IP": c.IP.String(), "Port": port}), nil
}

// confirm asks before the game is shared: it says which network and port
// will be listened on and what other devices can then do. Nothing listens
// until the player agrees.
func (b *shareButton) confirm(g share.Game) {
	where, err := b.where(g)
	if err != nil {
		b.gs.sh.showError(lang.X("share.share_this_game", "Share this game"), err)
		return
	}
	msg := screen.WrapLabel(lang.X("share.confirm_body", "Share this game on {{.Where}}?\n\nEvery device on that network can then open the scoreboard; players who have the join code shown next can change the game. Stop sharing at any time with the Stop sharing button in the game bar.",
		map[string]any{"Where": where}))
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(300, 0))
	d := dialog.NewCustomConfirm(lang.X("share.share_this_game_2", "Share this game?"), lang.X("share.start_sharing", "Start sharing"), lang.X("common.cancel", "Cancel"), container.NewVBox(width, msg), func(ok bool) {
		if ok {
			b.start(g, where)
		}
	}, b.gs.sh.win)
	b.gs.sh.showDialog(b.gs.sh.win, d)
}

// keeper returns where the host keeps the join codes, ports and its
// certificate, and the saved game's id; nil when nothing is kept (a game
// that is not a saved one, or a test on loopback without a folder).
func (b *shareButton) keeper(g share.Game) (*share.Keeper, string) {
	sg, ok := g.(*store.Game)
	if !ok {
		return nil, ""
	}
	dir := b.keepDir
	if dir == "" && b.listen == "" {
		if root := b.gs.sh.app.Storage().RootURI(); root != nil && root.Scheme() == "file" {
			dir = root.Path()
		}
	}
	if dir == "" {
		return nil, ""
	}
	return share.NewKeeper(dir), sg.ID()
}

// keptID is the id the game's code and port are kept under ("" when
// nothing is kept).
func (b *shareButton) keptID(g share.Game) string {
	_, id := b.keeper(g)
	return id
}

// start starts sharing the game on where and shows the invitation. A
// saved game keeps its join code and port (share.StartKept), so phones
// come back by themselves after a restart, and phones get https with
// the host's own certificate.
func (b *shareButton) start(g share.Game, where string) {
	b.startWith(g, where, false)
}

// startWith is start; newCode asks for a new join code.
func (b *shareButton) startWith(g share.Game, where string, newCode bool) {
	opts := share.Options{Addr: b.listen, Name: gameName(g), Announce: b.listen == "",
		App: appBundle(), AppHint: appBuildHint, Texts: i18n.WebTexts,
		OnCode: func(code string) {
			fyne.Do(func() {
				if b.host == nil {
					return
				}
				b.gs.Say(lang.X("share.code_changed", "Too many wrong join codes were tried, so the join code changed to {{.Code}}. Joined devices keep playing; show the new code to the others.",
					map[string]any{"Code": spacedCode(code)}), true)
				if b.dlg != nil {
					b.dlg.Hide()
					b.showHost()
				}
			})
		}}
	var h *share.Host
	var err error
	if k, id := b.keeper(g); k != nil {
		h, err = share.StartKept(context.Background(), g, k, share.KeptOptions{GameID: id, NewCode: newCode}, opts)
	} else {
		h, err = share.Start(context.Background(), g, opts)
	}
	if err != nil {
		b.gs.sh.showError(lang.X("share.share_this_game", "Share this game"), err)
		return
	}
	b.host = h
	if _, port, err := net.SplitHostPort(h.Addr()); err == nil {
		if host, _, err := net.SplitHostPort(b.listen); err == nil && b.listen != "" {
			b.network = lang.X("share.where_port", "address {{.Host}}, port {{.Port}}", map[string]any{"Host": host, "Port": port})
		} else if c, err := share.LANChoice(); err == nil {
			b.network = lang.X("share.network_port", "network {{.Iface}} (address {{.IP}}), port {{.Port}}",
				map[string]any{"Iface": c.Iface, "IP": c.IP.String(), "Port": port})
		} else {
			b.network = where
		}
	}
	prev := b.gs.cancel
	b.gs.cancel = func() {
		if prev != nil {
			prev()
		}
		b.stop()
	}
	b.Importance = widget.HighImportance
	b.Refresh()
	b.fitStop()
	b.stopBtn.Show()
	b.relayout()
	b.showHost()
}

// showHost shows the invitation of the game this device shares.
func (b *shareButton) showHost() {
	b.show(lang.X("share.host_intro", "Phones and tablets: scan the code with the camera app; the app opens in the browser, already joined. The desktop app joins with Join a game (scan the code, or type the address and code). A TV shows the scoreboard in its web browser."),
		b.host.Addr(), b.host.Code(), b.host.AppURL(), b.host.URL(), true)
}

// askNewCode asks before the shared game gets a new join code, then makes
// it and shows the new invitation.
func (b *shareButton) askNewCode() {
	h := b.host
	if h == nil {
		return
	}
	d := dialog.NewConfirm(lang.X("share.new_code_title", "Make a new join code?"),
		lang.X("share.new_code_body", "Phones that joined keep playing until they lose the connection; then they need the new code (scan the new QR code). Do this when someone who should not play has seen the code."),
		func(ok bool) {
			if !ok || b.host != h {
				return
			}
			code := h.NewCode()
			if b.dlg != nil {
				b.dlg.Hide()
			}
			b.gs.Say(lang.X("share.new_code_done", "The join code is now {{.Code}}; it stays the same when you share this game again.", map[string]any{"Code": spacedCode(code)}), false)
			b.showHost()
		}, b.gs.sh.win)
	d.SetConfirmText(lang.X("share.new_code_confirm", "Make a new code"))
	d.SetDismissText(lang.X("common.cancel", "Cancel"))
	b.gs.sh.showDialog(b.gs.sh.win, d)
}

// spacedCode shows a join code in two halves, easier to read out.
func spacedCode(code string) string {
	if len(code) >= 6 && len(code)%2 == 0 {
		return code[:len(code)/2] + " " + code[len(code)/2:]
	}
	return code
}

// gameName is the name a shared game is announced with.
func gameName(g any) string {
	if sg, ok := g.(*store.Game); ok {
		if info, err := sg.Info(); err == nil && info.Name != "" {
			return info.Name
		}
	}
	return lang.X("share.default_name", "Table Ops game")
}

// show opens the invitation: QR code (the phones' link), join code, the
// phones' link, the certificate a phone will ask about and its
// fingerprint, the address and the scoreboard's address, and on the
// hosting device New join code and Stop sharing.
func (b *shareButton) show(intro, addr, code, link, url string, canStop bool) {
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(300, 0))
	items := []fyne.CanvasObject{width}
	if _, err := share.JoinPayload(addr, code); err == nil {
		if sym, err := scan.EncodeQR(link); err == nil {
			img := canvas.NewImageFromImage(sym.Image(8, 4))
			img.FillMode = canvas.ImageFillContain
			img.ScaleMode = canvas.ImageScalePixels
			img.SetMinSize(fyne.NewSize(220, 220))
			items = append(items, img)
		}
	}
	shown := spacedCode(code)
	if code == "" {
		shown = lang.X("share.no_code", "none (watching only)")
	}
	codeLbl := screen.Heading(lang.X("share.join_code_is", "Join code: {{.Code}}", map[string]any{"Code": shown}))
	codeLbl.Alignment = fyne.TextAlignCenter
	items = append(items, codeLbl)
	var cert *share.Cert
	if canStop && b.host != nil {
		cert = b.host.Cert()
	}
	if cert != nil {
		// Beside the QR code: what the phone will ask, and what to compare.
		what := screen.WrapLabel(lang.X("share.fingerprint", "Certificate fingerprint (SHA-256):"))
		what.Alignment = fyne.TextAlignCenter
		fp := widget.NewLabelWithStyle(cert.ShortFingerprint(), fyne.TextAlignCenter, fyne.TextStyle{Monospace: true, Bold: true})
		items = append(items, what, fp,
			screen.WrapLabel(lang.X("share.cert_warning", "Each phone's browser warns once that this certificate is the host's own (this device made it; no authority signed it). To compare it, tap “Not secure” beside the address, then the certificate: its SHA-256 fingerprint starts with the groups above. Then tap Advanced and Proceed to the address. The phone then has the live camera and the smaller download; playing offline and installing the app also need the phone to trust this certificate.")))
	}
	items = append(items, screen.WrapLabel(lang.X("share.phones_link", "Phones: {{.Link}}", map[string]any{"Link": link})))
	if cert != nil {
		items = append(items, screen.WrapLabel(lang.X("share.plain_link", "A browser that will not go past the warning opens the plain link instead, without the live camera (a card scans from a photo): {{.Link}}", map[string]any{"Link": share.JoinLink(addr, code)})))
	}
	items = append(items,
		screen.WrapLabel(lang.X("share.address_is", "Address: {{.Addr}}", map[string]any{"Addr": addr})),
		screen.WrapLabel(lang.X("share.scoreboard_tv", "Scoreboard for a TV (plain http, watch only): {{.URL}}", map[string]any{"URL": url})))
	if canStop && b.host != nil {
		if b.network != "" {
			items = append(items, screen.WrapLabel(lang.X("share.shared_on", "Shared on {{.Where}}.", map[string]any{"Where": b.network})))
		}
		if !b.host.HasApp() {
			items = append(items, screen.WrapLabel(lang.X("share.no_web_app", "This build has no web app for phones: build it with “{{.Cmd}}”, then rebuild Table Ops. The desktop app and the scoreboard work without it.", map[string]any{"Cmd": appBuildHint})))
		}
		if sg, ok := b.gs.game.(share.Game); ok && b.keptID(sg) != "" {
			items = append(items, screen.WrapLabel(lang.X("share.code_kept", "The code and the address stay the same when you share this game again, so phones that joined come back by themselves after a restart.")),
				widget.NewButtonWithIcon(lang.X("share.new_code", "New join code"), theme.ViewRefreshIcon(), b.askNewCode))
		}
		stop := widget.NewButtonWithIcon(lang.X("share.stop_sharing", "Stop sharing"), theme.CancelIcon(), b.stopTapped)
		stop.Importance = widget.DangerImportance
		items = append(items, stop)
	}
	items = append(items, widget.NewSeparator(), screen.WrapLabel(intro))
	if canStop && b.host != nil {
		items = append(items, screen.WrapLabel(lang.X("share.connected_now", "Connected now: {{.N}} (devices and scoreboards).", map[string]any{"N": b.host.Clients()})))
	}
	b.dlg = dialog.NewCustom(lang.X("share.share_this_game", "Share this game"), lang.X("common.close", "Close"), container.NewVScroll(container.NewVBox(items...)), b.gs.sh.win)
	b.dlg.Resize(fyne.NewSize(340, 620))
	b.gs.sh.showDialog(b.gs.sh.win, b.dlg)
}

// stop ends sharing, if the game is shared.
func (b *shareButton) stop() {
	h := b.host
	if h == nil {
		return
	}
	b.host = nil
	b.network = ""
	b.Importance = widget.MediumImportance
	b.Refresh()
	b.stopBtn.Hide()
	b.relayout()
	h.Stop() // last: the other devices react to it on their own goroutines
}

// joinForm is the body of the Join a game dialog. Its connection attempts
// and network look-ups run in the background; settled gets a value each
// time one of them has finished updating the screen (tests wait on it).
type joinForm struct {
	widget.BaseWidget
	body    fyne.CanvasObject
	settled chan struct{}
}

// CreateRenderer implements fyne.Widget.
func (f *joinForm) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(f.body) }

// done reports a finished background step without blocking.
func (f *joinForm) done() {
	select {
	case f.settled <- struct{}{}:
	default:
	}
}

// showJoin asks for the address and join code of a game shared by another
// device and opens it in the normal game screen.
func (sh *Shell) showJoin() { sh.showJoinWith("", "") }

// showJoinWith is showJoin with the address and code filled in (from a
// scanned invitation); the player checks them and taps Connect. The form's
// body is a container holding the entries directly.
func (sh *Shell) showJoinWith(address, joinCode string) {
	form := &joinForm{settled: make(chan struct{}, 16)}
	addr := screen.NewTextEntry()
	addr.SetPlaceHolder(lang.X("share.address_e_g_192", "Address, e.g. 192.168.1.20:8765"))
	addr.SetText(address)
	code := screen.NewTextEntry()
	code.SetPlaceHolder(lang.X("share.join_code", "Join code"))
	code.SetText(joinCode)
	status := screen.WrapLabel("")
	status.Hide()
	say := func(msg string, isErr bool) {
		status.SetText(msg)
		status.Importance = widget.MediumImportance
		if isErr {
			status.Importance = widget.DangerImportance
		}
		status.Refresh()
		status.Show()
	}
	found := container.NewVBox()
	var d dialog.Dialog
	connect := widget.NewButtonWithIcon(lang.X("share.connect", "Connect"), theme.LoginIcon(), nil)
	connect.Importance = widget.HighImportance
	connect.OnTapped = func() {
		a, c, err := share.ParseJoin(addr.Text, code.Text)
		switch {
		case err != nil && strings.TrimSpace(addr.Text) == "":
			say(lang.X("share.type_the_address", "Type the address shown on the sharing device, e.g. 192.168.1.20:8765."), true)
			return
		case err != nil:
			say(lang.X("share.check_address", "“{{.Addr}}” is not an address to join: type it as the sharing device shows it, e.g. 192.168.1.20:8765.", map[string]any{"Addr": strings.TrimSpace(addr.Text)}), true)
			return
		}
		if c == "" {
			say(lang.X("share.type_the_join_code", "Type the join code shown on the sharing device."), true)
			return
		}
		connect.Disable()
		say(lang.X("share.connecting_to", "Connecting to {{.Addr}}…", map[string]any{"Addr": a}), false)
		go func() {
			cl, err := share.Dial(context.Background(), a, c, share.ClientOptions{OnStatus: func(up bool, err error) {
				fyne.Do(func() {
					defer form.done()
					if sh.game == nil {
						return
					}
					if _, ok := sh.game.game.(*share.Client); !ok {
						return
					}
					if errors.Is(err, share.ErrCodeChanged) {
						sh.game.Say(lang.X("seat.the_host_shares_this", "The host shares this game with a new code now: scan its QR code again."), true)
						sh.game.status.setAction(lang.X("share.join_again", "Join again"), sh.showJoin)
						return
					}
					sh.game.Say(hostStatus(up), !up)
				})
			}})
			fyne.Do(func() {
				defer form.done()
				connect.Enable()
				if err != nil {
					say(joinError(err), true)
					return
				}
				d.Hide()
				name := cl.Name()
				if name == "" {
					name = lang.X("share.shared_game", "Shared game")
				}
				sh.showGame(cl, lang.X("share.shared_title", "{{.Name}} (shared)", map[string]any{"Name": name}))
				prev := sh.game.cancel
				sh.game.cancel = func() {
					if prev != nil {
						prev()
					}
					go func() { _ = cl.Close() }()
				}
				sh.game.Say(lang.X("share.joined", "Joined {{.Name}} at {{.Addr}}. Every change goes through the sharing device.", map[string]any{"Name": name, "Addr": a}), false)
			})
		}()
	}
	look := widget.NewButtonWithIcon(lang.X("share.look_on_this_network", "Look on this network"), theme.SearchIcon(), nil)
	look.OnTapped = func() {
		look.Disable()
		say(lang.X("share.looking_for_shared_games", "Looking for shared games…"), false)
		go func() {
			list, err := share.Browse(context.Background(), 2*time.Second)
			fyne.Do(func() {
				defer form.done()
				look.Enable()
				found.RemoveAll()
				if len(list) == 0 {
					msg := lang.X("share.none_found", "No shared game found. Not every network allows looking; type the address shown on the sharing device.")
					if err != nil {
						msg = lang.X("share.no_looking", "This network does not allow looking for games. Type the address shown on the sharing device.")
					}
					say(msg, false)
					return
				}
				status.Hide()
				for _, f := range list {
					found.Add(widget.NewButton(f.Name+" — "+f.Addr, func() {
						addr.SetText(f.Addr)
						sh.win.Canvas().Focus(code)
					}))
				}
			})
		}()
	}
	if inBrowser {
		look.Hide() // a browser cannot look on the network (platform_*.go)
	}
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(300, 0))
	form.body = container.NewVBox(width,
		screen.WrapLabel(lang.X("share.type_the_address_and", "Type the address and join code shown on the device that shares the game (or paste the text of its QR code).")),
		addr, code, connect, widget.NewSeparator(), look, found, status)
	form.ExtendBaseWidget(form)
	d = dialog.NewCustom(lang.X("share.join_a_game", "Join a game"), lang.X("common.cancel", "Cancel"), form, sh.win)
	sh.showDialog(sh.win, d)
	sh.win.Canvas().Focus(addr)
}

// joinError says why joining a shared game failed, in the player's
// language: what went wrong and what to do, never the chain of what the
// code was doing nor the host's address twice. A reason it cannot word
// is logged and the player reads a general one.
func joinError(err error) string {
	if msg := shareReason(err); msg != "" {
		return msg
	}
	var rej *tracker.Rejection
	if errors.As(err, &rej) && rej.ReasonKey != "" {
		return rej.In(screen.TrText)
	}
	fyne.LogError("joining a shared game", err)
	return lang.X("share.err.other", "Joining failed: the sharing device's answer could not be understood. Check the address and try again.")
}

// shareReason words the sharing's own failures (the share package's
// errors) in the player's language, or returns "" for any other error.
func shareReason(err error) string {
	switch {
	case errors.Is(err, share.ErrWrongCode):
		return lang.X("share.err.wrong_code", "The join code is wrong.")
	case errors.Is(err, share.ErrCodeChanged):
		return lang.X("share.err.code_changed", "This game's code changed: scan the host's code again.")
	case errors.Is(err, share.ErrUnreachable):
		return lang.X("share.err.unreachable", "The sharing device cannot be reached. Check that it is sharing, that both devices are on the same network, and the address.")
	case errors.Is(err, share.ErrHostFull):
		return lang.X("share.err.host_full", "The sharing device has as many devices connected as it takes.")
	case errors.Is(err, share.ErrTooManyTries):
		return lang.X("share.err.too_many_tries", "Too many attempts: wait a minute and try again.")
	case errors.Is(err, share.ErrWrongName):
		return lang.X("share.err.wrong_name", "The sharing device does not answer to that name: type its address as it shows it.")
	case errors.Is(err, share.ErrNoAnswer):
		return lang.X("share.err.no_answer", "The sharing device hung up before answering. Try again; if it goes on, scan its code again.")
	case errors.Is(err, share.ErrNoGame):
		return lang.X("share.err.no_game", "The sharing device did not send the game. Scan its code again.")
	case errors.Is(err, share.ErrTimeout):
		return lang.X("share.err.timeout", "The sharing device did not answer in time. Check the game before trying again.")
	case errors.Is(err, share.ErrNotSent):
		return hostGoneRefusal()
	case errors.Is(err, share.ErrNotConnected):
		return lang.X("share.err.lost_answer", "The connection to the sharing device was lost before it answered: once it is back, check the game before trying again.")
	case errors.Is(err, share.ErrClosed):
		return lang.X("share.err.closed", "The shared game was closed.")
	}
	return ""
}
