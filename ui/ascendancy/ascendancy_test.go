package ascendancy

import (
	"os"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/i18n"
	ascrules "tableops/rules/ascendancy"
	borgrules "tableops/rules/borg"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

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

// selectFor finds a visible select by its placeholder.
func selectFor(t *testing.T, w fyne.Window, placeholder string) *widget.Select {
	t.Helper()
	var found *widget.Select
	for _, s := range screentest.Objects[*widget.Select](w) {
		if s.PlaceHolder == placeholder {
			found = s
		}
	}
	require.NotNil(t, found, "no select %q on screen", placeholder)
	return found
}

// tapFirstToken taps the first tappable token of a token row (a ready one).
func tapFirstToken(t *testing.T, row *widgets.TokenRow) {
	t.Helper()
	var tap fyne.Tappable
	screentest.All(row, func(o fyne.CanvasObject) {
		if x, ok := o.(fyne.Tappable); ok && tap == nil && o != fyne.CanvasObject(row) {
			tap = x
		}
	})
	require.NotNil(t, tap, "no token to tap")
	test.Tap(tap)
}

// panelTo brings a panel to front, as a tab or (wide) the left panel.
func panelTo(t *testing.T, w fyne.Window, title string) {
	t.Helper()
	for _, tabs := range screentest.Objects[*container.AppTabs](w) {
		for _, it := range tabs.Items {
			if it.Text == title {
				tabs.Select(it)
				return
			}
		}
	}
	assert.Contains(t, screentest.ScreenText(w), "", "the %s panel is the one beside the tabs", title)
}

// ascState is the open game's Ascendancy state.
func ascState(sh *testShell) *tracker.AscendancyState { return sh.game.game.State().Ascendancy }

// newAscGame creates an Ascendancy game and opens it.
func newAscGame(t *testing.T, sh *testShell) fyne.Window {
	t.Helper()
	sh.newGame("Sector 001")
	return sh.win
}

// addAscPlayer fills the add-player card and taps Add player.
func addAscPlayer(t *testing.T, w fyne.Window, name, faction string, costs map[string]string) {
	t.Helper()
	screentest.TypeInto(w, screentest.Entry(t, w, "Player name"), name)
	selectFor(t, w, "Faction rules").SetSelected(faction)
	if len(costs) > 0 {
		openFold(t, w, lang.X("asc.start_and_costs", "Starting values and costs"))
	}
	for ph, v := range costs {
		screentest.TypeInto(w, screentest.Entry(t, w, ph), v)
	}
	test.Tap(screentest.Button(t, w, "Add player"))
}

// setUpAscByTapping sets up two players and the Borg (one cube, one spire)
// by tapping and typing, and starts round 1.
func setUpAscByTapping(t *testing.T, sh *testShell) fyne.Window {
	t.Helper()
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	assert.Contains(t, screentest.ScreenText(w), "New Ascendancy game")
	addAscPlayer(t, w, "Alice", "Federation", map[string]string{"e.g. 2P": "2P"})
	addAscPlayer(t, w, "Bob", "Klingon", map[string]string{"1st; 2nd; … e.g. 2R; 3R": "2R"})
	a := ascState(sh)
	require.Len(t, a.Players, 2)
	assert.Equal(t, "Klingon", a.Players[1].Civilization)
	assert.Equal(t, ascrules.Resources{Production: 3, Research: 3, Culture: 3}, a.Players[0].Resources)
	assert.Equal(t, 3, a.Players[0].Ships)
	assert.Equal(t, 1, a.Players[0].Ascendancy)
	assert.Equal(t, ascrules.Resources{Production: 2}, a.Players[0].Costs.ProductionNode)
	assert.Equal(t, []ascrules.Resources{{Research: 2}}, a.Players[1].Costs.WeaponUpgrades)
	assert.Contains(t, screentest.ScreenText(w), "P node 2P")

	test.Tap(checkBox(t, w, "Play with the Borg"))
	hits := screentest.Entries(w, "2-6")
	require.Len(t, hits, 6)
	for i, h := range []string{"5", "5", "4", "4", "3", "3"} {
		screentest.TypeInto(w, hits[i], h)
	}
	test.Tap(screentest.Button(t, w, "Enter the Borg console"))
	require.NotNil(t, ascState(sh).Borg)
	assert.Equal(t, 4, ascState(sh).Borg.Hits.BySpires[2])

	panelTo(t, w, "Borg")
	screentest.TypeInto(w, screentest.Entry(t, w, "Where the cube is"), "Deep space")
	test.Tap(screentest.Button(t, w, "Add cube"))
	screentest.TypeInto(w, screentest.Entry(t, w, "Assimilated system"), "Alpha")
	test.Tap(screentest.Button(t, w, "Place spire"))
	b := ascState(sh).Borg
	require.Len(t, b.Cubes, 1)
	require.Len(t, b.Spires, 1)
	assert.Contains(t, screentest.ScreenText(w), "cube 1 · Deep space")
	assert.Contains(t, screentest.ScreenText(w), "9 of 9 attack dice · damage 0")

	panelTo(t, w, "Players")
	test.Tap(screentest.Button(t, w, "Start round 1"))
	assert.Equal(t, tracker.AscInitiative, ascState(sh).Walker.Stage)
	return w
}

// openFold opens a folded section of a panel, as a tap on its title does.
func openFold(t *testing.T, w fyne.Window, title string) {
	t.Helper()
	for _, a := range screentest.Objects[*widget.Accordion](w) {
		for i, it := range a.Items {
			if it.Title == title {
				a.Open(i)
				return
			}
		}
	}
	require.Failf(t, "no section", "no section %q", title)
}

// dealInOrder deals the turn order as the table drew it, by choosing the
// cards drawn on the Round panel: Alice 1, Bob 2, the Borg the card left.
func dealInOrder(t *testing.T, sh *testShell, w fyne.Window) {
	t.Helper()
	panelTo(t, w, "Round")
	v := sh.game.view.(*ascView)
	require.Contains(t, v.walker.initiative.drawn, "p1")
	v.walker.initiative.drawn["p1"].SetSelected("1")
	v.walker.initiative.drawn["p2"].SetSelected("2")
	test.Tap(screentest.Button(t, w, "Deal the turn order"))
	require.Equal(t, []string{"p1", "p2", tracker.BorgSeat}, ascState(sh).Walker.Order, sh.game.status())
}

// advanceTo taps the Round panel's next-step button (building done, end
// of turn) until it is seat's turn in the phase given ("" any phase).
func advanceTo(t *testing.T, sh *testShell, w fyne.Window, seat, phase string) {
	t.Helper()
	for range 12 {
		a := ascState(sh)
		if a.CurrentSeat() == seat && (phase == "" || a.Walker.Phase == phase) {
			return
		}
		panelTo(t, w, "Round")
		// The next-step buttons, in the language in use.
		name := sh.game.view.(*ascView).seatName(a.CurrentSeat())
		steps := []string{lang.X("asc.building_done_command_phase", "On to the command phase"),
			lang.X("asc.end_s_turn", "End {{.Name}}'s turn", map[string]any{"Name": name}),
			lang.X("asc.end_the_borg_turn", "End the Borg turn")}
		var next *widget.Button
		for _, b := range screentest.Objects[*widget.Button](w) {
			if slices.Contains(steps, b.Text) && !b.Disabled() {
				next = b
			}
		}
		require.NotNil(t, next, "no next-step button on the Round panel")
		test.Tap(next)
	}
	require.Failf(t, "not reached", "%s's %s phase never came", seat, phase)
}

// TestAscendancyRoundByTapping plays setup and a whole round with the Borg
// by tapping: quick actions, command tokens, the Borg turn with a cube
// fight rolled by the app, the recharge with its summary and victory check,
// then round 2's bidding with the no-equal-bids rule.
func TestAscendancyRoundByTapping(t *testing.T) {
	sh, st := newTestShell(t, 1280, 800)
	w := setUpAscByTapping(t, sh)

	panelTo(t, w, "Round")
	assert.Contains(t, screentest.ScreenText(w), "Round 1 · Initiative")
	assert.Contains(t, screentest.ScreenText(w), "Alice: no first contact yet")
	dealInOrder(t, sh, w)
	a := ascState(sh)
	require.Equal(t, tracker.AscExecution, a.Walker.Stage)
	require.Len(t, a.Walker.Order, 3)

	fought := false
	for range 10 {
		a = ascState(sh)
		if a.Walker.Stage != tracker.AscExecution {
			break
		}
		seat := a.CurrentSeat()
		if seat == tracker.BorgSeat {
			panelTo(t, w, "Borg")
			text := screentest.ScreenText(w)
			assert.Contains(t, text, "Build phase done")
			drv := sh.app.Driver()
			endAt := drv.AbsolutePositionForObject(screentest.Button(t, w, "3. End the Borg turn"))
			test.Tap(screentest.Button(t, w, "Activate cube 1"))
			assert.Equal(t, endAt, drv.AbsolutePositionForObject(screentest.Button(t, w, "3. End the Borg turn")), "End the Borg turn keeps its place")
			assert.True(t, screentest.Button(t, w, "Every cube activated").Disabled())
			assert.Equal(t, []string{"cube 1"}, ascState(sh).Borg.Activated)
			// Alice's fleet fights the cube; the app rolls.
			fb := sh.game.view.(*ascView).borg.fight
			fb.fleets[0].player.SetSelected("Alice (Federation)")
			assert.Contains(t, screentest.ScreenText(w), "Whole battle, before engaging: cube destroyed")
			ships := ascState(sh).Players[0].Ships
			test.Tap(fb.roll)
			assert.Contains(t, screentest.ScreenText(w), "Players ")
			test.Tap(screentest.Button(t, w, "Apply round 1"))
			cubes := ascState(sh).Borg.Cubes
			if len(cubes) > 0 {
				assert.Equal(t, 1, cubes[0].Round, "one round fought")
				assert.Equal(t, 1, cubes[0].Shields, "the cube's shields rose")
				assert.NotContains(t, screentest.ScreenText(w), "Battle over", "battles end themselves")
			}
			assert.LessOrEqual(t, ascState(sh).Players[0].Ships, ships)
			fought = true
			panelTo(t, w, "Round")
			test.Tap(screentest.Button(t, w, "End the Borg turn"))
			if cubes := ascState(sh).Borg.Cubes; len(cubes) > 0 {
				assert.Equal(t, 0, cubes[0].Round, "the turn moved on: the battle is over, the cube fresh")
			}
			continue
		}
		p := sh.game.view.(*ascView).player(seat)
		require.NotNil(t, p)
		assert.Contains(t, screentest.ScreenText(w), "▶ ")
		assert.Contains(t, screentest.ScreenText(w), p.Name+" — building phase")
		// Building: a ship for 1 production on the console (Players panel).
		before := *p
		test.Tap(screentest.Button(t, w, "Ship (1P)"))
		now := sh.game.view.(*ascView).player(seat)
		assert.Equal(t, before.Ships+1, now.Ships)
		assert.Equal(t, before.Resources.Production-1, now.Resources.Production)
		test.Tap(screentest.Button(t, w, "First contact made"))
		test.Tap(screentest.Button(t, w, "On to the command phase"))
		assert.Contains(t, screentest.ScreenText(w), p.Name+" — command phase")
		// Command: tap a command token.
		rows := screentest.Objects[*widgets.TokenRow](w)
		require.NotEmpty(t, rows)
		tapFirstToken(t, rows[len(rows)-1])
		assert.Equal(t, 1, sh.game.view.(*ascView).player(seat).Exhausted)
		test.Tap(screentest.Button(t, w, "End "+p.Name+"'s turn"))
	}
	assert.True(t, fought, "the Borg turn came")
	a = ascState(sh)
	require.Equal(t, tracker.AscRecharge, a.Walker.Stage)
	assert.Contains(t, screentest.ScreenText(w), "Alice: +1P 1R 1C, 5 commands", "the recharge is previewed")
	test.Tap(screentest.Button(t, w, "Recharge everyone"))
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Round 2 · Initiative")
	assert.Contains(t, text, "Recharge of round 1")
	assert.Contains(t, text, "Victory check: no one has won yet.")
	assert.Contains(t, text, "Alice: +1 production, 1 research, 1 culture, 5 commands ready")
	assert.Equal(t, 0, ascState(sh).Players[0].Exhausted)

	// Round 2: bids may not total the same.
	bids := screentest.Entries(w, "bid, e.g. 2P 1C")
	require.Len(t, bids, 2)
	screentest.TypeInto(w, bids[0], "1C")
	test.Tap(screentest.Button(t, w, "Alice bids"))
	bids = screentest.Entries(w, "bid, e.g. 2P 1C")
	require.Len(t, bids, 1)
	screentest.TypeInto(w, bids[0], "1R")
	test.Tap(screentest.Button(t, w, "Bob bids"))
	assert.Contains(t, screentest.ScreenText(w), "same")
	screentest.TypeInto(w, screentest.Entries(w, "bid, e.g. 2P 1C")[0], "2R")
	test.Tap(screentest.Button(t, w, "Bob bids"))
	assert.Contains(t, screentest.ScreenText(w), "Bob bid 2R (total 2)")
	assert.Contains(t, screentest.ScreenText(w), "Bidders choose their cards, highest first")
	test.Tap(screentest.Button(t, w, "Deal the turn order"))
	a = ascState(sh)
	require.Equal(t, tracker.AscExecution, a.Walker.Stage, sh.game.status())
	assert.Equal(t, []string{"p2", "p1", tracker.BorgSeat}, a.Walker.Order, "Bob bid most and took card 1")

	g, err := st.OpenGame(sh.game.game.(*store.Game).ID())
	require.NoError(t, err)
	assert.Equal(t, 2, g.State().Ascendancy.Walker.Round, "every step is saved")
}

// TestBorgCubeBattleByTapping fights the rulebook-style cube round of the
// tracker's scripted game by typing the dice: Alice's 3 ships (5+) roll
// 6,5,2 and strike first (2 hits); the cube fires 7 dice needing 5+
// (1 spire): 6,5,4,3,2,1,1 is 2 hits and a 6 that regenerates one damage.
func TestBorgCubeBattleByTapping(t *testing.T) {
	sh, _ := newTestShell(t, 1280, 800)
	w := setUpAscByTapping(t, sh)
	dealInOrder(t, sh, w)
	// The cube engages Alice's fleet on the Borg turn.
	advanceTo(t, sh, w, tracker.BorgSeat, "")
	panelTo(t, w, "Borg")
	fb := sh.game.view.(*ascView).borg.fight
	fb.fleets[0].player.SetSelected("Alice (Federation)")
	assert.Equal(t, 3, fb.fleets[0].ships.val, "all of Alice's ships engage")
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Whole battle, before engaging")
	assert.Contains(t, text, "Round 1: the cube fires up to 9 dice hitting on 5+")
	test.Type(fb.fleets[0].d.pad, "652")
	assert.Contains(t, screentest.ScreenText(w), "Waiting for the dice")
	test.Type(fb.borgD.pad, "6543211")
	text = screentest.ScreenText(w)
	assert.Contains(t, text, "Players 2 hit(s), the cube 2")
	assert.Contains(t, text, "regenerates 1 damage")
	assert.Contains(t, text, "adaptive shields now +1")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	a := ascState(sh)
	require.Len(t, a.Borg.Cubes, 1)
	assert.Equal(t, 1, a.Borg.Cubes[0].Damage)
	assert.Equal(t, 1, a.Borg.Cubes[0].Shields)
	assert.Equal(t, 1, a.Players[0].Ships)
	assert.Contains(t, screentest.ScreenText(w), "Shields +0 [+1]")
	assert.Contains(t, screentest.ScreenText(w), "8 of 9 attack dice")

	// Round 2: Alice needs 6 now; her last ship misses, the cube fires 8.
	assert.Contains(t, screentest.ScreenText(w), "Whole battle from here")
	test.Type(fb.fleets[0].d.pad, "5")
	test.Type(fb.borgD.pad, "11111111")
	test.Tap(screentest.Button(t, w, "Apply round 2"))
	// Shields +2 put Alice (5+) at 7: she must retreat, and with nobody
	// left the battle ends by itself; the cube starts the next one fresh.
	assert.Equal(t, 0, ascState(sh).Borg.Cubes[0].Shields)
	assert.Nil(t, ascState(sh).Borg.Fight)
	assert.Equal(t, 0, ascState(sh).Borg.Cubes[0].Damage)
	assert.Contains(t, screentest.ScreenText(w), "Round 1: the cube fires up to 9 dice", "the next battle starts fresh")

	// The cube turns on Alice's home system: she rolls 3 dice (2 nodes and
	// a starbase), then the cube.
	_, err := sh.game.game.Execute(tracker.AdjustAsc{Player: "p1", Counter: tracker.CounterStarbases, Delta: 1})
	require.NoError(t, err)
	openFold(t, w, "Assimilation of a system")
	af := sh.game.view.(*ascView).borg.assimilate
	af.defender.SetSelected("Alice (Federation)")
	screentest.TypeInto(w, af.system, "Earth")
	test.Tap(af.starbase)
	assert.Contains(t, screentest.ScreenText(w), "This round: assimilated")
	test.Type(af.defD.pad, "611")
	test.Type(af.borgD.pad, "55111111")
	assert.Contains(t, screentest.ScreenText(w), "Alice 1 hit(s), the cube 2: 1 structure(s) left")
	screentest.TypeInto(w, af.lost, "1P")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	a = ascState(sh)
	assert.Equal(t, 0, a.Players[0].Nodes.Production)
	assert.Equal(t, 1, a.Borg.Cubes[0].Damage)
	// Two structures fell, the starbase not among them: the P node named
	// and the control node; round 2 is open with the starbase left.
	assert.Equal(t, 0, af.d.nodes, "no node left on Earth")
	assert.True(t, af.d.starbase, "its starbase fights on")

	// One undo takes back the whole assimilation round.
	test.Tap(sh.game.undoBtn())
	a = ascState(sh)
	assert.Equal(t, 1, a.Players[0].Nodes.Production)
	assert.Equal(t, 0, a.Borg.Cubes[0].Damage)

	// Bob reclaims Alpha: three 6s beat its structures (spire and nodes).
	// A reclaim is an invasion, a command of Bob's own turn (seed 004): in
	// the Borg turn it is refused, and the table records it anyway.
	openFold(t, w, "Reclaim a Borg system")
	rf := sh.game.view.(*ascView).borg.reclaim
	rf.side.player.SetSelected("Bob (Klingon)")
	assert.Contains(t, screentest.ScreenText(w), "reclaimed this round")
	test.Type(rf.d.pad, "666")
	assert.Contains(t, screentest.ScreenText(w), "reclaimed")
	test.Tap(screentest.Button(t, w, "Apply"))
	require.NotEmpty(t, ascState(sh).Borg.Spires, "refused: not Bob's turn")
	assert.Contains(t, sh.game.status(), "command")
	test.Tap(screentest.Button(t, w, "Record it anyway"))
	screentest.TypeInto(w, screentest.Entry(t, w, "e.g. a card in play allows it"), "the table allows it")
	test.Tap(screentest.Button(t, w, "Record"))
	assert.Empty(t, ascState(sh).Borg.Spires, "Alpha is free of the Borg")

}

// TestAscendancyBattlesByTapping resolves a space battle round, a hazard,
// a hegemony attempt and a diplomacy test on the Battle panel.
func TestAscendancyBattlesByTapping(t *testing.T) {
	sh, _ := newTestShell(t, 1280, 800)
	w := setUpAscByTapping(t, sh)
	dealInOrder(t, sh, w)
	advanceTo(t, sh, w, "p1", tracker.PhaseCommand)
	v := sh.game.view.(*ascView)
	panelTo(t, w, "Battle")

	f := v.battle.space
	f.att.player.SetSelected("Alice (Federation)")
	f.defs[0].side.player.SetSelected("Bob (Klingon)")
	text := screentest.ScreenText(w)
	assert.Contains(t, text, "Attacker hits on 5+, defender on 5+")
	assert.Contains(t, text, "Defender wiped out:")
	test.Type(f.attD.pad, "651")
	test.Type(f.defD.pad, "522")
	assert.Contains(t, screentest.ScreenText(w), "Alice scores 2 hit(s), Bob scores 1")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	a := ascState(sh)
	assert.Equal(t, 2, a.Players[0].Ships)
	assert.Equal(t, 1, a.Players[1].Ships)
	assert.Equal(t, 1, a.Players[0].Exhausted, "the battle used Alice's command itself")
	assert.Equal(t, 2, f.roundNo(), "the next round is ready")
	assert.Equal(t, 2, f.att.ships.val, "with the ships left in the battle")
	assert.Equal(t, 1, f.defs[0].side.ships.val)
	assert.True(t, f.att.firstStrike.Disabled(), "first strike is for round 1 only")
	assert.Contains(t, screentest.ScreenText(w), "Round 2 of the battle under way")
	// Round 2: Alice's last hits wipe Bob out; the battle ends itself.
	test.Type(f.attD.pad, "66")
	test.Type(f.defD.pad, "1")
	test.Tap(screentest.Button(t, w, "Apply round 2"))
	a = ascState(sh)
	assert.Nil(t, a.Battle, "the battle is over")
	assert.Equal(t, 0, a.Players[1].Ships)
	assert.Equal(t, 1, a.Players[0].Exhausted, "one command for the whole battle")
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of a new battle")
	_, err := sh.game.game.Execute(tracker.AdjustAsc{Player: "p2", Counter: tracker.CounterShips, Delta: 3})
	require.NoError(t, err)

	// Three-way: Bob attacks Alice and Tuvok... with only two players, a
	// second defender cannot be chosen: the form says so.
	test.Tap(screentest.Button(t, w, "Another defender"))
	assert.Contains(t, screentest.ScreenText(w), "different players with ships")
	require.Len(t, f.defs, 2)
	test.Tap(screentest.Button(t, w, "One defender less"))
	require.Len(t, f.defs, 1)

	v.battle.mode.SetSelected(modeHazard)
	v.battle.haz.side.player.SetSelected("Alice (Federation)")
	assert.Contains(t, screentest.ScreenText(w), "Every ship survives:")
	test.Tap(screentest.Button(t, w, "Roll for me"))
	test.Tap(screentest.Button(t, w, "Apply"))
	assert.Contains(t, sh.game.game.History().Undo[0].Label, "Alice braves a hazard")

	// Bob's hegemony on his own turn.
	advanceTo(t, sh, w, "p2", tracker.PhaseCommand)
	panelTo(t, w, "Battle")
	v.battle.mode.SetSelected(modeHegemony)
	v.battle.heg.player.SetSelected("Bob (Klingon)")
	assert.Contains(t, screentest.ScreenText(w), "Bob adds 1: needs a total above 3. Chance: 66.7%")
	test.Type(v.battle.heg.d.pad, "6")
	assert.Contains(t, screentest.ScreenText(w), "7 against 3: Bob takes control")
	test.Tap(screentest.Button(t, w, "Apply"))
	assert.Equal(t, 1, ascState(sh).Players[1].Resources.Culture)
	assert.Equal(t, 2, ascState(sh).Players[1].Systems)

	v.battle.mode.SetSelected(modeDiplomacy)
	v.battle.dip.player.SetSelected("Alice (Federation)")
	test.Type(v.battle.dip.d.pad, "2")
	assert.Contains(t, screentest.ScreenText(w), "3 against 4: the test fails")
	test.Tap(screentest.Button(t, w, "Apply"))
	assert.Contains(t, sh.game.game.History().Undo[0].Label, "Alice fails")
}

// TestAscendancyScoreboardIsLive opens the tablet scoreboard and sees a
// change made elsewhere show on it at once.
func TestAscendancyScoreboardIsLive(t *testing.T) {
	sh, _ := newTestShell(t, 1280, 800)
	w := setUpAscByTapping(t, sh)
	panelTo(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Scoreboard"))
	tiles := screentest.Objects[*widgets.ScoreTile](w)
	require.Len(t, tiles, 3, "two players and the Borg")
	assert.Equal(t, "Alice", tiles[0].Name())
	assert.Equal(t, "Federation", tiles[0].Sub(), "the civilization under the name")
	_, err := sh.game.game.Execute(tracker.AdjustAsc{Player: "p1", Counter: tracker.CounterCulture, Delta: 4})
	require.NoError(t, err)
	vals := screentest.Objects[*widgets.ScoreTile](w)[0].Values()
	assert.Equal(t, widgets.ScoreValue{Label: "Culture", Value: "7"}, vals[2])
	test.Tap(screentest.Button(t, w, "Back to the game"))
	assert.Empty(t, screentest.Objects[*widgets.ScoreTile](w))
}

// TestAscendancyFitsAPhone checks every panel fits a 400-px-wide window.
func TestAscendancyFitsAPhone(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := newAscGame(t, sh)
	test.Tap(checkBox(t, w, "Play with the Borg"))
	assert.LessOrEqual(t, sh.game.view.(*ascView).playersScrl.Content.MinSize().Width, float32(400), "the setup is too wide")
	w = setUpAscByTapping(t, sh)
	panelTo(t, w, "Round")
	test.Tap(screentest.Button(t, w, "Deal the turn order"))
	v := sh.game.view.(*ascView)
	for _, p := range v.Panels() {
		assert.LessOrEqual(t, p.Content.MinSize().Width, float32(400), "panel %s is too wide", p.Title)
	}
	for _, m := range []string{modeSpace, modeInvasion, modeHazard, modeHegemony, modeDiplomacy} {
		v.battle.mode.SetSelected(m)
		assert.LessOrEqual(t, v.battle.body.MinSize().Width, float32(390), "battle form %s is too wide", m)
	}
}

func TestParseCost(t *testing.T) {
	cases := []struct {
		in   string
		want ascrules.Resources
		bad  bool
	}{
		{"", ascrules.Resources{}, false},
		{"0", ascrules.Resources{}, false},
		{"2P 1C", ascrules.Resources{Production: 2, Culture: 1}, false},
		{"1p1r1c", ascrules.Resources{Production: 1, Research: 1, Culture: 1}, false},
		{"3r, 2R", ascrules.Resources{Research: 5}, false},
		{"2", ascrules.Resources{}, true},
		{"P2", ascrules.Resources{}, true},
		{"2X", ascrules.Resources{}, true},
		{"9999P", ascrules.Resources{}, true},
	}
	for _, c := range cases {
		got, err := parseCost(c.in)
		if c.bad {
			assert.Error(t, err, c.in)
			continue
		}
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, got, c.in)
		again, err := parseCost(resText(got))
		if got.Total() > 0 {
			require.NoError(t, err)
			assert.Equal(t, got, again, "resText reads back")
		}
	}
	list, err := parseCostList("2R; 3R / 1P 1R")
	require.NoError(t, err)
	assert.Equal(t, []ascrules.Resources{{Research: 2}, {Research: 3}, {Production: 1, Research: 1}}, list)
}

func FuzzParseCost(f *testing.F) {
	for _, s := range []string{"2P 1C", "1p1r1c", "", "x", "12345", "3r;2c", "1P/2R"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := parseCost(s)
		if err == nil && r.Negative() {
			t.Fatalf("negative cost from %q", s)
		}
		if _, err := parseCostList(s); err != nil && err.Error() == "" {
			t.Fatalf("empty error for %q", s)
		}
	})
}

