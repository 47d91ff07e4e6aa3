package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker/store"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// TestRecordItAnyway: a step a rule refuses shows the rule in the status
// line with "Record it anyway"; with a reason it is recorded as a table
// ruling.
func TestRecordItAnyway(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := newAscGame(t, sh) // rule checks on, as by default
	panelTo(t, w, "Players")
	addAscPlayer(t, w, "Alice", "Federation", nil)
	addAscPlayer(t, w, "Bob", "Klingon", nil)
	test.Tap(screentest.Button(t, w, "Start round 1"))
	panelTo(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Deal the turn order"))
	// A battle started by the player whose turn it is not.
	a := ascState(sh)
	other, cur := 0, 1
	if a.CurrentSeat() == a.Players[0].ID {
		other, cur = 1, 0
	}
	label := func(i int) string { return a.Players[i].Name + " (" + a.Players[i].Civilization + ")" }
	panelTo(t, w, "Battle")
	selectFor(t, w, "Attacker").SetSelected(label(other))
	selectFor(t, w, "Defender").SetSelected(label(cur))
	pads := screentest.Objects[*widgets.DicePad](w)
	require.Len(t, pads, 2, "the attacker's and the defender's dice")
	test.Type(pads[0], "111")
	test.Type(pads[1], "111")
	steps := len(sh.game.game.History().Undo)
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	require.Len(t, sh.game.game.History().Undo, steps, "refused")
	assert.Contains(t, sh.game.status.text, "turn")
	test.Tap(screentest.Button(t, w, "Record it anyway"))
	test.Tap(screentest.Button(t, w, "Record"))
	assert.Contains(t, screentest.ScreenText(w), "Say in a few words why", "no reason, no ruling")
	screentest.TypeInto(w, screentest.Entry(t, w, "e.g. a card in play allows it"), "an event card lets them strike")
	test.Tap(screentest.Button(t, w, "Record"))
	assert.Len(t, sh.game.game.State().Rulings, 1)
	assert.Len(t, sh.game.game.History().Undo, steps+1, "recorded as one step")
	assert.Contains(t, sh.game.status.text, "table ruling")
}

// TestLogRowsDoNotOverlap: on a phone the game log gives a step that wraps
// the height of its lines.
func TestLogRowsDoNotOverlap(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := startAwayGame(t, sh)
	sh.game.showLog()
	var rows []*widget.Label
	for _, o := range w.Canvas().Overlays().List() {
		for _, l := range screentest.Under[*widget.Label](o) {
			if strings.Contains(l.Text, "  ") { // "15:04  label"
				rows = append(rows, l)
			}
		}
	}
	require.Greater(t, len(rows), 3)
	drv := sh.app.Driver()
	wrapped := false
	for _, l := range rows {
		wrapped = wrapped || l.Size().Height > 50
	}
	assert.True(t, wrapped, "some step wraps at 360 px")
	for i, a := range rows {
		for _, b := range rows[i+1:] {
			ya, yb := drv.AbsolutePositionForObject(a).Y, drv.AbsolutePositionForObject(b).Y
			if ya > yb {
				a, b, ya, yb = b, a, yb, ya
			}
			assert.GreaterOrEqual(t, yb, ya+a.MinSize().Height-1, "%q overlaps %q", a.Text, b.Text)
		}
	}
}

// TestAddPlayerKeepsItsPlace: on a phone, adding Away Missions players one
// after the other taps Add player in the same place each time (a player
// added shows below the form, not above it), and with 4 players the form
// stays, greyed out, saying why.
func TestAddPlayerKeepsItsPlace(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := sh.win
	openAwaySetup(t, w)
	drv := sh.app.Driver()
	at := drv.AbsolutePositionForObject(screentest.Button(t, w, "Add player"))
	count := func() string {
		for _, c := range screentest.Objects[*widget.Card](w) {
			if c.Title == "Add a player" {
				return c.Subtitle
			}
		}
		return ""
	}
	assert.Equal(t, "0 of 2 to 4 players added", count())
	for i, name := range []string{"Kim", "Dana", "Lee", "Sam"} {
		screentest.TypeInto(w, screentest.Entry(t, w, "Player name"), name)
		add := screentest.Button(t, w, "Add player")
		require.Equal(t, at, drv.AbsolutePositionForObject(add), "before player %d, Add player is where it was", i+1)
		test.Tap(add)
		require.Len(t, sh.game.game.State().Away.Players, i+1)
		assert.NotNil(t, screentest.Button(t, w, "Add a character to "+name), "the player added shows")
		if i < 3 {
			assert.Equal(t, fmt.Sprintf("%d of 2 to 4 players added", i+1), count())
		}
	}
	add := screentest.Button(t, w, "Add player")
	assert.Equal(t, at, drv.AbsolutePositionForObject(add), "with 4 players the form stays in place")
	assert.True(t, add.Disabled(), "a fifth player cannot be added")
	assert.True(t, screentest.Entry(t, w, "Player name").Disabled())
	assert.Equal(t, "4 players added: the most a game has", count())
}

// TestNewAwayGameOpensOnRound: a new Away Missions game opens on its Round
// panel, where its players are added, with no tap on the tab; once it has
// players it opens on its team.
func TestNewAwayGameOpensOnRound(t *testing.T) {
	sh, st := newTestShell(t, 360, 640)
	w := sh.win
	selected := func() string {
		tabs := screentest.Objects[*container.AppTabs](w)
		require.Len(t, tabs, 1)
		return tabs[0].Selected().Text
	}
	test.Tap(screentest.Button(t, w, "New Away Missions game"))
	test.Tap(screentest.Button(t, w, "Create"))
	assert.Equal(t, "Round", selected())
	addPlayer(t, w, "Kim", "Klingon")
	games, err := st.List()
	require.NoError(t, err)
	require.Len(t, games, 1)
	sh.showHome()
	sh.openGame(games[0].ID)
	assert.Equal(t, "Team", selected(), "a game with players opens on its team")
}

// TestOneCubePerSectorFromTheBorgPanel adds a cube where one already is:
// the tracker refuses with the rule, and the table records it anyway.
func TestOneCubePerSectorFromTheBorgPanel(t *testing.T) {
	sh, w := borgGame(t, 400, 800)
	openFold(t, w, "Change the board")
	screentest.TypeInto(w, screentest.Entry(t, w, "Where the cube is"), "Deep space")
	test.Tap(screentest.Button(t, w, "Add cube"))
	assert.Contains(t, sh.game.status.text, "A sector never holds more than one cube")
	assert.Len(t, ascState(sh).Borg.Cubes, 1)
	test.Tap(sh.game.status.action)
	reason := screentest.Entry(t, w, "e.g. a card in play allows it")
	screentest.TypeInto(w, reason, "a Borg card moved it")
	test.Tap(screentest.Button(t, w, "Record"))
	assert.Len(t, ascState(sh).Borg.Cubes, 2)
}

// TestRecordAnywayFitsAPhone opens the "Record it anyway" dialog over the
// Borg panel, every section open, at phone sizes in English and Italian:
// nothing wider than the window, nothing cut short (ui/ascendancy's
// TestBorgPanelFitsAPhone checks the panel itself).
func TestRecordAnywayFitsAPhone(t *testing.T) {
	for _, language := range []string{"en", "it"} {
		for _, size := range screentest.PhoneSizes {
			t.Run(fmt.Sprintf("%s/%vx%v", language, size.Width, size.Height), func(t *testing.T) {
				sh, w := borgGame(t, size.Width, size.Height)
				if language == "it" {
					screentest.Italian(t)
					sh.game.refresh()
				}
				for _, a := range screentest.Objects[*widget.Accordion](w) {
					for i := range a.Items {
						a.Open(i)
					}
				}
				// A cube where another is: refused by a rule, recorded anyway
				// (the entry was built in English).
				screentest.TypeInto(w, screentest.Entry(t, w, "Where the cube is"), "Deep space")
				test.Tap(screentest.Button(t, w, lang.X("borg.add_cube", "Add cube")))
				test.Tap(sh.game.status.action)
				screentest.AssertPhoneReady(t, w, "record it anyway")
				screentest.CloseOverlays(w)
			})
		}
	}
}

// TestItalianLogsSpeakItalian opens the game log of an Ascendancy game
// with the Borg at the Borg turn and of an Away Missions game with the
// Borg, in Italian, and fails on every English text on the screen (the
// games' forms: the Italian tests of ui/ascendancy and ui/away).
func TestItalianLogsSpeakItalian(t *testing.T) {
	sh, w := borgGame(t, 400, 800)
	id := sh.game.game.(*store.Game).ID()
	screentest.Italian(t)
	e := screentest.NewEnglishOnScreen(t)
	sh.showHome()
	sh.openGame(id) // its screen built in Italian
	sh.game.showLog()
	e.Look(w, "Ascendancy log at the Borg turn")
	screentest.CloseOverlays(w)
	sh.showHome()
	sh.openGame(seedBorgGame(t, sh.store))
	require.NotNil(t, sh.game)
	sh.game.showLog()
	e.Look(w, "Away log")
	e.Report(t)
}
