package borg

import (
	"tableops/rules/dice"
)

// PlayerTarget returns the number a player's die must show to hit a cube
// whose shield modifier is shields: weapons + shields. canHit is false above
// 6, unless hitsOnSix (the Klingon starting advancement: always hit on 6s,
// seed 004 "Additional Borg Rules"), which caps the target at 6.
func PlayerTarget(weapons, shields int, hitsOnSix bool) (target int, canHit bool) {
	t := weapons + shields
	if hitsOnSix && t > dice.Sides {
		t = dice.Sides
	}
	return t, t <= dice.Sides
}

// MustRetreat reports whether a player must retreat from a cube: after
// taking casualties, the cube's shields (as they will stand for the next
// round) put the player's hit roll at 7 or more (seed 004 "Borg Adaptive
// Shields"). A player who always hits on 6s is never forced out.
func MustRetreat(weapons, shields int, hitsOnSix bool) bool {
	_, ok := PlayerTarget(weapons, shields, hitsOnSix)
	return !ok
}

// RaiseShields returns the cube's shield modifier after a round of combat:
// one more, at most 4 (seed 004 "Borg Adaptive Shields").
func RaiseShields(shields int) int { return min(shields+1, MaxCubeShields) }

// BorgDiceDue returns how many dice the cube rolls this round. With first
// strike the players' hits land before the cube fires, so it rolls what
// survives: 9 − (damage + player hits), or nothing if that destroyed it.
// Otherwise the round is simultaneous and it rolls 9 − damage (seed 004
// "Slow and Methodical", "Borg Attack Dice").
func BorgDiceDue(cube Cube, firstStrike bool, playerHits int) int {
	if firstStrike {
		return max(0, CubeDice-cube.Damage-playerHits)
	}
	return cube.Dice()
}

// FleetHits returns the hits the players' fleets score on the cube with
// the dice rolled so far: each pool of r.PlayerFaces counts the faces at
// or above its fleet's PlayerTarget, none when that is above 6 (seed 004
// "Borg Adaptive Shields"; "Additional Borg Rules" for hitting on 6s). A
// fleet without a pool yet scores nothing.
func FleetHits(r CubeRound) int {
	hits := 0
	for i, f := range r.Fleets {
		target, ok := PlayerTarget(f.Weapons, r.Cube.Shields, f.HitsOnSix)
		if ok && i < len(r.PlayerFaces) {
			hits += dice.Pool(r.PlayerFaces[i]).CountAtLeast(target)
		}
	}
	return hits
}

// CubeRoundBorgDice returns how many dice the cube fires in a round of a
// space battle once the players have rolled r.PlayerFaces: in the first
// round the players strike first (seed 004 "Slow and Methodical"), so the
// cube fires what their hits leave; later rounds are simultaneous and it
// fires 9 − damage (seed 004 "Borg Attack Dice"). ResolveCubeRound wants
// exactly this many Borg faces.
func CubeRoundBorgDice(r CubeRound) int {
	return BorgDiceDue(r.Cube, r.FirstStrike(), FleetHits(r))
}

// SystemHits returns the hits a system defending against assimilation
// scores on the cube with a.DefenderFaces: the faces at or above its
// PlayerTarget, none when that is above 6 (seed 004 "3) Begin
// Assimilation": the system fights as in a space battle).
func SystemHits(a Assimilation) int {
	target, ok := PlayerTarget(a.DefenderWeapons, a.Cube.Shields, a.DefenderHitsOnSix)
	if !ok {
		return 0
	}
	return dice.Pool(a.DefenderFaces).CountAtLeast(target)
}

// AssimilationBorgDice returns how many dice the cube fires in an
// assimilation round once the system has rolled a.DefenderFaces: in the
// first round the system strikes first (seed 004 "Slow and Methodical":
// players always have first strike against cubes, in planetary
// assimilation too), so the cube fires what its hits leave; later rounds
// it fires 9 − damage. ResolveAssimilation wants exactly this many Borg
// faces.
func AssimilationBorgDice(a Assimilation) int {
	return BorgDiceDue(a.Cube, a.FirstStrike(), SystemHits(a))
}

