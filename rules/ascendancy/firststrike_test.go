package ascendancy

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRollOrder(t *testing.T) {
	fs := Side{Ships: 2, Weapons: 5, FirstStrike: true}
	plain := Side{Ships: 2, Weapons: 5}
	att := func(i int) Pool { return Pool{Attacker: true, Defender: i} }
	def := func(i int) Pool { return Pool{Defender: i} }
	cases := []struct {
		name string
		r    SpaceRound
		want []Pool
	}{
		{"no first strike", SpaceRound{Round: 1, Attacker: plain, Defenders: []Side{plain}}, []Pool{att(0), def(0)}},
		{"attacker strikes first", SpaceRound{Round: 1, Attacker: fs, Defenders: []Side{plain}}, []Pool{att(0), def(0)}},
		{"defender strikes first", SpaceRound{Round: 1, Attacker: plain, Defenders: []Side{fs}}, []Pool{def(0), att(0)}},
		{"both have it: neither uses it", SpaceRound{Round: 1, Attacker: fs, Defenders: []Side{fs}}, []Pool{att(0), def(0)}},
		{"round 2: no first strike", SpaceRound{Round: 2, Attacker: plain, Defenders: []Side{fs}}, []Pool{att(0), def(0)}},
		{"the first striker among three rolls first", SpaceRound{Round: 1, Attacker: plain, Defenders: []Side{plain, fs, plain}},
			[]Pool{def(1), att(0), def(0), att(1), att(2), def(2)}},
		{"no defenders", SpaceRound{Round: 1, Attacker: plain}, []Pool{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, RollOrder(tc.r))
		})
	}
}

// Seed 002 "First Strike" [Primo Colpo]: 6 Romulan ships with first strike
// attack 4 Klingon ships and score 2 hits: the 2 Klingon ships left roll;
// in round 2 the 5 Romulans and 2 Klingons fire at once. The reverse, a
// defender with first strike, takes ships off the attacker's dice.
func TestDiceDue(t *testing.T) {
	ro := Side{Player: "Romulan", Ships: 6, Weapons: 5, FirstStrike: true}
	kl := Side{Player: "Klingon", Ships: 4, Weapons: 5}
	cases := []struct {
		name              string
		r                 SpaceRound
		firstHits, attDue int
		defDue            []int
	}{
		{"rulebook: Romulans strike first, 2 hits", SpaceRound{Round: 1, Attacker: ro, Defenders: []Side{kl},
			AttackerFaces: [][]int{{6, 5, 4, 3, 2, 1}}}, 0, 6, []int{2}},
		{"rulebook: round 2 is simultaneous", SpaceRound{Round: 2, Attacker: Side{Ships: 5, Weapons: 5, FirstStrike: true},
			Defenders: []Side{{Ships: 2, Weapons: 5}}, AttackerFaces: [][]int{{6, 6, 6, 6, 6}}}, 0, 5, []int{2}},
		{"attacker not rolled yet", SpaceRound{Round: 1, Attacker: ro, Defenders: []Side{kl}}, 0, 6, []int{4}},
		{"defender strikes first", SpaceRound{Round: 1, Attacker: kl, Defenders: []Side{ro},
			DefenderFaces: [][]int{{6, 5, 1, 1, 1, 1}}}, 2, 2, []int{6}},
		{"two first strikers", SpaceRound{Round: 1, Attacker: Side{Ships: 5, Weapons: 5, Starbase: true},
			Defenders:     []Side{{Ships: 2, Weapons: 4, FirstStrike: true}, {Ships: 1, Weapons: 6, FirstStrike: true}},
			DefenderFaces: [][]int{{4, 3}, {6}}}, 2, 4, []int{2, 1}},
		{"first strike wipes the attacker out", SpaceRound{Round: 1, Attacker: Side{Ships: 1, Weapons: 5, BonusDice: 2},
			Defenders: []Side{{Ships: 3, Weapons: 5, FirstStrike: true}}, DefenderFaces: [][]int{{6, 6, 6}}}, 3, 0, []int{3}},
		{"shields make hits impossible", SpaceRound{Round: 1, Attacker: Side{Ships: 3, Weapons: 5, Shields: 2},
			Defenders: []Side{{Ships: 2, Weapons: 5, FirstStrike: true}}, DefenderFaces: [][]int{{6, 6}}}, 0, 3, []int{2}},
		{"a starbase die for the side struck first", SpaceRound{Round: 1, Attacker: ro,
			Defenders: []Side{{Ships: 2, Weapons: 5, Starbase: true}}, AttackerFaces: [][]int{{5, 1, 1, 1, 1, 1}}}, 0, 6, []int{2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.firstHits, FirstStrikeHits(tc.r))
			assert.Equal(t, tc.attDue, AttackerDiceDue(tc.r))
			for i, want := range tc.defDue {
				assert.Equal(t, want, DefenderDiceDue(tc.r, i), "defender %d", i)
			}
			assert.Zero(t, DefenderDiceDue(tc.r, len(tc.r.Defenders)))
			assert.Zero(t, DefenderDiceDue(tc.r, -1))
		})
	}
}

