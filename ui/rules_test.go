package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/reference"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

const rulesSearchHint = "Ask: stun, hegemony resistance, first strike…"

// openRules taps Rules on the home screen and returns the rules window at
// the given size.
func openRules(t *testing.T, sh *Shell, w, h float32) fyne.Window {
	t.Helper()
	if w >= screen.WideWidth { // a wide window opens the rules in a window of their own
		sh.win.Resize(fyne.NewSize(w, h))
	}
	test.Tap(screentest.Button(t, sh.win, lang.X("settings.rules", "Rules")))
	require.NotNil(t, sh.rules, "the rules are open")
	win := sh.rulesWin
	if win == nil { // on a phone the rules take the main window
		win = sh.win
	}
	win.Resize(fyne.NewSize(w, h))
	return win
}

// tapText taps the screen where a visible label with exactly text is, like
// a finger on a list row.
func tapText(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	for _, l := range screentest.Objects[*widget.Label](w) {
		if l.Text == text {
			pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(l)
			test.TapCanvas(w.Canvas(), pos.Add(fyne.NewPos(4, 4)))
			return
		}
	}
	require.Failf(t, "no label", "no label %q on screen", text)
}

// pageTitle is the heading of the topic view.
func pageTitle(v *rulesView) string {
	if len(v.page.Segments) == 0 {
		return ""
	}
	return strings.TrimSpace(v.page.Segments[0].Textual())
}

// tapLink taps the wrapping button (a link to a topic or a sheet) that
// reads text, as a player does after scrolling to it.
func tapLink(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	for _, c := range screentest.Objects[*fyne.Container](w) {
		if len(c.Objects) != 2 {
			continue
		}
		b, ok := c.Objects[0].(*widget.Button)
		if !ok {
			continue
		}
		for _, l := range screentest.Under[*widget.Label](c.Objects[1]) {
			if l.Text == text {
				test.Tap(b)
				return
			}
		}
	}
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Text == text {
			test.Tap(b)
			return
		}
	}
	require.Failf(t, "no link", "no link %q on screen", text)
}

// selectedTab returns the title of the selected tab of the window's tabs.
func selectedTab(w fyne.Window) string {
	for _, tabs := range screentest.Objects[*container.AppTabs](w) {
		if it := tabs.Selected(); it != nil {
			return it.Text
		}
	}
	return ""
}

func TestRulesSearchStunnedFollowLinksBackForward(t *testing.T) {
	sh, _ := newTestShell(t, 420, 820)
	w := openRules(t, sh, 1280, 800)
	v := sh.rules
	assert.Equal(t, v.search, w.Canvas().Focused(), "the search box has the focus")
	assert.Contains(t, pageTitle(v), "quick reference", "the window opens on the Away Missions sheet")
	assert.True(t, screentest.Button(t, w, "Back").Disabled(), "the first page starts the history")

	// Results as you type: the defining topic first.
	screentest.TypeInto(w, screentest.Entry(t, w, rulesSearchHint), "stunned")
	require.NotEmpty(t, v.results)
	stun := v.results[0].Topic
	assert.Equal(t, "am-stun", stun.ID)
	assert.Contains(t, screentest.ScreenText(w), stun.Title, "the result list shows the title")

	// Tap the top result.
	tapText(t, w, stun.Title)
	assert.Equal(t, stun.Title, pageTitle(v))
	assert.Contains(t, v.page.String(), "stun token")
	assert.Contains(t, v.page.String(), "Source: 001")

	// Follow a cross-link under "See also".
	related := v.lib.Topic(stun.Related[0])
	require.NotNil(t, related)
	assert.Contains(t, screentest.ScreenText(w), "See also")
	tapLink(t, w, related.Title)
	assert.Equal(t, related.Title, pageTitle(v))

	// Back and forward walk the history; forward is off at the newest page.
	back, forward := screentest.Button(t, w, "Back"), screentest.Button(t, w, "Forward")
	assert.True(t, forward.Disabled())
	test.Tap(back)
	assert.Equal(t, stun.Title, pageTitle(v))
	assert.False(t, forward.Disabled())
	test.Tap(forward)
	assert.Equal(t, related.Title, pageTitle(v))
	test.Tap(back)
	test.Tap(back)
	assert.Equal(t, stun.Title, pageTitle(v), "the first topic opened is the oldest page")
	assert.True(t, back.Disabled())

	// Opening a new page from the middle of the history drops the forward part.
	test.Tap(forward)
	test.Tap(back)
	require.False(t, forward.Disabled())
	other := v.lib.Topic(stun.Related[1])
	require.NotNil(t, other)
	tapLink(t, w, other.Title)
	assert.Equal(t, other.Title, pageTitle(v))
	assert.True(t, forward.Disabled())
	test.Tap(back)
	assert.Equal(t, stun.Title, pageTitle(v))
}

