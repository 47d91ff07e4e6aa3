package ui

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen"
)

// Shell is the main window: the home screen, and the game screen of the game
// that is open. It owns no game state: games live in the store.
type Shell struct {
	app   fyne.App
	win   fyne.Window
	store *store.Store
	// storeErr explains why saved games are unavailable (nil when they are).
	storeErr error

	home *home
	game *gameScreen
	// behind is a joined or shared game kept open while Home shows: its
	// connection and seat stay, and Home offers the way back (nil when
	// none). At most one game is open, on screen or behind Home.
	behind *gameScreen

	// lib is the rules reference, loaded the first time it is needed.
	lib      *reference.Library
	rules    *rulesView
	rulesWin fyne.Window
	// rulesPage is the rules shown over the whole main window (on a
	// phone).
	rulesPage *page

	// pages are the screens shown over the whole main window on a phone
	// (rules, catalog, scanner), the top one last.
	pages []*page

	// dialogs are the dialogs open with showDialog, the top one last.
	dialogs []*shownDialog

	// rejoined gets a value when the joined game the app reopened has
	// joined and taken its seat, or failed to (tests wait on it).
	rejoined chan struct{}

	// shown, when set, is told each time the open game's screen has
	// shown a new state, and how long showing it took (the web page's
	// automation hook times a change from a tap to the frame showing it).
	shown func(took time.Duration)
}

// page is a screen that takes the whole main window on a phone, where a
// second window would open on a desktop: a bar with Close and its title
// above the screen's own content. Closing it puts back what it covered.
type page struct {
	body    fyne.CanvasObject
	content fyne.CanvasObject
	title   string
	// below and belowTitle are what the page covers.
	below      fyne.CanvasObject
	belowTitle string
	// closed runs once when the page goes (closed or dropped).
	closed func()
	// prevKey is the window's key handler before the page, put back
	// when it goes.
	prevKey func(*fyne.KeyEvent)
}

// phoneSized reports whether the main window is phone-sized: screens that
// open a window of their own on a desktop take the main window instead.
func (sh *Shell) phoneSized() bool { return sh.win.Canvas().Size().Width < screen.WideWidth }

// pushPage shows body over the whole main window under a bar with Close
// and title; closed runs when the page goes.
func (sh *Shell) pushPage(title string, body fyne.CanvasObject, closed func()) *page {
	p := &page{body: body, title: title, below: sh.win.Content(), belowTitle: sh.win.Title(), closed: closed}
	back := widget.NewButtonWithIcon(lang.X("common.close", "Close"), theme.NavigateBackIcon(), func() { sh.closePage(p) })
	// One line for the title, cut short if need be: on a small phone a
	// wrapped title would take the height the page needs.
	name := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.SizeName = theme.SizeNameSubHeadingText
	name.Truncation = fyne.TextTruncateEllipsis
	bar := container.NewBorder(nil, nil, back, nil, name)
	p.content = container.NewBorder(bar, nil, nil, nil, body)
	sh.pages = append(sh.pages, p)
	c := sh.win.Canvas()
	p.prevKey = c.OnTypedKey()
	c.SetOnTypedKey(sh.onBack(sh.win, func() { sh.closePage(p) }, p.prevKey))
	sh.win.SetContent(p.content)
	sh.win.SetTitle(title)
	return p
}

// closePage closes p and any page opened over it, and puts back what p
// covered. A page already gone is left alone.
func (sh *Shell) closePage(p *page) {
	i := slices.Index(sh.pages, p)
	if i < 0 {
		return
	}
	gone := sh.pages[i:]
	sh.pages = slices.Clip(sh.pages[:i])
	for j := len(gone) - 1; j >= 0; j-- {
		if gone[j].closed != nil {
			gone[j].closed()
		}
	}
	sh.win.Canvas().SetOnTypedKey(p.prevKey)
	sh.win.SetContent(p.below)
	sh.win.SetTitle(p.belowTitle)
}

