package widgets

import (
	"fmt"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// OddsView shows an exact probability distribution, as computed by the odds
// package: a title, one horizontal bar per outcome with its percentage, the
// expected value and "at least k" lines. Index i of the distribution is the
// probability of outcome i (e.g. i damage). Values that are negative or not
// numbers count as 0; the view does not rescale them. An empty distribution
// shows the title alone (e.g. while the inputs are incomplete).
type OddsView struct {
	widget.BaseWidget

	title   string
	dist    []float64
	atLeast []int
	outcome func(int) string
}

// NewOddsView returns a view of dist titled title, with "at least 1, 2, 3"
// lines.
func NewOddsView(title string, dist []float64) *OddsView {
	o := &OddsView{title: title, dist: slices.Clone(dist), atLeast: []int{1, 2, 3}}
	o.ExtendBaseWidget(o)
	return o
}

// SetDist shows a new distribution (e.g. as the attack's options change).
func (o *OddsView) SetDist(dist []float64) {
	o.dist = slices.Clone(dist)
	o.Refresh()
}

// SetTitle changes the title.
func (o *OddsView) SetTitle(title string) {
	o.title = title
	o.Refresh()
}

// SetAtLeast chooses the "at least k" lines; k values of 0 or less, and
// those beyond the largest outcome, are not shown.
func (o *OddsView) SetAtLeast(ks ...int) {
	o.atLeast = slices.Clone(ks)
	o.Refresh()
}

// SetOutcomeLabel sets how an outcome is named on its bar (default: the
// number itself); f == nil restores the default.
func (o *OddsView) SetOutcomeLabel(f func(outcome int) string) {
	o.outcome = f
	o.Refresh()
}

// prob returns the probability of outcome i, with bad values as 0.
func (o *OddsView) prob(i int) float64 {
	if i < 0 || i >= len(o.dist) {
		return 0
	}
	p := o.dist[i]
	if math.IsNaN(p) || p < 0 {
		return 0
	}
	return p
}

// Expected returns the expected outcome, sum of i*p(i).
func (o *OddsView) Expected() float64 {
	e := 0.0
	for i := range o.dist {
		e += float64(i) * o.prob(i)
	}
	return e
}

// AtLeast returns the chance of an outcome of k or more.
func (o *OddsView) AtLeast(k int) float64 {
	s := 0.0
	for i := max(k, 0); i < len(o.dist); i++ {
		s += o.prob(i)
	}
	return s
}

// Percent formats a probability for display: "0%", "<0.1%", "42.5%",
// ">99.9%", "100%".
func Percent(p float64) string {
	switch {
	case math.IsNaN(p) || p <= 0:
		return "0%"
	case p >= 1:
		return "100%"
	case p < 0.0005:
		return "<0.1%"
	case p > 0.9995:
		return ">99.9%"
	}
	return fmt.Sprintf("%.1f%%", p*100)
}

func (o *OddsView) outcomeLabel(i int) string {
	if o.outcome != nil {
		return o.outcome(i)
	}
	return fmt.Sprint(i)
}

// Lines returns the summary lines shown under the bars; none when there is
// no distribution to show.
func (o *OddsView) Lines() []string {
	if len(o.dist) == 0 {
		return nil
	}
	out := []string{lang.X("dice.odds_expected", "Expected: {{.V}}", map[string]any{"V": fmt.Sprintf("%.2f", o.Expected())})}
	for _, k := range o.atLeast {
		if k > 0 && k < len(o.dist) {
			out = append(out, lang.X("dice.odds_at_least", "At least {{.K}}: {{.P}}", map[string]any{"K": k, "P": Percent(o.AtLeast(k))}))
		}
	}
	return out
}

// CreateRenderer builds the view.
func (o *OddsView) CreateRenderer() fyne.WidgetRenderer {
	o.ExtendBaseWidget(o)
	title := widget.NewLabel("")
	title.TextStyle = fyne.TextStyle{Bold: true}
	title.Wrapping = fyne.TextWrapWord
	bars := &fyne.Container{Layout: layout.NewVBoxLayout()}
	lines := &fyne.Container{Layout: layout.NewVBoxLayout()}
	root := &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{title, bars, lines}}
	type barRow struct {
		label, pct *canvas.Text
		track, bar *canvas.Rectangle
		box        *fyne.Container
	}
	var rows []*barRow
	var texts []*canvas.Text
	return newContentRenderer(root, func() {
		title.SetText(o.title)
		ts := sized(o, theme.SizeNameText)
		fg := themed(o, theme.ColorNameForeground)
		labelW, pctW := float32(0), newText("100.0%", fg, ts, true).MinSize().Width
		for i := range o.dist {
			labelW = fyne.Max(labelW, newText(o.outcomeLabel(i), fg, ts, true).MinSize().Width)
		}
		for len(rows) < len(o.dist) {
			r := &barRow{label: newText("", nil, ts, true), pct: newText("", nil, ts, false),
				track: canvas.NewRectangle(nil), bar: canvas.NewRectangle(nil)}
			r.pct.Alignment = fyne.TextAlignTrailing
			r.label.Alignment = fyne.TextAlignTrailing
			r.box = &fyne.Container{Layout: &barLayout{}, Objects: []fyne.CanvasObject{r.label, r.track, r.bar, r.pct}}
			rows = append(rows, r)
		}
		objs := make([]fyne.CanvasObject, len(o.dist))
		for i := range o.dist {
			r := rows[i]
			p := o.prob(i)
			r.label.Text, r.label.TextSize, r.label.Color = o.outcomeLabel(i), ts, fg
			r.pct.Text, r.pct.TextSize, r.pct.Color = Percent(p), ts, fg
			r.track.FillColor = themed(o, theme.ColorNameInputBackground)
			r.track.CornerRadius = 4
			r.bar.FillColor = themed(o, theme.ColorNamePrimary)
			r.bar.CornerRadius = 4
			r.box.Layout = &barLayout{frac: float32(min(p, 1)), labelW: labelW, pctW: pctW,
				gap: sized(o, theme.SizeNamePadding) * 2, height: fyne.Max(ts*1.8, 32)}
			objs[i] = r.box
		}
		bars.Objects = objs
		ls := o.Lines()
		for len(texts) < len(ls) {
			texts = append(texts, newText("", nil, 0, false))
		}
		lobjs := make([]fyne.CanvasObject, len(ls))
		for i, s := range ls {
			texts[i].Text, texts[i].TextSize, texts[i].Color = s, sized(o, theme.SizeNameSubHeadingText), fg
			texts[i].TextStyle = fyne.TextStyle{Bold: i == 0}
			lobjs[i] = texts[i]
		}
		lines.Objects = lobjs
	})
}

// barLayout lays out one outcome: label, bar track with the bar, percent.
type barLayout struct {
	frac                      float32
	labelW, pctW, gap, height float32
}

func (l *barLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	label, track, bar, pct := objs[0], objs[1], objs[2], objs[3]
	lm := label.MinSize()
	label.Move(fyne.NewPos(0, (s.Height-lm.Height)/2))
	label.Resize(fyne.NewSize(l.labelW, lm.Height))
	pm := pct.MinSize()
	pct.Move(fyne.NewPos(s.Width-l.pctW, (s.Height-pm.Height)/2))
	pct.Resize(fyne.NewSize(l.pctW, pm.Height))
	x := l.labelW + l.gap
	w := fyne.Max(0, s.Width-l.pctW-l.gap-x)
	bh := s.Height * 0.7
	track.Move(fyne.NewPos(x, (s.Height-bh)/2))
	track.Resize(fyne.NewSize(w, bh))
	bar.Move(fyne.NewPos(x, (s.Height-bh)/2))
	bar.Resize(fyne.NewSize(w*l.frac, bh))
}

func (l *barLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(l.labelW+l.pctW+2*l.gap+80, l.height)
}
