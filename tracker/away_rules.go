package tracker

import (
	"fmt"
	"slices"

	awayrules "tableops/rules/away"
)

// applyDamage removes one Health peg per point of damage from the tracks
// the owner chose, in order ("Combat", step 6): a track at its lowest value
// may not be chosen while another track can still lose a peg; when none can,
// the character is neutralized (or assimilated).
func applyDamage(c *decideCtx, a *AwayState, id string, damage int, tracks []awayrules.Rating, assimilate bool, by string) error {
	ch, err := a.character(id)
	if err != nil {
		return err
	}
	cur := ch.Tracks.Clone()
	next := 0
	for range damage {
		var choices []awayrules.Rating
		for _, r := range awayrules.Ratings {
			if cur.At(r).Pegs > 1 {
				choices = append(choices, r)
			}
		}
		if len(choices) == 0 {
			return neutralize(c, a, id, assimilate, by)
		}
		if next >= len(tracks) {
			return reject(CodeInvalid, "%s takes %d damage: the owner chooses a track for each point (%d chosen).", ch.Name, damage, next)
		}
		r := tracks[next]
		next++
		if !slices.Contains(choices, r) {
			return reject(CodeRules, "%s's %s is at its lowest value; choose another track.", ch.Name, r)
		}
		t := cur.Get(r)
		t.Pegs--
		if err := c.emit(fmt.Sprintf("%s: -1 %s", ch.Name, titleWord(r.String())), PegsSet{Character: id, Track: r, Pegs: t.Pegs}); err != nil {
			return err
		}
	}
	if next < len(tracks) {
		return reject(CodeInvalid, "%s takes %d damage but %d tracks were chosen.", ch.Name, damage, len(tracks))
	}
	return nil
}

// bonusActions gives each side as many bonus action tokens as the side with
// the most characters in play has more than it ("Assign Bonus Actions";
// in team games a team counts its players' characters together).
func bonusActions(a *AwayState) map[string]int {
	side := func(p AwayPlayer) string {
		if p.Team != "" {
			return "team:" + p.Team
		}
		return "player:" + p.ID
	}
	count := map[string]int{}
	for _, p := range a.Players {
		count[side(p)] += 0
	}
	n := a.inPlay()
	for _, p := range a.Players {
		count[side(p)] += n[p.ID]
	}
	most := 0
	for _, v := range count {
		most = max(most, v)
	}
	out := map[string]int{}
	given := map[string]bool{}
	for _, p := range a.Players {
		s := side(p)
		if given[s] {
			continue // a team's tokens go to its first player
		}
		given[s] = true
		if d := most - count[s]; d > 0 {
			out[p.ID] = d
		}
	}
	return out
}

// awayStanding adds up each side's points (missions plus bonus points
// tokens) and decides the winner ("Beam Up and Debrief"): most points; on a
// tie, most scored mission cards; otherwise a draw.
func awayStanding(a *AwayState) AwayStanding {
	type side struct {
		players  []string
		points   int
		missions int
	}
	var order []string
	sides := map[string]*side{}
	totals := map[string]int{}
	for _, p := range a.Players {
		key := "player:" + p.ID
		if p.Team != "" {
			key = "team:" + p.Team
		}
		sd, ok := sides[key]
		if !ok {
			sd = &side{}
			sides[key] = sd
			order = append(order, key)
		}
		pts := p.Tokens[TokenBonusPoints]
		for _, m := range p.Missions {
			pts += m.Points
		}
		totals[p.ID] = pts
		sd.players = append(sd.players, p.ID)
		sd.points += pts
		sd.missions += len(p.Missions)
	}
	best := []string{}
	for _, k := range order {
		switch {
		case len(best) == 0:
			best = []string{k}
		case sides[k].points > sides[best[0]].points:
			best = []string{k}
		case sides[k].points == sides[best[0]].points:
			best = append(best, k)
		}
	}
	st := AwayStanding{Totals: totals, Winners: []string{}}
	reason := "most points"
	if len(best) > 1 {
		reason = "tied on points; most missions scored"
		var m []string
		for _, k := range best {
			switch {
			case len(m) == 0 || sides[k].missions > sides[m[0]].missions:
				m = []string{k}
			case sides[k].missions == sides[m[0]].missions:
				m = append(m, k)
			}
		}
		best = m
	}
	if len(best) != 1 {
		st.Draw = true
		st.Reason = "tied on points and on missions scored: a draw"
		return st
	}
	st.Winners = sides[best[0]].players
	st.Reason = reason
	return st
}
