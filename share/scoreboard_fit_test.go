//go:build unix

package share

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
)

// tabletAscGame is an Ascendancy game as a table of four plays it with the
// Borg: four players with long civilization names, three cubes (one on
// "Nimbus III"), two spires, a cube battle in its first round and a long
// log, for the tablet scoreboard's tests. The Borg hit table is test data.
func tabletAscGame(t testing.TB) *tracker.Session {
	t.Helper()
	s, err := tracker.New(tracker.KindAscendancy, tracker.Options{Seeds: &tracker.CountingSeeds{}})
	require.NoError(t, err)
	run := func(cmds ...tracker.Command) {
		t.Helper()
		for _, c := range cmds {
			_, err := s.Execute(c)
			require.NoError(t, err, "%T", c)
		}
	}
	start := ascrules.Resources{Production: 3, Research: 2, Culture: 1}
	run(
		tracker.AddAscPlayer{Name: "Alessandra", Civilization: "United Federation of Planets", Faction: ascrules.Federation, Resources: start},
		tracker.AddAscPlayer{Name: "Bartholomew", Civilization: "Klingon Empire", Faction: ascrules.Klingon, Resources: start},
		tracker.AddAscPlayer{Name: "Caterina", Civilization: "Romulan Star Empire", Faction: ascrules.Romulan, Resources: start},
		tracker.AddAscPlayer{Name: "Dmitri", Civilization: "Cardassian Union", Faction: ascrules.Cardassian, Resources: start},
		tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}},
		tracker.AddCube{System: "Nimbus III"},
		tracker.AddCube{System: "The Briar Patch"},
		tracker.AddCube{System: "Deep space"},
		tracker.PlaceSpire{System: "Alpha Centauri", Nodes: 2},
		tracker.PlaceSpire{System: "Wolf 359", Nodes: 1},
	)
	for i, p := range []string{"p1", "p2", "p3", "p4"} {
		run(tracker.AdjustAsc{Player: p, Counter: tracker.CounterShips, Delta: 4 + i},
			tracker.AdjustAsc{Player: p, Counter: tracker.CounterSystems, Delta: 1 + i%2})
	}
	run(tracker.StartAscendancy{}, tracker.ChooseTurnOrder{})
	// Every seat plays until the Borg's turn: a long log.
	for range 60 {
		a := s.State().Ascendancy
		if a.CurrentSeat() == tracker.BorgSeat {
			break
		}
		if p := a.CurrentSeat(); p != "" {
			run(tracker.AdjustAsc{Player: p, Counter: tracker.CounterProduction, Delta: 2},
				tracker.AdjustAsc{Player: p, Counter: tracker.CounterCulture, Delta: 1})
		}
		run(tracker.NextPhase{})
	}
	require.Equal(t, tracker.BorgSeat, s.State().Ascendancy.CurrentSeat())
	if !s.State().Ascendancy.Borg.Built {
		run(tracker.BorgBuild{})
	}
	run(tracker.ActivateCube{Cube: "cube 1", System: "Nimbus III"},
		tracker.CubeRound{Cube: "cube 1", Fleets: []tracker.CubeFleet{{Player: "p1", Ships: 4, Roll: tracker.Entered(6, 5, 2, 1)}},
			BorgRoll: tracker.Entered(6, 5, 4, 3, 2, 1, 1)})
	return s
}

// tabletSizes are the screens the tablet scoreboard must fill without
// scrolling: a tablet and a TV in landscape, a tablet in portrait.
var tabletSizes = []struct{ w, h int }{{1280, 800}, {1920, 1080}, {800, 1280}}

// fitReport is what the page says about its fit (see fitCheck).
type fitReport struct {
	ScrollW, ScrollH, W, H float64
	Small                  []string // texts under 2.5% of the screen's height
	Clipped                []string // elements whose text is wider than they are
	Outside                []string // texts not wholly on the screen
	Broken                 []string // words broken over two lines
	Missing                []string // texts that should show and do not
}

