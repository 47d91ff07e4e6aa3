package ascendancy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Seed 002 "Hitting": Klingons upgraded weapons twice (3+), Romulan shields
// 1, so the Klingons need 4+; Romulans at 5+ against Klingon shields 0 need 5+.
func TestRulebookHitRollExample(t *testing.T) {
	kl := Side{Player: "Klingon", Ships: 5, Weapons: 3}
	ro := Side{Player: "Romulan", Ships: 3, Weapons: 5, Shields: 1}
	res, err := ResolveSpaceRound(SpaceRound{
		Round: 1, Attacker: kl, Defenders: []Side{ro},
		AttackerFaces: [][]int{{4, 5, 6, 3, 1}}, DefenderFaces: [][]int{{5, 4, 1}},
	})
	require.NoError(t, err)
	d := res.Defenders[0]
	assert.Equal(t, 4, d.AttackerTarget)
	assert.Equal(t, 5, d.Target)
	assert.Equal(t, 3, res.AttackerHits)
	assert.Equal(t, 3, d.Losses)
	assert.Equal(t, 0, d.ShipsLeft)
	assert.Equal(t, 1, res.AttackerLosses)
	assert.True(t, res.Over)
}

// Seed 002 "First Strike": 6 Romulan ships with first strike attack 4
// Klingon ships; the Romulans score 2 hits, the 2 surviving Klingons roll and
// score 1 hit; round 2 is simultaneous with 5 Romulans and 2 Klingons.
func TestRulebookFirstStrikeExample(t *testing.T) {
	ro := Side{Player: "Romulan", Ships: 6, Weapons: 5, FirstStrike: true}
	kl := Side{Player: "Klingon", Ships: 4, Weapons: 5}
	assert.Equal(t, 2, DiceDue(kl, 2))
	res, err := ResolveSpaceRound(SpaceRound{
		Round: 1, Attacker: ro, Defenders: []Side{kl},
		AttackerFaces: [][]int{{6, 5, 4, 3, 2, 1}}, DefenderFaces: [][]int{{5, 1}},
	})
	require.NoError(t, err)
	assert.True(t, res.Defenders[0].StruckFirst)
	assert.Equal(t, 2, res.Defenders[0].ShipsLeft)
	assert.Equal(t, 5, res.AttackerShipsLeft)

	// Four Klingon dice would be wrong: they lost two ships first.
	_, err = ResolveSpaceRound(SpaceRound{
		Round: 1, Attacker: ro, Defenders: []Side{kl},
		AttackerFaces: [][]int{{6, 5, 4, 3, 2, 1}}, DefenderFaces: [][]int{{5, 1, 1, 1}},
	})
	assert.ErrorContains(t, err, "rolls 2 dice after first-strike losses")

	// Round 2: no first strike any more.
	ro.Ships, kl.Ships = 5, 2
	res, err = ResolveSpaceRound(SpaceRound{
		Round: 2, Attacker: ro, Defenders: []Side{kl},
		AttackerFaces: [][]int{{1, 1, 1, 1, 5}}, DefenderFaces: [][]int{{6, 6}},
	})
	require.NoError(t, err)
	assert.False(t, res.Defenders[0].StruckFirst)
	assert.Equal(t, 2, res.AttackerLosses)

	// Both with first strike: neither uses it.
	kl.FirstStrike = true
	assert.False(t, StrikesFirst(1, ro, kl))
	assert.False(t, StrikesFirst(1, kl, ro))
}

