package tracker

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	awayrules "tableops/rules/away"
)

// intLeaves calls fn with every int a command carries (struct fields,
// resources, list elements, map values, behind pointers), settable.
func intLeaves(v reflect.Value, fn func(reflect.Value, func(int64))) {
	switch v.Kind() {
	case reflect.Int:
		fn(v, v.SetInt)
	case reflect.Pointer:
		if !v.IsNil() {
			intLeaves(v.Elem(), fn)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				intLeaves(v.Field(i), fn)
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			intLeaves(v.Index(i), fn)
		}
	case reflect.Map:
		if v.Type().Elem().Kind() != reflect.Int {
			return
		}
		for _, k := range v.MapKeys() {
			m, key := v, k
			fn(v.MapIndex(k), func(n int64) { m.SetMapIndex(key, reflect.ValueOf(int(n))) })
		}
	}
}

// withLeaf returns a deep copy of cmd (through its JSON form) with its
// i-th int set to n; ok is false when cmd has fewer ints.
func withLeaf(t *testing.T, cmd Command, i int, n int64) (Command, bool) {
	t.Helper()
	b, err := EncodeCommand(cmd)
	require.NoError(t, err)
	c, err := DecodeCommand(b)
	require.NoError(t, err)
	p := reflect.New(reflect.TypeOf(c))
	p.Elem().Set(reflect.ValueOf(c))
	k, found := 0, false
	intLeaves(p.Elem(), func(_ reflect.Value, set func(int64)) {
		if k == i {
			set(n)
			found = true
		}
		k++
	})
	return p.Elem().Interface().(Command), found
}

// TestExtremeNumbers (issue 30, 8): every number a command carries, set
// to the extremes of int (and a few values that overflow when added or
// negated), is refused, or leads to a game ValidateState accepts: the game's
// own export then imports. Today asc.add_player with resources
// 9223372036854775807 and asc.command with delta -9223372036854775808 are
// accepted.
func TestExtremeNumbers(t *testing.T) {
	res := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	setup := func(t *testing.T) *Session {
		s := newTestSession(t, KindAscendancy)
		play(t, s, SetStrict{Strict: false})
		return s
	}
	cases := []struct {
		start func(*testing.T) *Session
		cmd   Command
	}{
		{setup, AddAscPlayer{Name: "Zed", Resources: res, Weapons: 5, Shields: 1, BaseCommands: 3}},
		{setup, AddStartingPlayer{AddAscPlayer: AddAscPlayer{Name: "Zed", Resources: res}, Ascendancy: 1, Ships: 3,
			Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}}},
		{ascInitiative, Bid{Player: "p1", Spent: ascrules.Resources{Production: 1}}},
		{ascInitiative, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}},
		{ascTwoPlayers, AdjustAsc{Player: "p1", Counter: CounterProduction, Delta: 1}},
		{ascTwoPlayers, AdjustAsc{Player: "p1", Counter: CounterShips, Delta: -1}},
		{ascTwoPlayers, UseCommand{Player: "p1", Delta: 1}},
		{ascTwoPlayers, SetTrade{Player: "p1", From: "p2", Resources: ascrules.Resources{Production: 1, Culture: 1}}},
		{ascTwoPlayers, PayFor{Player: "p1", What: "probe", Cost: ascrules.Resources{Production: 1}, Counter: CounterShips, Delta: 1}},
		{ascTwoPlayers, BuildShips{Player: "p1", Ships: 1}},
		{awayPair, AdjustTrack{Character: "c3", Track: awayrules.Attack, Delta: -1}},
		{awayPair, AdjustStun{Character: "c3", Delta: 1}},
		{awayPair, AdjustTokens{Player: "p1", Token: TokenAdapt, Delta: 1}},
		{awayPair, AdjustTokens{Character: "c3", Token: TokenHonor, Delta: 1}},
		{awayPair, ScoreMission{Player: "p1", Name: "Probe", Points: 2}},
		{awayRelaxed, SkillTest{Tester: "c3", Need: 1, Roll: Entered(5, 1), CardDice: 1}},
		{awayRelaxed, ApplyAttack{Target: "c4", Setup: &awayrules.AttackSetup{Attack: 2, WeaponDice: 0, WeaponDamage: 1, Defense: 2}, CardDice: 1, DefenseCardDice: 1,
			Attack: Roll{Faces: []int{1, 1, 1}, Rerolls: []Reroll{{Indexes: []int{1}, Faces: []int{2}}}}, Defense: Entered(1, 1, 1),
			Tracks: []awayrules.Rating{awayrules.Attack}}},
		{awayRelaxed, AdjustTrack{Character: "c3", Track: awayrules.Attack, Delta: -1}},
		{ascCommandPhase, battle("p1", 2, "p2", 2)},
		{cubeBattle, annaRound(4, []int{6, 5, 1, 1}, []int{1, 1, 1, 1, 1, 1, 1})},
		{awaySetup, AddCharacter{Player: "p1", Name: "Z", Attack: []int{1, 2}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}, Escalation: 2}},
	}
	extremes := []int64{math.MaxInt64, math.MinInt64, math.MaxInt64/2 + 1, math.MinInt64 / 2, math.MaxInt32 + 1, -1}
	for _, tc := range cases {
		base := tc.start(t)
		log := base.Log()
		s, err := Replay(base.Kind(), log, Options{Now: testClock(), Seeds: &CountingSeeds{Next: 1}})
		require.NoError(t, err)
		_, err = s.Execute(tc.cmd)
		require.NoError(t, err, "%s: the base command applies", tc.cmd.CommandType())
		for i := 0; ; i++ {
			if _, ok := withLeaf(t, tc.cmd, i, 0); !ok {
				break
			}
			for _, n := range extremes {
				cmd, _ := withLeaf(t, tc.cmd, i, n)
				s, err := Replay(base.Kind(), log, Options{Now: testClock(), Seeds: &CountingSeeds{Next: 1}})
				require.NoError(t, err)
				_, err = s.Execute(cmd)
				if err != nil {
					assert.True(t, errors.Is(err, ErrRejected), "%s, number %d = %d: %v", cmd.CommandType(), i, n, err)
					continue
				}
				assert.NoError(t, validateLog(s.Kind(), s.Log()), "%s, number %d = %d was accepted: %+v", cmd.CommandType(), i, n, cmd)
			}
		}
	}
}

