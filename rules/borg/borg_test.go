package borg

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulebookExampleFederationVsCube is the worked example of seed 004
// ("Borg Adaptive Shields", "Damaging Borg Cubes", "Borg Regeneration"):
// the Federation hits on 4+, has first strike, rolls six attacks and scores
// four hits; the cube fires its remaining five dice, scoring three hits with
// one 6, which regenerates one damage; in the next round the cube rolls six
// dice and the Federation needs 5+.
func TestRulebookExampleFederationVsCube(t *testing.T) {
	r := CubeRound{
		Cube:        Cube{},
		Fleets:      []Fleet{{Player: "Federation", Ships: 6, Weapons: 4}},
		PlayerFaces: [][]int{{6, 5, 4, 4, 2, 1}},
		BorgFaces:   []int{6, 5, 4, 2, 1},
		BorgHit:     4,
	}
	require.True(t, r.FirstStrike())
	assert.Equal(t, 5, BorgDiceDue(r.Cube, true, 4))
	res, err := ResolveCubeRound(r)
	require.NoError(t, err)
	assert.Equal(t, 4, res.Fleets[0].Target)
	assert.Equal(t, 4, res.PlayerHits)
	assert.Equal(t, 5, res.BorgDice)
	assert.Equal(t, 3, res.BorgHits)
	assert.Equal(t, 1, res.Sixes)
	assert.Equal(t, 1, res.Regenerated)
	assert.False(t, res.CubeDestroyed)
	assert.Equal(t, Cube{Damage: 3, Shields: 1, Round: 1}, res.Cube)
	assert.False(t, res.Fleets[0].ForcedRetreat)

	// Next round: simultaneous, cube rolls six dice, Federation needs 5+.
	next := CubeRound{Cube: res.Cube, Fleets: []Fleet{{Ships: 3, Weapons: 4}}, BorgHit: 4}
	assert.False(t, next.FirstStrike())
	assert.Equal(t, 6, BorgDiceDue(next.Cube, false, 0))
	target, ok := PlayerTarget(4, next.Cube.Shields, false)
	assert.True(t, ok)
	assert.Equal(t, 5, target)
}

