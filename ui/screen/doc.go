// Package screen is what the screen of a game (ui/away, ui/ascendancy) and
// the app's shell (package ui) agree on, and the parts they both build
// with. It sits below both: ui and the game screens
// import it; it imports neither (only Fyne, tracker, scan and the rules
// packages).
//
// # The contract
//
// A game screen is a View: its Panels (the main one first), Show (the new
// state, after every change), Shown (a panel came into view), and the
// StartPanel, ShowSeat and RollNow the shell asks of it. A View that is
// also Staged names the stage of the game (round, phase, whose turn),
// which the frame shows over every panel: no panel spends a fixed line of
// a phone's screen on it. The shell builds
// one View per open game from a table keyed by tracker.Kind (ui/views.go)
// and hands it a Frame: the only way the view reaches the app. Through the
// Frame a view reads the Game, runs commands (Exec; Try and Submit for
// forms), says things in the status line (Say), brings a panel into view,
// shows dialogs in the window, takes the whole screen (the Ascendancy
// scoreboard), and opens the shell's catalog (PickCharacter) and scanner
// (ScanCards with a ScanUse). The shell's game frame, gameScreen in
// ui/game.go, is the one Frame of the app; see the package doc of ui for
// how a tap travels from a view to the other phones.
//
// # The parts
//
//   - adaptive.go: Adaptive, the panel layout of the game screen, the
//     rules and the catalog: one panel at a time with tabs on a phone, the
//     first beside tabs of the others on a wide window. A phone's panel
//     ends TabGap over the tabs, so its last control scrolls clear of them.
//   - scroll.go: each panel keeps its scroll where the player left it
//     across a new state and a switch of tabs (Adaptive.KeepScroll, which
//     the frame runs around View.Show); a view brings the next step's
//     controls into view with ScrollTo or ScrollToStart when the step
//     changes (not ScrollToTop: the panel stays where the player was),
//     through a StepScroll (step.go) that tells a step from a change.
//   - call.go: Call and Calling, what a view calls this device's player
//     to on whatever panel shows (a battle that awaits their dice).
//   - labels.go: WrapLabel, BoldLabel, CaptionLabel, Heading, BigResult,
//     Step, Padded, RollButton, AddApplyButton: the app's few kinds of text
//     and buttons, so every screen looks alike.
//   - columns.go: NewColumns, NewSpacedColumns, FitGrid, SpacedGrid: rows
//     of controls that drop to fewer columns rather than make a screen
//     wider than a phone.
//   - entry.go: TextEntry, the app's only text entry (Escape and a phone's
//     Back leave it instead of being swallowed).
//   - form.go: FormDialog, a form in a dialog that stays open with the
//     refusal under the entry it is about (OnField), shown through a
//     Dialogs (the Frame, or the shell's main window).
//   - lazy.go and parts.go: LazyPanels (the panels in view show a new state
//     at once, the others when they come into view) and KeptParts (a part
//     is built again only when its data changed); SetObjects and
//     SetVisible change what a container shows with the least work.
//   - text.go: TrText, TrTexts and ErrText word the tracker's texts and
//     refusals in the player's language.
//   - typed.go: ParseTrack and SplitList read values typed from a card.
//   - keys.go: IsBack (Escape or Back) and WideWidth, the width from which
//     panels sit side by side.
//
// What a game screen alone uses stays with it; a part goes here when both
// the shell and a game screen, or two game screens, need it. Widgets with
// their own drawing (peg tracks, dice, counters) are in ui/widgets.
//
// Package screentest (ui/screen/screentest) is for tests: it finds what is
// on screen by its text, checks that a screen fits a phone, and opens a
// View in a Frame of its own, without the shell.
package screen
