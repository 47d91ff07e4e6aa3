package scan

import (
	"fmt"
	"io"
	"math"
	"strings"
	"tableops/rules/rulerr"

	"codeberg.org/go-pdf/fpdf"
)

// Paper is a printable page size.
type Paper string

// The supported paper sizes.
const (
	PaperA4     Paper = "a4"
	PaperLetter Paper = "letter"
)

// DefaultCodeMM is the default printed width of a tag's symbol, in mm.
const DefaultCodeMM = 20.0

// Limits on the printed code size, in mm.
const (
	MinCodeMM = 10.0
	MaxCodeMM = 80.0
)

// SheetOptions configures WriteSheet.
type SheetOptions struct {
	// Paper is PaperA4 (the default when empty) or PaperLetter.
	Paper Paper
	// CodeMM is the printed width of each symbol, without its margin
	// (DefaultCodeMM when zero).
	CodeMM float64
}

// SheetItem is one tag to print.
type SheetItem struct {
	Tag Tag
	// Label is printed under the code; Tag.Label() when empty.
	Label string
}

// ErrNoItems reports a sheet without tags.
var ErrNoItems = rulerr.New("scan.err.no_tags_to_print", "no tags to print")

// Sheet layout constants, in mm.
const (
	pageMargin  = 10.0
	labelBandMM = 4.5
	labelPt     = 7.0
	minLabelPt  = 5.0
	headerPt    = 8.0
)

// SheetLayout is the grid WriteSheet prints on: where each tag lands.
// All lengths are in mm from the page's top-left corner.
type SheetLayout struct {
	PageW, PageH float64
	// CodeMM is the symbol's printed width; Quiet the white margin around it.
	CodeMM, Quiet float64
	// CellW, CellH is one cut-out tag: margin, code, margin, label band.
	CellW, CellH float64
	// Left, Top is the grid's top-left corner.
	Left, Top  float64
	Cols, Rows int
}

// PerPage is how many tags fit on one page.
func (l SheetLayout) PerPage() int { return l.Cols * l.Rows }

// Code returns the page (from 0) and the top-left corner and width of the
// i-th item's symbol (without margin).
func (l SheetLayout) Code(i int) (page int, x, y, size float64) {
	page = i / l.PerPage()
	i %= l.PerPage()
	col, row := i%l.Cols, i/l.Cols
	return page, l.Left + float64(col)*l.CellW + l.Quiet, l.Top + float64(row)*l.CellH + l.Quiet, l.CodeMM
}

// Cell returns the page and the top-left corner of the i-th item's cut-out.
func (l SheetLayout) Cell(i int) (page int, x, y float64) {
	page = i / l.PerPage()
	i %= l.PerPage()
	return page, l.Left + float64(i%l.Cols)*l.CellW, l.Top + float64(i/l.Cols)*l.CellH
}

// LayoutSheet computes the grid for the options.
func LayoutSheet(opts SheetOptions) (SheetLayout, error) {
	l := SheetLayout{CodeMM: opts.CodeMM}
	switch opts.Paper {
	case PaperA4, "":
		l.PageW, l.PageH = 210, 297
	case PaperLetter:
		l.PageW, l.PageH = 215.9, 279.4
	default:
		return SheetLayout{}, rulerr.Errorf("scan.err.tag_sheet_unknown_paper_a4_or", "tag sheet: unknown paper %q (a4 or letter)", opts.Paper)
	}
	if l.CodeMM == 0 {
		l.CodeMM = DefaultCodeMM
	}
	if math.IsNaN(l.CodeMM) || l.CodeMM < MinCodeMM || l.CodeMM > MaxCodeMM {
		return SheetLayout{}, rulerr.Errorf("scan.err.tag_sheet_code_size_mm_to", "tag sheet: code size %g mm (%g to %g)", l.CodeMM, MinCodeMM, MaxCodeMM)
	}
	// At least 4 modules of a version 4 symbol (33 modules) around the code.
	l.Quiet = math.Max(3, l.CodeMM*4/33)
	l.CellW = l.CodeMM + 2*l.Quiet
	l.CellH = l.CodeMM + 2*l.Quiet + labelBandMM
	usableW, usableH := l.PageW-2*pageMargin, l.PageH-2*pageMargin
	l.Cols, l.Rows = int(usableW/l.CellW), int(usableH/l.CellH)
	l.Left = (l.PageW - float64(l.Cols)*l.CellW) / 2
	l.Top = pageMargin
	return l, nil
}