func TestSpaceRoundTable(t *testing.T) {
	cases := []struct {
		name    string
		r       SpaceRound
		check   func(t *testing.T, r SpaceRoundResult)
		wantErr string
	}{
		{
			name: "starbase and advancement dice",
			r: SpaceRound{Round: 1,
				Attacker:      Side{Ships: 2, Weapons: 5},
				Defenders:     []Side{{Ships: 1, Weapons: 5, Starbase: true, BonusDice: 2}},
				AttackerFaces: [][]int{{6, 6}}, DefenderFaces: [][]int{{6, 6, 1, 1}}},
			check: func(t *testing.T, r SpaceRoundResult) {
				assert.Equal(t, 2, r.AttackerLosses)
				assert.Equal(t, 1, r.Defenders[0].Losses)
			},
		},
		{
			name: "shields above 6 on both sides: stalemate",
			r: SpaceRound{Round: 3,
				Attacker:      Side{Ships: 1, Weapons: 5, Shields: 2},
				Defenders:     []Side{{Ships: 1, Weapons: 5, Shields: 2}},
				AttackerFaces: [][]int{{6}}, DefenderFaces: [][]int{{6}}},
			check: func(t *testing.T, r SpaceRoundResult) {
				assert.True(t, r.Stalemate)
				assert.Equal(t, 0, r.AttackerHits)
				assert.False(t, r.Defenders[0].CanHit)
			},
		},
		{
			name: "attacker splits dice between two defenders",
			r: SpaceRound{Round: 1,
				Attacker:      Side{Ships: 5, Weapons: 4},
				Defenders:     []Side{{Player: "A", Ships: 2, Weapons: 5}, {Player: "B", Ships: 3, Weapons: 5, Shields: 2}},
				AttackerFaces: [][]int{{4, 4}, {5, 6, 6}}, DefenderFaces: [][]int{{5, 5}, {1, 1, 6}}},
			check: func(t *testing.T, r SpaceRoundResult) {
				assert.Equal(t, 2, r.Defenders[0].Losses)
				assert.Equal(t, 6, r.Defenders[1].AttackerTarget)
				assert.Equal(t, 2, r.Defenders[1].Losses)
				assert.Equal(t, 3, r.AttackerLosses)
				assert.Equal(t, 2, r.AttackerShipsLeft)
				assert.False(t, r.Over)
			},
		},
		{
			name: "a defender with first strike fires before the attacker rolls",
			r: SpaceRound{Round: 1,
				Attacker:      Side{Ships: 3, Weapons: 5},
				Defenders:     []Side{{Ships: 2, Weapons: 4, FirstStrike: true}},
				AttackerFaces: [][]int{{6, 6}}, DefenderFaces: [][]int{{4, 1}}},
			check: func(t *testing.T, r SpaceRoundResult) {
				assert.True(t, r.AttackerStruckFirst)
				assert.Equal(t, 1, r.AttackerLosses)
				assert.Equal(t, 2, r.Defenders[0].Losses)
			},
		},
		{
			name:    "split does not add up",
			r:       SpaceRound{Round: 1, Attacker: Side{Ships: 3, Weapons: 5}, Defenders: []Side{{Ships: 1, Weapons: 5}}, AttackerFaces: [][]int{{1}}, DefenderFaces: [][]int{{1}}},
			wantErr: "attacker rolls 3 dice, 1 entered",
		},
		{
			name:    "bad weapons",
			r:       SpaceRound{Round: 1, Attacker: Side{Ships: 1, Weapons: 9}, Defenders: []Side{{Ships: 1, Weapons: 5}}, AttackerFaces: [][]int{{1}}, DefenderFaces: [][]int{{1}}},
			wantErr: "weapons hit roll 9",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := ResolveSpaceRound(tc.r)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.ErrorIs(t, err, ErrBadInput)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			tc.check(t, res)
		})
	}
}

