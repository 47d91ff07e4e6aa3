package ui

import (
	"fmt"
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
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
	"tableops/ui/widgets"
)

// openAwaySetup creates an Away Missions game with the default name and
// opens its Round panel, where the game is set up.
func openAwaySetup(t *testing.T, w fyne.Window) {
	t.Helper()
	test.Tap(screentest.Button(t, w, "New Away Missions game"))
	test.Tap(screentest.Button(t, w, "Create"))
	screentest.SelectTab(t, w, "Round")
}

// addPlayer fills the add-player card and taps Add player.
func addPlayer(t *testing.T, w fyne.Window, name, aff string) {
	t.Helper()
	screentest.TypeInto(w, screentest.Entry(t, w, "Player name"), name)
	screentest.TypeInto(w, screentest.Entry(t, w, "Affiliation"), aff)
	test.Tap(screentest.Button(t, w, "Add player"))
}

// addCharacter opens the character form for a player and fills it.
func addCharacter(t *testing.T, w fyne.Window, player, name string, tracks [4]string, weapon string, wdice, wdamage string) {
	t.Helper()
	test.Tap(screentest.Button(t, w, "Add a character to "+player))
	test.Tap(screentest.Button(t, w, "Type it in"))
	screentest.TypeInto(w, screentest.Entry(t, w, "Character name"), name)
	te := screentest.Entries(w, "lowest first, e.g. 1 2 3 3")
	require.Len(t, te, 4)
	for i, e := range te {
		screentest.TypeInto(w, e, tracks[i])
	}
	if weapon != "" {
		screentest.TypeInto(w, screentest.Entry(t, w, "e.g. Phaser"), weapon)
		screentest.TypeInto(w, screentest.Entry(t, w, "+ dice"), wdice)
		screentest.TypeInto(w, screentest.Entry(t, w, "+ damage"), wdamage)
	}
	test.Tap(screentest.Button(t, w, "Add"))
}

// rollOff types one die per player into the visible roll-off and submits.
func rollOff(t *testing.T, w fyne.Window, faces ...string) {
	t.Helper()
	es := screentest.Entries(w, "die")
	require.Len(t, es, len(faces))
	for i, e := range es {
		screentest.TypeInto(w, e, faces[i])
	}
	test.Tap(screentest.Button(t, w, "(dice entered)"))
}

// tracks returns a character card's peg tracks by label.
func tracks(t *testing.T, w fyne.Window, name string) map[string]*widgets.PegTrack {
	out := map[string]*widgets.PegTrack{}
	for _, p := range screentest.Under[*widgets.PegTrack](screentest.Card(t, w, name)) {
		out[p.Label()] = p
	}
	return out
}

// removePeg taps the track's "−" target.
func removePeg(t *testing.T, p *widgets.PegTrack) {
	t.Helper()
	bs := screentest.Under[*widget.Button](p)
	require.NotEmpty(t, bs)
	test.Tap(bs[0])
}

// startAwayGame creates a game with two players and one character each and
// plays up to the action phase of round 1, all by tapping and typing.
func startAwayGame(t *testing.T, sh *Shell) fyne.Window {
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Away Missions game"))
	screentest.TypeInto(w, screentest.Objects[*screen.TextEntry](w)[0], "Wolf 359")
	test.Tap(screentest.Button(t, w, "Create"))
	require.NotNil(t, sh.game, "the game screen is open")
	screentest.SelectTab(t, w, "Round")

	addPlayer(t, w, "Dana", "Federation")
	addPlayer(t, w, "Kim", "Klingon")
	addCharacter(t, w, "Dana", "Riker", [4]string{"1 2 3", "1 2 3", "1 2 3 4", "1 2 3"}, "Phaser", "1", "1")
	addCharacter(t, w, "Kim", "Lukara", [4]string{"1 2 3", "1 2", "1 2", "1 2 3"}, "Bat'leth", "1", "1")
	assert.Contains(t, screentest.ScreenText(w), "Riker · A 1-2-3 · D 1-2-3 · S 1-2-3-4 · M 1-2-3")

	test.Tap(screentest.Button(t, w, "Start mission preparation"))
	rollOff(t, w, "5", "2")
	assert.Contains(t, screentest.ScreenText(w), "Dana places the first board")
	rollOff(t, w, "3", "6")
	assert.Contains(t, screentest.ScreenText(w), "Kim beams down first")
	test.Tap(screentest.Button(t, w, "Start round 1"))
	assert.Contains(t, screentest.ScreenText(w), "Round 1 of 3 · Draw phase")
	rollOff(t, w, "2", "6")
	assert.Contains(t, screentest.ScreenText(w), "Now: Kim activates a character")
	return w
}

