package ascendancy

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestSpaceBattleFollowsTheBattle: after a round the form fights the
// tracked battle's next round with the ships left (not those sent), first
// strike is off past round 1, and once the battle ends another pair of
// players starts again at round 1 with first strike honoured.
func TestSpaceBattleFollowsTheBattle(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := setUpAscByTapping(t, sh)
	dealInOrder(t, sh, w)
	advanceTo(t, sh, w, "p1", tracker.PhaseCommand)
	v := sh.game.view.(*ascView)
	panelTo(t, w, "Battle")
	f := v.battle.space
	f.att.player.SetSelected("Alice (Federation)")
	f.defs[0].side.player.SetSelected("Bob (Klingon)")
	assert.Equal(t, 3, f.att.ships.val)
	test.Type(f.attD.pad, "651")
	test.Type(f.defD.pad, "522")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	assert.Equal(t, 2, f.roundNo())
	assert.Equal(t, 2, f.att.ships.val, "Alice fights on with the 2 ships she has left")
	assert.Equal(t, 1, f.defs[0].side.ships.val, "Bob with 1")
	assert.Len(t, f.attD.pool.faces, 0, "no dice carried over")
	assert.True(t, f.att.firstStrike.Disabled())
	assert.Contains(t, screentest.ScreenText(w), "First strike works in round 1 only")

	// The battle under way is the game's: its sides stay until it ends.
	assert.True(t, f.att.player.Disabled(), "the battle under way keeps its sides")
	test.Tap(screentest.Button(t, w, "End the battle"))
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of a new battle")
	f.att.player.SetSelected("Bob (Klingon)")
	f.defs[0].side.player.SetSelected("Alice (Federation)")
	assert.Equal(t, 1, f.roundNo(), "other players: a new battle")
	assert.False(t, f.att.firstStrike.Disabled(), "first strike counts in a new battle")
	assert.Equal(t, 2, f.defs[0].side.ships.val, "Alice's ships on the board")
}

// TestWhoseTurnOnEveryPanel: on a phone each Ascendancy panel starts with
// whose turn it is, the phase and who is left this round.
func TestWhoseTurnOnEveryPanel(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := setUpAscByTapping(t, sh)
	panelTo(t, w, "Round")
	assert.Contains(t, screentest.ScreenText(w), "Round 1 · Initiative: 0 of 2 bids made")
	test.Tap(screentest.Button(t, w, "Deal the turn order"))
	a := ascState(sh)
	first := sh.game.view.(*ascView).seatName(a.Walker.Order[0])
	for _, p := range []string{"Players", "Round", "Battle", "Borg"} {
		panelTo(t, w, p)
		text := screentest.ScreenText(w)
		assert.Contains(t, text, "Round 1 · Execution · "+first+"'s turn", p)
		assert.Contains(t, text, "commands ready · then ", p)
	}
}

// TestScoreboardShowsTurnsAndLeavesByEscape: the tablet scoreboard names
// the turn order and whose turn it is, keeps Back at the top while the
// tiles scroll, and Escape leaves it.
func TestScoreboardShowsTurnsAndLeavesByEscape(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 360, Height: 640}} {
		sh, _ := newTestShell(t, size.Width, size.Height)
		w := setUpAscByTapping(t, sh)
		panelTo(t, w, "Round")
		test.Tap(screentest.Button(t, w, "Deal the turn order"))
		v := sh.game.view.(*ascView)
		test.Tap(screentest.Button(t, w, "Scoreboard"))
		require.NotNil(t, v.score)
		assert.Contains(t, scoreboardText(w), "Turn order: ")
		assert.Contains(t, scoreboardText(w), " (now)")
		back := screentest.Button(t, w, "Back to the game")
		assert.Less(t, sh.app.Driver().AbsolutePositionForObject(back).Y, float32(120), "Back is pinned at the top")
		assert.LessOrEqual(t, w.Content().MinSize().Height, size.Height, "the tiles scroll instead of pushing Back away")
		w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		assert.Nil(t, v.score, "Escape left the scoreboard")
		assert.Equal(t, sh.game.content(), w.Content())
	}
}

// TestAscendancyScreensFitAPhone walks every panel, battle form and
// dialog of the Ascendancy screen, the Borg turn and the scoreboard at
// phone sizes, by tapping, and checks none is wider than the window.
func TestAscendancyScreensFitAPhone(t *testing.T) {
	for _, size := range screentest.PhoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) { fitAscendancy(t, size) })
	}
}

func fitAscendancy(t *testing.T, size fyne.Size) {
	sh, _ := newTestShell(t, size.Width, size.Height)
	w := setUpAscByTapping(t, sh)
	v := sh.game.view.(*ascView)
	for _, p := range v.Panels() {
		panelTo(t, w, p.Title)
		screentest.AssertFits(t, w, "ascendancy "+p.Title)
		if p.Content.MinSize().Width > size.Width {
			t.Logf("panel %s", p.Title)
			screentest.Widest(t, p.Content, size.Width, "")
		}
	}
	dealInOrder(t, sh, w)
	for _, m := range []string{modeSpace, modeInvasion, modeHazard, modeHegemony, modeDiplomacy} {
		panelTo(t, w, "Battle")
		v.battle.mode.SetSelected(m)
		screentest.AssertFits(t, w, "battle "+m)
	}
	// The console's dialogs.
	panelTo(t, w, "Players")
	test.Tap(screentest.Button(t, w, "Cost table…"))
	screentest.AssertFits(t, w, "cost table dialog")
	screentest.CloseOverlays(w)
	test.Tap(screentest.Button(t, w, "New preset…"))
	screentest.AssertFits(t, w, "new quick action dialog")
	screentest.CloseOverlays(w)
	// The Borg panel on the Borg turn, every section open.
	advanceTo(t, sh, w, tracker.BorgSeat, "")
	panelTo(t, w, "Borg")
	for i := range v.borg.folds.Items {
		v.borg.folds.Open(i)
	}
	screentest.AssertFits(t, w, "Borg turn, every section open")
	panelTo(t, w, "Players")
	require.NotNil(t, v.players)
	v.openScoreboard()
	screentest.AssertFits(t, w, "scoreboard")
}
