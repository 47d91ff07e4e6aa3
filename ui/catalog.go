package ui

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/rules/reference"
	"tableops/tracker/store"
	"tableops/ui/screen"
)

// catalogView is the card catalog: browse the cards by kind and search as
// you type, look at one card, create and edit characters (with their four
// tracks) and reference cards, delete the players' own cards, and import or
// export the catalog as a JSON file. Every change is saved to the store
// before the screen shows it; a change that cannot be saved is not shown.
type catalogView struct {
	sh *Shell
	// win is the catalog's own window, or the main window when the
	// catalog is a page over it (on a phone).
	win     fyne.Window
	page    *page
	root    *catalogRoot
	layout  *screen.Adaptive
	cat     *reference.Catalog
	builtin *reference.Catalog
	// saveErr says why changes cannot be saved (nil when they can).
	saveErr error

	// catalogList is the list of the cards in the Cards panel.
	*catalogList
	status *widget.Label
	// statusBox holds status; hidden with it so it takes no room.
	statusBox fyne.CanvasObject
	problem   *fyne.Container

	detail   *fyne.Container
	selected string
	// editing is the open editor (nil when a card is shown).
	editing cardEditor
}

// cardEditor is the character or reference card editor in the Card panel.
type cardEditor interface {
	content() fyne.CanvasObject
}

// catalogRoot is the catalog window's content; it lets the shell find the
// open catalog among the app's windows without a field of its own.
type catalogRoot struct {
	widget.BaseWidget
	v *catalogView
}

func (r *catalogRoot) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(r.v.statusBox, nil, nil, nil, r.v.layout))
}

// allCards is the filter choice that shows every kind.
func allCards() string { return lang.X("catalog.all_cards", "All cards") }

// kindCharacters is the filter choice of characters.
func kindCharacters() string { return lang.X("catalog.kind.characters", "Characters") }

// kindPlural is the name of a kind in the filter.
func kindPlural(k reference.CardKind) string {
	switch k {
	case reference.KindCharacter:
		return kindCharacters()
	case reference.KindMission:
		return lang.X("catalog.kinds.missions", "Missions")
	case reference.KindEquipment:
		return lang.X("catalog.kinds.equipment", "Equipment")
	case reference.KindEvent:
		return lang.X("catalog.kinds.events", "Events")
	case reference.KindBorgCommand:
		return lang.X("catalog.kinds.borg_commands", "Borg commands")
	case reference.KindBorgTech:
		return lang.X("catalog.kinds.borg_tech", "Borg tech")
	case reference.KindExploration:
		return lang.X("catalog.kinds.exploration", "Exploration")
	case reference.KindAdvancement:
		return lang.X("catalog.kinds.advancements", "Advancements")
	}
	return string(k)
}

// kindName is the name of one card of a kind.
func kindName(k reference.CardKind) string {
	switch k {
	case reference.KindCharacter:
		return lang.X("catalog.kind.character", "Character")
	case reference.KindMission:
		return lang.X("catalog.kind.mission", "Mission")
	case reference.KindEquipment:
		return lang.X("catalog.kind.equipment", "Equipment")
	case reference.KindEvent:
		return lang.X("catalog.kind.event", "Event")
	case reference.KindBorgCommand:
		return lang.X("catalog.kind.borg_command", "Borg command")
	case reference.KindBorgTech:
		return lang.X("catalog.kind.borg_tech", "Borg tech")
	case reference.KindExploration:
		return lang.X("catalog.kind.exploration", "Exploration")
	case reference.KindAdvancement:
		return lang.X("catalog.kind.advancement", "Advancement")
	}
	return string(k)
}

// allKinds lists every card kind in display order.
func allKinds() []reference.CardKind {
	return append([]reference.CardKind{reference.KindCharacter}, reference.ReferenceKinds()...)
}

// loadCatalog returns the players' catalog from the store and why changes
// cannot be saved (nil when they can).
func (sh *Shell) loadCatalog() (*reference.Catalog, error) {
	if sh.store == nil {
		c, err := reference.Builtin()
		if err != nil {
			return nil, err
		}
		return c, fmt.Errorf("saved cards are not available (%s); changes last until the catalog is closed", plainError(sh.storeErr))
	}
	c, err := sh.store.LoadCatalog()
	if c == nil {
		return nil, err
	}
	return c, err
}

