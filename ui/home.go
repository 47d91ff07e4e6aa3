package ui

import (
	"bytes"
	"io"
	"strings"
	"time"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen"
)

// home is the start screen: new game, the saved games to resume, import,
// the trash, and the way to the rules and the card catalog.
type home struct {
	sh      *Shell
	content fyne.CanvasObject
	games   []store.GameInfo
	list    *fyne.Container
	empty   *widget.Label
	problem *widget.Label
	// back is the way back to the game kept open behind Home (a joined or
	// shared game), at the top; empty when there is none.
	back *fyne.Container
}

func newHome(sh *Shell) *home {
	h := &home{sh: sh}
	newAway := widget.NewButtonWithIcon(lang.X("home.new_away_missions_game", "New Away Missions game"), theme.ContentAddIcon(), func() {
		sh.newGame(tracker.KindAway)
	})
	newAway.Importance = widget.HighImportance
	newAsc := widget.NewButtonWithIcon(lang.X("home.new_ascendancy_game", "New Ascendancy game"), theme.ContentAddIcon(), func() {
		sh.newGame(tracker.KindAscendancy)
	})
	newAsc.Importance = widget.HighImportance

	h.list = container.NewVBox()
	h.back = container.NewVBox()
	h.empty = widget.NewLabel(lang.X("home.no_saved_games_yet", "No saved games yet. Start one above; every change is saved as you play."))
	h.empty.Wrapping = fyne.TextWrapWord
	h.problem = widget.NewLabel("")
	h.problem.Wrapping = fyne.TextWrapWord
	h.problem.Importance = widget.DangerImportance

	importBtn := widget.NewButtonWithIcon(lang.X("home.import_game", "Import game"), theme.DownloadIcon(), h.importGame)
	trashBtn := widget.NewButtonWithIcon(lang.X("home.trash", "Trash"), theme.DeleteIcon(), h.showTrash)
	tools := screen.FitGrid(2, importBtn, trashBtn)
	for _, extra := range sh.homeTools() {
		tools.Add(extra)
	}

	subtitle := screen.WrapLabel(lang.X("home.star_trek_away_missions", "Star Trek: Away Missions · Star Trek: Ascendancy"))
	subtitle.SizeName = theme.SizeNameCaptionText
	top := container.NewVBox(
		h.back,
		screen.Heading(lang.X("home.table_ops", "Table Ops")),
		subtitle,
		newAway,
		newAsc,
		h.problem,
		widget.NewSeparator(),
		screen.Heading(lang.X("home.resume_a_game", "Resume a game")),
		h.empty,
	)
	// One page that scrolls: the games right under the New buttons, the
	// tools after them, so a phone shows several games at once.
	h.content = container.NewVScroll(screen.Padded(container.NewVBox(top, h.list, widget.NewSeparator(), tools)))
	return h
}

// reload reads the list of saved games again.
func (h *home) reload() {
	h.fillBack()
	h.problem.Hide()
	if h.sh.store == nil {
		h.games = nil
		h.problem.SetText(lang.X("home.store_unavailable", "Saved games are not available: {{.Err}} The file was left as it is; nothing in it was changed.",
			map[string]any{"Err": plainError(h.sh.storeErr)}))
		h.problem.Show()
		h.empty.Hide()
		h.fillList()
		return
	}
	games, err := h.sh.store.List()
	if err != nil {
		h.problem.SetText(lang.X("home.list_failed", "Could not read the saved games: {{.Err}}", map[string]any{"Err": plainError(err)}))
		h.problem.Show()
	} else if notes := h.sh.store.Notices(); len(notes) > 0 {
		h.problem.SetText(strings.Join(notes, " "))
		h.problem.Show()
	}
	h.games = games
	if len(games) == 0 {
		h.empty.Show()
	} else {
		h.empty.Hide()
	}
	h.fillList()
}

