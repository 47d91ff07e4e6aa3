package ui

import (
	"fmt"
	"testing"

	"tableops/ui/screen/screentest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestItalianFlowsFitAPhone runs the main flows with the Italian texts on
// phones held upright (Italian words are longer than English ones): home,
// a new Ascendancy game and its console, a new Away Missions game and its
// team, the settings, the catalog, the scanner and the rules search.
func TestItalianFlowsFitAPhone(t *testing.T) {
	screentest.Italian(t)
	for _, size := range screentest.PhoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			w := sh.win
			text := screentest.ScreenText(w)
			assert.Contains(t, text, "Riprendi una partita")
			assert.Contains(t, text, "Nessuna partita salvata")
			assert.NotContains(t, text, "Resume a game")
			screentest.AssertPhoneReady(t, w, "home")

			// A new Ascendancy game: the form, then every panel of the console.
			test.Tap(screentest.Button(t, w, "Nuova partita ad Ascendancy"))
			screentest.AssertPhoneReady(t, w, "new game form")
			test.Tap(screentest.Button(t, w, "Crea"))
			require.NotNil(t, sh.game, "the game opened")
			assert.Contains(t, w.Title(), "Table Ops — Ascendancy")
			for _, p := range sh.game.view.Panels() {
				panelTo(t, w, p.Title)
				screentest.AssertPhoneReady(t, w, "ascendancy "+p.Title)
			}
			sh.game.showLog()
			screentest.AssertPhoneReady(t, w, "game log")
			screentest.CloseOverlays(w)

			// Back home: the game is listed in Italian.
			sh.showHome()
			assert.Contains(t, screentest.ScreenText(w), "Preparazione")
			screentest.AssertPhoneReady(t, w, "home with a game")

			// A new Away Missions game and its panels.
			test.Tap(screentest.Button(t, w, "Nuova partita Away Missions"))
			test.Tap(screentest.Button(t, w, "Crea"))
			require.NotNil(t, sh.game)
			for _, p := range sh.game.view.Panels() {
				panelTo(t, w, p.Title)
				screentest.AssertPhoneReady(t, w, "away "+p.Title)
			}
			sh.showHome()

			// Settings.
			test.Tap(screentest.Button(t, w, "Impostazioni"))
			text = screentest.ScreenText(w)
			assert.Contains(t, text, "Dimensione del testo")
			assert.Contains(t, text, "Lingua")
			screentest.AssertPhoneReady(t, w, "settings")
			screentest.CloseOverlays(w)

			// Join a game (the desktop form).
			test.Tap(screentest.Button(t, w, "Unisciti a una partita"))
			assert.Contains(t, screentest.ScreenText(w), "codice di accesso")
			screentest.AssertPhoneReady(t, w, "join form")
			screentest.CloseOverlays(w)

			// The rules in Italian.
			rw := openRules(t, sh, size.Width, size.Height)
			screentest.SelectTab(t, rw, "Cerca")
			screentest.TypeInto(rw, screentest.Entry(t, rw, "Chiedi: scudi, egemonia culturale, primo colpo…"), "scudi")
			require.NotEmpty(t, sh.rules.results)
			screentest.AssertPhoneReady(t, rw, "rules search")
			rw.Close()
		})
	}
}

// TestItalianCatalogAndScannerFitAPhone opens the card catalog and the
// scanner in Italian at phone sizes.
func TestItalianCatalogAndScannerFitAPhone(t *testing.T) {
	screentest.Italian(t)
	for _, size := range screentest.PhoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			test.Tap(screentest.Button(t, sh.win, "Catalogo"))
			cv := sh.catalog()
			require.NotNil(t, cv, "the catalog opened")
			cw := cv.win
			cw.Resize(size)
			assert.Equal(t, "Tutte le carte", cv.kind.Selected)
			screentest.SelectTab(t, cw, "Carte")
			screentest.AssertPhoneReady(t, cw, "catalog")
			assert.LessOrEqual(t, cw.Content().MinSize().Height, size.Height, "the catalog is taller than the phone")
			catalogNew(t, cw, "Nuovo personaggio")
			screentest.AssertPhoneReady(t, cw, "character editor")
			screentest.Button(t, cw, "Salva carta")
			cv.close()

			v := sh.openScanner(nil, &fakeCameras{})
			settleScanner(t, v)
			v.win.Resize(size)
			assert.Contains(t, screentest.ScreenText(v.win), "Scansiona una carta")
			screentest.AssertPhoneReady(t, v.win, "scanner")
			assert.LessOrEqual(t, v.win.Content().MinSize().Height, size.Height, "the scanner is taller than the phone")
			for _, b := range screentest.Objects[*widget.Button](v.win) {
				assert.NotContains(t, []string{"Start camera", "Import a photo"}, b.Text, "the scanner's buttons speak Italian")
			}
			v.dismiss()
		})
	}
}

// TestItalianCatalogShowsSeveralCardsOnAPhone opens the card catalog in
// Italian on the smallest phone and counts the cards whose whole row is in
// sight in the list: the tools above and below it leave room for several
// (the Italian "Nuovo personaggio" once took a row of its own, and the
// list showed one card and a half).
func TestItalianCatalogShowsSeveralCardsOnAPhone(t *testing.T) {
	screentest.Italian(t)
	for _, size := range screentest.PhoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			test.Tap(screentest.Button(t, sh.win, "Catalogo"))
			cv := sh.catalog()
			require.NotNil(t, cv)
			require.Same(t, sh.win, cv.win, "a page on a phone")
			screentest.AssertPhoneReady(t, sh.win, "catalog")
			want := 4
			if size.Height >= 800 {
				want = 6
			}
			assert.GreaterOrEqual(t, cardsInSight(cv.list), want, "cards in sight on the catalog's list")
		})
	}
}

// cardsInSight counts the rows of a list of cards (a bold name over a
// caption) that are wholly inside the list's visible area.
func cardsInSight(l *widget.List) int {
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(l)
	bottom := top.Y + l.Size().Height
	n := 0
	labels := screentest.Under[*widget.Label](l)
	for i, name := range labels {
		if !name.TextStyle.Bold || i+1 >= len(labels) || name.Text == "" || name.Text == "…" {
			continue
		}
		caption := labels[i+1]
		from, to := d.AbsolutePositionForObject(name).Y, d.AbsolutePositionForObject(caption).Y+caption.Size().Height
		if name.Visible() && from >= top.Y-0.5 && to <= bottom+0.5 {
			n++
		}
	}
	return n
}
