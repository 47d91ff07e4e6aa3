package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/i18n"
	"tableops/rules/reference"
	"tableops/ui/screen/screentest"
)

// tapOption taps the option that reads exactly text (a radio item), like a
// finger: the innermost tappable widget showing that text.
func tapOption(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	var found fyne.Tappable
	for _, r := range screentest.Roots(w) {
		screentest.All(r, func(o fyne.CanvasObject) {
			tp, ok := o.(fyne.Tappable)
			if !ok || !o.Visible() {
				return
			}
			for _, c := range screentest.Under[*canvas.Text](o) {
				if c.Text == text {
					found = tp // the walk reaches inner widgets last
				}
			}
		})
	}
	require.NotNil(t, found, "no option %q on screen", text)
	test.Tap(found)
}

func TestSettingsLanguageItalianRules(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	t.Cleanup(func() { _, _ = i18n.Setup("") })
	test.Tap(screentest.Button(t, sh.win, "Settings"))
	assert.Contains(t, screentest.ScreenText(sh.win), "Language")
	tapOption(t, sh.win, "Italiano")
	assert.Equal(t, "it", sh.app.Preferences().String(i18n.PreferenceKey), "the choice is kept")
	assert.Equal(t, "Lingua", lang.X("settings.language", "Language"), "texts asked for from now on are Italian")
	assert.Contains(t, screentest.ScreenText(sh.win), "riavviato", "the note says open screens keep their language")
	test.Tap(screentest.Button(t, sh.win, "Done"))

	// The rules reference now answers in Italian.
	w := openRules(t, sh, 1280, 800)
	v := sh.rules
	itHint := "Chiedi: scudi, egemonia culturale, primo colpo…"
	assert.Equal(t, "Regolamento", w.Title(), "the window speaks Italian")
	screentest.TypeInto(w, screentest.Entry(t, w, itHint), "scudi adattivi")
	require.NotEmpty(t, v.results)
	assert.Equal(t, "it-borg-adaptive-shields", v.results[0].Topic.ID)
	tapText(t, w, v.results[0].Topic.Title)
	assert.Equal(t, "Scudi adattivi Borg", pageTitle(v))
	assert.Contains(t, v.page.String(), "Fonte: 004")
	// Its cross-links lead to Italian topics.
	related := v.lib.Topic(v.results[0].Topic.Related[0])
	require.NotNil(t, related)
	assert.Equal(t, reference.Italian, related.Lang)
	tapLink(t, w, related.Title)
	assert.Equal(t, related.Title, pageTitle(v))
	assert.Contains(t, screentest.ScreenText(w), "Vedi anche")

	// The quick reference sheets in Italian; Away Missions stays English.
	tapLink(t, w, shortGameName(reference.Borg))
	assert.Contains(t, v.page.String(), "Fase Costruzione Borg")
	tapLink(t, w, shortGameName(reference.AwayMissions))
	assert.Contains(t, v.page.String(), "Round sequence")

	// An English-only topic says so in Italian.
	screentest.TypeInto(w, screentest.Entry(t, w, itHint), "turbolift")
	require.NotEmpty(t, v.results)
	assert.Equal(t, "am-turbolifts", v.results[0].Topic.ID)
	v.open(v.results[0].Topic.ID)
	assert.Contains(t, v.page.String(), "resta in inglese")
	w.Resize(fyne.NewSize(400, 800))
	assert.LessOrEqual(t, v.content.MinSize().Width, float32(400), "fits a phone in Italian")
	screentest.SelectTab(t, w, "Cerca")
	assert.LessOrEqual(t, v.content.MinSize().Width, float32(400), "the search panel fits a phone in Italian")

	// The home screen speaks Italian at once.
	assert.Contains(t, screentest.ScreenText(sh.win), "Riprendi una partita")
	// Back to the system's language: the rules reopen in English.
	test.Tap(screentest.Button(t, sh.win, "Impostazioni"))
	tapOption(t, sh.win, "La stessa del sistema")
	assert.Equal(t, "", sh.app.Preferences().String(i18n.PreferenceKey))
	assert.Equal(t, "Language", lang.X("settings.language", "Language"), "texts are English again")
	assert.Nil(t, sh.rulesWin, "the open rules window closed to reopen in the new language")
	test.Tap(screentest.Button(t, sh.win, "Fatto"))
	assert.Contains(t, screentest.ScreenText(sh.win), "Resume a game", "the home screen is English again")
	w = openRules(t, sh, 400, 800)
	screentest.SelectTab(t, w, "Search")
	screentest.TypeInto(w, screentest.Entry(t, w, rulesSearchHint), "first strike")
	require.NotEmpty(t, sh.rules.results)
	assert.Equal(t, "asc-first-strike", sh.rules.results[0].Topic.ID)
}

// assertNothingClipped checks that every visible label and button of the
// window is at least as wide as its text needs (wrapping labels excepted:
// they flow onto more lines).
func assertNothingClipped(t *testing.T, w fyne.Window, where string) {
	t.Helper()
	for _, l := range screentest.Objects[*widget.Label](w) {
		if l.Wrapping != fyne.TextWrapOff || l.Truncation != fyne.TextTruncateOff || l.Text == "" {
			continue
		}
		assert.GreaterOrEqual(t, l.Size().Width+0.5, l.MinSize().Width, "%s: label %q is clipped", where, l.Text)
	}
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Text == "" {
			continue
		}
		assert.GreaterOrEqual(t, b.Size().Width+0.5, b.MinSize().Width, "%s: button %q is clipped", where, b.Text)
	}
}

func TestRulesItalianNotClippedOnPhone(t *testing.T) {
	_, err := i18n.Setup("it")
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = i18n.Setup("") })
	sh, _ := newTestShell(t, 400, 800)
	sh.app.Preferences().SetString(i18n.PreferenceKey, "it")
	w := openRules(t, sh, 400, 800)
	v := sh.rules
	screentest.SelectTab(t, w, "Cerca")
	screentest.TypeInto(w, screentest.Entry(t, w, "Chiedi: scudi, egemonia culturale, primo colpo…"), "distruzione totale")
	require.NotEmpty(t, v.results)
	assertNothingClipped(t, w, "search")
	for _, id := range []string{"it-asc-invasion-results", "it-borg-optional-rules", "it-gl-borg-terms"} {
		v.open(id)
		assert.Equal(t, "Argomento", selectedTab(w))
		assertNothingClipped(t, w, id)
	}
	for _, g := range reference.Games() {
		screentest.SelectTab(t, w, "Cerca")
		tapLink(t, w, shortGameName(g))
		assertNothingClipped(t, w, "sheet "+string(g))
	}
	assert.LessOrEqual(t, v.content.MinSize().Width, float32(400))
}
