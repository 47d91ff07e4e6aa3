package ui

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/scan"
	"tableops/scan/cards"
	"tableops/ui/screen"
)

// tagTools are the catalog's scanning buttons: scan a card, print tags.
func (v *catalogView) tagTools() []fyne.CanvasObject {
	return []fyne.CanvasObject{
		widget.NewButtonWithIcon(lang.X("scan.scan_a_card", "Scan a card"), theme.MediaPhotoIcon(), func() { v.sh.scanCards(nil) }),
		widget.NewButtonWithIcon(lang.X("scan.print_tags", "Print tags"), theme.DocumentPrintIcon(), v.printTags),
	}
}

// Which cards to print tags for.
const (
	printThisCard = "this"
	printListed   = "listed"
	printAll      = "all"
)

// Paper choices.
const (
	paperA4     = "A4"
	paperLetter = "US Letter"
)

// tagCodeSizes are the printed code widths offered, in mm.
var tagCodeSizes = []int{15, 20, 25, 30, 40}

// tagPrintForm is the body of the Print tags dialog: which cards, paper,
// code size, and whether characters carry their name and tracks.
type tagPrintForm struct {
	widget.BaseWidget
	v     *catalogView
	body  fyne.CanvasObject
	which *widget.RadioGroup
	// choices maps the radio labels to printThisCard, printListed, printAll.
	choices  map[string]string
	paper    *widget.RadioGroup
	size     *widget.Select
	selfDesc *widget.Check
	summary  *widget.Label
}

// CreateRenderer implements fyne.Widget.
func (f *tagPrintForm) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(f.body)
}

// printTags asks which tags to print and how, then where to save the PDF.
func (v *catalogView) printTags() {
	f := &tagPrintForm{v: v, choices: map[string]string{}}
	var opts []string
	add := func(label, key string) {
		opts = append(opts, label)
		f.choices[label] = key
	}
	if v.selected != "" && v.cat.Has(v.selected) {
		add(lang.X("scan.print.shown", "The card shown"), printThisCard)
	}
	if len(v.rows) > 1 && len(v.rows) < v.cat.Len() {
		add(lang.X("scan.print.listed", "The {{.N}} cards in the list", map[string]any{"N": len(v.rows)}), printListed)
	}
	add(lang.X("scan.print.all", "All {{.N}} cards", map[string]any{"N": v.cat.Len()}), printAll)
	f.which = widget.NewRadioGroup(opts, func(string) { f.update() })
	f.which.Required = true
	f.which.SetSelected(opts[0])
	f.paper = widget.NewRadioGroup([]string{paperA4, paperLetter}, func(string) { f.update() })
	f.paper.Horizontal = true
	f.paper.Required = true
	f.paper.SetSelected(paperA4)
	sizes := make([]string, len(tagCodeSizes))
	for i, s := range tagCodeSizes {
		sizes[i] = fmt.Sprintf("%d mm", s)
	}
	f.size = widget.NewSelect(sizes, func(string) { f.update() })
	f.size.SetSelected(fmt.Sprintf("%d mm", int(scan.DefaultCodeMM)))
	f.selfDesc = widget.NewCheck(lang.X("scan.self_describing_characters", "Self-describing characters"), nil)
	f.selfDesc.SetChecked(true)
	f.summary = screen.WrapLabel("")
	f.summary.SizeName = theme.SizeNameCaptionText
	hint := screen.WrapLabel(lang.X("scan.a_self_describing_character", "A self-describing character tag carries the name and tracks, so it works on devices without the card in their catalog; its code is a little denser."))
	hint.SizeName = theme.SizeNameCaptionText
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(280, 0))
	f.body = container.NewVBox(width, f.which,
		labelled(lang.X("scan.paper", "Paper"), f.paper), labelled(lang.X("scan.code_size", "Code size"), f.size),
		f.selfDesc, hint, f.summary)
	f.ExtendBaseWidget(f)
	f.update()
	d := dialog.NewCustomConfirm(lang.X("scan.print_tags", "Print tags"), lang.X("scan.save_pdf", "Save PDF…"), lang.X("common.cancel", "Cancel"), f, func(ok bool) {
		if ok {
			f.chooseFile()
		}
	}, v.win)
	v.sh.showDialog(v.win, d)
}

