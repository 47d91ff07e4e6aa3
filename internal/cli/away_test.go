package cli

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runJSON runs the CLI, expects success and decodes its JSON output.
func runJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errOut := run(t, append(args, "--json")...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m), out)
	return m
}

func nums(v any) []float64 {
	var out []float64
	for _, x := range v.([]any) {
		out = append(out, x.(float64))
	}
	return out
}

// The rulebook's Attack Action Example: Lukara 6,4,2,2 with her Bat'leth
// (+1 damage) against Riker's 5,4,1: three damage.
func TestAwayAttackRulebookExampleCLI(t *testing.T) {
	m := runJSON(t, "resolve", "away-attack", "--attack", "2,6,4,2", "--defense", "5 4 1", "--damage", "1")
	assert.Equal(t, []float64{6, 4, 2, 2}, nums(m["attack"]))
	assert.Equal(t, []float64{5, 4, 1}, nums(m["defense"]))
	assert.Equal(t, 2.0, m["uncanceled"])
	assert.Equal(t, 3.0, m["damage"])
	assert.Equal(t, 0.0, m["stun"])
	assert.Len(t, m["pairs"], 4)

	code, out, _ := run(t, "resolve", "away-attack", "--attack", "6422", "--defense", "541", "--damage", "1")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "pair 1: attack 6 vs defense 5")
	assert.Contains(t, out, "pair 2: attack 4 vs defense 4: canceled")
	assert.Contains(t, out, "pair 4: attack 2 uncontested: below 4")
	assert.Contains(t, out, "result: 3 damage")
}

func TestAwayAttackStunCLI(t *testing.T) {
	tests := []struct {
		name          string
		args          []string
		damage, stun  float64
		incapacitated bool
	}{
		{"stun instead of damage", []string{"--stun"}, 0, 1, false},
		{"second stun token", []string{"--stun", "--target-stun", "1"}, 0, 1, true},
		{"no third token", []string{"--stun", "--target-stun", "2"}, 0, 0, true},
		{"borg: +0 damage", []string{"--stun", "--borg-target", "--damage", "1"}, 2, 0, false},
		{"borg, normal weapon", []string{"--borg-target", "--damage", "1"}, 3, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := runJSON(t, append([]string{"resolve", "away-attack", "--attack", "6,4,2,2", "--defense", "5,4,1"}, tt.args...)...)
			assert.Equal(t, tt.damage, m["damage"])
			assert.Equal(t, tt.stun, m["stun"])
			assert.Equal(t, tt.incapacitated, m["incapacitated"])
		})
	}
}

func TestAwayAttackVirtualRollCLI(t *testing.T) {
	args := []string{"resolve", "away-attack", "--attack-dice", "5", "--weapon-dice", "2", "--backup",
		"--defense-dice", "3", "--take-cover", "--seed", "7"}
	a := runJSON(t, args...)
	b := runJSON(t, args...)
	assert.Equal(t, a, b, "same seed, same roll")
	assert.Equal(t, true, a["virtual"])
	assert.Equal(t, 7.0, a["seed"])
	assert.Len(t, a["attack"], 6, "8 dice asked for, capped at 6")
	assert.Len(t, a["defense"], 4, "Defense 3 + Take Cover")
	assert.Equal(t, map[string]any{"wanted": 8.0, "kept": 6.0, "dropped": 2.0}, a["attack_dice"])

	code, out, _ := run(t, args...)
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "seed 7")
	assert.Contains(t, out, "2 over the six-dice cap dropped")

	c := runJSON(t, "resolve", "away-attack", "--attack-dice", "3", "--defense-dice", "2", "--target-stun", "2", "--seed", "1")
	assert.Empty(t, c["defense"], "two stun tokens remove both defense dice")
}

