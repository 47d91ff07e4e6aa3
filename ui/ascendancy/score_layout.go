package ascendancy

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"tableops/ui/widgets"
)

// scoreLayout lays out the full-screen scoreboard: a header pinned at the
// top (Back, whose turn, the turn order) and below it the tiles in a
// scroller. For the size it is given it chooses how many tiles go side by
// side and how many values a tile puts on a row, so the tiles read as big
// as the window allows and are never cut off sideways. On a wide window
// the header's text grows too.
type scoreLayout struct {
	header *scaledTheme // the header's text scale
	onWide func()       // called when the header's scale changed
	grid   *scoreGrid
}

// scoreGrid is the tiles' layout, set by scoreLayout for each size.
type scoreGrid struct {
	tiles     []*widgets.ScoreTile
	cols      int     // tiles side by side
	valueCols int     // values on a tile's row
	rowHeight float32 // at least a tile's minimum height
}

// Layout puts the header (objs[0]) at the top and the scroller (objs[1])
// under it.
func (l *scoreLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	k := float32(1)
	if size.Width >= 700 && size.Height >= 500 {
		k = 1.25
	}
	if k != l.header.k {
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
	// Twice at most: a tile laid out at its new width may need another
	// height (its badge goes under a long name on a narrow tile).
	for range 2 {
		l.grid.choose(body)
		objs[1].Resize(body)
		objs[1].Refresh()
		if l.grid.tileMin(l.grid.valueCols).Height == l.grid.rowHeight {
			break
		}
	}
}

// MinSize is the header's, and a little room for the scroller.
func (l *scoreLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := objs[0].MinSize()
	return fyne.NewSize(h.Width, h.Height+theme.Padding()+objs[1].MinSize().Height)
}

// choose picks the tile and value columns that give the biggest tiles in
// the room (a view of the scroller), among those that fit its width.
func (g *scoreGrid) choose(room fyne.Size) {
	n := len(g.tiles)
	if n == 0 || room.Width <= 0 {
		return
	}
	pad := theme.Padding()
	best, bestCols, bestValues := float32(-1), 1, 1
	var bestMin fyne.Size
	for values := 3; values >= 1; values-- {
		m := g.tileMin(values)
		for cols := 1; cols <= n; cols++ {
			rows := (n + cols - 1) / cols
			w := (room.Width - pad*float32(cols-1)) / float32(cols)
			h := (room.Height - pad*float32(rows-1)) / float32(rows)
			if w < m.Width && cols > 1 {
				break
			}
			// How big the tile's text can grow; a tile that must scroll
			// counts by its width only, less for every screen it takes.
			k := min(w/m.Width, h/m.Height)
			if h >= m.Height {
				k += 10 // no scrolling beats any size that scrolls
			} else {
				k = min(w/m.Width, 1) * h / m.Height
			}
			if w < m.Width {
				k = w / m.Width / 4 // cut off sideways: last resort
			}
			if k > best+0.01 {
				best, bestCols, bestValues, bestMin = k, cols, values, m
			}
		}
	}
	g.cols, g.valueCols = bestCols, bestValues
	for _, t := range g.tiles {
		t.SetColumns(bestValues)
	}
	g.rowHeight = bestMin.Height
}

// tileMin is the largest minimum size of the tiles with values on a row.
func (g *scoreGrid) tileMin(values int) fyne.Size {
	var m fyne.Size
	for _, t := range g.tiles {
		t.SetColumns(values)
		m = m.Max(t.MinSize())
	}
	return m
}

// Layout fills the scroller's content with rows of tiles; rows share the
// height when there is more room than the tiles need.
func (g *scoreGrid) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	cols := max(1, g.cols)
	rows := (len(objs) + cols - 1) / cols
	if rows == 0 {
		return
	}
	pad := theme.Padding()
	w := (size.Width - pad*float32(cols-1)) / float32(cols)
	h := max(g.rowHeight, (size.Height-pad*float32(rows-1))/float32(rows))
	for i, o := range objs {
		r, c := i/cols, i%cols
		o.Move(fyne.NewPos(float32(c)*(w+pad), float32(r)*(h+pad)))
		o.Resize(fyne.NewSize(w, h))
	}
}

// MinSize is the rows of tiles at their minimum height, and no width: the
// grid takes the scroller's width and never widens the window.
func (g *scoreGrid) MinSize(objs []fyne.CanvasObject) fyne.Size {
	cols := max(1, g.cols)
	rows := (len(objs) + cols - 1) / cols
	if rows == 0 {
		return fyne.Size{}
	}
	h := g.rowHeight
	if h == 0 {
		for _, o := range objs {
			h = max(h, o.MinSize().Height)
		}
	}
	return fyne.NewSize(0, float32(rows)*h+theme.Padding()*float32(rows-1))
}

// scaledTheme is the app's theme with its text (and inline icons) scaled
// by k, for the scoreboard's header read from across the table.
type scaledTheme struct {
	fyne.Theme
	k float32
}

// Size scales the text sizes of the theme.
func (s *scaledTheme) Size(n fyne.ThemeSizeName) float32 {
	v := s.Theme.Size(n)
	switch n {
	case theme.SizeNameText, theme.SizeNameHeadingText, theme.SizeNameSubHeadingText,
		theme.SizeNameCaptionText, theme.SizeNameInlineIcon:
		return v * s.k
	}
	return v
}