// ScoreBorg counts the cube's hits (faces at or above the hit roll; Borg
// hits ignore shields) and its 6s (each both a hit and a regeneration):
// seed 004 "Borg Hit Rolls", "Borg Regeneration"; seed 003 "Borg weapons
// ignore all shields".
func ScoreBorg(faces []int, borgHit int) (hits, sixes int) {
	p := dice.Pool(faces)
	return p.CountAtLeast(borgHit), p.Count(dice.Sides)
}

// ApplyDamage applies the players' hits and the cube's 6s to its damage:
// each hit is one damage; at 9 the cube is destroyed and does not
// regenerate; otherwise each 6 removes one damage, never below 0 (the cube
// never has more than 9 dice). Seed 004 "Damaging Borg Cubes", "Borg
// Regeneration", "Destroying a Borg Cube".
func ApplyDamage(damage, playerHits, sixes int) (after, regenerated int, destroyed bool) {
	d := damage + playerHits
	if d >= CubeDice {
		return CubeDice, 0, true
	}
	regenerated = min(sixes, d)
	return d - regenerated, regenerated, false
}

// ResolveCubeRound resolves one round of combat between a cube and the
// players' fleets (seed 004 "Borg Cubes in Combat"; seed 003 "Borg cubes in
// combat"). In round 1 the players strike first, so the cube fires with the
// dice it has left; later rounds are simultaneous. Borg hits ignore shields
// and are allocated by the players; every 6 regenerates one damage unless
// the players' hits destroyed the cube; the cube's shields rise by one
// after the round, up to 4; a player whose hit roll that makes 7 or more
// must retreat. When the cube is destroyed, every player with ships in the
// battle draws a Borg tech card. The Borg faces entered must be exactly the
// dice the cube may roll.
func ResolveCubeRound(r CubeRound) (CubeRoundResult, error) {
	var res CubeRoundResult
	if err := r.Cube.Validate(); err != nil {
		return res, err
	}
	if r.Cube.Destroyed() {
		return res, bad("rules.borg.cube_already_has_damage_it_is", "the cube already has %d damage: it is destroyed", r.Cube.Damage)
	}
	if err := ValidateBorgHit(r.BorgHit); err != nil {
		return res, err
	}
	if len(r.Fleets) == 0 {
		return res, bad("rules.borg.cube_battle_needs_at_least_one", "a cube battle needs at least one player fleet")
	}
	if len(r.PlayerFaces) != len(r.Fleets) {
		return res, bad("rules.borg.need_one_dice_pool_per_fleet", "need one dice pool per fleet: %d fleets, %d pools", len(r.Fleets), len(r.PlayerFaces))
	}
	if err := dice.Pool(r.BorgFaces).Validate(0); err != nil {
		return res, bad("rules.borg.borg_dice", "Borg dice: %v", err)
	}
	first := r.FirstStrike()
	res.Fleets = make([]FleetResult, len(r.Fleets))
	for i, f := range r.Fleets {
		if f.Ships < 0 || f.BonusDice < 0 {
			return res, bad("rules.borg.fleet_ships_and_bonus_dice_must", "fleet %d: ships and bonus dice must not be negative", i+1)
		}
		if f.Weapons < 1 || f.Weapons > dice.Sides {
			return res, bad("rules.borg.fleet_weapons_hit_roll_must_be", "fleet %d: weapons hit roll %d must be 1 to 6", i+1, f.Weapons)
		}
		faces := r.PlayerFaces[i]
		if err := dice.Pool(faces).Validate(0); err != nil {
			return res, bad("rules.borg.fleet_dice", "fleet %d dice: %v", i+1, err)
		}
		target, ok := PlayerTarget(f.Weapons, r.Cube.Shields, f.HitsOnSix)
		if got, due := len(faces), f.Dice(); got != due && (ok || got != 0) {
			return res, bad("rules.borg.fleet_rolls_dice_one_per_ship", "fleet %d rolls %d dice (one per ship plus bonus dice), %d entered", i+1, due, got)
		}
		hits := 0
		if ok {
			hits = dice.Pool(faces).CountAtLeast(target)
		}
		res.Fleets[i] = FleetResult{Player: f.Player, Target: target, Hits: hits}
		res.PlayerHits += hits
	}
	res.BorgDice = CubeRoundBorgDice(r)
	if got := len(r.BorgFaces); got != res.BorgDice {
		if first {
			return res, bad("rules.borg.after_players_first_strike_cube_may", "after the players' first strike the cube may roll %d dice (9 − %d damage − %d hits), %d entered", res.BorgDice, r.Cube.Damage, res.PlayerHits, got)
		}
		return res, bad("rules.borg.cube_may_roll_dice_9_damage", "the cube may roll %d dice (9 − %d damage), %d entered", res.BorgDice, r.Cube.Damage, got)
	}
	res.BorgHits, res.Sixes = ScoreBorg(r.BorgFaces, r.BorgHit)
	after, regen, destroyed := ApplyDamage(r.Cube.Damage, res.PlayerHits, res.Sixes)
	res.Regenerated, res.CubeDestroyed = regen, destroyed
	res.Cube = r.Cube
	res.Cube.Damage = after
	res.Cube.Shields = RaiseShields(r.Cube.Shields)
	res.Cube.Round = r.Cube.Round + 1
	for i, f := range r.Fleets {
		if destroyed {
			res.Fleets[i].DrawsTech = f.Ships > 0
		} else {
			res.Fleets[i].ForcedRetreat = MustRetreat(f.Weapons, res.Cube.Shields, f.HitsOnSix)
		}
	}
	return res, nil
}

