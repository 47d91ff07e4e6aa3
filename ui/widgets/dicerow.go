package widgets

import (
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/dice"
)

// TumbleDuration is how long (*DiceRow).Animate tumbles the dice.
const TumbleDuration = 700 * time.Millisecond

// tumbleSteps is how many face changes a die makes during a tumble.
const tumbleSteps = 14

// DiceRow shows a dice.Pool as DieFaces in rows of at most PerRow dice, each
// with its own DieState and, optionally, a caption naming the state.
type DiceRow struct {
	widget.BaseWidget

	// OnTapped, if set, is called with the index of a tapped die (e.g. to
	// choose dice for a re-roll).
	OnTapped func(index int)
	// Caption, if set, words the caption of a die in a state (a game's
	// own words, e.g. "blocks"); nil uses DieState.String.
	Caption func(DieState) string

	pool     dice.Pool
	states   []DieState
	selected []bool
	size     DieSize
	perRow   int
	minRows  int
	captions bool

	anim     *fyne.Animation
	animStep int
}

// NewDiceRow returns a row showing p with medium dice, six to a row, with
// state captions.
func NewDiceRow(p dice.Pool) *DiceRow {
	r := &DiceRow{pool: slices.Clone(p), size: DieMedium, perRow: dice.AwayMissionsCap, captions: true}
	r.ExtendBaseWidget(r)
	return r
}

// Pool returns a copy of the faces shown.
func (r *DiceRow) Pool() dice.Pool { return slices.Clone(r.pool) }

// States returns a copy of the per-die states (one per die).
func (r *DiceRow) States() []DieState {
	out := make([]DieState, len(r.pool))
	copy(out, r.states)
	return out
}

// SetPool shows p with every die plain and none selected. A running
// animation is stopped (its done callback is not called).
func (r *DiceRow) SetPool(p dice.Pool) {
	r.stopAnim()
	r.pool = slices.Clone(p)
	r.states = nil
	r.selected = nil
	r.Refresh()
}

// SetStates sets the state of each die, in pool order; dice without a state
// in states are plain and extra states are ignored.
func (r *DiceRow) SetStates(states []DieState) {
	r.states = slices.Clone(states)
	r.Refresh()
}

// SetPoolStates shows p with the given per-die states in one refresh.
func (r *DiceRow) SetPoolStates(p dice.Pool, states []DieState) {
	r.stopAnim()
	r.pool = slices.Clone(p)
	r.states = slices.Clone(states)
	r.selected = nil
	r.Refresh()
}

// SetSelected marks the dice at the given indexes as selected and clears
// the others. Indexes outside the pool are ignored.
func (r *DiceRow) SetSelected(indexes []int) {
	r.selected = make([]bool, len(r.pool))
	for _, i := range indexes {
		if i >= 0 && i < len(r.pool) {
			r.selected[i] = true
		}
	}
	r.Refresh()
}

// SetDieSize changes the size of every die.
func (r *DiceRow) SetDieSize(s DieSize) {
	r.size = s
	r.Refresh()
}

// SetPerRow sets the most dice drawn on one row (0 or less: all on one row).
func (r *DiceRow) SetPerRow(n int) {
	r.perRow = n
	r.Refresh()
}

// SetCaptions turns the state captions under the dice on or off.
func (r *DiceRow) SetCaptions(on bool) {
	r.captions = on
	r.Refresh()
}

// SetMinRows keeps room for n rows of dice however many are shown, so
// what sits below the row does not move as dice are added.
func (r *DiceRow) SetMinRows(n int) {
	r.minRows = n
	r.Refresh()
}

// Animating reports whether a roll animation is running.
func (r *DiceRow) Animating() bool { return r.anim != nil }

// Animate shows a virtual roll: the dice tumble through faces for
// TumbleDuration and settle on final (all plain), then done is called (if
// not nil). The tumbling faces are derived from the final faces, so the same
// roll always animates the same way; no random source is used. Call it on
// the UI goroutine (wrap in fyne.Do from elsewhere). Another Animate or
// SetPool stops this one without calling its done.
func (r *DiceRow) Animate(final dice.Pool, done func()) {
	r.stopAnim()
	a := r.tumble(final, done)
	r.anim = a
	a.Start()
}

// tumble prepares the row for a roll animation settling on final and
// returns the animation, not yet started; it acts only while it is r.anim.
func (r *DiceRow) tumble(final dice.Pool, done func()) *fyne.Animation {
	final = slices.Clone(final)
	r.pool = make(dice.Pool, len(final))
	r.states = nil
	r.selected = nil
	r.setTumble(final, 0)
	var a *fyne.Animation
	a = fyne.NewAnimation(TumbleDuration, func(t float32) {
		if r.anim != a {
			return // replaced or stopped
		}
		if t >= 1 {
			r.anim = nil
			r.pool = final
			r.Refresh()
			if done != nil {
				done()
			}
			return
		}
		// Ease out: fast changes first, slower as the dice settle.
		step := int((t * (2 - t)) * tumbleSteps)
		if step != r.animStep {
			r.setTumble(final, step)
		}
	})
	a.Curve = fyne.AnimationLinear
	return a
}

