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

// ProjectCardState is one project entered from its card: the name and the
// research it needs, as printed on the card (never a number of the app's),
// and the research committed to it.
type ProjectCardState struct {
	Name     string `json:"name"`
	Cost     int    `json:"cost"`
	Research int    `json:"research,omitempty"`
	// Round is the round research was last committed to it: one token a
	// turn.
	Round int `json:"round,omitempty"`
}

// maxProjectCost bounds a research cost typed from a card.
const maxProjectCost = 99

var (
	ruleResearchOncePerTurn = Rule{"rule.research_once_per_turn", "You may add 1 research token to each advancement project per turn", srcAscSummary + ", Commit research"}
	ruleResearchDue         = Rule{"rule.research_due", "A project is finished when the research its card asks for has been committed to it", srcAscSummary + ", Commit research"}
)

// Untracked is how many of p's projects were not entered from their cards.
func (p AscPlayer) Untracked() int { return max(0, p.Projects-len(p.ProjectCards)) }

// takeProject takes one project out of np's project area: the entered card
// number card (1 the first), or with card 0 one not entered if there is
// one, else the last card. It returns the card taken, if it was one.
func takeProject(np *AscPlayer, card int) (*ProjectCardState, error) {
	if np.Projects == 0 {
		return nil, reject(CodeRules, "track.has_no_project", "%s has no project.", np.Name)
	}
	if card == 0 && np.Untracked() > 0 {
		np.Projects--
		return nil, nil
	}
	if card == 0 {
		card = len(np.ProjectCards)
	}
	if card < 1 || card > len(np.ProjectCards) {
		return nil, reject(CodeNotFound, "track.has_no_project_card", "%s has no project card %d.", np.Name, card)
	}
	pc := np.ProjectCards[card-1]
	np.ProjectCards = append(np.ProjectCards[:card-1:card-1], np.ProjectCards[card:]...)
	np.Projects--
	return &pc, nil
}

// ProjectCard enters one project drawn into Player's project area from its
// card: its Name and the research Cost printed on it (seed 003 "The amount
// of research required to finish a project is on each card").
type ProjectCard struct {
	Player string `json:"player"`
	Name   string `json:"name"`
	Cost   int    `json:"cost"`
}

// CommandType implements Command.
func (ProjectCard) CommandType() string { return "asc.project_card" }

func (cmd ProjectCard) decide(c *decideCtx) error {
	_, p, err := c.ascPlayer(cmd.Player)
	if err != nil {
		return err
	}
	name, err := cleanText(cmd.Name, maxNameLen, Msg{Key: "track.word.project_name", Text: "project name"})
	if err != nil {
		return err
	}
	if cmd.Cost < 1 || cmd.Cost > maxProjectCost {
		return reject(CodeInvalid, "track.project_cost_from_card", "Enter the research the card asks for: 1 to %d.", maxProjectCost)
	}
	if p.Untracked() == 0 {
		return reject(CodeRules, "track.every_project_entered", "Every project of %s's is entered already: launch projects first.", p.Name)
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.ProjectCards = append(np.ProjectCards, ProjectCardState{Name: name, Cost: cmd.Cost})
	return setPlayer(c, say("track.project_card_entered", "%s's project %s needs %d research", p.Name, name, cmd.Cost), np)
}

// CommitResearch adds 1 research token from Player's reserve to their
// project card number Card (1 the first) in their building phase, once a
// turn for each project; when the research reaches the card's cost the
// project is finished: a new advancement (seed 003 "Commit research"; seed
// 002 "Finanziare una Ricerca", "Completare un Progetto").
type CommitResearch struct {
	Player string `json:"player"`
	Card   int    `json:"card"`
}

// CommandType implements Command.
func (CommitResearch) CommandType() string { return "asc.commit_research" }

func (cmd CommitResearch) decide(c *decideCtx) error {
	a, p, err := c.building(cmd.Player)
	if err != nil {
		return err
	}
	if cmd.Card < 1 || cmd.Card > len(p.ProjectCards) {
		return reject(CodeNotFound, "track.has_no_project_card", "%s has no project card %d.", p.Name, cmd.Card)
	}
	pc := p.ProjectCards[cmd.Card-1]
	if err := c.check(pc.Round == a.Walker.Round, ruleResearchOncePerTurn, "track.research_already_on_project", "%s has had research for %s this turn", p.Name, pc.Name); err != nil {
		return err
	}
	if p.Resources.Research < 1 {
		return reject(CodeRules, "track.no_research_in_reserve", "%s has no research in reserve.", p.Name)
	}
	np, err := copyPlayer(p)
	if err != nil {
		return err
	}
	np.Resources.Research--
	card := &np.ProjectCards[cmd.Card-1]
	card.Research++
	card.Round = a.Walker.Round
	if card.Research < card.Cost {
		return setPlayer(c, say("track.research_committed", "%s commits 1 research to %s (%d of %d)", p.Name, card.Name, card.Research, card.Cost), np)
	}
	if _, err := takeProject(&np, cmd.Card); err != nil {
		return err
	}
	return setPlayer(c, say("track.project_finished", "%s commits 1 research to %s (%d of %d): finished, a new advancement", p.Name, pc.Name, pc.Cost, pc.Cost), np)
}
