package ui

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// TestEveryScreenFitsAPhone walks every screen, panel and dialog of the
// shell and of an Away Missions game at phone sizes, by tapping, and
// checks none is wider than the window (the Ascendancy screens: ui/
// ascendancy's TestAscendancyScreensFitAPhone).
func TestEveryScreenFitsAPhone(t *testing.T) {
	for _, size := range screentest.PhoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			t.Run("home and away", func(t *testing.T) { fitAway(t, size) })
			t.Run("catalog, scanner and seats", func(t *testing.T) { fitShellScreens(t, size) })
		})
	}
}

func fitAway(t *testing.T, size fyne.Size) {
	sh, _ := newTestShell(t, size.Width, size.Height)
	w := sh.win
	screentest.AssertFits(t, w, "home")
	assert.LessOrEqual(t, w.Content().MinSize().Height, size.Height, "home: taller than the window")
	test.Tap(screentest.Button(t, w, "New Away Missions game"))
	screentest.AssertFits(t, w, "new game dialog")

	// The character form of the setup, typed in.
	test.Tap(screentest.Button(t, w, "Create"))
	screentest.SelectTab(t, w, "Round")
	addPlayer(t, w, "Dana", "Federation")
	test.Tap(screentest.Button(t, w, "Add a character to Dana"))
	test.Tap(screentest.Button(t, w, "Type it in"))
	screentest.AssertWindowFits(t, w, "character form")
	screentest.CloseOverlays(w)
	sh.showHome()

	w = startAwayGame(t, sh)
	for _, tab := range []string{"Team", "Round", "Dice"} {
		screentest.SelectTab(t, w, tab)
		screentest.AssertWindowFits(t, w, "away "+tab)
	}

	// The activation card of the character whose turn it is.
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Lukara"))
	screentest.AssertWindowFits(t, w, "activation card")
	screentest.CloseOverlays(w)
	// An open card on the roster.
	screentest.SelectTab(t, w, "Team")
	test.Tap(screentest.Button(t, w, "Riker"))
	screentest.AssertWindowFits(t, w, "open character card")

	// A skill test with its result.
	screentest.SelectTab(t, w, "Dice")
	mode := radioWith(t, w, "Skill test")
	mode.SetSelected("Skill test")
	test.Tap(firstButton(t, w, "Riker (Dana)")) // the tester
	test.Type(screentest.Objects[*widgets.DicePad](w)[0], "6543")
	screentest.AssertWindowFits(t, w, "skill test result")
	mode.SetSelected("Attack")

	// An attack with its result and the damage choosers.
	screentest.SelectTab(t, w, "Dice")
	test.Tap(firstButton(t, w, "Lukara (Kim)")) // the attacker
	pads := screentest.Objects[*widgets.DicePad](w)
	require.Len(t, pads, 2)
	test.Type(pads[0], "6422")
	test.Type(pads[1], "541")
	screentest.AssertWindowFits(t, w, "attack result")
	test.Tap(screentest.Button(t, w, "Apply to Riker"))
	for _, tab := range []string{"Team", "Round", "Dice"} {
		screentest.SelectTab(t, w, tab)
		screentest.AssertWindowFits(t, w, "away "+tab+" after an attack")
	}
	screentest.SelectTab(t, w, "Team")
	test.Tap(screentest.Button(t, w, "Tokens"))
	screentest.AssertWindowFits(t, w, "tokens dialog")
	screentest.CloseOverlays(w)
	sh.game.showLog()
	screentest.AssertFits(t, w, "log sheet")
	screentest.CloseOverlays(w)
}

