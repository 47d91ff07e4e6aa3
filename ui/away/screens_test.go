package away

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

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// seedDroneGame writes, by commands, a Federation vs Borg game in round
// 1's action phase, Dana to activate: Dana's Data (Attack 1-2-3, a Phaser
// of +1 die) and Worf (Attack 1-2-3-4, a Bat'leth of +1 die and +1
// damage), against Kim, the Borg player, with Three of Five, a drone
// down to Attack 1, Defense 2, Skill 3, Move 1 (issue 28), and Locutus
// with the Assimilation Tubules; the overlay is entered.
func seedDroneGame(t *testing.T, st *store.Store) string {
	t.Helper()
	tubules := awayrules.Weapon{Name: "Assimilation Tubules", Damage: 1, Keywords: []string{"Assimilate", "Melee"}}
	return screentest.SeedAway(t, st, screentest.AwaySeed{
		Name: "Wolf 359",
		Dana: tracker.AddAwayPlayer{Name: "Dana", Affiliation: "Federation"},
		Kim:  tracker.AddAwayPlayer{Name: "Kim", Affiliation: "Borg", Borg: true},
		DanaTeam: []tracker.AddCharacter{
			{Name: "Data", Specializations: []string{"Science"},
				Weapons: []awayrules.Weapon{{Name: "Phaser", Dice: 1}},
				Attack:  []int{1, 2, 3}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1, 2}},
			{Name: "Worf", Specializations: []string{"Security"},
				Weapons: []awayrules.Weapon{{Name: "Bat'leth", Dice: 1, Damage: 1, Keywords: []string{"Melee"}}},
				Attack:  []int{1, 2, 3, 4}, Defense: []int{1, 2, 3}, Skill: []int{1, 2}, Move: []int{1, 2}},
		},
		Overlay: &tracker.SetOverlay{Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2},
			Weapons: []awayrules.Weapon{tubules}, Rules: []string{"Hivemind"}},
		KimTeam: []tracker.AddCharacter{
			{Name: "Three of Five", Keywords: []string{"Borg", "Drone"},
				Weapons: []awayrules.Weapon{tubules}, Attack: []int{1}, Defense: []int{1, 2}, Skill: []int{1, 2, 3}, Move: []int{1}},
			{Name: "Locutus", Keywords: []string{"Borg"}, Rules: []string{"Hivemind"}, Specializations: []string{"Command"},
				Weapons: []awayrules.Weapon{tubules}, Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2, 3}, Move: []int{1, 2}},
		},
		Board: [2]int{5, 2}, BeamDown: [2]int{6, 3}, Activation: [2]int{6, 2},
	}).ID()
}

// TestDamageStartsLegalAndSaysNeutralized: 4 damage to the drone of issue
// 28. The form starts from a choice the tracker takes (it used to start
// from Defense, Skill, Defense, Skill, refused), with a peg chooser for
// each of the 3 pegs it has to lose, and says before Apply and after that
// the fourth point Neutralizes it (seed 001 "Combat", step 6).
func TestDamageStartsLegalAndSaysNeutralized(t *testing.T) {
	sh, st := newTestShell(t, 400, 760)
	sh.openGame(seedDroneGame(t, st))
	w := sh.win
	v := sh.game.view.(*awayView)
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Data"))
	test.Tap(screentest.Button(t, w, "Attack"))
	f := v.dice.attack
	tapPick(t, f.target, "Three of Five (Kim)")
	// Attack 3 + Phaser 1 against Defense 2: two through, two uncontested 4s.
	test.Type(f.att.pad, "6644")
	test.Type(f.def.pad, "11")
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "4 damage to Three of Five")
	assert.Contains(t, text, "Three of Five is Neutralized: no track has a peg left to lose.", "said before Apply")
	require.Len(t, f.damage, 3, "a chooser per peg it has")
	var chosen []string
	for _, s := range f.damage {
		chosen = append(chosen, s.Selected)
	}
	assert.Equal(t, []string{"Defense", "Skill", "Skill"}, chosen)
	screentest.TapShown(t, w, "Apply to Three of Five")
	assert.Contains(t, sh.game.frame.Status(), "Attack applied to Three of Five. Three of Five is Neutralized", "said after Apply")
	assert.Equal(t, tracker.StatusNeutralized, v.st.Characters[2].Status)
}