func TestAwayGameByTapping(t *testing.T) {
	sh, st := newTestShell(t, 1280, 800)
	w := startAwayGame(t, sh)

	// Damage Riker peg by peg down to neutralized, then undo once.
	def := tracks(t, w, "Riker")["DEFENSE"]
	require.NotNil(t, def)
	assert.Equal(t, 3, def.Pegs())
	removePeg(t, def)
	assert.Equal(t, 2, tracks(t, w, "Riker")["DEFENSE"].Pegs())
	for _, r := range []string{"ATTACK", "ATTACK", "DEFENSE", "SKILL", "SKILL", "SKILL", "MOVE", "MOVE", "MOVE"} {
		removePeg(t, tracks(t, w, "Riker")[r])
	}
	assert.Contains(t, screentest.ScreenText(w), "NEUTRALIZED")
	assert.Empty(t, tracks(t, w, "Riker"), "a neutralized card shows no tracks")
	test.AssertRendersToMarkup(t, "away_neutralized.xml", w.Canvas())
	test.Tap(sh.game.undoBtn)
	assert.NotContains(t, screentest.ScreenText(w), "NEUTRALIZED")
	assert.Contains(t, screentest.ScreenText(w), "Undone: Riker is neutralized")
	assert.Equal(t, 1, tracks(t, w, "Riker")["MOVE"].Pegs())

	// Redo, then undo twice: every step is labelled in the log.
	test.Tap(sh.game.redoBtn)
	assert.Contains(t, screentest.ScreenText(w), "NEUTRALIZED")
	test.Tap(sh.game.undoBtn)
	test.Tap(sh.game.undoBtn)
	assert.Equal(t, 2, tracks(t, w, "Riker")["MOVE"].Pegs())

	// Stun Lukara twice: Incapacitated; a third stun is refused in words.
	plus := func() *widget.Button { return stepperButton(t, screentest.Card(t, w, "Lukara"), "Stun", +1) }
	stunPlus := plus()
	require.NotNil(t, stunPlus)
	test.Tap(stunPlus)
	test.Tap(plus())
	assert.Contains(t, screentest.ScreenText(w), "INCAPACITATED")
	test.Tap(plus())
	assert.Contains(t, screentest.ScreenText(w), "cannot be stunned further")

	// The game is saved: reopening the store's game gives the same state.
	g, err := st.OpenGame(sh.game.game.(*store.Game).ID())
	require.NoError(t, err)
	assert.Equal(t, 2, g.State().Away.Characters[1].Stun)
	assert.Equal(t, tracker.AwayAction, g.State().Away.Phase)
}

// stepperButton finds the − (delta −1) or + (delta +1) button of a stepper
// whose label starts with label.
func stepperButton(t *testing.T, in fyne.CanvasObject, label string, delta int) *widget.Button {
	t.Helper()
	for _, c := range screentest.Under[*fyne.Container](in) {
		if len(c.Objects) != 3 {
			continue
		}
		l, ok := c.Objects[0].(*widget.Label)
		if !ok || !strings.HasPrefix(l.Text, label) {
			continue
		}
		if delta < 0 {
			return c.Objects[1].(*widget.Button)
		}
		return c.Objects[2].(*widget.Button)
	}
	require.Failf(t, "no stepper", "no stepper %q", label)
	return nil
}

// TestAwayCharacterFromCatalog picks a built-in card whose printed track
// values the rulebook does not give: the form opens with what is known
// and the player types the tracks from the physical card.
func TestAwayCharacterFromCatalog(t *testing.T) {
	sh, st := newTestShell(t, 1280, 800)
	w := sh.win
	openAwaySetup(t, w)
	addPlayer(t, w, "Kim", "Klingon")
	test.Tap(screentest.Button(t, w, "Add a character to Kim"))
	test.Tap(screentest.Button(t, w, "Pick from the catalog"))
	search := screentest.Entry(t, w, "Search characters: name, affiliation, keyword…")
	screentest.TypeInto(w, search, "lukara")
	search.OnSubmitted(search.Text)

	name := screentest.Entry(t, w, "Character name")
	assert.Equal(t, "Lukara", name.Text)
	assert.Equal(t, "Bat'leth", screentest.Entry(t, w, "e.g. Phaser").Text)
	te := screentest.Entries(w, "lowest first, e.g. 1 2 3 3")
	require.Len(t, te, 4)
	for _, e := range te {
		screentest.TypeInto(w, e, "1 2 3")
	}
	test.Tap(screentest.Button(t, w, "Add"))

	games, err := st.List()
	require.NoError(t, err)
	g, err := st.OpenGame(games[0].ID)
	require.NoError(t, err)
	chars := g.State().Away.Characters
	require.Len(t, chars, 1)
	assert.Equal(t, "Lukara", chars[0].Name)
	assert.NotEmpty(t, chars[0].CatalogID)
	require.NotEmpty(t, chars[0].Weapons)
	assert.Equal(t, 1, chars[0].Weapons[0].Dice, "the catalog's Bat'leth +1 die")
}

