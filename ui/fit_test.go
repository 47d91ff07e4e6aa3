package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/widgets"
)

// phoneSizes are the windows every screen and dialog must fit sideways: a
// small phone and a common one, held upright.
var phoneSizes = []fyne.Size{{Width: 360, Height: 640}, {Width: 400, Height: 800}}

// assertFits checks that neither the window's content nor any dialog open
// over it needs more width than the window has.
func assertFits(t *testing.T, w fyne.Window, where string) {
	t.Helper()
	assertWindowFits(t, w, where)
}

// assertWindowFits is assertFits as the real window measures it: the
// content gets the window's width less its padding, and a test window
// that grew wider than the phone it was opened as (the test driver grows
// a window whose content needs more room) fails.
func assertWindowFits(t *testing.T, w fyne.Window, where string) {
	t.Helper()
	width := w.Canvas().Size().Width
	for _, s := range phoneSizes {
		if width > s.Width && width < s.Width+phoneGrowth && width != tallPhoneWidth {
			assert.LessOrEqual(t, width, s.Width, "%s: the window grew wider than the phone", where)
			width = s.Width
		}
	}
	room := width
	if w.Padded() {
		room -= 2 * theme.Padding()
	}
	assert.LessOrEqual(t, w.Content().MinSize().Width, room, "%s: the screen is wider than the window", where)
	if w.Content().MinSize().Width > room {
		widest(t, w.Content(), room, "")
	}
	for i, o := range w.Canvas().Overlays().List() {
		assert.LessOrEqual(t, o.MinSize().Width, width, "%s: dialog %d is wider than the window", where, i)
		if o.MinSize().Width > width {
			widest(t, o, width, "")
		}
	}
}

// phoneGrowth is how much wider than a phone a test window may have grown
// and still count as that phone (see assertWindowFits).
const phoneGrowth = 39

// tallPhoneWidth is the width of a tall phone some tests open a window as
// (390x844): a window that wide was opened so, it did not grow.
const tallPhoneWidth = 390

// closeOverlays closes every dialog open over the window.
func closeOverlays(w fyne.Window) {
	for _, o := range w.Canvas().Overlays().List() {
		w.Canvas().Overlays().Remove(o)
	}
}

// TestEveryScreenFitsAPhone walks every screen, panel and dialog of both
// games at phone sizes, by tapping, and checks none is wider than the window.
func TestEveryScreenFitsAPhone(t *testing.T) {
	for _, size := range phoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			t.Run("home and away", func(t *testing.T) { fitAway(t, size) })
			t.Run("ascendancy", func(t *testing.T) { fitAscendancy(t, size) })
			t.Run("catalog, scanner and seats", func(t *testing.T) { fitShellScreens(t, size) })
		})
	}
}

func fitAway(t *testing.T, size fyne.Size) {
	sh, _ := newTestShell(t, size.Width, size.Height)
	w := sh.win
	assertFits(t, w, "home")
	assert.LessOrEqual(t, w.Content().MinSize().Height, size.Height, "home: taller than the window")
	test.Tap(button(t, w, "New Away Missions game"))
	assertFits(t, w, "new game dialog")

	// The character form of the setup, typed in.
	test.Tap(button(t, w, "Create"))
	selectTab(t, w, "Round")
	addPlayer(t, w, "Dana", "Federation")
	test.Tap(button(t, w, "Add a character to Dana"))
	test.Tap(button(t, w, "Type it in"))
	assertWindowFits(t, w, "character form")
	closeOverlays(w)
	sh.showHome()

	w = startAwayGame(t, sh)
	for _, tab := range []string{"Team", "Round", "Dice"} {
		selectTab(t, w, tab)
		assertWindowFits(t, w, "away "+tab)
	}

	// The activation card of the character whose turn it is.
	selectTab(t, w, "Round")
	test.Tap(button(t, w, "Lukara"))
	assertWindowFits(t, w, "activation card")
	closeOverlays(w)
	// An open card on the roster.
	selectTab(t, w, "Team")
	test.Tap(button(t, w, "Riker"))
	assertWindowFits(t, w, "open character card")

	// A skill test with its result.
	selectTab(t, w, "Dice")
	v := sh.game.view.(*awayView)
	v.dice.mode.SetSelected("Skill test")
	tapPick(t, v.dice.skill.tester, "Riker (Dana)")
	test.Type(v.dice.skill.test.pad, "6543")
	assertWindowFits(t, w, "skill test result")
	v.dice.mode.SetSelected("Attack")

	// An attack with its result and the damage choosers.
	selectTab(t, w, "Dice")
	tapPick(t, v.dice.attack.attacker, "Lukara (Kim)")
	pads := objects[*widgets.DicePad](w)
	require.Len(t, pads, 2)
	test.Type(pads[0], "6422")
	test.Type(pads[1], "541")
	assertWindowFits(t, w, "attack result")
	test.Tap(button(t, w, "Apply to Riker"))
	for _, tab := range []string{"Team", "Round", "Dice"} {
		selectTab(t, w, tab)
		assertWindowFits(t, w, "away "+tab+" after an attack")
	}
	selectTab(t, w, "Team")
	test.Tap(button(t, w, "Tokens"))
	assertWindowFits(t, w, "tokens dialog")
	closeOverlays(w)
	sh.game.showLog()
	assertFits(t, w, "log sheet")
	closeOverlays(w)
}

