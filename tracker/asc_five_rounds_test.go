package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// TestFiveRoundGameWithTheBorg plays five strict rounds of Ascendancy with
// the Borg: Anna (Federation) buys ascendancy on her turns; Ben (Klingons)
// fights a cube on his, reaches 5 ascendancy, then loses his home system to
// the Borg and joins the Collective (the Borg then take his turn order
// card). Anna, holding her home system with 5 ascendancy, wins at the
// fifth recharge; Ben's ascendancy no longer counts. Culture from
// exploration cards is entered as corrections.
func TestFiveRoundGameWithTheBorg(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	play(t, s, startingPlayer("Anna", ascrules.Federation), startingPlayer("Ben", ascrules.Klingon),
		EnableBorg{Hits: borgHits}, AddCube{System: "Deep space"}, StartAscendancy{})
	for round := 1; round <= 5; round++ {
		a := s.State().Ascendancy
		require.Equal(t, AscInitiative, a.Walker.Stage, "round %d", round)
		require.Equal(t, round, a.Walker.Round)
		drawn := map[string]int{"p1": 1}
		if !ascPlayer(t, s, "p2").Assimilated {
			drawn["p2"] = 2
		}
		play(t, s, ChooseTurnOrder{Drawn: drawn})
		for _, seat := range s.State().Ascendancy.Walker.Order {
			switch seat {
			case "p1":
				nextUntil(t, s, atSeat("p1", PhaseBuilding))
				if round >= 2 {
					play(t, s, AdjustAsc{Player: "p1", Counter: CounterCulture, Delta: 4}, BuyAscendancy{Player: "p1"})
				}
			case "p2":
				nextUntil(t, s, atSeat("p2", PhaseBuilding))
				play(t, s, AdjustAsc{Player: "p2", Counter: CounterCulture, Delta: 5}, BuyAscendancy{Player: "p2"}, NextPhase{})
				if round == 3 {
					// Ben attacks the cube: all miss; the cube strikes after him.
					play(t, s, CubeRound{Cube: "cube 1", Fleets: []CubeFleet{{Player: "p2", Ships: 3, Roll: Entered(1, 1, 1)}},
						BorgRoll: Entered(1, 1, 1, 1, 1, 1, 1, 1, 1)})
					require.NotNil(t, s.State().Ascendancy.Borg.Fight)
					assert.Equal(t, 4, ascPlayer(t, s, "p2").Ready(), "attacking the cube took a command")
				}
			default:
				nextUntil(t, s, atSeat(BorgSeat, PhaseBorg))
				assert.Nil(t, s.State().Ascendancy.Borg.Fight, "Ben stopped fighting: the battle ended")
				if round == 4 {
					// The cube assimilates Ben's home system (control node and 3 resource nodes).
					play(t, s, ActivateCube{Cube: "cube 1", System: "Qo'noS"},
						AssimilationRound{Cube: "cube 1", Defender: "p2", System: "Qo'noS", Nodes: 4, HomeOf: "p2",
							DefenderRoll: Entered(1, 1, 1, 1), BorgRoll: Entered(6, 6, 6, 6, 1, 1, 1, 1, 1),
							NodesLost: ascrules.Resources{Production: 1, Research: 1, Culture: 1}})
					ben := ascPlayer(t, s, "p2")
					require.True(t, ben.Assimilated)
					assert.Equal(t, 5, ben.Ascendancy, "Ben reached 5 ascendancy before the Borg came")
				}
			}
		}
		nextUntil(t, s, atStage(AscRecharge))
		play(t, s, Recharge{})
		if round < 5 {
			assert.NotEqual(t, AscOver, s.State().Ascendancy.Walker.Stage, "nobody wins in round %d", round)
		}
	}
	a := s.State().Ascendancy
	assert.Equal(t, AscOver, a.Walker.Stage)
	assert.Equal(t, []string{"p1"}, a.Walker.Winners, "Anna wins; assimilated Ben does not")
	assert.Equal(t, "ascendancy", a.Walker.Reason)
	assert.Equal(t, 5, ascPlayer(t, s, "p1").Ascendancy)
	assert.Len(t, a.Borg.Spires, 1)
	assert.Empty(t, s.State().Rulings, "a strict game played by the rules")
	assertReplays(t, s)
}
