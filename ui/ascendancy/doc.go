// Package ascendancy is the screen of a Star Trek: Ascendancy game, with
// the Borg Assimilation expansion: New builds it, drawn in the
// screen.Frame the shell gives it (ui/views.go). It shows the tracker's
// state and sends tracker commands through the Frame; every rule (costs,
// battles, invasions, hegemony, the Borg turn) is decided by
// rules/ascendancy, rules/borg and the tracker.
//
// # The panels
//
//   - Players (setup.go before round 1, board.go after): the players and
//     their cost tables, the Borg's setup; then each player's console:
//     resources, command tokens, fleets, quick actions and their presets.
//   - Round (round.go): the round walker, step by step: the turn order,
//     each player's building and command phases, the Borg turn, recharge.
//   - Battle (battle.go): one form per kind of battle, each in its own
//     file: a space battle (space.go), an invasion (invasion.go), a hazard
//     (hazard.go), a hegemony or diplomacy test (dietest.go), with the dice
//     of dice.go.
//   - Borg (borg*.go): the Borg's board (cubes, spires), the Borg turn, a
//     cube battle (borg_cube.go), an assimilation (borg_assim.go) and a
//     reclaim (borg_reclaim.go).
//
// The scoreboard (score.go, score_layout.go) takes the whole window
// through Frame.FullScreen, for a tablet read from across the table.
//
// # How it follows the state
//
// ascView.Show is handed the whole state after every change; the turn
// line tops every panel, the panels in view show the state at once, the
// others when they come into view (screen.LazyPanels). A form keeps what
// the player typed as a draft and checks it against each new state: the
// invasion form takes the next round's sides from the invasion under way
// (invasionForm.follow), the hegemony form refills its inputs when the
// player or the target changed (dieTestForm.draft), a cube battle checks
// its draft against the cube, the battle and the players' ships
// (cubeBattle.sync) and makes anew what no longer fits.
//
// # Adding to it
//
// A panel is one more screen.Panel from ascView.Panels and a
// LazyPanels.Add in newAscendancyView; a form is a type in a file of its
// own that the view builds and shows each new state to, and that sends its
// command with Frame.Exec, or ascView.submit for a form dialog. Tests
// drive the screen in a screentest.Frame (shell_test.go); the tests that
// need the shell (the home screen, the log, the app's status line) are in
// package ui.
package ascendancy
