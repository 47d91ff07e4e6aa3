package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRulesSearchText(t *testing.T) {
	code, out, errOut := run(t, "rules", "what", "does", "Incapacitated", "do?")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "1. Incapacitated  [away-missions]  (am-incapacitated)\n"), out)
	assert.Contains(t, out, "stun token")
}

func TestRulesSearchJSON(t *testing.T) {
	// Flags may follow the words.
	code, out, errOut := run(t, "rules", "hegemony", "resistance", "--json", "--limit", "3")
	require.Equal(t, 0, code, errOut)
	var hits []struct {
		ID    string  `json:"id"`
		Title string  `json:"title"`
		Game  string  `json:"game"`
		Score float64 `json:"score"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &hits))
	require.Len(t, hits, 3)
	assert.Equal(t, "asc-hegemony", hits[0].ID)
	assert.Equal(t, "ascendancy", hits[0].Game)
	assert.GreaterOrEqual(t, hits[0].Score, hits[1].Score)

	code, out, _ = run(t, "rules", "--json", "xyzzyq")
	assert.Equal(t, 0, code)
	assert.Equal(t, "[]\n", out)
}

func TestRulesGameFilterAndTypos(t *testing.T) {
	code, out, _ := run(t, "rules", "--game", "borg", "--json", "assimlate")
	require.Equal(t, 0, code)
	var hits []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &hits))
	require.NotEmpty(t, hits)
	for _, h := range hits {
		assert.Equal(t, "borg", h["game"])
	}
}

func TestRulesShow(t *testing.T) {
	code, out, errOut := run(t, "rules", "--show", "am-stun")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "Stun weapons and stun tokens\n====="), out)
	assert.Contains(t, out, "am-incapacitated")
	assert.Contains(t, out, "Source: 001")

	code, out, _ = run(t, "rules", "--show", "AM-STUN", "--json")
	require.Equal(t, 0, code)
	var topic map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &topic))
	assert.Equal(t, "am-stun", topic["id"])
	assert.Contains(t, topic["markdown"], "# Stun weapons")
}

func TestRulesSheet(t *testing.T) {
	code, out, _ := run(t, "rules", "--sheet", "ascendancy")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "## Game round")
	assert.Contains(t, out, "## Space battle")
}

func TestRulesBadInputExits2(t *testing.T) {
	for _, args := range [][]string{
		{"rules"},
		{"rules", "--show", "no-such-topic"},
		{"rules", "--show", "am-stun", "extra"},
		{"rules", "--game", "chess", "stun"},
		{"rules", "--limit", "0", "stun"},
		{"rules", "--sheet", "chess"},
		{"rules", "--bogus"},
	} {
		code, out, errOut := run(t, args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: %q", args, errOut)
	}
}
