package ui

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/share"
	"tableops/tracker"
	"tableops/ui/screen"
)

// Seats: a phone that joins a shared game by its link sits as one player
// (or watches). It changes its own player's pieces freely and asks before
// changing another player's; the device that shares the game, and a game
// opened without a seat, change everything.

// seatWatch is the seat of a device that only watches.
const seatWatch = screen.SeatWatch

// seatTaker is implemented by a shared game's client that tells the host
// which seat this device took (the scoreboard shows the seats taken).
type seatTaker interface {
	TakeSeat(seat string) (string, error)
}

// askFirst asks before a command that changes only other players' pieces
// on a device that sits as a player (or watches); on yes it runs it. It
// reports whether it asked (the command has not run yet).
func (gs *gameScreen) askFirst(cmd tracker.Command) bool {
	if gs.seat == "" {
		return false
	}
	st := gs.game.State()
	others := tracker.OthersPieces(st, gs.seat, cmd)
	if len(others) == 0 {
		return false
	}
	names := make([]string, 0, len(others))
	for _, id := range others {
		names = append(names, tracker.PlayerName(st, id))
	}
	who := strings.Join(names, lang.X("seat.and", " and "))
	msg := lang.X("seat.watches", "This device watches the game.")
	if name := tracker.PlayerName(st, gs.seat); name != "" {
		msg = lang.X("seat.sits_as", "This device sits as {{.Name}}.", map[string]any{"Name": name})
	}
	d := dialog.NewConfirm(lang.X("seat.change_whose", "Change {{.Who}}'s pieces?", map[string]any{"Who": who}),
		msg+" "+lang.X("seat.change_anyway", "Change {{.Who}}'s pieces anyway?", map[string]any{"Who": who}), func(ok bool) {
			if ok {
				gs.run(cmd)
			}
		}, gs.sh.win)
	d.SetConfirmText(lang.X("seat.change_them", "Change them"))
	d.SetDismissText(lang.X("common.cancel", "Cancel"))
	gs.sh.showDialog(gs.sh.win, d)
	return true
}

// deviceKey is the preference that keeps this device's id for the hosts
// it joins (so a host gives it its seat back after a reload).
const deviceKey = "web.device"

