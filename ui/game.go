package ui

import (
	"errors"
	"fmt"
	"fyne.io/fyne/v2/lang"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/tracker"
)

// LiveGame is a game in progress as the screens use it: a saved game from
// the store (*store.Game), or a game shared by another device. Every change
// goes through Execute, Undo and Redo; Subscribe tells of every change, from
// any goroutine.
type LiveGame interface {
	Kind() tracker.Kind
	State() *tracker.State
	History() tracker.History
	Execute(cmd tracker.Command) ([]tracker.Event, error)
	Undo() (tracker.Step, error)
	Redo() (tracker.Step, error)
	Subscribe(fn func(tracker.Update)) (cancel func())
	NewSeed() (uint64, bool)
}

// gameView is the part of a game screen that belongs to one game: its panels
// and how they show a new state.
type gameView interface {
	// panels returns the panels of the screen, the main one first.
	panels() []panel
	// show shows the state (always on the UI goroutine): on the panels in
	// view at once, on the others when they come into view (see shown).
	show(st *tracker.State)
	// shown is told that the panel with the given title came into view.
	shown(title string)
}

// gameScreen frames an open game: a bar with home, undo and redo, the game's
// own panels, and the game log. It re-reads the state after every change.
type gameScreen struct {
	sh      *Shell
	game    LiveGame
	view    gameView
	content fyne.CanvasObject
	layout  *adaptive

	undoBtn, redoBtn *widget.Button
	logBtn           *widget.Button
	status           *statusLine
	logList          *logRows
	history          tracker.History
	cancel           func()
	// seat is the player this device sits as in a game joined from a phone
	// ("" : none, it changes everything; seatWatch: watching). See seat.go.
	seat string
}

func newGameScreen(sh *Shell, g LiveGame) *gameScreen {
	gs := &gameScreen{sh: sh, game: g}
	gs.view = newGameView(gs, g.Kind())
	home := widget.NewButtonWithIcon("", theme.HomeIcon(), sh.showHome)
	gs.undoBtn = widget.NewButtonWithIcon(lang.X("common.undo", "Undo"), theme.ContentUndoIcon(), gs.undo)
	gs.redoBtn = widget.NewButtonWithIcon(lang.X("common.redo", "Redo"), theme.ContentRedoIcon(), gs.redo)
	gs.status = newStatusLine(sh.win)
	gs.logBtn = widget.NewButtonWithIcon(lang.X("game.log", "Log"), theme.ListIcon(), gs.showLog)
	bar := container.NewBorder(nil, nil, home, container.NewHBox(gs.shareButton(), gs.logBtn, gs.undoBtn, gs.redoBtn))

	gs.logList = gs.newLogList()
	panels := append(gs.view.panels(), panel{title: lang.X("game.log", "Log"), icon: theme.ListIcon(), content: padded(gs.logPanel(gs.logList)), wideOnly: true})
	gs.layout = newAdaptive(0.58, panels...)
	gs.layout.onSwitch = gs.fitBar
	gs.layout.onShow = gs.panelShown
	gs.fitBar(gs.layout.wide)
	gs.content = container.NewBorder(container.NewVBox(bar, gs.status), nil, nil, nil, gs.layout)

	gs.cancel = g.Subscribe(func(tracker.Update) { fyne.Do(gs.refresh) })
	gs.refresh()
	// A game that starts on another panel than the first (a new Away
	// Missions game is set up on its Round panel) opens there: one tap
	// less for every new game.
	if sp, ok := gs.view.(interface{ startPanel() string }); ok {
		if title := sp.startPanel(); title != "" {
			gs.layout.show(title)
		}
	}
	return gs
}

// fitBar labels the bar's buttons on a wide window and leaves them icons
// only on a phone, so the bar fits a screen held upright.
func (gs *gameScreen) fitBar(wide bool) {
	for _, b := range []struct {
		btn  *widget.Button
		text string
	}{{gs.logBtn, lang.X("game.log", "Log")}, {gs.undoBtn, lang.X("common.undo", "Undo")}, {gs.redoBtn, lang.X("common.redo", "Redo")}} {
		if wide {
			b.btn.SetText(b.text)
		} else {
			b.btn.SetText("")
		}
	}
}

// newLogList lists the steps of the game, newest first; each row is as
// tall as its wrapped text (score_log.go).
func (gs *gameScreen) newLogList() *logRows {
	return newLogRows(func() []string {
		lines := make([]string, len(gs.history.Undo))
		for i, st := range gs.history.Undo {
			lines[i] = fmt.Sprintf("%s  %s", st.At.Local().Format("15:04"), trTexts(st.Texts()))
		}
		return lines
	})
}

// logPanel frames a log list with its heading.
func (gs *gameScreen) logPanel(list *logRows) fyne.CanvasObject {
	hint := widget.NewLabel(lang.X("game.newest_first_in_bold", "Newest first, in bold. Undo takes back the top step."))
	hint.Wrapping = fyne.TextWrapWord
	return container.NewBorder(container.NewVBox(heading(lang.X("game.game_log", "Game log")), hint), nil, nil, nil, list.framed())
}

