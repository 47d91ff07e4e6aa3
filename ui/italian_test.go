package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/i18n"
)

// italian switches the texts to Italian for one test.
func italian(t *testing.T) {
	t.Helper()
	_, err := i18n.Setup("it")
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = i18n.Setup("") })
}

// assertPhoneReady checks a window at a phone's size: nothing wider than
// the window, no label or button cut short.
func assertPhoneReady(t *testing.T, w fyne.Window, where string) {
	t.Helper()
	for _, o := range w.Canvas().Overlays().List() { // lay out what was just shown, as the screen would
		o.Resize(fyne.NewSize(0, 0))
		o.Resize(w.Canvas().Size())
	}
	assertFits(t, w, where)
	width := w.Canvas().Size().Width
	for _, l := range objects[*widget.Label](w) {
		if l.Wrapping != fyne.TextWrapOff || l.Truncation != fyne.TextTruncateOff || l.Text == "" {
			continue
		}
		if l.Size().Width == 0 { // a dialog's title is measured, not laid out, by the test driver
			assert.LessOrEqual(t, l.MinSize().Width, width-32, "%s: title %q is wider than a dialog on this window", where, l.Text)
			continue
		}
		assert.GreaterOrEqual(t, l.Size().Width+0.5, l.MinSize().Width, "%s: label %q is clipped", where, l.Text)
	}
	for _, b := range objects[*widget.Button](w) {
		if b.Text != "" {
			assert.GreaterOrEqual(t, b.Size().Width+0.5, b.MinSize().Width, "%s: button %q is clipped", where, b.Text)
		}
	}
}

// TestItalianFlowsFitAPhone runs the main flows with the Italian texts on
// phones held upright (Italian words are longer than English ones): home,
// a new Ascendancy game and its console, a new Away Missions game and its
// team, the settings, the catalog, the scanner and the rules search.
func TestItalianFlowsFitAPhone(t *testing.T) {
	italian(t)
	for _, size := range phoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			w := sh.win
			text := screenText(w)
			assert.Contains(t, text, "Riprendi una partita")
			assert.Contains(t, text, "Nessuna partita salvata")
			assert.NotContains(t, text, "Resume a game")
			assertPhoneReady(t, w, "home")

			// A new Ascendancy game: the form, then every panel of the console.
			test.Tap(button(t, w, "Nuova partita ad Ascendancy"))
			assertPhoneReady(t, w, "new game form")
			test.Tap(button(t, w, "Crea"))
			require.NotNil(t, sh.game, "the game opened")
			assert.Contains(t, w.Title(), "Table Ops — Ascendancy")
			for _, p := range sh.game.view.Panels() {
				panelTo(t, w, p.Title)
				assertPhoneReady(t, w, "ascendancy "+p.Title)
			}
			sh.game.showLog()
			assertPhoneReady(t, w, "game log")
			closeOverlays(w)

			// Back home: the game is listed in Italian.
			sh.showHome()
			assert.Contains(t, screenText(w), "Preparazione")
			assertPhoneReady(t, w, "home with a game")

			// A new Away Missions game and its panels.
			test.Tap(button(t, w, "Nuova partita Away Missions"))
			test.Tap(button(t, w, "Crea"))
			require.NotNil(t, sh.game)
			for _, p := range sh.game.view.Panels() {
				panelTo(t, w, p.Title)
				assertPhoneReady(t, w, "away "+p.Title)
			}
			sh.showHome()

			// Settings.
			test.Tap(button(t, w, "Impostazioni"))
			text = screenText(w)
			assert.Contains(t, text, "Dimensione del testo")
			assert.Contains(t, text, "Lingua")
			assertPhoneReady(t, w, "settings")
			closeOverlays(w)

			// Join a game (the desktop form).
			test.Tap(button(t, w, "Unisciti a una partita"))
			assert.Contains(t, screenText(w), "codice di accesso")
			assertPhoneReady(t, w, "join form")
			closeOverlays(w)

			// The rules in Italian.
			rw := openRules(t, sh, size.Width, size.Height)
			selectTab(t, rw, "Cerca")
			typeInto(rw, entry(t, rw, "Chiedi: scudi, egemonia culturale, primo colpo…"), "scudi")
			require.NotEmpty(t, sh.rules.results)
			assertPhoneReady(t, rw, "rules search")
			rw.Close()
		})
	}
}

// TestItalianCatalogAndScannerFitAPhone opens the card catalog and the
// scanner in Italian at phone sizes.
func TestItalianCatalogAndScannerFitAPhone(t *testing.T) {
	italian(t)
	for _, size := range phoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			test.Tap(button(t, sh.win, "Catalogo"))
			cv := sh.catalog()
			require.NotNil(t, cv, "the catalog opened")
			cw := cv.win
			cw.Resize(size)
			assert.Equal(t, "Tutte le carte", cv.kind.Selected)
			selectTab(t, cw, "Carte")
			assertPhoneReady(t, cw, "catalog")
			assert.LessOrEqual(t, cw.Content().MinSize().Height, size.Height, "the catalog is taller than the phone")
			catalogNew(t, cw, "Nuovo personaggio")
			assertPhoneReady(t, cw, "character editor")
			button(t, cw, "Salva carta")
			cv.close()

			v := sh.openScanner(nil, &fakeCameras{})
			settleScanner(t, v)
			v.win.Resize(size)
			assert.Contains(t, screenText(v.win), "Scansiona una carta")
			assertPhoneReady(t, v.win, "scanner")
			assert.LessOrEqual(t, v.win.Content().MinSize().Height, size.Height, "the scanner is taller than the phone")
			for _, b := range objects[*widget.Button](v.win) {
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
	italian(t)
	for _, size := range phoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			test.Tap(button(t, sh.win, "Catalogo"))
			cv := sh.catalog()
			require.NotNil(t, cv)
			require.Same(t, sh.win, cv.win, "a page on a phone")
			assertPhoneReady(t, sh.win, "catalog")
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
	labels := under[*widget.Label](l)
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
