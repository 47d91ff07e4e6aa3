package ascendancy

import (
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// startTwo creates a game of two players by tapping (Alice plays the first
// faction, Bob the second), starts round 1 and deals the turn order as the
// table drew it: Alice first.
func startTwo(t *testing.T, sh *testShell, first, second string) fyne.Window {
	t.Helper()
	w := newAscGame(t, sh)
	dealTwo(t, sh, w, first, second)
	return w
}

// phoneGame is startTwo on a 400x800 phone.
func phoneGame(t *testing.T, first, second string) (*testShell, fyne.Window) {
	t.Helper()
	sh, _ := newTestShell(t, 400, 800)
	return sh, startTwo(t, sh, first, second)
}

// commandPhase is phoneGame at Alice's command phase, on panel.
func commandPhase(t *testing.T, first, second, panel string) (*testShell, fyne.Window) {
	t.Helper()
	sh, w := phoneGame(t, first, second)
	advanceTo(t, sh, w, "p1", tracker.PhaseCommand)
	panelTo(t, w, panel)
	return sh, w
}

// battleMode opens the Battle panel on the form of mode.
func battleMode(t *testing.T, sh *testShell, w fyne.Window, mode string) *ascView {
	t.Helper()
	panelTo(t, w, "Battle")
	v := sh.game.view.(*ascView)
	v.battle.mode.SetSelected(battleModeLabel(mode))
	return v
}

// lastEvent is the last event of type T in the game's log.
func lastEvent[T any](t *testing.T, sh *testShell) T {
	t.Helper()
	for _, st := range sh.game.game.History().Undo {
		for _, ev := range st.Events {
			switch e := any(ev.Payload).(type) {
			case T:
				return e
			case *T:
				return *e
			}
		}
	}
	var none T
	require.Fail(t, "not in the log", "%T", none)
	return none
}

// dealTwo adds Alice and Bob to the new game in w by tapping, starts round
// 1 and deals the turn order as the table drew it: Alice first.
func dealTwo(t *testing.T, sh *testShell, w fyne.Window, first, second string) {
	t.Helper()
	panelTo(t, w, "Players")
	addAscPlayer(t, w, "Alice", first, nil)
	addAscPlayer(t, w, "Bob", second, nil)
	test.Tap(screentest.Button(t, w, "Start round 1"))
	panelTo(t, w, "Round")
	v := sh.game.view.(*ascView)
	v.walker.initiative.drawn["p1"].SetSelected("1")
	v.walker.initiative.drawn["p2"].SetSelected("2")
	test.Tap(screentest.Button(t, w, "Deal the turn order"))
	require.Equal(t, []string{"p1", "p2"}, ascState(sh).Walker.Order, sh.game.status())
}

// numButton returns a stepper's + (or −) button.
func numButton(t *testing.T, s *numStepper, plus bool) *widget.Button {
	t.Helper()
	icon := theme.ContentRemoveIcon()
	if plus {
		icon = theme.ContentAddIcon()
	}
	var found *widget.Button
	screentest.All(s.box, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Icon == icon {
			found = b
		}
	})
	require.NotNil(t, found, "no button on stepper %q", s.label)
	return found
}

