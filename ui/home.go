package ui

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tableops/tracker"
	"tableops/tracker/store"
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
}

func newHome(sh *Shell) *home {
	h := &home{sh: sh}
	newAway := widget.NewButtonWithIcon("New Away Missions game", theme.ContentAddIcon(), func() {
		sh.newGame(tracker.KindAway)
	})
	newAway.Importance = widget.HighImportance
	newAsc := widget.NewButtonWithIcon("New Ascendancy game", theme.ContentAddIcon(), func() {
		sh.newGame(tracker.KindAscendancy)
	})
	newAsc.Importance = widget.HighImportance

	h.list = container.NewVBox()
	h.empty = widget.NewLabel("No saved games yet. Start one above; every change is saved as you play.")
	h.empty.Wrapping = fyne.TextWrapWord
	h.problem = widget.NewLabel("")
	h.problem.Wrapping = fyne.TextWrapWord
	h.problem.Importance = widget.DangerImportance

	importBtn := widget.NewButtonWithIcon("Import game", theme.DownloadIcon(), h.importGame)
	trashBtn := widget.NewButtonWithIcon("Trash", theme.DeleteIcon(), h.showTrash)
	tools := fitGrid(2, importBtn, trashBtn)
	for _, extra := range sh.homeTools() {
		tools.Add(extra)
	}

	top := container.NewVBox(
		heading("Table Ops"),
		wrapLabel("Star Trek: Away Missions · Star Trek: Ascendancy"),
		newAway,
		newAsc,
		h.problem,
		widget.NewSeparator(),
		heading("Resume a game"),
		h.empty,
	)
	// One page that scrolls: the games right under the New buttons, the
	// tools after them, so a phone shows several games at once.
	h.content = container.NewVScroll(padded(container.NewVBox(top, h.list, widget.NewSeparator(), tools)))
	return h
}

// reload reads the list of saved games again.
func (h *home) reload() {
	h.problem.Hide()
	if h.sh.store == nil {
		h.games = nil
		h.problem.SetText("Saved games are not available: " + plainError(h.sh.storeErr) +
			" The file was left as it is; nothing in it was changed.")
		h.problem.Show()
		h.empty.Hide()
		h.fillList()
		return
	}
	games, err := h.sh.store.List()
	if err != nil {
		h.problem.SetText("Could not read the saved games: " + plainError(err))
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
		open := newTapArea(container.NewVBox(name, line), func() { h.sh.openGame(id) })
		h.list.Add(container.NewBorder(nil, nil, nil, more, open))
	}
	h.list.Refresh()
}

// gameDetail is the second and third line of a saved game in the list:
// the game and its stage, then the players and when it was last played.
func gameDetail(g store.GameInfo, now time.Time) (string, string) {
	detail := g.Kind.String()
	if g.Stage != "" {
		detail += " · " + g.Stage
	}
	when := "played " + ago(g.Updated, now)
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
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	case d < 14*24*time.Hour:
		return fmt.Sprintf("%d days ago", int(d.Hours()/24))
	default:
		return t.Local().Format("2 Jan 2006")
	}
}

// gameMenu offers rename, export and delete for one saved game.
func (h *home) gameMenu(g store.GameInfo, anchor fyne.CanvasObject) {
	menu := fyne.NewMenu("",
		fyne.NewMenuItem("Open", func() { h.sh.openGame(g.ID) }),
		fyne.NewMenuItem("Rename…", func() { h.rename(g) }),
		fyne.NewMenuItem("Export to file…", func() { h.export(g) }),
		fyne.NewMenuItem("Move to trash", func() {
			if err := h.sh.store.Delete(g.ID); err != nil {
				h.sh.showError("Delete", err)
			}
			h.reload()
		}),
	)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(anchor)
	widget.ShowPopUpMenuAtPosition(menu, h.sh.win.Canvas(), pos)
}

func (h *home) rename(g store.GameInfo) {
	e := widget.NewEntry()
	e.SetText(g.Name)
	dialog.ShowForm("Rename game", "Rename", "Cancel",
		[]*widget.FormItem{widget.NewFormItem("Name", e)}, func(ok bool) {
			if !ok {
				return
			}
			if err := h.sh.store.Rename(g.ID, e.Text); err != nil {
				h.sh.showError("Rename", err)
			}
			h.reload()
		}, h.sh.win)
}

func (h *home) export(g store.GameInfo) {
	if inBrowser { // a download (files_js.go)
		var b bytes.Buffer
		if err := h.sh.store.Export(g.ID, &b); err != nil {
			h.sh.showError("Export", err)
			return
		}
		if err := browserDownload(safeFileName(g.Name)+".tableops.json", "application/json", b.Bytes()); err != nil {
			h.sh.showError("Export", err)
		}
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			h.sh.showError("Export", err)
			return
		}
		if w == nil {
			return
		}
		defer w.Close()
		if err := h.sh.store.Export(g.ID, w); err != nil {
			h.sh.showError("Export", err)
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
		h.sh.showError("Import", h.sh.storeErr)
		return
	}
	if inBrowser { // an upload (files_js.go)
		browserUpload(".json,application/json", false, func(name string, data []byte, err error) {
			fyne.Do(func() {
				if err != nil {
					h.sh.showError("Import", err)
					return
				}
				h.importFrom(bytes.NewReader(data), name)
			})
		})
		return
	}
	dialog.ShowFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			h.sh.showError("Import", err)
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
		h.sh.showError("Import "+name, err)
		return
	}
	h.reload()
	dialog.ShowInformation("Game imported", fmt.Sprintf("%q is in your saved games.", info.Name), h.sh.win)
}

// showTrash lists deleted games, to restore them or delete them for good.
func (h *home) showTrash() {
	if h.sh.store == nil {
		h.sh.showError("Trash", h.sh.storeErr)
		return
	}
	games, err := h.sh.store.Trash()
	if err != nil {
		h.sh.showError("Trash", err)
		return
	}
	box := container.NewVBox()
	var d dialog.Dialog
	if len(games) == 0 {
		box.Add(widget.NewLabel("The trash is empty."))
	}
	for _, g := range games {
		g := g
		restore := widget.NewButton("Restore", func() {
			if err := h.sh.store.Restore(g.ID); err != nil {
				h.sh.showError("Restore", err)
			}
			d.Hide()
			h.reload()
		})
		purge := widget.NewButton("Delete for good", func() {
			dialog.ShowConfirm("Delete for good?", fmt.Sprintf("%q and its whole log will be gone.", g.Name), func(ok bool) {
				if !ok {
					return
				}
				if err := h.sh.store.Purge(g.ID); err != nil {
					h.sh.showError("Delete", err)
				}
				d.Hide()
			}, h.sh.win)
		})
		purge.Importance = widget.DangerImportance
		lbl := widget.NewLabel(g.Name + " · " + g.Kind.String())
		lbl.Wrapping = fyne.TextWrapWord
		box.Add(container.NewBorder(nil, nil, nil, container.NewHBox(restore, purge), lbl))
	}
	d = dialog.NewCustom("Trash", "Close", container.NewVScroll(box), h.sh.win)
	d.Resize(fyne.NewSize(380, 420))
	d.Show()
}
