package away

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// TestAwayAttackByEnteredDice resolves the rulebook's worked example by
// typing its dice: Lukara (Attack 3, Bat'leth +1 die, +1 damage) rolls
// 6,4,2,2 against Riker's 5,4,1: two dice get through, 3 damage.
func TestAwayAttackByEnteredDice(t *testing.T) {
	sh, st := newTestShell(t, 1280, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Dice")
	f := sh.game.view.(*awayView).dice.attack
	tapPick(t, f.attacker, "Lukara (Kim)")
	assert.Equal(t, "Riker", f.v.character(f.target.selected()).Name, "the only opponent is the target")
	assert.Equal(t, "Bat'leth", f.weapon.Selected)
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Lukara attacks Riker (Bat'leth): 4 vs 3 dice", "the setup folds once chosen")
	assert.Contains(t, strings.Join(f.odds.Lines(), "\n"), "Expected", "odds before the roll")
	assert.Greater(t, f.odds.Expected(), 1.0)

	test.Type(f.att.pad, "2642")
	test.Type(f.def.pad, "145")
	assert.Equal(t, "6,4,2,2", f.att.pad.Pool().String(), "entered dice are sorted")
	text = screentest.ScreenText(w)
	assert.Contains(t, text, "3 damage to Riker")

	// Discard to re-roll: Kim (active) re-rolls the last 2 and types a 5.
	assert.Contains(t, text, "Discard to re-roll: Kim decides")
	faces := screentest.Under[*widgets.DieFace](f.att.row)
	require.Len(t, faces, 4)
	test.Tap(faces[3])
	test.Tap(screentest.Button(t, w, "Type new faces"))
	screentest.TypeInto(w, screentest.Entry(t, w, "1 new faces, e.g. 6 3"), "5")
	test.Tap(screentest.Button(t, w, "Re-roll"))
	assert.Equal(t, "6,5,4,2", f.att.pool.faces.String())
	text = screentest.ScreenText(w)
	assert.Contains(t, text, "4 damage to Riker")
	assert.Contains(t, text, "Discard to re-roll: Dana decides")
	test.Tap(screentest.Button(t, w, "Pass"))
	assert.Contains(t, screentest.ScreenText(w), "Discard to re-roll: Kim decides")
	test.Tap(screentest.Button(t, w, "Pass"))
	assert.Contains(t, screentest.ScreenText(w), "Both sides passed: the roll stands.")

	test.Tap(screentest.Button(t, w, "Apply to Riker"))
	g, err := st.OpenGame(sh.game.game.(*store.Game).ID())
	require.NoError(t, err)
	riker := g.State().Away.Characters[0]
	pegs := riker.Tracks.Attack.Pegs + riker.Tracks.Defense.Pegs + riker.Tracks.Skill.Pegs + riker.Tracks.Move.Pegs
	assert.Equal(t, 13-4, pegs, "four pegs came off Riker")
	h := g.History()
	require.NotEmpty(t, h.Undo)
	assert.Contains(t, h.Undo[0].Label, "Lukara")

	// One undo takes back the whole attack.
	test.Tap(sh.game.undoBtn())
	riker = g.State().Away.Characters[0]
	assert.Equal(t, 13, riker.Tracks.Attack.Pegs+riker.Tracks.Defense.Pegs+riker.Tracks.Skill.Pegs+riker.Tracks.Move.Pegs)
}

// TestAwaySkillTestRecorded types an unopposed skill test and an opposed one
// against a card's challenge, and records both in the game log.
func TestAwaySkillTestRecorded(t *testing.T) {
	sh, _ := newTestShell(t, 1280, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Dice")
	d := sh.game.view.(*awayView).dice
	d.mode.SetSelected("Skill test")
	f := d.skill
	tapPick(t, f.tester, "Riker (Dana)")
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Riker tests with 4 dice, needs 1")
	assert.Contains(t, text, "Chance to pass: 94%", "1 - (1/2)^4")

	test.Type(f.test.pad, "1346")
	assert.Contains(t, screentest.ScreenText(w), "Riker passes with 2 successes")
	test.Tap(screentest.Button(t, w, "Record the test"))
	h := sh.game.game.History()
	require.NotEmpty(t, h.Undo)
	assert.Equal(t, "Riker takes a Skill test: 6,4,3,1, 2 of 1: passed", h.Undo[0].Label)

	// Opposed by a card: two challenger dice cancel the two best.
	f.opposed.SetChecked(true)
	f.challenger.SetValue(2)
	f.changed()
	test.Type(f.test.pad, "6431")
	test.Type(f.chal.pad, "66")
	assert.Contains(t, screentest.ScreenText(w), "Riker fails: no success (1 needed)")
	test.Tap(screentest.Button(t, w, "Record the test"))
	h = sh.game.game.History()
	assert.Equal(t, "Riker takes a Skill test: 6,4,3,1 against the challenge's 6,6, 0 of 1: failed", h.Undo[0].Label)
}

// TestAwayAttackRolledVirtually lets the app roll both sides and applies
// the result: the log records the seeds, so the roll replays exactly.
func TestAwayAttackRolledVirtually(t *testing.T) {
	sh, _ := newTestShell(t, 1280, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Dice")
	f := sh.game.view.(*awayView).dice.attack
	tapPick(t, f.attacker, "Lukara (Kim)")
	test.Tap(screentest.Button(t, w, "Roll for me"))
	assert.Len(t, f.att.pool.faces, 4)
	assert.Len(t, f.def.pool.faces, 3)
	require.NotNil(t, f.att.pool.seed)
	require.NotNil(t, f.res, "the roll is explained")
	test.Tap(screentest.Button(t, w, "Apply to Riker"))

	h := sh.game.game.History()
	require.NotEmpty(t, h.Undo)
	ev := h.Undo[0].Events[0]
	assert.Contains(t, ev.Label, "Lukara")
	data, err := json.Marshal(ev.Payload)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"seed"`, "virtual dice are logged with their seed")
}

// TestAwaySkillTestWithCardDice records a test whose dice include a card's:
// the tracker counts the tester's dice, so the card dice must travel with
// the roll (before, the test was refused for one die too many).
func TestAwaySkillTestWithCardDice(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Dice")
	d := sh.game.view.(*awayView).dice
	d.mode.SetSelected("Skill test")
	f := d.skill
	tapPick(t, f.tester, "Lukara (Kim)")
	assert.Contains(t, screentest.ScreenText(w), "Lukara tests with 2 dice")
	test.Tap(screentest.Button(t, w, "Change setup"))
	assert.Contains(t, screentest.ScreenText(w), "The tester rolls 2 dice.")
	test.Tap(screentest.Under[*widget.Button](f.cardDice)[1])
	assert.Contains(t, screentest.ScreenText(w), "The tester rolls 3 dice.")
	assert.Equal(t, []string{"No backup for the tester"}, f.backup.sel.Options, "Lukara has no friendly character to back her up")
	test.Type(f.test.pad, "652")
	test.Tap(screentest.Button(t, w, "Record the test"))
	h := sh.game.game.History()
	require.NotEmpty(t, h.Undo)
	assert.Contains(t, h.Undo[0].Label, "Lukara takes a Skill test: 6,5,2")
}

// TestBonusActionNeedsACharacter: the bonus-action dialog asks for the
// character with a button each; Cancel spends nothing, a tap on one
// spends the token and opens that character's card with its one action.
func TestBonusActionNeedsACharacter(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := startAwayGame(t, sh)
	v := sh.game.view.(*awayView)
	kim := v.st.Players[1].ID
	_, err := sh.game.game.Execute(tracker.AdjustTokens{Player: kim, Token: tracker.TokenBonusActions, Delta: 1})
	require.NoError(t, err)
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Use a bonus action (Kim)"))
	require.Len(t, w.Canvas().Overlays().List(), 1)
	screentest.AssertFits(t, w, "bonus action dialog")
	assert.Contains(t, screentest.ScreenText(w), "Choose the character who takes the action.")
	test.Tap(screentest.Button(t, w, "Cancel"))
	assert.Empty(t, w.Canvas().Overlays().List())
	assert.Equal(t, 1, v.st.Players[1].Tokens[tracker.TokenBonusActions], "nothing spent")
	test.Tap(screentest.Button(t, w, "Use a bonus action (Kim)"))
	test.Tap(screentest.Button(t, w, "Lukara"))
	assert.Equal(t, 0, v.st.Players[1].Tokens[tracker.TokenBonusActions], "the token is spent")
	require.Len(t, w.Canvas().Overlays().List(), 1, "Lukara's card, with its one action")
	assert.Contains(t, screentest.ScreenText(w), "Bonus action: 1 action with Lukara, no Activated token")
}

// TestOverlayComesWithItsAttackAction: the overlay form is filled in with
// the Attack Action the rulebook prints on the overlay, so assimilated
// characters can attack with it.
func TestOverlayComesWithItsAttackAction(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := sh.win
	sh.newGame("Wolf 359")
	screentest.SelectTab(t, w, "Round")
	addPlayer(t, w, "Dana", "Federation")
	addPlayer(t, w, "Hugh", "Borg")
	test.Tap(screentest.Button(t, w, "Enter the overlay's tracks"))
	screentest.AssertFits(t, w, "overlay form")
	assert.Equal(t, "Assimilation Tubules", screentest.Entry(t, w, "e.g. Phaser").Text)
	te := screentest.Entries(w, "lowest first, e.g. 1 2 3 3")
	require.Len(t, te, 4)
	for i, x := range []string{"1", "1 2", "1 2 3", "2"} {
		screentest.TypeInto(w, te[i], x)
	}
	test.Tap(screentest.Button(t, w, "Save"))
	o := sh.game.game.State().Away.Overlay
	require.NotNil(t, o)
	require.Len(t, o.Weapons, 1)
	assert.Equal(t, "Assimilation Tubules", o.Weapons[0].Name)
	assert.Equal(t, 0, o.Weapons[0].Dice)
	assert.Equal(t, 1, o.Weapons[0].Damage)
	assert.ElementsMatch(t, []string{"Assimilate", "Melee"}, o.Weapons[0].Keywords)
	assert.Equal(t, []string{"Hivemind"}, o.Rules)

	// A character typed in for the Borg player is a Borg (Stun weapons
	// add +0 damage against it instead of stunning).
	test.Tap(screentest.Button(t, w, "Add a character to Hugh"))
	test.Tap(screentest.Button(t, w, "Type it in"))
	assert.Equal(t, "Borg", screentest.Entry(t, w, "e.g. Human, Commander").Text)
	screentest.AssertFits(t, w, "character form")
}

// TestKeypadsWithoutASwipe: on a phone, once the attacker and the target
// (or the tester) are chosen the setup folds, so both keypads are inside
// the window without scrolling; the result and Apply come right under the
// dice.
func TestKeypadsWithoutASwipe(t *testing.T) {
	for _, size := range screentest.PhoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			w := startAwayGame(t, sh)
			v := sh.game.view.(*awayView)
			drv := sh.app.Driver()
			// inView checks o lies inside the Dice panel's visible part,
			// as scrolled now.
			inView := func(o fyne.CanvasObject, what string) {
				t.Helper()
				view := drv.AbsolutePositionForObject(v.dice.scroll).Y
				top := drv.AbsolutePositionForObject(o).Y
				bottom := top + o.Size().Height
				assert.Greater(t, o.Size().Height, float32(0), "%s is laid out", what)
				assert.GreaterOrEqual(t, top, view, "%s starts inside the panel", what)
				assert.LessOrEqual(t, bottom, view+v.dice.scroll.Size().Height+0.5, "%s ends inside the panel", what) // 0.5: float rounding of the positions
			}
			screentest.SelectTab(t, w, "Round")
			test.Tap(screentest.Button(t, w, "Lukara"))
			test.Tap(screentest.Button(t, w, "Attack"))
			f := v.dice.attack
			assert.True(t, f.setupBox.folded, "attacker and the lone target chosen: the setup folds")
			inView(f.att.pad, "the attack keypad")
			if size.Height >= 800 {
				inView(f.def.pad, "the defense keypad")
			}
			test.Type(f.att.pad, "6422")
			inView(f.def.pad, "the defense keypad, once the attack dice are in")
			test.Type(f.def.pad, "541")
			inView(screentest.Button(t, w, "Apply to Riker"), "Apply")
			test.Tap(screentest.Button(t, w, "Apply to Riker"))
			inView(f.att.pad, "the attack keypad for the next attack")

			v.dice.mode.SetSelected("Skill test")
			// Lukara's second action: a test opposed by Riker.
			sf := v.dice.skill
			tapPick(t, sf.tester, "Lukara (Kim)")
			inView(sf.test.pad, "the tester's keypad")
			test.Tap(sf.opposed)
			sf.who.SetSelected("Riker (Dana)")
			inView(sf.test.pad, "the tester's keypad of an opposed test")
			test.Type(sf.test.pad, "65")
			inView(sf.chal.pad, "the challenger's keypad, once the tester's dice are in")
			test.Type(sf.chal.pad, strings.Repeat("3", sf.challenger.Value()))
			inView(screentest.Button(t, w, "Record the test"), "Record")
			test.Tap(screentest.Button(t, w, "Record the test"))
			require.Contains(t, sh.game.game.History().Undo[0].Label, "Lukara takes a Skill test")
			inView(sf.test.pad, "the tester's keypad for the next test")
		})
	}
}

// TestAwayInItalianFitsAPhone plays the Away Missions screens in Italian
// on phones held upright: the roster, the round panel, a character's
// card, an attack typed and applied, a skill test: nothing wider than the
// window, no text cut short.
func TestAwayInItalianFitsAPhone(t *testing.T) {
	screentest.Italian(t)
	for _, size := range screentest.PhoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, st := newTestShell(t, size.Width, size.Height)
			sh.openGame(seedBorgGame(t, st))
			require.NotNil(t, sh.game)
			w := sh.win
			ready := func(where string) {
				t.Helper()
				screentest.AssertPhoneReady(t, w, where)
				screentest.AssertWindowFits(t, w, where)
			}
			screentest.SelectTab(t, w, "Squadra")
			ready("Squadra")
			test.Tap(screentest.Button(t, w, "Locutus"))
			ready("an open card")
			screentest.SelectTab(t, w, "Round")
			ready("Round")
			test.Tap(screentest.Button(t, w, "Locutus"))
			ready("activation card")
			test.Tap(screentest.Button(t, w, "Attack"))
			v := sh.game.view.(*awayView)
			f := v.dice.attack
			assert.Contains(t, screentest.ScreenText(w), "In grigio: Shelby (Dana) — Stun: solo Recover.")
			ready("attack, choosing")
			tapPick(t, f.target, "Riker (Dana)")
			assert.Contains(t, screentest.ScreenText(w), "Locutus attacca Riker (Assimilation Tubules): 3 dadi contro 3")
			ready("attack, folded")
			if size.Height >= 800 {
				// Italian words are longer: both keypads still fit (laid
				// out as the window's next frame does).
				v.dice.scroll.Refresh()
				bottom := sh.app.Driver().AbsolutePositionForObject(f.def.pad).Y + f.def.pad.Size().Height
				view := sh.app.Driver().AbsolutePositionForObject(v.dice.scroll).Y + v.dice.scroll.Size().Height
				assert.LessOrEqual(t, bottom, view, "the defense keypad is on screen")
			}
			test.Type(f.att.pad, "642")
			test.Type(f.def.pad, "541")
			assert.Contains(t, screentest.ScreenText(w), "3 danni a Riker")
			ready("attack result")
			test.Tap(screentest.Button(t, w, "Applica a Riker"))
			ready("attack applied")
			test.Tap(screentest.Button(t, w, "Modifica"))
			ready("attack setup open")
			v.dice.mode.SetSelected("Skill test")
			tapPick(t, v.dice.skill.tester, "Riker (Dana)")
			test.Tap(v.dice.skill.opposed)
			v.dice.skill.who.SetSelected("Two of Five (Kim)")
			test.Type(v.dice.skill.test.pad, "63")
			test.Type(v.dice.skill.chal.pad, "5")
			ready("skill test result")
		})
	}
}

// TestAssimilatedAttacksWithTheOverlay: a character neutralized by the
// Assimilation Tubules becomes the Borg player's, with the overlay's
// attack action (rulebook, Assimilate) and a Stun token: greyed out as an
// attacker until it recovers, then it attacks with the Tubules.
func TestAssimilatedAttacksWithTheOverlay(t *testing.T) {
	sh, st := newTestShell(t, 400, 800)
	id := seedBorgGame(t, st)
	sh.openGame(id)
	w := sh.win
	v := sh.game.view.(*awayView)
	shelby := v.st.Characters[1]
	require.Equal(t, "Shelby", shelby.Name)
	// Earlier damage left Shelby at the lowest value of every track.
	for _, r := range []awayrules.Rating{awayrules.Attack, awayrules.Defense, awayrules.Skill, awayrules.Skill, awayrules.Move, awayrules.Move} {
		_, err := sh.game.game.Execute(tracker.AdjustTrack{Character: shelby.ID, Track: r, Delta: -1})
		require.NoError(t, err)
	}

	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Locutus"))
	test.Tap(screentest.Button(t, w, "Attack"))
	f := v.dice.attack
	tapPick(t, f.target, "Shelby (Dana)")
	test.Type(f.att.pad, "666")
	// Defense 1 less the Stun token: no defense die.
	test.Type(f.def.pad, strings.Repeat("1", f.def.want))
	for _, s := range f.damage {
		s.SetSelected("Attack")
	}
	test.Tap(screentest.Button(t, w, "Apply to Shelby"))

	shelby = v.st.Characters[1]
	require.NotNil(t, shelby.Assimilated, "neutralized by an Assimilate weapon")
	assert.Equal(t, v.st.Players[1].ID, shelby.Controller, "now the Borg player's")
	require.Len(t, shelby.Weapons, 1)
	assert.Equal(t, "Assimilation Tubules", shelby.Weapons[0].Name, "the overlay's attack action")
	assert.ElementsMatch(t, []string{"Assimilate", "Melee"}, shelby.Weapons[0].Keywords)
	assert.Equal(t, 1, shelby.Stun, "assimilated characters start with a Stun token")

	test.Tap(screentest.Button(t, w, "Change setup"))
	b := pickButton(t, f.attacker, "Shelby (Kim)")
	assert.True(t, b.Disabled(), "stunned: greyed out as attacker")
	assert.Contains(t, screentest.ScreenText(w), "Shelby (Kim) — stunned: may only Recover")
	screentest.SelectTab(t, w, "Team")
	assert.Contains(t, screentest.ScreenText(w), "ASSIMILATED (card of Dana)")

	_, err := sh.game.game.Execute(tracker.AdjustStun{Character: shelby.ID, Delta: -1})
	require.NoError(t, err)
	screentest.SelectTab(t, w, "Dice")
	tapPick(t, f.attacker, "Shelby (Kim)")
	assert.Equal(t, "Assimilation Tubules", f.weapon.Selected)
}

// TestVirtualRollOffShowsItsFaces: the app's roll for the first board and
// for first activation names each player's face on the Round panel.
func TestVirtualRollOffShowsItsFaces(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	openAwaySetup(t, sh)
	addPlayer(t, w, "Dana", "Federation")
	addPlayer(t, w, "Kim", "Klingon")
	addCharacter(t, w, "Dana", "Riker", [4]string{"1 2 3", "1 2 3", "1 2 3 4", "1 2 3"}, "Phaser", "1", "1")
	addCharacter(t, w, "Kim", "Lukara", [4]string{"1 2 3", "1 2", "1 2", "1 2 3"}, "Bat'leth", "1", "1")
	test.Tap(screentest.Button(t, w, "Start mission preparation"))
	test.Tap(screentest.Button(t, w, "Roll for everyone"))
	rolls := regexp.MustCompile(`Rolls: (Dana|Kim) [1-6], (Dana|Kim) [1-6]`)
	assert.Regexp(t, rolls, screentest.ScreenText(w), "the board roll-off's faces")
	test.Tap(screentest.Button(t, w, "Roll for everyone"))
	test.Tap(screentest.Button(t, w, "Start round 1"))
	test.Tap(screentest.Button(t, w, "Roll for everyone"))
	assert.Contains(t, screentest.ScreenText(w), "activates first")
	assert.Regexp(t, rolls, screentest.ScreenText(w), "the first activation's faces")
}

// TestItalianAwayFormsSpeakItalian plays an Italian Away Missions game
// with the Borg: an attack and a skill test with their results, and fails
// on every English text on the screen (the log: ui's
// TestItalianAscendancyFormsSpeakItalian).
func TestItalianAwayFormsSpeakItalian(t *testing.T) {
	screentest.Italian(t)
	e := screentest.NewEnglishOnScreen(t)
	sh, st := newTestShell(t, 400, 800)
	w := sh.win
	sh.openGame(seedBorgGame(t, st))
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Locutus"))
	test.Tap(screentest.Button(t, w, "Attack"))
	av := sh.game.view.(*awayView)
	at := av.dice.attack
	e.Look(w, "Away attack, choosing")
	tapPick(t, at.target, "Riker (Dana)")
	test.Type(at.att.pad, "642")
	test.Type(at.def.pad, "541")
	e.Look(w, "Away attack result")
	screentest.TapShown(t, w, "Applica a Riker")
	e.Look(w, "Away attack applied")
	test.Tap(screentest.Button(t, w, "Modifica"))
	av.dice.mode.SetSelected("Skill test")
	tapPick(t, av.dice.skill.tester, "Riker (Dana)")
	test.Tap(av.dice.skill.opposed)
	av.dice.skill.who.SetSelected("Two of Five (Kim)")
	test.Type(av.dice.skill.test.pad, "63")
	test.Type(av.dice.skill.chal.pad, "5")
	e.Look(w, "Away skill test result")
	e.Report(t)
}
