package odds

import (
	"math"

	"tableops/rules/away"
	"tableops/rules/dice"
	"tableops/rules/rulerr"
)

// AwayAttackOdds is the exact outcome distribution of one Away Missions
// Attack Action before any re-roll ("Combat", steps 3-6; "Special Rules",
// Stun).
type AwayAttackOdds struct {
	// AttackDice and DefenseDice are the dice each side rolls (after the
	// six-dice cap).
	AttackDice  away.DiceCount `json:"attack_dice"`
	DefenseDice away.DiceCount `json:"defense_dice"`
	// Uncanceled is the distribution of attack dice that get through.
	Uncanceled Dist `json:"uncanceled"`
	// Damage is the distribution of the total Damage the target takes.
	Damage Dist `json:"damage"`
	// Stun is the distribution of Stun tokens the target gains (0 or 1).
	Stun Dist `json:"stun"`
}

// AwayAttack computes the exact odds of an Attack Action set up by s: the
// dice counts with every modifier and the six-dice cap, then every multiset
// of attack faces against every multiset of defense faces, weighted by
// their multinomial probabilities, mapped to Damage and Stun by the same
// away.AttackEffect the resolver uses.
func AwayAttack(s away.AttackSetup) (AwayAttackOdds, error) {
	if err := s.Validate(); err != nil {
		return AwayAttackOdds{}, rulerr.Errorf("rules.odds.attack_odds", "attack odds: %w", err)
	}
	o := AwayAttackOdds{AttackDice: s.AttackDice(), DefenseDice: s.DefenseDice()}
	o.Uncanceled = AwayUncanceled(o.AttackDice.Kept, o.DefenseDice.Kept)
	o.Damage, o.Stun = Dist{0}, Dist{0}
	for k, p := range o.Uncanceled {
		if p == 0 {
			continue
		}
		_, dmg, stun, _ := away.AttackEffect(s, k)
		o.Damage.Add(dmg, p)
		o.Stun.Add(stun, p)
	}
	return o, nil
}

// AwaySkillOdds is the exact outcome distribution of one Away Missions Skill
// test before any re-roll ("Skill Test").
type AwaySkillOdds struct {
	TesterDice     away.DiceCount `json:"tester_dice"`
	ChallengerDice away.DiceCount `json:"challenger_dice"`
	Opposed        bool           `json:"opposed"`
	// Successes is the distribution of the number of successes.
	Successes Dist `json:"successes"`
	// Need is the number of successes that passes (at least 1).
	Need int `json:"need"`
	// Pass is the probability of at least Need successes.
	Pass float64 `json:"pass"`
}

// AwaySkill computes the exact odds of a Skill test: unopposed when the
// challenger rolls no dice (each die of 4 or more succeeds), otherwise
// opposed, compared pair by pair like Combat ("Skill Test", Opposed Skill
// Tests). need below 1 counts as 1 ("one or more successes is sufficient").
func AwaySkill(tester, challenger away.SkillSetup, need int) (AwaySkillOdds, error) {
	if err := tester.Validate(); err != nil {
		return AwaySkillOdds{}, rulerr.Errorf("rules.odds.skill_odds_tester", "skill odds: tester: %w", err)
	}
	if err := challenger.Validate(); err != nil {
		return AwaySkillOdds{}, rulerr.Errorf("rules.odds.skill_odds_challenger", "skill odds: challenger: %w", err)
	}
	o := AwaySkillOdds{TesterDice: tester.Dice(), ChallengerDice: challenger.Dice(), Need: max(need, 1)}
	o.Opposed = o.ChallengerDice.Kept > 0
	if o.Opposed {
		o.Successes = AwayUncanceled(o.TesterDice.Kept, o.ChallengerDice.Kept)
	} else {
		o.Successes = Binomial(o.TesterDice.Kept, FaceChance(away.HitFace))
	}
	o.Pass = o.Successes.AtLeast(o.Need)
	return o, nil
}

// AwayUncanceled returns the exact distribution of the number of attack
// (or tester) dice that get through when a dice face d dice, both sorted
// highest to lowest and compared pair by pair: a paired die gets through if
// it beats its opponent, an unpaired one on 4 or more, and surplus
// opposing dice are ignored ("Combat", step 5). Counts are capped at six
// and negative counts are zero.
//
// It sums over every pair of multisets with their multinomial weights
// (a!/(c6!...c1!)/6^a for the attack counts c, likewise for defense), but
// factored face by face: walking the faces from 6 down to 1, both sorted
// rows fill their positions in order, and a defense die of face f placed at
// position i lets the attack die already there through exactly when that
// attack die came from a higher face (equal faces cancel; a defense die
// already there from a higher face cancels). The state is (attack
// positions filled, defense positions filled, dice through so far): at most
// 7x7x7, so a 6 vs 6 attack costs tens of thousands of steps instead of the
// 462x462 multiset pairs.
func AwayUncanceled(a, d int) Dist {
	a = min(max(a, 0), away.MaxDice)
	d = min(max(d, 0), away.MaxDice)
	if a == 0 {
		return Dist{1}
	}
	if d == 0 {
		return Binomial(a, FaceChance(away.HitFace))
	}
	const n = away.MaxDice + 1
	var invFact [n]float64
	invFact[0] = 1
	for i := 1; i < n; i++ {
		invFact[i] = invFact[i-1] / float64(i)
	}
	// cur[pa][pd][t]: weight, in units of 1/(prod c! prod e!), of the face
	// counts placed so far that fill pa attack and pd defense positions
	// with t attack dice through.
	var cur, next [n][n][n]float64
	cur[0][0][0] = 1
	for f := dice.Sides; f >= 1; f-- {
		// Defense dice showing f pair with attack dice of higher faces
		// already placed at positions pd.. pa-1: those get through.
		next = [n][n][n]float64{}
		for pa := 0; pa <= a; pa++ {
			for pd := 0; pd <= d; pd++ {
				for t := 0; t <= pa; t++ {
					w := cur[pa][pd][t]
					if w == 0 {
						continue
					}
					for e := 0; pd+e <= d; e++ {
						through := max(0, min(pd+e, pa)-pd)
						next[pa][pd+e][t+through] += w * invFact[e]
					}
				}
			}
		}
		// Attack dice showing f: against defense dice already placed they
		// are canceled (equal or higher); past the last defense position
		// they are uncontested and get through on 4 or more.
		cur = [n][n][n]float64{}
		for pa := 0; pa <= a; pa++ {
			for pd := 0; pd <= d; pd++ {
				for t := 0; t <= pa; t++ {
					w := next[pa][pd][t]
					if w == 0 {
						continue
					}
					for c := 0; pa+c <= a; c++ {
						lone := 0
						if f >= away.HitFace {
							lone = max(0, pa+c-max(pa, d))
						}
						cur[pa+c][pd][t+lone] += w * invFact[c]
					}
				}
			}
		}
	}
	scale := 1 / (invFact[a] * invFact[d] * math.Pow(dice.Sides, float64(a+d)))
	out := make(Dist, a+1)
	for t := 0; t <= a; t++ {
		out[t] = cur[a][d][t] * scale
	}
	return out
}