// newDeviceID returns a fresh random device id.
func newDeviceID() string {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

// seatKey is the preference that remembers the seat taken in the game
// shared at addr with code.
func seatKey(addr, code string) string {
	return "web.seat." + addr + "." + share.NormalizeCode(code)
}

// joinLink joins the game shared at addr with the join code of the link
// the app was opened with, takes the seat this device took before (or asks
// for one), and opens the game on that seat's part of the screen. A wrong
// or outdated code is said in words, on the home screen.
func (sh *Shell) joinLink(addr, code string, done func()) {
	finish := func() {
		if done != nil {
			done()
		}
	}
	// A host that cannot be reached yet (restarting, or the phone's
	// network coming back) is tried again until it answers or the player
	// stops: a reload while the host is down must not drop the game.
	ctx, stop := context.WithCancel(context.Background())
	status := screen.WrapLabel(lang.X("share.connecting_to", "Connecting to {{.Addr}}…", map[string]any{"Addr": addr}))
	wait := dialog.NewCustom(lang.X("seat.joining_the_game", "Joining the game"), lang.X("seat.stop_trying", "Stop trying"), status, sh.win)
	wait.SetOnClosed(stop)
	wait.Show()
	prefs := sh.app.Preferences()
	key := seatKey(addr, code)
	device := prefs.String(deviceKey)
	if device == "" {
		device = newDeviceID()
		prefs.SetString(deviceKey, device)
	}
	remembered := prefs.String(key)
	// joined is the game's screen once it is open (on the UI goroutine):
	// the connection's news go to it, on screen or behind Home.
	var joined *gameScreen
	go func() {
		opts := share.ClientOptions{Seat: remembered, Device: device, OnStatus: func(up bool, err error) {
			fyne.Do(func() {
				gs := joined
				if gs == nil || sh.openScreen() != gs {
					return
				}
				if errors.Is(err, share.ErrCodeChanged) {
					gs.Say(lang.X("seat.the_host_shares_this", "The host shares this game with a new code now: scan its QR code again."), true)
					return
				}
				gs.Say(hostStatus(up), !up) // reconnect.go: gone (read only) or back
			})
		}}
		cl, err := dialUntilAnswered(ctx, addr, code, opts, func(tries int) {
			fyne.Do(func() {
				status.SetText(lang.X("seat.not_reached_yet", "{{.Addr}} does not answer yet (try {{.N}}): is it still sharing, on this network? Trying again…", map[string]any{"Addr": addr, "N": tries}))
			})
		})
		fyne.Do(func() {
			stopped := ctx.Err() != nil
			wait.Hide()
			if stopped && err != nil {
				finish() // the player stopped trying: Home, the game kept to reopen
				return
			}
			if err != nil {
				sh.showDialog(sh.win, dialog.NewInformation(lang.X("seat.could_not_join_the", "Could not join the game"),
					joinError(err)+"\n\n"+lang.X("seat.new_code_hint", "If the host started sharing again, it has a new code: scan its QR code again."), sh.win))
				finish()
				return
			}
			name := cl.Name()
			if name == "" {
				name = lang.X("share.shared_game", "Shared game")
			}
			sh.showGame(cl, lang.X("share.shared_title", "{{.Name}} (shared)", map[string]any{"Name": name}))
			gs := sh.game
			joined = gs
			prev := gs.cancel
			gs.cancel = func() {
				if prev != nil {
					prev()
				}
				go func() { _ = cl.Close() }()
			}
			if got := cl.Seat(); got != "" {
				remembered = got // the host gave this device its seat back
			}
			sh.chooseSeat(gs, remembered, func(seat string) {
				prefs.SetString(key, seat)
				// Reopened: the panel it showed, over the seat's own part.
				if gs.reopenPanel != "" && sh.game == gs {
					gs.ShowPanel(gs.reopenPanel)
				}
				finish()
			})
		})
	}()
}

// Retry pacing of a join whose host cannot be reached: the first tries
// come quickly (a host restarting is back within seconds), then every
// joinRetryMax.
const (
	joinRetryFirst = 500 * time.Millisecond
	joinRetryMax   = 5 * time.Second
)

// dialUntilAnswered joins the game shared at addr, trying again while the
// host cannot be reached (share.ErrUnreachable, share.ErrNoAnswer) until it
// answers or ctx ends; any other refusal (a wrong code, a full host) is
// returned at once. failed is told the number of each failed try.
func dialUntilAnswered(ctx context.Context, addr, code string, opts share.ClientOptions, failed func(tries int)) (*share.Client, error) {
	wait := joinRetryFirst
	for tries := 1; ; tries++ {
		cl, err := share.Dial(ctx, addr, code, opts)
		if err == nil {
			return cl, nil
		}
		if !errors.Is(err, share.ErrUnreachable) && !errors.Is(err, share.ErrNoAnswer) {
			return nil, err
		}
		failed(tries)
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("join %s: stopped after %d tries: %w", addr, tries, err)
		case <-time.After(wait):
		}
		wait = min(2*wait, joinRetryMax)
	}
}

func isClient(g screen.Game) bool {
	_, ok := g.(*share.Client)
	return ok
}

// seatDialogWidth is the width of the seat chooser on a desktop.
const seatDialogWidth = 440

