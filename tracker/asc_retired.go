package tracker

// RetiredAscTexts are the pieces of Ascendancy log rows and refusals that
// earlier versions worded and this one no longer does (the launch of one
// project, before seed 003's two cards a launch, issue 29; the action rows
// before they named what the player has after it, issue 27): a game saved
// then still carries them by key in its log and its table rulings, so the
// translation files keep them and an old log reads in the reader's
// language. Each is the piece as it was made, with its English template.
func RetiredAscTexts() []Msg {
	return []Msg{
		msgf("track.launches_project_in_project_area", "%s launches a project (%d in the project area)", "", 0),
		msgf("track.has_research_node_s_and_project", "%s has %d research node(s) and %d project(s)", "", 0, 0),
		// The action rows before they said what a player has after the
		// action (issue 27).
		msgf("track.builds_ship_s_paid_on_board", "%s builds %d ship(s) (paid %s; %d on the board)", "", 0, "", 0),
		msgf("track.and_groups_them_into_fleet", " and groups them into a fleet at once, with no command (%d in play)", 0),
		msgf("track.colonizes_paid", "%s colonizes %s (paid %s)", "", "", ""),
		msgf("track.commissions_starbase_of_this_game_1", "%s commissions a starbase%s (%d of %d this game; +1 command, exhausted)", "", "", 0, 0),
		msgf("track.disbands_fleet_in_play", "%s disbands a fleet (%d in play)", "", 0),
		msgf("track.commissions_fleet_in_play", "%s commissions a fleet (%d in play)", "", 0),
		msgf("track.launches_projects_draws", "%s launches projects: draws %d cards (%d in the project area)", "", 0, 0),
		msgf("track.left_2", "%s: %s %s (%d left)", "", "", "", 0),
		msgf("track.weapons_upgraded_to_paid", "%s: weapons upgraded to %d+ (paid %s)", "", 0, ""),
		msgf("track.shields_upgraded_to_paid", "%s: shields upgraded to +%d (paid %s)", "", 0, ""),
		msgf("track.builds_node_paid", "%s builds a %s node (paid %s)", "", "", ""),
		msgf("track.ascendancy", "%s: ascendancy %d", "", 0),
		msgf("track.ship_exits_warp", "%s: ship at warp %d exits warp with %d warp token(s), plus those on completed advancements; its tokens are discarded", "", 0, 0),
	}
}