// TestHegemonyWithTheUniversalTranslator: a Federation player's hegemony
// has the Universal Translator's +1 filled in; the rival's resistance
// follows the nodes entered; the die modifier, the nodes taken and whose
// home it is reach the tracker.
func TestHegemonyWithTheUniversalTranslator(t *testing.T) {
	sh, w := commandPhase(t, "Federation", "Klingon", "Players")
	test.Tap(screentest.Button(t, w, "Hegemony (1 cmd)"))
	f := sh.game.view.(*ascView).battle.heg
	assert.Equal(t, "Alice (Federation)", f.player.Selected, "the console's player")
	assert.Contains(t, screentest.ScreenText(w), "Die modifier 1", "the Universal Translator is filled in")
	assert.Contains(t, screentest.ScreenText(w), "Universal Translator")

	f.target.SetSelected("Bob (Klingon)")
	openFold(t, w, "On success: what passes")
	assert.Contains(t, screentest.ScreenText(w), "Resistance 2", "control node + Bob's ascendancy 1")
	test.Tap(numButton(t, f.nodes[0], true))
	test.Tap(numButton(t, f.nodes[0], true))
	assert.Equal(t, 1, f.nodes[0].val, "Bob has one production node")
	assert.Contains(t, screentest.ScreenText(w), "Resistance 3", "with the production node")
	assert.True(t, f.starbase.Disabled(), "Bob has no starbase")
	f.homeOf.SetSelected("Bob")
	assert.Contains(t, screentest.ScreenText(w), "Alice adds 2: needs a total above 3")

	// A 1 with +1 and ascendancy 1 is 3: not above 3.
	test.Type(f.d.pad, "1")
	assert.Contains(t, screentest.ScreenText(w), "3 against 3: hegemony fails")
	test.Tap(screentest.Button(t, w, "Clear all"))
	test.Type(f.d.pad, "2")
	assert.Contains(t, screentest.ScreenText(w), "4 against 3: Alice takes control")
	test.Tap(screentest.Button(t, w, "Apply"))
	h := lastEvent[tracker.HegemonyTried](t, sh)
	assert.Equal(t, 1, h.Hegemony.Modifier, "the modifier reached the tracker")
	a := ascState(sh)
	assert.Equal(t, 2, a.Players[0].Nodes.Production, "Alice takes Bob's production node")
	assert.Equal(t, 0, a.Players[1].Nodes.Production)
	assert.False(t, a.Players[1].HoldsHome, "Bob's home system is Alice's now")
	assert.Equal(t, 2, a.Players[0].Systems)
}

// TestHegemonyDraftFollowsThePlayer: another player brings their own
// modifier; nodes entered for a rival are cleared for another target.
func TestHegemonyDraftFollowsThePlayer(t *testing.T) {
	sh, w := phoneGame(t, "Federation", "Klingon")
	f := battleMode(t, sh, w, modeHegemony).battle.heg
	f.player.SetSelected("Alice (Federation)")
	assert.Equal(t, 1, f.modifier.val)
	f.player.SetSelected("Bob (Klingon)")
	assert.Equal(t, 0, f.modifier.val, "no Universal Translator for the Klingons")
	assert.False(t, f.modNote.Visible())
	f.target.SetSelected("Alice (Federation)")
	test.Tap(numButton(t, f.nodes[2], true))
	assert.Equal(t, 1, f.nodes[2].val)
	f.target.SetSelected(independentLabel())
	assert.Equal(t, 0, f.nodes[2].val, "a new target starts from no nodes")
}

// TestAndorianTokens: an Andorian player leaves a surveillance token from
// their console; one on a phenomenon is refused with "Record it anyway"
// offered; a token can be taken back.
func TestAndorianTokens(t *testing.T) {
	sh, w := phoneGame(t, "Andorian", "Klingon")
	panelTo(t, w, "Players")
	assert.Contains(t, screentest.ScreenText(w), "Andorian tokens (0)")
	screentest.TypeInto(w, screentest.Entry(t, w, "System name"), "Vega")
	test.Tap(screentest.Button(t, w, "Leave a token"))
	assert.Equal(t, []string{"Vega"}, ascState(sh).Players[0].AndorianTokens)
	assert.Contains(t, screentest.ScreenText(w), "Andorian tokens (1)")
	assert.Contains(t, screentest.ScreenText(w), "• Vega")

	screentest.TypeInto(w, screentest.Entry(t, w, "System name"), "Murasaki 312")
	test.Tap(checkBox(t, w, "It is a phenomenon"))
	steps := len(sh.game.game.History().Undo)
	test.Tap(screentest.Button(t, w, "Leave a token"))
	require.Len(t, sh.game.game.History().Undo, steps, "refused")
	assert.Contains(t, sh.game.status(), "phenomenon")
	assert.Equal(t, "Murasaki 312", screentest.Entry(t, w, "System name").Text, "what was typed stays")
	test.Tap(screentest.Button(t, w, "Record it anyway"))
	screentest.TypeInto(w, screentest.Entry(t, w, "e.g. a card in play allows it"), "an event card allows it")
	test.Tap(screentest.Button(t, w, "Record"))
	assert.Equal(t, []string{"Vega", "Murasaki 312"}, ascState(sh).Players[0].AndorianTokens)
	assert.Len(t, sh.game.game.State().Rulings, 1)

	var backs []*widget.Button
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Text == "Take back" {
			backs = append(backs, b)
		}
	}
	require.Len(t, backs, 2, "one per token")
	test.Tap(backs[0])
	assert.Equal(t, []string{"Murasaki 312"}, ascState(sh).Players[0].AndorianTokens, "Vega's token taken back")
	// Bob's console has no token row.
	sh.game.view.(*ascView).board.pick.SetSelected("Bob · Klingon")
	assert.NotContains(t, screentest.ScreenText(w), "Andorian tokens")
}

