package ui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/ui/screen"
)

// characterPicker is the searchable list of catalog characters.
type characterPicker struct {
	shown  []reference.Character
	cat    *reference.Catalog
	search *screen.TextEntry
	list   *widget.List
	hint   *widget.Label
	d      dialog.Dialog
}

// pickCharacter shows the catalog's characters in a searchable list over
// the main window and calls onPick with the one the player taps. Cards
// whose tracks are not entered yet are marked, so the form they fill can
// ask for the rest.
func (sh *Shell) pickCharacter(onPick func(reference.Character)) {
	cat, err := sh.loadCatalog()
	if cat == nil {
		sh.showError(lang.X("catalog.card_catalog", "Card catalog"), err)
		return
	}
	p := &characterPicker{cat: cat}
	p.search = screen.NewTextEntry()
	p.search.SetPlaceHolder(lang.X("catalog.search_characters_name_affiliation", "Search characters: name, affiliation, keyword…"))
	p.search.OnChanged = func(string) { p.filter() }
	p.hint = widget.NewLabel("")
	p.hint.Wrapping = fyne.TextWrapWord
	p.hint.SizeName = theme.SizeNameCaptionText
	pick := func(ch reference.Character) {
		p.d.Hide()
		onPick(ch)
	}
	p.search.OnSubmitted = func(string) {
		if len(p.shown) > 0 {
			pick(p.shown[0])
		}
	}
	p.list = newTwoLineList(func() int { return len(p.shown) }, func(i int) (string, string) {
		return p.shown[i].Name, pickDetail(p.shown[i])
	})
	p.list.OnSelected = func(i widget.ListItemID) {
		p.list.UnselectAll()
		if i < len(p.shown) {
			pick(p.shown[i])
		}
	}
	p.filter()
	body := container.NewBorder(container.NewVBox(p.search, p.hint), nil, nil, nil, p.list)
	p.d = dialog.NewCustom(lang.X("catalog.pick_from_the_catalog", "Pick from the catalog"), lang.X("common.cancel", "Cancel"), body, sh.win)
	p.d.Resize(fyne.NewSize(380, 560))
	sh.showDialog(sh.win, p.d)
	sh.win.Canvas().Focus(p.search)
}

// pickDetail is the second line of a character in the picker.
func pickDetail(ch reference.Character) string {
	var d []string
	if ch.Affiliation != "" {
		d = append(d, ch.Affiliation)
	}
	if ch.Role != "" {
		d = append(d, ch.Role)
	}
	if ch.Complete() {
		d = append(d, "ready to play")
	} else {
		d = append(d, "tracks or weapons to enter")
	}
	return strings.Join(d, " · ")
}

// filter shows the characters matching the search.
func (p *characterPicker) filter() {
	p.shown, _ = p.cat.Find(p.search.Text)
	slices.SortStableFunc(p.shown, func(a, b reference.Character) int {
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	switch {
	case len(p.shown) == 0:
		p.hint.SetText(lang.X("catalog.no_character_matches_add", "No character matches. Add cards in the catalog (home screen, Catalog)."))
	default:
		p.hint.SetText(lang.X("catalog.a_characters_tap_one", "{{.A}} characters. Tap one to fill the form.", map[string]any{"A": len(p.shown)}))
	}
	p.list.Refresh()
	p.list.ScrollToTop()
}