// Seed 002 "Successful Invasion" / "Collateral Damage": 4 Klingon ships
// invade a Federation system with a control, a culture and a research node.
// All 4 must hit to take it intact; 1 hit destroys one resource node, 2 hits
// both, leaving the control node; 3 hits is total annihilation.
func TestRulebookInvasionExample(t *testing.T) {
	cases := []struct {
		faces     []int
		outcome   InvasionOutcome
		destroyed int
	}{
		{[]int{4, 4, 5, 6}, Successful, 0},
		{[]int{4, 4, 5, 1}, Annihilation, 3},
		{[]int{4, 4, 1, 1}, Collateral, 2},
		{[]int{4, 1, 1, 1}, Collateral, 1},
		{[]int{1, 1, 1, 1}, Collateral, 0},
	}
	for _, tc := range cases {
		res, err := ResolveInvasion(Invasion{
			Round: 1, Attacker: Side{Ships: 4, Weapons: 4}, Nodes: 3, Controlled: true,
			DefenderWeapons: 5, AttackerFaces: tc.faces, DefenderFaces: []int{6, 1, 1},
		})
		require.NoError(t, err)
		assert.Equal(t, tc.outcome, res.Outcome, "%v", tc.faces)
		assert.Equal(t, tc.destroyed, res.NodesDestroyed, "%v", tc.faces)
		assert.Equal(t, 1, res.AttackerLosses, "casualties are taken even on success")
	}
}

// Seed 002 "Collateral Damage" [Danni Collaterali] example: a Federation
// planet with a culture node, a research node and the control node. One
// Klingon hit destroys one resource node (the Klingons' choice), two hits
// must destroy both; three are total annihilation: every node, control
// node included (seed 002 "Total Annihilation"); four take the planet
// intact. An uncontrolled planet has no control node: every node it loses
// is a resource node.
func TestRulebookResourceNodesDestroyed(t *testing.T) {
	cases := []struct {
		hits, nodes int
		controlled  bool
		want        int
	}{
		{0, 3, true, 0},
		{1, 3, true, 1},
		{2, 3, true, 2},
		{3, 3, true, 2},
		{4, 3, true, 0},
		{2, 2, false, 2},
		{1, 2, false, 1},
	}
	for _, tc := range cases {
		var r InvasionResult
		r.Outcome, r.NodesDestroyed = InvasionResultFor(tc.hits, tc.nodes)
		assert.Equal(t, tc.want, r.ResourceNodesDestroyed(tc.controlled), "%d hit(s) on %d node(s)", tc.hits, tc.nodes)
	}
	assert.Equal(t, 0, Surrender(3).ResourceNodesDestroyed(true))
}

// Seed 003 "Capturing research nodes and starbases": one active project
// per research node captured; no projects, none seized.
func TestProjectsCaptured(t *testing.T) {
	assert.Equal(t, 2, ProjectsCaptured(2, 3))
	assert.Equal(t, 1, ProjectsCaptured(2, 1))
	assert.Equal(t, 0, ProjectsCaptured(2, 0))
	assert.Equal(t, 0, ProjectsCaptured(0, 2))
	assert.Equal(t, 0, ProjectsCaptured(-1, 2))
}

func TestInvasionRules(t *testing.T) {
	// Failed invasion: the last ship dies and the control node stands.
	res, err := ResolveInvasion(Invasion{Round: 2, Attacker: Side{Ships: 1, Weapons: 5}, Nodes: 2, Controlled: true,
		DefenderWeapons: 5, AttackerFaces: []int{1}, DefenderFaces: []int{6, 1}})
	require.NoError(t, err)
	assert.True(t, res.Failed)
	assert.True(t, res.Over)

	// A successful invasion stands even if every ship dies.
	res, err = ResolveInvasion(Invasion{Round: 1, Attacker: Side{Ships: 2, Weapons: 5}, Nodes: 1, Controlled: true,
		DefenderWeapons: 5, AttackerFaces: []int{6, 6}, DefenderFaces: []int{6}})
	require.NoError(t, err)
	assert.Equal(t, Successful, res.Outcome)
	assert.False(t, res.Failed)
	assert.Equal(t, 1, res.AttackerShipsLeft)

	// Independent level 2 civilization: hits on 4+, shields 2.
	lvl, err := TechLevel(2)
	require.NoError(t, err)
	res, err = ResolveInvasion(Invasion{Round: 1, Attacker: Side{Ships: 3, Weapons: 4}, Nodes: 2,
		DefenderWeapons: lvl.HitRoll, DefenderShields: lvl.Shields, AttackerFaces: []int{6, 6, 6}, DefenderFaces: []int{4, 3}})
	require.NoError(t, err)
	assert.Equal(t, 6, res.AttackerTarget)
	assert.Equal(t, Successful, res.Outcome)
	assert.Equal(t, 1, res.DefenderHits)

	// Attacker first strike: collateral damage removes defending dice.
	res, err = ResolveInvasion(Invasion{Round: 1, Attacker: Side{Ships: 2, Weapons: 5, FirstStrike: true}, Nodes: 3, Controlled: true,
		DefenderWeapons: 5, AttackerFaces: []int{6, 1}, DefenderFaces: []int{6, 6}})
	require.NoError(t, err)
	assert.Equal(t, Collateral, res.Outcome)
	assert.Equal(t, 2, res.AttackerLosses)
	assert.True(t, res.Failed)

	// Defender first strike reduces the attacker's dice.
	_, err = ResolveInvasion(Invasion{Round: 1, Attacker: Side{Ships: 2, Weapons: 5}, Nodes: 1, Controlled: true,
		DefenderWeapons: 5, DefenderFirstStrike: true, AttackerFaces: []int{6, 1}, DefenderFaces: []int{6}})
	assert.ErrorContains(t, err, "attacker rolls 1 dice")

	s := Surrender(3)
	assert.Equal(t, Surrendered, s.Outcome)
	assert.True(t, s.Over)
}