func TestCubeRoundTable(t *testing.T) {
	cases := []struct {
		name    string
		round   CubeRound
		want    func(t *testing.T, r CubeRoundResult)
		wantErr string
	}{
		{
			name: "first strike destroys the cube: it never fires, no regeneration, tech for all",
			round: CubeRound{
				Cube:        Cube{Damage: 7},
				Fleets:      []Fleet{{Player: "K", Ships: 2, Weapons: 3}, {Player: "R", Ships: 1, Weapons: 5}},
				PlayerFaces: [][]int{{3, 6}, {1}},
				BorgHit:     4,
			},
			want: func(t *testing.T, r CubeRoundResult) {
				assert.True(t, r.CubeDestroyed)
				assert.Equal(t, 0, r.BorgDice)
				assert.Equal(t, 9, r.Cube.Damage)
				assert.True(t, r.Fleets[0].DrawsTech)
				assert.True(t, r.Fleets[1].DrawsTech)
			},
		},
		{
			name: "simultaneous round: destroyed cube still scores but does not regenerate",
			round: CubeRound{
				Cube:        Cube{Damage: 7, Shields: 2, Round: 2},
				Fleets:      []Fleet{{Ships: 3, Weapons: 3}},
				PlayerFaces: [][]int{{5, 6, 1}},
				BorgFaces:   []int{6, 6},
				BorgHit:     5,
			},
			want: func(t *testing.T, r CubeRoundResult) {
				assert.True(t, r.CubeDestroyed)
				assert.Equal(t, 2, r.BorgHits)
				assert.Equal(t, 0, r.Regenerated)
			},
		},
		{
			name: "regeneration never above 9 dice",
			round: CubeRound{
				Cube:        Cube{Damage: 1, Shields: 1, Round: 1},
				Fleets:      []Fleet{{Ships: 1, Weapons: 5}},
				PlayerFaces: [][]int{{1}},
				BorgFaces:   []int{6, 6, 6, 1, 1, 1, 1, 1},
				BorgHit:     4,
			},
			want: func(t *testing.T, r CubeRoundResult) {
				assert.Equal(t, 1, r.Regenerated)
				assert.Equal(t, 0, r.Cube.Damage)
				assert.Equal(t, 3, r.BorgHits)
				assert.Equal(t, 2, r.Cube.Shields)
			},
		},
		{
			name: "shields cap at 4 and a 3+ player must then retreat",
			round: CubeRound{
				Cube:        Cube{Shields: 3, Round: 3},
				Fleets:      []Fleet{{Ships: 1, Weapons: 3}, {Ships: 1, Weapons: 3, HitsOnSix: true}},
				PlayerFaces: [][]int{{6}, {6}},
				BorgFaces:   []int{1, 1, 1, 1, 1, 1, 1, 1, 1},
				BorgHit:     4,
			},
			want: func(t *testing.T, r CubeRoundResult) {
				assert.Equal(t, 4, r.Cube.Shields)
				assert.True(t, r.Fleets[0].ForcedRetreat)
				assert.False(t, r.Fleets[1].ForcedRetreat, "Klingons hit on 6s and are never forced out")
				assert.Equal(t, 2, r.PlayerHits)
			},
		},
		{
			name: "wrong number of Borg dice",
			round: CubeRound{
				Cube: Cube{Damage: 2, Round: 1}, Fleets: []Fleet{{Ships: 1, Weapons: 4}},
				PlayerFaces: [][]int{{2}}, BorgFaces: []int{1, 2, 3}, BorgHit: 4,
			},
			wantErr: "may roll 7 dice",
		},
		{
			name: "first strike changes the Borg dice due",
			round: CubeRound{
				Cube: Cube{}, Fleets: []Fleet{{Ships: 2, Weapons: 4}},
				PlayerFaces: [][]int{{6, 6}}, BorgFaces: []int{1, 1, 1, 1, 1, 1, 1, 1, 1}, BorgHit: 4,
			},
			wantErr: "may roll 7 dice",
		},
		{
			name:    "hit roll from console must be a die face",
			round:   CubeRound{Fleets: []Fleet{{Ships: 1, Weapons: 4}}, PlayerFaces: [][]int{{1}}, BorgHit: 7},
			wantErr: "Borg hit roll 7",
		},
		{
			name:    "destroyed cube cannot fight",
			round:   CubeRound{Cube: Cube{Damage: 9}, BorgHit: 4},
			wantErr: "destroyed",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := ResolveCubeRound(tc.round)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.ErrorIs(t, err, ErrBadInput)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			tc.want(t, res)
		})
	}
}

func TestAssimilation(t *testing.T) {
	// A system with 3 nodes and a starbase: 4 defending dice. First strike
	// in round 1: one hit, the cube then rolls 8 dice.
	a := Assimilation{
		Cube: Cube{}, Nodes: 3, Starbase: true, DefenderWeapons: 5,
		DefenderFaces: []int{5, 4, 2, 1},
		BorgFaces:     []int{6, 5, 5, 4, 4, 3, 2, 1},
		BorgHit:       4,
	}
	res, err := ResolveAssimilation(a)
	require.NoError(t, err)
	assert.Equal(t, 1, res.DefenderHits)
	assert.Equal(t, 8, res.BorgDice)
	assert.Equal(t, 5, res.BorgHits)
	assert.Equal(t, 4, res.StructuresDestroyed)
	assert.True(t, res.Assimilated)
	assert.True(t, res.StarbaseAssimilated)
	assert.Equal(t, 0, res.Cube.Damage, "the 6 regenerated the one damage")

	a.Starbase = false
	a.DefenderFaces = []int{1, 1, 1}
	a.BorgFaces = []int{4, 1, 1, 1, 1, 1, 1, 1, 1}
	res, err = ResolveAssimilation(a)
	require.NoError(t, err)
	assert.False(t, res.Assimilated)
	assert.Equal(t, 2, res.StructuresLeft)

	a.DefenderFaces = []int{1}
	_, err = ResolveAssimilation(a)
	assert.ErrorContains(t, err, "rolls 3 dice")
}

