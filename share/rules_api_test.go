package share

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/ascendancy"
	"tableops/tracker"
)

// TestCommandAPIKeepsTheRules: a command sent to POST /api/command goes
// through the same rule checks: a broken rule is refused with the rule's
// words, its source and "overridable"; the same step sent as a table
// ruling is recorded.
func TestCommandAPIKeepsTheRules(t *testing.T) {
	g, err := tracker.New(tracker.KindAscendancy, tracker.Options{Seeds: &tracker.CountingSeeds{}})
	require.NoError(t, err)
	h, _ := startHost(t, g, Options{})
	cmd := tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: "Anna", Faction: ascendancy.Federation,
		Resources: ascendancy.Resources{Production: 3, Research: 3, Culture: 3}},
		Ascendancy: 9, Nodes: ascendancy.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3}
	resp, out := post(t, h, "/api/command", "TEST42", encode(t, cmd), nil)
	require.NotEqual(t, http.StatusOK, resp.StatusCode, string(out))
	var refused struct {
		Error tracker.Rejection `json:"error"`
	}
	if json.Unmarshal(out, &refused) != nil || refused.Error.Rule == "" {
		require.NoError(t, json.Unmarshal(out, &refused.Error), string(out))
	}
	r := refused.Error
	assert.Equal(t, tracker.CodeRules, r.Code, string(out))
	assert.Equal(t, "Each player starts with 1 ascendancy", r.Rule)
	assert.Contains(t, r.Source, "Ascendancy rulebook")
	assert.True(t, r.Overridable)
	assert.Empty(t, g.State().Ascendancy.Players, "nothing changed")

	resp, out = post(t, h, "/api/command", "TEST42", encode(t, tracker.Ruling{Reason: "veterans start ahead", Command: cmd}), nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(out))
	assert.Equal(t, 9, g.State().Ascendancy.Players[0].Ascendancy)
	require.Len(t, g.State().Rulings, 1)
	assert.Equal(t, "veterans start ahead", g.State().Rulings[0].Reason)
}