func TestAwaySkillCLI(t *testing.T) {
	m := runJSON(t, "resolve", "away-skill", "--tester", "5,3,1")
	assert.Equal(t, 1.0, m["successes"])
	assert.Equal(t, true, m["passed"])
	assert.Equal(t, false, m["opposed"])

	m = runJSON(t, "resolve", "away-skill", "--tester", "5,3,1", "--need", "2")
	assert.Equal(t, false, m["passed"])

	// Riker vs One of Five, final dice (see rules/away's test).
	m = runJSON(t, "resolve", "away-skill", "--tester", "5,5,4", "--challenger", "6,4,3")
	assert.Equal(t, 2.0, m["successes"])
	assert.Equal(t, true, m["passed"])
	assert.Equal(t, true, m["opposed"])

	m = runJSON(t, "resolve", "away-skill", "--tester", "6,2", "--challenger", "6")
	assert.Equal(t, 0.0, m["successes"], "6 vs 6 canceled, uncontested 2 fails")
	assert.Equal(t, false, m["passed"])

	args := []string{"resolve", "away-skill", "--tester-dice", "2", "--specialization", "2", "--backup", "--challenger-dice", "3", "--seed", "99"}
	a, b := runJSON(t, args...), runJSON(t, args...)
	assert.Equal(t, a, b)
	assert.Len(t, a["tester"], 5)
	assert.Len(t, a["challenger"], 3)

	code, out, _ := run(t, "resolve", "away-skill", "--tester", "5,5,4", "--challenger", "6,4,3")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "pair 1: tester 5 vs challenger 6: canceled")
	assert.Contains(t, out, "result: 2 successes, 1 needed: passed")
}

func TestAwayOddsCLI(t *testing.T) {
	m := runJSON(t, "odds", "away-attack", "--attack-dice", "3", "--weapon-dice", "1", "--defense-dice", "3", "--damage", "1")
	dist := m["distribution"].(map[string]any)
	total, mean := 0.0, 0.0
	for k, v := range dist {
		total += v.(float64)
		n, err := strconv.Atoi(k)
		require.NoError(t, err)
		mean += float64(n) * v.(float64)
	}
	assert.InDelta(t, 1, total, 1e-9)
	assert.InDelta(t, mean, m["expected"].(float64), 1e-9)
	assert.NotContains(t, dist, "1", "one die through always adds the +1")

	m = runJSON(t, "odds", "away-attack", "--attack-dice", "2", "--defense-dice", "2", "--stun")
	assert.InDelta(t, 1, m["distribution"].(map[string]any)["0"].(float64), 1e-12)
	assert.Greater(t, m["stun"].(map[string]any)["1"].(float64), 0.0)

	m = runJSON(t, "odds", "away-skill", "--tester-dice", "2", "--specialization", "1")
	assert.InDelta(t, 0.875, m["pass"].(float64), 1e-12)
	assert.InDelta(t, 1.5, m["expected"].(float64), 1e-12)

	m = runJSON(t, "odds", "away-skill", "--tester-dice", "3", "--need", "3")
	assert.InDelta(t, 0.125, m["pass"].(float64), 1e-12)

	m = runJSON(t, "odds", "away-skill", "--tester-dice", "3", "--challenger-dice", "3")
	assert.Equal(t, true, m["opposed"])
	assert.Less(t, m["pass"].(float64), 0.875)

	code, out, _ := run(t, "odds", "away-attack", "--attack-dice", "6", "--defense-dice", "6", "--stun")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "one Stun token")
	code, out, _ = run(t, "odds", "away-skill", "--tester-dice", "4", "--challenger-dice", "2")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "pass (1 or more)")
}

