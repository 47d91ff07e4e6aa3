package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// TestEasierAscensionIsAGameRule: the optional rule is set once at setup
// for the whole table, and the ascendancy price follows it.
func TestEasierAscensionIsAGameRule(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	start := ascrules.Resources{Culture: 4}
	play(t, s, SetStrict{Strict: false}, AddAscPlayer{Name: "Alice", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		AddAscPlayer{Name: "Bob", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start})
	evs, err := viaJSON(t, s, SetAscOptions{Options: AscOptions{EasierAscension: true}})
	require.NoError(t, err)
	assert.Equal(t, "Optional rule on: easier ascension (4 culture a token)", evs[0].Label)
	rejected(t, s, SetAscOptions{Options: AscOptions{EasierAscension: true}}, CodeNothing)
	play(t, s, StartAscendancy{})
	rejected(t, s, SetAscOptions{}, CodeNotNow)

	play(t, s, BuyAscendancy{Player: "p1"})
	p := ascPlayer(t, s, "p1")
	assert.Equal(t, 0, p.Resources.Culture, "4 culture with the optional rule")
	assert.True(t, s.State().Ascendancy.Options.EasierAscension)
	assertReplays(t, s)

	// Without the rule 4 culture is not enough.
	s2 := newTestSession(t, KindAscendancy)
	play(t, s2, SetStrict{Strict: false}, AddAscPlayer{Name: "Alice", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		AddAscPlayer{Name: "Bob", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		StartAscendancy{})
	rejected(t, s2, BuyAscendancy{Player: "p1"}, CodeRules)
}