// chooseSeat seats the game screen: on the remembered seat when the game
// still has it, else on the one the player picks. then gets the seat.
func (sh *Shell) chooseSeat(gs *gameScreen, remembered string, then func(seat string)) {
	st := gs.game.State()
	choices := tracker.SeatChoices(st)
	if remembered == seatWatch || remembered != "" && tracker.PlayerName(st, remembered) != "" {
		sh.sit(gs, remembered)
		then(remembered)
		return
	}
	if len(choices) == 0 {
		gs.Say(lang.X("seat.no_players_in_this", "No players in this game yet: this device may change everything. Reload to take a seat once the players are added."), false)
		then("")
		return
	}
	var d dialog.Dialog
	question := screen.WrapLabel(lang.X("seat.which_player", "Which player is this device?"))
	question.TextStyle.Bold = true
	why := screen.WrapLabel(lang.X("seat.why", "It changes that player's pieces freely and asks before changing anybody else's."))
	why.SizeName = theme.SizeNameCaptionText
	box := container.NewVBox(question, why)
	for _, c := range choices {
		c := c
		b := widget.NewButtonWithIcon(c.Name, theme.AccountIcon(), func() {
			d.Hide()
			sh.sit(gs, c.ID)
			then(c.ID)
		})
		b.Importance = widget.HighImportance
		box.Add(b)
	}
	box.Add(widget.NewButtonWithIcon(lang.X("seat.watch_only", "Watch only"), theme.VisibilityIcon(), func() {
		d.Hide()
		sh.sit(gs, seatWatch)
		then(seatWatch)
	}))
	d = dialog.NewCustomWithoutButtons(lang.X("seat.take_a_seat", "Take a seat"), box, sh.win)
	// A dialog is as narrow as its widest button; the question would wrap
	// into a thin column. Give it the width of a phone (less a margin), at
	// most a comfortable reading width on a desktop. Sized before it shows,
	// so that its buttons are never drawn (and tapped) at another place.
	win := sh.win.Canvas().Size()
	width := min(seatDialogWidth, win.Width-16)
	d.Resize(fyne.NewSize(width, d.MinSize().Height))
	d.Resize(fyne.NewSize(width, d.MinSize().Height)) // as tall as the text now wrapped
	d.Show()
}

// sit seats the game screen on seat, tells the host, and opens the seat's
// part of the screen.
func (sh *Shell) sit(gs *gameScreen, seat string) {
	gs.seat = seat
	var err error
	switch t := gs.game.(type) {
	case seatTaker:
		_, err = t.TakeSeat(seat)
	case interface{ TakeSeat(string) error }:
		err = t.TakeSeat(seat)
	}
	if err != nil {
		gs.Say(plainError(err), true)
	}
	if seat != seatWatch {
		gs.view.ShowSeat(seat)
	}
	st := gs.game.State()
	if seat == seatWatch {
		gs.Say(lang.X("seat.watching_changes_ask_first", "Watching. Changes ask first."), false)
	} else {
		gs.Say(lang.X("seat.device_is", "This device is {{.Name}}.", map[string]any{"Name": tracker.PlayerName(st, seat)}), false)
	}
}

// joinCodeFromHash reads the join code from a web app link's fragment,
// "#join=CODE" (other fragment parameters are ignored).
func joinCodeFromHash(hash string) (string, bool) {
	for _, part := range strings.Split(strings.TrimPrefix(hash, "#"), "&") {
		k, v, ok := strings.Cut(part, "=")
		if !ok || k != "join" {
			continue
		}
		if u, err := url.QueryUnescape(v); err == nil {
			v = u
		}
		code := share.NormalizeCode(v)
		if code == "" || len(code) > 32 {
			return "", false
		}
		return code, true
	}
	return "", false
}

// seat returns the seat of the open game ("" when none).
//
//lint:ignore U1000 used by the web build (web_js.go)
func (sh *Shell) seat() string {
	if sh.game == nil {
		return ""
	}
	return sh.game.seat
}

// gameSeq returns the log position of the open game as this device sees
// it (0 without a game).
//
//lint:ignore U1000 used by the web build (web_js.go)
func (sh *Shell) gameSeq() uint64 {
	if sh.game == nil {
		return 0
	}
	if s, ok := sh.game.game.(interface{ Seq() uint64 }); ok {
		return s.Seq()
	}
	return 0
}