// ids returns the card ids chosen.
func (f *tagPrintForm) ids() []string {
	switch f.choices[f.which.Selected] {
	case printThisCard:
		return []string{f.v.selected}
	case printListed:
		ids := make([]string, len(f.v.rows))
		for i, r := range f.v.rows {
			ids[i] = r.id
		}
		return ids
	}
	return nil // every card
}

// options returns the sheet options chosen.
func (f *tagPrintForm) options() scan.SheetOptions {
	o := scan.SheetOptions{Paper: scan.PaperA4, CodeMM: scan.DefaultCodeMM}
	if f.paper.Selected == paperLetter {
		o.Paper = scan.PaperLetter
	}
	if i := f.size.SelectedIndex(); i >= 0 {
		o.CodeMM = float64(tagCodeSizes[i])
	}
	return o
}

// sheet builds the chosen tags and their layout.
func (f *tagPrintForm) sheet() ([]scan.SheetItem, scan.SheetLayout, error) {
	items, err := cards.SheetItems(f.v.cat, f.ids(), f.selfDesc.Checked)
	if err != nil {
		return nil, scan.SheetLayout{}, err
	}
	l, err := scan.LayoutSheet(f.options())
	return items, l, err
}

// update says how many tags go on how many pages.
func (f *tagPrintForm) update() {
	if f.summary == nil || f.which == nil || f.size == nil || f.paper == nil {
		return
	}
	items, l, err := f.sheet()
	if err != nil {
		f.summary.SetText(lang.X("scan.cannot_print_a", "Cannot print: {{.A}}", map[string]any{"A": plainError(err)}))
		return
	}
	pages := (len(items) + l.PerPage() - 1) / l.PerPage()
	what := lang.X("scan.print.n_tags", "{{.N}} tag(s)", map[string]any{"N": len(items)})
	if len(items) == 1 {
		what = lang.X("scan.print.tag_of", "The tag of {{.Label}}", map[string]any{"Label": items[0].Label})
	}
	f.summary.SetText(lang.X("scan.a_on_b_page", "{{.A}} on {{.B}} page(s), {{.C}} a page.", map[string]any{"A": what, "B": pages, "C": l.PerPage()}))
}

// chooseFile asks where to save the PDF.
func (f *tagPrintForm) chooseFile() {
	if inBrowser { // a download (files.go)
		f.writeTo(&download{name: "tableops-tags.pdf", mime: "application/pdf"}, "tableops-tags.pdf")
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			f.v.say(lang.X("scan.tags_not_saved_a", "Tags not saved: {{.A}}", map[string]any{"A": plainError(err)}), true)
			return
		}
		if w == nil {
			return
		}
		f.writeTo(w, w.URI().Name())
	}, f.v.win)
	d.SetFileName("tableops-tags.pdf")
	d.SetFilter(storage.NewExtensionFileFilter([]string{".pdf"}))
	d.Show()
}

// writeTo writes the PDF and closes w; nothing is written when the sheet
// cannot be made.
func (f *tagPrintForm) writeTo(w io.WriteCloser, name string) {
	items, l, err := f.sheet()
	var buf bytes.Buffer
	if err == nil {
		err = scan.WriteSheet(&buf, items, f.options())
	}
	if err == nil {
		_, err = w.Write(buf.Bytes())
	}
	if cerr := w.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		if errors.Is(err, cards.ErrNoCards) {
			f.v.say(lang.X("scan.tags_not_saved_the", "Tags not saved: the catalog has no cards."), true)
			return
		}
		f.v.say(lang.X("scan.tags_not_saved_a", "Tags not saved: {{.A}}", map[string]any{"A": plainError(err)}), true)
		return
	}
	pages := (len(items) + l.PerPage() - 1) / l.PerPage()
	f.v.say(lang.X("scan.saved_a_tag_s", "Saved {{.A}} tag(s) on {{.B}} page(s) to {{.C}}. Print at 100% (no “fit to page”) and cut along the guides.", map[string]any{"A": len(items), "B": pages, "C": name}), false)
}
