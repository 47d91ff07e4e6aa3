package screen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// StepScroll brings a panel's next step into view when the game's step
// changes (issue 27, "Room for the game"): the panel scrolls by as little
// as shows the control of the next step (ScrollTo), or puts it at the top
// (ScrollToStart); a change that is not a step (a counter, a die typed)
// keeps the scroll where the player left it (Adaptive.KeepScroll). A
// panel keeps one StepScroll and tells it its step each time it shows a
// new state.
type StepScroll struct {
	// seen is the step the panel last showed, once shown.
	seen  string
	shown bool
}

// Follow is told the panel's step and the control of its next step (nil:
// nothing to bring) after the panel showed a new state: when the step
// changed since the panel last showed (or it shows for the first time),
// the control is brought into view: by as little as shows it whole, or,
// with start, to the top of s, so that what follows it (the other dice,
// Enter, Apply) comes into view with it. It reports whether the step
// changed.
func (p *StepScroll) Follow(s *container.Scroll, step string, next fyne.CanvasObject, start bool) bool {
	if p.shown && step == p.seen {
		return false
	}
	p.seen, p.shown = step, true
	if next == nil || s == nil {
		return true
	}
	if start {
		ScrollToStart(s, next)
	} else {
		ScrollTo(s, next)
	}
	return true
}
