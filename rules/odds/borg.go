package odds

import (
	"math"

	"tableops/rules/borg"
	"tableops/rules/dice"
	"tableops/rules/rulerr"
)

// CubeBattleSetup describes a battle between one player's ships and a Borg
// cube, fought to its end: the cube is destroyed, the player's ships are
// wiped out, or the cube's shields force the player to retreat. Several
// players with the same hit roll can be entered as one fleet of all their
// ships (the chances of the battle do not depend on who loses which ship).
type CubeBattleSetup struct {
	// Ships is the number of player ships in the battle.
	Ships int `json:"ships"`
	// Weapons is the player's weapons hit roll before the cube's shields.
	Weapons int `json:"weapons"`
	// HitsOnSix: the player always hits on 6s and is never forced out.
	HitsOnSix bool `json:"hits_on_six,omitempty"`
	// BonusDice are extra dice rolled every round while ships remain
	// (a starbase in orbit, advancements).
	BonusDice int `json:"bonus_dice,omitempty"`
	// Cube is the cube as the battle (or the next round) starts: its
	// damage, shields and rounds fought (Round 0: players strike first).
	Cube borg.Cube `json:"cube"`
	// BorgHit is the Borg hit roll from the console (2 to 6).
	BorgHit int `json:"borg_hit"`
	// NoFirstStrike removes the players' first strike in round 1 (optional
	// rule, "Command::Aggression").
	NoFirstStrike bool `json:"no_first_strike,omitempty"`
}

func (s CubeBattleSetup) validate() error {
	if s.Ships < 0 || s.BonusDice < 0 {
		return rulerr.Errorf("rules.odds.ships_and_bonus_dice_must_not", "ships and bonus dice must not be negative").Kind(borg.ErrBadInput)
	}
	if s.Ships+s.BonusDice > MaxBattleDice {
		return rulerr.Errorf("rules.odds.ships_and_bonus_dice_is_more", "%d ships and bonus dice is more than the %d the odds handle", s.Ships+s.BonusDice, MaxBattleDice).Kind(borg.ErrBadInput)
	}
	if s.Weapons < 1 || s.Weapons > dice.Sides {
		return rulerr.Errorf("rules.odds.weapons_hit_roll_must_be_1", "weapons hit roll %d must be 1 to 6", s.Weapons).Kind(borg.ErrBadInput)
	}
	if err := s.Cube.Validate(); err != nil {
		return err
	}
	return borg.ValidateBorgHit(s.BorgHit)
}

// CubeBattleOdds are the exact chances of how a cube battle ends. The three
// ends add up to 1: CubeDestroyed includes BothDestroyed (the cube and the
// last ships destroyed in the same simultaneous round), PlayersWiped is the
// player losing every ship while the cube survives, ForcedRetreat the
// player leaving because the cube's shields put their hit roll at 7+.
type CubeBattleOdds struct {
	CubeDestroyed float64 `json:"cube_destroyed"`
	PlayersWiped  float64 `json:"players_wiped"`
	ForcedRetreat float64 `json:"forced_retreat"`
	BothDestroyed float64 `json:"both_destroyed"`
	// ExpectedShipsLost is the mean number of player ships destroyed.
	ExpectedShipsLost float64 `json:"expected_ships_lost"`
	// ShipsLeft is the distribution of the player's ships at the end.
	ShipsLeft Dist `json:"ships_left"`
	// ExpectedRounds is the mean number of combat rounds.
	ExpectedRounds float64 `json:"expected_rounds"`
}

// borgRoll is one result of the cube's dice: hits (shields ignored) and,
// among them, 6s.
type borgRoll struct {
	hits, sixes int
	p           float64
}

// borgRolls returns the joint distribution of hits and 6s for n Borg dice
// hitting on borgHit: each die is a 6 (1/6), another hit ((6−h)/6) or a
// miss ((h−1)/6).
func borgRolls(n, borgHit int) []borgRoll {
	p6 := 1.0 / dice.Sides
	ph := float64(dice.Sides-borgHit) / dice.Sides
	pm := float64(borgHit-1) / dice.Sides
	var out []borgRoll
	for a := 0; a <= n; a++ {
		for b := 0; a+b <= n; b++ {
			c := n - a - b
			p := multinomial(n, a, b, c) * math.Pow(p6, float64(a)) * math.Pow(ph, float64(b)) * math.Pow(pm, float64(c))
			if p > 0 {
				out = append(out, borgRoll{hits: a + b, sixes: a, p: p})
			}
		}
	}
	return out
}