// TestAssimilationSaidBeforeApply: Locutus's Tubules neutralizing Data
// assimilate him; the result says so before Apply and the status line
// after (seed 001 "Special Rules", Assimilate).
func TestAssimilationSaidBeforeApply(t *testing.T) {
	sh, st := newTestShell(t, 400, 760)
	id := seedDroneGame(t, st)
	sh.openGame(id)
	w := sh.win
	v := sh.game.view.(*awayView)
	g := sh.game.game
	data := v.st.Characters[0].ID
	// Earlier damage left Data one peg to lose (Attack 2).
	for _, r := range []awayrules.Rating{awayrules.Attack, awayrules.Defense, awayrules.Skill, awayrules.Move} {
		_, err := g.Execute(tracker.AdjustTrack{Character: data, Track: r, Delta: -1})
		require.NoError(t, err)
	}
	_, err := g.Execute(tracker.Activate{Character: data})
	require.NoError(t, err)
	_, err = g.Execute(tracker.EndActivation{})
	require.NoError(t, err)
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Locutus"))
	test.Tap(screentest.Button(t, w, "Attack"))
	f := v.dice.attack
	tapPick(t, f.target, "Data (Dana)")
	test.Type(f.att.pad, "654")
	test.Type(f.def.pad, "1")
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Data is Neutralized and assimilated by Kim: the card becomes a Borg Drone.")
	screentest.TapShown(t, w, "Apply to Data")
	assert.True(t, strings.HasSuffix(sh.game.frame.Status(), "Data is Neutralized and assimilated by Kim: the card becomes a Borg Drone."), sh.game.frame.Status())
	require.NotNil(t, v.st.Characters[0].Assimilated)
}

// TestActionOpensAFreshForm: the form an action opens starts from that
// action, every time. After Data's attack on Three of Five (the only
// target left then is Locutus), Locutus's Attack used to show "Data
// attacks Locutus (Phaser): 4 vs 3 dice", its keypads still taking 4 and
// 3 dice; a skill test kept "Opposed test" and the old challenger dice.
func TestActionOpensAFreshForm(t *testing.T) {
	sh, st := newTestShell(t, 400, 760)
	sh.openGame(seedDroneGame(t, st))
	w := sh.win
	v := sh.game.view.(*awayView)
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Data"))
	test.Tap(screentest.Button(t, w, "Attack"))
	f := v.dice.attack
	tapPick(t, f.target, "Three of Five (Kim)")
	test.Tap(screentest.Under[*widget.Button](f.cardDice)[1]) // an Attack card: +1 die
	test.Type(f.att.pad, "66444")
	test.Type(f.def.pad, "11")
	screentest.TapShown(t, w, "Apply to Three of Five")
	require.Equal(t, tracker.StatusNeutralized, v.st.Characters[2].Status)
	assert.Contains(t, screentest.ScreenText(w), "Data attacks Locutus (Phaser)", "the one target left")

	// Data's second action: an opposed skill test against Locutus.
	v.dice.mode.SetSelected("Skill test")
	sf := v.dice.skill
	tapPick(t, sf.tester, "Data (Dana)")
	test.Tap(sf.opposed)
	sf.who.SetSelected("Locutus (Kim)")
	test.Type(sf.test.pad, "65")
	test.Type(sf.chal.pad, "321")
	screentest.TapShown(t, w, "Record the test")

	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Locutus"))
	test.Tap(screentest.Button(t, w, "Attack"))
	text := screentest.ScreenText(w)
	assert.NotContains(t, text, "Data attacks", "no trace of the last attack")
	assert.Equal(t, "Attack", v.dice.mode.Selected)
	assert.Equal(t, "", f.target.selected(), "Locutus has two targets: none chosen yet")
	assert.True(t, f.target.box.Visible(), "the targets are offered")
	assert.Equal(t, 0, f.cardDice.Value(), "the last attack's card dice are gone")
	assert.Empty(t, f.att.pool.faces)
	tapPick(t, f.target, "Worf (Dana)")
	assert.Contains(t, screentest.ScreenText(w), "Locutus attacks Worf (Assimilation Tubules): 3 vs 3 dice")
	test.Type(f.att.pad, "6")
	assert.Equal(t, "6", f.att.pool.faces.String(), "a die typed now is the new attack's")

	test.Tap(screentest.Button(t, w, "Clear"))
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Locutus's actions"))
	test.Tap(screentest.Button(t, w, "Skill test"))
	assert.Equal(t, "Skill test", v.dice.mode.Selected)
	assert.False(t, sf.opposed.Checked, "a skill test starts unopposed")
	assert.False(t, sf.chal.box.Visible())
	text = screentest.ScreenText(w)
	assert.Contains(t, text, "Locutus tests with 3 dice, needs 1")
	assert.Contains(t, text, "Chance to pass: 88%", "3 dice, no challenger: 1 - (1/2)^3")
	assert.Empty(t, sf.test.pool.faces)
}

