package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBattleResolveSpaceBattle(t *testing.T) {
	m := runJSON(t, "resolve", "space-battle", "--dice", "6,5,4,1", "--hit", "4")
	assert.Equal(t, 4.0, m["target"])
	assert.Equal(t, 3.0, m["hits"])
	assert.NotContains(t, m, "impossible")

	m = runJSON(t, "resolve", "space-battle", "--dice", "6,5,4,1", "--hit", "3", "--shields", "1")
	assert.Equal(t, 4.0, m["target"], "rulebook: Klingon 3+ against Romulan shields 1 needs 4")

	m = runJSON(t, "resolve", "space-battle", "--dice", "6,6", "--hit", "5", "--shields", "2")
	assert.Equal(t, 7.0, m["target"])
	assert.Equal(t, 0.0, m["hits"])
	assert.Equal(t, true, m["impossible"])

	a := runJSON(t, "resolve", "space-battle", "--count", "5", "--hit", "4", "--seed", "9")
	b := runJSON(t, "resolve", "space-battle", "--count", "5", "--hit", "4", "--seed", "9")
	assert.Equal(t, a, b, "same seed, same roll")
	assert.Equal(t, true, a["virtual"])
	assert.Len(t, a["dice"], 5)

	_, out, _ := run(t, "resolve", "space-battle", "--dice", "6,5,4,1", "--hit", "5", "--shields", "2")
	assert.Contains(t, out, "must retreat")
}

func TestBattleResolveInvasion(t *testing.T) {
	// Seed 002: four Klingon ships against a system with 3 nodes.
	cases := []struct {
		faces     string
		outcome   string
		destroyed float64
	}{
		{"6,5,4,4", "successful", 0},
		{"6,5,4", "annihilation", 3},
		{"6,5,1,1", "collateral", 2},
		{"6,1,1,1", "collateral", 1},
	}
	for _, tc := range cases {
		m := runJSON(t, "resolve", "invasion", "--dice", tc.faces, "--hit", "4", "--nodes", "3")
		assert.Equal(t, tc.outcome, m["outcome"], tc.faces)
		assert.Equal(t, tc.destroyed, m["nodes_destroyed"], tc.faces)
	}
	_, out, _ := run(t, "resolve", "invasion", "--dice", "6,1,1,1", "--hit", "4", "--nodes", "3")
	assert.Contains(t, out, "never the control node")
}

func TestBattleResolveHegemony(t *testing.T) {
	// Seed 002 example: roll 3 + ascendancy 2 = 5 against resistance 4.
	m := runJSON(t, "resolve", "hegemony", "--roll", "3", "--ascendancy", "2", "--resistance", "4")
	assert.Equal(t, 5.0, m["total"])
	assert.Equal(t, true, m["success"])
	m = runJSON(t, "resolve", "hegemony", "--roll", "4", "--ascendancy", "2", "--resistance", "6")
	assert.Equal(t, false, m["success"])
	m = runJSON(t, "resolve", "hegemony", "--roll", "4", "--ascendancy", "2", "--resistance", "4", "--ferengi")
	assert.Equal(t, 4.0, m["total"])
	assert.Equal(t, false, m["success"], "equal is not higher")
}

// The Borg rulebook's worked example through the command line.
func TestBattleResolveBorgRoundRulebookExample(t *testing.T) {
	m := runJSON(t, "resolve", "borg-round", "--player-dice", "6,5,4,4,2,1", "--hit", "4",
		"--cube-damage", "0", "--cube-shields", "0", "--first-strike", "--borg-dice", "6,5,4,2,1", "--borg-hit", "4")
	want := map[string]float64{"player_hits": 4, "borg_hits": 3, "regenerated": 1, "cube_damage": 3, "cube_shields": 1, "cube_dice_next_round": 6}
	for k, v := range want {
		assert.Equal(t, v, m[k], k)
	}
	assert.Equal(t, false, m["cube_destroyed"])
	assert.Equal(t, false, m["forced_retreat"])

	// Next round: six Borg dice, the Federation needs 5+.
	m = runJSON(t, "resolve", "borg-round", "--player-dice", "5,4,1", "--hit", "4",
		"--cube-damage", "3", "--cube-shields", "1", "--borg-dice", "1,1,1,1,1,1", "--borg-hit", "4")
	assert.Equal(t, 5.0, m["player_target"])
	assert.Equal(t, 1.0, m["player_hits"])
	assert.Equal(t, 4.0, m["cube_damage"])
	assert.Equal(t, 2.0, m["cube_shields"])
}