// fitCheck is the JavaScript that measures the page: the document's size
// against the screen, every text's font size, elements whose content is
// wider than their box, texts outside the screen, words broken over lines,
// and which of the texts wanted are not shown (a text wanted may be
// "A|B": either will do).
const fitCheck = `(function (want) {
  var W = window.innerWidth, H = window.innerHeight, d = document.documentElement;
  var r = { ScrollW: d.scrollWidth, ScrollH: d.scrollHeight, W: W, H: H, Small: [], Clipped: [], Outside: [], Broken: [], Missing: [] };
  var seen = "";
  var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (var n = walk.nextNode(); n; n = walk.nextNode()) {
    var s = n.nodeValue.trim(), e = n.parentElement;
    if (!s || !e || e.closest("script,style")) continue;
    var range = document.createRange(); range.selectNodeContents(n);
    var rects = Array.from(range.getClientRects()).filter(function (x) { return x.width > 0 && x.height > 0; });
    if (!rects.length) continue;
    seen += " " + s;
    var fs = parseFloat(getComputedStyle(e).fontSize);
    if (fs < 0.025 * H - 0.01) r.Small.push(s.slice(0, 40) + " (" + fs.toFixed(1) + "px)");
    rects.forEach(function (x) {
      if (x.left < -0.5 || x.top < -0.5 || x.right > W + 0.5 || x.bottom > H + 0.5) r.Outside.push(s.slice(0, 40));
    });
    var re = /\S+/g, m;
    while ((m = re.exec(n.nodeValue))) {
      var w = document.createRange(); w.setStart(n, m.index); w.setEnd(n, m.index + m[0].length);
      var lines = {};
      Array.from(w.getClientRects()).forEach(function (x) { if (x.width > 0) lines[Math.round(x.top)] = 1; });
      if (Object.keys(lines).length > 1) r.Broken.push(m[0]);
    }
  }
  document.querySelectorAll("body *").forEach(function (e) {
    if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && e.textContent.trim()) r.Clipped.push(e.tagName + ": " + e.textContent.trim().slice(0, 40));
  });
  want.forEach(function (s) { if (!s.split("|").some(function (a) { return seen.indexOf(a) >= 0; })) r.Missing.push(s); });
  return JSON.stringify(r);
})`

// measure runs fitCheck in the page.
func (b *browser) measure(want ...string) fitReport {
	b.t.Helper()
	js, err := json.Marshal(want)
	require.NoError(b.t, err)
	var r fitReport
	require.NoError(b.t, json.Unmarshal([]byte(b.EvalString(fitCheck+"("+string(js)+")")), &r))
	return r
}

// fits reports whether the report finds nothing wrong.
func (r fitReport) fits() bool {
	return r.ScrollH <= r.H && r.ScrollW <= r.W && len(r.Small)+len(r.Clipped)+len(r.Outside)+len(r.Broken)+len(r.Missing) == 0
}

// TestTabletScoreboardFits loads the web scoreboard of four players and
// the Borg (three cubes, two spires, a cube battle in its first round, a
// long log) as a tablet and a TV show it, at 1280x800 and 1920x1080
// landscape and 800x1280 portrait (issue 27, "The tablet scoreboard"):
// the page fits the screen without scrolling, every text is at least 2.5%
// of the screen's height (read from across the table), no text is cut or
// broken inside a word, and every player, cube, system and the newest log
// rows show. A value that changes is highlighted for a few seconds, and the
// newest log rows name the players they are about.
func TestTabletScoreboardFits(t *testing.T) {
	g := tabletAscGame(t)
	h, _ := startHost(t, g, Options{Name: "Friday at the table"})
	b := startBrowser(t)
	want := []string{"Alessandra", "Bartholomew", "Caterina", "Dmitri", "United Federation of Planets", "Cardassian Union",
		"Nimbus III", "The Briar Patch", "Deep space", "Alpha Centauri", "Wolf 359", "Ships"}
	// The labels are written out, or short on a screen too narrow for
	// them (a tablet in portrait).
	labels := []string{"Ascendancy|Asc.", "Production|Prod.", "Research|Res.", "Culture|Cult.", "Commands|Cmd.",
		"Weapons|Wpn.", "Shields|Shld.", "Damage|Dmg", "Round|Rnd"}
	want = append(want, labels...)
	for i, size := range tabletSizes {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			b.t = t
			b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": size.w, "height": size.h, "deviceScaleFactor": 1, "mobile": false})
			if i == 0 {
				b.call("Page.navigate", map[string]any{"url": h.URL()})
			}
			b.waitFor(g.Seq(), "Alessandra", "Nimbus III")
			if size.w > size.h {
				want := append([]string(nil), want...)
				for i, l := range want {
					want[i], _, _ = strings.Cut(l, "|") // room for the whole words
				}
				defer func() { assert.Empty(t, b.measure(want...).Missing, "labels written out on a landscape screen") }()
			}
			var r fitReport
			deadline := time.Now().Add(5 * time.Second)
			for {
				r = b.measure(want...)
				if r.fits() || time.Now().After(deadline) {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if dir := os.Getenv("SCOREBOARD_SHOT"); dir != "" {
				b.Screenshot(filepath.Join(dir, fmt.Sprintf("tablet-%dx%d.png", size.w, size.h)), false)
			}
			assert.LessOrEqual(t, r.ScrollH, r.H, "the page scrolls: %v px tall on a %v px screen", r.ScrollH, r.H)
			assert.LessOrEqual(t, r.ScrollW, r.W, "the page scrolls sideways")
			assert.Empty(t, r.Small, "texts under 2.5%% of the screen's height (%.1f px)", 0.025*r.H)
			assert.Empty(t, r.Clipped, "texts cut off")
			assert.Empty(t, r.Outside, "texts off the screen")
			assert.Empty(t, r.Broken, "words broken over two lines")
			assert.Empty(t, r.Missing, "texts not shown")
			stage := b.eval(`document.getElementById("stage").textContent`)
			assert.Contains(t, stage, "the Borg's turn")
			assert.NotContains(t, stage, "(Borg)", "the Borg's turn has no phase to name")
			// The newest log rows name the players they are about: the
			// cube round names Alessandra, whose ships fought it.
			assert.Contains(t, b.eval(`document.querySelector("ol.log li .who").textContent`), "Alessandra")
		})
	}
	b.t = t

	// A change: Dmitri's production goes up. The new value is highlighted
	// (and nothing else), the newest log row names him, and the highlight
	// goes after a few seconds.
	_, err := g.Execute(tracker.AdjustAsc{Player: "p4", Counter: tracker.CounterProduction, Delta: 2})
	require.NoError(t, err)
	b.waitFor(g.Seq())
	changed := `JSON.stringify(Array.from(document.querySelectorAll(".changed")).map(function (e) {
		var row = e.closest("[data-player]"); return (row ? row.dataset.player : "") + ":" + e.textContent.trim(); }))`
	require.Equal(t, `["p4:5"]`, b.eval(changed), "Dmitri's production (5 now) is highlighted, and nothing else")
	assert.Contains(t, b.eval(`document.querySelector("ol.log li .who").textContent`), "Dmitri")
	time.Sleep(1500 * time.Millisecond)
	assert.Equal(t, `["p4:5"]`, b.eval(changed), "the highlight stays for a few seconds")
	assert.Eventually(t, func() bool { return b.eval(changed) == "[]" }, 10*time.Second, 100*time.Millisecond, "the highlight goes")
}

