package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// PickEntry is a text entry with a list of choices that opens from a tap
// anywhere on it, not only on its small arrow, so a finger at the table
// finds it; a choice that is not in the list can still be typed.
type PickEntry struct {
	widget.SelectEntry
}

// NewPickEntry returns a PickEntry offering options.
func NewPickEntry(options []string) *PickEntry {
	p := &PickEntry{}
	p.ExtendBaseWidget(p)
	p.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	p.SetOptions(options)
	return p
}

// Tapped places the cursor where the entry was tapped and opens the
// choices.
func (p *PickEntry) Tapped(ev *fyne.PointEvent) {
	p.SelectEntry.Tapped(ev)
	if b, ok := p.ActionItem.(fyne.Tappable); ok && !p.Disabled() {
		b.Tapped(ev)
	}
}
