package screen

// LazyPanels keeps a game screen's panels up to date with the least work:
// after a change, the panels on screen show the new state at once, and
// the others when they come into view (a phone shows one panel at a time;
// building the hidden ones again on every change of another player's
// pieces cost it most of the time it took to show the change).
type LazyPanels struct {
	order  []string
	update map[string]func()
	stale  map[string]bool
	// onScreen reports whether a panel is in view.
	onScreen func(title string) bool
}

// NewLazyPanels keeps panels up to date; onScreen reports whether a
// panel is in view.
func NewLazyPanels(onScreen func(title string) bool) *LazyPanels {
	return &LazyPanels{update: map[string]func(){}, stale: map[string]bool{}, onScreen: onScreen}
}

// Add names a panel and how it shows the current state.
func (l *LazyPanels) Add(title string, update func()) {
	if _, ok := l.update[title]; !ok {
		l.order = append(l.order, title)
	}
	l.update[title] = update
	l.stale[title] = true
}

// Changed is told of a new state: the panels in view show it, the others
// are marked to show it when they come into view.
func (l *LazyPanels) Changed() {
	for _, t := range l.order {
		l.stale[t] = true
	}
	for _, t := range l.order {
		if l.onScreen == nil || l.onScreen(t) {
			l.Shown(t)
		}
	}
}

// Shown is told that a panel came into view: it shows the current state
// if it does not yet.
func (l *LazyPanels) Shown(title string) {
	if !l.stale[title] {
		return
	}
	l.stale[title] = false
	if f := l.update[title]; f != nil {
		f()
	}
}
