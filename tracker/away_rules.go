package tracker

import (
	"errors"

	awayrules "tableops/rules/away"
)

// applyDamage applies an attack's result to the target with the rules
// engine (rules/away.TakeAttack: stun, then one peg per Damage from the
// owner's chosen ratings, neutralized when none can lose a peg) and emits
// one event per peg, then the neutralization or, for an assimilation
// weapon of the Borg player, the assimilation (rules/away.Assimilate).
func applyDamage(c *decideCtx, a *AwayState, id string, res awayrules.AttackResult, tracks []awayrules.Rating, weapon *awayrules.Weapon, by string) error {
	ch, err := a.character(id)
	if err != nil {
		return err
	}
	after, rep, err := awayrules.TakeAttack(ch.Character, res, tracks)
	switch {
	case errors.Is(err, awayrules.ErrChooseTrack):
		return reject(CodeInvalid, "track.takes_damage_owner_chooses_track_for", "%s takes %d damage: the owner chooses a track for each point (%d chosen).", ch.Name, res.Damage, len(tracks))
	case errors.Is(err, awayrules.ErrCannotReduce):
		// Name the peg and the track at fault first: a status line may
		// show no more than the start of the refusal.
		if i, r, why := awayrules.DamageRefusal(ch.Character, tracks); why != nil {
			return reject(CodeRules, "track.peg_from_track_refused", "%s, peg %d (%s): %v. Choose another track.", ch.Name, i+1, titleWord(r.String()), why)
		}
		return reject(CodeRules, "track.choose_another_track", "%s: %v. Choose another track.", ch.Name, errors.Unwrap(err))
	case err != nil:
		return reject(CodeRules, "track.who_refused", "%s: %v", ch.Name, err)
	}
	if !rep.Neutralized && len(rep.Reduced) < len(tracks) {
		return reject(CodeInvalid, "track.takes_damage_but_tracks_were_chosen", "%s takes %d damage but %d tracks were chosen.", ch.Name, res.Damage, len(tracks))
	}
	// A Stun token gained (a neutralized card loses its tokens, which is
	// no Stun token: issue 28, 7).
	if after.Stun > ch.Stun && !rep.Neutralized {
		lbl := say("track.1_stun", "%s: +1 stun (%d)", ch.Name, after.Stun)
		if after.Incapacitated() {
			lbl.add("track.incapacitated", ", Incapacitated")
		}
		if err := c.emit(lbl, StunSet{Character: id, Stun: after.Stun}); err != nil {
			return err
		}
	}
	pegs := ch.Tracks.Clone()
	for _, r := range rep.Reduced {
		t := pegs.Get(r)
		t.Pegs--
		if err := c.emit(say("track.1", "%s: -1 %s", ch.Name, titleWord(r.String())), PegsSet{Character: id, Track: r, Pegs: t.Pegs}); err != nil {
			return err
		}
	}
	if !rep.Neutralized {
		return nil
	}
	assimilate := false
	if weapon != nil && awayrules.NeutralizedBy(*weapon, ch.Character) {
		p, err := a.player(by)
		assimilate = err == nil && p.Borg
	}
	return neutralize(c, a, id, assimilate, by)
}

// neutralize emits the events of a character leaving the game (rules/away
// Neutralize: an assimilated character's card returns to its owner), or of
// its assimilation by the Borg player (rules/away Assimilate).
func neutralize(c *decideCtx, a *AwayState, id string, assimilate bool, by string) error {
	ch, err := a.character(id)
	if err != nil {
		return err
	}
	if assimilate {
		if a.Overlay == nil {
			return reject(CodeNotNow, "track.enter_borg_assimilation_overlays_ratings_first", "Enter the Borg Assimilation Overlay's ratings first (SetOverlay).")
		}
		card, err := awayrules.Assimilate(ch.Character, *a.Overlay, by)
		if err != nil {
			return reject(CodeRules, "", "%v", err)
		}
		return c.emit(say("track.is_assimilated_by", "%s is assimilated by %s", ch.Name, a.playerName(by)),
			CharacterAssimilated{Character: id, By: by, Card: card})
	}
	card := awayrules.Neutralize(ch.Character)
	label := say("track.is_neutralized", "%s is neutralized", ch.Name)
	if ch.Assimilated != nil {
		label.add("track.the_card_returns_to", "; the card returns to %s", a.playerName(card.Owner))
	}
	return c.emit(label, CharacterNeutralized{Character: id, Card: card})
}

// bonusActions assigns bonus action tokens from the characters each player
// has in play (rules/away.BonusActions, "Assign Bonus Actions"). A player
// whose side has no character in play takes none: a Bonus Action is one
// Action by a friendly character ("Bonus Actions"), and there is none to
// take it (the game still goes on for three rounds: "Not Dead, Jim").
func bonusActions(a *AwayState) (map[string]int, error) {
	n := a.inPlay()
	counts := make([]int, len(a.Players))
	for i, p := range a.Players {
		counts[i] = n[p.ID]
	}
	got, err := awayrules.BonusActions(counts)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for i, p := range a.Players {
		if got[i] > 0 && a.hasFriendlyInPlay(p.ID) {
			out[p.ID] = got[i]
		}
	}
	return out, nil
}

// Score is what the player has in their scoring area (seed 001 "Beam Up
// and Debrief"): the points of each Mission card, the Core Mission's
// points and the Bonus Points tokens; its Total is the player's points.
func (p AwayPlayer) Score() awayrules.Score {
	sc := awayrules.Score{Player: p.ID, Missions: []int{}, BonusPoints: p.Tokens[TokenBonusPoints]}
	for _, m := range p.Missions {
		if m.Core {
			sc.Core += m.Points
		} else {
			sc.Missions = append(sc.Missions, m.Points)
		}
	}
	return sc
}

// awayStanding adds up the scores and decides the winner with the rules
// engine (rules/away.Debrief; teams pooled with TeamScore). Totals are per
// player; Winners are player ids (every member of a winning team).
func awayStanding(a *AwayState) (AwayStanding, error) {
	scores := map[string]awayrules.Score{}
	totals := map[string]int{}
	for _, p := range a.Players {
		sc := p.Score()
		scores[p.ID] = sc
		totals[p.ID] = sc.Total()
	}
	var sides []awayrules.Score
	members := map[string][]string{}
	seen := map[string]bool{}
	for _, p := range a.Players {
		if p.Team == "" {
			sides = append(sides, scores[p.ID])
			members[p.ID] = []string{p.ID}
			continue
		}
		key := "team:" + p.Team
		members[key] = append(members[key], p.ID)
		if seen[key] {
			continue
		}
		seen[key] = true
		var ms []awayrules.Score
		for _, q := range a.Players {
			if q.Team == p.Team {
				ms = append(ms, scores[q.ID])
			}
		}
		sides = append(sides, awayrules.TeamScore(key, ms))
	}
	st, err := awayrules.Debrief(sides)
	if err != nil {
		return AwayStanding{}, err
	}
	out := AwayStanding{Totals: totals, Winners: []string{}, Draw: st.Draw}
	for _, w := range st.Winners {
		out.Winners = append(out.Winners, members[w]...)
	}
	switch st.Reason {
	case "points":
		out.Reason = "most points"
	case "missions":
		out.Reason = "tied on points; most missions scored"
	default:
		out.Reason = "tied on points and on missions scored: a draw"
		out.Tied, out.Winners = out.Winners, []string{}
	}
	return out, nil
}