// catalog returns the open catalog screen, or nil.
func (sh *Shell) catalog() *catalogView {
	for _, p := range sh.pages {
		if r, ok := p.body.(*catalogRoot); ok {
			return r.v
		}
	}
	for _, w := range sh.app.Driver().AllWindows() {
		if r, ok := w.Content().(*catalogRoot); ok && r.v.sh == sh {
			return r.v
		}
	}
	return nil
}

// showCatalog opens the card catalog (one per app), focused on search: a
// window of its own beside a wide window; on a phone-sized window it takes
// the whole window, with Close to return where the player was.
func (sh *Shell) showCatalog() {
	if v := sh.catalog(); v != nil {
		if v.page == nil {
			v.win.Show()
			v.win.RequestFocus()
			v.win.Canvas().Focus(v.search)
			return
		}
		sh.uncover(v.page)
		v.win.Canvas().Focus(v.search)
		return
	}
	cat, err := sh.loadCatalog()
	if cat == nil {
		sh.showError(lang.X("catalog.card_catalog", "Card catalog"), err)
		return
	}
	v := newCatalogView(sh, cat, err)
	if sh.phoneSized() {
		v.win = sh.win
		v.page = sh.pushPage(lang.X("catalog.card_catalog", "Card catalog"), v.root, nil)
		v.win.Canvas().Focus(v.search)
		return
	}
	v.win = sh.app.NewWindow(lang.X("catalog.card_catalog", "Card catalog"))
	// Escape closes the window's top dialog (a card to delete, tags to
	// print), as in the main window.
	v.win.Canvas().SetOnTypedKey(sh.onBack(v.win, nil, nil))
	v.win.SetContent(v.root)
	v.win.Resize(sh.windowSize(900, 700)) // a whole phone screen in a browser (platform_*.go)
	v.win.Show()
	v.win.Canvas().Focus(v.search)
}

func newCatalogView(sh *Shell, cat *reference.Catalog, loadErr error) *catalogView {
	v := &catalogView{sh: sh, cat: cat}
	if b, err := reference.Builtin(); err == nil {
		v.builtin = b
	} else {
		v.builtin = reference.NewCatalog()
	}
	v.catalogList = newCatalogList(v.refreshList, v.open)
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.statusBox = screen.Padded(v.status)
	v.statusBox.Hide()
	v.problem = container.NewVBox()
	newChar := widget.NewButton(lang.X("catalog.new_character", "New character"), func() { v.editCharacter(nil) })
	newChar.Importance = widget.HighImportance
	newRef := widget.NewButton(lang.X("catalog.new_card", "New card"), func() { v.editReference(nil) })
	importBtn := widget.NewButtonWithIcon(lang.X("catalog.import", "Import"), theme.DownloadIcon(), v.importFile)
	exportBtn := widget.NewButtonWithIcon(lang.X("catalog.export", "Export"), theme.UploadIcon(), v.exportFile)
	fileTools := append([]fyne.CanvasObject{importBtn, exportBtn}, v.tagTools()...)
	var tools, search fyne.CanvasObject = screen.FitGrid(2, append([]fyne.CanvasObject{newChar, newRef}, fileTools...)...), v.search
	if sh.phoneSized() {
		// On a phone the list needs the height: New character and New
		// card open from "+" and the file and tag tools from "…", both
		// beside the search (the Italian names of the two new-card
		// buttons do not even fit side by side on a small phone).
		add := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() {
			v.showTools(lang.X("catalog.create_a_card", "Create a card"), []fyne.CanvasObject{newChar, newRef})
		})
		add.Importance = widget.HighImportance
		more := widget.NewButtonWithIcon("", theme.MoreHorizontalIcon(), func() {
			v.showTools(lang.X("catalog.more_tools", "Import, export, tags…"), fileTools)
		})
		search, tools = container.NewBorder(nil, nil, nil, container.NewHBox(add, more), v.search), nil
	}
	// The filter shares its row with the count.
	filter := container.NewBorder(nil, nil, nil, v.count, v.kind)
	browse := container.NewBorder(
		container.NewVBox(search, filter, v.empty, v.problem), tools, nil, nil, v.list)

	v.detail = container.NewStack()
	v.layout = screen.NewAdaptive(0.4,
		screen.Panel{Title: lang.X("catalog.cards", "Cards"), Icon: theme.ListIcon(), Content: screen.Padded(browse)},
		screen.Panel{Title: lang.X("catalog.card", "Card"), Icon: theme.DocumentIcon(), Content: screen.Padded(v.detail)},
	)
	v.root = &catalogRoot{v: v}
	v.root.ExtendBaseWidget(v.root)
	v.setLoadProblem(loadErr)
	v.kind.SetSelectedIndex(0)
	v.showNothing()
	return v
}

