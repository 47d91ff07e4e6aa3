package tracker

import (
	ascrules "tableops/rules/ascendancy"
)

// The advancement projects of a player's project area (seed 003 "Launch
// projects", "Commit research"; seed 002 "Lanciare Progetti", "Finanziare
// una Ricerca").

// projectsDrawn is the cards one launch draws (seed 003 "Launch projects":
// "exhaust a command to draw 2 cards from your advancement deck").
const projectsDrawn = 2

// ProjectsOver is how many projects p must discard: those over the
// research nodes they control (rules/ascendancy.ProjectsOver). A launch
// may take a player over; they discard before anything else on their turn.
func (p AscPlayer) ProjectsOver() int { return ascrules.ProjectsOver(p.Projects, p.Nodes.Research) }

// discardFirst refuses, by the project limit, an action of p's turn while
// p has more projects than research nodes (seed 003 "Any time you have
// more projects in your project area than you control research nodes, you
// must discard projects until you're back down to your limit").
func (c *decideCtx) discardFirst(p *AscPlayer) error {
	if n := p.ProjectsOver(); n > 0 {
		return c.breaks(ruleProjects, "track.must_discard_projects_first", "%s has %d research node(s) and %d project(s): discard %d first", p.Name, p.Nodes.Research, p.Projects, n)
	}
	return nil
}
