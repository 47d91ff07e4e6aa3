package away

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// testShell stands in for the app's shell in this package's tests: the
// saved games of a store and, in a test window, the Away Missions screen
// of the game open in a screentest.Frame (its bar has Undo and Redo; there
// is no home, no log and no sharing: the tests that need those drive the
// whole app in package ui). Its fields
// are named as the shell's, so a test reads as it would there.
type testShell struct {
	t     *testing.T
	app   fyne.App
	win   fyne.Window
	store *store.Store
	game  *openGame
}

// openGame is the open game and its screen.
type openGame struct {
	game  screen.Game
	view  screen.View
	frame *screentest.Frame
}

// newTestShell opens a fresh store in a temp dir and a window at the given
// size, with reproducible virtual dice and the app's theme.
func newTestShell(t *testing.T, w, h float32) (*testShell, *store.Store) {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(widgets.NewTableTheme()) // the app's theme, as the shell sets it
	st, err := store.Open(filepath.Join(t.TempDir(), "games.db"), store.Options{
		Seeds: &tracker.CountingSeeds{Next: 1},
		Now:   func() time.Time { return time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC) },
	})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	win := a.NewWindow("Table Ops")
	win.Resize(fyne.NewSize(w, h))
	return &testShell{t: t, app: a, win: win, store: st}, st
}

// openGame opens a saved game by id on its Away Missions screen.
func (sh *testShell) openGame(id string) {
	sh.t.Helper()
	g, err := sh.store.OpenGame(id)
	require.NoError(sh.t, err)
	if sh.game != nil {
		sh.game.frame.Close()
	}
	f := screentest.Open(sh.win, g, New)
	sh.t.Cleanup(f.Close)
	sh.game = &openGame{game: g, view: f.View(), frame: f}
}

// newGame creates an Away Missions game named name and opens it.
func (sh *testShell) newGame(name string) {
	sh.t.Helper()
	g, err := sh.store.Create(tracker.KindAway, name)
	require.NoError(sh.t, err)
	sh.openGame(g.ID())
}

// undoBtn is the bar's Undo button.
func (g *openGame) undoBtn() *widget.Button { return g.frame.Undo() }

// openAwaySetup creates an Away Missions game with the default name and
// opens its Round panel, where the game is set up.
func openAwaySetup(t *testing.T, sh *testShell) {
	t.Helper()
	sh.newGame("Away Missions")
	screentest.SelectTab(t, sh.win, "Round")
}

// addPlayer fills the add-player card and taps Add player.
func addPlayer(t *testing.T, w fyne.Window, name, aff string) {
	t.Helper()
	screentest.TypeInto(w, screentest.Entry(t, w, "Player name"), name)
	screentest.TypeInto(w, screentest.Entry(t, w, "Affiliation"), aff)
	test.Tap(screentest.Button(t, w, "Add player"))
}

// addCharacter opens the character form for a player and fills it.
func addCharacter(t *testing.T, w fyne.Window, player, name string, tracks [4]string, weapon string, wdice, wdamage string) {
	t.Helper()
	test.Tap(screentest.Button(t, w, "Add a character to "+player))
	test.Tap(screentest.Button(t, w, "Type it in"))
	screentest.TypeInto(w, screentest.Entry(t, w, "Character name"), name)
	te := screentest.Entries(w, "lowest first, e.g. 1 2 3 3")
	require.Len(t, te, 4)
	for i, e := range te {
		screentest.TypeInto(w, e, tracks[i])
	}
	if weapon != "" {
		screentest.TypeInto(w, screentest.Entry(t, w, "e.g. Phaser"), weapon)
		screentest.TypeInto(w, screentest.Entry(t, w, "+ dice"), wdice)
		screentest.TypeInto(w, screentest.Entry(t, w, "+ damage"), wdamage)
	}
	test.Tap(screentest.Button(t, w, "Add"))
}

// rollOff types one die per player into the visible roll-off and submits.
func rollOff(t *testing.T, w fyne.Window, faces ...string) {
	t.Helper()
	es := screentest.Entries(w, "die")
	require.Len(t, es, len(faces))
	for i, e := range es {
		screentest.TypeInto(w, e, faces[i])
	}
	test.Tap(screentest.Button(t, w, "(dice entered)"))
}

// startAwayGame creates a game with two players and one character each and
// plays up to the action phase of round 1, all by tapping and typing.
func startAwayGame(t *testing.T, sh *testShell) fyne.Window {
	w := sh.win
	sh.newGame("Wolf 359")
	screentest.SelectTab(t, w, "Round")

	addPlayer(t, w, "Dana", "Federation")
	addPlayer(t, w, "Kim", "Klingon")
	addCharacter(t, w, "Dana", "Riker", [4]string{"1 2 3", "1 2 3", "1 2 3 4", "1 2 3"}, "Phaser", "1", "1")
	addCharacter(t, w, "Kim", "Lukara", [4]string{"1 2 3", "1 2", "1 2", "1 2 3"}, "Bat'leth", "1", "1")
	assert.Contains(t, screentest.ScreenText(w), "Riker · A 1-2-3 · D 1-2-3 · S 1-2-3-4 · M 1-2-3")

	test.Tap(screentest.Button(t, w, "Start mission preparation"))
	rollOff(t, w, "5", "2")
	assert.Contains(t, screentest.ScreenText(w), "Dana places the first board")
	rollOff(t, w, "3", "6")
	assert.Contains(t, screentest.ScreenText(w), "Kim beams down first")
	test.Tap(screentest.Button(t, w, "Start round 1"))
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of 3 · Draw phase")
	rollOff(t, w, "2", "6")
	assert.Contains(t, screentest.ScreenText(w), "Now: Kim activates a character")
	return w
}

