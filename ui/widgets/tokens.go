package widgets

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TokenRow shows a number of round tokens, the first few ready (filled) and
// the rest exhausted (hollow, struck through), with a caption such as
// "3 of 7 ready". Tapping a ready token calls OnExhaust; a secondary tap
// (right click, long press) on an exhausted token calls OnReady. The caller
// applies the change and calls SetTokens.
//
// It serves Ascendancy command tokens and, with a caption function, Away
// Missions stun tokens (two tokens; "ready" counting the stun tokens held).
type TokenRow struct {
	widget.BaseWidget

	// OnExhaust is called when a ready token is tapped.
	OnExhaust func()
	// OnReady is called when an exhausted token gets a secondary tap.
	OnReady func()

	total, ready int
	caption      func(total, ready int) string
	disabled     bool
	perRow       int
}

// NewTokenRow returns a row of total tokens, ready of them ready.
func NewTokenRow(total, ready int) *TokenRow {
	t := &TokenRow{perRow: 7}
	t.ExtendBaseWidget(t)
	t.total, t.ready = clampTokens(total, ready)
	return t
}

func clampTokens(total, ready int) (int, int) {
	total = max(0, total)
	return total, max(0, min(ready, total))
}

// Total returns the number of tokens.
func (t *TokenRow) Total() int { return t.total }

// Ready returns the number of ready tokens.
func (t *TokenRow) Ready() int { return t.ready }

// SetTokens shows total tokens with ready of them ready (clamped to
// 0..total).
func (t *TokenRow) SetTokens(total, ready int) {
	t.total, t.ready = clampTokens(total, ready)
	t.Refresh()
}

// SetCaption replaces the default caption ("3 of 7 ready"); f gets the
// total and ready counts (e.g. return "Incapacitated" for two stun tokens).
// A nil f restores the default.
func (t *TokenRow) SetCaption(f func(total, ready int) string) {
	t.caption = f
	t.Refresh()
}

// SetPerRow sets the most tokens drawn on one row (default 7).
func (t *TokenRow) SetPerRow(n int) {
	t.perRow = n
	t.Refresh()
}

// SetDisabled greys the row out and ignores taps.
func (t *TokenRow) SetDisabled(d bool) {
	t.disabled = d
	t.Refresh()
}

// Caption returns the caption shown.
func (t *TokenRow) Caption() string {
	if t.caption != nil {
		return t.caption(t.total, t.ready)
	}
	return fmt.Sprintf("%d of %d ready", t.ready, t.total)
}

// CreateRenderer builds the row.
func (t *TokenRow) CreateRenderer() fyne.WidgetRenderer {
	t.ExtendBaseWidget(t)
	grid := &fyne.Container{Layout: &cellGridLayout{}}
	caption := widget.NewLabel("")
	caption.TextStyle = fyne.TextStyle{Bold: true}
	root := &fyne.Container{Layout: layout.NewVBoxLayout(), Objects: []fyne.CanvasObject{
		&fyne.Container{Layout: minSizeLayout{}, Objects: []fyne.CanvasObject{grid}}, caption}}
	var toks []fyne.CanvasObject
	return newContentRenderer(root, func() {
		for len(toks) < t.total {
			toks = append(toks, newToken(t, len(toks)))
		}
		gl := grid.Layout.(*cellGridLayout)
		gl.cell = fyne.NewSquareSize(MinTouch + 2)
		gl.left = true
		gl.perRow = t.perRow
		gl.gap = sized(t, theme.SizeNamePadding)
		root.Objects[0].(*fyne.Container).Layout = minSizeLayout{min: fyne.NewSize(0, gl.cell.Height)}
		grid.Objects = toks[:t.total]
		caption.SetText(t.Caption())
	})
}

// token is one round token of a TokenRow.
type token struct {
	widget.BaseWidget
	row   *TokenRow
	index int
}

func newToken(r *TokenRow, i int) *token {
	k := &token{row: r, index: i}
	k.ExtendBaseWidget(k)
	return k
}

func (k *token) isReady() bool { return k.index < k.row.ready }

// Cursor shows a pointer over a ready token.
func (k *token) Cursor() desktop.Cursor {
	if k.isReady() && !k.row.disabled {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// Tapped exhausts a ready token.
func (k *token) Tapped(*fyne.PointEvent) {
	if k.isReady() && !k.row.disabled && k.row.OnExhaust != nil {
		k.row.OnExhaust()
	}
}

// TappedSecondary readies an exhausted token.
func (k *token) TappedSecondary(*fyne.PointEvent) {
	if !k.isReady() && k.index < k.row.total && !k.row.disabled && k.row.OnReady != nil {
		k.row.OnReady()
	}
}

func (k *token) CreateRenderer() fyne.WidgetRenderer {
	k.ExtendBaseWidget(k)
	r := &tokenRenderer{k: k, disc: canvas.NewCircle(color.Transparent),
		inner: canvas.NewCircle(color.Transparent), slash: canvas.NewLine(color.Transparent)}
	r.Refresh()
	return r
}

type tokenRenderer struct {
	k     *token
	disc  *canvas.Circle
	inner *canvas.Circle
	slash *canvas.Line
}

func (r *tokenRenderer) Destroy() {}

func (r *tokenRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.disc, r.inner, r.slash}
}

func (r *tokenRenderer) MinSize() fyne.Size { return fyne.NewSquareSize(MinTouch) }

func (r *tokenRenderer) Layout(s fyne.Size) {
	d := fyne.Min(s.Width, s.Height) - 4
	x, y := (s.Width-d)/2, (s.Height-d)/2
	r.disc.Move(fyne.NewPos(x, y))
	r.disc.Resize(fyne.NewSquareSize(d))
	in := d * 0.55
	r.inner.Move(fyne.NewPos((s.Width-in)/2, (s.Height-in)/2))
	r.inner.Resize(fyne.NewSquareSize(in))
	o := d * 0.2
	r.slash.Position1 = fyne.NewPos(x+o, y+d-o)
	r.slash.Position2 = fyne.NewPos(x+d-o, y+o)
}

func (r *tokenRenderer) Refresh() {
	k := r.k
	fg := themed(k, theme.ColorNameForeground)
	accent := themed(k, theme.ColorNamePrimary)
	if k.row.disabled {
		accent = dimmed(k)
		fg = accent
	}
	if k.isReady() {
		r.disc.FillColor = accent
		r.disc.StrokeColor = fg
		r.disc.StrokeWidth = 2
		r.inner.FillColor = color.Transparent
		r.inner.StrokeColor = themed(k, theme.ColorNameForegroundOnPrimary)
		r.inner.StrokeWidth = 2
		r.inner.Show()
		r.slash.Hide()
	} else {
		r.disc.FillColor = color.Transparent
		r.disc.StrokeColor = withAlpha(fg, 0.6)
		r.disc.StrokeWidth = 2
		r.inner.Hide()
		r.slash.StrokeColor = withAlpha(fg, 0.6)
		r.slash.StrokeWidth = 2
		r.slash.Show()
	}
	r.Layout(k.Size())
	for _, o := range r.Objects() {
		o.Refresh()
	}
}
