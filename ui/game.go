package ui

import (
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/tracker"
	"tableops/ui/screen"
)

// gameScreen frames an open game: a bar with home, undo and redo, the game's
// own panels, and the game log. It re-reads the state after every change.
// It is the screen.Frame its view is drawn in.
type gameScreen struct {
	sh      *Shell
	game    screen.Game
	view    screen.View
	content fyne.CanvasObject
	layout  *screen.Adaptive
	// collector collects garbage when a browser page is idle after a
	// change (idlegc.go).
	collector idleCollector

	undoBtn, redoBtn *widget.Button
	logBtn, scanBtn  *widget.Button
	status           *statusLine
	logList          *logRows
	history          tracker.History
	cancel           func()
	// seat is the player this device sits as in a game joined from a phone
	// ("" : none, it changes everything; seatWatch: watching). See seat.go.
	seat string

	// name is the game's name, title the main window's title while the
	// game shows (Home's way back names it).
	name, title string
	// hidden is set while the game is kept open behind Home (a joined or
	// shared game keeps its connection and seat, see Shell.showHome);
	// stale is set when it changed meanwhile, to be shown on the way back.
	hidden, stale bool
	// remember is set once the screen is shown: from then on, the panel
	// that comes into view is the one a restart reopens (reopen.go).
	remember bool
	// reopenPanel is the panel the game showed when the app was last
	// closed, when the app reopens it ("" otherwise).
	reopenPanel string
	// hosting reports whether this device shares the game now (share.go;
	// nil: it does not).
	hosting func() bool
}

func newGameScreen(sh *Shell, g screen.Game) *gameScreen {
	gs := &gameScreen{sh: sh, game: g}
	gs.view = newGameView(gs, g.Kind())
	home := widget.NewButtonWithIcon("", theme.HomeIcon(), sh.showHome)
	gs.undoBtn = widget.NewButtonWithIcon(lang.X("common.undo", "Undo"), theme.ContentUndoIcon(), gs.undo)
	gs.redoBtn = widget.NewButtonWithIcon(lang.X("common.redo", "Redo"), theme.ContentRedoIcon(), gs.redo)
	gs.status = newStatusLine(sh.win)
	gs.logBtn = widget.NewButtonWithIcon(lang.X("game.log", "Log"), theme.ListIcon(), gs.showLog)
	// Scan stays in the game and puts the card to use there (scan_game.go).
	gs.scanBtn = widget.NewButtonWithIcon(lang.X("game.scan", "Scan"), theme.MediaPhotoIcon(), gs.scan)
	bar := container.NewBorder(nil, nil, home, container.NewHBox(gs.shareButton(), gs.scanBtn, gs.logBtn, gs.undoBtn, gs.redoBtn))

	gs.logList = gs.newLogList()
	panels := append(gs.view.Panels(), screen.Panel{Title: lang.X("game.log", "Log"), Icon: theme.ListIcon(), Content: screen.Padded(gs.logPanel(gs.logList)), WideOnly: true})
	gs.layout = screen.NewAdaptive(0.58, panels...)
	gs.layout.OnSwitch = gs.fitBar
	gs.layout.OnShow = gs.panelShown
	gs.fitBar(gs.layout.Wide())
	gs.content = gs.frameContent(bar) // gameframe.go

	gs.cancel = g.Subscribe(func(tracker.Update) { fyne.Do(gs.refresh) })
	gs.refresh()
	// A game that starts on another panel than the first (a new Away
	// Missions game is set up on its Round panel) opens there: one tap
	// less for every new game.
	if title := gs.view.StartPanel(); title != "" {
		gs.layout.ShowPanel(title)
	}
	return gs
}

// fitBar labels the bar's buttons on a wide window and leaves them icons
// only on a phone, so the bar fits a screen held upright.
func (gs *gameScreen) fitBar(wide bool) {
	for _, b := range []struct {
		btn  *widget.Button
		text string
	}{{gs.scanBtn, lang.X("game.scan", "Scan")}, {gs.logBtn, lang.X("game.log", "Log")}, {gs.undoBtn, lang.X("common.undo", "Undo")}, {gs.redoBtn, lang.X("common.redo", "Redo")}} {
		if wide {
			b.btn.SetText(b.text)
		} else {
			b.btn.SetText("")
		}
	}
}