// showTools shows some of the catalog's buttons in a dialog titled title
// (on a phone); tapping one closes it and does what it says.
func (v *catalogView) showTools(title string, tools []fyne.CanvasObject) {
	box := container.NewVBox()
	var d dialog.Dialog
	for _, o := range tools {
		b := o.(*widget.Button)
		c := widget.NewButtonWithIcon(b.Text, b.Icon, func() {
			d.Hide()
			b.OnTapped()
		})
		c.Importance = b.Importance
		box.Add(c)
	}
	d = dialog.NewCustom(title, lang.X("common.close", "Close"), box, v.win)
	v.sh.showDialog(v.win, d)
}

// setLoadProblem explains why changes cannot be saved, with a way out when
// the saved catalog is unreadable.
func (v *catalogView) setLoadProblem(err error) {
	v.saveErr = err
	v.problem.RemoveAll()
	if err == nil {
		return
	}
	msg := screen.WrapLabel("")
	msg.Importance = widget.DangerImportance
	if errors.Is(err, store.ErrCatalogUnreadable) {
		msg.SetText(lang.X("catalog.your_saved_cards_cannot", "Your saved cards cannot be read: {{.A}} They were left as they are. Showing the built-in cards; changes cannot be saved until you start over.", map[string]any{"A": plainError(err)}))
		v.problem.Add(msg)
		v.problem.Add(widget.NewButtonWithIcon(lang.X("catalog.start_over_from_the", "Start over from the built-in cards"), theme.ViewRefreshIcon(), v.startOver))
		return
	}
	msg.SetText(lang.X("catalog.changes_cannot_be_saved", "Changes cannot be saved: {{.A}}", map[string]any{"A": plainError(err)}))
	v.problem.Add(msg)
}

// startOver sets an unreadable saved catalog aside (kept in the file) so
// that changes can be saved again.
func (v *catalogView) startOver() {
	v.sh.showDialog(v.win, dialog.NewConfirm(lang.X("catalog.start_over", "Start over?"), lang.X("catalog.the_unreadable_saved_cards", "The unreadable saved cards are set aside in the file (not deleted) and the catalog starts again from the built-in cards."), func(ok bool) {
		if !ok {
			return
		}
		if err := v.sh.store.DiscardCatalog(); err != nil {
			v.say(lang.X("catalog.could_not_start_over", "Could not start over: {{.A}}", map[string]any{"A": plainError(err)}), true)
			return
		}
		cat, err := v.sh.loadCatalog()
		if cat != nil {
			v.cat = cat
		}
		v.setLoadProblem(err)
		v.refreshList()
		v.say(lang.X("catalog.started_over_from_the", "Started over from the built-in cards."), false)
	}, v.win))
}

// say shows a message at the top of the window, above either panel (in
// red when isErr).
func (v *catalogView) say(msg string, isErr bool) {
	v.status.SetText(msg)
	if isErr {
		v.status.Importance = widget.DangerImportance
	} else {
		v.status.Importance = widget.SuccessImportance
	}
	v.statusBox.Show()
	v.status.Refresh()
}