func multinomial(n, a, b, c int) float64 {
	lf := func(k int) float64 { v, _ := math.Lgamma(float64(k + 1)); return v }
	return math.Exp(lf(n) - lf(a) - lf(b) - lf(c))
}

// cubeValue is the expected end of a battle from one state: the chance of
// each end, the expected ships left and the expected rounds still to fight.
type cubeValue struct {
	destroyed, wiped, retreat, both float64
	ships                           []float64 // distribution of ships left
	rounds                          float64
}

func (v *cubeValue) addScaled(o *cubeValue, p float64) {
	v.destroyed += p * o.destroyed
	v.wiped += p * o.wiped
	v.retreat += p * o.retreat
	v.both += p * o.both
	v.rounds += p * o.rounds
	for i, q := range o.ships {
		v.ships[i] += p * q
	}
}

// cubeSolver holds the memo of the Markov chain over (ships, damage,
// shields) for rounds after the first.
type cubeSolver struct {
	s     CubeBattleSetup
	memo  map[[3]int]*cubeValue
	borg  [borg.CubeDice + 1][]borgRoll
	hitsP map[[2]int]Dist // (player dice, shields) -> hits distribution
}

func (c *cubeSolver) playerHits(ships, shields int) Dist {
	key := [2]int{ships, shields}
	if d, ok := c.hitsP[key]; ok {
		return d
	}
	n := 0
	if ships > 0 {
		n = ships + c.s.BonusDice
	}
	target, ok := borg.PlayerTarget(c.s.Weapons, shields, c.s.HitsOnSix)
	p := 0.0
	if ok {
		p = FaceChance(target)
	}
	d := Binomial(n, p)
	c.hitsP[key] = d
	return d
}

// round returns the value of fighting one round from (ships, damage,
// shields), first-strike or simultaneous, with the continuation values.
func (c *cubeSolver) round(ships, damage, shields int, first bool) *cubeValue {
	key := [3]int{ships, damage, shields}
	if !first {
		if v, ok := c.memo[key]; ok {
			return v
		}
	}
	v := &cubeValue{ships: make([]float64, c.s.Ships+1)}
	self := 0.0 // chance of returning to this very state
	nextShields := borg.RaiseShields(shields)
	retreatNext := borg.MustRetreat(c.s.Weapons, nextShields, c.s.HitsOnSix)
	for h, ph := range c.playerHits(ships, shields) {
		if ph == 0 {
			continue
		}
		borgDice := borg.BorgDiceDue(borg.Cube{Damage: damage}, first, h)
		if first && damage+h >= borg.CubeDice {
			// Destroyed by first strike: the cube never fires.
			v.destroyed += ph
			v.ships[ships] += ph
			continue
		}
		for _, br := range c.borg[borgDice] {
			p := ph * br.p
			left := max(0, ships-br.hits)
			after, _, destroyed := borg.ApplyDamage(damage, h, br.sixes)
			switch {
			case destroyed:
				v.destroyed += p
				v.ships[left] += p
				if left == 0 {
					v.both += p
				}
			case left == 0:
				v.wiped += p
				v.ships[0] += p
			case retreatNext:
				v.retreat += p
				v.ships[left] += p
			case !first && left == ships && after == damage && nextShields == shields:
				self += p
			default:
				v.addScaled(c.round(left, after, nextShields, false), p)
			}
		}
	}
	// One round fought now, plus the rounds after it; a return to the same
	// state repeats: divide by the chance of leaving it.
	v.rounds += 1
	if self > 0 {
		k := 1 / (1 - self)
		v.destroyed *= k
		v.wiped *= k
		v.retreat *= k
		v.both *= k
		v.rounds *= k
		for i := range v.ships {
			v.ships[i] *= k
		}
	}
	if !first {
		c.memo[key] = v
	}
	return v
}

