package ascendancy

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
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
// table), and no text is cut (wider than its place, or ending in "…").
// With SCOREBOARD_SHOT set, it saves each scoreboard as a PNG there.
func TestScoreboardFitsATablet(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1920, Height: 1080}, {Width: 800, Height: 1280}} {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, w := tabletGame(t, size.Width, size.Height)
			panelTo(t, w, "Round")
			test.Tap(screentest.Button(t, w, "Scoreboard"))
			w.Resize(size) // the test window keeps its size when full screen
			tiles := screentest.Objects[*widgets.ScoreTile](w)
			require.Len(t, tiles, 5, "four players and the Borg")
			if dir := os.Getenv("SCOREBOARD_SHOT"); dir != "" {
				img := w.Canvas().Capture()
				require.NoError(t, writePNG(filepath.Join(dir, fmt.Sprintf("fyne-%vx%v.png", size.Width, size.Height)), img))
			}
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