// origin says where a card comes from: built in, built in and edited, or
// the players' own.
func (v *catalogView) origin(id string) string {
	if ch, ok := v.builtin.Character(id); ok {
		if cur, ok := v.cat.Character(id); ok && !reflect.DeepEqual(cur, ch) {
			return lang.X("catalog.origin.edited", "built-in, edited")
		}
		return lang.X("catalog.origin.builtin", "built-in")
	}
	if r, ok := v.builtin.Reference(id); ok {
		if cur, ok := v.cat.Reference(id); ok && !reflect.DeepEqual(cur, r) {
			return lang.X("catalog.origin.edited", "built-in, edited")
		}
		return lang.X("catalog.origin.builtin", "built-in")
	}
	return lang.X("catalog.origin.yours", "yours")
}

// refreshList shows the cards of the catalog that match the search and
// the kind filter.
func (v *catalogView) refreshList() {
	if v.catalogList == nil || v.list == nil || v.kind == nil {
		return
	}
	v.catalogList.show(v.cat, v.origin)
}

// commit saves a changed catalog, then shows it. A catalog that cannot be
// saved is not shown, so the screen never differs from the file.
func (v *catalogView) commit(next *reference.Catalog) error {
	if v.sh.store != nil {
		if v.saveErr != nil && errors.Is(v.saveErr, store.ErrCatalogUnreadable) {
			return v.saveErr
		}
		if err := v.sh.store.SaveCatalog(next); err != nil {
			return err
		}
	}
	v.cat = next
	v.refreshList()
	return nil
}

// showNothing fills the Card panel when no card is chosen.
func (v *catalogView) showNothing() {
	v.selected, v.editing = "", nil
	v.setDetail(container.NewVBox(
		screen.Heading(lang.X("catalog.card_catalog", "Card catalog")),
		screen.WrapLabel(lang.X("catalog.choose_a_card_in", "Choose a card in the list, or create one. The catalog holds the cards the rulebooks describe, with only the facts they give; copy the rest (the four tracks above all) from your own cards.")),
	))
}

func (v *catalogView) setDetail(o fyne.CanvasObject) {
	v.detail.Objects = []fyne.CanvasObject{o}
	v.detail.Refresh()
}

// open shows one card in the Card panel.
func (v *catalogView) open(id string) {
	v.editing = nil
	if ch, ok := v.cat.Character(id); ok {
		v.selected = ch.ID
		v.setDetail(v.characterPage(ch))
	} else if r, ok := v.cat.Reference(id); ok {
		v.selected = r.ID
		v.setDetail(v.referencePage(r))
	} else {
		v.showNothing()
	}
	v.layout.ShowPanel(lang.X("catalog.card", "Card"))
}

// deleteCard asks, then deletes one of the players' own cards.
func (v *catalogView) deleteCard(id string) {
	name := id
	if ch, ok := v.cat.Character(id); ok {
		name = ch.Name
	} else if r, ok := v.cat.Reference(id); ok {
		name = r.Name
	}
	v.sh.showDialog(v.win, dialog.NewConfirm(lang.X("catalog.delete_card", "Delete card?"), lang.X("catalog.a_will_be_gone", "“{{.A}}” will be gone from your catalog (games that use it keep their copy).", map[string]any{"A": name}), func(ok bool) {
		if !ok {
			return
		}
		if err := v.commit(v.cat.Without(id)); err != nil {
			v.say(lang.X("catalog.not_deleted_a", "Not deleted: {{.A}}", map[string]any{"A": plainError(err)}), true)
			return
		}
		v.say(lang.X("catalog.deleted_a", "Deleted “{{.A}}”.", map[string]any{"A": name}), false)
		v.showNothing()
		v.layout.ShowPanel(lang.X("catalog.cards", "Cards"))
	}, v.win))
}

// restoreBuiltin puts back the built-in version of an edited card.
func (v *catalogView) restoreBuiltin(id string) {
	var next *reference.Catalog
	var err error
	if ch, ok := v.builtin.Character(id); ok {
		next, err = v.cat.WithCharacter(ch)
	} else if r, ok := v.builtin.Reference(id); ok {
		next, err = v.cat.WithReference(r)
	} else {
		return
	}
	if err == nil {
		err = v.commit(next)
	}
	if err != nil {
		v.say(lang.X("catalog.not_restored_a", "Not restored: {{.A}}", map[string]any{"A": plainError(err)}), true)
		return
	}
	v.say(lang.X("catalog.restored_the_built_in", "Restored the built-in card."), false)
	v.open(id)
}