// uncover closes the pages opened over p, so that p is on screen.
func (sh *Shell) uncover(p *page) {
	if i := slices.Index(sh.pages, p); i >= 0 && i < len(sh.pages)-1 {
		sh.closePage(sh.pages[i+1])
	}
}

// dropPages forgets every page without putting anything back: the main
// window is about to show something else (home, a game).
func (sh *Shell) dropPages() {
	gone := sh.pages
	if len(gone) == 0 {
		return
	}
	sh.pages = nil
	sh.win.Canvas().SetOnTypedKey(gone[0].prevKey)
	for j := len(gone) - 1; j >= 0; j-- {
		if gone[j].closed != nil {
			gone[j].closed()
		}
	}
}

// NewShell builds the main window. st is the open store of saved games; when
// it could not be opened, st is nil and storeErr says why (the file is left
// untouched and the home screen explains it).
func NewShell(a fyne.App, st *store.Store, storeErr error) *Shell {
	sh := &Shell{app: a, store: st, storeErr: storeErr, rejoined: make(chan struct{}, 1)}
	sh.applyTheme()
	sh.win = a.NewWindow(lang.X("app.title", "Table Ops"))
	sh.win.Resize(fyne.NewSize(phoneWidth, phoneHeight))
	sh.home = newHome(sh)
	sh.showHome()
	// Escape (or a phone's Back) closes the top dialog; pages and the
	// scoreboard put their own handler over this one while they show.
	sh.win.Canvas().SetOnTypedKey(sh.onBack(sh.win, nil, nil))
	sh.installShortcuts()
	// The game the app showed when it was closed opens again, on the
	// panel it showed (reopen.go).
	sh.reopen()
	return sh
}

// The size the main window opens at: a phone held upright, 400 wide so
// that it fits a 400x800 screen whole, 760 high so that a title bar (up to
// 40 px) still fits on it. Larger screens may resize it.
const phoneWidth, phoneHeight = 400, 760

// Window returns the main window.
func (sh *Shell) Window() fyne.Window { return sh.win }

// showHome shows the home screen. A game joined from another device, or
// shared from this one, stays open behind it, connected and seated, with
// its way back at the top of Home; any other game is closed.
func (sh *Shell) showHome() {
	if gs := sh.game; gs != nil {
		sh.game = nil
		if gs.keptBehindHome() {
			gs.hidden = true
			sh.behind = gs
		} else {
			gs.close()
			sh.forgetLastGame()
		}
	}
	sh.dropPages()
	sh.app.Driver().SetDisableScreenBlanking(false)
	sh.home.reload()
	sh.win.SetContent(sh.home.content)
	sh.win.SetTitle(lang.X("app.title", "Table Ops"))
}

// openGame opens a saved game by id and shows its screen.
func (sh *Shell) openGame(id string) {
	if sh.store == nil {
		sh.showError(lang.X("app.open_game", "Open game"), sh.storeErr)
		return
	}
	g, err := sh.store.OpenGame(id)
	if err != nil {
		sh.showError(lang.X("app.open_game", "Open game"), err)
		return
	}
	info, _ := g.Info()
	sh.showGame(g, info.Name)
	if d := g.Damage(); d != nil {
		sh.showDialog(sh.win, dialog.NewInformation(lang.X("app.damaged_game", "Damaged game"), lang.X("app.damaged_body",
			"{{.What}}. The game opened at the last good event; you can export it. The damaged events stay in the file, and are kept aside if you go on playing.",
			map[string]any{"What": strings.ToUpper(d.String()[:1]) + d.String()[1:]}), sh.win))
	}
}

// showGame shows the screen for a game in progress, titled name. The game
// kept behind Home, if any, is closed: one game is open at a time.
func (sh *Shell) showGame(g screen.Game, name string) {
	if sh.game != nil {
		sh.game.close()
	}
	if sh.behind != nil {
		sh.behind.close()
		sh.behind = nil
	}
	sh.dropPages()
	sh.game = newGameScreen(sh, g)
	sh.game.name = name
	sh.game.title = lang.X("app.title_game", "Table Ops — {{.Name}}", map[string]any{"Name": name})
	// Keep the screen on while a game is open, where the platform allows.
	sh.app.Driver().SetDisableScreenBlanking(sh.keepAwake())
	sh.win.SetContent(sh.game.content)
	sh.win.SetTitle(sh.game.title)
	sh.rememberGame(sh.game) // the game a restart reopens (reopen.go)
}