func TestBattleResolveBorgRoundRules(t *testing.T) {
	// Destroyed by first strike: no Borg dice at all, no regeneration.
	m := runJSON(t, "resolve", "borg-round", "--player-dice", "6,6", "--hit", "4", "--cube-damage", "7", "--first-strike", "--borg-dice", "", "--borg-hit", "4")
	assert.Equal(t, true, m["cube_destroyed"])
	assert.Equal(t, 9.0, m["cube_damage"])

	// 5+ weapons against shields 1 become 7+ after the round: retreat.
	m = runJSON(t, "resolve", "borg-round", "--player-dice", "1", "--hit", "5", "--cube-damage", "0", "--cube-shields", "1", "--borg-dice", "1,1,1,1,1,1,1,1,1", "--borg-hit", "4")
	assert.Equal(t, true, m["forced_retreat"])
	assert.Equal(t, 2.0, m["cube_shields"])

	// auto rolls exactly what the cube may roll.
	m = runJSON(t, "resolve", "borg-round", "--player-count", "3", "--hit", "4", "--cube-damage", "2", "--cube-shields", "2", "--borg-count", "auto", "--borg-hit", "4", "--seed", "5")
	assert.Len(t, m["borg_faces"], 7)
	assert.Equal(t, true, m["virtual"])

	// Shields cap at 4.
	m = runJSON(t, "resolve", "borg-round", "--player-dice", "6", "--hit", "2", "--cube-shields", "4", "--borg-dice", "1,1,1,1,1,1,1,1,1", "--borg-hit", "4")
	assert.Equal(t, 4.0, m["cube_shields"])
}

func TestBattleBadInputExits2WithOneLine(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"resolve", "borg-round", "--player-dice", "6,5,4,4,2,1", "--hit", "4", "--first-strike", "--borg-dice", "6,5,4,2,1,1", "--borg-hit", "4"}, "may roll 5 dice"},
		{[]string{"resolve", "borg-round", "--player-dice", "6", "--hit", "4", "--cube-damage", "2", "--borg-dice", "6", "--borg-hit", "4"}, "may roll 7 dice"},
		{[]string{"resolve", "borg-round", "--player-dice", "6", "--hit", "4", "--borg-dice", "6", "--borg-hit", "8"}, "--borg-hit 8"},
		{[]string{"resolve", "borg-round", "--player-dice", "6", "--hit", "4", "--cube-damage", "9", "--borg-dice", "6", "--borg-hit", "4"}, "--cube-damage"},
		{[]string{"resolve", "space-battle", "--dice", "6,7", "--hit", "4"}, "not a die face"},
		{[]string{"resolve", "space-battle", "--dice", "6", "--count", "2", "--hit", "4"}, "not both"},
		{[]string{"resolve", "space-battle", "--hit", "4"}, "--dice or --count is required"},
		{[]string{"resolve", "space-battle", "--dice", "6", "--hit", "0"}, "--hit 0"},
		{[]string{"resolve", "invasion", "--dice", "6", "--hit", "4"}, "--nodes 0"},
		{[]string{"resolve", "hegemony", "--roll", "7", "--resistance", "2"}, "not a die face"},
		{[]string{"resolve", "hegemony", "--roll", "3"}, "--resistance is required"},
		{[]string{"odds", "borg-battle", "--ships", "3", "--hit", "4"}, "--borg-hit 0"},
		{[]string{"odds", "borg-battle", "--ships", "3", "--hit", "4", "--borg-hit", "4", "--cube-shields", "5"}, "shields"},
		{[]string{"odds", "space-battle", "--hit", "4"}, "--dice N"},
		{[]string{"odds", "invasion", "--dice", "3", "--hit", "4", "--nodes", "0"}, "--nodes 0"},
	}
	for _, tc := range cases {
		code, out, errOut := run(t, tc.args...)
		assert.Equal(t, 2, code, "%v", tc.args)
		assert.Empty(t, out, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: %q", tc.args, errOut)
		assert.Contains(t, errOut, tc.want, "%v", tc.args)
	}
}

