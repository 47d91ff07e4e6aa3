package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// readoutTable is a table for the screens' readouts: Ben (Klingons,
// ascendancy 1, a production and a research node, a starbase), Sally
// (Federation, ascendancy 1), Rhea (Romulans, ascendancy 2), Fred
// (Ferengi, ascendancy 2, assimilated), Vera (Vulcans, eliminated), Andy
// (Andorians, no ships).
func readoutTable() *AscendancyState {
	return &AscendancyState{
		Walker: AscWalker{Stage: AscExecution, Order: []string{"p1", BorgSeat, "p2", BorgSeat}},
		Players: []AscPlayer{
			{ID: "p1", Name: "Ben", Faction: ascrules.Klingon, Ascendancy: 1, Ships: 4, Starbases: 1,
				Nodes: ascrules.Resources{Production: 1, Research: 1}},
			{ID: "p2", Name: "Sally", Faction: ascrules.Federation, Ascendancy: 1, Ships: 3},
			{ID: "p3", Name: "Rhea", Faction: ascrules.Romulan, Ascendancy: 2, Ships: 5},
			{ID: "p4", Name: "Fred", Faction: ascrules.Ferengi, Ascendancy: 2, Ships: 2, Assimilated: true},
			{ID: "p5", Name: "Vera", Faction: ascrules.Vulcan, Ascendancy: 3, Ships: 2, Eliminated: true},
			{ID: "p6", Name: "Andy", Faction: ascrules.Andorian, Ascendancy: 1},
		},
	}
}

