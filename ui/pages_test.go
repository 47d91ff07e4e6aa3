package ui

// Helpers only the tests use (the browser build would report them unused).

// close closes the catalog's window, or its page over the main window.
func (v *catalogView) close() {
	if v.page != nil {
		v.sh.closePage(v.page)
		return
	}
	v.win.Close()
}

// topPage is the page on screen, or nil.
func (sh *Shell) topPage() *page {
	if len(sh.pages) == 0 || sh.win.Content() != sh.pages[len(sh.pages)-1].content {
		return nil
	}
	return sh.pages[len(sh.pages)-1]
}

// trackPlaceholder is the hint of a printed track entry (in English).
const trackPlaceholder = "lowest first, e.g. 1 2 3 3"