// TestTabletScoreboardFitsAway: the Away Missions scoreboard (two players,
// four characters each, a long log) shares the page's layout and fits the
// same screens without scrolling, every text at least 2.5% of the height.
func TestTabletScoreboardFitsAway(t *testing.T) {
	g := awayGame(t)
	h, _ := startHost(t, g, Options{Name: "Away at the table"})
	b := startBrowser(t)
	for i, size := range tabletSizes {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			b.t = t
			b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": size.w, "height": size.h, "deviceScaleFactor": 1, "mobile": false})
			if i == 0 {
				b.call("Page.navigate", map[string]any{"url": h.URL()})
			}
			b.waitFor(g.Seq(), "C10", "C23")
			var r fitReport
			deadline := time.Now().Add(5 * time.Second)
			for {
				r = b.measure("C10", "C13", "C20", "C23", "Atk", "Def", "Skl", "Mov")
				if r.fits() || time.Now().After(deadline) {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if dir := os.Getenv("SCOREBOARD_SHOT"); dir != "" {
				b.Screenshot(filepath.Join(dir, fmt.Sprintf("tablet-away-%dx%d.png", size.w, size.h)), false)
			}
			assert.LessOrEqual(t, r.ScrollH, r.H, "the page scrolls")
			assert.LessOrEqual(t, r.ScrollW, r.W, "the page scrolls sideways")
			assert.Empty(t, r.Small, "texts under 2.5%% of the screen's height")
			assert.Empty(t, r.Clipped, "texts cut off")
			assert.Empty(t, r.Outside, "texts off the screen")
			assert.Empty(t, r.Broken, "words broken over two lines")
			assert.Empty(t, r.Missing, "texts not shown")
		})
	}
	b.t = t
	// The newest row, C12's attack track, names C12's player; a player's
	// name is named as a word, never inside one ("A" in "Attack").
	assert.Equal(t, "A", b.eval(`document.querySelector("ol.log li .who").textContent`))
	assert.Equal(t, "[]", b.eval(`JSON.stringify(Array.from(document.querySelectorAll("ol.log .who")).filter(function (c) {
		var before = c.previousSibling ? c.previousSibling.textContent : "", after = c.nextSibling ? c.nextSibling.textContent : "";
		return /[A-Za-z0-9]$/.test(before) || /^[A-Za-z0-9]/.test(after);
	}).map(function (c) { return c.parentElement.textContent; }))`), "a name chip inside a word")
}