func TestTrimSplit(t *testing.T) {
	cases := []struct {
		name  string
		split []int
		due   int
		want  []int
	}{
		{"fits", []int{3, 2}, 5, []int{3, 2}},
		{"short: left as it is", []int{1, 1}, 5, []int{1, 1}},
		{"off the last first", []int{3, 2}, 4, []int{3, 1}},
		{"across defenders", []int{3, 2, 1}, 2, []int{2, 0, 0}},
		{"nothing left", []int{3, 2}, 0, []int{0, 0}},
		{"one defender", []int{6}, 4, []int{4}},
		{"empty", nil, 3, []int{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := append([]int(nil), tc.split...)
			assert.Equal(t, tc.want, TrimSplit(tc.split, tc.due))
			assert.Equal(t, in, tc.split, "the split is not changed")
		})
	}
}

// Dice rolled in RollOrder, as many as the functions here say (the split
// trimmed by TrimSplit), are always what ResolveSpaceRound accepts.
func TestPlannedDiceResolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	side := func() Side {
		return Side{Ships: 1 + rng.IntN(6), Weapons: 1 + rng.IntN(6), Shields: rng.IntN(4),
			Starbase: rng.IntN(3) == 0, BonusDice: rng.IntN(2), FirstStrike: rng.IntN(2) == 0}
	}
	roll := func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = 1 + rng.IntN(6)
		}
		return out
	}
	for range 2000 {
		r := SpaceRound{Round: 1 + rng.IntN(2), Attacker: side()}
		for range 1 + rng.IntN(3) {
			r.Defenders = append(r.Defenders, side())
		}
		r.AttackerFaces = make([][]int, len(r.Defenders))
		r.DefenderFaces = make([][]int, len(r.Defenders))
		split := make([]int, len(r.Defenders))
		split[0] = r.Attacker.Dice()
		var trimmed []int
		for _, p := range RollOrder(r) {
			if p.Attacker {
				if trimmed == nil {
					trimmed = TrimSplit(split, AttackerDiceDue(r))
				}
				r.AttackerFaces[p.Defender] = roll(trimmed[p.Defender])
				continue
			}
			r.DefenderFaces[p.Defender] = roll(DefenderDiceDue(r, p.Defender))
		}
		_, err := ResolveSpaceRound(r)
		require.NoError(t, err, "%+v", r)
	}
}

// TestRollsBefore: each side rolls on its own phone, but a side struck
// first waits for the striker's dice (seed 002 "First Strike" [Primo
// Colpo]: the Romulans with first strike roll, the Klingons remove their
// losses, then the Klingon ships left fire back; in round 2 both at once).
func TestRollsBefore(t *testing.T) {
	fs := Side{Ships: 6, Weapons: 5, FirstStrike: true}
	plain := Side{Ships: 4, Weapons: 5}
	att := func(i int) Pool { return Pool{Attacker: true, Defender: i} }
	def := func(i int) Pool { return Pool{Defender: i} }
	cases := []struct {
		name string
		r    SpaceRound
		pool Pool
		want []Pool
	}{
		{"no first strike: the attacker waits for nobody", SpaceRound{Round: 1, Attacker: plain, Defenders: []Side{plain}}, att(0), nil},
		{"no first strike: the defender waits for nobody", SpaceRound{Round: 1, Attacker: plain, Defenders: []Side{plain}}, def(0), nil},
		{"rulebook: the Klingons wait for the Romulans' dice", SpaceRound{Round: 1, Attacker: fs, Defenders: []Side{plain}}, def(0), []Pool{att(0)}},
		{"rulebook: the Romulans wait for nobody", SpaceRound{Round: 1, Attacker: fs, Defenders: []Side{plain}}, att(0), nil},
		{"rulebook: round 2 is at once", SpaceRound{Round: 2, Attacker: fs, Defenders: []Side{plain}}, def(0), nil},
		{"a defender with first strike rolls before the attacker", SpaceRound{Round: 1, Attacker: plain, Defenders: []Side{fs}}, att(0), []Pool{def(0)}},
		{"both have it: neither waits", SpaceRound{Round: 1, Attacker: fs, Defenders: []Side{fs}}, def(0), nil},
		{"the attacker's dice wait for every first striker", SpaceRound{Round: 1, Attacker: plain, Defenders: []Side{fs, plain, fs}}, att(1), []Pool{def(0), def(2)}},
		{"a defender outside the round waits for nobody", SpaceRound{Round: 1, Attacker: fs, Defenders: []Side{plain}}, def(3), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, RollsBefore(tc.r, tc.pool))
		})
	}
}

