package away

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
	"tableops/rules/reference"
	"tableops/tracker"
	"tableops/ui/screen/screentest"
)

// TestCatalogBorgDronesAreBorg picks the built-in Borg drones into a game
// command: they carry the Borg and Drone keywords (Stun weapons and
// Hivemind follow them), and the overlay its Assimilation Tubules; no
// rating the rulebook does not print is filled in.
func TestCatalogBorgDronesAreBorg(t *testing.T) {
	cat, err := reference.Builtin()
	require.NoError(t, err)
	for _, id := range []string{"AM-ONE-OF-FIVE", "AM-TWO-OF-FIVE", "AM-THREE-OF-FIVE", "AM-FOUR-OF-FIVE", "AM-FIVE-OF-FIVE", "AM-DRONE"} {
		ch, ok := cat.Character(id)
		require.True(t, ok, id)
		cmd := addCharacterFrom(ch)
		c := awayrules.Character{Keywords: cmd.Keywords}
		assert.True(t, c.Borg(), "%s is Borg", id)
		assert.True(t, c.Drone(), "%s is a drone", id)
		if id == "AM-DRONE" {
			require.Len(t, cmd.Weapons, 1)
			assert.Equal(t, "Assimilation Tubules", cmd.Weapons[0].Name)
			assert.Contains(t, cmd.Weapons[0].Keywords, "Assimilate")
		} else {
			assert.Empty(t, cmd.Weapons, "%s: the rulebook prints no attack for it; the players enter it", id)
		}
	}
}

// TestAddCharacterFromCatalog turns catalog cards into the command that
// adds them to an away team: Locutus of Borg as the catalog prints him,
// and a complete card, which joins a game's team as it is.
func TestAddCharacterFromCatalog(t *testing.T) {
	_, st := newTestShell(t, 400, 800)
	cat, err := reference.Builtin()
	require.NoError(t, err)
	got, ok := cat.Character("AM-LOCUTUS")
	require.True(t, ok)

	cmd := addCharacterFrom(got)
	assert.Empty(t, cmd.Player)
	assert.Equal(t, "Locutus of Borg", cmd.Name)
	assert.Equal(t, "AM-LOCUTUS", cmd.CatalogID)
	assert.Equal(t, []string{"Command", "Diplomacy"}, cmd.Specializations)
	require.Len(t, cmd.Weapons, 1)
	assert.Equal(t, "Assimilation Tubules", cmd.Weapons[0].Name)
	assert.Equal(t, 1, cmd.Weapons[0].Damage)
	assert.Equal(t, []string{"Assimilate", "Melee"}, cmd.Weapons[0].Keywords)

	// A complete card from the catalog joins a game's away team as it is.
	two := 2
	ch := reference.Character{ID: "X", Name: "Sela", Affiliation: "Romulan",
		Specializations: []reference.Specialization{{Name: "Command", Count: 2}},
		Tracks:          reference.Tracks{Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1, 2}},
		Attacks:         []reference.AttackAction{{Name: "Disruptor", Dice: &two, Damage: &two}}, Escalation: 2}
	g, err := st.Create(tracker.KindAway, "Pick test")
	require.NoError(t, err)
	_, err = g.Execute(tracker.AddAwayPlayer{Name: "Dana", Affiliation: "Romulan"})
	require.NoError(t, err)
	cmd = addCharacterFrom(ch)
	cmd.Player = g.State().Away.Players[0].ID
	_, err = g.Execute(cmd)
	require.NoError(t, err)
	added := g.State().Away.Characters[0]
	assert.Equal(t, "Sela", added.Name)
	assert.Equal(t, []string{"Command", "Command"}, added.Specializations)
	assert.Equal(t, 2, added.Escalation)
}

// TestCharacterWithTwoAttackActions: issue 28, 6. seed 001 "Reading Attack
// Actions": "A character can have multiple Attack Actions on their card";
// the character form takes each (Gowron's two), and the attack offers
// both.
func TestCharacterWithTwoAttackActions(t *testing.T) {
	sh, _ := newTestShell(t, 400, 800)
	w := sh.win
	openAwaySetup(t, sh)
	addPlayer(t, w, "Kim", "Klingon")
	test.Tap(screentest.Button(t, w, "Add a character to Kim"))
	test.Tap(screentest.Button(t, w, "Type it in"))
	screentest.TypeInto(w, screentest.Entry(t, w, "Character name"), "Gowron")
	for i, e := range screentest.Entries(w, "lowest first, e.g. 1 2 3 3") {
		screentest.TypeInto(w, e, []string{"1 2 3", "1 2 3", "1 2", "1 2"}[i])
	}
	screentest.TypeInto(w, screentest.Entry(t, w, "e.g. Phaser"), "Disruptor")
	test.Tap(screentest.Button(t, w, "Another attack action"))
	names := screentest.Entries(w, "e.g. Phaser")
	require.Len(t, names, 2, "a second Attack action's fields")
	screentest.TypeInto(w, names[1], "Mek'leth")
	checkBox(t, w, "Melee") // the second action's keywords are on screen too
	test.Tap(screentest.Button(t, w, "Add"))
	a := sh.game.game.State().Away
	require.Len(t, a.Characters, 1, sh.game.frame.Status())
	var got []string
	for _, wp := range a.Characters[0].Weapons {
		got = append(got, wp.Name)
	}
	assert.Equal(t, []string{"Disruptor", "Mek'leth"}, got)
}
