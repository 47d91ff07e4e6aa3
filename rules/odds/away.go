package odds

import (
	"fmt"
	"math"
	"math/bits"

	"tableops/rules/away"
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
		return AwayAttackOdds{}, fmt.Errorf("attack odds: %w", err)
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
		return AwaySkillOdds{}, fmt.Errorf("skill odds: tester: %w", err)
	}
	if err := challenger.Validate(); err != nil {
		return AwaySkillOdds{}, fmt.Errorf("skill odds: challenger: %w", err)
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

// awayPool is one sorted multiset of at most six faces with its
// probability, packed for the inner loop. Byte i of beats holds a bit for
// every face below the die at position i; byte i of face holds the single
// bit of that die's face. So popcount(a.beats & d.face) counts the
// positions where the attack die is higher than the defense die: one AND
// and one population count per pair of pools.
type awayPool struct {
	beats uint64
	face  uint64
	// loneHits[i] counts the dice from index i on that show 4 or more:
	// what the pool scores when only its first i dice are contested.
	loneHits [away.MaxDice + 1]int8
	// ways is the number of ordered rolls showing this multiset (the
	// multinomial coefficient), an exact integer weight.
	ways int64
	prob float64
}

func awayPools(n int) []awayPool {
	ws := Pools(n)
	out := make([]awayPool, len(ws))
	for i, w := range ws {
		var p awayPool
		p.prob = w.Prob
		p.ways = int64(math.Round(w.Prob * math.Pow(6, float64(n))))
		for j, f := range w.Pool {
			p.face |= uint64(1) << (uint(f-1) + 8*uint(j))
			p.beats |= (uint64(1)<<uint(f-1) - 1) << (8 * uint(j))
		}
		for j := len(w.Pool) - 1; j >= 0; j-- {
			p.loneHits[j] = p.loneHits[j+1]
			if w.Pool[j] >= away.HitFace {
				p.loneHits[j]++
			}
		}
		out[i] = p
	}
	return out
}

// AwayUncanceled returns the exact distribution of the number of attack
// (or tester) dice that get through when a dice face d dice, both sorted
// highest to lowest and compared pair by pair: a paired die gets through if
// it beats its opponent, an unpaired one on 4 or more, and surplus
// opposing dice are ignored ("Combat", step 5). Counts are capped at six
// and negative counts are zero.
func AwayUncanceled(a, d int) Dist {
	a = min(max(a, 0), away.MaxDice)
	d = min(max(d, 0), away.MaxDice)
	if a == 0 {
		return Dist{1}
	}
	if d == 0 {
		return Binomial(a, FaceChance(away.HitFace))
	}
	as, ds := awayPools(a), awayPools(d)
	paired := min(a, d)
	dWays := math.Pow(6, float64(d))
	out := make(Dist, a+1)
	for _, ap := range as {
		var sub [8]int64
		for _, dp := range ds {
			sub[bits.OnesCount64(ap.beats&dp.face)&7] += dp.ways
		}
		lone := int(ap.loneHits[paired])
		w := ap.prob / dWays
		for k := 0; k+lone <= a; k++ {
			out[k+lone] += w * float64(sub[k])
		}
	}
	return out
}
