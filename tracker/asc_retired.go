package tracker

// RetiredAscTexts are the pieces of Ascendancy log rows and refusals that
// earlier versions worded and this one no longer does (the launch of one
// project, before seed 003's two cards a launch, issue 29): a game saved
// then still carries them by key in its log and its table rulings, so the
// translation files keep them and an old log reads in the reader's
// language. Each is the piece as it was made, with its English template.
func RetiredAscTexts() []Msg {
	return []Msg{
		msgf("track.launches_project_in_project_area", "%s launches a project (%d in the project area)", "", 0),
		msgf("track.has_research_node_s_and_project", "%s has %d research node(s) and %d project(s)", "", 0, 0),
	}
}
