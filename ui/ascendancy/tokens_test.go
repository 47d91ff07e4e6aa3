package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// Issue 29, "Ascendancy tracked to the last token": the screens offer what
// the tracker tracks, tapped as a player would on a phone.

// stepperPlus returns the + button of the board's stepper titled label.
func stepperPlus(t *testing.T, w fyne.Window, label string) *widget.Button {
	t.Helper()
	var found *widget.Button
	for _, root := range screentest.Roots(w) {
		screentest.All(root, func(o fyne.CanvasObject) {
			box, ok := o.(*fyne.Container)
			if !ok || len(box.Objects) != 2 {
				return
			}
			if l, ok := box.Objects[0].(*widget.Label); !ok || l.Text != label {
				return
			}
			screentest.All(box.Objects[1], func(o fyne.CanvasObject) {
				if b, ok := o.(*widget.Button); ok && b.Icon == theme.ContentAddIcon() {
					found = b
				}
			})
		})
	}
	require.NotNil(t, found, "no stepper %q", label)
	return found
}

// TestAdvancementCommandShownExhausted: a player who gains an advancement
// with a command token taps "+" on its stepper and sees one more command
// token at once, exhausted (seed 003 "new commands start exhausted").
func TestAdvancementCommandShownExhausted(t *testing.T) {
	sh, w := phoneGame(t, "Klingon", "Romulan")
	panelTo(t, w, "Players")
	require.Contains(t, screentest.ScreenText(w), "5 of 5 ready")
	test.Tap(stepperPlus(t, w, "Adv. cmd"))
	p := ascState(sh).Players[0]
	assert.Equal(t, 6, p.Commands, sh.game.status())
	assert.Equal(t, 5, p.Ready())
	assert.Contains(t, screentest.ScreenText(w), "5 of 6 ready")
	screentest.AssertFits(t, w, "the board after an advancement command")
}

// TestLaunchProjectsThenDiscard: in her command phase Alice (1 research
// node) taps the launch button once: 2 projects for 1 command (seed 003
// "Launch projects"); Finish and Discard kept their places, Discard is the
// one to tap and the caption says how many; her next command waits until
// she has discarded down to her limit.
func TestLaunchProjectsThenDiscard(t *testing.T) {
	sh, w := commandPhase(t, "Klingon", "Romulan", "Players")
	finish := screentest.Button(t, w, "Finish a project")
	discard := screentest.Button(t, w, "Discard a project")
	assert.True(t, finish.Disabled(), "no project to finish yet")
	assert.True(t, discard.Disabled())
	assert.Contains(t, screentest.ScreenText(w), "launch projects first")
	pos := func(b *widget.Button) fyne.Position { p, _ := absRect(b); return p }
	finishAt := pos(finish)

	test.Tap(screentest.Button(t, w, "Projects (1 cmd: draw 2; 0 of 1)"))
	p := ascState(sh).Players[0]
	require.Equal(t, 2, p.Projects, sh.game.status())
	assert.Equal(t, 4, p.Ready())
	finish = screentest.Button(t, w, "Finish a project")
	assert.False(t, finish.Disabled())
	assert.Equal(t, finishAt, pos(finish), "Finish stays where it was")
	assert.Contains(t, screentest.ScreenText(w), "2 projects and 1 research node(s): discard 1 before anything else.")

	test.Tap(screentest.Button(t, w, "Starbase (1 cmd)"))
	assert.Zero(t, ascState(sh).Players[0].Starbases, "discard first")
	screentest.Button(t, w, "Record it anyway")
	test.Tap(screentest.Button(t, w, "Discard a project"))
	assert.Equal(t, 1, ascState(sh).Players[0].Projects)
	assert.NotContains(t, screentest.ScreenText(w), "before anything else")
	test.Tap(screentest.Button(t, w, "Starbase (1 cmd)"))
	assert.Equal(t, 1, ascState(sh).Players[0].Starbases, sh.game.status())
	screentest.AssertFits(t, w, "the command actions with projects")
}

// TestFreeFleetWithTheShipsBuilt: in her building phase Alice taps "3
// ships + fleet": 3 ships, a fleet, no command (seed 003 "Build ships");
// her fleet button in the command phase still takes a command.
func TestFreeFleetWithTheShipsBuilt(t *testing.T) {
	sh, w := phoneGame(t, "Klingon", "Romulan")
	panelTo(t, w, "Players")
	test.Tap(screentest.Button(t, w, "3 ships + fleet (3P, no cmd)"))
	p := ascState(sh).Players[0]
	require.Equal(t, 1, p.Fleets, sh.game.status())
	assert.Equal(t, 5, p.Ready(), "no command")
	assert.Equal(t, 0, p.Resources.Production)
	screentest.Button(t, w, "Fleet (1 cmd, 1 of 3)")
	screentest.AssertFits(t, w, "the building actions")
}

