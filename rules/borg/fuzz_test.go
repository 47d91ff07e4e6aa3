package borg

import (
	"testing"
)

// faces turns fuzz bytes into die faces 1-6 (and some invalid ones).
func faces(b []byte) []int {
	out := make([]int, len(b))
	for i, c := range b {
		out[i] = int(c % 8) // 0..7: includes the invalid faces 0 and 7
	}
	return out
}

// FuzzResolveCubeRound feeds arbitrary entered values to the cube round:
// it must never panic, and a result must keep the cube within the rules.
func FuzzResolveCubeRound(f *testing.F) {
	f.Add(0, 0, 0, 4, 4, 6, []byte{6, 5, 4, 4, 2, 1}, []byte{6, 5, 4, 2, 1}, false)
	f.Add(7, 2, 2, 3, 5, 2, []byte{6, 6}, []byte{6, 6}, true)
	f.Fuzz(func(t *testing.T, damage, shields, round, weapons, borgHit, ships int, pf, bf []byte, six bool) {
		r := CubeRound{
			Cube:        Cube{Damage: damage, Shields: shields, Round: round},
			Fleets:      []Fleet{{Ships: ships, Weapons: weapons, HitsOnSix: six}},
			PlayerFaces: [][]int{faces(pf)},
			BorgFaces:   faces(bf),
			BorgHit:     borgHit,
		}
		res, err := ResolveCubeRound(r)
		if err != nil {
			return
		}
		if res.Cube.Damage < 0 || res.Cube.Damage > CubeDice || res.Cube.Shields > MaxCubeShields {
			t.Fatalf("cube out of range: %+v", res.Cube)
		}
		if res.CubeDestroyed && res.Regenerated != 0 {
			t.Fatalf("a destroyed cube regenerated")
		}
		if res.BorgDice != len(r.BorgFaces) {
			t.Fatalf("accepted %d Borg dice, %d due", len(r.BorgFaces), res.BorgDice)
		}
	})
}

// FuzzBuildPhase must never panic and never exceed the cube limit.
func FuzzBuildPhase(f *testing.F) {
	f.Add([]byte{0, 3, 7, 11}, 2, 4, 5, false)
	f.Fuzz(func(t *testing.T, spires []byte, cubes, roll, target int, hubCube bool) {
		in := BuildInput{CubesInPlay: cubes, Hub: &HubRoll{Roll: roll, Target: target, HubHasCube: hubCube}}
		for _, b := range spires {
			in.Spires = append(in.Spires, Spire{Nodes: int(b % 5), CubeOnSpire: b&8 != 0, CubeInOrbit: b&16 != 0})
		}
		res, err := BuildPhase(in)
		if err != nil {
			return
		}
		if res.CubesInPlay+CubesOnSpires(res.Spires) > MaxCubes {
			t.Fatalf("more than %d cubes: %+v", MaxCubes, res)
		}
	})
}
