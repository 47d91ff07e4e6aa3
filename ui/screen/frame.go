package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"tableops/rules/reference"
	"tableops/scan"
	"tableops/scan/cards"
	"tableops/tracker"
)

// Game is a game in progress as the screens use it: a saved game from the
// store (*store.Game), or a game shared by another device (*share.Client).
// Every change goes through Execute, Undo and Redo; Subscribe tells of
// every change, from any goroutine.
type Game interface {
	Kind() tracker.Kind
	State() *tracker.State
	History() tracker.History
	Execute(cmd tracker.Command) ([]tracker.Event, error)
	Undo() (tracker.Step, error)
	Redo() (tracker.Step, error)
	Subscribe(fn func(tracker.Update)) (cancel func())
	NewSeed() (uint64, bool)
}

// Dialogs is where a form or a dialog shows: a window, the list of open
// dialogs that Escape (or a phone's Back) closes from the top, and the
// words a player reads for an error.
type Dialogs interface {
	// Window is the window the dialogs show in.
	Window() fyne.Window
	// ShowDialog shows d in Window so that Escape closes it as its
	// dismiss button does.
	ShowDialog(d dialog.Dialog)
	// PlainError is the message a player reads for err: a refusal's
	// reason with its rule, a known trouble in the player's language,
	// never the chain of what the code was doing.
	PlainError(err error) string
}

// Frame is what a game screen (a View) is drawn in and all it may reach
// of the app: the game, the status line under the bar, the panels, the
// window and its dialogs, and the shell's catalog and scanner. The shell's
// game screen (ui/game.go) is the one Frame of the app.
type Frame interface {
	Dialogs

	// Game is the game on screen. Views read it; they change it only
	// through Exec, Try and Submit.
	Game() Game
	// Exec runs a command. A refused command changes nothing and its
	// reason shows in the status line (with "Record it anyway" when a
	// rule of the game refused it); on a device seated as one player a
	// command that changes only other players' pieces asks first. It
	// reports whether the command was applied at once.
	Exec(cmd tracker.Command) bool
	// Try runs a command for a form that stays open when it is refused:
	// it returns the refusal and changes nothing, or nil when applied.
	Try(cmd tracker.Command) error
	// Submit runs a command for a form dialog: nil closes the form
	// (applied, or handed to the status line as Exec does); any other
	// refusal is returned for the form to show, keeping what was typed.
	Submit(cmd tracker.Command) error
	// Say shows a short message in the status line (an error stands
	// out); an empty message clears it.
	Say(msg string, isErr bool)
	// Seat is the player this device sits as in a game joined from a
	// phone: "" when it changes everything, SeatWatch when it watches.
	Seat() string

	// ShowPanel brings the panel with the given title into view.
	ShowPanel(title string)
	// PanelVisible reports whether the panel with the given title is on
	// screen (true while the screen is being built).
	PanelVisible(title string) bool
	// FullScreen shows content alone over the whole window, full screen;
	// Escape (or Back) runs back. restore puts the game screen back.
	FullScreen(content fyne.CanvasObject, back func()) (restore func())
	// Preferences are the app's preferences (presets a view remembers).
	Preferences() fyne.Preferences

	// PickCharacter opens the card catalog to pick a character card;
	// onPick gets the card picked.
	PickCharacter(onPick func(reference.Character))
	// ScanCards opens the scanner; use, when not nil, is what a scanned
	// tag of its kind is for.
	ScanCards(use *ScanUse)
}

// SeatWatch is the seat of a device that only watches (see Frame.Seat).
const SeatWatch = "watch"

// View is one kind of game's screen: its panels, and how they show a new
// state. The shell builds one for each game it opens (ui/views.go).
type View interface {
	// Panels returns the panels of the screen, the main one first.
	Panels() []Panel
	// Show shows the state (always on the UI goroutine): on the panels
	// in view at once, on the others when they come into view (Shown).
	Show(st *tracker.State)
	// Shown is told that the panel with the given title came into view.
	Shown(title string)
	// StartPanel is the title of the panel the screen opens on ("" for
	// the first).
	StartPanel() string
	// ShowSeat opens a player's own part of the screen (their console,
	// their team) when the device takes that player's seat.
	ShowSeat(id string)
	// RollNow rolls the dice in view (a keyboard shortcut).
	RollNow()
}

// Staged is a View that names the stage of the game: the round, the
// phase, whose turn it is. The frame shows it over every panel, in the
// bar on a wide window and in the status line on a phone (when the line
// has no message), so no panel spends a line of its own on it. The frame
// asks for it after every Show.
type Staged interface {
	Stage() string
}

// Panel is one part of a game screen: a tracker, the dice, the log. A
// phone shows one panel at a time, with a tab for each; a wide window
// shows the first beside tabs of the others.
type Panel struct {
	Title   string
	Icon    fyne.Resource
	Content fyne.CanvasObject
	// WideOnly panels have no tab on a narrow window (the screen offers
	// them another way, so the tabs fit a phone).
	WideOnly bool
}

// ScanUse is what a scanner opened for a purpose does with a tag, besides
// showing it: "Add to Ann's team" for a character card.
type ScanUse struct {
	// Label names the action on its button.
	Label string
	// Kind is the only tag kind the action applies to.
	Kind scan.Kind
	// Do runs the action and returns what to tell the player, or why it
	// did not happen. close asks to close the scanner afterwards (the
	// next Step happens on the main window).
	Do func(c cards.Card) (msg string, close bool, err error)
}
