// Package ui is the shell of Table Ops' Fyne screens: the main window and
// everything around the game screens, which are packages of their own. It
// shows tracker state and sends tracker commands; it decides no rule of its
// own (rules/ decides, tracker/ records; see ARCHITECTURE.md).
//
// The screens' packages, imports pointing down:
//
//	ui                    the shell (this package)
//	ui/away               the Star Trek: Away Missions screen
//	ui/ascendancy         the Star Trek: Ascendancy screen, with the Borg
//	ui/screen             what the shell and the game screens share: Frame,
//	                      View, Panel, the panel layout, labels, forms
//	ui/screen/screentest  for tests: find what is on screen, a Frame
//	ui/widgets            reusable widgets: peg tracks, dice, counters
//
// # What is where
//
// The shell is the main window and what opens over it: the home screen and
// the saved games (shell.go, home.go, glue.go; reopen.go: Home keeps a
// joined or shared game open behind it, and a restart or a reload opens
// the game it showed, on its panel), the rules reference
// (rules.go), the card catalog (catalog*.go), the tag scanner (scan*.go),
// sharing a game and joining one (share*.go, seat.go), the settings
// (settings*.go), and the frame of an open game, gameScreen (game.go): a
// bar with Home, Share, Log, Undo and Redo, the status line under it
// (statusline.go: the answer to every step, a refusal read whole, the
// stage of the game; gameframe.go lays the header out, compact on a
// phone), the game's panels (screen.Adaptive: one at a time with
// tabs on a phone, the first beside the others on a wide window) and the
// game log (game_log.go). Pages (shell.go) are the screens that take the
// whole main window on a phone where a desktop opens a window; dialogs.go
// lets Escape (or a phone's Back) close the top dialog, then the top page.
//
// The game screens are views (screen.View), one package per game:
// ui/away and ui/ascendancy. views.go builds a game's view from a table
// keyed by tracker.Kind (a kind this version has no screen for is shown by
// its log only). A view reaches the app only through the screen.Frame it is
// given (gameScreen is that frame) and the helpers of package ui/screen;
// the shell reaches a view only through screen.View. Reusable widgets (peg
// tracks, dice, keypads, counters) are in ui/widgets.
//
// The web build (web_js.go, *_js.go) runs the same screens in a browser;
// automation.go describes what is on screen to the page's tests
// (window.tableopsAutomation), which find buttons and labels by their text.
//
// # How a screen follows the state
//
// A screen never keeps a copy of the game that it updates itself. After
// every change (this device's, an undo, another phone's) the game's
// Subscribe callback runs gameScreen.refresh on the UI goroutine, which
// re-reads the whole state (screen.Game.State) and hands it to the view's
// Show. The view shows it on the panels in view at once and marks the
// others to show it when they come into view (screen.LazyPanels); parts
// whose data did not change keep their widgets (screen.KeptParts), so a
// change costs a phone little. Forms keep what the player is typing as a
// draft and check it against each new state: a draft made for a battle
// that has ended, or a player who left, is refilled or dropped (the
// package docs of ui/away and ui/ascendancy say where).
//
// # One tap, from a peg to the phones
//
// A player taps a peg of Worf's Defense track (widgets.PegTrack). The view
// sends the command (ui/away's awayView.exec) -> screen.Frame.Exec, which is
// gameScreen.Exec (game.go). On a phone seated as one player a command that
// changes only another player's pieces asks first (gameScreen.askFirst,
// seat.go). gameScreen.run calls Execute on the game:
//
//   - A saved game (tracker/store's *Game) runs tracker.Session.Execute:
//     the rules decide, the events are committed to disk, and every
//     Subscribe callback is told (tracker/doc.go). A refusal comes back as
//     a *tracker.Rejection, shown in the status line, with "Record it
//     anyway" when a rule of the game refused it (gameScreen.refuse).
//   - When the game is shared (share.go), the host (share.Start) is one
//     of those subscribers: it broadcasts the new events to every joined
//     device (share/doc.go). Each phone's share.Client ingests them and
//     tells its own subscribers, and its gameScreen.refresh shows the new
//     state, as above.
//   - On a joined phone the game is a share.Client, whose Execute sends the
//     command to the host; the host executes it on its session and the
//     events come back the same way.
//
// Either way the screen that sent the command changes only when its
// game's Subscribe callback tells it to.
//
// # Where to add
//
// A screen for a new kind of game: a package beside ui/away whose New
// builds a screen.View from a screen.Frame, and a line in the table of
// views.go. A panel: one more screen.Panel from the view's Panels, and a
// LazyPanels.Add for how it shows the state (ui/away's package doc says
// where). A form: a type in a file of its own that owns its widgets and
// its draft, built by the view, given each new state by the view's Show,
// that sends its command with Frame.Exec (or a screen.FormDialog with
// Frame.Try or Frame.Submit, which stays open with the refusal under the
// entry it is about): ui/ascendancy's invasion.go, hazard.go and
// dietest.go are one form each. A screen of the shell (like the rules or the
// catalog): a file here, opened as a page on a phone (Shell.pushPage) and
// as a window on a desktop. Every text on screen goes through lang.X
// (i18n/literals_test.go checks it). A game screen's tests drive it in a
// screentest.Frame in its own package; the tests that need the shell stay
// here.
package ui