// importFile asks for a catalog file to import.
func (v *catalogView) importFile() {
	if inBrowser { // an upload (files.go)
		v.importUpload()
		return
	}
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			v.say(lang.X("catalog.not_imported_a", "Not imported: {{.A}}", map[string]any{"A": plainError(err)}), true)
			return
		}
		if r == nil {
			return
		}
		defer r.Close()
		v.importFrom(r, r.URI().Name())
	}, v.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	d.Show()
}

// importFrom merges a catalog file into the catalog: a card in the file
// replaces the card with its id. A bad file changes nothing and the player
// reads the line and field at fault.
func (v *catalogView) importFrom(r io.Reader, name string) {
	next, err := v.cat.Import(r)
	if err == nil {
		before := v.cat
		if err = v.commit(next); err == nil {
			added, updated := importCounts(before, next)
			v.say(lang.X("catalog.imported_a_b_new", "Imported {{.A}}: {{.B}} new cards, {{.C}} cards updated.", map[string]any{"A": name, "B": added, "C": updated}), false)
			return
		}
	}
	msg := importProblem(err)
	v.say(lang.X("catalog.not_imported_a", "Not imported: {{.A}}", map[string]any{"A": msg}), true)
	v.sh.showDialog(v.win, dialog.NewError(errors.New(lang.X("catalog.import_failed", "The file {{.Name}} was not imported, and nothing was changed.\n{{.Why}}", map[string]any{"Name": name, "Why": msg})), v.win))
}

// importCounts counts the cards of next that before did not have, and
// those it had with other values.
func importCounts(before, next *reference.Catalog) (added, updated int) {
	for _, ch := range next.Characters() {
		old, ok := before.Character(ch.ID)
		switch {
		case !ok && !before.Has(ch.ID):
			added++
		case !ok || !reflect.DeepEqual(old, ch):
			updated++
		}
	}
	for _, r := range next.References() {
		old, ok := before.Reference(r.ID)
		switch {
		case !ok && !before.Has(r.ID):
			added++
		case !ok || !reflect.DeepEqual(old, r):
			updated++
		}
	}
	return added, updated
}

// importProblem says in plain words what is wrong with a catalog file.
func importProblem(err error) string {
	var ie *reference.ImportError
	if !errors.As(err, &ie) {
		return plainError(err)
	}
	var b strings.Builder
	if ie.Line > 0 {
		b.WriteString(lang.X("catalog.line", "Line {{.N}}", map[string]any{"N": ie.Line}))
	}
	if ie.Field != "" {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(lang.X("catalog.field_n", "field {{.F}}", map[string]any{"F": ie.Field}))
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	if ie.Why != nil {
		b.WriteString(ie.Why.In(screen.TrText))
	} else {
		b.WriteString(ie.Msg)
	}
	return b.String()
}

// exportFile asks where to write the catalog.
func (v *catalogView) exportFile() {
	if inBrowser { // a download (files.go)
		v.exportDownload()
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			v.say(lang.X("catalog.not_exported_a", "Not exported: {{.A}}", map[string]any{"A": plainError(err)}), true)
			return
		}
		if w == nil {
			return
		}
		defer w.Close()
		v.exportTo(w, w.URI().Name())
	}, v.win)
	d.SetFileName("tableops-catalog.json")
	d.Show()
}

// exportTo writes the whole catalog as a JSON file.
func (v *catalogView) exportTo(w io.Writer, name string) {
	if err := v.cat.Export(w); err != nil {
		v.say(lang.X("catalog.not_exported_a", "Not exported: {{.A}}", map[string]any{"A": plainError(err)}), true)
		return
	}
	v.say(lang.X("catalog.exported_a_cards_to", "Exported {{.A}} cards to {{.B}}.", map[string]any{"A": v.cat.Len(), "B": name}), false)
}