// ResolveAssimilation resolves one round of a cube assimilating a system
// (seed 004 "3) Begin Assimilation", "Assimilating Starbases"; seed 003
// "Begin assimilation"). The cube fights as in a space battle (9 − damage
// dice, first strike for the defender in round 1, regeneration, shields
// rising after the round); the system rolls one die per node plus one for a
// starbase; every Borg hit destroys a node (the starbase counts as one).
// When nothing is left the system is assimilated.
func ResolveAssimilation(a Assimilation) (AssimilationResult, error) {
	var res AssimilationResult
	if err := a.Cube.Validate(); err != nil {
		return res, err
	}
	if a.Cube.Destroyed() {
		return res, bad("rules.borg.cube_already_has_damage_it_is", "the cube already has %d damage: it is destroyed", a.Cube.Damage)
	}
	if err := ValidateBorgHit(a.BorgHit); err != nil {
		return res, err
	}
	if a.Nodes < 0 {
		return res, bad("rules.borg.nodes_must_not_be_negative", "nodes %d must not be negative", a.Nodes)
	}
	structures := a.Nodes
	if a.Starbase {
		structures++
	}
	if structures == 0 {
		return res, bad("rules.borg.system_has_no_nodes_or_starbase", "the system has no nodes or starbase left to assimilate")
	}
	if a.DefenderWeapons < 1 || a.DefenderWeapons > dice.Sides {
		return res, bad("rules.borg.defender_hit_roll_must_be_1", "defender hit roll %d must be 1 to 6", a.DefenderWeapons)
	}
	for what, f := range [][]int{a.DefenderFaces, a.BorgFaces} {
		if err := dice.Pool(f).Validate(0); err != nil {
			if what == 1 {
				return res, bad("rules.borg.borg_dice", "Borg dice: %v", err)
			}
			return res, bad("rules.borg.defender_dice", "defender dice: %v", err)
		}
	}
	if got := len(a.DefenderFaces); got != structures {
		return res, bad("rules.borg.system_rolls_dice_one_per_node", "the system rolls %d dice (one per node, one for a starbase), %d entered", structures, got)
	}
	res.DefenderTarget, _ = PlayerTarget(a.DefenderWeapons, a.Cube.Shields, a.DefenderHitsOnSix)
	res.DefenderHits = SystemHits(a)
	res.BorgDice = AssimilationBorgDice(a)
	if got := len(a.BorgFaces); got != res.BorgDice {
		return res, bad("rules.borg.cube_may_roll_dice_entered", "the cube may roll %d dice, %d entered", res.BorgDice, got)
	}
	res.BorgHits, res.Sixes = ScoreBorg(a.BorgFaces, a.BorgHit)
	after, regen, destroyed := ApplyDamage(a.Cube.Damage, res.DefenderHits, res.Sixes)
	res.Regenerated, res.CubeDestroyed = regen, destroyed
	res.Cube = a.Cube
	res.Cube.Damage = after
	res.Cube.Shields = RaiseShields(a.Cube.Shields)
	res.Cube.Round = a.Cube.Round + 1
	res.StructuresDestroyed = min(res.BorgHits, structures)
	res.StructuresLeft = structures - res.StructuresDestroyed
	res.Assimilated = res.StructuresLeft == 0
	res.StarbaseAssimilated = res.Assimilated && a.Starbase
	return res, nil
}