// TestSpaceBattleTwoDefenders splits the attacker's dice between two
// defenders and applies the round to all three players.
func TestSpaceBattleTwoDefenders(t *testing.T) {
	sh, _ := newTestShell(t, 1280, 800)
	w := newAscGame(t, sh)
	g := sh.game.game
	for _, n := range []string{"Alice", "Bob", "Tuvok"} {
		_, err := g.Execute(tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: n, Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3})
		require.NoError(t, err)
	}
	for _, c := range []tracker.Command{tracker.StartAscendancy{}, tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}}, tracker.NextPhase{}} {
		_, err := g.Execute(c)
		require.NoError(t, err)
	}
	panelTo(t, w, "Battle")
	f := sh.game.view.(*ascView).battle.space
	f.att.player.SetSelected("Alice")
	test.Tap(screentest.Button(t, w, "Another defender"))
	f.defs[0].side.player.SetSelected("Bob")
	f.defs[1].side.player.SetSelected("Tuvok")
	assert.Equal(t, 3, f.defs[0].split.val, "the attacker's dice start at the first defender")
	minus := screentest.Under[*widget.Button](f.defs[0].split.box)[0]
	plus := screentest.Under[*widget.Button](f.defs[1].split.box)[1]
	test.Tap(minus)
	assert.Contains(t, screentest.ScreenText(w), "Split the attacker's 3 dice between the defenders (now 2)")
	test.Tap(plus)
	assert.Contains(t, screentest.ScreenText(w), "Tuvok: at least one ship lost")
	test.Type(f.defs[0].attD.pad, "65")
	test.Type(f.defs[1].attD.pad, "6")
	test.Type(f.defs[0].defD.pad, "511")
	test.Type(f.defs[1].defD.pad, "111")
	assert.Contains(t, screentest.ScreenText(w), "Alice scores 3 hit(s), Bob scores 1, Tuvok scores 0")
	test.Tap(screentest.Button(t, w, "Apply round 1"))
	a := ascState(sh)
	assert.Equal(t, 2, a.Players[0].Ships)
	assert.Equal(t, 1, a.Players[1].Ships)
	assert.Equal(t, 2, a.Players[2].Ships)
	assert.Equal(t, 1, a.Players[0].Exhausted, "the battle used Alice's command itself")
}

