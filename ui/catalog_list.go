package ui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/ui/screen"
)

// catalogList is the card list of the catalog's Cards panel: the search
// box, the kind filter, the count and a row for each card that matches.
// show rebuilds the rows from a catalog; it keeps nothing else.
type catalogList struct {
	search *screen.TextEntry
	kind   *widget.Select
	rows   []catalogRow
	list   *widget.List
	// count says how many cards are listed, beside the filter; empty
	// says why none are, over the empty list.
	count, empty *widget.Label
}

// catalogRow is one line of the card list.
type catalogRow struct {
	id, name, detail string
	kind             reference.CardKind
}

// newCatalogList builds the list: changed runs when the search or the
// filter changes, open when a card's row is tapped (or Enter typed in the
// search: the first card found).
func newCatalogList(changed func(), open func(id string)) *catalogList {
	l := &catalogList{}
	l.search = screen.NewTextEntry()
	l.search.SetPlaceHolder(lang.X("catalog.search_cards_name_affiliation", "Search cards: name, affiliation, keyword…"))
	l.search.OnChanged = func(string) { changed() }
	l.search.OnSubmitted = func(string) {
		if len(l.rows) > 0 {
			open(l.rows[0].id)
		}
	}
	choices := []string{allCards()}
	for _, k := range allKinds() {
		choices = append(choices, kindPlural(k))
	}
	l.kind = widget.NewSelect(choices, func(string) { changed() })
	l.count = widget.NewLabel("")
	l.count.SizeName = theme.SizeNameCaptionText
	l.empty = widget.NewLabel("")
	l.empty.Wrapping = fyne.TextWrapWord
	l.empty.Hide()
	l.list = newTwoLineList(func() int { return len(l.rows) }, func(i int) (string, string) {
		return l.rows[i].name, l.rows[i].detail
	})
	l.list.OnSelected = func(i widget.ListItemID) {
		l.list.UnselectAll()
		if i < len(l.rows) {
			open(l.rows[i].id)
		}
	}
	return l
}

// show lists the cards of cat matching the search and the kind filter:
// characters first, then each kind of reference card, by name; origin
// says where each card comes from.
func (l *catalogList) show(cat *reference.Catalog, origin func(id string) string) {
	chars, refs := cat.Find(l.search.Text)
	filter := l.kind.Selected
	l.rows = l.rows[:0]
	if filter == allCards() || filter == kindCharacters() {
		for _, ch := range chars {
			d := []string{kindName(reference.KindCharacter)}
			if ch.Affiliation != "" {
				d = append(d, ch.Affiliation)
			}
			if ch.Complete() {
				d = append(d, lang.X("catalog.ready_to_play", "ready to play"))
			}
			d = append(d, origin(ch.ID))
			l.rows = append(l.rows, catalogRow{id: ch.ID, name: ch.Name, detail: strings.Join(d, " · "), kind: reference.KindCharacter})
		}
	}
	for _, r := range refs {
		if filter != allCards() && filter != kindPlural(r.Kind) {
			continue
		}
		d := []string{kindName(r.Kind)}
		if r.Game != "" {
			d = append(d, r.Game.Title())
		}
		if r.Affiliation != "" {
			d = append(d, r.Affiliation)
		}
		d = append(d, origin(r.ID))
		l.rows = append(l.rows, catalogRow{id: r.ID, name: r.Name, detail: strings.Join(d, " · "), kind: r.Kind})
	}
	order := map[reference.CardKind]int{}
	for i, k := range allKinds() {
		order[k] = i
	}
	slices.SortStableFunc(l.rows, func(a, b catalogRow) int {
		if d := order[a.kind] - order[b.kind]; d != 0 {
			return d
		}
		return strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name))
	})
	l.count.SetText(lang.X("catalog.a_of_b_cards", "{{.A}} of {{.B}} cards", map[string]any{"A": len(l.rows), "B": cat.Len()}))
	switch {
	case len(l.rows) == 0 && l.search.Text != "":
		l.empty.SetText(lang.X("catalog.no_card_matches_every", "No card matches. Every word must appear in the name, affiliation, keywords or id."))
		l.empty.Show()
	case len(l.rows) == 0:
		l.empty.SetText(lang.X("catalog.no_cards_of_this", "No cards of this kind yet. Create one below, or import a catalog file."))
		l.empty.Show()
	default:
		l.empty.Hide()
	}
	l.list.Refresh()
	l.list.ScrollToTop()
}

// newTwoLineList is a list of cards, each a bold name over a caption line,
// both cut short with an ellipsis: count says how many rows there are, row
// the two lines of row i.
func newTwoLineList(count func() int, row func(i int) (name, detail string)) *widget.List {
	return widget.NewList(
		count,
		func() fyne.CanvasObject {
			name := widget.NewLabelWithStyle("…", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			name.Truncation = fyne.TextTruncateEllipsis
			detail := widget.NewLabel("…")
			detail.Truncation = fyne.TextTruncateEllipsis
			detail.SizeName = theme.SizeNameCaptionText
			// The caption sits right under the name, a padding apart (not
			// the two labels' inner paddings), so that a phone shows more
			// cards.
			return container.New(layout.NewCustomPaddedVBoxLayout(theme.Padding()-2*theme.InnerPadding()), name, detail)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= count() {
				return
			}
			name, detail := row(i)
			box := o.(*fyne.Container)
			box.Objects[0].(*widget.Label).SetText(name)
			box.Objects[1].(*widget.Label).SetText(detail)
		},
	)
}