// TestRoundPanelSaysWhatIsLeft: the Round panel's words follow the state.
// With every character activated but a bonus action token left, the
// player spends the token (it no longer says "activates a character",
// and the token's button is right under it); a bonus action's card says
// it is one; one character arriving "arrives".
func TestRoundPanelSaysWhatIsLeft(t *testing.T) {
	sh, st := newTestShell(t, 400, 760)
	id := seedDroneGame(t, st)
	g, err := st.OpenGame(id)
	require.NoError(t, err)
	a := g.State().Away
	dana := a.Players[0].ID
	ex := func(c tracker.Command) {
		t.Helper()
		_, err := g.Execute(c)
		require.NoError(t, err)
	}
	ex(tracker.AdjustTokens{Player: dana, Token: tracker.TokenBonusActions, Delta: 1})
	for _, c := range []int{0, 2, 1, 3} {
		ex(tracker.Activate{Character: a.Characters[c].ID})
		ex(tracker.EndActivation{})
	}
	sh.openGame(id)
	w := sh.win
	screentest.SelectTab(t, w, "Round")
	text := screentest.ScreenText(w)
	assert.NotContains(t, text, "Now: Dana activates a character", "every character of Dana's has activated")
	assert.Contains(t, text, "Now: Dana spends a bonus action token")
	test.Tap(screentest.Button(t, w, "Use a bonus action (Dana)"))
	test.Tap(screentest.Button(t, w, "Worf"))
	text = screentest.ScreenText(w)
	assert.NotContains(t, text, "1 of 1 actions left")
	assert.Contains(t, text, "Bonus action: 1 action with Worf, no Activated token")
	screentest.CloseOverlays(w)
	assert.Contains(t, screentest.ScreenText(w), "Now: Worf, a bonus action")
}

// TestOneArrivalArrives: "Three of Five arrives", not "arrive".
func TestOneArrivalArrives(t *testing.T) {
	sh, _ := newTestShell(t, 400, 760)
	w := sh.win
	openAwaySetup(t, sh)
	addPlayer(t, w, "Dana", "Federation")
	addPlayer(t, w, "Kim", "Borg")
	addCharacter(t, w, "Dana", "Riker", [4]string{"1 2 3", "1 2 3", "1 2 3 4", "1 2 3"}, "Phaser", "1", "1")
	addCharacter(t, w, "Kim", "Locutus", [4]string{"1 2 3", "1 2", "1 2", "1 2 3"}, "Tubules", "0", "1")
	g := sh.game.game
	kim := g.State().Away.Players[1].ID
	_, err := g.Execute(tracker.AddCharacter{Player: kim, Name: "Three of Five", Escalation: 2,
		Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}})
	require.NoError(t, err)
	test.Tap(screentest.Button(t, w, "Start mission preparation"))
	rollOff(t, w, "5", "2")
	rollOff(t, w, "3", "6")
	test.Tap(screentest.Button(t, w, "Start round 1"))
	rollOff(t, w, "2", "6")
	a := g.State().Away
	for _, c := range []int{1, 0} {
		_, err := g.Execute(tracker.Activate{Character: a.Characters[c].ID})
		require.NoError(t, err)
		_, err = g.Execute(tracker.EndActivation{})
		require.NoError(t, err)
	}
	test.Tap(screentest.Button(t, w, "End round 1 and start the next"))
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Three of Five arrives at the start of the action phase.")
	assert.NotContains(t, text, "Three of Five arrive ")
}

