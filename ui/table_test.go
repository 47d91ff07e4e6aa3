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
	"tableops/ui/widgets"
)

// TestActivateFromTheRoundPanel plays an activation on a phone from the
// round panel: the player whose turn it is sees their characters as
// buttons; one opens the card, whose Attack opens the Dice panel with the
// attacker chosen. A stunned character is left out of the attackers and
// testers (with the reason on screen) and its card offers Recover.
func TestActivateFromTheRoundPanel(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Round")
	assert.Contains(t, screentest.ScreenText(w), "Now: Kim activates a character")
	test.Tap(screentest.Button(t, w, "Lukara"))
	attack := screentest.Button(t, w, "Attack")
	require.False(t, attack.Disabled())
	test.Tap(attack)
	assert.Empty(t, w.Canvas().Overlays().List(), "the card closed")
	v := sh.game.view.(*awayView)
	assert.Equal(t, "Lukara", v.character(v.dice.attack.attacker.selected()).Name, "the attack is set up for Lukara")
	assert.Equal(t, "Riker", v.character(v.dice.attack.target.selected()).Name, "the only opponent is the target")

	// The skill test: challengers are only the tester's opponents, and a
	// tester with fewer dice takes out the dice typed for the last one.
	v.dice.mode.SetSelected("Skill test")
	tapPick(t, v.dice.skill.tester, "Riker (Dana)")
	assert.Equal(t, []string{cardChallenge(), "Lukara (Kim)"}, v.dice.skill.who.Options, "only opponents challenge")
	pads := screentest.Objects[*widgets.DicePad](w)
	require.NotEmpty(t, pads)
	test.Type(pads[0], "6543")
	assert.Len(t, v.dice.skill.test.pool.faces, 4, "Riker rolls Skill 4")
	assert.Contains(t, screentest.ScreenText(w), "Riker tests with 4 dice, needs 1", "all dice in: the setup folds to one line")
	test.Tap(screentest.Button(t, w, "Change setup"))
	tapPick(t, v.dice.skill.tester, "Lukara (Kim)")
	assert.Len(t, v.dice.skill.test.pool.faces, 2, "Lukara rolls 2: the extra dice are out")
	assert.Contains(t, pads[0].Hint(), "taken out", "and the pad says so")

	// Stun Lukara on the Team panel.
	// On a phone the roster shows compact cards; the jump list opens one.
	screentest.SelectTab(t, w, "Team")
	assert.Contains(t, screentest.ScreenText(w), "A 3 · D 2 · S 2 · M 3", "Lukara's compact card: the four ratings")
	assert.Empty(t, screentest.Under[*widgets.PegTrack](screentest.Card(t, w, "Lukara")), "folded: no peg tracks")
	test.Tap(screentest.Button(t, w, "Lukara"))
	test.Tap(stepperButton(t, screentest.Card(t, w, "Lukara"), "Stun", 1))
	require.Equal(t, "Lukara", v.st.Characters[1].Name)
	require.Equal(t, 1, v.st.Characters[1].Stun)
	screentest.SelectTab(t, w, "Dice")
	v.dice.mode.SetSelected("Attack")
	test.Tap(screentest.Button(t, w, "Change setup"))
	lukara := pickButton(t, v.dice.attack.attacker, "Lukara (Kim)")
	assert.True(t, lukara.Disabled(), "a stunned character is greyed out as attacker")
	test.Tap(lukara)
	assert.Empty(t, v.dice.attack.attacker.selected(), "a greyed-out attacker cannot be chosen")
	assert.Contains(t, screentest.ScreenText(w), "Greyed out: Lukara (Kim) — stunned: may only Recover.")
	v.dice.mode.SetSelected("Skill test")
	assert.True(t, pickButton(t, v.dice.skill.tester, "Lukara (Kim)").Disabled(), "and as tester")

	screentest.SelectTab(t, w, "Round")
	// Attack activated Lukara: the round panel holds her card, with the
	// actions left; the turn stays with Kim until they are taken.
	assert.True(t, v.st.Characters[1].Activated, "the first action activated Lukara")
	assert.Equal(t, "p2", v.st.CurrentPlayer(), "Lukara has Actions left: still Kim's turn")
	assert.Contains(t, screentest.ScreenText(w), "Now: Lukara, 2 actions left")
	test.Tap(screentest.Button(t, w, "Lukara's actions"))
	assert.True(t, screentest.Button(t, w, "Attack").Disabled(), "greyed out before any roll")
	assert.True(t, screentest.Button(t, w, "Skill test").Disabled())
	assert.True(t, screentest.Button(t, w, "Move").Disabled())
	test.Tap(screentest.Button(t, w, "Recover"))
	assert.Equal(t, 0, v.st.Characters[1].Stun, "Recover took the token off")
	assert.Contains(t, screentest.ScreenText(w), "Activated: 1 of 2 actions left", "the card counts in place")
	test.Tap(screentest.Button(t, w, "Move"))
	assert.Contains(t, screentest.ScreenText(w), "No actions left: the activation is over.")
	assert.True(t, screentest.Button(t, w, "Move").Disabled())
	assert.Contains(t, screentest.ScreenText(w), "Now: Dana activates a character", "the second Action passed the turn")
}

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

