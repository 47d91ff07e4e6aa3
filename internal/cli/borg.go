package cli

import (
	"fmt"
	"io"

	"fyne.io/fyne/v2/lang"

	"tableops/rules/borg"
	"tableops/rules/odds"
)

// borgRoundReport is the JSON of "resolve borg-round".
type borgRoundReport struct {
	PlayerHits    int     `json:"player_hits"`
	BorgHits      int     `json:"borg_hits"`
	Regenerated   int     `json:"regenerated"`
	CubeDamage    int     `json:"cube_damage"`
	CubeDestroyed bool    `json:"cube_destroyed"`
	CubeShields   int     `json:"cube_shields"`
	ForcedRetreat bool    `json:"forced_retreat"`
	PlayerTarget  int     `json:"player_target"`
	BorgDice      int     `json:"borg_dice"`
	Sixes         int     `json:"sixes"`
	CubeDice      int     `json:"cube_dice_next_round"`
	PlayerFaces   []int   `json:"player_faces"`
	BorgFaces     []int   `json:"borg_faces"`
	Virtual       bool    `json:"virtual"`
	Seed          *uint64 `json:"seed,omitempty"`
}

// runResolveBorgRound resolves one round of combat against a Borg cube
// (seed 004 "Borg Cubes in Combat").
func runResolveBorgRound(args []string, out io.Writer) error {
	fs := newFlagSet("resolve borg-round")
	player := fs.battlePool("player-dice", "player-count", lang.X("cli.pool.player_attack", "player attack (one per ship, plus bonus dice)"), false)
	bp := fs.battlePool("borg-dice", "borg-count", lang.X("cli.pool.borg_attack", "Borg attack"), true)
	hit := fs.Int("hit", 0, lang.X("cli.flag.hit_2", "your weapons hit roll before the cube's shields, e.g. 4 for 4+ (required)"))
	damage := fs.Int("cube-damage", 0, lang.X("cli.flag.cube_damage", "damage on the cube before the round (0-8)"))
	shields := fs.Int("cube-shields", 0, lang.X("cli.flag.cube_shields", "the cube's shield modifier this round (0-4)"))
	first := fs.Bool("first-strike", false, lang.X("cli.flag.first_strike", "first round of the battle: the players strike first"))
	borgHit := fs.Int("borg-hit", 0, lang.X("cli.flag.borg_hit", "the Borg hit roll from the console for the spires in play (required)"))
	six := fs.Bool("hits-on-six", false, lang.X("cli.flag.hits_on_six", "you always hit on 6s (Klingon starting advancement)"))
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if err := hitFlag("hit", *hit); err != nil {
		return err
	}
	if err := borgHitFlag(*borgHit); err != nil {
		return err
	}
	cube := borg.Cube{Damage: *damage, Shields: *shields, Round: 1}
	if *first {
		if *shields > 0 {
			return badInput("%s", lang.X("cli.battle.first_strike_fresh", "--first-strike is for round 1 only: a cube with its shields up is already in battle"))
		}
		cube.Round = 0
	}
	if err := cube.Validate(); err != nil || cube.Destroyed() {
		return badInput("%s", lang.X("cli.battle.bad_cube", "--cube-damage must be 0 to 8 and --cube-shields 0 to 4"))
	}
	pf, pv, err := fs.rollBattle(player, 0)
	if err != nil {
		return err
	}
	round := borg.CubeRound{
		Cube:        cube,
		Fleets:      []borg.Fleet{{Ships: len(pf), Weapons: *hit, HitsOnSix: *six}},
		PlayerFaces: [][]int{pf},
		BorgHit:     *borgHit,
	}
	target, ok := borg.PlayerTarget(*hit, *shields, *six)
	hits := borg.FleetHits(round)        // the first strike's hits, when it is one
	due := borg.CubeRoundBorgDice(round) // what the cube fires after them
	bf, bv, err := fs.rollBattle(bp, due)
	if err != nil {
		return err
	}
	if len(bf) != due {
		if *first {
			return badInput("%s", lang.X("cli.battle.cube_dice_first", "the cube may roll {{.Due}} dice (9 - {{.Damage}} damage - {{.Hits}} first-strike hits), but {{.Got}} were entered",
				tv{"Due": due, "Damage": *damage, "Hits": hits, "Got": len(bf)}))
		}
		return badInput("%s", lang.X("cli.battle.cube_dice", "the cube may roll {{.Due}} dice (9 - {{.Damage}} damage), but {{.Got}} were entered", tv{"Due": due, "Damage": *damage, "Got": len(bf)}))
	}
	round.BorgFaces = bf
	r, err := borg.ResolveCubeRound(round)
	if err != nil {
		return badInput("%v", err)
	}
	virtual := pv || bv
	rep := borgRoundReport{
		PlayerHits: r.PlayerHits, BorgHits: r.BorgHits, Regenerated: r.Regenerated,
		CubeDamage: r.Cube.Damage, CubeDestroyed: r.CubeDestroyed, CubeShields: r.Cube.Shields,
		ForcedRetreat: r.Fleets[0].ForcedRetreat, PlayerTarget: target, BorgDice: r.BorgDice, Sixes: r.Sixes,
		CubeDice: r.Cube.Dice(), PlayerFaces: pf, BorgFaces: bf, Virtual: virtual, Seed: seedPtr(fs, virtual),
	}
	if fs.json {
		return writeJSON(out, rep)
	}
	if virtual {
		fmt.Fprintln(out, lang.X("cli.battle.rolled_virtually", "Rolled virtually, seed {{.Seed}}.", tv{"Seed": *rep.Seed}))
	}
	if ok {
		fmt.Fprintln(out, lang.X("cli.battle.cube_players", "Players: {{.Faces}}, needing {{.Target}}+ (hit roll {{.Hit}} + cube shields {{.Shields}}): {{.Hits}} hit(s).",
			tv{"Faces": faceList(pf), "Target": target, "Hit": *hit, "Shields": *shields, "Hits": r.PlayerHits}))
	} else {
		fmt.Fprintln(out, lang.X("cli.battle.cube_players_cannot", "Players need {{.Target}}+ (hit roll {{.Hit}} + cube shields {{.Shields}}): you cannot hit and should have retreated.",
			tv{"Target": target, "Hit": *hit, "Shields": *shields}))
	}
	if *first {
		fmt.Fprintln(out, lang.X("cli.battle.cube_first_strike", "First strike: the hits land before the cube fires, leaving it {{.Due}} dice.", tv{"Due": due}))
	}
	if r.BorgDice > 0 {
		fmt.Fprintln(out, lang.X("cli.battle.cube_borg", "Borg: {{.Faces}}, hitting on {{.BorgHit}}+ (shields ignored): {{.Hits}} hit(s), {{.Sixes}} of them 6s.",
			tv{"Faces": faceList(bf), "BorgHit": *borgHit, "Hits": r.BorgHits, "Sixes": r.Sixes}))
		fmt.Fprintln(out, lang.X("cli.battle.cube_allocate", "Allocate the Borg hits to your ships (several defenders take turns in turn order)."))
	}
	if r.CubeDestroyed {
		fmt.Fprintln(out, lang.X("cli.battle.cube_destroyed", "The cube is destroyed (9 damage): no regeneration. Every player with ships in the battle draws a Borg tech card."))
		return nil
	}
	if r.Regenerated > 0 {
		fmt.Fprintln(out, lang.X("cli.battle.cube_regenerated", "Each 6 regenerates one damage: {{.N}} removed.", tv{"N": r.Regenerated}))
	}
	fmt.Fprintln(out, lang.X("cli.battle.cube_now", "Cube now: {{.Damage}} damage ({{.Dice}} dice next round), shields {{.Shields}}.", tv{"Damage": r.Cube.Damage, "Dice": r.Cube.Dice(), "Shields": r.Cube.Shields}))
	if rep.ForcedRetreat {
		fmt.Fprintln(out, lang.X("cli.battle.cube_must_retreat", "Your hit roll against shields {{.Shields}} would be {{.Target}}+: you must retreat.", tv{"Shields": r.Cube.Shields, "Target": *hit + r.Cube.Shields}))
	} else {
		next, _ := borg.PlayerTarget(*hit, r.Cube.Shields, *six)
		fmt.Fprintln(out, lang.X("cli.battle.cube_next", "Next round is simultaneous; you will need {{.Target}}+.", tv{"Target": next}))
	}
	return nil
}