// ResolveReclaim resolves one round of a player invading a Borg system
// (seed 004 "Reclaiming Borg Systems", "Borg Planetary Shields"; seed 003
// "Reclaiming Borg systems"). The system's shields are its number of
// assimilation nodes; there is no first strike. Hits at least equal to the
// structures (spire, nodes, a cube atop the spire) reclaim it; fewer have no
// effect. After an unsuccessful round the system gains a node (at most 3).
func ResolveReclaim(r Reclaim) (ReclaimResult, error) {
	var res ReclaimResult
	if err := r.Spire.Validate(); err != nil {
		return res, err
	}
	f := r.Fleet
	if f.Ships < 0 || f.BonusDice < 0 {
		return res, bad("rules.borg.ships_and_bonus_dice_must_not", "ships and bonus dice must not be negative")
	}
	if f.Weapons < 1 || f.Weapons > dice.Sides {
		return res, bad("rules.borg.weapons_hit_roll_must_be_1", "weapons hit roll %d must be 1 to 6", f.Weapons)
	}
	if err := dice.Pool(r.PlayerFaces).Validate(0); err != nil {
		return res, bad("rules.borg.player_dice", "player dice: %v", err)
	}
	if got, due := len(r.PlayerFaces), f.Dice(); got != due {
		return res, bad("rules.borg.fleet_rolls_dice_entered", "the fleet rolls %d dice, %d entered", due, got)
	}
	res.Structures = r.Spire.Structures()
	res.Hopeless = f.Dice() < res.Structures
	res.Target, res.CanHit = PlayerTarget(f.Weapons, r.Spire.Nodes, f.HitsOnSix)
	if res.CanHit {
		res.Hits = dice.Pool(r.PlayerFaces).CountAtLeast(res.Target)
	}
	if len(r.BorgFaces) > 0 {
		if err := ValidateBorgHit(r.BorgHit); err != nil {
			return res, err
		}
		if err := dice.Pool(r.BorgFaces).Validate(0); err != nil {
			return res, bad("rules.borg.borg_dice", "Borg dice: %v", err)
		}
		if got := len(r.BorgFaces); got != res.Structures {
			return res, bad("rules.borg.borg_system_rolls_dice_one_per", "the Borg system rolls %d dice (one per structure), %d entered", res.Structures, got)
		}
		res.BorgHits, _ = ScoreBorg(r.BorgFaces, r.BorgHit)
	}
	res.Reclaimed = res.Hits >= res.Structures
	res.DrawsTech = res.Reclaimed
	if !res.Reclaimed {
		res.Spire = r.Spire
		res.Spire.Nodes = min(r.Spire.Nodes+1, MaxSpireNodes)
	}
	return res, nil
}

// AllocateInTurnOrder shares the cube's hits among several defending
// players when no assimilated player allocates them: the defenders take
// turns in turn order, one hit each, skipping players with no ships left,
// until every hit is placed or no ships remain (seed 004 "Borg Hit Rolls").
// ships lists each defender's ships in turn order; the result is the hits
// each takes. Each player then chooses which of their own ships are lost.
func AllocateInTurnOrder(hits int, ships []int) []int {
	out := make([]int, len(ships))
	for hits > 0 {
		placed := false
		for i, s := range ships {
			if hits == 0 {
				break
			}
			if out[i] < s {
				out[i]++
				hits--
				placed = true
			}
		}
		if !placed {
			break
		}
	}
	return out
}
