package odds

import (
	"tableops/rules/ascendancy"
	"tableops/rules/rulerr"
)

// MaxBattleDice is the most dice (or ships) the battle odds accept. It is a
// computing limit, far above any table (a civilization has 30 ships), that
// keeps a mistyped count from exhausting memory.
const MaxBattleDice = 300

// checkBattleDice refuses more than MaxBattleDice dice for a space battle's
// odds (or, with invasion, an invasion's).
func checkBattleDice(invasion bool, n int) error {
	if n <= MaxBattleDice {
		return nil
	}
	if invasion {
		return rulerr.Errorf("rules.odds.invasion_too_many_dice", "invasion odds: %d dice is more than the %d the odds handle", n, MaxBattleDice).Kind(ascendancy.ErrBadInput)
	}
	return rulerr.Errorf("rules.odds.battle_too_many_dice", "space battle odds: %d dice is more than the %d the odds handle", n, MaxBattleDice).Kind(ascendancy.ErrBadInput)
}

// BattleHits returns the distribution of hits when n dice each hit on
// target or more (none when target is above 6): an Ascendancy space battle
// or invasion roll.
func BattleHits(n int, target int) Dist {
	return Binomial(n, FaceChance(target))
}

// grid is a joint distribution over two whole numbers: g[a][b].
type grid [][]float64

func (g *grid) add(a, b int, p float64) {
	for len(*g) <= a {
		*g = append(*g, nil)
	}
	for len((*g)[a]) <= b {
		(*g)[a] = append((*g)[a], 0)
	}
	(*g)[a][b] += p
}

// SpaceRoundOdds are the exact odds of one space battle round between an
// attacker and one defender.
type SpaceRoundOdds struct {
	AttackerTarget int  `json:"attacker_target"`
	AttackerCanHit bool `json:"attacker_can_hit"`
	DefenderTarget int  `json:"defender_target"`
	DefenderCanHit bool `json:"defender_can_hit"`
	// AttackerHits and DefenderHits are the hits each side scores (after
	// first strike, when it applies).
	AttackerHits Dist `json:"attacker_hits"`
	DefenderHits Dist `json:"defender_hits"`
	// AttackerLosses and DefenderLosses are the ships each side loses.
	AttackerLosses Dist `json:"attacker_losses"`
	DefenderLosses Dist `json:"defender_losses"`
	// AttackerWiped and DefenderWiped are the chances each side loses every
	// ship this round; BothWiped that both do.
	AttackerWiped float64 `json:"attacker_wiped"`
	DefenderWiped float64 `json:"defender_wiped"`
	BothWiped     float64 `json:"both_wiped"`
	// Stalemate is true when neither side can hit: one must retreat.
	Stalemate bool `json:"stalemate"`
}

// SpaceBattleRound computes the exact odds of one space battle round
// (ascendancy.ResolveSpaceRound with one defender), first strike included.
func SpaceBattleRound(round int, att, def ascendancy.Side) (SpaceRoundOdds, error) {
	var o SpaceRoundOdds
	if err := att.Validate(); err != nil {
		return o, rulerr.Errorf("rules.odds.space_battle_odds", "space battle odds: %w", err)
	}
	if err := def.Validate(); err != nil {
		return o, rulerr.Errorf("rules.odds.space_battle_odds", "space battle odds: %w", err)
	}
	if err := checkBattleDice(false, max(att.Dice(), def.Dice())); err != nil {
		return o, err
	}
	if round < 1 {
		return o, rulerr.Errorf("rules.odds.space_battle_odds_round_rounds_count", "space battle odds: round %d: rounds count from 1", round).Kind(ascendancy.ErrBadInput)
	}
	o.AttackerTarget, o.AttackerCanHit = ascendancy.HitTarget(att.Weapons, def.Shields)
	o.DefenderTarget, o.DefenderCanHit = ascendancy.HitTarget(def.Weapons, att.Shields)
	o.Stalemate = !o.AttackerCanHit && !o.DefenderCanHit
	// Joint distribution of (attacker hits, defender hits): independent
	// rolls, except that a side struck first rolls what survives.
	var joint grid
	put := joint.add
	switch {
	case ascendancy.StrikesFirst(round, att, def):
		for ah, pa := range BattleHits(att.Dice(), o.AttackerTarget) {
			for dh, pd := range BattleHits(ascendancy.DiceDue(def, ah), o.DefenderTarget) {
				put(ah, dh, pa*pd)
			}
		}
	case ascendancy.StrikesFirst(round, def, att):
		for dh, pd := range BattleHits(def.Dice(), o.DefenderTarget) {
			for ah, pa := range BattleHits(ascendancy.DiceDue(att, dh), o.AttackerTarget) {
				put(ah, dh, pa*pd)
			}
		}
	default:
		dd := BattleHits(def.Dice(), o.DefenderTarget)
		for ah, pa := range BattleHits(att.Dice(), o.AttackerTarget) {
			for dh, pd := range dd {
				put(ah, dh, pa*pd)
			}
		}
	}
	o.AttackerLosses = make(Dist, att.Ships+1)
	o.DefenderLosses = make(Dist, def.Ships+1)
	for ah, row := range joint {
		for dh, p := range row {
			o.AttackerHits.Add(ah, p)
			o.DefenderHits.Add(dh, p)
			dl, al := min(ah, def.Ships), min(dh, att.Ships)
			o.DefenderLosses[dl] += p
			o.AttackerLosses[al] += p
			if dl == def.Ships && al == att.Ships {
				o.BothWiped += p
			}
		}
	}
	o.DefenderWiped = o.DefenderLosses.P(def.Ships)
	o.AttackerWiped = o.AttackerLosses.P(att.Ships)
	return o, nil
}

