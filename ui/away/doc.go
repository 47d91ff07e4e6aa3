// Package away is the screen of a Star Trek: Away Missions game: New builds
// it, drawn in the screen.Frame the shell gives it (ui/views.go). It shows
// the tracker's state and sends tracker commands through the Frame; every
// rule (damage, stun, tests, the order of play) is decided by rules/away
// and the tracker.
//
// # The panels
//
//   - Team (away.go): each player's away team, a card per character with
//     its peg tracks (widgets.PegTrack: a tap takes a peg off, a long press
//     puts it back), stun, tokens and weapons; on a phone compact cards and
//     a jump list.
//   - Round (round.go, act.go, setup.go): the game's setup (players,
//     characters typed, picked from the catalog or scanned: scan.go; the
//     Borg overlay), the roll-offs, the phases of a round, the activation
//     of the character whose turn it is and its Actions.
//   - Dice (dice.go, attack.go, skill.go, reroll.go, pick.go): an attack or
//     a skill test, typed from the physical dice or rolled by the app, with
//     its odds, the re-rolls each side may take and the result to apply.
//
// # How it follows the state
//
// awayView.Show is handed the whole state after every change; the panels
// in view show it at once, the others when they come into view
// (screen.LazyPanels), and a character's card is built again only when its
// data changed (screen.KeptParts). The forms of the Dice panel keep what
// the player chose and typed as a draft and check it against each new
// state (attackForm.show, skillForm.show): a character who left the game
// or may no longer act drops out of the pickers (charPicker.set), and the
// form says why.
//
// # Adding to it
//
// A panel is one more screen.Panel from awayView.Panels and a
// LazyPanels.Add in newAwayView; a form is a type of its own file that the
// view builds and shows each new state to, and that sends its command with
// Frame.Exec (or a screen.FormDialog with Frame.Try). Tests drive the
// screen in a screentest.Frame (shell_test.go); the tests that need the
// shell (undo in the bar, the log, the catalog) are in package ui.
package away
