package away

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/ui/screen"
)

// pickOption is a character offered by a charPicker; why, when set, is the
// reason it cannot be chosen now (the button is greyed out).
type pickOption struct {
	id, label, why string
}

// charPicker offers characters as buttons, like the Round panel's
// activation buttons: one tap chooses. Characters who cannot take part
// (stunned, Incapacitated, no attack action) stay in the list greyed out,
// and a line under the buttons says why, before anything is rolled.
type charPicker struct {
	title   *widget.Label
	grid    *fyne.Container
	why     *widget.Label
	box     *fyne.Container
	buttons map[string]*widget.Button
	opts    []pickOption
	sel     string
	// onPick is called after a choice (by a tap or by pick); not by set.
	onPick func(id string)
}

func newCharPicker(title string, onPick func(id string)) *charPicker {
	p := &charPicker{title: screen.BoldLabel(title), grid: screen.FitGrid(2), why: screen.WrapLabel(""), buttons: map[string]*widget.Button{}, onPick: onPick}
	p.why.Importance = widget.WarningImportance
	p.why.Hide()
	p.box = container.NewVBox(p.title, p.grid, p.why)
	return p
}

// set offers opts, keeping the choice while it is still offered and may be
// chosen, and reports whether the choice was dropped.
func (p *charPicker) set(opts []pickOption) (dropped bool) {
	p.opts = opts
	p.grid.Objects = nil
	p.buttons = map[string]*widget.Button{}
	keep := false
	var whys []string
	for _, o := range opts {
		id := o.id
		b := widget.NewButtonWithIcon(o.label, theme.AccountIcon(), func() { p.pick(id) })
		if o.why != "" {
			b.Disable()
			whys = append(whys, o.label+" — "+o.why)
		} else if id == p.sel {
			keep = true
		}
		p.buttons[id] = b
		p.grid.Objects = append(p.grid.Objects, b)
	}
	if !keep && p.sel != "" {
		p.sel, dropped = "", true
	}
	p.mark()
	if len(whys) > 0 {
		setLine(p.why, lang.X("away.pick.greyed", "Greyed out: {{.Who}}.", map[string]any{"Who": strings.Join(whys, "; ")}))
	} else {
		setLine(p.why, "")
	}
	if len(opts) == 0 {
		p.grid.Hide()
	} else {
		p.grid.Show()
	}
	p.grid.Refresh()
	return dropped
}

// mark shows the chosen character's button as chosen.
func (p *charPicker) mark() {
	for id, b := range p.buttons {
		imp, icon := widget.MediumImportance, theme.AccountIcon()
		if id == p.sel {
			imp, icon = widget.HighImportance, theme.ConfirmIcon()
		}
		if b.Importance != imp {
			b.Importance = imp
			b.SetIcon(icon)
		}
	}
}

// pick chooses a character if it is offered and may be chosen, then calls
// onPick.
func (p *charPicker) pick(id string) bool {
	for _, o := range p.opts {
		if o.id == id && o.why == "" {
			p.sel = id
			p.mark()
			if p.onPick != nil {
				p.onPick(id)
			}
			return true
		}
	}
	return false
}

// selected returns the chosen character's id ("" when none).
func (p *charPicker) selected() string { return p.sel }

// whyNotAct says why a character with stun Stun tokens cannot attack or
// take a test ("" when it can): stunned characters, Incapacitated ones
// too, may only Recover ("Stun", Activating While Stunned).
func whyNotAct(stun int) string {
	switch {
	case stun >= awayrules.MaxStun:
		return lang.X("away.why.incapacitated_recover", "Incapacitated: may only Recover")
	case stun > 0:
		return lang.X("away.why.stunned", "stunned: may only Recover")
	}
	return ""
}

// charOptions lists the characters in play (keep: only some) as picker
// options labelled "Name (Player)", each with why it cannot be chosen
// ("" when it can).
func charOptions(v *awayView, keep func(tracker.Character) bool, why func(tracker.Character) string) []pickOption {
	var out []pickOption
	for _, ch := range v.st.Characters {
		if ch.Status != tracker.StatusInPlay || (keep != nil && !keep(ch)) {
			continue
		}
		o := pickOption{id: ch.ID, label: ch.Name + " (" + v.playerName(ch.Controller) + ")"}
		if why != nil {
			o.why = why(ch)
		}
		out = append(out, o)
	}
	return out
}
