package ascendancy

import (
	"image/color"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/tracker"
	"tableops/ui/screen"
)

// scoreLogMax is how many of the log's newest steps the scoreboard keeps
// at hand; it shows as many as fit under the tiles.
const scoreLogMax = 6

// scoreLogRow is one step of the log on the scoreboard: the step in the
// words the status line says it (the players by name), and the colour
// band of the player it is about.
type scoreLogRow struct {
	text string
	band color.Color // nil: nobody's
}

// scoreLogRows are the newest steps of the game's log, newest first, at
// most n, each worded as the status line words it, naming the players: a
// step that names a player's civilization but not the player starts with
// the player's name. Each row has the band of the first player (or the
// Borg) it names.
func scoreLogRows(h tracker.History, a *tracker.AscendancyState, n int) []scoreLogRow {
	var rows []scoreLogRow
	for _, st := range h.Undo {
		if len(rows) == n {
			break
		}
		text := screen.TrTexts(st.Texts())
		if text == "" {
			continue
		}
		rows = append(rows, nameLogRow(text, a))
	}
	return rows
}

// nameLogRow names the players a log row is about and picks its band.
func nameLogRow(text string, a *tracker.AscendancyState) scoreLogRow {
	row := scoreLogRow{text: text}
	first := -1
	var who []string
	for i, p := range a.Players {
		at := wordAt(text, p.Name)
		if at < 0 {
			if wordAt(text, p.Civilization) < 0 {
				continue
			}
			who = append(who, p.Name)
			at = len(text) // named through the civilization: after the names
		}
		if first < 0 || at < first {
			first = at
			row.band = playerBands[i%len(playerBands)]
		}
	}
	if len(who) > 0 {
		row.text = strings.Join(who, ", ") + " · " + text
	}
	if borg := wordAt(text, "Borg"); borg >= 0 && (first < 0 || borg < first) {
		row.band = borgBand
	}
	return row
}

// wordAt is where w stands in s as a whole word (not inside another), or
// -1.
func wordAt(s, w string) int {
	if w == "" {
		return -1
	}
	for from := 0; from < len(s); {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return -1
		}
		at := from + i
		before, _ := utf8.DecodeLastRuneInString(s[:at])
		after, _ := utf8.DecodeRuneInString(s[at+len(w):])
		if (at == 0 || !isWordRune(before)) && (at+len(w) == len(s) || !isWordRune(after)) {
			return at
		}
		from = at + 1
	}
	return -1
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// scoreLog is the scoreboard's log: a heading and the newest steps under
// it, newest first and in bold, each a colour band and its wrapped text.
// Its layout shows as many rows, whole, as its height holds.
type scoreLog struct {
	box     *fyne.Container
	heading *widget.Label
	rows    []*scoreLogLine
	// noHeading leaves the heading out, for a row more where the room
	// is short (a tablet in portrait): the bands and the bold newest
	// row still read as a log.
	noHeading bool
}

// scoreLogLine is a row: the band and the text.
type scoreLogLine struct {
	band  *canvas.Rectangle
	label *widget.Label
}

func newScoreLog() *scoreLog {
	l := &scoreLog{}
	l.heading = widget.NewLabelWithStyle(lang.X("web.log", "Latest in the log"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.box = &fyne.Container{Layout: l, Objects: []fyne.CanvasObject{l.heading}}
	return l
}

// set shows rows (newest first).
func (l *scoreLog) set(rows []scoreLogRow) {
	for len(l.rows) < len(rows) {
		lbl := widget.NewLabel("")
		lbl.Wrapping = fyne.TextWrapWord
		l.rows = append(l.rows, &scoreLogLine{band: canvas.NewRectangle(color.Transparent), label: lbl})
	}
	objs := []fyne.CanvasObject{l.heading}
	for i, r := range rows {
		line := l.rows[i]
		line.label.TextStyle.Bold = i == 0
		line.label.Text = r.text
		line.label.Refresh()
		line.band.FillColor = color.Transparent
		if r.band != nil {
			line.band.FillColor = r.band
		}
		objs = append(objs, line.band, line.label)
	}
	l.box.Objects = objs
	l.box.Refresh()
}

// count is how many rows are set.
func (l *scoreLog) count() int { return (len(l.box.Objects) - 1) / 2 }

// bandWidth is the width of a row's band and the room after it.
func (l *scoreLog) bandWidth() float32 {
	return theme.SizeForWidget(theme.SizeNameText, l.heading) / 2
}

// rowHeight is the height of the i-th row's text wrapped at width.
func (l *scoreLog) rowHeight(i int, width float32) float32 {
	lbl := l.box.Objects[2+2*i].(*widget.Label)
	lbl.Resize(fyne.NewSize(max(1, width-2*l.bandWidth()), lbl.Size().Height))
	return lbl.MinSize().Height
}

// heightFor is the height the heading (if withHeading) and the first n
// rows take at width.
func (l *scoreLog) heightFor(n int, width float32, withHeading bool) float32 {
	n = min(n, l.count())
	if n == 0 {
		return 0
	}
	var h float32
	if withHeading {
		h = l.heading.MinSize().Height
	}
	for i := range n {
		h += l.rowHeight(i, width)
	}
	return h
}

// Layout puts the heading (unless noHeading) at the top and the rows
// under it, as many as fit whole; the others are hidden.
func (l *scoreLog) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) == 0 {
		return
	}
	y := float32(0)
	setShown(objs[0], !l.noHeading)
	if !l.noHeading {
		hm := objs[0].MinSize()
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(fyne.NewSize(size.Width, hm.Height))
		y = hm.Height
	}
	bw := l.bandWidth()
	pad := theme.SizeForWidget(theme.SizeNameInnerPadding, l.heading)
	for i := 1; i+1 < len(objs); i += 2 {
		band, text := objs[i], objs[i+1]
		h := l.rowHeight((i-1)/2, size.Width)
		fits := y+h <= size.Height+0.5
		setShown(band, fits)
		setShown(text, fits)
		if !fits {
			continue
		}
		band.Move(fyne.NewPos(pad/2, y+pad/2))
		band.Resize(fyne.NewSize(bw/2, max(0, h-pad)))
		text.Move(fyne.NewPos(bw, y))
		text.Resize(fyne.NewSize(max(1, size.Width-2*bw), h))
		y += h
	}
}

// MinSize is the heading and the newest row, at no width: the log takes
// the scoreboard's width.
func (l *scoreLog) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) < 3 {
		return fyne.Size{}
	}
	if l.noHeading {
		return fyne.NewSize(0, objs[2].MinSize().Height)
	}
	return fyne.NewSize(0, objs[0].MinSize().Height+objs[2].MinSize().Height)
}

// tightTheme is the scoreboard's big theme (scaledTheme) with the little
// padding of a list's rows: the log's rows take the height of their text,
// leaving the room to the tiles.
type tightTheme struct{ *scaledTheme }

// Size is the big theme's, with a narrow padding around the text.
func (t *tightTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameInnerPadding:
		return 3
	case theme.SizeNameLineSpacing:
		return 2
	}
	return t.scaledTheme.Size(n)
}
