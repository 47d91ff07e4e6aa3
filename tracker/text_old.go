package tracker

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	ascrules "tableops/rules/ascendancy"
)

// Texts are the summary's lines as data for the screens to translate: its
// LineTexts, or, for a summary saved before they were kept, its English
// Lines read back into the same pieces (a line the tracker did not word
// that way is shown as it is).
func (r RechargeSummary) Texts() []Texts {
	if len(r.LineTexts) == len(r.Lines) && len(r.Lines) > 0 {
		return r.LineTexts
	}
	out := make([]Texts, len(r.Lines))
	for i, l := range r.Lines {
		out[i] = oldRechargeLine(l)
	}
	return out
}

// oldRechargeLineRe matches the English of a recharge line.
var oldRechargeLineRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(.+): \+(.+), (\d+) commands ready(?: \(Cardassian occupation: (.+) idle\))?$`)
})

// oldRechargeLine is the English of a recharge line ("Anna: +1 production,
// 2 culture, 5 commands ready", maybe with " (Cardassian occupation: 1
// production node(s) idle)") read back into its pieces.
func oldRechargeLine(line string) Texts {
	m := oldRechargeLineRe().FindStringSubmatch(line)
	if m == nil {
		return Texts{raw(line)}
	}
	got, ok := parseOldRes(m[2])
	ready, err := strconv.Atoi(m[3])
	if !ok || err != nil {
		return Texts{raw(line)}
	}
	w := say("track.commands_ready", "%s: +%s, %d commands ready", m[1], fmtRes(got), ready)
	if m[4] != "" {
		idle, ok := parseOldNodes(m[4])
		if !ok {
			return Texts{raw(line)}
		}
		w.add("track.cardassian_occupation_idle", " (Cardassian occupation: %s idle)", fmtNodes(idle))
	}
	if w.t.String() != line {
		return Texts{raw(line)}
	}
	return w.t
}

// parseOldRes reads fmtRes's English back ("1 production, 2 culture",
// "nothing").
func parseOldRes(s string) (ascrules.Resources, bool) {
	var r ascrules.Resources
	if s == "nothing" {
		return r, true
	}
	for _, part := range strings.Split(s, ", ") {
		n, kind, ok := strings.Cut(part, " ")
		v, err := strconv.Atoi(n)
		if !ok || err != nil {
			return r, false
		}
		switch kind {
		case "production":
			r.Production = v
		case "research":
			r.Research = v
		case "culture":
			r.Culture = v
		default:
			return r, false
		}
	}
	return r, true
}

// parseOldNodes reads fmtNodes's English back ("1 production node(s)",
// "no nodes").
func parseOldNodes(s string) (ascrules.Resources, bool) {
	if s == "no nodes" {
		return ascrules.Resources{}, true
	}
	res, ok := strings.CutSuffix(s, " node(s)")
	if !ok {
		return ascrules.Resources{}, false
	}
	return parseOldRes(res)
}