// TestCardassianOccupationQuestion: before the recharge a Cardassian
// player says which resource nodes have no Cardassian ship in orbit; the
// answer reaches the recharge (no production from the idle node).
func TestCardassianOccupationQuestion(t *testing.T) {
	sh, w := phoneGame(t, "Cardassian", "Klingon")
	advanceTo(t, sh, w, "", "")
	require.Equal(t, tracker.AscRecharge, ascState(sh).Walker.Stage)
	panelTo(t, w, "Round")
	assert.Contains(t, screentest.ScreenText(w), "Cardassian occupation: Alice")
	assert.NotContains(t, screentest.ScreenText(w), "Cardassian occupation: Bob")
	o := sh.game.view.(*ascView).walker.recharge.unocc["p1"]
	require.NotNil(t, o)
	assert.Contains(t, screentest.ScreenText(w), "Alice: +1P 1R 1C, 5 commands")
	test.Tap(numButton(t, o.prod, true))
	test.Tap(numButton(t, o.prod, true))
	assert.Equal(t, 1, o.prod.val, "Alice has one production node")
	assert.Contains(t, screentest.ScreenText(w), "Alice: +1R 1C, 5 commands", "the preview follows the answer")
	assert.Contains(t, screentest.ScreenText(w), "Bob: +1P 1R 1C, 5 commands")
	before := ascState(sh).Players
	test.Tap(screentest.Button(t, w, "Recharge everyone"))
	a := ascState(sh)
	require.Equal(t, tracker.AscInitiative, a.Walker.Stage)
	assert.Equal(t, before[0].Resources.Production, a.Players[0].Resources.Production, "the unoccupied node produced nothing")
	assert.Equal(t, before[0].Resources.Research+1, a.Players[0].Resources.Research)
	assert.Equal(t, before[1].Resources.Production+1, a.Players[1].Resources.Production)
}

// TestFleetGreyedAtTheLimit: with as many fleets as ascendancy the Fleet
// button is muted and says why; a tap is refused with the rule and the
// table may record it anyway.
func TestFleetGreyedAtTheLimit(t *testing.T) {
	sh, w := commandPhase(t, "Klingon", "Romulan", "Players")
	fleet := screentest.Button(t, w, "Fleet (1 cmd, 0 of 3)")
	assert.False(t, fleet.Disabled())
	test.Tap(fleet)
	require.Equal(t, 1, ascState(sh).Players[0].Fleets)
	fleet = screentest.Button(t, w, "Fleet (1 cmd, 1 of 3)")
	assert.Equal(t, widget.LowImportance, fleet.Importance, "ascendancy 1, one fleet")
	assert.Contains(t, screentest.ScreenText(w), "has ascendancy 1 and 1 fleet(s). You may not have more fleets in play than your ascendancy")
	test.Tap(fleet)
	assert.Equal(t, 1, ascState(sh).Players[0].Fleets, "refused: no more fleets than ascendancy")
	assert.Contains(t, sh.game.status(), "fleets")
	screentest.Button(t, w, "Record it anyway")
	_, err := sh.game.game.Execute(tracker.AdjustAsc{Player: "p1", Counter: tracker.CounterAscendancy, Delta: 1})
	require.NoError(t, err)
	assert.NotEqual(t, widget.LowImportance, screentest.Button(t, w, "Fleet (1 cmd, 1 of 3)").Importance, "ascendancy 2 allows a second")
	assert.NotContains(t, screentest.ScreenText(w), "more fleets in play than your ascendancy")
}

