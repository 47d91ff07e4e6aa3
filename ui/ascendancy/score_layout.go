package ascendancy

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/ui/widgets"
)

// scoreLayout lays out the full-screen scoreboard: a header pinned at the
// top (Back, whose turn, the turn order), below it the tiles in a
// scroller and under them the newest steps of the log (room for
// scoreLogMax of them first, fewer, down to one, when the tiles need the
// room to fit). For the size it is given it chooses how many tiles go side by
// side, how many values a tile puts on a row and how (labels under or
// beside the values, written out or short), so the tiles read as big as
// the window allows, never cut off sideways, and on a tablet or a TV never
// need scrolling. On a tablet or a TV (both sides at least tabletSide) no
// text is smaller than minTextShare of the window's height, read from
// across the table: the header's text grows with the window too.
type scoreLayout struct {
	header *scaledTheme // the header's text scale
	onWide func()       // called when the header's scale changed
	grid   *scoreGrid
	back   *backRowLayout // Back and whose turn
	log    *scoreLog      // the newest steps, under the tiles (nil: none)
}

// backRowLayout sets out Back (objs[0]) and whose turn it is (objs[1], a
// wrapping label): side by side on a tablet, where the header must leave
// the room to the tiles, or Back on its own row above (on a phone the
// label would get a sliver of width beside it). On a tablet in portrait
// Back is its arrow alone, so that whose turn it is takes fewer lines and
// leaves the room to the tiles and the log.
type backRowLayout struct {
	side bool
	// back is the Back button and label its words (nil: leave it be).
	back  *widget.Button
	label string
}

// setIconOnly shows Back as its arrow alone (true) or with its words.
func (l *backRowLayout) setIconOnly(iconOnly bool) {
	if l.back == nil {
		return
	}
	text := l.label
	if iconOnly {
		text = ""
	}
	if l.back.Text != text {
		l.back.SetText(text)
	}
}

func (l *backRowLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	back, stage := objs[0], objs[1]
	bm := back.MinSize()
	back.Move(fyne.NewPos(0, 0))
	back.Resize(bm)
	x, y := float32(0), bm.Height+theme.Padding()
	if l.side {
		x, y = bm.Width+theme.Padding(), 0
	}
	stage.Move(fyne.NewPos(x, y))
	stage.Resize(fyne.NewSize(max(0, s.Width-x), stage.Size().Height))
	stage.Resize(fyne.NewSize(max(0, s.Width-x), stage.MinSize().Height))
}

func (l *backRowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	bm, sm := objs[0].MinSize(), objs[1].MinSize()
	if l.side {
		return fyne.NewSize(bm.Width+theme.Padding()+sm.Width, max(bm.Height, sm.Height))
	}
	return fyne.NewSize(max(bm.Width, sm.Width), bm.Height+theme.Padding()+sm.Height)
}

// minTextShare is the smallest text on a tablet's scoreboard, as a share
// of the window's height (a little over 2.5%: the window's padding is not
// the scoreboard's).
const minTextShare = 0.026

// tabletSide is the shorter side of the smallest window taken for a
// tablet rather than a phone.
const tabletSide = 600

// scoreGrid is the tiles' layout, set by scoreLayout for each size.
type scoreGrid struct {
	tiles     []*widgets.ScoreTile
	cols      int // tiles side by side
	valueCols int // values on a tile's row
	// rowHeights are the rows' minimum heights (the tallest tile's).
	rowHeights []float32
	minText    float32 // the smallest text size, 0 on a phone
	look       widgets.TileLook
	// need is the least height the tiles take without being cut off
	// sideways, in any look, at the width choose was last given (-1:
	// none fits that width).
	need float32
}

// tileLooks are the ways a tile may set out its text, the most readable
// first, with how much their size counts against it.
var tileLooks = []struct {
	look   widgets.TileLook
	weight float32
}{
	{widgets.TileLook{}, 1},
	{widgets.TileLook{Inline: true}, 0.9},
	{widgets.TileLook{Short: true}, 0.8},
	{widgets.TileLook{Short: true, Inline: true}, 0.75},
	{widgets.TileLook{Short: true, Inline: true, NoSub: true}, 0.6},
	{widgets.TileLook{Short: true, Inline: true, Dense: true}, 0.55},
	{widgets.TileLook{Short: true, Inline: true, NoSub: true, Dense: true}, 0.5},
}

