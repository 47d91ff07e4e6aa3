package tracker

import (
	ascrules "tableops/rules/ascendancy"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOldRechargeSummaryTexts: a recharge summary saved before its lines
// were kept as data is read back into the same keyed pieces a new one
// has; a line the tracker did not word so is shown as it is.
func TestOldRechargeSummaryTexts(t *testing.T) {
	tr := func(key, english string, args map[string]string) string {
		s := "<" + key
		for _, k := range []string{"a1", "a2", "a3"} {
			if v, ok := args[k]; ok {
				s += " " + v
			}
		}
		return s + ">"
	}
	old := RechargeSummary{Round: 1, Lines: []string{
		"Anna: +1 production, 2 culture, 5 commands ready",
		"Ben: +nothing, 3 commands ready (Cardassian occupation: 1 production node(s) idle)",
		"something else: +a, 1 commands ready",
	}}
	got := old.Texts()
	require.Len(t, got, 3)
	for i, l := range old.Lines {
		assert.Equal(t, l, got[i].String(), "the English is the line itself")
	}
	assert.Equal(t, "<track.commands_ready Anna <track.res.production 1>, <track.res.culture 2> 5>", got[0].In(tr))
	assert.Equal(t, "<track.commands_ready Ben <track.res.nothing> 3><track.cardassian_occupation_idle <track.res.nodes <track.res.production 1>>>", got[1].In(tr))
	assert.Equal(t, old.Lines[2], got[2].In(tr), "a line it cannot read stays as it is")

	// A new summary keeps its own pieces.
	line := say("track.commands_ready", "%s: +%s, %d commands ready", "Cleo", fmtRes(old.Result.Generated["x"]), 4)
	now := RechargeSummary{Lines: []string{line.t.String()}, LineTexts: []Texts{line.t}}
	assert.Equal(t, now.LineTexts, now.Texts())
}

// TestTableRulingTexts: a table ruling keeps its step and the rules it
// overruled as data; one recorded before (English only) reads as it was.
func TestTableRulingTexts(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	bad := startingPlayer("Anna", ascrules.Federation)
	bad.Ascendancy = 9
	overruled(t, s, bad, "house rule", ruleStartAscendancy)
	require.Len(t, s.State().Rulings, 1)
	r := s.State().Rulings[0]
	tr := func(key, english string, args map[string]string) string { return "<" + key + ">" }
	assert.Equal(t, r.Step, r.StepIn(nil))
	assert.Equal(t, r.Rules, r.RulesIn(nil))
	assert.Contains(t, r.StepIn(tr), "<track.")
	require.Len(t, r.RulesIn(tr), 1)
	assert.Equal(t, "<"+ruleStartAscendancy.Key+"> (<"+ruleStartAscendancy.Key+".source>)", r.RulesIn(tr)[0])

	old := TableRuling{Reason: "x", Step: "Anna joins", Rules: []string{"A rule (Book)"}}
	assert.Equal(t, "Anna joins", old.StepIn(tr))
	assert.Equal(t, []string{"A rule (Book)"}, old.RulesIn(tr))
}

// keysOnly words a text as its keys and args, so a test sees that every
// piece was worded from data: an English word outside a key shows.
func keysOnly(key, english string, args map[string]string) string {
	s := "<" + key
	for i := 1; i <= len(args); i++ {
		s += " " + args[argName(i-1)]
	}
	return s + ">"
}

// TestTrackerMadeTextsAreKeyed: what a payment is for, the hegemony die
// modifier and the captured pieces are worded from keys, not English
// glued into the text.
func TestTrackerMadeTextsAreKeyed(t *testing.T) {
	s := ascTurns(t, ascrules.Federation, AscOptions{})
	_, err := viaJSON(t, s, BuildShips{Player: "p1", Ships: 30})
	var rej *Rejection
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, "<track.has <track.ships_cost 30> <track.res.production 30> Anna <track.res.production 3>, <track.res.research 3>, <track.res.culture 3>>", rej.In(keysOnly))

	evs, err := viaJSON(t, s, AdjustAsc{Player: "p1", Counter: CounterShips, Delta: 1})
	require.NoError(t, err)
	assert.Equal(t, "<track.counter_changed Anna +1 <track.counter.ships> 7>", evs[0].LabelTexts().In(keysOnly))

	play(t, s, NextPhase{})
	evs, err = viaJSON(t, s, TryHegemony{Player: "p1", Target: "p2", System: "Qo'noS", Resistance: 2, Roll: Entered(6), Modifier: 1,
		Nodes: ascrules.Resources{Production: 1}})
	require.NoError(t, err)
	var row, pays string
	for _, e := range evs {
		switch e.Type {
		case "asc.hegemony":
			row = e.LabelTexts().In(keysOnly)
		case "asc.player":
			if pays == "" {
				pays = e.LabelTexts().In(keysOnly)
			}
		}
	}
	assert.Contains(t, row, "<track.die_modifier +1>")
	assert.NotContains(t, row, "(die")
	assert.Contains(t, pays, "<track.takes_got <track.res.nodes <track.res.production 1>>>")
}
