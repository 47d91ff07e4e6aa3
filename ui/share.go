package ui

import (
	"context"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/scan"
	"tableops/tracker/share"
	"tableops/tracker/store"
	"tableops/ui/i18n"
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
	dlg    dialog.Dialog
}

// shareButton makes the game bar's Share button.
func (gs *gameScreen) shareButton() fyne.CanvasObject {
	b := &shareButton{gs: gs}
	// Icon only: the bar must fit a phone beside Log, Undo and Redo. The
	// button is highlighted while the game is shared.
	b.Icon = theme.UploadIcon()
	b.OnTapped = b.open
	b.ExtendBaseWidget(b)
	if inBrowser && !isClient(gs.game) {
		b.Hide() // a browser cannot host a game (platform_*.go)
	}
	return b
}

// open starts sharing the game (if it is not shared yet) and shows how to
// join it. On a game joined from another device it shows that device's
// invitation, so more players can join.
func (b *shareButton) open() {
	switch g := b.gs.game.(type) {
	case *share.Client:
		b.show("This game is shared by another device. More players join it with this address and code.",
			g.Addr(), g.Code(), "http://"+g.Addr()+"/", false)
	case share.Game:
		if b.host == nil {
			h, err := share.Start(context.Background(), g, share.Options{Addr: b.listen, Name: gameName(g), Announce: b.listen == "", Texts: i18n.WebTexts})
			if err != nil {
				b.gs.sh.showError("Share this game", err)
				return
			}
			b.host = h
			prev := b.gs.cancel
			b.gs.cancel = func() {
				if prev != nil {
					prev()
				}
				b.stop()
			}
			b.Importance = widget.HighImportance
			b.Refresh()
		}
		b.show("Other players join with the app (Join a game on its home screen): scan the code or type the address and code. A TV or tablet shows the scoreboard in its web browser.",
			b.host.Addr(), b.host.Code(), b.host.URL(), true)
	default:
		b.gs.say("This game cannot be shared.", true)
	}
}

// gameName is the name a shared game is announced with.
func gameName(g any) string {
	if sg, ok := g.(*store.Game); ok {
		if info, err := sg.Info(); err == nil && info.Name != "" {
			return info.Name
		}
	}
	return "Table Ops game"
}

// show opens the invitation: QR code, join code, address and scoreboard
// address, and Stop sharing on the hosting device.
func (b *shareButton) show(intro, addr, code, url string, canStop bool) {
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(300, 0))
	items := []fyne.CanvasObject{width}
	if payload, err := share.JoinPayload(addr, code); err == nil {
		if sym, err := scan.EncodeQR(payload); err == nil {
			img := canvas.NewImageFromImage(sym.Image(8, 4))
			img.FillMode = canvas.ImageFillContain
			img.ScaleMode = canvas.ImageScalePixels
			img.SetMinSize(fyne.NewSize(220, 220))
			items = append(items, img)
		}
	}
	shown := code
	if len(code) == 6 {
		shown = code[:3] + " " + code[3:]
	}
	if code == "" {
		shown = "none (watching only)"
	}
	codeLbl := heading("Join code: " + shown)
	codeLbl.Alignment = fyne.TextAlignCenter
	items = append(items, codeLbl,
		wrapLabel("Address: "+addr),
		wrapLabel("Scoreboard: "+url))
	if canStop && b.host != nil {
		stop := widget.NewButtonWithIcon("Stop sharing", theme.CancelIcon(), func() {
			if b.dlg != nil {
				b.dlg.Hide()
			}
			b.gs.say("Stopped sharing: nothing on this device listens to the network now.", false)
			b.stop()
		})
		stop.Importance = widget.DangerImportance
		items = append(items, stop)
	}
	items = append(items, widget.NewSeparator(), wrapLabel(intro))
	if canStop && b.host != nil {
		items = append(items, wrapLabel(fmt.Sprintf("Connected now: %d (devices and scoreboards).", b.host.Clients())))
	}
	b.dlg = dialog.NewCustom("Share this game", "Close", container.NewVScroll(container.NewVBox(items...)), b.gs.sh.win)
	b.dlg.Resize(fyne.NewSize(340, 620))
	b.dlg.Show()
}

// stop ends sharing, if the game is shared.
func (b *shareButton) stop() {
	h := b.host
	if h == nil {
		return
	}
	b.host = nil
	b.Importance = widget.MediumImportance
	b.Refresh()
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
	addr := widget.NewEntry()
	addr.SetPlaceHolder("Address, e.g. 192.168.1.20:8765")
	addr.SetText(address)
	code := widget.NewEntry()
	code.SetPlaceHolder("Join code")
	code.SetText(joinCode)
	status := wrapLabel("")
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
	connect := widget.NewButtonWithIcon("Connect", theme.LoginIcon(), nil)
	connect.Importance = widget.HighImportance
	connect.OnTapped = func() {
		a, c, err := share.ParseJoin(addr.Text, code.Text)
		if err != nil {
			say("Check the address: "+err.Error()+".", true)
			return
		}
		if c == "" {
			say("Type the join code shown on the sharing device.", true)
			return
		}
		connect.Disable()
		say("Connecting to "+a+"…", false)
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
					if up {
						sh.game.say("Connected to the host again.", false)
					} else {
						sh.game.say("The connection to the host was lost; reconnecting…", true)
					}
				})
			}})
			fyne.Do(func() {
				defer form.done()
				connect.Enable()
				if err != nil {
					say(err.Error()+".", true)
					return
				}
				d.Hide()
				name := cl.Name()
				if name == "" {
					name = "Shared game"
				}
				sh.showGame(cl, name+" (shared)")
				prev := sh.game.cancel
				sh.game.cancel = func() {
					if prev != nil {
						prev()
					}
					go func() { _ = cl.Close() }()
				}
				sh.game.say("Joined "+name+" at "+a+". Every change goes through the sharing device.", false)
			})
		}()
	}
	look := widget.NewButtonWithIcon("Look on this network", theme.SearchIcon(), nil)
	look.OnTapped = func() {
		look.Disable()
		say("Looking for shared games…", false)
		go func() {
			list, err := share.Browse(context.Background(), 2*time.Second)
			fyne.Do(func() {
				defer form.done()
				look.Enable()
				found.RemoveAll()
				if len(list) == 0 {
					msg := "No shared game found. Not every network allows looking; type the address shown on the sharing device."
					if err != nil {
						msg = "This network does not allow looking for games. Type the address shown on the sharing device."
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
		wrapLabel("Type the address and join code shown on the device that shares the game (or paste the text of its QR code)."),
		addr, code, connect, widget.NewSeparator(), look, found, status)
	form.ExtendBaseWidget(form)
	d = dialog.NewCustom("Join a game", "Cancel", form, sh.win)
	d.Show()
	sh.win.Canvas().Focus(addr)
}