// TestCardsShowKeywordsAndNoEmptyBox: keywords typed in are on the card;
// a neutralized character leaves no empty card box in the two-column team
// of a desktop window: its short card sits in a row of its own under the
// cards in play.
func TestCardsShowKeywordsAndNoEmptyBox(t *testing.T) {
	sh, st := newTestShell(t, 1280, 800)
	id := seedDroneGame(t, st)
	g, err := st.OpenGame(id)
	require.NoError(t, err)
	drone := g.State().Away.Characters[2].ID
	_, err = g.Execute(tracker.Neutralize{Character: drone})
	require.NoError(t, err)
	sh.openGame(id)
	w := sh.win
	assert.Contains(t, labelsUnder(screentest.Card(t, w, "Locutus")), "Keywords: Borg", "a card shows its keywords")
	out := screentest.Card(t, w, "Three of Five")
	assert.Contains(t, labelsUnder(out), "NEUTRALIZED")
	assert.InDelta(t, out.MinSize().Height, out.Size().Height, 1, "the neutralized card is not stretched beside Locutus's full card")
}

// labelsUnder is the text of the labels shown under o, one a line.
func labelsUnder(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, l := range screentest.Under[*widget.Label](o) {
		if l.Visible() {
			b.WriteString(l.Text + "\n")
		}
	}
	return b.String()
}

// captions are the words under the dice of a row, as drawn.
func captions(r *widgets.DiceRow) []string {
	var out []string
	for _, s := range r.States() {
		w := s.String()
		if r.Caption != nil {
			w = r.Caption(s)
		}
		out = append(out, w)
	}
	return out
}

// TestDiceSayWhatTheBookSays: the book's attack example (6, 4, 2, 2
// against 5, 4, 1; seed 001 "Attack Action Example") is captioned in its
// words: the attack dice cause damage or are canceled, the defense die
// that cancels one blocks it and a beaten one lets it through (no "hit"
// under a defense die); a skill test's dice are successes; one success
// is "1 success".
func TestDiceSayWhatTheBookSays(t *testing.T) {
	sh, _ := newTestShell(t, 400, 760)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Dice")
	v := sh.game.view.(*awayView)
	f := v.dice.attack
	tapPick(t, f.attacker, "Lukara (Kim)")
	test.Type(f.att.pad, "6422")
	test.Type(f.def.pad, "541")
	assert.Equal(t, []string{"damage", "canceled", "damage", "canceled"}, captions(f.att.row))
	assert.Equal(t, []string{"through", "blocks", "through"}, captions(f.def.row))

	v.dice.mode.SetSelected("Skill test")
	sf := v.dice.skill
	tapPick(t, sf.tester, "Riker (Dana)")
	test.Type(sf.test.pad, "5211")
	assert.Equal(t, []string{"success", "canceled", "canceled", "canceled"}, captions(sf.test.row))
	assert.Contains(t, screentest.ScreenText(w), "Riker passes with 1 success")
	assert.NotContains(t, screentest.ScreenText(w), "1 successes")
	screentest.TapShown(t, w, "Record the test")
	test.Tap(sf.opposed)
	sf.who.SetSelected("Lukara (Kim)")
	require.Equal(t, 2, sf.challenger.Value(), "Lukara challenges with her Skill 2")
	test.Type(sf.test.pad, "6532")
	test.Type(sf.chal.pad, "61")
	assert.Equal(t, []string{"canceled", "success", "canceled", "canceled"}, captions(sf.test.row))
	assert.Equal(t, []string{"blocks", "through"}, captions(sf.chal.row), "the challenger's 6 blocks the 6; its 1 lets the 5 through")
}

