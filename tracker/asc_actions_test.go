package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

func TestPayFor(t *testing.T) {
	s := ascTwoPlayers(t)
	cases := []struct {
		name string
		cmd  PayFor
		code string
		want func(AscPlayer)
	}{
		{"ship", PayFor{Player: "p1", What: "build a ship", Cost: ascrules.Resources{Production: 1}, Counter: CounterShips, Delta: 1}, "",
			func(p AscPlayer) { assert.Equal(t, 5, p.Ships); assert.Equal(t, 2, p.Resources.Production) }},
		{"colonize", PayFor{Player: "p1", What: "colonize", Cost: ascrules.Resources{Culture: 1}, Counter: CounterSystems, Delta: 1}, "",
			func(p AscPlayer) { assert.Equal(t, 2, p.Systems); assert.Equal(t, 2, p.Resources.Culture) }},
		{"too dear", PayFor{Player: "p1", What: "starbase", Cost: ascrules.Resources{Production: 9}, Counter: CounterStarbases, Delta: 1}, CodeRules, nil},
		{"nothing", PayFor{Player: "p1", What: "x"}, CodeNothing, nil},
		{"bad counter", PayFor{Player: "p1", What: "x", Counter: "gold", Delta: 1}, CodeInvalid, nil},
		{"no name", PayFor{Player: "p1", Cost: ascrules.Resources{Production: 1}}, CodeInvalid, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.code != "" {
				rejected(t, s, tc.cmd, tc.code)
				return
			}
			evs, err := viaJSON(t, s, tc.cmd)
			require.NoError(t, err)
			require.Len(t, evs, 1)
			tc.want(ascPlayer(t, s, "p1"))
		})
	}
	assertReplays(t, s)
}