func TestBattleOdds(t *testing.T) {
	m := runJSON(t, "odds", "space-battle", "--dice", "2", "--hit", "4")
	hits := m["hits"].(map[string]any)
	assert.InDelta(t, 0.25, hits["2"], 1e-12)
	assert.InDelta(t, 1.0, m["expected"], 1e-12)
	m = runJSON(t, "odds", "space-battle", "--dice", "2", "--hit", "5", "--shields", "2")
	assert.Equal(t, true, m["impossible"])

	m = runJSON(t, "odds", "invasion", "--dice", "4", "--hit", "4", "--nodes", "3")
	assert.InDelta(t, 1.0/16, m["successful"], 1e-12)
	assert.InDelta(t, 4.0/16, m["annihilation"], 1e-12)
	assert.InDelta(t, 11.0/16, m["collateral"], 1e-12)
	assert.NotContains(t, m, "attacker_losses")
	m = runJSON(t, "odds", "invasion", "--dice", "4", "--hit", "4", "--nodes", "3", "--defender-hit", "5")
	assert.Contains(t, m, "attacker_losses")

	m = runJSON(t, "odds", "borg-battle", "--ships", "6", "--hit", "4", "--borg-hit", "4")
	sum := m["cube_destroyed"].(float64) + m["players_wiped"].(float64) + m["forced_retreat"].(float64)
	assert.InDelta(t, 1, sum, 1e-9)
	assert.Greater(t, m["expected_ships_lost"].(float64), 0.0)
	m2 := runJSON(t, "odds", "borg-battle", "--player-dice", "6", "--hit", "4", "--borg-hit", "4")
	assert.Equal(t, m, m2, "--player-dice is --ships")

	m = runJSON(t, "odds", "hegemony", "--ascendancy", "2", "--resistance", "6")
	assert.InDelta(t, 2.0/6, m["success"], 1e-12, "rulebook: needs a 5 or 6")
	assert.Equal(t, 5.0, m["need"])

	code, out, _ := run(t, "odds", "borg-battle", "--ships", "6", "--hit", "4", "--borg-hit", "4")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "cube destroyed")
	assert.Contains(t, out, "forced to retreat")
}

// The text of a virtual roll names its seed on the first line; entered
// dice say nothing of a seed.
func TestBattleVirtualRollText(t *testing.T) {
	for _, tc := range []struct {
		args []string
		line string
	}{
		{[]string{"resolve", "space-battle", "--count", "5", "--hit", "4", "--seed", "7"}, "Dice 4,2,3,5,5 (rolled virtually, seed 7)\n"},
		{[]string{"resolve", "space-battle", "--dice", "6,5,1", "--hit", "4"}, "Dice 6,5,1\nHit roll"},
		{[]string{"resolve", "invasion", "--count", "4", "--hit", "4", "--nodes", "2", "--seed", "3"}, "Dice 6,1,2,5 (rolled virtually, seed 3)\nYou need 4 or more"},
		{[]string{"resolve", "hegemony", "--ascendancy", "2", "--resistance", "4", "--seed", "9"}, "Roll 2 + ascendancy 2 = 4 against resistance 4 (rolled virtually, seed 9)\n"},
		{[]string{"resolve", "hegemony", "--roll", "5", "--ascendancy", "2", "--resistance", "4"}, "Roll 5 + ascendancy 2 = 7 against resistance 4\n"},
	} {
		code, out, errOut := run(t, tc.args...)
		require.Equal(t, 0, code, "%v: %s", tc.args, errOut)
		assert.True(t, strings.HasPrefix(out, tc.line), "%v:\n%s", tc.args, out)
	}
}

