package away

import "tableops/rules/rulerr"

// Score is what one player (or team) has at Beam Up and Debrief.
type Score struct {
	Player string `json:"player"`
	// Missions are the points of each Mission card in the scoring area
	// (End of Game Missions included once scored).
	Missions []int `json:"missions"`
	// Core is the points scored from the Core Mission card.
	Core int `json:"core"`
	// BonusPoints is the value of the Bonus Points tokens.
	BonusPoints int `json:"bonus_points"`
	// Other is any further points cards award at the end of the game.
	Other int `json:"other,omitempty"`
}

// Total returns the player's point total ("Beam Up and Debrief": Mission
// cards, Core Mission and Bonus Points tokens).
func (s Score) Total() int {
	t := s.Core + s.BonusPoints + s.Other
	for _, p := range s.Missions {
		t += p
	}
	return t
}

// Standing is the debrief's verdict.
type Standing struct {
	Totals   map[string]int `json:"totals"`
	Missions map[string]int `json:"missions"`
	// Winners has one name, or every player sharing a draw.
	Winners []string `json:"winners"`
	Draw    bool     `json:"draw"`
	// Reason is "points", "missions" (tie broken by mission cards scored)
	// or "draw".
	Reason string `json:"reason"`
}

// Debrief decides the winner ("Beam Up and Debrief", 3 Decide Winner): the
// highest point total wins; if tied, the tied player who scored the most
// Mission cards wins; if still tied, the game is a draw among them. It works
// for any number of players.
func Debrief(scores []Score) (Standing, error) {
	if len(scores) == 0 {
		return Standing{}, rulerr.New("rules.away.debrief_needs_at_least_one_player", "debrief needs at least one player")
	}
	st := Standing{Totals: map[string]int{}, Missions: map[string]int{}}
	best := 0
	for i, s := range scores {
		if s.Player == "" {
			return Standing{}, rulerr.Errorf("rules.away.player_has_no_name", "player %d has no name", i+1)
		}
		if _, dup := st.Totals[s.Player]; dup {
			return Standing{}, rulerr.Errorf("rules.away.player_scored_twice", "player %q scored twice", s.Player)
		}
		st.Totals[s.Player] = s.Total()
		st.Missions[s.Player] = len(s.Missions)
		if i == 0 || s.Total() > best {
			best = s.Total()
		}
	}
	var top []Score
	for _, s := range scores {
		if s.Total() == best {
			top = append(top, s)
		}
	}
	if len(top) == 1 {
		st.Winners, st.Reason = []string{top[0].Player}, "points"
		return st, nil
	}
	most := 0
	for _, s := range top {
		most = max(most, len(s.Missions))
	}
	for _, s := range top {
		if len(s.Missions) == most {
			st.Winners = append(st.Winners, s.Player)
		}
	}
	if len(st.Winners) == 1 {
		st.Reason = "missions"
	} else {
		st.Reason, st.Draw = "draw", true
	}
	return st, nil
}

// TeamScore pools the scores of a team's players into one Score named team,
// for four-player team games. The rulebook's team rules do not restate the
// debrief; this treats an alliance as one side, adding its players'
// missions, core missions and bonus points.
func TeamScore(team string, members []Score) Score {
	out := Score{Player: team, Missions: []int{}}
	for _, m := range members {
		out.Missions = append(out.Missions, m.Missions...)
		out.Core += m.Core
		out.BonusPoints += m.BonusPoints
		out.Other += m.Other
	}
	return out
}
