package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestRecordItAnyway: a step a rule refuses shows the rule in the status
// line with "Record it anyway"; with a reason it is recorded as a table
// ruling.
func TestRecordItAnyway(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := newAscGame(t, sh) // rule checks on, as by default
	panelTo(t, w, "Players")
	addAscPlayer(t, w, "Alice", "Federation", nil)
	addAscPlayer(t, w, "Bob", "Klingon", nil)
	test.Tap(screentest.Button(t, w, "Start round 1"))
	panelTo(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Deal the turn order"))
	// A battle started by the player whose turn it is not.
	a := ascState(sh)
	other, cur := 0, 1
	if a.CurrentSeat() == a.Players[0].ID {
		other, cur = 1, 0
	}
	label := func(i int) string { return a.Players[i].Name + " (" + a.Players[i].Civilization + ")" }
	panelTo(t, w, "Battle")
	f := sh.game.view.(*ascView).battle.space
	f.att.player.SetSelected(label(other))
	f.defs[0].side.player.SetSelected(label(cur))
	test.Type(f.attD.pad, "111")
	test.Type(f.defD.pad, "111")
	steps := len(sh.game.game.History().Undo)
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	require.Len(t, sh.game.game.History().Undo, steps, "refused")
	assert.Contains(t, sh.game.status.text, "turn")
	test.Tap(screentest.Button(t, w, "Record it anyway"))
	test.Tap(screentest.Button(t, w, "Record"))
	assert.Contains(t, screentest.ScreenText(w), "Say in a few words why", "no reason, no ruling")
	screentest.TypeInto(w, screentest.Entry(t, w, "e.g. a card in play allows it"), "an event card lets them strike")
	test.Tap(screentest.Button(t, w, "Record"))
	assert.Len(t, sh.game.game.State().Rulings, 1)
	assert.Len(t, sh.game.game.History().Undo, steps+1, "recorded as one step")
	assert.Contains(t, sh.game.status.text, "table ruling")
}

// TestSpaceBattleFollowsTheBattle: after a round the form fights the
// tracked battle's next round with the ships left (not those sent), first
// strike is off past round 1, and another pair of players (or New battle)
// starts again at round 1 with first strike honoured.
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

	f.att.player.SetSelected("Bob (Klingon)")
	f.defs[0].side.player.SetSelected("Alice (Federation)")
	assert.Equal(t, 1, f.roundNo(), "other players: a new battle")
	assert.False(t, f.att.firstStrike.Disabled(), "first strike counts in a new battle")
	assert.Equal(t, 2, f.defs[0].side.ships.val, "Alice's ships on the board")
	f.att.player.SetSelected("Alice (Federation)")
	f.defs[0].side.player.SetSelected("Bob (Klingon)")
	assert.Equal(t, 2, f.roundNo(), "the same sides: the battle goes on")
	test.Tap(screentest.Button(t, w, "New battle"))
	assert.Equal(t, 1, f.roundNo())
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of a new battle")
}

