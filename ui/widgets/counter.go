package widgets

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Counter shows a labelled number in big type with − and + buttons and
// optional quick-step buttons (e.g. −5 and +5). A tap reports the change
// through OnChange; the caller applies it to the tracker and calls SetValue
// with the result, so the tracker stays the authority. Buttons that would
// take the value past the optional minimum or maximum are disabled.
type Counter struct {
	widget.BaseWidget

	// OnChange is called with the change the player asked for (+1, −1, or a
	// quick step).
	OnChange func(delta int)

	label          string
	value          int
	min, max       int
	hasMin, hasMax bool
	steps          []int
	disabled       bool
	suffix         string
}

// NewCounter returns a counter named label showing value, without bounds.
func NewCounter(label string, value int) *Counter {
	c := &Counter{label: label, value: value}
	c.ExtendBaseWidget(c)
	return c
}

// Value returns the value shown.
func (c *Counter) Value() int { return c.value }

// Label returns the counter's name.
func (c *Counter) Label() string { return c.label }

// SetValue changes the value shown.
func (c *Counter) SetValue(v int) {
	c.value = v
	c.Refresh()
}

// SetLabel changes the counter's name.
func (c *Counter) SetLabel(label string) {
	c.label = label
	c.Refresh()
}

// SetSuffix shows text after the number in smaller type (e.g. "/7").
func (c *Counter) SetSuffix(s string) {
	c.suffix = s
	c.Refresh()
}

// SetMin sets the lowest value the buttons may ask for.
func (c *Counter) SetMin(v int) {
	c.min, c.hasMin = v, true
	c.Refresh()
}

// SetMax sets the highest value the buttons may ask for.
func (c *Counter) SetMax(v int) {
	c.max, c.hasMax = v, true
	c.Refresh()
}

// ClearBounds removes the minimum and maximum.
func (c *Counter) ClearBounds() {
	c.hasMin, c.hasMax = false, false
	c.Refresh()
}

// SetSteps sets the quick steps: each positive n adds a "−n" button on the
// left and a "+n" button on the right (1 and non-positive values are
// ignored; the ±1 buttons are always there).
func (c *Counter) SetSteps(steps ...int) {
	c.steps = c.steps[:0]
	for _, s := range steps {
		if s > 1 && !slices.Contains(c.steps, s) {
			c.steps = append(c.steps, s)
		}
	}
	slices.Sort(c.steps)
	c.Refresh()
}

// SetDisabled disables every button.
func (c *Counter) SetDisabled(d bool) {
	c.disabled = d
	c.Refresh()
}

// allowed reports whether a change by delta stays within the bounds.
func (c *Counter) allowed(delta int) bool {
	if c.disabled {
		return false
	}
	v := c.value + delta
	if c.hasMin && delta < 0 && v < c.min {
		return false
	}
	if c.hasMax && delta > 0 && v > c.max {
		return false
	}
	return true
}

// change reports a change the player asked for.
func (c *Counter) change(delta int) {
	if c.allowed(delta) && c.OnChange != nil {
		c.OnChange(delta)
	}
}

// stepLabel formats a delta as on its button: "−5", "+5".
func stepLabel(d int) string {
	if d < 0 {
		return fmt.Sprintf("−%d", -d)
	}
	return fmt.Sprintf("+%d", d)
}

// CreateRenderer builds the counter.
func (c *Counter) CreateRenderer() fyne.WidgetRenderer {
	c.ExtendBaseWidget(c)
	label := widget.NewLabel("")
	label.Alignment = fyne.TextAlignCenter
	label.TextStyle = fyne.TextStyle{Bold: true}
	number := newText("", nil, 0, true)
	number.Alignment = fyne.TextAlignCenter
	suffix := newText("", nil, 0, false)
	row := &fyne.Container{Layout: layout.NewHBoxLayout()}
	root := &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{label, row}}
	buttons := map[int]*widget.Button{}
	button := func(d int) fyne.CanvasObject {
		b, ok := buttons[d]
		if !ok {
			if d == -1 {
				b = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { c.change(-1) })
			} else if d == 1 {
				b = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { c.change(1) })
			} else {
				b = widget.NewButton(stepLabel(d), func() { c.change(d) })
			}
			buttons[d] = b
		}
		if c.allowed(d) {
			b.Enable()
		} else {
			b.Disable()
		}
		return atLeast(b, MinTouch, MinTouch)
	}
	numBox := &fyne.Container{Layout: layout.NewHBoxLayout(), Objects: []fyne.CanvasObject{number, suffix}}
	return newContentRenderer(root, func() {
		label.SetText(c.label)
		number.Text = fmt.Sprint(c.value)
		number.TextSize = bigNumberSize(c)
		number.Color = themed(c, theme.ColorNameForeground)
		if c.disabled {
			number.Color = dimmed(c)
		}
		suffix.Text = c.suffix
		suffix.TextSize = sized(c, theme.SizeNameText)
		suffix.Color = number.Color
		if c.suffix == "" {
			suffix.Hide()
		} else {
			suffix.Show()
		}
		objs := []fyne.CanvasObject{layout.NewSpacer()}
		for i := len(c.steps) - 1; i >= 0; i-- {
			objs = append(objs, button(-c.steps[i]))
		}
		objs = append(objs, button(-1),
			atLeast(&fyne.Container{Layout: layout.NewCenterLayout(), Objects: []fyne.CanvasObject{numBox}}, 48, MinTouch),
			button(1))
		for _, s := range c.steps {
			objs = append(objs, button(s))
		}
		row.Objects = append(objs, layout.NewSpacer())
	})
}