// showLog brings the game log into view: its tab on a wide window, a
// full-height sheet over a phone's screen.
func (gs *gameScreen) showLog() {
	if gs.layout.wide {
		gs.layout.show(lang.X("game.log", "Log"))
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

// refresh shows the session's current state, undo/redo and log.
func (gs *gameScreen) refresh() {
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
	if gs.layout.visible(lang.X("game.log", "Log")) {
		gs.logList.Refresh()
	}
	// A refusal shown before this change no longer applies to what is on
	// screen now.
	gs.status.clearError()
	gs.view.show(gs.game.State())
	if gs.sh.shown != nil {
		gs.sh.shown(time.Since(start))
	}
}

// panelShown brings a panel that came into view up to date.
func (gs *gameScreen) panelShown(title string) {
	if title == lang.X("game.log", "Log") {
		gs.logList.Refresh()
		return
	}
	gs.view.shown(title)
}

// exec runs a command on the game. A refused command changes nothing; its
// reason shows under the bar, where the player looks next. It reports
// whether the command was applied.
func (gs *gameScreen) exec(cmd tracker.Command) bool {
	if gs.askFirst(cmd) { // another player's pieces: asks, then runs it (seat.go)
		return false
	}
	return gs.run(cmd)
}

// run runs a command without asking (see exec).
func (gs *gameScreen) run(cmd tracker.Command) bool {
	if _, err := gs.game.Execute(cmd); err != nil {
		gs.refuse(cmd, err)
		return false
	}
	gs.say("", false)
	return true
}

// refuse shows why a command was refused. When a rule of the game refused
// it, the line offers to record it anyway: the physical table has the last
// word.
func (gs *gameScreen) refuse(cmd tracker.Command, err error) {
	gs.say(plainError(err), true)
	var rej *tracker.Rejection
	if errors.As(err, &rej) && rej.Overridable {
		gs.status.setAction(lang.X("game.record_it_anyway", "Record it anyway"), func() { gs.recordAnyway(cmd, rej) })
	}
}

// recordAnyway asks the table for a short reason and records a refused
// step as a table ruling (undoable, shown in the log).
func (gs *gameScreen) recordAnyway(cmd tracker.Command, rej *tracker.Rejection) {
	reason := newTextEntry()
	reason.SetPlaceHolder(lang.X("game.e_g_a_card", "e.g. a card in play allows it"))
	rule := wrapLabel(rej.In(trText))
	f := newFormDialog(gs.sh, lang.X("game.record_it_anyway", "Record it anyway"), lang.X("game.record", "Record"), []*widget.FormItem{
		widget.NewFormItem(lang.X("game.refused", "Refused"), rule),
		widget.NewFormItem(lang.X("game.why_the_table_allows", "Why the table allows it"), reason),
	}, func() error {
		if strings.TrimSpace(reason.Text) == "" {
			return onField(reason, lang.X("game.say_in_a_few", "Say in a few words why the table allows it."))
		}
		if err := gs.try(tracker.Ruling{Reason: reason.Text, Command: cmd}); err != nil {
			return err
		}
		gs.say(lang.X("game.ruling_recorded", "Recorded as a table ruling: {{.Reason}}", map[string]any{"Reason": strings.TrimSpace(reason.Text)}), false)
		return nil
	})
	reason.OnSubmitted = func(string) { f.Submit() }
	f.Show()
	gs.sh.win.Canvas().Focus(reason)
}

// try runs a command for a form that stays open when it is refused: it
// returns the refusal (for the form to show) and changes nothing, or nil
// when the command was applied.
func (gs *gameScreen) try(cmd tracker.Command) error {
	if _, err := gs.game.Execute(cmd); err != nil {
		return err
	}
	gs.say("", false)
	return nil
}

// say shows a short message in the status line under the bar (an error
// stands out); an empty message clears it. The line keeps its height either
// way, so nothing on screen moves.
func (gs *gameScreen) say(msg string, isErr bool) {
	gs.status.set(msg, isErr)
}

func (gs *gameScreen) undo() {
	st, err := gs.game.Undo()
	if err != nil {
		gs.say(plainError(err), true)
		return
	}
	gs.say(lang.X("game.undone", "Undone: {{.Step}}", map[string]any{"Step": trTexts(st.Texts())}), false)
}

func (gs *gameScreen) redo() {
	st, err := gs.game.Redo()
	if err != nil {
		gs.say(plainError(err), true)
		return
	}
	gs.say(lang.X("game.redone", "Redone: {{.Step}}", map[string]any{"Step": trTexts(st.Texts())}), false)
}

// close stops listening to the game.
func (gs *gameScreen) close() {
	if gs.cancel != nil {
		gs.cancel()
	}
}