// TestRollForMeRollsWhatTheRulesAllow has the app roll an invasion, an
// assimilation and a reclaim: the side that strikes first rolls in full,
// the other only the dice its losses leave it.
func TestRollForMeRollsWhatTheRulesAllow(t *testing.T) {
	sh, _ := newTestShell(t, 1280, 800)
	w := setUpAscByTapping(t, sh)
	dealInOrder(t, sh, w)
	advanceTo(t, sh, w, "p1", tracker.PhaseCommand)
	v := sh.game.view.(*ascView)

	panelTo(t, w, "Battle")
	v.battle.mode.SetSelected(modeInvasion)
	inv := v.battle.inv
	inv.att.player.SetSelected("Alice (Federation)")
	inv.defender.SetSelected("Bob (Klingon)")
	in, _, ok := inv.invasion()
	require.True(t, ok)
	require.Positive(t, in.Nodes)
	inv.rollVirtual()
	assert.Len(t, inv.attD.pool.faces, in.Attacker.Dice())
	assert.Len(t, inv.defD.pool.faces, in.Nodes)
	assert.NotNil(t, screentest.Button(t, w, "Apply round 1"), "the rolled round can be applied")

	inv.defFirst.SetChecked(true)
	in, _, ok = inv.invasion()
	require.True(t, ok)
	inv.rollVirtual()
	d := inv.defD.pool.faces
	require.Len(t, d, in.Nodes, "the nodes strike first with every die")
	dt, _ := ascrules.HitTarget(in.DefenderWeapons, in.Attacker.Shields)
	assert.Len(t, inv.attD.pool.faces, ascrules.DiceDue(in.Attacker, ascrules.CountHits(d, dt)))

	panelTo(t, w, "Borg")
	af := v.borg.assimilate
	af.defender.SetSelected("Alice (Federation)")
	screentest.TypeInto(w, af.system, "Earth")
	a, _, ok := af.setup()
	require.True(t, ok)
	af.rollVirtual()
	d = af.defD.pool.faces
	require.Len(t, d, af.structures(a))
	hits := 0
	if tg, can := borgrules.PlayerTarget(a.DefenderWeapons, a.Cube.Shields, a.DefenderHitsOnSix); can {
		hits = d.CountAtLeast(tg)
	}
	assert.Len(t, af.borgD.pool.faces, borgrules.BorgDiceDue(a.Cube, a.Cube.Round == 0, hits), "the cube rolls what first strike leaves it")

	rf := v.borg.reclaim
	rf.side.player.SetSelected("Bob (Klingon)")
	r, ok := rf.setup()
	require.True(t, ok)
	rf.rollVirtual()
	assert.Len(t, rf.d.pool.faces, r.Fleet.Dice())
	assert.Len(t, rf.borgD.pool.faces, r.Spire.Structures())
}