// setTumble shows the faces of tumble step for final.
func (r *DiceRow) setTumble(final dice.Pool, step int) {
	r.animStep = step
	for i := range final {
		r.pool[i] = tumbleFace(final, i, step)
	}
	r.Refresh()
}

// tumbleFace is the face die i shows at a tumble step: a fixed scramble of
// the final faces, never the same face twice in a row.
func tumbleFace(final dice.Pool, i, step int) int {
	seed := 0
	for j, f := range final {
		seed += (j + 3) * f
	}
	f := final[i]
	if f < 1 || f > dice.Sides {
		f = 1
	}
	// Step k moves the face by 1-5 positions, so consecutive faces differ.
	off := 0
	for k := 1; k <= step; k++ {
		off += 1 + (seed+7*i+3*k+(k*k)%5)%(dice.Sides-1)
	}
	return 1 + (f-1+off)%dice.Sides
}

func (r *DiceRow) stopAnim() {
	if r.anim != nil {
		a := r.anim
		r.anim = nil
		a.Stop()
	}
}

// CreateRenderer builds the row.
func (r *DiceRow) CreateRenderer() fyne.WidgetRenderer {
	r.ExtendBaseWidget(r)
	grid := &fyne.Container{Layout: &cellGridLayout{}}
	root := &fyne.Container{Layout: minSizeLayout{}, Objects: []fyne.CanvasObject{grid}}
	var dies []*DieFace
	var caps []*canvas.Text
	var cells []fyne.CanvasObject
	return newContentRenderer(root, func() {
		for len(dies) < len(r.pool) {
			i := len(dies)
			d := NewDieFace(0, r.size)
			d.OnTapped = func() {
				if r.OnTapped != nil && r.anim == nil {
					r.OnTapped(i)
				}
			}
			c := newText("", nil, 12, true)
			c.Alignment = fyne.TextAlignCenter
			dies = append(dies, d)
			caps = append(caps, c)
			cells = append(cells, &fyne.Container{Layout: &dieCellLayout{}, Objects: []fyne.CanvasObject{d, c}})
		}
		dieMin := dieMinSize(r.size)
		capSize := fyne.Min(sized(r, theme.SizeNameCaptionText), float32(r.size)*0.27)
		capH := float32(0)
		if r.captions {
			capH = capSize * 1.35
		}
		cell := fyne.NewSize(fyne.Max(dieMin.Width, MinTouch), fyne.Max(dieMin.Height, MinTouch)+capH)
		gl := grid.Layout.(*cellGridLayout)
		gl.cell, gl.perRow, gl.gap = cell, r.perRow, sized(r, theme.SizeNamePadding)
		rows := float32(max(r.minRows, 1))
		root.Layout = minSizeLayout{min: fyne.NewSize(0, rows*cell.Height+(rows-1)*gl.gap)}
		for i := range r.pool {
			d, c := dies[i], caps[i]
			d.size = r.size
			d.face = r.pool[i]
			d.state = DiePlain
			if i < len(r.states) {
				d.state = r.states[i]
			}
			d.selected = i < len(r.selected) && r.selected[i]
			c.Text = ""
			if r.captions {
				c.Text = d.state.String()
				if r.Caption != nil {
					c.Text = r.Caption(d.state)
				}
			}
			c.TextSize = capSize
			c.Color = themed(r, theme.ColorNameForeground)
			if d.state == DieCanceled || d.state == DieUncontestedMiss {
				c.Color = themed(r, theme.ColorNameError)
			}
			if d.state == DieIgnored {
				c.Color = dimmed(r)
			}
		}
		grid.Objects = cells[:len(r.pool)]
	})
}

// dieCellLayout puts a die at the top of its cell and the caption below.
type dieCellLayout struct{}

func (dieCellLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	d, c := objs[0], objs[1]
	dm := d.MinSize()
	d.Resize(fyne.NewSize(s.Width, dm.Height))
	d.Move(fyne.NewPos(0, 0))
	cm := c.MinSize()
	c.Resize(fyne.NewSize(s.Width, cm.Height))
	c.Move(fyne.NewPos(0, dm.Height))
}

func (dieCellLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	dm, cm := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(fyne.Max(dm.Width, cm.Width), dm.Height+cm.Height)
}