func TestRulesEnterOpensBestTopicAndTypos(t *testing.T) {
	sh, _ := newTestShell(t, 420, 820)
	w := openRules(t, sh, 1280, 800)
	v := sh.rules
	e := screentest.Entry(t, w, rulesSearchHint)
	screentest.TypeInto(w, e, "assimlate")
	require.NotEmpty(t, v.results, "typos are forgiven")
	best := v.results[0].Topic.Title
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	assert.Equal(t, best, pageTitle(v))

	screentest.TypeInto(w, e, "zzqqxx")
	assert.Empty(t, v.results)
	assert.Contains(t, screentest.ScreenText(w), "Nothing matches")

	// The game filter lists one game's topics when the box is empty.
	screentest.TypeInto(w, e, "")
	v.game.SetSelected(reference.Borg.Title())
	require.NotEmpty(t, v.results)
	for _, r := range v.results {
		assert.Equal(t, reference.Borg, r.Topic.Game)
	}
	assert.Contains(t, screentest.ScreenText(w), "topics of "+reference.Borg.Title())
}

func TestRulesQuickReferenceSheets(t *testing.T) {
	sh, _ := newTestShell(t, 420, 820)
	w := openRules(t, sh, 1280, 800)
	v := sh.rules
	for _, g := range reference.Games() {
		tapLink(t, w, shortGameName(g))
		sheet, err := v.lib.Sheet(g)
		require.NoError(t, err)
		require.NotEmpty(t, sheet)
		assert.Contains(t, v.page.String(), sheet[0].Title, g)
		assert.Contains(t, screentest.ScreenText(w), "Topics on this sheet")
		// A topic of the sheet opens from the buttons under it.
		first := v.lib.Topic(sheet[0].Entries[0].TopicID)
		require.NotNil(t, first)
		tapLink(t, w, first.Title)
		assert.Equal(t, first.Title, pageTitle(v))
	}
}

func TestRulesPhoneShowsOnePanelAtATime(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := openRules(t, sh, 400, 800)
	v := sh.rules
	screentest.SelectTab(t, w, "Search")
	screentest.TypeInto(w, screentest.Entry(t, w, rulesSearchHint), "initiative")
	require.NotEmpty(t, v.results)
	tapText(t, w, v.results[0].Topic.Title)
	assert.Equal(t, "Topic", selectedTab(w), "opening a topic brings its panel to front")
	assert.Equal(t, v.results[0].Topic.Title, pageTitle(v))
	assert.LessOrEqual(t, v.content.MinSize().Width, float32(400), "fits a phone")

	// On a phone the rules take the whole window, with Close back to home.
	assert.Nil(t, sh.rulesWin, "no second window on a phone")
	assert.Equal(t, "Rules reference", w.Title())
	// Reopening the rules (the shortcut or the button) keeps the same view.
	sh.showRules()
	assert.Same(t, v, sh.rules)
	test.Tap(screentest.Button(t, w, "Close"))
	assert.Nil(t, sh.rules)
	assert.Contains(t, screentest.ScreenText(w), "Resume a game", "back where the player was")
}

// TestRulesTopicRendersToMarkup renders the topic panel of a phone-sized
// window: the stun topic's rich text with its See also links.
func TestRulesTopicRendersToMarkup(t *testing.T) {
	sh, _ := newTestShell(t, 420, 820)
	openRules(t, sh, 400, 700)
	v := sh.rules
	v.open("am-stun")
	var topic fyne.CanvasObject
	for _, p := range v.layout.Panels() {
		if p.Title == "Topic" {
			topic = p.Content
		}
	}
	require.NotNil(t, topic)
	sh.closeRules()
	w := test.NewTempWindow(t, topic)
	w.Resize(fyne.NewSize(400, 700))
	test.AssertRendersToMarkup(t, "rules_topic.xml", w.Canvas())
}