// TestEasierAscensionChosenAtSetup ticks the optional rule: it goes into the
// game for every device, the quick action shows the lower price, and the
// tick is remembered for the next game on this device.
func TestEasierAscensionChosenAtSetup(t *testing.T) {
	sh, _ := newTestShell(t, 1280, 800)
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	addAscPlayer(t, w, "Alice", "Federation", nil)
	addAscPlayer(t, w, "Bob", "Klingon", nil)
	openFold(t, w, "Rules to agree on")
	test.Tap(checkBox(t, w, "Easier ascension (4C each)"))
	assert.True(t, ascState(sh).Options.EasierAscension, "the rule is part of the game")
	assert.True(t, sh.app.Preferences().Bool(prefAscEasier), "and the default next time")
	h := sh.game.game.History()
	assert.Equal(t, "Optional rule on: easier ascension (4 culture a token)", h.Undo[0].Label)
	test.Tap(screentest.Button(t, w, "Start round 1"))
	assert.NotEmpty(t, screentest.Objects[*widget.Button](w))
	screentest.Button(t, w, "Ascendancy (4C)")
}

// TestSetupChoicesFromTheTracker: the setup lists every option where the
// books disagree, with the book behind each reading, before any player is
// added; a tap records the reading in the game and the starting values of
// the next player follow it.
func TestSetupChoicesFromTheTracker(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := newAscGame(t, sh)
	panelTo(t, w, "Players")
	openFold(t, w, "Rules to agree on")
	text := screentest.ScreenText(w)
	for _, c := range tracker.AscChoices() {
		assert.Contains(t, text, c.Question)
		for _, r := range c.Readings {
			assert.Contains(t, text, r.Text)
			assert.Contains(t, text, r.Source)
		}
	}
	// The third reading of the starting rule: extra resources.
	var start tracker.AscChoice
	for _, c := range tracker.AscChoices() {
		if c.Field == "start" {
			start = c
		}
	}
	require.Len(t, start.Readings, 3)
	tapReading(t, w, start.Readings[1].Text)
	assert.Equal(t, tracker.StartExtra, ascState(sh).Options.Start)
	openFold(t, w, "Starting values and costs")
	assert.Equal(t, "8P 6R 4C", screentest.Entry(t, w, "e.g. 3P 3R 3C").Text, "the next player starts with the extra resources")
	addAscPlayer(t, w, "Alice", "Federation", nil)
	assert.Equal(t, ascrules.Resources{Production: 8, Research: 6, Culture: 4}, ascState(sh).Players[0].Resources)

	for _, c := range tracker.AscChoices() {
		if c.Field == "starbase_limit" {
			tapReading(t, w, c.Readings[1].Text)
		}
	}
	assert.Equal(t, 4, ascState(sh).Options.StarbasesPerGame())
	assert.Equal(t, tracker.StartExtra, ascState(sh).Options.Start, "one choice leaves the others")
}

