package screentest

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/tracker"
	"tableops/ui/screen"
)

// Frame is a screen.Frame for the tests of a game screen without the
// shell: the view's panels in the app's panel layout (screen.Adaptive)
// under a bar (Undo, Redo) and a status line, in a window. A command runs
// on the game as the shell's frame runs it (a refusal is said in the
// status line, with "Record it anyway"); there is no seat (every command
// runs at once), no home, no sharing, no log.
// PickCharacter and ScanCards only record that they were asked.
type Frame struct {
	win    fyne.Window
	game   screen.Game
	view   screen.View
	layout *screen.Adaptive
	status *widget.Label
	isErr  bool
	// stage is the view's stage (screen.Staged), shown in the bar.
	stage *widget.Label
	// action is the status line's button: "Record it anyway".
	action  *widget.Button
	content fyne.CanvasObject
	// undo and redo are the bar's buttons.
	undo, redo *widget.Button
	cancel     func()

	// Picks are the PickCharacter calls, in order; ScanUses the ScanCards
	// calls.
	Picks    []func(reference.Character)
	ScanUses []*screen.ScanUse
}

// Open shows the view that build makes for game in win, and follows the
// game: after every change the view is shown the new state, as in the app.
// Close stops following it.
func Open(win fyne.Window, game screen.Game, build func(screen.Frame) screen.View) *Frame {
	f := &Frame{win: win, game: game, status: widget.NewLabel(""), action: widget.NewButton("", nil)}
	f.status.Truncation = fyne.TextTruncateEllipsis
	f.action.Hide()
	f.view = build(f)
	f.layout = screen.NewAdaptive(0.58, f.view.Panels()...)
	f.layout.OnShow = f.view.Shown
	// A bar as tall as the app's (Undo and Redo act on the game), so a
	// panel has the room it has in the app.
	f.undo = widget.NewButtonWithIcon(lang.X("common.undo", "Undo"), theme.ContentUndoIcon(), func() { _, _ = game.Undo() })
	f.redo = widget.NewButtonWithIcon(lang.X("common.redo", "Redo"), theme.ContentRedoIcon(), func() { _, _ = game.Redo() })
	// The stage of the game (screen.Staged) in the bar, as the app
	// shows it on a wide window.
	f.stage = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	f.stage.Truncation = fyne.TextTruncateEllipsis
	bar := container.NewBorder(nil, nil, widget.NewButtonWithIcon("", theme.HomeIcon(), nil), container.NewHBox(f.undo, f.redo), f.stage)
	line := container.NewBorder(nil, nil, nil, f.action, f.status)
	f.content = container.NewBorder(container.NewVBox(bar, line), nil, nil, nil, f.layout)
	win.SetContent(f.content)
	f.cancel = game.Subscribe(func(tracker.Update) { fyne.Do(f.refresh) })
	f.refresh()
	if title := f.view.StartPanel(); title != "" {
		f.layout.ShowPanel(title)
	}
	return f
}

// View is the view on screen.
func (f *Frame) View() screen.View { return f.view }

// Undo is the bar's Undo button; Redo its Redo.
func (f *Frame) Undo() *widget.Button { return f.undo }

// Redo is the bar's Redo button.
func (f *Frame) Redo() *widget.Button { return f.redo }

// Status is the text of the status line.
func (f *Frame) Status() string { return f.status.Text }

// Close stops following the game.
func (f *Frame) Close() { f.cancel() }

// Refresh shows the game's state again, as after a change (a refusal
// shown before no longer applies).
func (f *Frame) Refresh() {
	if f.isErr {
		f.Say("", false)
	}
	if f.layout == nil {
		f.view.Show(f.game.State())
		return
	}
	f.layout.KeepScroll(func() { f.view.Show(f.game.State()) })
	if st, ok := f.view.(screen.Staged); ok {
		f.stage.SetText(st.Stage())
	}
}

// Stage is the stage of the game the frame shows (screen.Staged; "" for
// a view that names none).
func (f *Frame) Stage() string { return f.stage.Text }

func (f *Frame) refresh() { f.Refresh() }

// Game is the game on screen.
func (f *Frame) Game() screen.Game { return f.game }

// Exec runs a command; a refusal is said in the status line, with "Record
// it anyway" (screen.RecordAnyway) when a rule of the game refused it, as
// in the app.
func (f *Frame) Exec(cmd tracker.Command) bool {
	if err := f.Try(cmd); err != nil {
		f.refuse(cmd, err)
		return false
	}
	return true
}

func (f *Frame) refuse(cmd tracker.Command, err error) {
	f.Say(f.PlainError(err), true)
	var rej *tracker.Rejection
	if errors.As(err, &rej) && rej.Overridable {
		f.action.SetText(lang.X("game.record_it_anyway", "Record it anyway"))
		f.action.OnTapped = func() { screen.RecordAnyway(f, cmd, rej) }
		f.action.Show()
	}
}

// Try runs a command and returns its refusal.
func (f *Frame) Try(cmd tracker.Command) error {
	if _, err := f.game.Execute(cmd); err != nil {
		return err
	}
	f.Say("", false)
	return nil
}

// Submit runs a command for a form dialog: a refusal by a rule of the
// game goes to the status line as Exec's (and nil is returned), any other
// is returned.
func (f *Frame) Submit(cmd tracker.Command) error {
	err := f.Try(cmd)
	var rej *tracker.Rejection
	if errors.As(err, &rej) && rej.Overridable {
		f.refuse(cmd, err)
		return nil
	}
	return err
}

// Say shows msg in the status line (and takes its button away).
func (f *Frame) Say(msg string, isErr bool) {
	f.status.SetText(msg)
	f.isErr = isErr
	f.action.Hide()
}

// Seat is "": the device changes everything.
func (f *Frame) Seat() string { return "" }

// ShowPanel brings a panel into view.
func (f *Frame) ShowPanel(title string) { f.layout.ShowPanel(title) }

// PanelVisible reports whether a panel is on screen (every panel while
// the view is built).
func (f *Frame) PanelVisible(title string) bool {
	return f.layout == nil || f.layout.PanelVisible(title)
}

// FullScreen shows content over the whole window until restore; Escape
// (or Back) runs back, as in the app.
func (f *Frame) FullScreen(content fyne.CanvasObject, back func()) (restore func()) {
	c := f.win.Canvas()
	prev := c.OnTypedKey()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if screen.IsBack(ev) {
			back()
			return
		}
		if prev != nil {
			prev(ev)
		}
	})
	f.win.SetContent(content)
	return func() {
		c.SetOnTypedKey(prev)
		f.win.SetContent(f.content)
	}
}

// Content is the frame's content in the window: the bar, the status line
// and the panels.
func (f *Frame) Content() fyne.CanvasObject { return f.content }

// Preferences are the app's preferences.
func (f *Frame) Preferences() fyne.Preferences { return fyne.CurrentApp().Preferences() }

// PickCharacter records the call.
func (f *Frame) PickCharacter(onPick func(reference.Character)) {
	f.Picks = append(f.Picks, onPick)
}

// ScanCards records the call.
func (f *Frame) ScanCards(use *screen.ScanUse) { f.ScanUses = append(f.ScanUses, use) }

// Window is the window the frame is in.
func (f *Frame) Window() fyne.Window { return f.win }

// ShowDialog shows d.
func (f *Frame) ShowDialog(d dialog.Dialog) { d.Show() }

// PlainError is err in the player's words (screen.ErrText).
func (f *Frame) PlainError(err error) string { return screen.ErrText(err) }