// TestBattleHegemonyModifier: a card's die modifier (the Universal
// Translator, +1) counts in "resolve hegemony" and "odds hegemony".
func TestBattleHegemonyModifier(t *testing.T) {
	cases := []struct {
		mod     string
		success bool
		chance  float64
		need    float64
	}{{"0", false, 2.0 / 6, 5}, {"1", true, 3.0 / 6, 4}}
	for _, tc := range cases {
		m := runJSON(t, "resolve", "hegemony", "--roll", "4", "--ascendancy", "2", "--resistance", "6", "--modifier", tc.mod)
		assert.Equal(t, tc.success, m["success"], "modifier %s", tc.mod)
		m = runJSON(t, "odds", "hegemony", "--ascendancy", "2", "--resistance", "6", "--modifier", tc.mod)
		assert.InDelta(t, tc.chance, m["success"], 1e-12)
		assert.Equal(t, tc.need, m["need"])
	}
	code, _, _ := run(t, "odds", "hegemony", "--ascendancy", "2", "--resistance", "6", "--modifier", "9")
	assert.Equal(t, 2, code)
}

// TestBattleBorgOddsNoFirstStrikeMidBattle: a cube with raised shields is
// already in battle, so the players do not strike first; the
// help lists --rounds-fought.
func TestBattleBorgOddsNoFirstStrikeMidBattle(t *testing.T) {
	shielded := runJSON(t, "odds", "borg-battle", "--ships", "4", "--hit", "3", "--borg-hit", "4", "--cube-damage", "3", "--cube-shields", "1")
	inBattle := runJSON(t, "odds", "borg-battle", "--ships", "4", "--hit", "3", "--borg-hit", "4", "--cube-damage", "3", "--cube-shields", "1", "--rounds-fought", "1")
	assert.Equal(t, inBattle, shielded, "shields up mean a round was fought: no first strike")
	first := runJSON(t, "odds", "borg-battle", "--ships", "4", "--hit", "4", "--borg-hit", "4")
	noFirst := runJSON(t, "odds", "borg-battle", "--ships", "4", "--hit", "4", "--borg-hit", "4", "--no-first-strike")
	assert.Greater(t, first["cube_destroyed"].(float64), noFirst["cube_destroyed"].(float64))
	code, _, _ := run(t, "resolve", "borg-round", "--player-dice", "6,5", "--hit", "4", "--cube-shields", "1", "--first-strike",
		"--borg-dice", "1,1,1,1,1,1,1", "--borg-hit", "4")
	assert.Equal(t, 2, code, "first strike is for a fresh cube")
	code, out, _ := run(t, "help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "--rounds-fought")
}

// TestOddsSpaceBattleStarbaseReadings: starbases add one die (full
// rulebook) or one each (rules summary), as --starbase-dice says.
func TestOddsSpaceBattleStarbaseReadings(t *testing.T) {
	cases := []struct {
		args []string
		dice float64
	}{
		{[]string{"--starbases", "0"}, 3},
		{[]string{"--starbases", "1"}, 4},
		{[]string{"--starbases", "2"}, 4},
		{[]string{"--starbases", "2", "--starbase-dice", "orbit"}, 4},
		{[]string{"--starbases", "2", "--starbase-dice", "per_starbase"}, 5},
	}
	for _, tc := range cases {
		m := runJSON(t, append([]string{"odds", "space-battle", "--dice", "3", "--hit", "5"}, tc.args...)...)
		assert.Equal(t, tc.dice, m["dice"], "%v", tc.args)
	}
	for _, bad := range [][]string{{"--starbases", "-1"}, {"--starbase-dice", "some"}} {
		code, _, errOut := run(t, append([]string{"odds", "space-battle", "--dice", "3", "--hit", "5"}, bad...)...)
		assert.NotZero(t, code, "%v", bad)
		assert.NotEmpty(t, errOut)
	}
}
