package away

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
	"tableops/rules/reference"
	"tableops/tracker"
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