// newLogList lists the steps of the game, newest first; each row is as
// tall as its wrapped text (game_log.go).
func (gs *gameScreen) newLogList() *logRows {
	return newLogRows(func() []string {
		lines := make([]string, len(gs.history.Undo))
		for i, st := range gs.history.Undo {
			lines[i] = fmt.Sprintf("%s  %s", st.At.Local().Format("15:04"), screen.TrTexts(st.Texts()))
		}
		return lines
	})
}

// logPanel frames a log list with its heading.
func (gs *gameScreen) logPanel(list *logRows) fyne.CanvasObject {
	hint := widget.NewLabel(lang.X("game.newest_first_in_bold", "Newest first, in bold. Undo takes back the top step."))
	hint.Wrapping = fyne.TextWrapWord
	return container.NewBorder(container.NewVBox(screen.Heading(lang.X("game.game_log", "Game log")), hint), gs.olderSteps(list), nil, nil, list.framed())
}

// showLog brings the game log into view: its tab on a wide window, a
// full-height sheet over a phone's screen.
func (gs *gameScreen) showLog() {
	if gs.layout.Wide() {
		gs.layout.ShowPanel(lang.X("game.log", "Log"))
		return
	}
	list := gs.newLogList()
	cancel := gs.game.Subscribe(func(tracker.Update) { fyne.Do(list.Refresh) })
	d := dialog.NewCustom(lang.X("game.game_log", "Game log"), lang.X("common.close", "Close"), gs.logPanel(list), gs.sh.win)
	d.SetOnClosed(cancel)
	size := gs.sh.win.Canvas().Size()
	d.Resize(fyne.NewSize(size.Width-20, size.Height-40))
	gs.sh.showDialog(gs.sh.win, d)
}

// refresh shows the session's current state, undo/redo and log. Behind
// Home it only notes that there is something new to show.
func (gs *gameScreen) refresh() {
	if gs.hidden {
		gs.stale = true
		return
	}
	gs.stale = false
	start := time.Now()
	gs.history = gs.game.History()
	if len(gs.history.Undo) > 0 {
		gs.undoBtn.Enable()
	} else {
		gs.undoBtn.Disable()
	}
	if len(gs.history.Redo) > 0 {
		gs.redoBtn.Enable()
	} else {
		gs.redoBtn.Disable()
	}
	if gs.layout.PanelVisible(lang.X("game.log", "Log")) {
		gs.logList.Refresh()
	}
	// A refusal shown before this change no longer applies to what is on
	// screen now.
	gs.status.clearError()
	gs.layout.KeepScroll(func() { gs.view.Show(gs.game.State()) })
	gs.followGame()
	if gs.sh.shown != nil {
		gs.sh.shown(time.Since(start))
	}
	gs.collector.request()
}

// panelShown brings a panel that came into view up to date, and
// remembers it as the panel to reopen on (reopen.go).
func (gs *gameScreen) panelShown(title string) {
	gs.rememberPanel(title)
	if title == lang.X("game.log", "Log") {
		gs.logList.Refresh()
		return
	}
	gs.view.Shown(title)
}

// Exec runs a command on the game. A refused command changes nothing; its
// reason shows under the bar, where the player looks next. It reports
// whether the command was applied.
func (gs *gameScreen) Exec(cmd tracker.Command) bool {
	if gs.askFirst(cmd) { // another player's pieces: asks, then runs it (seat.go)
		return false
	}
	return gs.run(cmd)
}

// run runs a command without asking (see Exec).
func (gs *gameScreen) run(cmd tracker.Command) bool {
	if _, err := gs.game.Execute(cmd); err != nil {
		gs.refuse(cmd, err)
		return false
	}
	gs.sayDone()
	return true
}

// refuse shows why a command was refused. When a rule of the game refused
// it, the line offers to record it anyway: the physical table has the last
// word.
func (gs *gameScreen) refuse(cmd tracker.Command, err error) {
	gs.Say(plainError(err), true)
	var rej *tracker.Rejection
	if errors.As(err, &rej) && rej.Overridable {
		gs.status.setAction(lang.X("game.record_it_anyway", "Record it anyway"), func() { screen.RecordAnyway(gs, cmd, rej) })
	}
}

