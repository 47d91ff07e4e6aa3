package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	screentest.AddAwayPlayer(t, w, name, aff)
}

// tracks returns a character card's peg tracks by label.
func tracks(t *testing.T, w fyne.Window, name string) map[string]*widgets.PegTrack {
	t.Helper()
	return screentest.PegTracks(t, w, name)
}

// removePeg taps the track's "−" target.
func removePeg(t *testing.T, p *widgets.PegTrack) {
	t.Helper()
	screentest.RemovePeg(t, p)
}

// startAwayGame creates a game with two players and one character each and
// plays up to the action phase of round 1, all by tapping and typing.
func startAwayGame(t *testing.T, sh *Shell) fyne.Window {
	t.Helper()
	w := sh.win
	test.Tap(screentest.Button(t, w, "New Away Missions game"))
	screentest.TypeInto(w, screentest.Objects[*screen.TextEntry](w)[0], "Wolf 359")
	test.Tap(screentest.Button(t, w, "Create"))
	require.NotNil(t, sh.game, "the game screen is open")
	screentest.PlayAwayToActions(t, w)
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
	return screentest.StepperButton(t, in, label, delta)
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
	return screentest.SeedAwayBorgGame(t, st)
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