// Layout puts the header (objs[0]) at the top, the scroller (objs[1])
// under it and the log (objs[2], if any) at the bottom.
func (l *scoreLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	k := float32(1)
	if size.Width >= 700 && size.Height >= 500 {
		k = 1.25
	}
	l.grid.minText = 0
	l.header.flat = false
	if l.back != nil {
		l.back.side = min(size.Width, size.Height) >= tabletSide
		l.back.setIconOnly(l.back.side && size.Width < size.Height)
	}
	if min(size.Width, size.Height) >= tabletSide {
		l.header.flat = true
		l.grid.minText = minTextShare * size.Height
		// The header's smallest text is the theme's text size.
		k = max(k, l.grid.minText/l.header.Theme.Size(theme.SizeNameText))
	}
	if k != l.header.k || l.header.flat != l.header.wasFlat {
		l.header.wasFlat = l.header.flat
		l.header.k = k
		if l.onWide != nil {
			l.onWide()
		}
	}
	pad := theme.Padding()
	// Lay the header out at this width first: its wrapped text (the turn
	// order on a phone) needs the height of the lines it wraps into.
	objs[0].Resize(fyne.NewSize(size.Width, objs[0].Size().Height))
	top := objs[0].MinSize().Height
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, top))
	body := fyne.NewSize(size.Width, max(0, size.Height-top-pad))
	objs[1].Move(fyne.NewPos(0, top+pad))
	tiles := body
	if len(objs) > 2 {
		tiles = l.roomForLog(body)
		objs[2].Move(fyne.NewPos(0, top+pad+tiles.Height+pad))
		objs[2].Resize(fyne.NewSize(size.Width, max(0, body.Height-tiles.Height-pad)))
	}
	l.layoutTiles(objs[1], tiles)
}

// roomForLog is the room the tiles get in body, the log taking the rest:
// room for the most rows of the log (up to scoreLogMax) under its heading
// that leaves the tiles enough to fit without scrolling; where not even
// one row fits so, rows without the heading; where none fits, no log (the
// tiles come first). A phone's scoreboard has no log: it scrolls, and the
// game screen shows the log.
func (l *scoreLayout) roomForLog(body fyne.Size) fyne.Size {
	if l.log == nil {
		return body
	}
	if l.grid.minText > 0 && l.log.count() > 0 {
		pad := theme.Padding()
		// The least the tiles need at this width, in their densest look.
		l.grid.choose(body)
		spare := body.Height - l.grid.need - pad
		for _, heading := range []bool{true, false} {
			for n := min(scoreLogMax, l.log.count()); n >= 1 && l.grid.need >= 0; n-- {
				if h := l.log.heightFor(n, body.Width, heading); h <= spare {
					l.log.noHeading = !heading
					setShown(l.log.box, true)
					return fyne.NewSize(body.Width, body.Height-h-pad)
				}
			}
		}
	}
	setShown(l.log.box, false)
	return body
}

// setShown shows or hides o, leaving it be when it already is so (a
// layout that calls it does not ask for another).
func setShown(o fyne.CanvasObject, shown bool) {
	if o.Visible() != shown {
		if shown {
			o.Show()
		} else {
			o.Hide()
		}
	}
}

// layoutTiles lays the tiles' scroller (o) out in body.
func (l *scoreLayout) layoutTiles(o fyne.CanvasObject, body fyne.Size) {
	pad := theme.Padding()
	// Twice at most: a tile laid out at its new width may need another
	// height (its badge goes under a long name on a narrow tile).
	for range 2 {
		l.grid.choose(body)
		o.Resize(body)
		o.Refresh()
		cols := max(1, l.grid.cols)
		w := (body.Width - pad*float32(cols-1)) / float32(cols)
		if _, rows := l.grid.tileMin(l.grid.look, l.grid.valueCols, cols, w); slices.Equal(rows, l.grid.rowHeights) {
			break
		}
	}
}

// MinSize is the header's, a little room for the scroller and the log's
// heading and newest row.
func (l *scoreLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := objs[0].MinSize()
	m := fyne.NewSize(h.Width, h.Height+theme.Padding()+objs[1].MinSize().Height)
	if len(objs) > 2 && l.log != nil && l.log.box.Visible() {
		m.Height += theme.Padding() + objs[2].MinSize().Height
	}
	return m
}