func TestReclaim(t *testing.T) {
	sp := Spire{Nodes: 2} // spire + 2 nodes = 3 structures, shields 2
	res, err := ResolveReclaim(Reclaim{Spire: sp, Fleet: Fleet{Ships: 4, Weapons: 3}, PlayerFaces: []int{6, 5, 5, 4}})
	require.NoError(t, err)
	assert.Equal(t, 5, res.Target)
	assert.Equal(t, 3, res.Structures)
	assert.Equal(t, 3, res.Hits)
	assert.True(t, res.Reclaimed, "hits equal to structures reclaim (total annihilation)")
	assert.True(t, res.DrawsTech)

	res, err = ResolveReclaim(Reclaim{Spire: sp, Fleet: Fleet{Ships: 4, Weapons: 3}, PlayerFaces: []int{6, 5, 1, 1}})
	require.NoError(t, err)
	assert.False(t, res.Reclaimed, "fewer hits have no effect")
	assert.Equal(t, 3, res.Spire.Nodes, "the system adds a node after the round")

	res, err = ResolveReclaim(Reclaim{Spire: Spire{Nodes: 3, CubeOnSpire: true}, Fleet: Fleet{Ships: 4, Weapons: 2}, PlayerFaces: []int{6, 6, 6, 6}})
	require.NoError(t, err)
	assert.Equal(t, 5, res.Structures)
	assert.True(t, res.Hopeless, "fewer ships than structures cannot reclaim")
	assert.False(t, res.Reclaimed)
	assert.Equal(t, 3, res.Spire.Nodes)
}

func TestBuildPhase(t *testing.T) {
	in := BuildInput{
		Spires: []Spire{
			{System: "a", Nodes: 0},
			{System: "b", Nodes: 2},
			{System: "c", Nodes: 3},
			{System: "d", Nodes: 3, CubeOnSpire: true},
			{System: "e", Nodes: 3, CubeOnSpire: true, CubeInOrbit: true},
		},
		CubesInPlay: 1,
	}
	res, err := BuildPhase(in)
	require.NoError(t, err)
	acts := []BuildAction{}
	for _, s := range res.Steps {
		acts = append(acts, s.Action)
	}
	assert.Equal(t, []BuildAction{BuildNode, BuildNode, BuildCube, BuildLaunch, BuildHold}, acts)
	assert.Equal(t, 1, res.Spires[0].Nodes)
	assert.Equal(t, 3, res.Spires[1].Nodes)
	assert.True(t, res.Spires[2].CubeOnSpire)
	assert.Equal(t, Spire{System: "d", CubeInOrbit: true}, res.Spires[3])
	assert.Len(t, res.Launched, 1)
	assert.Equal(t, 2, res.CubesInPlay)
	assert.Equal(t, 0, in.Spires[0].Nodes, "input not modified")

	// Five cubes in play: a full spire keeps its nodes.
	res, err = BuildPhase(BuildInput{Spires: []Spire{{Nodes: 3}}, CubesInPlay: 5})
	require.NoError(t, err)
	assert.Equal(t, BuildFull, res.Steps[0].Action)
	assert.Equal(t, 3, res.Spires[0].Nodes)

	// Hub roll: target is an input, 5 cubes block it.
	res, err = BuildPhase(BuildInput{Hub: &HubRoll{Roll: 5, Target: 5}, CubesInPlay: 2})
	require.NoError(t, err)
	assert.True(t, res.HubCube)
	assert.Equal(t, 3, res.CubesInPlay)
	made, err := TranswarpHub(HubRoll{Roll: 6, Target: 5}, 5)
	require.NoError(t, err)
	assert.False(t, made)
	made, err = TranswarpHub(HubRoll{Roll: 6, Target: 5, HubHasCube: true}, 1)
	require.NoError(t, err)
	assert.False(t, made)
	_, err = TranswarpHub(HubRoll{Roll: 6}, 1)
	assert.ErrorContains(t, err, "Borg console")
}

