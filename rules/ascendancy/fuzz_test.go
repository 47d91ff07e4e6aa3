package ascendancy

import "testing"

func faces(b []byte) []int {
	out := make([]int, len(b))
	for i, c := range b {
		out[i] = int(c % 8)
	}
	return out
}

// FuzzResolveSpaceRound feeds arbitrary values to a two-defender round: no
// panics, and losses never exceed ships.
func FuzzResolveSpaceRound(f *testing.F) {
	f.Add(1, 6, 5, 0, true, 4, 4, 1, false, 2, []byte{6, 5, 4}, []byte{5, 1, 1}, []byte{6, 6}, []byte{1, 2})
	f.Fuzz(func(t *testing.T, round, aShips, aWeap, aShield int, aFS bool, d1Ships, d1Weap, d1Shield int, d1FS bool, d2Ships int, af1, af2, df1, df2 []byte) {
		r := SpaceRound{
			Round:         round,
			Attacker:      Side{Ships: aShips, Weapons: aWeap, Shields: aShield, FirstStrike: aFS},
			Defenders:     []Side{{Ships: d1Ships, Weapons: d1Weap, Shields: d1Shield, FirstStrike: d1FS}, {Ships: d2Ships, Weapons: 5}},
			AttackerFaces: [][]int{faces(af1), faces(af2)},
			DefenderFaces: [][]int{faces(df1), faces(df2)},
		}
		res, err := ResolveSpaceRound(r)
		if err != nil {
			return
		}
		if res.AttackerLosses > aShips || res.Defenders[0].Losses > d1Ships || res.Defenders[1].Losses > d2Ships {
			t.Fatalf("losses above ships: %+v", res)
		}
	})
}

// FuzzResolveInvasion: no panics; nodes destroyed never exceed nodes and
// collateral damage never takes the control node.
func FuzzResolveInvasion(f *testing.F) {
	f.Add(1, 4, 4, 3, 5, 0, false, false, []byte{6, 5, 4, 1}, []byte{6, 1, 1})
	f.Fuzz(func(t *testing.T, round, ships, weap, nodes, defWeap, defShields int, fs, dfs bool, af, df []byte) {
		res, err := ResolveInvasion(Invasion{
			Round: round, Attacker: Side{Ships: ships, Weapons: weap, FirstStrike: fs}, Nodes: nodes, Controlled: true,
			DefenderWeapons: defWeap, DefenderShields: defShields, DefenderFirstStrike: dfs,
			AttackerFaces: faces(af), DefenderFaces: faces(df),
		})
		if err != nil {
			return
		}
		if res.NodesDestroyed > nodes || (res.Outcome == Collateral && res.NodesLeft < 1) {
			t.Fatalf("bad node count: %+v", res)
		}
	})
}

// FuzzAssignCards: bidding never panics and deals every card once.
func FuzzAssignCards(f *testing.F) {
	f.Add([]byte{2, 0, 3}, uint8(2), uint64(7), true)
	f.Fuzz(func(t *testing.T, spent []byte, pick uint8, seed uint64, borg bool) {
		var bids []Bid
		var cards []int
		names := []string{"a", "b", "c", "d", "e", "f"}
		for i, b := range spent {
			if i >= len(names) {
				break
			}
			bids = append(bids, Bid{Player: names[i], FirstContact: b&1 == 0, Spent: Resources{Culture: int(b % 5)}})
			cards = append(cards, i+1)
		}
		if borg {
			cards = append(cards, len(cards)+1)
		}
		po, err := Order(bids)
		if err != nil {
			return
		}
		chosen := map[string]int{}
		for i, p := range po.Pickers {
			chosen[p] = cards[(int(pick)+i)%len(cards)]
		}
		a, err := AssignCards(Initiative{Bids: bids, Cards: cards, Borg: borg}, chosen, seed)
		if err != nil {
			return
		}
		if len(a.Cards)+len(a.BorgCards) != len(cards) {
			t.Fatalf("dealt %d of %d cards", len(a.Cards)+len(a.BorgCards), len(cards))
		}
	})
}
