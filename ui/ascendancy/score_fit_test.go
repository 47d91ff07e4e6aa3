package ascendancy

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// tabletGame is an Ascendancy game of four players with long
// civilization names and the Borg (three cubes, two spires), in the first
// player's turn, on a window of the size given.
func tabletGame(t *testing.T, w, h float32) (*testShell, fyne.Window) {
	t.Helper()
	sh, _ := newTestShell(t, w, h)
	win := newAscGame(t, sh)
	g := sh.game.game
	run := func(c tracker.Command) {
		t.Helper()
		_, err := g.Execute(c)
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
	run(tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterResearch, Delta: 9}) // two digits
	run(tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}})
	for _, sys := range []string{"Nimbus III", "The Briar Patch", "Deep space"} {
		run(tracker.AddCube{System: sys})
	}
	run(tracker.PlaceSpire{System: "Alpha Centauri", Nodes: 2})
	run(tracker.PlaceSpire{System: "Wolf 359", Nodes: 1})
	run(tracker.StartAscendancy{})
	run(tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3, "p4": 4}})
	require.NotEmpty(t, ascState(sh).CurrentSeat())
	return sh, win
}

// TestScoreboardFitsATablet opens the full-screen scoreboard of four
// players and the Borg on a tablet and a TV in landscape (1280x800,
// 1920x1080) and a tablet in portrait (800x1280) (issue 27, "The tablet
// scoreboard"): every tile lies wholly in the window with nothing to scroll,
// every text is at least 2.5% of the window's height (read from across the
// table), and no text is cut (wider than its place, or ending in "…"),
// with the newest log rows under the tiles (at least three in landscape,
// one in portrait).
// With SCOREBOARD_SHOT set, it saves each scoreboard as a PNG there.
func TestScoreboardFitsATablet(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1920, Height: 1080}, {Width: 800, Height: 1280}} {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, w := tabletGame(t, size.Width, size.Height)
			_, err := sh.game.game.Execute(tracker.AdjustAsc{Player: "p3", Counter: tracker.CounterCulture, Delta: 2})
			require.NoError(t, err)
			panelTo(t, w, "Round")
			test.Tap(screentest.Button(t, w, "Scoreboard"))
			w.Resize(size) // the test window keeps its size when full screen
			tiles := screentest.Objects[*widgets.ScoreTile](w)
			require.Len(t, tiles, 5, "four players and the Borg")
			if dir := os.Getenv("SCOREBOARD_SHOT"); dir != "" {
				img := w.Canvas().Capture()
				require.NoError(t, writePNG(filepath.Join(dir, fmt.Sprintf("fyne-%vx%v.png", size.Width, size.Height)), img))
			}
			rows := scoreLogTexts(t, w)
			require.GreaterOrEqual(t, len(rows), minLogRows(size), "the newest log rows fit under the tiles")
			assert.Equal(t, "Caterina: +2 culture (5)", rows[0])
			for _, s := range screentest.Objects[*container.Scroll](w) {
				assert.LessOrEqual(t, s.Content.MinSize().Height, s.Size().Height+0.5, "the tiles scroll")
			}
			for _, tile := range tiles {
				p, s := absRect(tile)
				assert.True(t, p.X >= -0.5 && p.Y >= -0.5 && p.X+s.Width <= size.Width+0.5 && p.Y+s.Height <= size.Height+0.5,
					"the tile %s (%v, %v) is not wholly in the window", tile.Name(), p, s)
			}
			minText := 0.025 * size.Height
			for _, x := range screentest.Under[*canvas.Text](w.Content()) {
				if strings.TrimSpace(x.Text) == "" || transparent(x.Color) {
					continue
				}
				assert.GreaterOrEqual(t, x.TextSize, minText-0.01, "%q is %.1f px, under 2.5%% of the height", x.Text, x.TextSize)
				assert.False(t, strings.HasSuffix(x.Text, "…"), "%q is cut", x.Text)
				need := fyne.MeasureText(x.Text, x.TextSize, x.TextStyle).Width
				assert.LessOrEqual(t, need, x.Size().Width+0.5, "%q needs %.0f px and has %.0f", x.Text, need, x.Size().Width)
				p := fyne.CurrentApp().Driver().AbsolutePositionForObject(x)
				assert.True(t, p.X >= -0.5 && p.Y >= -0.5 && p.X+need <= size.Width+0.5 && p.Y+x.MinSize().Height <= size.Height+0.5,
					"%q lies outside the window", x.Text)
			}
			_ = sh
		})
	}
}

// transparent reports whether c is not drawn.
func transparent(c color.Color) bool {
	if c == nil {
		return false
	}
	_, _, _, a := c.RGBA()
	return a == 0
}