// seedBorgGame writes, by commands, a Federation vs Borg game in round 1's
// action phase: Dana (Riker, Shelby with a Stun token) against Kim, the
// Borg player (Locutus, Two of Five), Kim to activate. It returns the
// game's id.
func seedBorgGame(t *testing.T, st *store.Store) string {
	t.Helper()
	g, err := st.Create(tracker.KindAway, "Wolf 359")
	require.NoError(t, err)
	ex := func(c tracker.Command) {
		t.Helper()
		_, err := g.Execute(c)
		require.NoError(t, err)
	}
	tubules := awayrules.Weapon{Name: "Assimilation Tubules", Damage: 1, Keywords: []string{"Assimilate", "Melee"}}
	ex(tracker.AddAwayPlayer{Name: "Dana", Affiliation: "Federation"})
	ex(tracker.AddAwayPlayer{Name: "Kim", Affiliation: "Borg", Borg: true})
	a := g.State().Away
	dana, kim := a.Players[0].ID, a.Players[1].ID
	ex(tracker.AddCharacter{Player: dana, Name: "Riker", Specializations: []string{"Command"},
		Weapons: []awayrules.Weapon{{Name: "Type 2 Phaser", Dice: 1, Keywords: []string{"Stun"}}},
		Attack:  []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2}, Move: []int{1, 2, 3}})
	ex(tracker.AddCharacter{Player: dana, Name: "Shelby", Specializations: []string{"Science"},
		Weapons: []awayrules.Weapon{{Name: "Type 1 Phaser", Damage: 1}},
		Attack:  []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2, 3}, Move: []int{1, 2, 3}})
	ex(tracker.SetOverlay{Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2},
		Weapons: []awayrules.Weapon{tubules}, Rules: []string{"Hivemind"}})
	ex(tracker.AddCharacter{Player: kim, Name: "Locutus", Keywords: []string{"Borg"}, Rules: []string{"Hivemind"},
		Weapons: []awayrules.Weapon{tubules}, Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2, 3}, Move: []int{1, 2}})
	ex(tracker.AddCharacter{Player: kim, Name: "Two of Five", Keywords: []string{"Borg", "Drone"},
		Weapons: []awayrules.Weapon{tubules}, Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}})
	ex(tracker.StartMission{})
	ex(tracker.AwayOrder{Which: tracker.OrderBoard, Rolls: map[string][]int{dana: {5}, kim: {2}}})
	ex(tracker.AwayOrder{Which: tracker.OrderBeamDown, Rolls: map[string][]int{dana: {3}, kim: {6}}})
	ex(tracker.StartRound{})
	ex(tracker.StartActionPhase{FirstActivation: &tracker.AwayOrder{Which: tracker.OrderActivation, Rolls: map[string][]int{dana: {2}, kim: {6}}}})
	ex(tracker.AdjustStun{Character: g.State().Away.Characters[1].ID, Delta: 1})
	return g.ID()
}

// TestAwayAttackResultRendersToMarkup renders the rulebook's worked attack
// (Lukara's 6,4,2,2 against Riker's 5,4,1) as the app shows it on a
// tablet, bar and all (ui/away's TestAwayAttackByEnteredDice plays it
// through).
func TestAwayAttackResultRendersToMarkup(t *testing.T) {
	sh, _ := newTestShell(t, 1280, 800)
	w := startAwayGame(t, sh)
	screentest.SelectTab(t, w, "Dice")
	test.Tap(firstButton(t, w, "Lukara (Kim)")) // the attacker
	pads := screentest.Objects[*widgets.DicePad](w)
	require.Len(t, pads, 2)
	test.Type(pads[0], "2642")
	test.Type(pads[1], "145")
	assert.Contains(t, screentest.ScreenText(w), "3 damage to Riker")
	test.AssertRendersToMarkup(t, "away_attack_result.xml", w.Canvas())
}

// TestAwayLogInItalianFitsAPhone opens the log of an Away Missions game
// with the Borg in Italian on phones held upright: nothing wider than the
// window, no text cut short (ui/away's TestAwayInItalianFitsAPhone plays
// its screens).
func TestAwayLogInItalianFitsAPhone(t *testing.T) {
	screentest.Italian(t)
	for _, size := range screentest.PhoneSizes {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			sh, st := newTestShell(t, size.Width, size.Height)
			sh.openGame(seedBorgGame(t, st))
			w := sh.win
			sh.game.showLog()
			screentest.AssertPhoneReady(t, w, "log")
			screentest.AssertWindowFits(t, w, "log")
		})
	}
}