// tapPick taps a character's button in a picker (attacker, target,
// tester), as a player would; the button must be shown and enabled.
func tapPick(t *testing.T, p *charPicker, label string) {
	t.Helper()
	b := pickButton(t, p, label)
	require.False(t, b.Disabled(), "%q is greyed out", label)
	test.Tap(b)
}

// pickButton finds a character's button in a picker.
func pickButton(t *testing.T, p *charPicker, label string) *widget.Button {
	t.Helper()
	require.True(t, p.box.Visible(), "the picker %q is shown", p.title.Text)
	for _, o := range p.grid.Objects {
		if b, ok := o.(*widget.Button); ok && b.Text == label {
			return b
		}
	}
	require.Failf(t, "no choice", "no %q in the picker %q", label, p.title.Text)
	return nil
}

// tracks returns a character card's peg tracks by label.
func tracks(t *testing.T, w fyne.Window, name string) map[string]*widgets.PegTrack {
	out := map[string]*widgets.PegTrack{}
	for _, p := range screentest.Under[*widgets.PegTrack](screentest.Card(t, w, name)) {
		out[p.Label()] = p
	}
	return out
}

// removePeg taps the track's "−" target.
func removePeg(t *testing.T, p *widgets.PegTrack) {
	t.Helper()
	bs := screentest.Under[*widget.Button](p)
	require.NotEmpty(t, bs)
	test.Tap(bs[0])
}

// stepperButton finds the − (delta −1) or + (delta +1) button of a stepper
// whose label starts with label.
func stepperButton(t *testing.T, in fyne.CanvasObject, label string, delta int) *widget.Button {
	t.Helper()
	for _, c := range screentest.Under[*fyne.Container](in) {
		if len(c.Objects) != 3 {
			continue
		}
		l, ok := c.Objects[0].(*widget.Label)
		if !ok || !strings.HasPrefix(l.Text, label) {
			continue
		}
		if delta < 0 {
			return c.Objects[1].(*widget.Button)
		}
		return c.Objects[2].(*widget.Button)
	}
	require.Failf(t, "no stepper", "no stepper %q", label)
	return nil
}

// seedBorgGame writes, by commands, a Federation vs Borg game in round 1's
// action phase: Dana (Riker, Shelby with a Stun token) against Kim, the
// Borg player (Locutus, Two of Five), Kim to activate. It returns the
// game's id.
func seedBorgGame(t *testing.T, st *store.Store) string {
	t.Helper()
	g, err := st.Create(tracker.KindAway, "Wolf 359")
	require.NoError(t, err)
	ex := func(c tracker.Command) {
		t.Helper()
		_, err := g.Execute(c)
		require.NoError(t, err)
	}
	tubules := awayrules.Weapon{Name: "Assimilation Tubules", Damage: 1, Keywords: []string{"Assimilate", "Melee"}}
	ex(tracker.AddAwayPlayer{Name: "Dana", Affiliation: "Federation"})
	ex(tracker.AddAwayPlayer{Name: "Kim", Affiliation: "Borg", Borg: true})
	a := g.State().Away
	dana, kim := a.Players[0].ID, a.Players[1].ID
	ex(tracker.AddCharacter{Player: dana, Name: "Riker", Specializations: []string{"Command"},
		Weapons: []awayrules.Weapon{{Name: "Type 2 Phaser", Dice: 1, Keywords: []string{"Stun"}}},
		Attack:  []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2}, Move: []int{1, 2, 3}})
	ex(tracker.AddCharacter{Player: dana, Name: "Shelby", Specializations: []string{"Science"},
		Weapons: []awayrules.Weapon{{Name: "Type 1 Phaser", Damage: 1}},
		Attack:  []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2, 3}, Move: []int{1, 2, 3}})
	ex(tracker.SetOverlay{Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2},
		Weapons: []awayrules.Weapon{tubules}, Rules: []string{"Hivemind"}})
	ex(tracker.AddCharacter{Player: kim, Name: "Locutus", Keywords: []string{"Borg"}, Rules: []string{"Hivemind"},
		Weapons: []awayrules.Weapon{tubules}, Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2, 3}, Move: []int{1, 2}})
	ex(tracker.AddCharacter{Player: kim, Name: "Two of Five", Keywords: []string{"Borg", "Drone"},
		Weapons: []awayrules.Weapon{tubules}, Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}})
	ex(tracker.StartMission{})
	ex(tracker.AwayOrder{Which: tracker.OrderBoard, Rolls: map[string][]int{dana: {5}, kim: {2}}})
	ex(tracker.AwayOrder{Which: tracker.OrderBeamDown, Rolls: map[string][]int{dana: {3}, kim: {6}}})
	ex(tracker.StartRound{})
	ex(tracker.StartActionPhase{FirstActivation: &tracker.AwayOrder{Which: tracker.OrderActivation, Rolls: map[string][]int{dana: {2}, kim: {6}}}})
	ex(tracker.AdjustStun{Character: g.State().Away.Characters[1].ID, Delta: 1})
	return g.ID()
}

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