// TestColonizeAsksForTheSystem: Colonize asks the system's name and
// whether it is pre-warp; the Federation's Prime Directive refusal offers
// "Record it anyway"; a plain colony is recorded with its name.
func TestColonizeAsksForTheSystem(t *testing.T) {
	sh, w := phoneGame(t, "Federation", "Vulcan")
	panelTo(t, w, "Players")
	test.Tap(screentest.Button(t, w, "Colonize (1C)"))
	screentest.TypeInto(w, screentest.Entry(t, w, "System name (optional)"), "Bajor")
	test.Tap(checkBox(t, w, "Inhabited pre-warp system"))
	test.Tap(screentest.Button(t, w, "Colonize"))
	assert.Equal(t, 1, ascState(sh).Players[0].Systems, "refused: the Prime Directive")
	assert.Contains(t, sh.game.status(), "pre-warp")
	screentest.Button(t, w, "Record it anyway")

	test.Tap(screentest.Button(t, w, "Colonize (1C)"))
	screentest.TypeInto(w, screentest.Entry(t, w, "System name (optional)"), "Risa")
	test.Tap(screentest.Button(t, w, "Colonize"))
	assert.Equal(t, 2, ascState(sh).Players[0].Systems)
	assert.Contains(t, sh.game.game.History().Undo[0].Label, "Risa")

	// The Vulcans' Reliquary: no ascendancy spent.
	advanceTo(t, sh, w, "p2", tracker.PhaseBuilding)
	panelTo(t, w, "Players")
	asc := ascState(sh).Players[1].Ascendancy
	test.Tap(screentest.Button(t, w, "Colonize (1 ascendancy)"))
	test.Tap(checkBox(t, w, "Vulcan Reliquary"))
	test.Tap(screentest.Button(t, w, "Colonize"))
	assert.Equal(t, asc, ascState(sh).Players[1].Ascendancy)
	assert.Equal(t, 2, ascState(sh).Players[1].Systems)
}

// TestSpaceBattleStarbasesCount: with one die per starbase, a side's
// starbases at the battle are counted (up to those it has) and sent.
func TestSpaceBattleStarbasesCount(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	opts := ascState(sh).Options
	opts.StarbaseDice = tracker.StarbaseDiePerStarbase
	_, err := sh.game.game.Execute(tracker.SetAscOptions{Options: opts})
	require.NoError(t, err)
	require.Equal(t, tracker.StarbaseDiePerStarbase, ascState(sh).Options.StarbaseDice)
	dealTwo(t, sh, w, "Klingon", "Romulan")
	v := sh.game.view.(*ascView)
	_, err = sh.game.game.Execute(tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterStarbases, Delta: 2})
	require.NoError(t, err)
	advanceTo(t, sh, w, "p1", tracker.PhaseCommand)
	panelTo(t, w, "Battle")
	f := v.battle.space
	f.att.player.SetSelected("Alice (Klingon)")
	f.defs[0].side.player.SetSelected("Bob (Romulan)")
	assert.False(t, f.att.starbases.box.Visible(), "Alice has no starbase")
	sb := f.defs[0].side.starbases
	for range 3 {
		test.Tap(numButton(t, sb, true))
	}
	assert.Equal(t, 2, sb.val, "no more than Bob's two")
	assert.Contains(t, screentest.ScreenText(w), "Bob's dice (5, hit on")
	test.Type(f.attD.pad, "111")
	test.Type(f.defD.pad, "11111")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	require.NotNil(t, ascState(sh).Battle, sh.game.status())
	var fought *tracker.SpaceRoundFought
	for _, ev := range sh.game.game.History().Undo[0].Events {
		switch e := ev.Payload.(type) {
		case tracker.SpaceRoundFought:
			fought = &e
		case *tracker.SpaceRoundFought:
			fought = e
		}
	}
	require.NotNil(t, fought)
	assert.Equal(t, 5, fought.Round.Defenders[0].Dice(), "3 ships and 2 starbases")
}