// Seed 002 "Civilization Tech Levels": level 1 5+/1/1, level 2 4+/2/2,
// level 3 3+/3/3, and level 4 2+/4/4.
func TestRulebookTechLevels(t *testing.T) {
	for lvl, want := range map[int]CivLevel{
		1: {1, 5, 1, 1}, 2: {2, 4, 2, 2}, 3: {3, 3, 3, 3}, 4: {4, 2, 4, 4},
	} {
		got, err := TechLevel(lvl)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	_, err := TechLevel(0)
	assert.Error(t, err)
}

// Seed 002 "Cultural Hegemony" example: Romulans (ascendancy 2) in a Klingon
// system with 3 nodes, Klingon ascendancy 1: resistance 4. They roll a 3,
// total 5, higher than 4: they pay a second culture and take control. And
// "Hegemony of Warp Civilizations": a level 3 civilization with 3 nodes has
// resistance 6; with ascendancy 2 the Romulans need a 5 or 6.
func TestRulebookHegemonyExamples(t *testing.T) {
	res4 := Resistance(3, 1)
	assert.Equal(t, 4, res4)
	got, err := ResolveHegemony(Hegemony{Roll: 3, Ascendancy: 2, Resistance: res4, Culture: 2})
	require.NoError(t, err)
	assert.Equal(t, HegemonyResult{Total: 5, Success: true, CultureSpent: 2}, got)
	assert.InDelta(t, 4.0/6, HegemonyChance(2, 4, Romulan), 1e-12, "needs 3+")

	res6 := IndependentResistance(3, 3)
	assert.Equal(t, 6, res6)
	got, err = ResolveHegemony(Hegemony{Roll: 4, Ascendancy: 2, Resistance: res6, Culture: -1})
	require.NoError(t, err)
	assert.False(t, got.Success)
	assert.Equal(t, 1, got.CultureSpent)
	got, err = ResolveHegemony(Hegemony{Roll: 5, Ascendancy: 2, Resistance: res6, Culture: -1})
	require.NoError(t, err)
	assert.True(t, got.Success)
	assert.InDelta(t, 2.0/6, HegemonyChance(2, 6, Romulan), 1e-12)

	// Ferengi add no ascendancy; one culture is not enough to try.
	got, err = ResolveHegemony(Hegemony{Roll: 3, Ascendancy: 2, Resistance: 4, Faction: Ferengi, Culture: -1})
	require.NoError(t, err)
	assert.Equal(t, 3, got.Total)
	_, err = ResolveHegemony(Hegemony{Roll: 6, Ascendancy: 5, Resistance: 1, Culture: 1})
	assert.ErrorContains(t, err, "needs 2 culture")
	got, err = ResolveHegemony(Hegemony{Roll: 6, Ascendancy: 5, Resistance: 1, Culture: 0, Costs: &HegemonyCosts{}})
	require.NoError(t, err)
	assert.Equal(t, 0, got.CultureSpent)

	assert.Error(t, CanHegemony(Vulcan, 3, TargetSystem{Controlled: true, ControllerAscendancy: 2, Developed: true}))
	assert.NoError(t, CanHegemony(Vulcan, 3, TargetSystem{Controlled: true, ControllerAscendancy: 3, Developed: true}))
	assert.Error(t, CanInvade(Vulcan, 3, TargetSystem{Controlled: true, ControllerAscendancy: 1, Developed: true}))
	assert.Error(t, CanHegemony(Dominion, 1, TargetSystem{Controlled: true, Developed: true}))
	assert.NoError(t, CanHegemony(Dominion, 1, TargetSystem{WarpTokens: 2, Developed: true}))
	assert.Error(t, CanHegemony(Federation, 1, TargetSystem{Developed: true}), "pre-warp")
}

// Seed 002 "Hazardous Systems": a Federation ship ends in the Star Nursery
// (hazard 4) with shield modifier 1: a 5 or 6 destroys it. First-turn
// example: the ship at Murasaki 312 (hazard 5) survives a 4 and takes the
// research token.
func TestRulebookHazardExamples(t *testing.T) {
	for face, dead := range map[int]int{4: 0, 5: 1, 6: 1} {
		res, err := BraveHazard(Hazard{Level: 4, Shields: 1, Faces: []int{face}})
		require.NoError(t, err)
		assert.Equal(t, 5, res.Target)
		assert.Equal(t, dead, res.Destroyed)
	}
	res, err := BraveHazard(Hazard{Level: 5, Faces: []int{4}, Phenomenon: true, ResearchTokens: 1})
	require.NoError(t, err)
	assert.Equal(t, 1, res.ResearchTaken)
	res, err = BraveHazard(Hazard{Level: 2, Faces: []int{2, 3}, Phenomenon: true, ResearchTokens: 2})
	require.NoError(t, err)
	assert.Equal(t, 0, res.ResearchTaken, "no survivor, tokens stay")
}

func TestDiplomacy(t *testing.T) {
	total, pass, err := Diplomacy(3, 2, 5)
	require.NoError(t, err)
	assert.Equal(t, 5, total)
	assert.False(t, pass, "must be higher than the number")
	_, pass, _ = Diplomacy(4, 2, 5)
	assert.True(t, pass)
	_, _, err = Diplomacy(7, 0, 1)
	assert.Error(t, err)
}

// Seed 002 "Choosing Turn Order Cards" example: Pete bids 2, John 1, Sally
// 3 (2 production and 1 research): Sally picks first, then Pete, and John
// takes the card left.
func TestRulebookBiddingExample(t *testing.T) {
	bids := []Bid{
		{Player: "Pete", FirstContact: true, Spent: Resources{Production: 2}},
		{Player: "John", FirstContact: true, Spent: Resources{Research: 1}},
		{Player: "Sally", FirstContact: true, Spent: Resources{Production: 2, Research: 1}},
	}
	po, err := Order(bids)
	require.NoError(t, err)
	assert.Equal(t, []string{"Sally", "Pete", "John"}, po.Pickers)
	assert.Empty(t, po.Random)

	a, err := AssignCards(Initiative{Bids: bids, Cards: []int{1, 2, 3}}, map[string]int{"Sally": 2, "Pete": 1, "John": 3}, 0)
	require.NoError(t, err)
	assert.Equal(t, []string{"Pete", "Sally", "John"}, TurnOrder(a))
}

func TestBiddingRules(t *testing.T) {
	_, err := Order([]Bid{
		{Player: "A", FirstContact: true, Spent: Resources{Culture: 2}},
		{Player: "B", FirstContact: true, Spent: Resources{Production: 1, Research: 1}},
	})
	assert.ErrorContains(t, err, "B cannot bid 2: A already bid")
	_, err = Order([]Bid{{Player: "A", Spent: Resources{Culture: 1}}})
	assert.ErrorContains(t, err, "first contact")

	bids := []Bid{
		{Player: "A", FirstContact: true, Spent: Resources{Culture: 1}},
		{Player: "B"},
		{Player: "C", FirstContact: true},
	}
	in := Initiative{Bids: bids, Cards: []int{1, 2, 3, 4}, Borg: true}
	a1, err := AssignCards(in, map[string]int{"A": 3}, 42)
	require.NoError(t, err)
	a2, err := AssignCards(in, map[string]int{"A": 3}, 42)
	require.NoError(t, err)
	assert.Equal(t, a1, a2, "same seed, same deal")
	assert.Equal(t, 3, a1.Cards["A"])
	assert.Len(t, a1.BorgCards, 1)
	seen := map[int]bool{a1.BorgCards[0]: true}
	for _, c := range a1.Cards {
		assert.False(t, seen[c])
		seen[c] = true
	}
	assert.Len(t, seen, 4)
	// Different seeds eventually give different deals.
	differ := false
	for s := uint64(0); s < 20 && !differ; s++ {
		b, err := AssignCards(in, map[string]int{"A": 3}, s)
		require.NoError(t, err)
		differ = b.Cards["B"] != a1.Cards["B"]
	}
	assert.True(t, differ)

	_, err = AssignCards(in, map[string]int{"A": 3, "B": 1}, 1)
	assert.ErrorContains(t, err, "random card")
	_, err = AssignCards(in, map[string]int{"A": 9}, 1)
	assert.ErrorContains(t, err, "not available")
	_, err = AssignCards(Initiative{Bids: bids, Cards: []int{1, 2}}, map[string]int{"A": 1}, 1)
	assert.ErrorContains(t, err, "turn order cards")
}

func TestVictoryCheck(t *testing.T) {
	cases := []struct {
		name    string
		players []PlayerStanding
		winners []string
		elim    []string
	}{
		{"nobody", []PlayerStanding{{Player: "A", Ascendancy: 4, HoldsOwnHome: true, HomeSystems: 1, Systems: 3, Ships: 2}}, []string{}, []string{}},
		{"ascendancy needs the home system", []PlayerStanding{{Player: "A", Ascendancy: 5, Systems: 3, Ships: 2}}, []string{}, []string{}},
		{"ascendancy", []PlayerStanding{{Player: "A", Ascendancy: 5, HoldsOwnHome: true, HomeSystems: 1, Systems: 3}}, []string{"A"}, []string{}},
		{"supremacy needs the own home", []PlayerStanding{{Player: "A", HomeSystems: 3, Systems: 3}}, []string{}, []string{}},
		{"supremacy", []PlayerStanding{{Player: "A", HoldsOwnHome: true, HomeSystems: 3, Systems: 5}}, []string{"A"}, []string{}},
		{"simultaneous: most systems wins", []PlayerStanding{
			{Player: "A", Ascendancy: 5, HoldsOwnHome: true, HomeSystems: 1, Systems: 6},
			{Player: "B", HoldsOwnHome: true, HomeSystems: 3, Systems: 7},
		}, []string{"B"}, []string{}},
		{"simultaneous tie shares", []PlayerStanding{
			{Player: "A", Ascendancy: 5, HoldsOwnHome: true, HomeSystems: 1, Systems: 6},
			{Player: "B", HoldsOwnHome: true, HomeSystems: 3, Systems: 6},
		}, []string{"A", "B"}, []string{}},
		{"vulcans win only by agenda", []PlayerStanding{
			{Player: "V", Faction: Vulcan, Ascendancy: 6, HoldsOwnHome: true, HomeSystems: 1, Systems: 2},
			{Player: "W", Faction: Vulcan, AgendaDone: true, Systems: 1},
		}, []string{"W"}, []string{}},
		{"elimination", []PlayerStanding{{Player: "A"}, {Player: "B", Ships: 1}}, []string{}, []string{"A"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := CheckVictory(tc.players)
			assert.Equal(t, tc.winners, got.Winners)
			assert.Equal(t, tc.elim, got.Eliminated)
		})
	}
}

// Seed 002 "Trade Agreement Profits" example: the Klingon player holds the
// Federation's agreement (1 production) and the Romulans' (2); their own
// 3-production agreement gives nothing: 3 production from trade.
func TestRulebookTradeExample(t *testing.T) {
	got, err := Generate(Income{
		Player: "Klingon",
		Nodes:  Resources{Production: 2, Research: 1, Culture: 1},
		Agreements: []TradeAgreement{
			{From: "Federation", Resources: Resources{Production: 1}},
			{From: "Romulan", Resources: Resources{Production: 2}},
			{From: "Klingon", Resources: Resources{Production: 3}},
			{From: "Ferengi", Resources: Resources{Production: 4}, Exhausted: true},
		},
		Advancements: Resources{Research: 2},
	})
	require.NoError(t, err)
	assert.Equal(t, Resources{Production: 5, Research: 3, Culture: 1}, got)
}

func TestRechargeAndLimits(t *testing.T) {
	res, err := Recharge(RechargeInput{
		Standings:   []PlayerStanding{{Player: "A", HoldsOwnHome: true, HomeSystems: 1, Systems: 2, Ships: 1}},
		Incomes:     []Income{{Player: "A", Nodes: Resources{Production: 2}}},
		Maintenance: []MaintenanceInput{{Player: "A", Starbases: 2, AdvancementCommands: 1, WarpTokens: []int{1, 3}}, {Player: "C", BaseCommands: 6}},
		Phenomena:   []int{0, 1, 2},
	})
	require.NoError(t, err)
	assert.Empty(t, res.Victory.Winners)
	assert.Equal(t, Resources{Production: 2}, res.Generated["A"])
	assert.Equal(t, 8, res.Maintenance[0].Commands)
	assert.Equal(t, 8, res.Maintenance[0].Ready)
	assert.Equal(t, []int{2, 4}, res.Maintenance[0].WarpTokens)
	assert.Equal(t, 6, res.Maintenance[1].Commands, "Cardassian base of 6")
	assert.Equal(t, []int{1, 1, 2}, res.Phenomena)

	left, err := BuyAscendancy(7, false)
	require.NoError(t, err)
	assert.Equal(t, 2, left)
	_, err = BuyAscendancy(4, false)
	assert.Error(t, err)
	left, err = BuyAscendancy(4, true)
	require.NoError(t, err)
	assert.Equal(t, 0, left)

	rules := StarbaseRules{PerGame: StarbasesPerGameSummary}
	assert.NoError(t, CanCommissionStarbase(rules, Klingon, 0, 1, false))
	assert.ErrorContains(t, CanCommissionStarbase(rules, Klingon, 1, 1, false), "per ascendancy level")
	assert.ErrorContains(t, CanCommissionStarbase(rules, Klingon, 4, 5, false), "all 4")
	assert.Error(t, CanCommissionStarbase(rules, Vulcan, 0, 3, false))
	assert.Error(t, CanCommissionStarbase(rules, Klingon, 0, 3, true))

	assert.Equal(t, 1, ProjectsOver(3, 2))
	assert.Equal(t, 0, ProjectsOver(2, 2))

	ct := NewCostTable("Klingon")
	assert.Equal(t, Resources{Production: 1}, ct.Ship)
	_, err = ct.UpgradeCost(true, 0)
	assert.ErrorContains(t, err, "enter it from your console")
	ct.WeaponUpgrades = []Resources{{Research: 5}}
	c, err := ct.UpgradeCost(true, 0)
	require.NoError(t, err)
	assert.Equal(t, Resources{Research: 5}, c)
	assert.NoError(t, ct.Validate())
}