func fitAscendancy(t *testing.T, size fyne.Size) {
	sh, _ := newTestShell(t, size.Width, size.Height)
	w := setUpAscByTapping(t, sh)
	v := sh.game.view.(*ascView)
	for _, p := range v.Panels() {
		panelTo(t, w, p.Title)
		assertFits(t, w, "ascendancy "+p.Title)
		if p.Content.MinSize().Width > size.Width {
			t.Logf("panel %s", p.Title)
			widest(t, p.Content, size.Width, "")
		}
	}
	dealInOrder(t, sh, w)
	for _, m := range []string{modeSpace, modeInvasion, modeHazard, modeHegemony, modeDiplomacy} {
		panelTo(t, w, "Battle")
		v.battle.mode.SetSelected(m)
		assertFits(t, w, "battle "+m)
	}
	// The console's dialogs.
	panelTo(t, w, "Players")
	test.Tap(button(t, w, "Cost table…"))
	assertFits(t, w, "cost table dialog")
	closeOverlays(w)
	test.Tap(button(t, w, "New preset…"))
	assertFits(t, w, "new quick action dialog")
	closeOverlays(w)
	// The Borg panel on the Borg turn, every section open.
	advanceTo(t, sh, w, tracker.BorgSeat, "")
	panelTo(t, w, "Borg")
	for i := range v.borg.folds.Items {
		v.borg.folds.Open(i)
	}
	assertFits(t, w, "Borg turn, every section open")
	panelTo(t, w, "Players")
	require.NotNil(t, v.players)
	v.openScoreboard()
	assertFits(t, w, "scoreboard")
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
	test.Tap(button(t, w, "Catalog"))
	cv := sh.catalog()
	require.NotNil(t, cv)
	assert.Same(t, w, cv.win, "the catalog takes the main window")
	assert.Equal(t, before, windows(), "no second window on a phone")
	assertFits(t, w, "catalog list")
	assert.LessOrEqual(t, w.Content().MinSize().Height, size.Height, "the catalog is taller than the phone")
	typeInto(w, cv.search, "lukara")
	require.NotEmpty(t, cv.rows)
	tapText(t, w, cv.rows[0].name)
	assertFits(t, w, "catalog card")
	test.Tap(button(t, w, "Edit"))
	assertFits(t, w, "character editor")
	test.Tap(button(t, w, "Cancel"))
	selectTab(t, w, "Cards")
	catalogNew(t, w, "New card")
	assertFits(t, w, "card editor")
	test.Tap(button(t, w, "Cancel"))
	selectTab(t, w, "Cards")
	catalogTool(t, w, "Print tags")
	assertFits(t, w, "print tags dialog")
	closeOverlays(w)

	// The scanner, from the catalog, with three tags found.
	v := sh.openScanner(nil, &fakeCameras{})
	settleScanner(t, v)
	assert.Same(t, w, v.win, "the scanner takes the main window")
	assert.Equal(t, before, windows(), "no second window on a phone")
	img, _ := tagPhoto(t, encodeTag(t, scan.Tag{Kind: scan.KindBorgCommand, ID: "BC-EXPEDITED"}), encodeTag(t, spockTag), "https://example.com/x")
	importPhotoFile(t, v, writePNG(t, img, "table.png"))
	require.Len(t, v.entries, 3)
	assertFits(t, w, "scanner with tags")
	assert.LessOrEqual(t, w.Content().MinSize().Height, size.Height, "the scanner is taller than the phone")
	test.Tap(button(t, w, "Close"))
	assert.Nil(t, sh.scanner())
	assert.Same(t, cv.root, pageBody(sh), "back to the catalog")
	test.Tap(button(t, w, "Close"))
	assert.Nil(t, sh.catalog())
	assert.Contains(t, screenText(w), "Resume a game", "back home")

	// The seat chooser of a joined game.
	openAscForSeats(t, sh)
	sh.chooseSeat(sh.game, "", func(string) {})
	assertFits(t, w, "seat chooser")
}