// ascInitiative is a relaxed Ascendancy game of two players at the first
// initiative stage, both with first contact.
func ascInitiative(t *testing.T) *Session {
	s := newTestSession(t, KindAscendancy)
	res := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	play(t, s, SetStrict{Strict: false}, AddAscPlayer{Name: "A", Resources: res}, AddAscPlayer{Name: "B", Resources: res},
		FirstContact{Player: "p1"}, FirstContact{Player: "p2"}, StartAscendancy{})
	return s
}

// ascCommandPhase is ascTurns at Anna's command phase.
func ascCommandPhase(t *testing.T) *Session {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	play(t, s, NextPhase{})
	return s
}

// cubeBattle is a game with the Borg at Anna's command phase, a cube in
// Sol and ships to fight it.
func cubeBattle(t *testing.T) *Session {
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, AddCube{System: "Sol"},
		AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 5}, AdjustAsc{Player: "p2", Counter: CounterShips, Delta: 5})
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{})
	return s
}

// awayRelaxed is awayPair played without strict rule checks.
func awayRelaxed(t *testing.T) *Session {
	s := newTestSession(t, KindAway)
	play(t, s, SetStrict{Strict: false}, AddAwayPlayer{Name: "A"}, AddAwayPlayer{Name: "B"},
		AddCharacter{Player: "p1", Name: "X", Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Y", Attack: []int{1, 2}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p2"}}, StartRound{}, StartActionPhase{})
	return s
}

// awaySetup is an Away Missions game of two players in setup.
func awaySetup(t *testing.T) *Session {
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "A"}, AddAwayPlayer{Name: "B"})
	return s
}

// TestOutOfRangeRefusalsNameTheField (issue 30, 8): the refusal of a
// number out of range says which number and the range it must be in.
func TestOutOfRangeRefusalsNameTheField(t *testing.T) {
	cases := []struct {
		start func(*testing.T) *Session
		cmd   Command
		want  string
	}{
		{func(t *testing.T) *Session { return newTestSession(t, KindAscendancy) },
			AddAscPlayer{Name: "Zed", Resources: ascrules.Resources{Production: math.MaxInt64, Research: 1, Culture: 1}},
			"Starting resources: production is 9223372036854775807; it runs from 0 to 1000."},
		{ascTwoPlayers, UseCommand{Player: "p1", Delta: math.MinInt64},
			"Commands to exhaust (or ready, below 0) is -9223372036854775808; it runs from -9999 to 9999."},
		{ascTwoPlayers, SetTrade{Player: "p1", From: "p2", Resources: ascrules.Resources{Production: math.MaxInt64, Research: math.MaxInt64, Culture: 2}},
			"Trade agreement resources: production is 9223372036854775807; it runs from 0 to 100."},
		{awayPair, AdjustStun{Character: "c3", Delta: math.MinInt64},
			"Stun tokens to add (or remove, below 0) is -9223372036854775808; it runs from -2 to 2."},
	}
	for _, tc := range cases {
		s := tc.start(t)
		_, err := s.Execute(tc.cmd)
		var r *Rejection
		require.ErrorAs(t, err, &r, "%s", tc.cmd.CommandType())
		assert.Equal(t, CodeInvalid, r.Code)
		assert.Equal(t, tc.want, r.Reason)
	}
}
