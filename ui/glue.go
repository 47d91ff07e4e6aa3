package ui

import (
	"strings"
	"time"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// newBaseTheme is the theme the app's tableTheme builds on.
func newBaseTheme() fyne.Theme { return widgets.NewTableTheme() }

// newGame asks for a name and creates a game of the given kind in the
// store, then opens it at its setup. A name the store refuses keeps the
// form open with the reason under the name.
func (sh *Shell) newGame(kind tracker.Kind) {
	if sh.store == nil {
		sh.showError(lang.X("home.new_game", "New game"), sh.storeErr)
		return
	}
	name := screen.NewTextEntry() // lets Escape close the dialog
	name.SetText(kindTitle(kind) + " " + time.Now().Format("2/1 15:04"))
	f := screen.NewFormDialog(mainDialogs{sh}, newGameTitle(kind), lang.X("home.create", "Create"),
		[]*widget.FormItem{widget.NewFormItem(lang.X("common.name", "Name"), name)}, func() error {
			if strings.TrimSpace(name.Text) == "" {
				return screen.OnField(name, lang.X("app.err.needs_name", "The game needs a name."))
			}
			g, err := sh.store.Create(kind, name.Text)
			if err != nil {
				return screen.OnField(name, plainError(err))
			}
			info, _ := g.Info()
			sh.showGame(g, info.Name)
			return nil
		})
	name.OnSubmitted = func(string) { f.Submit() }
	f.Show()
	sh.win.Canvas().Focus(name)
}