// TestTabletScoreboardFitsInItalian: the same game on an Italian host's
// scoreboard (longer words: "Produzione", "Basi Stellari") still fits the
// three screens, every text at least 2.5% of the height, none cut or broken.
func TestTabletScoreboardFitsInItalian(t *testing.T) {
	js, err := json.Marshal(italianTexts(t))
	require.NoError(t, err)
	g := tabletAscGame(t)
	h, _ := startHost(t, g, Options{Name: "Venerdì al tavolo", Texts: func(string) []byte { return js }})
	b := startBrowser(t)
	for i, size := range tabletSizes {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			b.t = t
			b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": size.w, "height": size.h, "deviceScaleFactor": 1, "mobile": false})
			if i == 0 {
				b.call("Page.navigate", map[string]any{"url": h.URL()})
			}
			b.waitFor(g.Seq(), "Alessandra", "Nimbus III")
			var r fitReport
			deadline := time.Now().Add(5 * time.Second)
			for {
				r = b.measure("Alessandra", "Dmitri", "Nimbus III", "Navi", "Produzione|Prod.")
				if r.fits() || time.Now().After(deadline) {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if dir := os.Getenv("SCOREBOARD_SHOT"); dir != "" {
				b.Screenshot(filepath.Join(dir, fmt.Sprintf("tablet-it-%dx%d.png", size.w, size.h)), false)
			}
			assert.True(t, r.fits(), "the Italian scoreboard does not fit %dx%d: %+v", size.w, size.h, r)
		})
	}
	b.t = t
}

// turnAscGame is an Ascendancy game of four players and the Borg at the
// start of the first player's turn (the cards one line shorter than in
// tabletAscGame: no battle, the turn's tag on a card).
func turnAscGame(t testing.TB) *tracker.Session {
	t.Helper()
	s, err := tracker.New(tracker.KindAscendancy, tracker.Options{Seeds: &tracker.CountingSeeds{}})
	require.NoError(t, err)
	run := func(c tracker.Command) {
		t.Helper()
		_, err := s.Execute(c)
		require.NoError(t, err, "%T", c)
	}
	for _, p := range []struct {
		name, civ string
		f         ascrules.Faction
	}{{"Alessandra", "United Federation of Planets", ascrules.Federation}, {"Bartholomew", "Klingon Empire", ascrules.Klingon},
		{"Caterina", "Romulan Star Empire", ascrules.Romulan}, {"Dmitri", "Cardassian Union", ascrules.Cardassian}} {
		run(tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: p.name, Civilization: p.civ, Faction: p.f,
			Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3})
	}
	run(tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterResearch, Delta: 9})
	run(tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}})
	for _, sys := range []string{"Nimbus III", "The Briar Patch", "Deep space"} {
		run(tracker.AddCube{System: sys})
	}
	run(tracker.PlaceSpire{System: "Alpha Centauri", Nodes: 2})
	run(tracker.PlaceSpire{System: "Wolf 359", Nodes: 1})
	run(tracker.StartAscendancy{})
	run(tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3, "p4": 4}})
	return s
}

// TestTabletScoreboardFitsOnAPlayersTurn: on a player's turn the page
// fits the three screens too, however it got to its size: loaded at once,
// or resized from a screen where it did not fit (a scroll bar that came
// and went with the size tried made the page choose a size that then did
// not fit: 1040 px on an 800 px screen).
func TestTabletScoreboardFitsOnAPlayersTurn(t *testing.T) {
	g := turnAscGame(t)
	h, _ := startHost(t, g, Options{Name: "Friday at the table"})
	b := startBrowser(t)
	// Loaded at once on the tablet, then the other screens, a phone (where
	// it may scroll) and the tablet again.
	sizes := append(append([]struct{ w, h int }{}, tabletSizes...), struct{ w, h int }{390, 844}, tabletSizes[0])
	for i, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			b.t = t
			b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": size.w, "height": size.h, "deviceScaleFactor": 1, "mobile": false})
			if i == 0 {
				b.call("Page.navigate", map[string]any{"url": h.URL()})
				b.waitFor(g.Seq(), "Alessandra")
			}
			if size.w == 390 {
				return // a phone: it may scroll
			}
			var r fitReport
			deadline := time.Now().Add(5 * time.Second)
			for {
				r = b.measure("Alessandra", "Dmitri", "Nimbus III", "Wolf 359")
				if r.fits() || time.Now().After(deadline) {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if dir := os.Getenv("SCOREBOARD_SHOT"); dir != "" {
				b.Screenshot(filepath.Join(dir, fmt.Sprintf("tablet-turn-%d-%dx%d.png", i, size.w, size.h)), false)
			}
			assert.True(t, r.fits(), "the scoreboard does not fit %dx%d: %+v (%s)", size.w, size.h, r, b.eval(`document.body.dataset.fit`))
		})
	}
	b.t = t
}