func TestAwayBadInputExits2(t *testing.T) {
	tests := [][]string{
		{"resolve", "away-attack", "--attack", "6,4,9", "--defense", "1"},
		{"resolve", "away-attack", "--attack", "6,4"},
		{"resolve", "away-attack", "--defense", "6,4"},
		{"resolve", "away-attack", "--attack", "1,1,1,1,1,1,1", "--defense", "1"},
		{"resolve", "away-attack", "--attack", "6", "--attack-dice", "2", "--defense", "1"},
		{"resolve", "away-attack", "--attack", "6", "--defense", "1", "--backup"},
		{"resolve", "away-attack", "--attack", "6", "--defense", "1", "--take-cover"},
		{"resolve", "away-attack", "--attack", "6", "--defense", "1", "--damage", "-1"},
		{"resolve", "away-attack", "--attack", "6", "--defense", "1", "--target-stun", "3"},
		{"resolve", "away-attack", "--attack", "6", "--defense", "1", "extra"},
		{"resolve", "away-attack", "--attack-dice", "x", "--defense", "1"},
		{"resolve", "away-attack", "--attack-dice", "2", "--defense-dice", "2", "--seed", "-4"},
		{"resolve", "away-attack", "--nope"},
		{"resolve", "away-skill"},
		{"resolve", "away-skill", "--tester", "7"},
		{"resolve", "away-skill", "--tester", "6", "--need", "0"},
		{"resolve", "away-skill", "--tester", "6", "--specialization", "1"},
		{"resolve", "away-skill", "--tester-dice", "2", "--specialization", "4"},
		{"resolve", "away-skill", "--tester", "6", "--challenger-backup"},
		{"odds", "away-attack", "--attack", "6", "--defense-dice", "2"},
		{"odds", "away-attack", "--attack-dice", "3"},
		{"odds", "away-attack", "--attack-dice", "3", "--defense-dice", "3", "--cards", "-1"},
		{"odds", "away-skill", "--challenger-dice", "3"},
		{"odds", "away-skill", "--tester", "6,6"},
		{"odds", "away-skill", "--tester-dice", "3", "--need", "7"},
	}
	for _, args := range tests {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errOut := run(t, args...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
			assert.True(t, strings.HasPrefix(errOut, "tableops "+args[0]+" "+args[1]+": "), errOut)
		})
	}
}

// FuzzAwayCLI feeds arbitrary flag values to the four Away Missions
// commands: every run must either succeed or exit 2 with one line, never
// fail otherwise or panic.
func FuzzAwayCLI(f *testing.F) {
	f.Add(0, "--attack", "6,4,2,2", "--defense", "5,4,1")
	f.Add(1, "--tester", "531", "--challenger", "62")
	f.Add(2, "--attack-dice", "9", "--defense-dice", "-1")
	f.Add(3, "--tester-dice", "3", "--need", "x")
	f.Add(0, "--attack-dice", "4", "--seed", "18446744073709551615")
	f.Fuzz(func(t *testing.T, which int, f1, v1, f2, v2 string) {
		cmds := [][]string{{"resolve", "away-attack"}, {"resolve", "away-skill"}, {"odds", "away-attack"}, {"odds", "away-skill"}}
		args := append(append([]string{}, cmds[(which%4+4)%4]...), f1, v1, f2, v2)
		var out, errOut strings.Builder
		code := runCLI(args, &out, &errOut)
		switch code {
		case 0:
		case 2:
			if strings.Count(errOut.String(), "\n") != 1 {
				t.Fatalf("exit 2 must print one line, got %q", errOut.String())
			}
		default:
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
	})
}

// A virtual roll's text names the seed, then the dice dropped over the cap,
// then the rules' explanation.
func TestAwayVirtualRollText(t *testing.T) {
	code, out, errOut := run(t, "resolve", "away-skill", "--tester-dice", "6", "--specialization", "2", "--challenger-dice", "3", "--seed", "4")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "Opposed skill test: tester 6 6 5 3 3 2 vs challenger 5 3 2\n"+
		"rolled virtually, seed 4\n"+
		"tester: 8 dice asked for, 2 over the six-dice cap dropped\n"+
		"pair 1: tester 6 vs challenger 5"), out)
	assert.NotContains(t, out, "challenger: ")

	m := runJSON(t, "resolve", "away-skill", "--tester-dice", "6", "--specialization", "2", "--challenger", "5,3,2", "--seed", "4")
	assert.Equal(t, map[string]any{"wanted": 8.0, "kept": 6.0, "dropped": 2.0}, m["tester_dice"])
	assert.NotContains(t, m, "challenger_dice")
}
