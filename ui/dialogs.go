package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"tableops/ui/screen"
)

// shownDialog is a dialog shown with showDialog, and the window it is in.
type shownDialog struct {
	win fyne.Window
	d   dialog.Dialog
}

// showDialog shows d in win and lets Escape (or a phone's Back) close it
// as its dismiss button does (Cancel, Close, No): Fyne's dialogs take no
// keys themselves, so Escape would close the page under the dialog.
// Dialogs that must be answered (a seat to take, a join under way) are
// shown with their own Show instead.
func (sh *Shell) showDialog(win fyne.Window, d dialog.Dialog) {
	sd := &shownDialog{win: win, d: d}
	sh.dialogs = append(sh.dialogs, sd)
	d.SetOnClosed(func() {
		sh.dialogs = slices.DeleteFunc(sh.dialogs, func(o *shownDialog) bool { return o == sd })
	})
	d.Show()
}

// dismissDialog closes the dialog of win shown last with showDialog, as
// its dismiss button does, and reports whether there was one.
func (sh *Shell) dismissDialog(win fyne.Window) bool {
	for i := len(sh.dialogs) - 1; i >= 0; i-- {
		if sh.dialogs[i].win == win {
			sh.dialogs[i].d.Hide()
			return true
		}
	}
	return false
}

// onBack is a window key handler: Escape (or Back) closes win's top
// dialog if it has one, else runs back; other keys go to next.
func (sh *Shell) onBack(win fyne.Window, back func(), next func(*fyne.KeyEvent)) func(*fyne.KeyEvent) {
	return func(ev *fyne.KeyEvent) {
		switch {
		case screen.IsBack(ev) && sh.dismissDialog(win):
		case screen.IsBack(ev):
			if back != nil {
				back()
			}
		case next != nil:
			next(ev)
		}
	}
}

// mainDialogs shows the shell's dialogs in its main window.
type mainDialogs struct{ sh *Shell }

func (m mainDialogs) Window() fyne.Window         { return m.sh.win }
func (m mainDialogs) ShowDialog(d dialog.Dialog)  { m.sh.showDialog(m.sh.win, d) }
func (m mainDialogs) PlainError(err error) string { return plainError(err) }