// TestWarpByTapping: in her command phase Alice sends two ships to warp
// (a command each, seed 003 "Movement"), gives the second another token
// and brings it out; Exit waits for a ship to be picked, so it is disabled
// again right after a ship exits.
func TestWarpByTapping(t *testing.T) {
	sh, w := commandPhase(t, "Klingon", "Romulan", "Players")
	exit := screentest.Button(t, w, "Exit warp (1 cmd)")
	assert.True(t, exit.Disabled(), "no ship at warp")
	test.Tap(screentest.Button(t, w, "Enter warp (1 cmd)"))
	test.Tap(screentest.Button(t, w, "Enter warp (1 cmd)"))
	p := ascState(sh).Players[0]
	require.Equal(t, []int{1, 1}, p.WarpTokens, sh.game.status())
	assert.Equal(t, 3, p.Ready())
	assert.Contains(t, screentest.ScreenText(w), "At warp (2)")

	pick := selectFor(t, w, "Pick a ship at warp")
	pick.SetSelected("Ship 2: 1 warp token(s)")
	test.Tap(screentest.Button(t, w, "+1 warp token (1 cmd)"))
	require.Equal(t, []int{1, 2}, ascState(sh).Players[0].WarpTokens, sh.game.status())
	assert.True(t, screentest.Button(t, w, "Exit warp (1 cmd)").Disabled(), "picked again after each change")
	selectFor(t, w, "Pick a ship at warp").SetSelected("Ship 2: 2 warp token(s)")
	exit = screentest.Button(t, w, "Exit warp (1 cmd)")
	exitAt, _ := absRect(exit)
	test.Tap(exit)
	p = ascState(sh).Players[0]
	assert.Equal(t, []int{1}, p.WarpTokens, sh.game.status())
	assert.Equal(t, 1, p.Ready())
	exit = screentest.Button(t, w, "Exit warp (1 cmd)")
	assert.True(t, exit.Disabled(), "a second tap brings no other ship out")
	at, _ := absRect(exit)
	assert.Equal(t, exitAt, at)
	assert.Contains(t, screentest.ScreenText(w), "At warp (1)")
	screentest.AssertFits(t, w, "ships at warp")
}

// TestResearchOnProjectsByTapping: Alice launches projects, enters the two
// cards drawn (name and the research each asks for), and in her next
// building phase commits a research token to each: the one needing 1 is
// finished at once; Commit and Discard wait for a project to be picked
// again (seed 003 "Commit research").
func TestResearchOnProjectsByTapping(t *testing.T) {
	sh, w := phoneGame(t, "Klingon", "Romulan")
	panelTo(t, w, "Players")
	test.Tap(stepperPlus(t, w, "R nodes"))
	advanceTo(t, sh, w, "p1", tracker.PhaseCommand)
	panelTo(t, w, "Players")
	test.Tap(screentest.Button(t, w, "Projects (1 cmd: draw 2; 0 of 2)"))
	require.Equal(t, 2, ascState(sh).Players[0].Projects, sh.game.status())
	assert.Contains(t, screentest.ScreenText(w), "2 project(s) not entered")
	for _, c := range []struct{ name, cost string }{{"Long Range Scanners", "4"}, {"Quick Study", "1"}} {
		screentest.TypeInto(w, screentest.Entry(t, w, "Card name"), c.name)
		screentest.TypeInto(w, screentest.Entry(t, w, "Research on the card"), c.cost)
		test.Tap(screentest.Button(t, w, "Enter the card"))
	}
	p := ascState(sh).Players[0]
	require.Len(t, p.ProjectCards, 2, sh.game.status())
	assert.Equal(t, tracker.ProjectCardState{Name: "Long Range Scanners", Cost: 4}, p.ProjectCards[0])
	assert.True(t, screentest.Button(t, w, "Enter the card").Disabled(), "every card entered")

	// The rest of the round, then Alice's next building phase.
	for ascState(sh).Walker.Stage != tracker.AscRecharge {
		_, err := sh.game.game.Execute(tracker.NextPhase{})
		require.NoError(t, err)
	}
	for _, cmd := range []tracker.Command{tracker.Recharge{}, tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}} {
		_, err := sh.game.game.Execute(cmd)
		require.NoError(t, err)
	}
	require.Equal(t, "p1", ascState(sh).CurrentSeat())
	reserve := ascState(sh).Players[0].Resources.Research

	commit := screentest.Button(t, w, "Commit 1 research")
	assert.True(t, commit.Disabled(), "no project picked")
	selectFor(t, w, "Pick a project").SetSelected("2. Quick Study: 0 of 1 research")
	test.Tap(commit)
	p = ascState(sh).Players[0]
	assert.Equal(t, 1, p.Projects, sh.game.status())
	assert.Equal(t, reserve-1, p.Resources.Research)
	assert.True(t, screentest.Button(t, w, "Commit 1 research").Disabled(), "a second tap commits nothing more")
	selectFor(t, w, "Pick a project").SetSelected("1. Long Range Scanners: 0 of 4 research")
	test.Tap(screentest.Button(t, w, "Commit 1 research"))
	assert.Equal(t, 1, ascState(sh).Players[0].ProjectCards[0].Research, sh.game.status())
	assert.Contains(t, screentest.ScreenText(w), "1. Long Range Scanners: 1 of 4 research")
	screentest.AssertFits(t, w, "the project area")
}