// pageBody is the screen of the page on top of the main window, or nil.
func pageBody(sh *Shell) fyne.CanvasObject {
	if p := sh.topPage(); p != nil {
		return p.body
	}
	return nil
}

// widest logs the chain of objects wider than width, to find what to fix.
func widest(t *testing.T, o fyne.CanvasObject, width float32, indent string) {
	for depth := 0; depth < 40; depth++ {
		var kids []fyne.CanvasObject
		switch x := o.(type) {
		case *fyne.Container:
			kids = x.Objects
		case *container.AppTabs:
			// Its min width counts every tab's content, hidden ones too.
			kids = test.TempWidgetRenderer(t, x).Objects()
			for _, item := range x.Items {
				kids = append(kids, item.Content)
			}
		case fyne.Widget:
			kids = test.TempWidgetRenderer(t, x).Objects()
		}
		var next fyne.CanvasObject
		for _, k := range kids {
			if next == nil || k.MinSize().Width > next.MinSize().Width {
				next = k
			}
		}
		if next == nil {
			return
		}
		t.Logf("%s%T %v %s", indent, next, next.MinSize(), describe(next))
		o = next
		indent += " "
	}
}

func describe(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Label:
		return x.Text
	case *widget.Button:
		return x.Text
	case *widget.Check:
		return x.Text
	case *widget.Select:
		return x.PlaceHolder + "|" + x.Selected
	case *widget.Entry:
		return x.PlaceHolder
	case *screen.TextEntry:
		return x.PlaceHolder
	}
	return ""
}

// TestEveryPanelIsOneTapAway: on a phone every panel of both games has its
// own tab (none hidden behind an overflow menu).
func TestEveryPanelIsOneTapAway(t *testing.T) {
	tabButtons := func(w fyne.Window) int {
		n := 0
		all(w.Content(), func(o fyne.CanvasObject) {
			if fmt.Sprintf("%T", o) == "*container.tabButton" {
				n++
			}
		})
		return n
	}
	for _, size := range phoneSizes {
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
	cs := objects[*widgets.Counter](w)
	require.GreaterOrEqual(t, len(cs), 2)
	drv := sh.app.Driver()
	p, r := cs[0], cs[1]
	require.Equal(t, "Production", p.Label())
	require.Equal(t, "Research", r.Label())
	pb, rb := under[*widget.Button](p), under[*widget.Button](r)
	require.Len(t, pb, 2)
	plus := drv.AbsolutePositionForObject(pb[1]).X + pb[1].Size().Width
	minus := drv.AbsolutePositionForObject(rb[0]).X
	if drv.AbsolutePositionForObject(rb[0]).Y > drv.AbsolutePositionForObject(pb[1]).Y+pb[1].Size().Height {
		return // one column: nothing beside
	}
	assert.GreaterOrEqual(t, minus-plus, float32(24), "Production + and Research − are %v px apart", minus-plus)
}
