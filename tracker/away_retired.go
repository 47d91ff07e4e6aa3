package tracker

// RetiredAwayTexts are the pieces of Away Missions log rows that earlier
// versions worded and this one no longer does (a draw before it named the
// tied players, issue 28): a game saved then still carries them by key in
// its log, so the translation files keep them and an old log reads in the
// reader's language. Each is the piece as it was made, with its English
// template.
func RetiredAwayTexts() []Msg {
	return []Msg{
		msgf("track.game_over_draw", "Game over: draw"),
	}
}