// TestCharacterFormOnOneScreen: the character form shows every field at
// once on a phone (360x640) and on a desktop (1280x800), not a small box
// scrolled field by field, and it is filled from the keyboard alone: the
// attack action's + dice and + damage take typed numbers.
func TestCharacterFormOnOneScreen(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 360, Height: 640}, {Width: 1280, Height: 800}} {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, _ := newTestShell(t, size.Width, size.Height)
			w := sh.win
			openAwaySetup(t, sh)
			addPlayer(t, w, "Kim", "Klingon")
			test.Tap(screentest.Button(t, w, "Add a character to Kim"))
			test.Tap(screentest.Button(t, w, "Type it in"))
			screentest.AssertFits(t, w, "character form")
			scrolls := screentest.Under[*container.Scroll](w.Canvas().Overlays().Top())
			require.NotEmpty(t, scrolls)
			for _, s := range scrolls {
				assert.LessOrEqual(t, s.Content.MinSize().Height, s.Size().Height, "the whole form shows: nothing to scroll")
			}
			// Every field, typed from the keyboard.
			name := screentest.Entry(t, w, "Character name")
			w.Canvas().Focus(name)
			test.Type(name, "Gowron")
			for i, e := range screentest.Entries(w, "lowest first, e.g. 1 2 3 3") {
				screentest.TypeInto(w, e, []string{"1 2 3", "1 2 3", "1 2", "1 2"}[i])
			}
			screentest.TypeInto(w, screentest.Entry(t, w, "e.g. Human, Commander"), "Klingon, Leader")
			screentest.TypeInto(w, screentest.Entry(t, w, "e.g. Phaser"), "Bat'leth")
			screentest.TypeInto(w, screentest.Entry(t, w, "+ dice"), "one")
			test.Tap(screentest.Button(t, w, "Add"))
			assert.Contains(t, screentest.ScreenText(w), "+ dice: one is not a whole number from 0.", "refused on its field")
			require.NotEmpty(t, w.Canvas().Overlays().List(), "the form stays, with what was typed")
			screentest.TypeInto(w, screentest.Entry(t, w, "+ dice"), "1")
			screentest.TypeInto(w, screentest.Entry(t, w, "+ damage"), "2")
			test.Tap(screentest.Button(t, w, "Add"))
			a := sh.game.game.State().Away
			require.Len(t, a.Characters, 1, sh.game.frame.Status())
			require.Len(t, a.Characters[0].Weapons, 1)
			wp := a.Characters[0].Weapons[0]
			assert.Equal(t, []any{"Bat'leth", 1, 2}, []any{wp.Name, wp.Dice, wp.Damage})
			assert.Equal(t, []string{"Klingon", "Leader"}, a.Characters[0].Keywords)
		})
	}
}

// TestDrawNamesThePlayers: a draw (same points, same number of missions;
// seed 001 "Beam Up and Debrief") names the players it is between; it
// said "A draw between" and no one.
func TestDrawNamesThePlayers(t *testing.T) {
	sh, st := newTestShell(t, 400, 760)
	id := seedDroneGame(t, st)
	g, err := st.OpenGame(id)
	require.NoError(t, err)
	ex := func(c tracker.Command) {
		t.Helper()
		_, err := g.Execute(c)
		require.NoError(t, err)
	}
	for round := 1; round <= 3; round++ {
		for a := g.State().Away; a.CurrentPlayer() != ""; a = g.State().Away {
			for _, ch := range a.Characters {
				if ch.Controller == a.CurrentPlayer() && ch.Status == tracker.StatusInPlay && !ch.Activated {
					ex(tracker.Activate{Character: ch.ID})
					ex(tracker.EndActivation{})
					break
				}
			}
		}
		if round < 3 {
			a := g.State().Away
			ex(tracker.StartRound{})
			ex(tracker.StartActionPhase{FirstActivation: &tracker.AwayOrder{Which: tracker.OrderActivation, Order: []string{a.Players[0].ID, a.Players[1].ID}}})
		}
	}
	a := g.State().Away
	ex(tracker.EndGame{})
	ex(tracker.ScoreMission{Player: a.Players[0].ID, Name: "Repair the Enterprise", Points: 5})
	ex(tracker.ScoreMission{Player: a.Players[1].ID, Name: "Assimilate the Bridge", Points: 5})
	sh.openGame(id)
	w := sh.win
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Add up scores and decide the winner"))
	assert.Contains(t, screentest.ScreenText(w), "A draw between Dana and Kim")
}

// TestCharacterFormOnOneScreenInItalian: the whole form fits a 360x640
// phone in Italian too (the captions are longer).
func TestCharacterFormOnOneScreenInItalian(t *testing.T) {
	sh, _ := newTestShell(t, 360, 640)
	w := sh.win
	openAwaySetup(t, sh)
	addPlayer(t, w, "Kim", "Klingon")
	screentest.Italian(t)
	sh.game.frame.Refresh()
	test.Tap(screentest.Button(t, w, "Aggiungi un personaggio a Kim"))
	test.Tap(screentest.Button(t, w, "Scrivilo"))
	screentest.AssertFits(t, w, "scheda del personaggio")
	scrolls := screentest.Under[*container.Scroll](w.Canvas().Overlays().Top())
	require.NotEmpty(t, scrolls)
	for _, s := range scrolls {
		assert.LessOrEqual(t, s.Content.MinSize().Height, s.Size().Height, "the whole form shows: nothing to scroll")
	}
}