// WriteSheet writes a PDF of printable tags: each code with its label
// below it, dashed cut guides between them, as many pages as needed.
func WriteSheet(w io.Writer, items []SheetItem, opts SheetOptions) error {
	if len(items) == 0 {
		return rulerr.Errorf("scan.err.tag_sheet", "tag sheet: %w", ErrNoItems)
	}
	l, err := LayoutSheet(opts)
	if err != nil {
		return err
	}
	type prepared struct {
		sym   Symbol
		label string
	}
	preps := make([]prepared, len(items))
	for i, it := range items {
		p, err := Encode(it.Tag)
		if err != nil {
			return rulerr.Errorf("scan.err.tag_sheet_item", "tag sheet item %d: %w", i+1, err)
		}
		sym, err := EncodeQR(p)
		if err != nil {
			return rulerr.Errorf("scan.err.tag_sheet_item", "tag sheet item %d: %w", i+1, err)
		}
		label := it.Label
		if label == "" {
			label = it.Tag.Label()
		}
		preps[i] = prepared{sym, label}
	}

	size := "A4"
	if opts.Paper == PaperLetter {
		size = "Letter"
	}
	pdf := fpdf.New("P", "mm", size, "")
	pdf.SetMargins(0, 0, 0)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetTitle("Table Ops tags", true)
	pdf.SetCreator("Table Ops", true)
	tr := pdf.UnicodeTranslatorFromDescriptor("")

	pages := (len(preps) + l.PerPage() - 1) / l.PerPage()
	for pg := 0; pg < pages; pg++ {
		pdf.AddPage()
		first := pg * l.PerPage()
		n := min(len(preps)-first, l.PerPage())
		pdf.SetFont("Helvetica", "", headerPt)
		pdf.SetTextColor(110, 110, 110)
		pdf.Text(l.Left, pageMargin-3, tr(fmt.Sprintf("Table Ops tags, page %d of %d. Cut along the dashed lines.", pg+1, pages)))
		drawCutGuides(pdf, l, n)
		pdf.SetFillColor(0, 0, 0)
		pdf.SetTextColor(0, 0, 0)
		for i := first; i < first+n; i++ {
			_, x, y, s := l.Code(i)
			drawSymbol(pdf, preps[i].sym, x, y, s)
			drawLabel(pdf, tr(preps[i].label), x-l.Quiet+1, y+s+l.Quiet, l.CellW-2)
		}
	}
	if err := pdf.Output(w); err != nil {
		return rulerr.Errorf("scan.err.tag_sheet", "tag sheet: %w", err)
	}
	return nil
}

// drawCutGuides draws dashed lines around the first n cells of a page:
// each cell's top and left edges, and its right and bottom edges where no
// cell follows.
func drawCutGuides(pdf *fpdf.Fpdf, l SheetLayout, n int) {
	pdf.SetDrawColor(150, 150, 150)
	pdf.SetLineWidth(0.15)
	pdf.SetDashPattern([]float64{1.5, 1.5}, 0)
	for i := 0; i < n; i++ {
		_, x, y := l.Cell(i)
		x2, y2 := x+l.CellW, y+l.CellH
		pdf.Line(x, y, x2, y)
		pdf.Line(x, y, x, y2)
		if i%l.Cols == l.Cols-1 || i == n-1 {
			pdf.Line(x2, y, x2, y2)
		}
		if i+l.Cols >= n {
			pdf.Line(x, y2, x2, y2)
		}
	}
	pdf.SetDashPattern(nil, 0)
}

// drawSymbol fills the dark modules, one rectangle per horizontal run.
func drawSymbol(pdf *fpdf.Fpdf, s Symbol, x, y, size float64) {
	m := size / float64(s.Size)
	for row := 0; row < s.Size; row++ {
		for col := 0; col < s.Size; {
			if !s.Dark(col, row) {
				col++
				continue
			}
			start := col
			for col < s.Size && s.Dark(col, row) {
				col++
			}
			pdf.Rect(x+float64(start)*m, y+float64(row)*m, float64(col-start)*m, m, "F")
		}
	}
}

// drawLabel centres text in a band of the given width, shrinking the font
// and then shortening the text until it fits.
func drawLabel(pdf *fpdf.Fpdf, text string, x, y, width float64) {
	pt := labelPt
	pdf.SetFont("Helvetica", "", pt)
	for pt > minLabelPt && pdf.GetStringWidth(text) > width {
		pt -= 0.5
		pdf.SetFontSize(pt)
	}
	if pdf.GetStringWidth(text) > width {
		r := []rune(text)
		for len(r) > 1 && pdf.GetStringWidth(string(r)+"...") > width {
			r = r[:len(r)-1]
		}
		text = strings.TrimSpace(string(r)) + "..."
	}
	tw := pdf.GetStringWidth(text)
	pdf.Text(x+(width-tw)/2, y+labelBandMM*0.45, text)
}
