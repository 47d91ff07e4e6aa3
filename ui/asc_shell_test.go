package ui

import (
	"strings"
	"testing"

	ascrules "tableops/rules/ascendancy"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// The Ascendancy game driven through the shell, for the shell's own tests
// (ui/ascendancy's tests drive the screen alone, with helpers of the same
// names).

// checkBox finds a visible check by its text.
func checkBox(t *testing.T, w fyne.Window, label string) *widget.Check {
	t.Helper()
	var found *widget.Check
	for _, c := range screentest.Objects[*widget.Check](w) {
		if strings.Contains(c.Text, label) {
			found = c
		}
	}
	require.NotNil(t, found, "no check %q on screen", label)
	return found
}

// selectFor finds a visible select by its placeholder.
func selectFor(t *testing.T, w fyne.Window, placeholder string) *widget.Select {
	t.Helper()
	var found *widget.Select
	for _, s := range screentest.Objects[*widget.Select](w) {
		if s.PlaceHolder == placeholder {
			found = s
		}
	}
	require.NotNil(t, found, "no select %q on screen", placeholder)
	return found
}

// tapFirstToken taps the first tappable token of a token row (a ready one).
func tapFirstToken(t *testing.T, row *widgets.TokenRow) {
	t.Helper()
	var tap fyne.Tappable
	screentest.All(row, func(o fyne.CanvasObject) {
		if x, ok := o.(fyne.Tappable); ok && tap == nil && o != fyne.CanvasObject(row) {
			tap = x
		}
	})
	require.NotNil(t, tap, "no token to tap")
	test.Tap(tap)
}

// panelTo brings a panel to front, as a tab or (wide) the left panel.
func panelTo(t *testing.T, w fyne.Window, title string) {
	t.Helper()
	for _, tabs := range screentest.Objects[*container.AppTabs](w) {
		for _, it := range tabs.Items {
			if it.Text == title {
				tabs.Select(it)
				return
			}
		}
	}
	assert.Contains(t, screentest.ScreenText(w), "", "the %s panel is the one beside the tabs", title)
}

// ascState is the open game's Ascendancy state.
func ascState(sh *Shell) *tracker.AscendancyState { return sh.game.game.State().Ascendancy }

// newAscGame creates an Ascendancy game from the home screen.
func newAscGame(t *testing.T, sh *Shell) fyne.Window {
	t.Helper()
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Ascendancy game"))
	screentest.TypeInto(w, screentest.Objects[*screen.TextEntry](w)[0], "Sector 001")
	test.Tap(screentest.Button(t, w, "Create"))
	require.NotNil(t, sh.game, "the game screen is open")
	return w
}

// addAscPlayer fills the add-player card and taps Add player.
func addAscPlayer(t *testing.T, w fyne.Window, name, faction string, costs map[string]string) {
	t.Helper()
	screentest.TypeInto(w, screentest.Entry(t, w, "Player name"), name)
	selectFor(t, w, "Faction rules").SetSelected(faction)
	if len(costs) > 0 {
		openFold(t, w, "Starting values and costs")
	}
	for ph, v := range costs {
		screentest.TypeInto(w, screentest.Entry(t, w, ph), v)
	}
	test.Tap(screentest.Button(t, w, "Add player"))
}

// setUpAscByTapping sets up two players and the Borg (one cube, one spire)
// by tapping and typing, and starts round 1.
func setUpAscByTapping(t *testing.T, sh *Shell) fyne.Window {
	t.Helper()
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	assert.Contains(t, screentest.ScreenText(w), "New Ascendancy game")
	addAscPlayer(t, w, "Alice", "Federation", map[string]string{"e.g. 2P": "2P"})
	addAscPlayer(t, w, "Bob", "Klingon", map[string]string{"1st; 2nd; … e.g. 2R; 3R": "2R"})
	a := ascState(sh)
	require.Len(t, a.Players, 2)
	assert.Equal(t, "Klingon", a.Players[1].Civilization)
	assert.Equal(t, ascrules.Resources{Production: 3, Research: 3, Culture: 3}, a.Players[0].Resources)
	assert.Equal(t, 3, a.Players[0].Ships)
	assert.Equal(t, 1, a.Players[0].Ascendancy)
	assert.Equal(t, ascrules.Resources{Production: 2}, a.Players[0].Costs.ProductionNode)
	assert.Equal(t, []ascrules.Resources{{Research: 2}}, a.Players[1].Costs.WeaponUpgrades)
	assert.Contains(t, screentest.ScreenText(w), "P node 2P")

	test.Tap(checkBox(t, w, "Play with the Borg"))
	hits := screentest.Entries(w, "2-6")
	require.Len(t, hits, 6)
	for i, h := range []string{"5", "5", "4", "4", "3", "3"} {
		screentest.TypeInto(w, hits[i], h)
	}
	test.Tap(screentest.Button(t, w, "Enter the Borg console"))
	require.NotNil(t, ascState(sh).Borg)
	assert.Equal(t, 4, ascState(sh).Borg.Hits.BySpires[2])

	panelTo(t, w, "Borg")
	screentest.TypeInto(w, screentest.Entry(t, w, "Where the cube is"), "Deep space")
	test.Tap(screentest.Button(t, w, "Add cube"))
	screentest.TypeInto(w, screentest.Entry(t, w, "Assimilated system"), "Alpha")
	test.Tap(screentest.Button(t, w, "Place spire"))
	b := ascState(sh).Borg
	require.Len(t, b.Cubes, 1)
	require.Len(t, b.Spires, 1)
	assert.Contains(t, screentest.ScreenText(w), "cube 1 · Deep space")
	assert.Contains(t, screentest.ScreenText(w), "9 of 9 attack dice · damage 0")

	panelTo(t, w, "Players")
	test.Tap(screentest.Button(t, w, "Start round 1"))
	assert.Equal(t, tracker.AscInitiative, ascState(sh).Walker.Stage)
	return w
}

// openFold opens a folded section of a panel, as a tap on its title does.
func openFold(t *testing.T, w fyne.Window, title string) {
	t.Helper()
	for _, a := range screentest.Objects[*widget.Accordion](w) {
		for i, it := range a.Items {
			if it.Title == title {
				a.Open(i)
				return
			}
		}
	}
	require.Failf(t, "no section", "no section %q", title)
}

// borgGame starts an Ascendancy game with the Borg on a window of the size
// given: Alice (Federation), Bob (Klingon) and Carol (Romulan) with 3
// ships each, one cube in deep space, one spire at Alpha, the turn order
// as drawn (Alice, Bob, Carol, the Borg), on the Borg turn, Borg panel open.
func borgGame(t *testing.T, w, h float32) (*Shell, fyne.Window) {
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
		name string
		f    ascrules.Faction
	}{{"Alice", ascrules.Federation}, {"Bob", ascrules.Klingon}, {"Carol", ascrules.Romulan}} {
		run(tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: p.name, Civilization: p.name, Faction: p.f,
			Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3})
	}
	run(tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}})
	run(tracker.AddCube{System: "Deep space"})
	run(tracker.PlaceSpire{System: "Alpha", Nodes: 1})
	run(tracker.StartAscendancy{})
	run(tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}})
	for range 12 {
		if ascState(sh).CurrentSeat() == tracker.BorgSeat {
			break
		}
		run(tracker.NextPhase{})
	}
	require.Equal(t, tracker.BorgSeat, ascState(sh).CurrentSeat())
	panelTo(t, win, "Borg")
	return sh, win
}

// absRect is an object's place on the canvas.
func absRect(o fyne.CanvasObject) (fyne.Position, fyne.Size) {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size()
}