// choose picks the tile and value columns and the tiles' look that give
// the biggest tiles in the room (a view of the scroller), among those that
// fit its width; any that needs no scrolling beats those that do. It
// reports whether the tiles fit the room without scrolling.
func (g *scoreGrid) choose(room fyne.Size) bool {
	n := len(g.tiles)
	if n == 0 || room.Width <= 0 {
		return true
	}
	pad := theme.Padding()
	g.need = -1
	best, bestCols, bestValues := float32(-1), 1, 1
	var bestRows []float32
	var bestLook widgets.TileLook
	for _, tl := range tileLooks {
		look := tl.look
		look.MinText = g.minText
		for values := 5; values >= 1; values-- {
			for cols := 1; cols <= n; cols++ {
				w := (room.Width - pad*float32(cols-1)) / float32(cols)
				mw, rows := g.tileMin(look, values, cols, w)
				if w < mw && cols > 1 {
					break
				}
				h := pad * float32(len(rows)-1)
				for _, r := range rows {
					h += r
				}
				if w >= mw && (g.need < 0 || h < g.need) {
					g.need = h
				}
				// How big the tile's text can grow; a tile that must scroll
				// counts by its width only, less for every screen it takes.
				k := min(w/mw, room.Height/h) * tl.weight
				if h <= room.Height {
					k += 10 // no scrolling beats any size that scrolls
				} else {
					k = min(w/mw, 1) * room.Height / h * tl.weight
				}
				if w < mw {
					k = w / mw / 4 // cut off sideways: last resort
				}
				if k > best+0.01 {
					best, bestCols, bestValues, bestRows, bestLook = k, cols, values, rows, look
				}
			}
		}
	}
	g.cols, g.valueCols, g.look = bestCols, bestValues, bestLook
	for _, t := range g.tiles {
		t.SetLook(bestLook)
		t.SetColumns(bestValues)
	}
	g.rowHeights = bestRows
	return best >= 10
}

// tileMin is the largest minimum width of the tiles in the look with
// values on a row, width wide, and the minimum height of each row of cols
// tiles.
func (g *scoreGrid) tileMin(look widgets.TileLook, values, cols int, width float32) (float32, []float32) {
	var w float32
	rows := make([]float32, (len(g.tiles)+cols-1)/cols)
	for i, t := range g.tiles {
		t.SetLook(look)
		t.SetColumns(values)
		m := t.MinSizeAt(width)
		w = max(w, m.Width)
		rows[i/cols] = max(rows[i/cols], m.Height)
	}
	return w, rows
}

// heights are the rows' heights in a grid height tall: their minimum
// heights, grown alike to fill the room there is.
func (g *scoreGrid) heights(objs []fyne.CanvasObject, height float32) []float32 {
	cols := max(1, g.cols)
	rows := make([]float32, (len(objs)+cols-1)/cols)
	if len(g.rowHeights) == len(rows) {
		copy(rows, g.rowHeights)
	} else {
		for i, o := range objs {
			rows[i/cols] = max(rows[i/cols], o.MinSize().Height)
		}
	}
	var sum float32
	for _, r := range rows {
		sum += r
	}
	room := height - theme.Padding()*float32(len(rows)-1)
	if sum > 0 && room > sum {
		for i := range rows {
			rows[i] *= room / sum
		}
	}
	return rows
}

// Layout fills the scroller's content with rows of tiles; rows share the
// height when there is more room than the tiles need.
func (g *scoreGrid) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	cols := max(1, g.cols)
	if len(objs) == 0 {
		return
	}
	pad := theme.Padding()
	w := (size.Width - pad*float32(cols-1)) / float32(cols)
	rows := g.heights(objs, size.Height)
	y := float32(0)
	for i, o := range objs {
		r, c := i/cols, i%cols
		if c == 0 && r > 0 {
			y += rows[r-1] + pad
		}
		o.Move(fyne.NewPos(float32(c)*(w+pad), y))
		o.Resize(fyne.NewSize(w, rows[r]))
	}
}

// MinSize is the rows of tiles at their minimum height, and no width: the
// grid takes the scroller's width and never widens the window.
func (g *scoreGrid) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) == 0 {
		return fyne.Size{}
	}
	rows := g.heights(objs, 0)
	h := theme.Padding() * float32(len(rows)-1)
	for _, r := range rows {
		h += r
	}
	return fyne.NewSize(0, h)
}

// scaledTheme is the app's theme with its text (and inline icons) scaled
// by k, for the scoreboard's header read from across the table; flat, its
// headings are no bigger than its text (on a tablet, where every text is
// big, the header leaves the room to the tiles).
type scaledTheme struct {
	fyne.Theme
	k       float32
	flat    bool
	wasFlat bool // flat as last applied
}

// Size scales the text sizes of the theme.
func (s *scaledTheme) Size(n fyne.ThemeSizeName) float32 {
	v := s.Theme.Size(n)
	if s.flat && (n == theme.SizeNameHeadingText || n == theme.SizeNameSubHeadingText) {
		v = s.Theme.Size(theme.SizeNameText)
	}
	switch n {
	case theme.SizeNameText, theme.SizeNameHeadingText, theme.SizeNameSubHeadingText,
		theme.SizeNameCaptionText, theme.SizeNameInlineIcon:
		return v * s.k
	}
	return v
}