// backToGame shows the game kept behind Home again, as it is now: one tap
// from Home, connected and seated as before.
func (sh *Shell) backToGame() {
	gs := sh.behind
	if gs == nil {
		return
	}
	sh.behind = nil
	sh.dropPages()
	sh.game = gs
	gs.hidden = false
	sh.app.Driver().SetDisableScreenBlanking(sh.keepAwake())
	sh.win.SetContent(gs.content)
	sh.win.SetTitle(gs.title)
	if gs.stale {
		gs.refresh()
	}
}

// openScreen is the open game's screen, on screen or kept behind Home
// (nil when no game is open).
func (sh *Shell) openScreen() *gameScreen {
	if sh.game != nil {
		return sh.game
	}
	return sh.behind
}

// showError tells the player, in plain words, why something did not happen.
func (sh *Shell) showError(what string, err error) {
	if err == nil {
		return
	}
	sh.showDialog(sh.win, dialog.NewError(fmt.Errorf("%s: %s", what, plainError(err)), sh.win))
}

// plainError returns the message a player should read for err: the reason of
// a tracker rejection with the broken rule and its source, the saved games'
// known troubles in the player's language, and otherwise the innermost
// reason of a wrapped error (never the chain of what the code was doing,
// such as "create game: ...").
func plainError(err error) string {
	var rej *tracker.Rejection
	if errors.As(err, &rej) {
		return rej.In(screen.TrText)
	}
	if msg := shareReason(err); msg != "" {
		return msg
	}
	switch {
	case errors.Is(err, store.ErrFutureVersion):
		return lang.X("app.err.future_version", "The saved games file was written by a newer version of Table Ops.")
	case errors.Is(err, store.ErrInUse):
		return lang.X("app.err.in_use", "The saved games file is in use by another copy of Table Ops.")
	case errors.Is(err, store.ErrUnreadable):
		return lang.X("app.err.unreadable", "The saved games file cannot be read.")
	case errors.Is(err, store.ErrNoGame):
		return lang.X("app.err.no_game", "This game is no longer in your saved games.")
	case errors.Is(err, store.ErrInTrash):
		return lang.X("app.err.in_trash", "The game is in the trash.")
	case errors.Is(err, store.ErrClosed):
		return lang.X("app.err.closed", "The saved games are closed.")
	}
	msg := screen.ErrText(err)
	for {
		m := opPrefix().FindStringIndex(msg)
		if m == nil {
			break
		}
		msg = msg[m[1]:]
	}
	switch msg {
	case "the game needs a name":
		return lang.X("app.err.needs_name", "The game needs a name.")
	case "the game name is too long (at most 60 characters)":
		return lang.X("app.err.name_too_long", "The game name is too long (at most 60 characters).")
	}
	return msg
}

// opPrefix is what the code was doing when an error happened ("create game:
// "), which the player does not need to read.
var opPrefix = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(create|rename|open|list|import|export|purge|delete|restore|read) games?( "[^"]*")?: `)
})

// installShortcuts binds the desktop keyboard shortcuts: undo, redo, roll
// and rules search. They act on the open game, if any.
func (sh *Shell) installShortcuts() {
	c := sh.win.Canvas()
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) {
		if sh.game != nil {
			sh.game.undo()
		}
	})
	redo := func(fyne.Shortcut) {
		if sh.game != nil {
			sh.game.redo()
		}
	}
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyY, Modifier: fyne.KeyModifierShortcutDefault}, redo)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}, redo)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyF, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) {
		sh.showRules()
	})
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) {
		if sh.game == nil {
			return
		}
		sh.game.view.RollNow()
	})
}