// printDist prints a distribution one outcome a line with its chance.

// borgBattleOddsReport is the JSON of "odds borg-battle".
type borgBattleOddsReport struct {
	CubeDestroyed     float64            `json:"cube_destroyed"`
	PlayersWiped      float64            `json:"players_wiped"`
	ForcedRetreat     float64            `json:"forced_retreat"`
	ExpectedShipsLost float64            `json:"expected_ships_lost"`
	BothDestroyed     float64            `json:"both_destroyed"`
	ExpectedRounds    float64            `json:"expected_rounds"`
	ShipsLeft         map[string]float64 `json:"ships_left"`
}

// runOddsBorgBattle prints the exact odds of a whole battle against a cube.
func runOddsBorgBattle(args []string, out io.Writer) error {
	fs := newFlagSet("odds borg-battle")
	ships := fs.Int("ships", -1, lang.X("cli.flag.ships", "your ships in the battle (required)"))
	fs.IntVar(ships, "player-dice", -1, lang.X("cli.flag.player_dice", "same as --ships"))
	hit := fs.Int("hit", 0, lang.X("cli.flag.hit_4", "your weapons hit roll before the cube's shields (required)"))
	borgHit := fs.Int("borg-hit", 0, lang.X("cli.flag.borg_hit", "the Borg hit roll from the console for the spires in play (required)"))
	damage := fs.Int("cube-damage", 0, lang.X("cli.flag.cube_damage_2", "damage already on the cube"))
	shields := fs.Int("cube-shields", 0, lang.X("cli.flag.cube_shields_2", "the cube's shield modifier now"))
	rounds := fs.Int("rounds-fought", 0, lang.X("cli.flag.rounds_fought", "rounds already fought (0: a fresh battle, you strike first)"))
	noFirst := fs.Bool("no-first-strike", false, lang.X("cli.flag.no_first_strike", "no first strike in round 1 (optional rule: Command::Aggression)"))
	six := fs.Bool("hits-on-six", false, lang.X("cli.flag.hits_on_six", "you always hit on 6s (Klingon starting advancement)"))
	bonus := fs.Int("bonus-dice", 0, lang.X("cli.flag.bonus_dice", "extra dice each round (a starbase in orbit, advancements)"))
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if *ships < 0 {
		return badInput("%s", lang.X("cli.err.ships_required", "--ships N is required"))
	}
	if err := hitFlag("hit", *hit); err != nil {
		return err
	}
	if err := borgHitFlag(*borgHit); err != nil {
		return err
	}
	if err := nonNegative("rounds-fought", *rounds, "bonus-dice", *bonus); err != nil {
		return err
	}
	// A cube with raised shields is already in battle: they rise one a
	// round, so at least that many rounds were fought, and first strike
	// (round 1 only) is over.
	fought := max(*rounds, *shields)
	o, err := odds.CubeBattle(odds.CubeBattleSetup{
		Ships: *ships, Weapons: *hit, HitsOnSix: *six, BonusDice: *bonus, BorgHit: *borgHit, NoFirstStrike: *noFirst,
		Cube: borg.Cube{Damage: *damage, Shields: *shields, Round: fought},
	})
	if err != nil {
		return badInput("%v", err)
	}
	rep := borgBattleOddsReport{CubeDestroyed: o.CubeDestroyed, PlayersWiped: o.PlayersWiped, ForcedRetreat: o.ForcedRetreat,
		ExpectedShipsLost: o.ExpectedShipsLost, BothDestroyed: o.BothDestroyed, ExpectedRounds: o.ExpectedRounds, ShipsLeft: o.ShipsLeft.Map()}
	if fs.json {
		return writeJSON(out, rep)
	}
	pct := func(v float64) string { return fmt.Sprintf("%6.2f", 100*v) }
	fmt.Fprintln(out, lang.X("cli.battle.odds_cube_head", "{{.Ships}} ships hitting on {{.Hit}}+ (plus the cube's shields) against a cube with {{.Damage}} damage, shields {{.Shields}}; Borg hit on {{.BorgHit}}+.",
		tv{"Ships": *ships, "Hit": *hit, "Damage": *damage, "Shields": *shields, "BorgHit": *borgHit}))
	fmt.Fprint(out, lang.X("cli.battle.odds_cube_destroyed", "  cube destroyed       {{.P}}%", tv{"P": pct(o.CubeDestroyed)}))
	if o.BothDestroyed > 0 {
		fmt.Fprint(out, lang.X("cli.battle.odds_cube_both", "  ({{.P}}% taking your last ship with it)", tv{"P": fmt.Sprintf("%.2f", 100*o.BothDestroyed)}))
	}
	fmt.Fprintln(out)
	fmt.Fprintln(out, lang.X("cli.battle.odds_cube_outcomes", "  your ships wiped out {{.W}}%\n  forced to retreat    {{.R}}%", tv{"W": pct(o.PlayersWiped), "R": pct(o.ForcedRetreat)}))
	fmt.Fprintln(out, lang.X("cli.battle.odds_cube_expected", "Expected ships lost {{.Lost}} over {{.Rounds}} rounds on average.",
		tv{"Lost": fmt.Sprintf("%.2f", o.ExpectedShipsLost), "Rounds": fmt.Sprintf("%.2f", o.ExpectedRounds)}))
	return nil
}