// fillBack offers, at the top of Home, the way back to the game kept open
// behind it: one tap, with its connection and seat as they were.
func (h *home) fillBack() {
	gs := h.sh.behind
	if gs == nil {
		h.back.RemoveAll()
		h.back.Hide()
		return
	}
	// The button's words are short, so that it fits a phone whatever the
	// game's name; the name and what is kept are under it.
	b := widget.NewButtonWithIcon(lang.X("home.back_to_the_game", "Back to the game"), theme.NavigateBackIcon(), h.sh.backToGame)
	b.Importance = widget.HighImportance
	name := widget.NewLabelWithStyle(gs.name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.Truncation = fyne.TextTruncateEllipsis
	line := screen.WrapLabel(behindLine(gs))
	line.SizeName = theme.SizeNameCaptionText
	screen.SetObjects(h.back, []fyne.CanvasObject{b, name, line, widget.NewSeparator()})
	h.back.Show()
	// Home opens at its top, where the way back is.
	if sc, ok := h.content.(*container.Scroll); ok {
		sc.ScrollToTop()
	}
}

// behindLine says what keeps a game open behind Home: the connection and
// the seat of a joined game, the devices of a shared one.
func behindLine(gs *gameScreen) string {
	kind := kindTitle(gs.game.Kind())
	if !isClient(gs.game) {
		return lang.X("home.behind_shared", "{{.Kind}} · shared from this device: the other devices stay connected", map[string]any{"Kind": kind})
	}
	switch st := gs.game.State(); {
	case gs.seat == seatWatch:
		return lang.X("home.behind_watching", "{{.Kind}} · joined, watching: still connected", map[string]any{"Kind": kind})
	case gs.seat != "" && tracker.PlayerName(st, gs.seat) != "":
		return lang.X("home.behind_seat", "{{.Kind}} · joined as {{.Name}}: still connected, your seat kept", map[string]any{"Kind": kind, "Name": tracker.PlayerName(st, gs.seat)})
	}
	return lang.X("home.behind_joined", "{{.Kind}} · joined: still connected", map[string]any{"Kind": kind})
}

// fillList shows a compact row per saved game: its name, then what and
// when on one line; tapping the row opens the game, ⋮ offers the rest.
func (h *home) fillList() {
	h.list.RemoveAll()
	for _, g := range h.games {
		name := widget.NewLabelWithStyle(g.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		name.Truncation = fyne.TextTruncateEllipsis
		detail, when := gameDetail(g, time.Now())
		line := widget.NewLabel(detail + " · " + when)
		line.Truncation = fyne.TextTruncateEllipsis
		line.SizeName = theme.SizeNameCaptionText
		var more *widget.Button
		more = widget.NewButtonWithIcon("", theme.MoreVerticalIcon(), func() { h.gameMenu(g, more) })
		id := g.ID
		open := newTapArea(container.New(layout.NewCustomPaddedVBoxLayout(0), name, line), func() { h.sh.openGame(id) })
		h.list.Add(container.NewBorder(nil, nil, nil, more, open))
	}
	h.list.Refresh()
}

// gameDetail is the second and third line of a saved game in the list:
// the game and its stage, then the players and when it was last played.
func gameDetail(g store.GameInfo, now time.Time) (string, string) {
	detail := kindTitle(g.Kind)
	if st := g.StageTexts(); len(st) > 0 {
		detail += " · " + screen.TrTexts(st)
	}
	when := lang.X("home.played", "played {{.When}}", map[string]any{"When": ago(g.Updated, now)})
	if len(g.Players) > 0 {
		when = strings.Join(g.Players, ", ") + " · " + when
	}
	return detail, when
}

// ago says how long ago t was, in words a player reads at a glance.
func ago(t, now time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return lang.X("home.just_now", "just now")
	case d < time.Hour:
		return lang.X("home.min_ago", "{{.N}} min ago", map[string]any{"N": int(d.Minutes())})
	case d < 24*time.Hour:
		return lang.X("home.hours_ago", "{{.N}} h ago", map[string]any{"N": int(d.Hours())})
	case d < 14*24*time.Hour:
		return lang.X("home.days_ago", "{{.N}} days ago", map[string]any{"N": int(d.Hours() / 24)})
	default:
		return t.Local().Format("2 Jan 2006")
	}
}

// gameMenu offers rename, export and delete for one saved game.
func (h *home) gameMenu(g store.GameInfo, anchor fyne.CanvasObject) {
	menu := fyne.NewMenu("",
		fyne.NewMenuItem(lang.X("common.open", "Open"), func() { h.sh.openGame(g.ID) }),
		fyne.NewMenuItem(lang.X("home.rename", "Rename…"), func() { h.rename(g) }),
		fyne.NewMenuItem(lang.X("home.export_to_file", "Export to file…"), func() { h.export(g) }),
		fyne.NewMenuItem(lang.X("home.move_to_trash", "Move to trash"), func() {
			if err := h.sh.store.Delete(g.ID); err != nil {
				h.sh.showError(lang.X("common.delete", "Delete"), err)
			}
			h.reload()
		}),
	)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(anchor)
	widget.ShowPopUpMenuAtPosition(menu, h.sh.win.Canvas(), pos)
}

func (h *home) rename(g store.GameInfo) {
	e := screen.NewTextEntry() // lets Escape close the dialog
	e.SetText(g.Name)
	screen.NewFormDialog(mainDialogs{h.sh}, lang.X("home.rename_game", "Rename game"), lang.X("home.rename_2", "Rename"),
		[]*widget.FormItem{widget.NewFormItem(lang.X("common.name", "Name"), e)}, func() error {
			if err := h.sh.store.Rename(g.ID, e.Text); err != nil {
				return screen.OnField(e, plainError(err))
			}
			h.reload()
			return nil
		}).Show()
}

func (h *home) export(g store.GameInfo) {
	if inBrowser { // a download (files_js.go)
		var b bytes.Buffer
		if err := h.sh.store.Export(g.ID, &b); err != nil {
			h.sh.showError(lang.X("home.export", "Export"), err)
			return
		}
		if err := browserDownload(safeFileName(g.Name)+".tableops.json", "application/json", b.Bytes()); err != nil {
			h.sh.showError(lang.X("home.export", "Export"), err)
		}
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			h.sh.showError(lang.X("home.export", "Export"), err)
			return
		}
		if w == nil {
			return
		}
		defer w.Close()
		if err := h.sh.store.Export(g.ID, w); err != nil {
			h.sh.showError(lang.X("home.export", "Export"), err)
		}
	}, h.sh.win)
	d.SetFileName(safeFileName(g.Name) + ".tableops.json")
	d.Show()
}