// TestInvasionDiceDue: how many dice each side of an invasion round rolls
// (seed 002 "Planetary Invasion": one die per ship, one per node with the
// control node; "First Strike" [Primo Colpo]: the side struck first takes
// its losses before it fires, in round 1 only, and not when both have it;
// "Collateral Damage": the nodes the hits destroy; "Total Annihilation").
func TestInvasionDiceDue(t *testing.T) {
	ships := func(n int, first bool) Side { return Side{Ships: n, Weapons: 5, FirstStrike: first} }
	cases := []struct {
		name       string
		in         Invasion
		nodesFirst bool
		attDue     int
		nodesDue   int
	}{
		{"no first strike: every ship and node", Invasion{Round: 1, Attacker: ships(4, false), Nodes: 3, DefenderWeapons: 5}, false, 4, 3},
		{"bonus dice roll, a starbase does not", Invasion{Round: 1, Attacker: Side{Ships: 2, Weapons: 5, Starbase: true, BonusDice: 1}, Nodes: 3, DefenderWeapons: 5}, false, 3, 3},
		{"ships strike first, collateral: the nodes left roll", Invasion{Round: 1, Attacker: ships(4, true), Nodes: 3, DefenderWeapons: 5,
			AttackerFaces: []int{6, 1, 1, 1}}, false, 4, 2},
		{"ships strike first, annihilation: no node rolls", Invasion{Round: 1, Attacker: ships(4, true), Nodes: 3, DefenderWeapons: 5,
			AttackerFaces: []int{6, 6, 5, 1}}, false, 4, 0},
		{"ships strike first, the system is taken: no node rolls", Invasion{Round: 1, Attacker: ships(4, true), Nodes: 3, DefenderWeapons: 5,
			AttackerFaces: []int{6, 6, 5, 5}}, false, 4, 0},
		{"nodes strike first: the ships left roll", Invasion{Round: 1, Attacker: ships(4, false), Nodes: 3, DefenderWeapons: 5, DefenderFirstStrike: true,
			DefenderFaces: []int{6, 5, 1}}, true, 2, 3},
		{"nodes strike first, not rolled yet", Invasion{Round: 1, Attacker: ships(4, false), Nodes: 3, DefenderWeapons: 5, DefenderFirstStrike: true}, true, 4, 3},
		{"both have first strike: neither uses it", Invasion{Round: 1, Attacker: ships(4, true), Nodes: 3, DefenderWeapons: 5, DefenderFirstStrike: true,
			AttackerFaces: []int{6, 6, 6, 6}, DefenderFaces: []int{6, 6, 6}}, false, 4, 3},
		{"round 2: no first strike", Invasion{Round: 2, Attacker: ships(4, true), Nodes: 3, DefenderWeapons: 5,
			AttackerFaces: []int{6, 6, 6, 6}}, false, 4, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.nodesFirst, InvasionNodesRollFirst(tc.in), "nodes first")
			shipsFirst := tc.in.Round == 1 && tc.in.Attacker.FirstStrike && !tc.in.DefenderFirstStrike
			assert.Equal(t, shipsFirst, InvasionShipsRollFirst(tc.in), "ships first")
			assert.Equal(t, tc.attDue, InvasionAttackerDiceDue(tc.in), "ships' dice")
			assert.Equal(t, tc.nodesDue, InvasionNodeDiceDue(tc.in), "nodes' dice")
			// ResolveInvasion takes exactly these counts.
			in := tc.in
			for len(in.AttackerFaces) < InvasionAttackerDiceDue(in) {
				in.AttackerFaces = append(in.AttackerFaces, 1)
			}
			for len(in.DefenderFaces) < InvasionNodeDiceDue(in) {
				in.DefenderFaces = append(in.DefenderFaces, 1)
			}
			in.AttackerFaces = in.AttackerFaces[:InvasionAttackerDiceDue(in)]
			in.DefenderFaces = in.DefenderFaces[:InvasionNodeDiceDue(in)]
			_, err := ResolveInvasion(in)
			require.NoError(t, err)
		})
	}
}
