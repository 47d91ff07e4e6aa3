package ui

import "fyne.io/fyne/v2/lang"

// A joined device whose host is gone (it stopped, restarted or crashed)
// keeps the game on screen as the host last sent it, read only: a command
// is refused at once with hostGoneRefusal (nothing is sent, a form keeps
// what was typed), and share.Client reconnects by itself, with its seat,
// catching up with what happened meanwhile. The host keeps its join code
// and port (share.StartKept), so nobody scans again.

// hostStatus is the status line's message when the connection to the host
// is lost (up false) or back.
func hostStatus(up bool) string {
	if up {
		return lang.X("share.host_back", "Connected to the host again: the game is up to date.")
	}
	return lang.X("share.host_gone", "The host is gone: the game stays on screen as it was, read only. The app reconnects by itself and catches up when the host is back.")
}

// hostGoneRefusal says why a command was not sent while the host is gone.
func hostGoneRefusal() string {
	return lang.X("share.err.host_gone", "The host is gone for now, so nothing was changed: try again once it is back (the app reconnects by itself).")
}