// CubeBattle computes, exactly, how a battle between a player's ships and a
// Borg cube ends when the player fights until the cube is destroyed, their
// ships are wiped out, or the cube's shields force them to retreat (seed
// 004 "Borg Cubes in Combat"; the round rules are borg.ResolveCubeRound).
// The chain's states are (ships, cube damage, cube shields) plus the first
// round; ships never increase, and a round that keeps the ships keeps or
// raises the damage (a 6 that would regenerate is also a hit), so the chain
// has no cycles except staying put, which is solved in closed form.
func CubeBattle(s CubeBattleSetup) (CubeBattleOdds, error) {
	var o CubeBattleOdds
	if err := s.validate(); err != nil {
		return o, rulerr.Errorf("rules.odds.cube_battle_odds", "cube battle odds: %w", err)
	}
	o.ShipsLeft = make(Dist, s.Ships+1)
	switch {
	case s.Cube.Destroyed():
		o.CubeDestroyed, o.ShipsLeft[s.Ships] = 1, 1
		return o, nil
	case s.Ships == 0:
		o.PlayersWiped, o.ShipsLeft[0] = 1, 1
		return o, nil
	case borg.MustRetreat(s.Weapons, s.Cube.Shields, s.HitsOnSix):
		o.ForcedRetreat, o.ShipsLeft[s.Ships] = 1, 1
		return o, nil
	}
	c := &cubeSolver{s: s, memo: map[[3]int]*cubeValue{}, hitsP: map[[2]int]Dist{}}
	for n := 0; n <= borg.CubeDice; n++ {
		c.borg[n] = borgRolls(n, s.BorgHit)
	}
	first := s.Cube.Round == 0 && !s.NoFirstStrike
	v := c.round(s.Ships, s.Cube.Damage, s.Cube.Shields, first)
	o.CubeDestroyed, o.PlayersWiped, o.ForcedRetreat, o.BothDestroyed = v.destroyed, v.wiped, v.retreat, v.both
	copy(o.ShipsLeft, v.ships)
	o.ExpectedShipsLost = float64(s.Ships) - o.ShipsLeft.Expected()
	o.ExpectedRounds = v.rounds
	return o, nil
}

// CubeRoundOdds are the exact odds of a single cube round.
type CubeRoundOdds struct {
	// PlayerTarget is the number the player needs; PlayerHits their hits.
	PlayerTarget int  `json:"player_target"`
	PlayerCanHit bool `json:"player_can_hit"`
	PlayerHits   Dist `json:"player_hits"`
	// BorgHits is the distribution of the cube's hits (0 when destroyed by
	// first strike).
	BorgHits Dist `json:"borg_hits"`
	// CubeDestroyed is the chance the cube is destroyed this round.
	CubeDestroyed float64 `json:"cube_destroyed"`
	// DamageAfter is the distribution of the cube's damage after the round
	// (9 when destroyed).
	DamageAfter Dist `json:"damage_after"`
}

// CubeRound computes the exact odds of one cube round for one fleet.
func CubeRound(s CubeBattleSetup) (CubeRoundOdds, error) {
	var o CubeRoundOdds
	if err := s.validate(); err != nil {
		return o, rulerr.Errorf("rules.odds.cube_round_odds", "cube round odds: %w", err)
	}
	if s.Cube.Destroyed() {
		return o, rulerr.Errorf("rules.odds.cube_round_odds_cube_is_already", "cube round odds: the cube is already destroyed").Kind(borg.ErrBadInput)
	}
	c := &cubeSolver{s: s, hitsP: map[[2]int]Dist{}}
	first := s.Cube.Round == 0 && !s.NoFirstStrike
	o.PlayerTarget, o.PlayerCanHit = borg.PlayerTarget(s.Weapons, s.Cube.Shields, s.HitsOnSix)
	o.PlayerHits = c.playerHits(s.Ships, s.Cube.Shields)
	o.DamageAfter = make(Dist, borg.CubeDice+1)
	for h, ph := range o.PlayerHits {
		n := borg.BorgDiceDue(s.Cube, first, h)
		for _, br := range borgRolls(n, s.BorgHit) {
			p := ph * br.p
			o.BorgHits.Add(br.hits, p)
			after, _, destroyed := borg.ApplyDamage(s.Cube.Damage, h, br.sixes)
			if destroyed {
				o.CubeDestroyed += p
			}
			o.DamageAfter[after] += p
		}
	}
	return o, nil
}