// Try runs a command for a form that stays open when it is refused: it
// returns the refusal (for the form to show) and changes nothing, or nil
// when the command was applied.
func (gs *gameScreen) Try(cmd tracker.Command) error {
	if _, err := gs.game.Execute(cmd); err != nil {
		return err
	}
	gs.sayDone()
	return nil
}

// Say shows a short message in the status line under the bar (an error
// stands out); an empty message clears it. The line keeps its height either
// way, so nothing on screen moves.
func (gs *gameScreen) Say(msg string, isErr bool) {
	gs.status.set(msg, isErr)
}

// Submit runs a command for a form dialog: nil closes the form (applied,
// or handed to the status line: a refusal by a rule of the game offers
// "Record it anyway" there, another player's pieces ask first); any other
// refusal is returned for the form to show, keeping what was typed.
func (gs *gameScreen) Submit(cmd tracker.Command) error {
	if gs.askFirst(cmd) {
		return nil
	}
	err := gs.Try(cmd)
	var rej *tracker.Rejection
	if errors.As(err, &rej) && rej.Overridable {
		gs.refuse(cmd, err)
		return nil
	}
	return err
}

// Game is the game on screen.
func (gs *gameScreen) Game() screen.Game { return gs.game }

// Seat is the player this device sits as (see seat.go).
func (gs *gameScreen) Seat() string { return gs.seat }

// Window is the main window.
func (gs *gameScreen) Window() fyne.Window { return gs.sh.win }

// ShowDialog shows d in the main window (see Shell.showDialog).
func (gs *gameScreen) ShowDialog(d dialog.Dialog) { gs.sh.showDialog(gs.sh.win, d) }

// PlainError is the message a player reads for err (see plainError).
func (gs *gameScreen) PlainError(err error) string { return plainError(err) }

// Preferences are the app's preferences.
func (gs *gameScreen) Preferences() fyne.Preferences { return gs.sh.app.Preferences() }

// ShowPanel brings a panel into view.
func (gs *gameScreen) ShowPanel(title string) { gs.layout.ShowPanel(title) }

// PanelVisible reports whether a panel is on screen; every panel counts
// as on screen while the view is built (before the layout exists).
func (gs *gameScreen) PanelVisible(title string) bool {
	return gs.layout == nil || gs.layout.PanelVisible(title)
}

// FullScreen shows content alone over the whole window, full screen, with
// Escape (or Back) running back; restore puts the game screen back.
func (gs *gameScreen) FullScreen(content fyne.CanvasObject, back func()) (restore func()) {
	win := gs.sh.win
	c := win.Canvas()
	prevKey := c.OnTypedKey()
	c.SetOnTypedKey(gs.sh.onBack(win, back, prevKey))
	win.SetContent(content)
	win.SetFullScreen(true)
	return func() {
		c.SetOnTypedKey(prevKey)
		win.SetFullScreen(false)
		win.SetContent(gs.content)
	}
}

// PickCharacter opens the card catalog to pick a character.
func (gs *gameScreen) PickCharacter(onPick func(reference.Character)) { gs.sh.pickCharacter(onPick) }

// ScanCards opens the scanner, for use when it is not nil.
func (gs *gameScreen) ScanCards(use *screen.ScanUse) { gs.sh.scanCards(use) }

func (gs *gameScreen) undo() {
	st, err := gs.game.Undo()
	if err != nil {
		gs.Say(plainError(err), true)
		return
	}
	gs.Say(lang.X("game.undone", "Undone: {{.Step}}", map[string]any{"Step": screen.TrTexts(st.Texts())}), false)
}

func (gs *gameScreen) redo() {
	st, err := gs.game.Redo()
	if err != nil {
		gs.Say(plainError(err), true)
		return
	}
	gs.Say(lang.X("game.redone", "Redone: {{.Step}}", map[string]any{"Step": screen.TrTexts(st.Texts())}), false)
}

// close stops listening to the game.
func (gs *gameScreen) close() {
	if gs.cancel != nil {
		gs.cancel()
	}
}