// TestAscendancyInputsFitAPhone opens the forms and questions added for
// the tracker's inputs in Italian on phones: the Andorian tokens, the
// hegemony's capture fold, the starbases of a space battle, the Colonize
// dialog with the Vulcan advancements, the invasion and the Cardassian
// occupation question: none is wider than the window or cut short.
func TestAscendancyInputsFitAPhone(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 360, Height: 640}, {Width: 400, Height: 800}} {
		t.Run(fmt.Sprintf("%.0fx%.0f", size.Width, size.Height), func(t *testing.T) {
			screentest.Italian(t)
			sh, _ := newTestShell(t, size.Width, size.Height)
			w := sh.win
			sh.newGame("Settore 001")
			require.NotNil(t, sh.game)
			g := sh.game.game
			v := sh.game.view.(*ascView)
			for i, f := range []ascrules.Faction{ascrules.Andorian, ascrules.Cardassian, ascrules.Vulcan} {
				name := []string{"Alice", "Bob", "Carol"}[i]
				asc := 1
				if f == ascrules.Vulcan {
					asc = 3
				}
				_, err := g.Execute(tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: name, Civilization: factionLabel(f), Faction: f,
					Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
					Ascendancy: asc, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3})
				require.NoError(t, err)
			}
			for _, c := range []tracker.Command{tracker.StartAscendancy{},
				tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}},
				tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterStarbases, Delta: 1},
				tracker.AndorianToken{Player: "p1", System: "Andoria Prime"},
			} {
				_, err := g.Execute(c)
				require.NoError(t, err)
			}
			panelTo(t, w, lang.X("asc.players", "Players"))
			assert.Contains(t, screentest.ScreenText(w), "Segnalini Andoriani (1)")
			screentest.AssertPhoneReady(t, w, "Andorian console")

			panelTo(t, w, lang.X("asc.battle", "Battle"))
			v.battle.mode.SetSelected(battleModeLabel(modeHegemony))
			v.battle.heg.target.SetSelected(v.playerChoices().labelOf("p2"))
			openFold(t, w, lang.X("asc.hegemony.capture", "On success: what passes"))
			screentest.AssertPhoneReady(t, w, "hegemony with its capture fold")
			v.battle.mode.SetSelected(battleModeLabel(modeSpace))
			v.battle.space.defs[0].side.player.SetSelected(v.playerChoices().labelOf("p2"))
			assert.True(t, v.battle.space.defs[0].side.starbases.box.Visible())
			screentest.AssertPhoneReady(t, w, "space battle with a starbase")
			v.battle.mode.SetSelected(battleModeLabel(modeInvasion))
			v.battle.inv.defender.SetSelected(v.playerChoices().labelOf("p2"))
			screentest.AssertPhoneReady(t, w, "invasion of a player's system")

			panelTo(t, w, lang.X("asc.players", "Players"))
			v.board.colonize(*v.player("p3"))
			screentest.AssertPhoneReady(t, w, "Vulcan colonize dialog")
			screentest.CloseOverlays(w)

			advanceTo(t, sh, w, "", "")
			panelTo(t, w, lang.X("asc.round", "Round"))
			assert.Contains(t, screentest.ScreenText(w), "Occupazione cardassiana: Bob")
			screentest.AssertPhoneReady(t, w, "recharge with the Cardassian question")
		})
	}
}

