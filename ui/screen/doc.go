// Package screen is what a game's screen and the app's shell agree on: the
// Frame a game screen is drawn in (the game, commands, the status line,
// panels, the window and its dialogs), the View a game screen is to the
// shell, and the Panel it is made of.
package screen