// InvasionOdds are the exact odds of one planetary invasion round.
type InvasionOdds struct {
	AttackerTarget int  `json:"attacker_target"`
	AttackerCanHit bool `json:"attacker_can_hit"`
	DefenderTarget int  `json:"defender_target"`
	DefenderCanHit bool `json:"defender_can_hit"`
	// Hits is the distribution of the attacker's hits.
	Hits Dist `json:"hits"`
	// Successful, Annihilation and Collateral are the outcome chances.
	Successful   float64 `json:"successful"`
	Annihilation float64 `json:"annihilation"`
	Collateral   float64 `json:"collateral"`
	// NodesDestroyed is the distribution of nodes destroyed;
	// ExpectedNodesDestroyed its mean.
	NodesDestroyed         Dist    `json:"nodes_destroyed"`
	ExpectedNodesDestroyed float64 `json:"expected_nodes_destroyed"`
	// AttackerLosses is the distribution of ships the attacker loses.
	AttackerLosses Dist `json:"attacker_losses"`
	// Failed is the chance the control node survives and every attacking
	// ship is destroyed this round (a failed invasion).
	Failed float64 `json:"failed"`
}

// InvasionRound computes the exact odds of one invasion round
// (ascendancy.ResolveInvasion; the faces in the input are ignored).
func InvasionRound(in ascendancy.Invasion) (InvasionOdds, error) {
	var o InvasionOdds
	att := in.Attacker
	att.Starbase = false
	if err := att.Validate(); err != nil {
		return o, rulerr.Errorf("rules.odds.invasion_odds", "invasion odds: %w", err)
	}
	if in.Nodes < 1 || in.DefenderWeapons < 1 || in.DefenderWeapons > 6 || in.DefenderShields < 0 || in.Round < 1 {
		return o, rulerr.Errorf("rules.odds.invasion_odds_need_round_from_1", "invasion odds: need a round from 1, at least one node, a defender hit roll 1 to 6 and shields not negative").Kind(ascendancy.ErrBadInput)
	}
	if err := checkBattleDice(true, max(att.Dice(), in.Nodes)); err != nil {
		return o, err
	}
	def := ascendancy.Side{Ships: in.Nodes, Weapons: in.DefenderWeapons, Shields: in.DefenderShields, FirstStrike: in.DefenderFirstStrike}
	o.AttackerTarget, o.AttackerCanHit = ascendancy.HitTarget(att.Weapons, in.DefenderShields)
	o.DefenderTarget, o.DefenderCanHit = ascendancy.HitTarget(in.DefenderWeapons, att.Shields)

	// Joint distribution over (attacker hits, defender hits).
	var joint grid
	switch {
	case ascendancy.StrikesFirst(in.Round, def, att):
		for dh, pd := range BattleHits(in.Nodes, o.DefenderTarget) {
			for h, ph := range BattleHits(ascendancy.DiceDue(att, dh), o.AttackerTarget) {
				joint.add(h, dh, pd*ph)
			}
		}
	case ascendancy.StrikesFirst(in.Round, att, def):
		for h, ph := range BattleHits(att.Dice(), o.AttackerTarget) {
			outcome, destroyed := ascendancy.InvasionResultFor(h, in.Nodes)
			left := in.Nodes - destroyed
			if outcome != ascendancy.Collateral {
				left = 0
			}
			for dh, pd := range BattleHits(left, o.DefenderTarget) {
				joint.add(h, dh, ph*pd)
			}
		}
	default:
		dd := BattleHits(in.Nodes, o.DefenderTarget)
		for h, ph := range BattleHits(att.Dice(), o.AttackerTarget) {
			for dh, pd := range dd {
				joint.add(h, dh, ph*pd)
			}
		}
	}
	o.AttackerLosses = make(Dist, att.Ships+1)
	o.NodesDestroyed = make(Dist, in.Nodes+1)
	for hits, row := range joint {
		for defHits, p := range row {
			o.addInvasion(hits, defHits, p, in.Nodes, att.Ships)
		}
	}
	o.ExpectedNodesDestroyed = o.NodesDestroyed.Expected()
	return o, nil
}

func (o *InvasionOdds) addInvasion(hits, defHits int, p float64, nodes, ships int) {
	o.Hits.Add(hits, p)
	outcome, destroyed := ascendancy.InvasionResultFor(hits, nodes)
	switch outcome {
	case ascendancy.Successful:
		o.Successful += p
	case ascendancy.Annihilation:
		o.Annihilation += p
	default:
		o.Collateral += p
	}
	o.NodesDestroyed[destroyed] += p
	lost := min(defHits, ships)
	o.AttackerLosses[lost] += p
	if outcome == ascendancy.Collateral && lost == ships {
		o.Failed += p
	}
}
