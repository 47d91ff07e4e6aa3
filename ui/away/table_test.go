package away

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	assert.False(t, v.dice.attack.setupBox.folded, "the stunned attacker dropped out: the setup opens on its own")
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
	assert.Empty(t, w.Canvas().Overlays().List(), "the last action closes the card (one tap less)")
	assert.Contains(t, screentest.ScreenText(w), "Now: Dana activates a character", "the second Action passed the turn")
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
		test.Tap(screentest.Button(t, w, "Move")) // the second Action passes the turn, and closes the card
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
	assert.Contains(t, screentest.ScreenText(w), "Everyone has activated")
	assert.NotContains(t, screentest.ScreenText(w), "End activation")
}

// TestBorgPlayerTickFollowsTheAffiliation: switching the affiliation from
// Borg to Federation clears the Borg player tick before the player is added.
func TestBorgPlayerTickFollowsTheAffiliation(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	openAwaySetup(t, sh)
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