// safeFileName keeps letters, digits, dashes and underscores of a game name.
func safeFileName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteRune('-')
		}
	}
	if b.Len() == 0 {
		return "game"
	}
	return b.String()
}

func (h *home) importGame() {
	if h.sh.store == nil {
		h.sh.showError(lang.X("home.import", "Import"), h.sh.storeErr)
		return
	}
	if inBrowser { // an upload (files_js.go)
		browserUpload(".json,application/json", false, func(name string, data []byte, err error) {
			fyne.Do(func() {
				if err != nil {
					h.sh.showError(lang.X("home.import", "Import"), err)
					return
				}
				h.importFrom(bytes.NewReader(data), name)
			})
		})
		return
	}
	dialog.ShowFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			h.sh.showError(lang.X("home.import", "Import"), err)
			return
		}
		if r == nil {
			return
		}
		defer r.Close()
		h.importFrom(r, r.URI().Name())
	}, h.sh.win)
}

// importFrom imports a game file; a file it cannot read changes nothing.
func (h *home) importFrom(r io.Reader, name string) {
	info, err := h.sh.store.Import(r)
	if err != nil {
		h.sh.showError(lang.X("home.import_named", "Import {{.Name}}", map[string]any{"Name": name}), err)
		return
	}
	h.reload()
	h.sh.showDialog(h.sh.win, dialog.NewInformation(lang.X("home.game_imported", "Game imported"), lang.X("home.imported_body", "“{{.Name}}” is in your saved games.", map[string]any{"Name": info.Name}), h.sh.win))
}

// showTrash lists deleted games, to restore them or delete them for good.
func (h *home) showTrash() {
	if h.sh.store == nil {
		h.sh.showError(lang.X("home.trash", "Trash"), h.sh.storeErr)
		return
	}
	games, err := h.sh.store.Trash()
	if err != nil {
		h.sh.showError(lang.X("home.trash", "Trash"), err)
		return
	}
	box := container.NewVBox()
	var d dialog.Dialog
	if len(games) == 0 {
		box.Add(widget.NewLabel(lang.X("home.the_trash_is_empty", "The trash is empty.")))
	}
	for _, g := range games {
		g := g
		restore := widget.NewButton(lang.X("home.restore", "Restore"), func() {
			if err := h.sh.store.Restore(g.ID); err != nil {
				h.sh.showError(lang.X("home.restore", "Restore"), err)
			}
			d.Hide()
			h.reload()
		})
		purge := widget.NewButton(lang.X("home.delete_for_good", "Delete for good"), func() {
			h.sh.showDialog(h.sh.win, dialog.NewConfirm(lang.X("home.delete_for_good_2", "Delete for good?"), lang.X("home.purge_body", "“{{.Name}}” and its whole log will be gone.", map[string]any{"Name": g.Name}), func(ok bool) {
				if !ok {
					return
				}
				if err := h.sh.store.Purge(g.ID); err != nil {
					h.sh.showError(lang.X("common.delete", "Delete"), err)
				}
				d.Hide()
			}, h.sh.win))
		})
		purge.Importance = widget.DangerImportance
		lbl := widget.NewLabel(g.Name + " · " + kindTitle(g.Kind))
		lbl.Wrapping = fyne.TextWrapWord
		box.Add(container.NewBorder(nil, nil, nil, container.NewHBox(restore, purge), lbl))
	}
	d = dialog.NewCustom(lang.X("home.trash", "Trash"), lang.X("common.close", "Close"), container.NewVScroll(box), h.sh.win)
	d.Resize(fyne.NewSize(380, 420))
	h.sh.showDialog(h.sh.win, d)
}

// kindTitle is the game's name in the player's language.
func kindTitle(k tracker.Kind) string {
	switch k {
	case tracker.KindAway:
		return lang.X("game.away", "Away Missions")
	case tracker.KindAscendancy:
		return lang.X("game.ascendancy", "Ascendancy")
	}
	return k.String()
}

// newGameTitle is the title of the new-game form for a kind of game.
func newGameTitle(k tracker.Kind) string {
	if k == tracker.KindAscendancy {
		return lang.X("home.new_ascendancy_game", "New Ascendancy game")
	}
	return lang.X("home.new_away_missions_game", "New Away Missions game")
}