// writePNG saves img as a PNG file.
func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// TestScoreboardHighlightsAChange: a value a player changes is highlighted
// on that player's tile, and only there (issue 27, the tablet scoreboard:
// what changed was only in the log).
func TestScoreboardHighlightsAChange(t *testing.T) {
	sh, w := tabletGame(t, 1280, 800)
	panelTo(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Scoreboard"))
	_, err := sh.game.game.Execute(tracker.AdjustAsc{Player: "p1", Counter: tracker.CounterProduction, Delta: 2})
	require.NoError(t, err)
	for _, tile := range screentest.Objects[*widgets.ScoreTile](w) {
		assert.Equal(t, tile.Name() == "Alessandra", tile.Highlighted("Production"), "%s's production", tile.Name())
		assert.False(t, tile.Highlighted("Research"), "%s's research did not change", tile.Name())
	}
}

// scoreLogTexts are the texts of the scoreboard's log rows on screen, top
// to bottom; it fails the test when the scoreboard shows no log.
func scoreLogTexts(t *testing.T, w fyne.Window) []string {
	t.Helper()
	var box *fyne.Container
	screentest.All(w.Content(), func(o fyne.CanvasObject) {
		if c, ok := o.(*fyne.Container); ok {
			if _, ok := c.Layout.(*scoreLog); ok {
				box = c
			}
		}
	})
	require.NotNil(t, box, "the scoreboard has no log")
	require.True(t, box.Visible(), "the scoreboard's log is hidden")
	var rows []*widget.Label
	for _, o := range box.Objects[1:] {
		if l, ok := o.(*widget.Label); ok && l.Visible() {
			rows = append(rows, l)
		}
	}
	slices.SortFunc(rows, func(a, b *widget.Label) int {
		pa, _ := absRect(a)
		pb, _ := absRect(b)
		return cmp.Compare(pa.Y, pb.Y)
	})
	var texts []string
	for _, r := range rows {
		texts = append(texts, r.Text)
	}
	return texts
}

// minLogRows is how many log rows the scoreboard shows at least: three
// in landscape; in portrait the tiles take all but a row's height (four
// players of nine values each and the Borg, at 2.5% of the height).
func minLogRows(size fyne.Size) int {
	if size.Width < size.Height {
		return 1
	}
	return 3
}

// TestScoreboardShowsTheNewestSteps: the full-screen scoreboard of four
// players and the Borg shows the newest steps of the log under the tiles,
// newest first, each as the status line says it, by the players' names
// (issue 27, the tablet scoreboard: the newest log rows naming players),
// on a tablet and a TV in landscape and a tablet in portrait, and a step
// taken while it is open comes on top.
func TestScoreboardShowsTheNewestSteps(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1920, Height: 1080}, {Width: 800, Height: 1280}} {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, w := tabletGame(t, size.Width, size.Height)
			run := func(c tracker.Command) {
				t.Helper()
				_, err := sh.game.game.Execute(c)
				require.NoError(t, err)
			}
			run(tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterProduction, Delta: 1})
			panelTo(t, w, "Round")
			test.Tap(screentest.Button(t, w, "Scoreboard"))
			w.Resize(size)
			rows := scoreLogTexts(t, w)
			require.GreaterOrEqual(t, len(rows), minLogRows(size), "log rows on the scoreboard: %q", rows)
			undo := sh.game.game.History().Undo
			for i, r := range rows {
				assert.Equal(t, screen.TrTexts(undo[i].Texts()), r, "row %d is the %d-th newest step", i, i+1)
			}
			assert.Equal(t, "Bartholomew: +1 production (4)", rows[0], "the newest step, naming the player")

			run(tracker.AdjustAsc{Player: "p3", Counter: tracker.CounterCulture, Delta: 2})
			rows = scoreLogTexts(t, w)
			require.GreaterOrEqual(t, len(rows), minLogRows(size), "log rows on the scoreboard: %q", rows)
			assert.Equal(t, "Caterina: +2 culture (5)", rows[0], "the step just taken comes on top, naming the player")
			if len(rows) > 1 {
				assert.Equal(t, "Bartholomew: +1 production (4)", rows[1], "the step before under it")
			}
		})
	}
}

// TestScoreLogNamesThePlayers: a log row that names a player's
// civilization and not the player starts with the player's name, and a row
// has the band of the first player (or the Borg) it names.
func TestScoreLogNamesThePlayers(t *testing.T) {
	a := &tracker.AscendancyState{Players: []tracker.AscPlayer{
		{ID: "p1", Name: "Ann", Civilization: "Klingon Empire"},
		{ID: "p2", Name: "Bo", Civilization: "Romulan Star Empire"},
	}}
	for _, tc := range []struct {
		in, want string
		band     color.Color
	}{
		{"Bo: +2 culture (5)", "Bo: +2 culture (5)", playerBands[1]},
		{"Ann attacks Bo at Vulcan", "Ann attacks Bo at Vulcan", playerBands[0]},
		{"Klingon Empire wins the battle", "Ann · Klingon Empire wins the battle", playerBands[0]},
		{"Borg cube 1 attacks Bo", "Borg cube 1 attacks Bo", borgBand},
		{"Annex a system", "Annex a system", nil}, // "Ann" inside a word is not Ann
		{"Round 2: initiative", "Round 2: initiative", nil},
	} {
		got := nameLogRow(tc.in, a)
		assert.Equal(t, tc.want, got.text, tc.in)
		assert.Equal(t, tc.band, got.band, tc.in)
	}
}