// tapReading taps the button beside a setup reading's text.
func tapReading(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	for _, c := range screentest.Objects[*fyne.Container](w) {
		if len(c.Objects) != 2 {
			continue
		}
		b, ok := c.Objects[1].(*widget.Button)
		if !ok {
			continue
		}
		for _, l := range screentest.Under[*widget.Label](c.Objects[0]) {
			if l.Text == text {
				test.Tap(b)
				return
			}
		}
	}
	require.Failf(t, "no reading", "no reading %q", text)
}

// TestAscendancyInItalianFitsAPhone plays the Ascendancy screens in
// Italian on a small phone: the panels speak Italian, and with the longer
// Italian words no panel or dialog is wider than the window.
func TestAscendancyInItalianFitsAPhone(t *testing.T) {
	_, err := i18n.Setup("it")
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = i18n.Setup("en") })
	sh, _ := newTestShell(t, 360, 640)
	w := sh.win
	sh.newGame("Settore 001")
	require.NotNil(t, sh.game)
	g := sh.game.game
	v := sh.game.view.(*ascView)
	panelTo(t, w, "Giocatori")
	assert.Contains(t, screentest.ScreenText(w), "Nuova partita ad Ascendancy")
	openFold(t, w, "Regole da concordare")
	screentest.AssertFits(t, w, "setup in Italian")
	for _, n := range []string{"Alice", "Bob", "Carol"} {
		_, err := g.Execute(tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: n, Civilization: n, Resources: ascrules.Resources{Production: 3, Research: 3, Culture: 3}},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3})
		require.NoError(t, err)
	}
	for _, c := range []tracker.Command{
		tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}}, tracker.AddCube{System: "Spazio profondo"},
		tracker.StartAscendancy{}, tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err)
	}
	for _, p := range []string{"Giocatori", "Round", "Battaglia", "Borg"} {
		panelTo(t, w, p)
		assert.Contains(t, screentest.ScreenText(w), "Round 1 · Esecuzione · turno di Alice", p)
		screentest.AssertFits(t, w, "Italian "+p)
		if os.Getenv("ASC_WIDEST") != "" {
			for _, it := range screentest.Objects[*container.AppTabs](w)[0].Items {
				t.Logf("panel %s", it.Text)
				screentest.Widest(t, it.Content, 360, "")
			}
		}
	}
	panelTo(t, w, "Giocatori")
	assert.Contains(t, screentest.ScreenText(w), "FASE COSTRUZIONE", "the phase badge in Italian")
	panelTo(t, w, "Round")
	screentest.Button(t, w, "Passa alla fase comando")
	for _, m := range []string{modeSpace, modeInvasion, modeHazard, modeHegemony, modeDiplomacy} {
		panelTo(t, w, "Battaglia")
		v.battle.mode.SetSelected(battleModeLabel(m))
		assert.Equal(t, m, battleModeOf(v.battle.mode.Selected))
		screentest.AssertFits(t, w, "Italian battle "+m)
		if os.Getenv("ASC_WIDEST") != "" {
			screentest.Widest(t, v.battle.content, 360, "")
		}
	}
	panelTo(t, w, "Giocatori")
	test.Tap(screentest.Button(t, w, "Tabella dei costi…"))
	screentest.AssertFits(t, w, "Italian cost table")
	screentest.CloseOverlays(w)
	advanceTo(t, sh, w, tracker.BorgSeat, "")
	panelTo(t, w, "Borg")
	for i := range v.borg.folds.Items {
		v.borg.folds.Open(i)
	}
	assert.Contains(t, screentest.ScreenText(w), "Il turno dei Borg")
	screentest.AssertFits(t, w, "Italian Borg turn")
}
