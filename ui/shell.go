// Package ui holds the Fyne screens of Table Ops. It shows tracker state and
// sends tracker commands; it holds no game logic of its own.
package ui

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/tracker"
	"tableops/tracker/store"
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

	// lib is the rules reference, loaded the first time it is needed.
	lib      *reference.Library
	rules    *rulesView
	rulesWin fyne.Window
}

// NewShell builds the main window. st is the open store of saved games; when
// it could not be opened, st is nil and storeErr says why (the file is left
// untouched and the home screen explains it).
func NewShell(a fyne.App, st *store.Store, storeErr error) *Shell {
	sh := &Shell{app: a, store: st, storeErr: storeErr}
	sh.applyTheme()
	sh.win = a.NewWindow("Table Ops")
	sh.win.Resize(fyne.NewSize(420, 820))
	sh.home = newHome(sh)
	sh.showHome()
	sh.installShortcuts()
	return sh
}

// Window returns the main window.
func (sh *Shell) Window() fyne.Window { return sh.win }

// showHome closes the open game, if any, and shows the home screen.
func (sh *Shell) showHome() {
	if sh.game != nil {
		sh.game.close()
		sh.game = nil
	}
	sh.app.Driver().SetDisableScreenBlanking(false)
	sh.home.reload()
	sh.win.SetContent(sh.home.content)
	sh.win.SetTitle("Table Ops")
}

// openGame opens a saved game by id and shows its screen.
func (sh *Shell) openGame(id string) {
	if sh.store == nil {
		sh.showError("Open game", sh.storeErr)
		return
	}
	g, err := sh.store.OpenGame(id)
	if err != nil {
		sh.showError("Open game", err)
		return
	}
	info, _ := g.Info()
	sh.showGame(g, info.Name)
	if d := g.Damage(); d != nil {
		dialog.ShowInformation("Damaged game", strings.ToUpper(d.String()[:1])+d.String()[1:]+
			". The game opened at the last good event; you can export it. The damaged events stay in the file, "+
			"and are kept aside if you go on playing.", sh.win)
	}
}

// showGame shows the screen for a game in progress, titled name.
func (sh *Shell) showGame(g LiveGame, name string) {
	if sh.game != nil {
		sh.game.close()
	}
	sh.game = newGameScreen(sh, g)
	// Keep the screen on while a game is open, where the platform allows.
	sh.app.Driver().SetDisableScreenBlanking(sh.keepAwake())
	sh.win.SetContent(sh.game.content)
	sh.win.SetTitle("Table Ops — " + name)
}

// showError tells the player, in plain words, why something did not happen.
func (sh *Shell) showError(what string, err error) {
	if err == nil {
		return
	}
	dialog.ShowError(fmt.Errorf("%s: %s", what, plainError(err)), sh.win)
}

// plainError returns the message a player should read for err: the reason of
// a tracker rejection with the broken rule and its source, other errors as
// they are wrapped.
func plainError(err error) string {
	var rej *tracker.Rejection
	if errors.As(err, &rej) {
		return rej.Error()
	}
	return err.Error()
}

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
		if r, ok := sh.game.view.(roller); ok {
			r.rollNow()
		}
	})
}

// roller is a game view that can roll its current dice at a keystroke.
type roller interface{ rollNow() }

// heading is a large bold label.
func heading(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameSubHeadingText
	l.Wrapping = fyne.TextWrapWord
	return l
}

// padded wraps content in the theme's padding.
func padded(o fyne.CanvasObject) fyne.CanvasObject { return container.NewPadded(o) }