// TestRulesOverAGameOnAPhone opens the rules from a game on a phone: they
// take the whole window (no 900x700 window), fit it, and Close goes back
// to the game as it was.
func TestRulesOverAGameOnAPhone(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	test.Tap(screentest.Button(t, sh.win, "New Ascendancy game"))
	test.Tap(screentest.Button(t, sh.win, "Create"))
	require.NotNil(t, sh.game)
	game := sh.win.Content()
	sh.showRules()
	assert.Nil(t, sh.rulesWin, "no second window on a phone")
	assert.NotSame(t, game, sh.win.Content())
	assert.Equal(t, "Rules reference", sh.win.Title())
	assert.LessOrEqual(t, sh.win.Content().MinSize().Width, float32(360), "the rules fit the phone")
	screentest.SelectTab(t, sh.win, "Search")
	screentest.TypeInto(sh.win, screentest.Entry(t, sh.win, rulesSearchHint), "first strike")
	require.NotEmpty(t, sh.rules.results)
	test.Tap(screentest.Button(t, sh.win, "Close"))
	assert.Same(t, game, sh.win.Content(), "back to the game")
	assert.Contains(t, sh.win.Title(), "Table Ops — ")
}

// TestRulesTopicListsFitAPhone opens every topic and quick reference sheet,
// in English and Italian, on a 400 px phone: no line of the page (list
// items above all, whose wrapped lines are indented) ends past the page's
// right edge.
func TestRulesTopicListsFitAPhone(t *testing.T) {
	for _, language := range []string{"en", "it"} {
		t.Run(language, func(t *testing.T) {
			if language == "it" {
				screentest.Italian(t)
			}
			sh, _ := newTestShell(t, 400, 800)
			w := openRules(t, sh, 400, 800)
			v := sh.rules
			drv := fyne.CurrentApp().Driver()
			pages := []func(){}
			for _, g := range reference.Games() {
				pages = append(pages, func() { v.openSheet(g) })
			}
			for _, tp := range v.lib.TopicsIn(v.lang) {
				pages = append(pages, func() { v.open(tp.ID) })
			}
			lists := 0
			for _, open := range pages {
				open()
				w.Resize(fyne.NewSize(400, 801)) // lay the page out again, as a phone does
				w.Resize(fyne.NewSize(400, 800))
				right := drv.AbsolutePositionForObject(v.page).X + v.page.Size().Width
				for _, x := range screentest.Under[*canvas.Text](v.page) {
					if x.Text == "1. " || x.Text == "• " {
						lists++
					}
					end := drv.AbsolutePositionForObject(x).X + x.MinSize().Width
					if !assert.LessOrEqual(t, end, right+0.5, "%s: %q runs past the page's edge", pageTitle(v), x.Text) {
						return
					}
				}
			}
			assert.Greater(t, lists, 5, "the pages have lists")
		})
	}
}

// TestRulesOnAPhoneOpenOnTheSearch: on a phone the rules open with the
// search in front and focused, so what the player types goes there; the
// topic panel holds the quick reference sheet of the game at the table
// (Ascendancy's in an Ascendancy game).
func TestRulesOnAPhoneOpenOnTheSearch(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Ascendancy game"))
	test.Tap(screentest.Button(t, w, "Create"))
	require.NotNil(t, sh.game)
	sh.showRules()
	v := sh.rules
	require.NotNil(t, v)
	assert.Equal(t, "Search", selectedTab(w), "the search is in front")
	require.Same(t, v.search, w.Canvas().Focused(), "the search has the focus")
	test.Type(w.Canvas().Focused(), "shields")
	assert.Equal(t, "shields", v.search.Text, "typing goes to the search")
	require.NotEmpty(t, v.results)
	screentest.SelectTab(t, w, "Topic")
	assert.Contains(t, pageTitle(v), "Ascendancy", "the sheet of the game at the table")
}
