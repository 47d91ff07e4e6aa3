// Package screentest helps the tests of the app's screens tap and type like
// a player (fyne.io/fyne/v2/test) and check what is on screen: find a
// button, an entry or a card by its text (find.go), check that a screen
// fits a phone (fit.go), and open a game screen without the shell in a
// Frame (frame.go). NewApp (serial.go) is a test app that runs the screen
// work of other goroutines (a shared game's client, a host's connections)
// on the test's goroutine, as the real drivers run it on the UI goroutine;
// away.go sets up Away Missions games for the tests of package ui and of
// ui/away. It is imported by tests only.
package screentest
