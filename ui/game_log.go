package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// logRows is the game log's list whose rows each take the height of their
// wrapped text, so a long entry never runs into the next one. It measures
// every entry when the log changes and when the list's width changes. The
// newest entry, at the top, is in bold, and the list goes back to the top
// when a step is added.
type logRows struct {
	*widget.List
	// lines returns the log's entries, newest first.
	lines   func() []string
	shown   []string // the entries as last read
	width   float32
	scratch *widget.Label
	// keepPlace is set while older entries are added at the end: the
	// list stays where the player was reading.
	keepPlace bool
	// refreshed runs after every Refresh (nil: nothing).
	refreshed func()
}

// newLogRows lists the entries that lines returns.
func newLogRows(lines func() []string) *logRows {
	r := &logRows{lines: lines, shown: lines(), scratch: logLabel()}
	r.List = widget.NewList(
		func() int { return len(r.shown) },
		func() fyne.CanvasObject { return logLabel() },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			all := r.shown
			if i >= len(all) {
				return
			}
			l := o.(*widget.Label)
			l.TextStyle.Bold = i == 0
			l.SetText(all[i])
		},
	)
	return r
}

// logLabel is a row of the log: a label wrapped at word ends.
func logLabel() *widget.Label {
	l := widget.NewLabel(lang.X("asc.step", "step"))
	l.Wrapping = fyne.TextWrapWord
	return l
}

// Refresh measures the entries again and redraws the list, back at the
// top if a step was added.
func (r *logRows) Refresh() {
	old := len(r.shown)
	r.shown = r.lines()
	r.measure()
	if len(r.shown) > old && r.width > 0 && !r.keepPlace { // drawn: the list has its scroller
		r.List.ScrollToTop()
	}
	r.keepPlace = false
	r.List.Refresh()
	if r.refreshed != nil {
		r.refreshed()
	}
}

// measure sets each row's height to its entry's wrapped text at the
// list's width.
func (r *logRows) measure() {
	if r.width <= 0 {
		return
	}
	for i, line := range r.shown {
		r.scratch.TextStyle.Bold = i == 0
		r.scratch.Text = line
		r.scratch.Refresh()
		r.scratch.Resize(fyne.NewSize(r.width, r.scratch.Size().Height))
		r.List.SetItemHeight(i, r.scratch.MinSize().Height)
	}
}

// Layout lets the list fill the room, measuring the rows again when its
// width changed (logRows frames the list as its container's layout).
func (r *logRows) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if size.Width != r.width {
		r.width = size.Width
		r.measure()
	}
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// MinSize is the list's.
func (r *logRows) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// framed is the list in a container that measures its rows on resize.
func (r *logRows) framed() fyne.CanvasObject {
	return &fyne.Container{Layout: r, Objects: []fyne.CanvasObject{r.List}}
}

// partialHistory is a game whose undo list came in part: a joined game's
// host sends its newest steps and the older ones on request
// (share.Client).
type partialHistory interface {
	HasOlderHistory() bool
	LoadOlderHistory() (int, error)
}

// olderSteps is the log's "Show older steps" button under the list: it
// shows while the host holds steps older than this device has, and adds
// them to the end of the list. It is nil for a game that has them all.
func (gs *gameScreen) olderSteps(list *logRows) fyne.CanvasObject {
	ph, ok := gs.game.(partialHistory)
	if !ok {
		return nil
	}
	var btn *widget.Button
	loading := false
	update := func() {
		switch {
		case !ph.HasOlderHistory():
			btn.Hide()
		case loading:
			btn.Show()
			btn.Disable()
		default:
			btn.Show()
			btn.Enable()
		}
	}
	btn = widget.NewButton(lang.X("game.older_steps", "Show older steps"), func() {
		loading = true
		update()
		go func() {
			n, err := ph.LoadOlderHistory()
			fyne.Do(func() {
				loading = false
				if err != nil {
					gs.status.set(lang.X("game.older_steps_failed", "The older steps could not be had from the host: {{.Why}}", map[string]any{"Why": gs.PlainError(err)}), true)
				}
				if n > 0 {
					gs.history = gs.game.History()
					list.keepPlace = true
				}
				list.Refresh() // calls update
			})
		}()
	})
	list.refreshed = update
	update()
	return btn
}