// TestInvasionFollowsTheInvasion: the invasion form takes its round from
// the invasion under way (no round stepper): after round 1 its sides fold
// into one line and round 2 fights with the ships and nodes left; the
// nodes, starbase and home system that pass reach the tracker; the result
// and Apply sit right under the dice, above the odds.
func TestInvasionFollowsTheInvasion(t *testing.T) {
	sh, w := commandPhase(t, "Klingon", "Romulan", "Battle")
	f := battleMode(t, sh, w, modeInvasion).battle.inv
	assert.Equal(t, "Alice (Klingon)", f.att.player.Selected, "whose turn it is")
	f.defender.SetSelected("Bob (Romulan)")
	screentest.TypeInto(w, f.system, "Romulus")
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of a new invasion")
	openFold(t, w, "On success: what passes")
	test.Tap(numButton(t, f.sysNodes[0], true))
	test.Tap(numButton(t, f.sysNodes[0], true))
	assert.Equal(t, 1, f.sysNodes[0].val, "Bob has one production node")
	assert.Equal(t, 2, f.nodes.val, "a production node and the control node")
	f.homeOf.SetSelected("Bob")

	// Round 1: one hit on two nodes destroys one (Alice picks the P node);
	// the nodes sink one of Alice's three ships.
	test.Type(f.attD.pad, "611")
	test.Type(f.defD.pad, "51")
	assert.Contains(t, screentest.ScreenText(w), "Collateral damage")
	apply := screentest.Button(t, w, "Apply round 1")
	order := f.content.(*fyne.Container).Objects
	at := func(o fyne.CanvasObject) int { return slices.Index(order, o) }
	assert.Less(t, at(f.defD.box), at(f.result), "the result and Apply right under the dice")
	assert.Less(t, at(f.result), at(f.oddsView), "the odds do not push them down")
	assert.Contains(t, screentest.Under[*widget.Button](f.result), apply)
	// One hit destroys one of Bob's resource nodes: his one P node, no
	// choice left.
	assert.Contains(t, screentest.ScreenText(w), "The hits destroy 1 of Bob's resource node(s): the attacker picks which (1 of 1 picked).")
	assert.Equal(t, 1, f.pick[0].val)
	test.Tap(apply)
	in := lastEvent[tracker.InvasionFought](t, sh)
	assert.Equal(t, 1, in.Invasion.Round)
	a := ascState(sh)
	assert.Equal(t, 0, a.Players[1].Nodes.Production, "the P node destroyed")
	assert.Equal(t, 2, a.Players[0].Ships)
	assert.Equal(t, 1, a.Players[0].Exhausted, "the invasion used a command")

	// Round 2 follows: folded sides, the ships and nodes left.
	assert.Contains(t, screentest.ScreenText(w), "Round 2 of the invasion under way")
	assert.Contains(t, screentest.ScreenText(w), "Alice invades Romulus (Bob): 2 ship(s) and 1 node(s) left.")
	assert.False(t, f.setup.Visible(), "the sides are folded")
	assert.Equal(t, 2, f.att.ships.val)
	assert.Equal(t, 1, f.nodes.val)
	assert.Equal(t, 0, f.sysNodes[0].val, "the destroyed node is off the planet")
	test.Type(f.attD.pad, "66")
	test.Type(f.defD.pad, "1")
	assert.Contains(t, screentest.ScreenText(w), "Successful invasion")
	test.Tap(screentest.Button(t, w, "Apply round 2"))
	in = lastEvent[tracker.InvasionFought](t, sh)
	assert.Equal(t, 2, in.Invasion.Round, "the tracker got round 2")
	a = ascState(sh)
	assert.Equal(t, 2, a.Players[0].Systems, "Alice takes Romulus")
	assert.False(t, a.Players[1].HoldsHome, "Bob's home system is lost")
	assert.Equal(t, 1, a.Players[0].Exhausted, "one command for the whole invasion")
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of a new invasion", "the invasion is over")
	assert.True(t, f.setup.Visible())
}

// TestNewInvasionStartsAgain: "End the invasion" ends the one under way
// on every phone and opens the sides again at round 1.
func TestNewInvasionStartsAgain(t *testing.T) {
	sh, w := commandPhase(t, "Klingon", "Romulan", "Battle")
	f := battleMode(t, sh, w, modeInvasion).battle.inv
	test.Type(f.attD.pad, "111")
	test.Type(f.defD.pad, "11")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	assert.Equal(t, 2, f.roundNo())
	assert.Contains(t, screentest.ScreenText(w), "Independent system")
	// Round 2 is open on every phone: ending it is the attacker's retreat.
	test.Tap(screentest.Button(t, w, "End the invasion"))
	assert.Equal(t, 1, f.roundNo())
	assert.True(t, f.setup.Visible())
	assert.Nil(t, ascState(sh).Invasion, "the attacker retreated")
	// Another invasion; then the turn moves on: no invasion is under way
	// any more.
	test.Type(f.attD.pad, "111")
	test.Type(f.defD.pad, "11")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	assert.Equal(t, 2, f.roundNo(), "still Alice's command phase")
	advanceTo(t, sh, w, "p2", "")
	panelTo(t, w, "Battle")
	assert.Equal(t, 1, f.roundNo(), "another turn: a new invasion")
}