func TestDefeatAndExtermination(t *testing.T) {
	assert.False(t, NeedSpire(4, false))
	assert.True(t, NeedSpire(5, false), "five spires and a sixth needed")
	assert.False(t, NeedSpire(2, true))
	assert.True(t, NeedSpire(3, true), "optional: three spires and a fourth needed")
	sp, defeat := PlaceSpire([]Spire{{}, {}}, "Risa", false)
	assert.False(t, defeat)
	assert.Len(t, sp, 3)
	assert.Equal(t, "Risa", sp[2].System)

	after := StarbaseAssimilated([]Spire{{Nodes: 0}, {Nodes: 3}})
	assert.Equal(t, 1, after[0].Nodes)
	assert.Equal(t, 3, after[1].Nodes)

	ex, err := Exterminate([]SystemHeld{{System: "Qo'noS", ResourceNodes: 3}, {System: "x", ResourceNodes: 1}})
	require.NoError(t, err)
	assert.Equal(t, 3, ex[0].WarpTokens)
	assert.Equal(t, 1, ex[1].WarpTokens)
}

func TestHitTableAndJSON(t *testing.T) {
	ht := HitTable{BySpires: map[int]int{0: 5, 1: 4}}
	h, err := ht.HitRoll(1)
	require.NoError(t, err)
	assert.Equal(t, 4, h)
	_, err = ht.HitRoll(3)
	assert.ErrorContains(t, err, "console")

	b, err := json.Marshal(ht)
	require.NoError(t, err)
	var back HitTable
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, ht, back)

	c := Cube{ID: "c1", Damage: 3, Shields: 1, Round: 1}
	b, err = json.Marshal(c)
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":"c1","damage":3,"shields":1,"round":1}`, string(b))
	assert.Equal(t, Cube{ID: "c1"}, c.EndBattle())
}

// Seed 004 "Engage Player Ships" example: a cube about to assimilate Risa,
// defended by 3 Federation ships, with 5 Klingon ships in the adjacent
// sector: it engages both at once; both attack the cube and share its hits
// in turn order; if the cube dies, both draw a Borg tech card.
func TestRulebookExampleRisa(t *testing.T) {
	r := CubeRound{
		Cube: Cube{Damage: 2},
		Fleets: []Fleet{
			{Player: "Federation", Ships: 3, Weapons: 4},
			{Player: "Klingon", Ships: 5, Weapons: 5, HitsOnSix: true},
		},
		PlayerFaces: [][]int{{4, 5, 1}, {6, 5, 5, 2, 1}},
		BorgHit:     4,
	}
	// Federation 2 hits (4+), Klingons 3 hits (5+): 5 + 2 damage = 7.
	assert.Equal(t, 2, BorgDiceDue(r.Cube, true, 5))
	r.BorgFaces = []int{6, 4}
	res, err := ResolveCubeRound(r)
	require.NoError(t, err)
	assert.Equal(t, 5, res.PlayerHits)
	assert.Equal(t, 2, res.BorgHits)
	assert.Equal(t, 6, res.Cube.Damage, "7 damage, one 6 regenerates")
	assert.Equal(t, []int{1, 1}, AllocateInTurnOrder(res.BorgHits, []int{3, 5}))

	// Next round, simultaneous: enough hits destroy it; both draw tech.
	r2 := CubeRound{Cube: res.Cube, Fleets: []Fleet{{Player: "Federation", Ships: 2, Weapons: 4}, {Player: "Klingon", Ships: 4, Weapons: 5, HitsOnSix: true}},
		PlayerFaces: [][]int{{6, 6}, {6, 1, 1, 1}}, BorgFaces: []int{6, 6, 1}, BorgHit: 4}
	res, err = ResolveCubeRound(r2)
	require.NoError(t, err)
	assert.True(t, res.CubeDestroyed)
	assert.Equal(t, 0, res.Regenerated)
	assert.True(t, res.Fleets[0].DrawsTech)
	assert.True(t, res.Fleets[1].DrawsTech)
}

func TestAllocateInTurnOrder(t *testing.T) {
	assert.Equal(t, []int{3, 2, 2}, AllocateInTurnOrder(7, []int{5, 2, 4}))
	assert.Equal(t, []int{1, 2}, AllocateInTurnOrder(9, []int{1, 2}), "more hits than ships")
	assert.Equal(t, []int{0, 0}, AllocateInTurnOrder(0, []int{1, 2}))
}