// TestJumpToACharacter: on a phone the Team panel's jump list brings a
// character's card to the top in one tap, without swiping.
func TestJumpToACharacter(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Team")
	v := sh.game.view.(*awayView)
	require.Zero(t, v.teamScrol.Offset.Y)
	test.Tap(screentest.Button(t, w, "Lukara"))
	assert.Greater(t, v.teamScrol.Offset.Y, float32(0), "scrolled")
	drv := sh.app.Driver()
	c := screentest.Card(t, w, "Lukara")
	assert.InDelta(t, drv.AbsolutePositionForObject(v.teamScrol).Y, drv.AbsolutePositionForObject(c).Y, 2, "the card is at the top")
	// One more tap takes a peg off Lukara's track.
	removePeg(t, tracks(t, w, "Lukara")["DEFENSE"])
	assert.Equal(t, 1, tracks(t, w, "Lukara")["DEFENSE"].Pegs())
}

// TestNewStepShowsFromTheTop: after "Start round 1" the round panel shows
// the new phase from its top, not at the old scroll position.
func TestNewStepShowsFromTheTop(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := startAwayGame(t, sh)
	v := sh.game.view.(*awayView)
	screentest.SelectTab(t, w, "Round")
	for _, name := range []string{"Lukara", "Riker"} {
		test.Tap(screentest.Button(t, w, name))
		test.Tap(screentest.Button(t, w, "Move"))
		test.Tap(screentest.Button(t, w, "Move")) // the second Action passes the turn
		test.Tap(screentest.Button(t, w, "Close"))
	}
	growContent(v.roundScrl) // what the window's next frame does with the grown panel
	v.roundScrl.ScrollToBottom()
	require.Greater(t, v.roundScrl.Offset.Y, float32(0))
	test.Tap(screentest.Button(t, w, "End round 1 and start the next"))
	assert.Contains(t, screentest.ScreenText(w), "Round 2 of 3 · Draw phase")
	assert.Zero(t, v.roundScrl.Offset.Y, "the new phase shows from its top")
}

// TestRoundPanelHoldsTheActivation: while a character's activation holds
// the turn, the Round panel says who acts and how many Actions are left
// ("Now: Riker, 1 action left"), not the next player; End activation
// (on the panel or the character's card) passes the turn with Actions
// left.
func TestRoundPanelHoldsTheActivation(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	v := sh.game.view.(*awayView)
	screentest.SelectTab(t, w, "Round")
	assert.Contains(t, screentest.ScreenText(w), "Now: Kim activates a character")
	test.Tap(screentest.Button(t, w, "Lukara"))
	test.Tap(screentest.Button(t, w, "Move"))
	assert.Contains(t, screentest.ScreenText(w), "Activated: 1 of 2 actions left")
	test.Tap(screentest.Button(t, w, "Close"))
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Now: Lukara, 1 action left")
	assert.NotContains(t, text, "Now: Dana", "the turn is still Lukara's")
	screentest.AssertWindowFits(t, w, "round panel during an activation")

	// The card ends it too; here the panel's button.
	test.Tap(screentest.Button(t, w, "Lukara's actions"))
	screentest.Button(t, w, "End activation")
	test.Tap(screentest.Button(t, w, "Close"))
	test.Tap(screentest.Button(t, w, "End activation"))
	assert.False(t, v.st.Activating)
	assert.Contains(t, screentest.ScreenText(w), "Now: Dana activates a character")
	h := sh.game.game.History()
	assert.Contains(t, h.Undo[0].Label, "activation ends (1 Action(s) not taken)")

	// Riker's two Moves end his activation by themselves.
	test.Tap(screentest.Button(t, w, "Riker"))
	test.Tap(screentest.Button(t, w, "Move"))
	test.Tap(screentest.Button(t, w, "Move"))
	test.Tap(screentest.Button(t, w, "Close"))
	assert.Contains(t, screentest.ScreenText(w), "Everyone has activated")
	assert.NotContains(t, screentest.ScreenText(w), "End activation")
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