// TestSpaceFormFollowsTheState: the space battle form rebuilds from the
// game on every update. A round applied elsewhere (another device, the
// log) while the form is open turns it to the next round with the ships
// left, first strike off and the dice typed for the old round gone; an
// undo turns it back to a new battle with every ship; ships lost outside
// the battle lower what it offers.
func TestSpaceFormFollowsTheState(t *testing.T) {
	sh, w := commandPhase(t, "Klingon", "Romulan", "Battle")
	f := battleMode(t, sh, w, modeSpace).battle.space
	assert.Equal(t, "Alice (Klingon)", f.att.player.Selected)
	assert.Equal(t, "Bob (Romulan)", f.defs[0].side.player.Selected)
	assert.Equal(t, 3, f.att.ships.val)
	f.att.firstStrike.SetChecked(true)
	test.Type(f.attD.pad, "66")
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of a new battle")

	// Round 1 comes from elsewhere: each side loses a ship.
	_, err := sh.game.game.Execute(tracker.SpaceBattleRound{
		Attacker:  tracker.BattleSide{Player: "p1", Ships: 3, Rolls: []tracker.Roll{tracker.Entered(6, 1, 1)}},
		Defenders: []tracker.BattleSide{{Player: "p2", Ships: 3, Rolls: []tracker.Roll{tracker.Entered(6, 1, 1)}}}})
	require.NoError(t, err)
	assert.Contains(t, screentest.ScreenText(w), "Round 2 of the battle under way")
	assert.Equal(t, 2, f.att.ships.val, "the ships left")
	assert.Equal(t, 2, f.defs[0].side.ships.val)
	assert.False(t, f.att.firstStrike.Checked, "first strike counts in round 1 only")
	assert.True(t, f.att.firstStrike.Disabled())
	assert.Empty(t, f.attD.pool.faces, "dice typed for round 1 are not round 2's")
	test.Tap(numButton(t, f.att.ships, true))
	assert.Equal(t, 2, f.att.ships.val, "no more ships than the battle left")

	// Round 2 typed and applied from the form: the tracker gets round 2.
	test.Type(f.attD.pad, "11")
	test.Type(f.defD.pad, "11")
	test.Tap(screentest.Button(t, w, "Apply round 2"))
	require.NotNil(t, ascState(sh).Battle, sh.game.status())
	assert.Equal(t, 2, ascState(sh).Battle.Round)

	// Undo both rounds: a new battle with every ship on the board.
	_, err = sh.game.game.Undo()
	require.NoError(t, err)
	_, err = sh.game.game.Undo()
	require.NoError(t, err)
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of a new battle")
	assert.Equal(t, 3, f.att.ships.val)
	assert.False(t, f.att.firstStrike.Disabled())

	// Bob loses a ship to a hazard: the form offers his 2.
	_, err = sh.game.game.Execute(tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterShips, Delta: -1})
	require.NoError(t, err)
	assert.Equal(t, 2, f.defs[0].side.ships.val)
}

// TestInvasionFormFollowsTheState: an invasion round applied elsewhere
// while the invasion form is open turns it to the next round of that
// invasion, its sides folded; the turn moving on ends it on the form too.
func TestInvasionFormFollowsTheState(t *testing.T) {
	sh, w := commandPhase(t, "Klingon", "Romulan", "Battle")
	f := battleMode(t, sh, w, modeInvasion).battle.inv
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of a new invasion")
	_, err := sh.game.game.Execute(tracker.InvasionRound{Round: 1, Attacker: "p1", Ships: 3, Defender: "p2", System: "Romulus", Nodes: 3,
		AttackerRoll: tracker.Entered(1, 1, 1), DefenderRoll: tracker.Entered(6, 1, 1)})
	require.NoError(t, err)
	assert.Contains(t, screentest.ScreenText(w), "Round 2 of the invasion under way")
	assert.Contains(t, screentest.ScreenText(w), "Alice invades Romulus (Bob): 2 ship(s) and 3 node(s) left.")
	assert.Equal(t, "Bob (Romulan)", f.defender.Selected, "the form took the invasion's sides")
	assert.Equal(t, 2, f.att.ships.val)
	assert.Equal(t, 3, f.nodes.val)
	assert.False(t, f.setup.Visible())
	_, err = sh.game.game.Execute(tracker.NextPhase{})
	require.NoError(t, err)
	assert.Nil(t, ascState(sh).Invasion)
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of a new invasion")
	assert.True(t, f.setup.Visible())
}