// fitShellScreens opens the catalog (list, a card, both editors, the
// print dialog), the scanner (with tags found) and the seat chooser by
// tapping, on a phone: each takes the main window (no second window) and
// none is wider than it.
func fitShellScreens(t *testing.T, size fyne.Size) {
	sh, _ := newTestShell(t, size.Width, size.Height)
	w := sh.win
	windows := func() int { return len(sh.app.Driver().AllWindows()) }
	before := windows()
	test.Tap(screentest.Button(t, w, "Catalog"))
	cv := sh.catalog()
	require.NotNil(t, cv)
	assert.Same(t, w, cv.win, "the catalog takes the main window")
	assert.Equal(t, before, windows(), "no second window on a phone")
	screentest.AssertFits(t, w, "catalog list")
	assert.LessOrEqual(t, w.Content().MinSize().Height, size.Height, "the catalog is taller than the phone")
	screentest.TypeInto(w, cv.search, "lukara")
	require.NotEmpty(t, cv.rows)
	tapText(t, w, cv.rows[0].name)
	screentest.AssertFits(t, w, "catalog card")
	test.Tap(screentest.Button(t, w, "Edit"))
	screentest.AssertFits(t, w, "character editor")
	test.Tap(screentest.Button(t, w, "Cancel"))
	screentest.SelectTab(t, w, "Cards")
	catalogNew(t, w, "New card")
	screentest.AssertFits(t, w, "card editor")
	test.Tap(screentest.Button(t, w, "Cancel"))
	screentest.SelectTab(t, w, "Cards")
	catalogTool(t, w, "Print tags")
	screentest.AssertFits(t, w, "print tags dialog")
	screentest.CloseOverlays(w)

	// The scanner, from the catalog, with three tags found.
	v := sh.openScanner(nil, &fakeCameras{})
	settleScanner(t, v)
	assert.Same(t, w, v.win, "the scanner takes the main window")
	assert.Equal(t, before, windows(), "no second window on a phone")
	img, _ := tagPhoto(t, encodeTag(t, scan.Tag{Kind: scan.KindBorgCommand, ID: "BC-EXPEDITED"}), encodeTag(t, spockTag), "https://example.com/x")
	importPhotoFile(t, v, writePNG(t, img, "table.png"))
	require.Len(t, v.entries, 3)
	screentest.AssertFits(t, w, "scanner with tags")
	assert.LessOrEqual(t, w.Content().MinSize().Height, size.Height, "the scanner is taller than the phone")
	test.Tap(screentest.Button(t, w, "Close"))
	assert.Nil(t, sh.scanner())
	assert.Same(t, cv.root, pageBody(sh), "back to the catalog")
	test.Tap(screentest.Button(t, w, "Close"))
	assert.Nil(t, sh.catalog())
	assert.Contains(t, screentest.ScreenText(w), "Resume a game", "back home")

	// The seat chooser of a joined game.
	openAscForSeats(t, sh)
	sh.chooseSeat(sh.game, "", func(string) {})
	screentest.AssertFits(t, w, "seat chooser")
}

// pageBody is the screen of the page on top of the main window, or nil.
func pageBody(sh *Shell) fyne.CanvasObject {
	if p := sh.topPage(); p != nil {
		return p.body
	}
	return nil
}

// TestEveryPanelIsOneTapAway: on a phone every panel of both games has its
// own tab (none hidden behind an overflow menu).
func TestEveryPanelIsOneTapAway(t *testing.T) {
	tabButtons := func(w fyne.Window) int {
		n := 0
		screentest.All(w.Content(), func(o fyne.CanvasObject) {
			if fmt.Sprintf("%T", o) == "*container.tabButton" {
				n++
			}
		})
		return n
	}
	for _, size := range screentest.PhoneSizes {
		sh, _ := newTestShell(t, size.Width, size.Height)
		w := setUpAscByTapping(t, sh)
		assert.Equal(t, 4, tabButtons(w), "Players, Round, Battle, Borg at %v", size)
		sh.showHome()
		w = startAwayGame(t, sh)
		assert.Equal(t, 3, tabButtons(w), "Team, Round, Dice at %v", size)
	}
}

// TestCountersKeepTheirButtonsApart: on a phone the + of one resource
// counter is not next to the − of the counter beside it.
func TestCountersKeepTheirButtonsApart(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := setUpAscByTapping(t, sh)
	panelTo(t, w, "Players")
	cs := screentest.Objects[*widgets.Counter](w)
	require.GreaterOrEqual(t, len(cs), 2)
	drv := sh.app.Driver()
	p, r := cs[0], cs[1]
	require.Equal(t, "Production", p.Label())
	require.Equal(t, "Research", r.Label())
	pb, rb := screentest.Under[*widget.Button](p), screentest.Under[*widget.Button](r)
	require.Len(t, pb, 2)
	plus := drv.AbsolutePositionForObject(pb[1]).X + pb[1].Size().Width
	minus := drv.AbsolutePositionForObject(rb[0]).X
	if drv.AbsolutePositionForObject(rb[0]).Y > drv.AbsolutePositionForObject(pb[1]).Y+pb[1].Size().Height {
		return // one column: nothing beside
	}
	assert.GreaterOrEqual(t, minus-plus, float32(24), "Production + and Research − are %v px apart", minus-plus)
}

// radioWith finds the visible radio group that offers option.
func radioWith(t *testing.T, w fyne.Window, option string) *widget.RadioGroup {
	t.Helper()
	for _, r := range screentest.Objects[*widget.RadioGroup](w) {
		if slices.Contains(r.Options, option) {
			return r
		}
	}
	require.Failf(t, "no choice", "no %q to choose on screen", option)
	return nil
}

// firstButton finds the first visible, enabled button labelled label, in
// screen order (the attacker's picker before the target's).
func firstButton(t *testing.T, w fyne.Window, label string) *widget.Button {
	t.Helper()
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Text == label && !b.Disabled() {
			return b
		}
	}
	require.Failf(t, "no button", "no button %q on screen", label)
	return nil
}