// TestBorgPlayerTickFollowsTheAffiliation: switching the affiliation from
// Borg to Federation clears the Borg player tick before the player is added.
func TestBorgPlayerTickFollowsTheAffiliation(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	openAwaySetup(t, w)
	screentest.TypeInto(w, screentest.Entry(t, w, "Player name"), "Dave")
	aff := screentest.Entry(t, w, "Affiliation")
	screentest.TypeInto(w, aff, "Borg")
	assert.True(t, checkBox(t, w, "Borg player").Checked)
	aff.SetText("")
	screentest.TypeInto(w, aff, "Federation")
	assert.False(t, checkBox(t, w, "Borg player").Checked, "a Federation player is not the Borg player")
	test.Tap(screentest.Button(t, w, "Add player"))
	p := sh.game.game.State().Away.Players
	require.Len(t, p, 1)
	assert.False(t, p[0].Borg)
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

// TestLogRowsDoNotOverlap: on a phone the game log gives a step that wraps
// the height of its lines.
func TestLogRowsDoNotOverlap(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := startAwayGame(t, sh)
	sh.game.showLog()
	var rows []*widget.Label
	for _, o := range w.Canvas().Overlays().List() {
		for _, l := range screentest.Under[*widget.Label](o) {
			if strings.Contains(l.Text, "  ") { // "15:04  label"
				rows = append(rows, l)
			}
		}
	}
	require.Greater(t, len(rows), 3)
	drv := sh.app.Driver()
	wrapped := false
	for _, l := range rows {
		wrapped = wrapped || l.Size().Height > 50
	}
	assert.True(t, wrapped, "some step wraps at 360 px")
	for i, a := range rows {
		for _, b := range rows[i+1:] {
			ya, yb := drv.AbsolutePositionForObject(a).Y, drv.AbsolutePositionForObject(b).Y
			if ya > yb {
				a, b, ya, yb = b, a, yb, ya
			}
			assert.GreaterOrEqual(t, yb, ya+a.MinSize().Height-1, "%q overlaps %q", a.Text, b.Text)
		}
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
		assert.Equal(t, sh.game.content, w.Content())
	}
}

// TestAddPlayerKeepsItsPlace: on a phone, adding Away Missions players one
// after the other taps Add player in the same place each time (a player
// added shows below the form, not above it), and with 4 players the form
// stays, greyed out, saying why.
func TestAddPlayerKeepsItsPlace(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := sh.win
	openAwaySetup(t, w)
	drv := sh.app.Driver()
	at := drv.AbsolutePositionForObject(screentest.Button(t, w, "Add player"))
	count := func() string {
		for _, c := range screentest.Objects[*widget.Card](w) {
			if c.Title == "Add a player" {
				return c.Subtitle
			}
		}
		return ""
	}
	assert.Equal(t, "0 of 2 to 4 players added", count())
	for i, name := range []string{"Kim", "Dana", "Lee", "Sam"} {
		screentest.TypeInto(w, screentest.Entry(t, w, "Player name"), name)
		add := screentest.Button(t, w, "Add player")
		require.Equal(t, at, drv.AbsolutePositionForObject(add), "before player %d, Add player is where it was", i+1)
		test.Tap(add)
		require.Len(t, sh.game.game.State().Away.Players, i+1)
		assert.NotNil(t, screentest.Button(t, w, "Add a character to "+name), "the player added shows")
		if i < 3 {
			assert.Equal(t, fmt.Sprintf("%d of 2 to 4 players added", i+1), count())
		}
	}
	add := screentest.Button(t, w, "Add player")
	assert.Equal(t, at, drv.AbsolutePositionForObject(add), "with 4 players the form stays in place")
	assert.True(t, add.Disabled(), "a fifth player cannot be added")
	assert.True(t, screentest.Entry(t, w, "Player name").Disabled())
	assert.Equal(t, "4 players added: the most a game has", count())
}

// TestNewAwayGameOpensOnRound: a new Away Missions game opens on its Round
// panel, where its players are added, with no tap on the tab; once it has
// players it opens on its team.
func TestNewAwayGameOpensOnRound(t *testing.T) {
	sh, st := newTestShell(t, 360, 640)
	w := sh.win
	selected := func() string {
		tabs := screentest.Objects[*container.AppTabs](w)
		require.Len(t, tabs, 1)
		return tabs[0].Selected().Text
	}
	test.Tap(screentest.Button(t, w, "New Away Missions game"))
	test.Tap(screentest.Button(t, w, "Create"))
	assert.Equal(t, "Round", selected())
	addPlayer(t, w, "Kim", "Klingon")
	games, err := st.List()
	require.NoError(t, err)
	require.Len(t, games, 1)
	sh.showHome()
	sh.openGame(games[0].ID)
	assert.Equal(t, "Team", selected(), "a game with players opens on its team")
}
