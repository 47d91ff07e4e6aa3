package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// tapShown taps the first button on screen whose text starts with prefix.
func tapShown(t *testing.T, w fyne.Window, prefix string) {
	t.Helper()
	for _, b := range screentest.Objects[*widget.Button](w) {
		if b.Visible() && !b.Disabled() && strings.HasPrefix(b.Text, prefix) {
			test.Tap(b)
			return
		}
	}
	require.Failf(t, "no button", "no button %q… on screen:\n%s", prefix, screentest.ScreenText(w))
}

// TestItalianAscendancyFormsSpeakItalian plays an Italian Ascendancy game
// of three players (Andorian, Cardassian, Vulcan) with the Borg through
// its sub-forms and dialogs (the cost table, every step of the round
// walker with the Cardassian question, a space battle round applied, an
// invasion, a hegemony attempt, Colonize, the Andorian tokens, the Borg
// turn, a cube battle with its dice, an assimilation and a reclaim, the
// scoreboard and the log), then an Away Missions attack and skill test
// with their results, and fails on every English text on the screen.
func TestItalianAscendancyFormsSpeakItalian(t *testing.T) {
	screentest.Italian(t)
	e := newEnglishOnScreen(t)
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	test.Tap(screentest.Button(t, w, "Nuova partita ad Ascendancy"))
	screentest.TypeInto(w, screentest.Objects[*screen.TextEntry](w)[0], "Settore 001")
	test.Tap(screentest.Button(t, w, "Crea"))
	require.NotNil(t, sh.game)
	g := sh.game.game
	v := sh.game.view.(*ascView)
	run := func(c tracker.Command) {
		t.Helper()
		_, err := g.Execute(c)
		require.NoError(t, err, "%T", c)
	}
	for i, f := range []ascrules.Faction{ascrules.Andorian, ascrules.Cardassian, ascrules.Vulcan} {
		asc := 1
		if f == ascrules.Vulcan {
			asc = 3
		}
		run(tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: []string{"Alice", "Bob", "Carol"}[i], Civilization: factionLabel(f), Faction: f,
			Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: asc, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3})
	}
	run(tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}})
	run(tracker.AddCube{System: "Spazio profondo"})
	run(tracker.PlaceSpire{System: "Alpha", Nodes: 1})
	panelTo(t, w, "Giocatori")
	e.look(w, "setup with players and the Borg")
	run(tracker.StartAscendancy{})
	panelTo(t, w, "Giocatori")
	tapShown(t, w, "Tabella dei costi")
	e.look(w, "cost table")
	screentest.CloseOverlays(w)
	panelTo(t, w, "Round")
	e.look(w, "initiative")
	run(tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}})
	run(tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterStarbases, Delta: 1})
	run(tracker.AndorianToken{Player: "p1", System: "Andoria Prime"})

	// Alice's building phase: her console, the Andorian tokens, Colonize.
	for _, p := range []string{"Giocatori", "Round", "Battaglia", "Borg"} {
		panelTo(t, w, p)
		e.look(w, "building phase, "+p)
	}
	panelTo(t, w, "Giocatori")
	screentest.TypeInto(w, screentest.Entry(t, w, "Nome del sistema"), "Vega")
	tapShown(t, w, "Lascia un segnalino")
	e.look(w, "Andorian token left")
	v.board.colonize(*v.player("p1"))
	e.look(w, "colonize dialog")
	screentest.CloseOverlays(w)
	v.board.colonize(*v.player("p3"))
	e.look(w, "Vulcan colonize dialog")
	screentest.CloseOverlays(w)

	// Alice's command phase: the Battle panel's forms.
	advanceTo(t, sh, w, "p1", tracker.PhaseCommand)
	panelTo(t, w, "Round")
	e.look(w, "command phase, Round")
	panelTo(t, w, "Giocatori")
	e.look(w, "command phase, console")
	panelTo(t, w, "Battaglia")
	v.battle.mode.SetSelected(battleModeLabel(modeSpace))
	f := v.battle.space
	f.att.player.SetSelected(v.playerChoices().labelOf("p1"))
	f.defs[0].side.player.SetSelected(v.playerChoices().labelOf("p2"))
	e.look(w, "space battle")
	assert.Contains(t, strings.Join(f.oddsView.Lines(), "\n"), "Almeno 1:", "the odds in Italian")
	test.Type(f.attD.pad, "651")
	test.Type(f.defD.pad, "5221")
	e.look(w, "space battle result")
	tapShown(t, w, "Applica il round 1")
	e.look(w, "space battle round 2")
	test.Tap(screentest.Button(t, w, "Un altro difensore"))
	e.look(w, "space battle, two defenders")

	v.battle.mode.SetSelected(battleModeLabel(modeInvasion))
	v.battle.inv.defender.SetSelected(v.playerChoices().labelOf("p3"))
	e.look(w, "invasion")
	v.battle.inv.rollVirtual()
	e.look(w, "invasion result")

	v.battle.mode.SetSelected(battleModeLabel(modeHegemony))
	v.battle.heg.target.SetSelected(v.playerChoices().labelOf("p2"))
	openFold(t, w, lang.X("asc.hegemony.capture", "On success: what passes"))
	e.look(w, "hegemony")
	v.battle.heg.rollVirtual()
	e.look(w, "hegemony result")
	for _, m := range []string{modeHazard, modeDiplomacy} {
		v.battle.mode.SetSelected(battleModeLabel(m))
		e.look(w, "battle form "+m)
	}

	// The other seats, the research and the Borg turn.
	for range 12 {
		if ascState(sh).CurrentSeat() == tracker.BorgSeat {
			break
		}
		a := ascState(sh)
		panelTo(t, w, "Round")
		e.look(w, "walker "+a.CurrentSeat()+" "+a.Walker.Phase)
		run(tracker.NextPhase{})
	}
	require.Equal(t, tracker.BorgSeat, ascState(sh).CurrentSeat())
	panelTo(t, w, "Round")
	e.look(w, "walker, the Borg turn")
	panelTo(t, w, "Borg")
	for i := range v.borg.folds.Items {
		v.borg.folds.Open(i)
	}
	e.look(w, "Borg turn")
	screentest.Button(t, w, "Attiva cubo 1")
	assert.Contains(t, screentest.ScreenText(w), "spira 1 · Alpha")

	fb := v.borg.fight
	fb.fleets[0].player.SetSelected(fb.fleets[0].player.Options[0])
	e.look(w, "cube battle")
	tapFaces(fb.fleets[0].d.pad, "652")
	e.look(w, "cube battle, waiting")
	tapFaces(fb.borgD.pad, "6543211")
	e.look(w, "cube battle result")
	tapShown(t, w, "Applica il round 1")
	e.look(w, "cube battle round 2")

	af := v.borg.assimilate
	af.defender.SetSelected(af.defender.Options[len(af.defender.Options)-1])
	screentest.TypeInto(w, af.system, "Vulcano")
	e.look(w, "assimilation")
	tapFaces(af.defD.pad, "611")
	tapFaces(af.borgD.pad, "55111111")
	e.look(w, "assimilation result")

	rf := v.borg.reclaim
	rf.side.player.SetSelected(rf.side.player.Options[1])
	e.look(w, "reclaim")
	tapFaces(rf.d.pad, "66")
	e.look(w, "reclaim, waiting")
	tapFaces(rf.d.pad, "6")
	e.look(w, "reclaim result")

	// The recharge with the Cardassian question.
	for range 6 {
		if ascState(sh).Walker.Stage == tracker.AscRecharge {
			break
		}
		run(tracker.NextPhase{})
	}
	require.Equal(t, tracker.AscRecharge, ascState(sh).Walker.Stage)
	panelTo(t, w, "Round")
	e.look(w, "recharge with the Cardassian question")
	tapShown(t, w, "Ricarica")
	e.look(w, "after the recharge")

	v.openScoreboard()
	e.look(w, "scoreboard with the Borg")
	screentest.CloseOverlays(w)
	sh.game.showLog()
	e.look(w, "log after the battles")
	screentest.CloseOverlays(w)

	// Away Missions: an attack and a skill test with their results.
	sh.showHome()
	sh.openGame(seedBorgGame(t, sh.store))
	require.NotNil(t, sh.game)
	screentest.SelectTab(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Locutus"))
	test.Tap(screentest.Button(t, w, "Attack"))
	av := sh.game.view.(*awayView)
	at := av.dice.attack
	e.look(w, "Away attack, choosing")
	tapPick(t, at.target, "Riker (Dana)")
	test.Type(at.att.pad, "642")
	test.Type(at.def.pad, "541")
	e.look(w, "Away attack result")
	tapShown(t, w, "Applica a Riker")
	e.look(w, "Away attack applied")
	test.Tap(screentest.Button(t, w, "Modifica"))
	av.dice.mode.SetSelected("Skill test")
	tapPick(t, av.dice.skill.tester, "Riker (Dana)")
	test.Tap(av.dice.skill.opposed)
	av.dice.skill.who.SetSelected("Two of Five (Kim)")
	test.Type(av.dice.skill.test.pad, "63")
	test.Type(av.dice.skill.chal.pad, "5")
	e.look(w, "Away skill test result")
	sh.game.showLog()
	e.look(w, "Away log")
	e.report(t)
}
