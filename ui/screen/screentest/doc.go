// Package screentest helps the tests of the app's screens tap and type like
// a player (fyne.io/fyne/v2/test) and check what is on screen: find a
// button, an entry or a card by its text (find.go), check that a screen
// fits a phone (fit.go), and open a game screen without the shell in a
// Frame (frame.go). It is imported by tests only.
package screentest
