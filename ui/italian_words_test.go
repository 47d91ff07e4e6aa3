package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestItalianScreensSpeakItalian runs the main flows with the Italian
// texts (home, a new game of each kind and its panels, the log, the
// scoreboard, the catalog and its editors, the scanner, sharing and
// joining, the rules, the settings and the trash) and fails on every
// English text left on the screen.
func TestItalianScreensSpeakItalian(t *testing.T) {
	screentest.Italian(t)
	e := screentest.NewEnglishOnScreen(t)
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	e.Look(w, "home")

	test.Tap(screentest.Button(t, w, "Nuova partita ad Ascendancy"))
	e.Look(w, "new Ascendancy game")
	test.Tap(screentest.Button(t, w, "Crea"))
	require.NotNil(t, sh.game)
	for _, p := range sh.game.view.Panels() {
		panelTo(t, w, p.Title)
		e.Look(w, "Ascendancy "+p.Title)
	}
	sh.game.showLog()
	e.Look(w, "Ascendancy log")
	screentest.CloseOverlays(w)
	// The scoreboard: ui/ascendancy's TestItalianAscendancyFormsSpeakItalian.
	sh.showHome()
	e.Look(w, "home with a game")

	test.Tap(screentest.Button(t, w, "Nuova partita Away Missions"))
	test.Tap(screentest.Button(t, w, "Crea"))
	require.NotNil(t, sh.game)
	for _, p := range sh.game.view.Panels() {
		panelTo(t, w, p.Title)
		e.Look(w, "Away "+p.Title)
	}
	for _, c := range []tracker.Command{
		tracker.AddAwayPlayer{Name: "Dana", Affiliation: "Federation"},
		tracker.AddAwayPlayer{Name: "Kim", Affiliation: "Klingon"},
		tracker.Note{Text: "pausa"},
	} {
		_, err := sh.game.game.Execute(c)
		require.NoError(t, err)
	}
	for _, p := range sh.game.view.Panels() {
		panelTo(t, w, p.Title)
		e.Look(w, "Away "+p.Title+" with players")
	}
	sh.game.showLog()
	e.Look(w, "Away log")
	screentest.CloseOverlays(w)
	sb := shareBtn(t, w)
	sb.listen = "127.0.0.1:0"
	test.Tap(sb)
	e.Look(w, "share dialog")
	test.Tap(screentest.Button(t, w, "Condividi"))
	e.Look(w, "sharing")
	test.Tap(screentest.Button(t, w, "Smetti di condividere"))
	screentest.CloseOverlays(w)
	sh.showHome()
	e.Look(w, "home with two games")

	// Resume: the saved game opens from the list.
	tapText(t, w, sh.home.games[0].Name)
	require.NotNil(t, sh.game, "the game resumed")
	e.Look(w, "resumed game")
	sh.showHome()

	test.Tap(screentest.Button(t, w, "Impostazioni"))
	e.Look(w, "settings")
	screentest.CloseOverlays(w)
	test.Tap(screentest.Button(t, w, "Unisciti a una partita"))
	e.Look(w, "join form")
	screentest.CloseOverlays(w)
	test.Tap(screentest.Button(t, w, "Cestino"))
	e.Look(w, "trash")
	screentest.CloseOverlays(w)

	test.Tap(screentest.Button(t, w, "Catalogo"))
	cv := sh.catalog()
	require.NotNil(t, cv)
	e.Look(w, "catalog")
	screentest.TypeInto(w, cv.search, "lukara")
	require.NotEmpty(t, cv.rows)
	tapText(t, w, cv.rows[0].name)
	e.Look(w, "a card")
	screentest.SelectTab(t, w, "Carte")
	catalogNew(t, w, "Nuovo personaggio")
	e.Look(w, "character editor")
	cv.close()
	test.Tap(screentest.Button(t, w, "Catalogo"))
	catalogNew(t, w, "Nuova carta")
	e.Look(w, "card editor")
	sh.catalog().close()

	v := sh.openScanner(nil, &fakeCameras{})
	settleScanner(t, v)
	e.Look(v.win, "scanner")
	v.dismiss()

	sh.showRules()
	e.Look(w, "rules", false)
	for _, tab := range []string{"Cerca", "Argomenti", "Schede"} {
		if tabExists(w, tab) {
			screentest.SelectTab(t, w, tab)
			e.Look(w, "rules "+tab, false)
		}
	}
	e.Report(t)
}

// tabExists reports whether a tab titled title is on screen.
func tabExists(w fyne.Window, title string) bool {
	for _, x := range screentest.Objects[*canvas.Text](w) {
		if x.Text == title {
			return true
		}
	}
	return false
}