// TestHegemonyResistance: the rulebook's examples (seed 002 "Egemonia
// Culturale", "Egemonia delle Civiltà a Curvatura", the walkthrough's
// Delta IV).
func TestHegemonyResistance(t *testing.T) {
	a := readoutTable()
	cases := []struct {
		name     string
		target   string
		nodes    ascrules.Resources
		starbase bool
		warp     int
		want     int
		code     string
	}{
		// The Klingon system: 2 resource nodes and the control node, and
		// the Klingons' ascendancy 1: resistance 4.
		{"a Klingon system of 3 nodes", "p1", ascrules.Resources{Production: 1, Research: 1}, false, 0, 4, ""},
		{"its starbase is a structure too", "p1", ascrules.Resources{Production: 1, Research: 1}, true, 0, 5, ""},
		{"the control node alone", "p1", ascrules.Resources{}, false, 0, 2, ""},
		// A level 3 warp civilization: 3 nodes and 3 warp tokens: 6.
		{"a level 3 warp civilization", "", ascrules.Resources{Production: 1, Research: 1, Culture: 1}, false, 3, 6, ""},
		// Delta IV: 2 developed nodes and 2 warp tokens: 4.
		{"Delta IV", "", ascrules.Resources{Production: 1, Culture: 1}, false, 2, 4, ""},
		{"nodes the rival does not have", "p1", ascrules.Resources{Culture: 1}, false, 0, 0, CodeRules},
		{"a starbase the rival does not have", "p3", ascrules.Resources{}, true, 0, 0, CodeRules},
		{"a player not in the game", "p9", ascrules.Resources{}, false, 0, 0, CodeNotFound},
		{"negative nodes", "", ascrules.Resources{Production: -1}, false, 0, 0, CodeInvalid},
		{"negative warp tokens", "", ascrules.Resources{}, false, -1, 0, CodeInvalid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := a.HegemonyResistance(tc.target, tc.nodes, tc.starbase, tc.warp)
			if tc.code != "" {
				var r *Rejection
				require.ErrorAs(t, err, &r)
				assert.Equal(t, tc.code, r.Code)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestHegemonyAdds: what each player adds to the die, and the rolls the
// rulebook's examples need (a total higher than the resistance).
func TestHegemonyAdds(t *testing.T) {
	a := readoutTable()
	cases := []struct {
		name       string
		player     string
		resistance int
		modifier   int // the form's default (HegemonyModifier)
		adds       int
		needs      int // the lowest die that succeeds
	}{
		// The Romulans (ascendancy 2) against the Klingon system's 4 need a 3.
		{"Romulans on the Klingon system", "p3", 4, 0, 2, 3},
		// Against the level 3 civilization's 6 they need a 5.
		{"Romulans on a level 3 civilization", "p3", 6, 0, 2, 5},
		// Sally (ascendancy 1, the Universal Translator's +1) on Delta IV's 4.
		{"Sally on Delta IV", "p2", 4, 1, 2, 3},
		// The Ferengi never add their ascendancy.
		{"Ferengi", "p4", 4, 0, 0, 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := a.player(tc.player)
			require.NoError(t, err)
			assert.Equal(t, tc.modifier, p.HegemonyModifier())
			assert.Equal(t, tc.adds, p.HegemonyAdds(p.HegemonyModifier()))
			for roll := 1; roll <= 6; roll++ {
				res, err := ascrules.ResolveHegemony(ascrules.Hegemony{Roll: roll, Ascendancy: p.Ascendancy, Resistance: tc.resistance,
					Faction: p.Faction, Culture: 2, Modifier: p.HegemonyModifier()})
				require.NoError(t, err)
				assert.Equal(t, roll >= tc.needs, res.Success, "roll %d", roll)
				assert.Equal(t, roll+tc.adds, res.Total, "the rules add what the form says")
			}
		})
	}
}

// TestPlanetNodes: a player's planet adds its control node; an
// independent one has none.
func TestPlanetNodes(t *testing.T) {
	two := ascrules.Resources{Production: 1, Research: 1}
	assert.Equal(t, 3, PlanetNodes(two, true), "the Klingon system: 2 resource nodes and the control node")
	assert.Equal(t, 2, PlanetNodes(two, false))
	assert.Equal(t, 1, PlanetNodes(ascrules.Resources{}, true))
}

// TestInvasionShips: the ships an attacker brings are those on the board,
// and no more than the invasion under way left.
func TestInvasionShips(t *testing.T) {
	a := readoutTable()
	assert.Equal(t, 5, a.InvasionShips("p3", "p1"))
	a.Invasion = &InvasionUnderWay{Attacker: "p3", Defender: "p1", Round: 1, Ships: 2, Nodes: 2}
	assert.Equal(t, 2, a.InvasionShips("p3", "p1"), "what round 1 left")
	assert.Equal(t, 5, a.InvasionShips("p3", "p2"), "another defender: a new invasion")
	assert.Equal(t, 5, a.InvasionShips("p3", ""))
	assert.Equal(t, 0, a.InvasionShips("p9", "p1"))
}

// TestBorgReadouts: who may fight the Borg, who hits on 6s, the
// assimilated players and the Borg turns this round.
func TestBorgReadouts(t *testing.T) {
	a := readoutTable()
	cases := []struct {
		player                string
		inPlay, fights, onSix bool
	}{
		{"p1", true, true, true},    // Klingons: always hit on 6s
		{"p2", true, true, false},   // Federation
		{"p4", false, false, false}, // assimilated
		{"p5", false, false, false}, // eliminated
		{"p6", true, false, false},  // no ships on the board
	}
	for _, tc := range cases {
		p, err := a.player(tc.player)
		require.NoError(t, err)
		assert.Equal(t, tc.inPlay, p.InPlay(), p.Name)
		assert.Equal(t, tc.fights, p.CanFightBorg(), p.Name)
		assert.Equal(t, tc.onSix, p.HitsOnSixVsBorg(), p.Name)
	}
	assert.Equal(t, []string{"p4"}, a.AssimilatedPlayers())
	assert.Equal(t, 2, a.BorgTurns())
	assert.Empty(t, (&AscendancyState{}).AssimilatedPlayers())
	assert.Zero(t, (&AscendancyState{}).BorgTurns())
}

// TestCostReadouts: what the buttons say a tap costs is what the commands
// charge.
func TestCostReadouts(t *testing.T) {
	assert.Equal(t, 5, AscOptions{}.AscendancyCost())
	assert.Equal(t, 4, AscOptions{EasierAscension: true}.AscendancyCost())
	a := readoutTable()
	for _, tc := range []struct {
		player   string
		commands int
		vulcan   bool
	}{{"p1", 1, false}, {"p5", 1, true}, {"p6", 2, false}} {
		p, err := a.player(tc.player)
		require.NoError(t, err)
		assert.Equal(t, tc.commands, p.FleetOrStarbaseCommands(), p.Name)
		assert.Equal(t, tc.vulcan, p.ColonizesWithAscendancy(), p.Name)
		assert.Equal(t, tc.vulcan, p.HasAgenda(), p.Name)
		assert.Equal(t, tc.player == "p6", p.LeavesSurveillanceTokens(), p.Name)
		assert.False(t, p.AnswersOccupation(), p.Name)
	}
	assert.True(t, AscPlayer{Faction: ascrules.Cardassian}.AnswersOccupation())
	// The commands charge the same: Anna (Andorians) pays 2 commands for a
	// starbase; with easier ascension a token costs 4 culture.
	s := ascTurns(t, ascrules.Andorian, AscOptions{EasierAscension: true})
	play(t, s, AdjustAsc{Player: "p1", Counter: CounterCulture, Delta: 1}, BuyAscendancy{Player: "p1"}, NextPhase{})
	assert.Equal(t, 0, ascPlayer(t, s, "p1").Resources.Culture, "3 + 1 culture, less the 4 a token costs")
	anna := ascPlayer(t, s, "p1")
	require.Equal(t, 2, anna.FleetOrStarbaseCommands())
	play(t, s, CommissionStarbase{Player: "p1"})
	assert.Equal(t, anna.Ready()-2, ascPlayer(t, s, "p1").Ready(), "2 commands used; the starbase's new one comes exhausted")
}

// TestRechargePreview: what the recharge panel shows before the players
// recharge is what the recharge then gives, with the Cardassian players'
// unoccupied nodes by either reading of the occupation.
func TestRechargePreview(t *testing.T) {
	cases := []struct {
		name       string
		opts       AscOptions
		unoccupied ascrules.Resources
		want       ascrules.Resources // Anna's (Cardassians) generation
	}{
		{"every system occupied", AscOptions{}, ascrules.Resources{}, ascrules.Resources{Production: 1, Research: 1, Culture: 1}},
		{"an unoccupied node generates nothing", AscOptions{Occupation: OccupationAll}, ascrules.Resources{Production: 1, Culture: 1}, ascrules.Resources{Research: 1}},
		{"or no production (rules summary)", AscOptions{Occupation: OccupationProduction}, ascrules.Resources{Production: 1, Culture: 1}, ascrules.Resources{Research: 1, Culture: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ascTurns(t, ascrules.Cardassian, tc.opts)
			for range 6 {
				play(t, s, NextPhase{})
			}
			require.Equal(t, AscRecharge, s.State().Ascendancy.Walker.Stage)
			unocc := map[string]ascrules.Resources{"p1": tc.unoccupied}
			preview, err := s.State().Ascendancy.RechargePreview(unocc)
			require.NoError(t, err)
			assert.Equal(t, tc.want, preview.Generated["p1"])
			assert.Equal(t, ascrules.Resources{Production: 1, Research: 1, Culture: 1}, preview.Generated["p2"])
			play(t, s, Recharge{Unoccupied: unocc})
			got := s.State().Ascendancy.Recharge.Result
			assert.Equal(t, got.Generated, preview.Generated, "the recharge gives what the preview said")
			assert.Equal(t, got.Maintenance, preview.Maintenance)
		})
	}
	a := readoutTable()
	_, err := a.RechargePreview(map[string]ascrules.Resources{"p1": {Culture: 1}})
	assert.Error(t, err, "Ben has no culture node")
	_, err = a.RechargePreview(map[string]ascrules.Resources{"p9": {}})
	assert.Error(t, err)
}
