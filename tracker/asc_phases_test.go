package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
)

// TestPhaseHintsMatchTheRefusals: every action a phase's hint names is
// refused in the other phase by the rule of the phases (seed 003: "Once
// your Command phase has started you may not spend resources to build";
// seed 002 Execution Stage: commands come after the building phase), so
// the building hint never offers starbases or projects (issue 27, "Texts
// and hints that match the rules").
func TestPhaseHintsMatchTheRefusals(t *testing.T) {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	building := AscPhaseActions(PhaseBuilding)
	command := AscPhaseActions(PhaseCommand)
	require.NotEmpty(t, building)
	require.NotEmpty(t, command)
	var names []string
	for _, m := range building {
		names = append(names, m.Text)
	}
	assert.NotContains(t, names, "commission starbases")
	assert.NotContains(t, names, "launch projects")
	for _, a := range phaseActions() {
		if a.example == nil || a.phase != PhaseCommand {
			continue
		}
		refusedBy(t, s, a.example("p1"), ruleCommandPhase)
	}
	play(t, s, NextPhase{})
	for _, a := range phaseActions() {
		if a.example == nil || a.phase != PhaseBuilding {
			continue
		}
		refusedBy(t, s, a.example("p1"), ruleNoBuildInCommand)
	}
}
