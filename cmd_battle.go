package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"tableops/rules/ascendancy"
	"tableops/rules/borg"
	"tableops/rules/dice"
	"tableops/rules/odds"
)

// battleDice is a dice pool given as faces (--FACES 6,5,4) or as a count to
// roll virtually (--COUNT N, with --seed). The Ascendancy and Borg commands
// use their own flag names (--dice/--count, --player-dice/--player-count,
// --borg-dice/--borg-count) because DESIGN.md fixes --dice and
// --player-dice as faces.
type battleDice struct {
	facesName, countName string
	faces                string
	facesSet             bool
	count                int
	countSet             bool
	auto                 bool
	index                int
}

// battlePool registers --facesName and --countName. With allowAuto,
// "--countName auto" rolls exactly the dice the rules allow.
func (fs *flagSet) battlePool(facesName, countName, what string, allowAuto bool) *battleDice {
	d := &battleDice{facesName: facesName, countName: countName, index: len(fs.pools)}
	// Reserve a seed offset next to the shared pools so virtual pools never
	// reuse a seed.
	fs.pools = append(fs.pools, &poolFlag{name: facesName, index: d.index})
	fs.Func(facesName, lang.X("cli.flag.battle_faces", "{{.What}} dice faces, e.g. 6,5,4,1", map[string]any{"What": what}), func(s string) error {
		d.faces, d.facesSet = s, true
		return nil
	})
	help := lang.X("cli.flag.battle_count", "number of {{.What}} dice to roll virtually (with --seed)", map[string]any{"What": what})
	if allowAuto {
		help = lang.X("cli.flag.battle_count_auto", "number of {{.What}} dice to roll virtually (with --seed), or \"auto\" for as many as the rules allow", map[string]any{"What": what})
	}
	fs.Func(countName, help, func(s string) error {
		if allowAuto && s == "auto" {
			d.auto, d.countSet = true, true
			return nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return fmt.Errorf("%s", lang.X("cli.err.not_dice_count", "--{{.Flag}} {{.V}} is not a number of dice", tv{"Flag": countName, "V": strconv.Quote(s)}))
		}
		if n > odds.MaxBattleDice {
			return fmt.Errorf("--%s %d: at most %d dice", countName, n, odds.MaxBattleDice)
		}
		d.count, d.countSet = n, true
		return nil
	})
	return d
}

// rollBattle returns the pool's faces, parsed or rolled virtually (auto
// rolls autoCount dice). Virtual pools use --seed plus the pool's index; a
// random seed is drawn when none was given.
func (fs *flagSet) rollBattle(d *battleDice, autoCount int) (pool dice.Pool, virtual bool, err error) {
	switch {
	case d.facesSet && d.countSet:
		return nil, false, badInput("%s", lang.X("cli.err.either_not_both", "give either --{{.A}} or --{{.B}}, not both", tv{"A": d.facesName, "B": d.countName}))
	case d.facesSet:
		p, err := dice.Parse(d.faces, odds.MaxBattleDice)
		if err != nil {
			return nil, false, badInput("--%s: %v", d.facesName, err)
		}
		return p, false, nil
	case d.countSet:
		n := d.count
		if d.auto {
			n = autoCount
		}
		if err := fs.ensureSeed(); err != nil {
			return nil, false, err
		}
		return dice.Roll(n, fs.seed+uint64(d.index)), true, nil
	default:
		return nil, false, badInput("%s", lang.X("cli.err.either_required", "--{{.A}} or --{{.B}} is required", tv{"A": d.facesName, "B": d.countName}))
	}
}

// hitFlag checks a hit roll flag: 1 to 6.
func hitFlag(name string, v int) error {
	if v < 1 || v > 6 {
		return badInput("%s", lang.X("cli.battle.bad_hit", "--{{.Flag}} {{.V}}: a hit roll is 1 to 6 (e.g. 4 for 4+)", tv{"Flag": name, "V": v}))
	}
	return nil
}

// hitAndShields checks --hit (a hit roll, 1 to 6) and --shields (a shield
// modifier, not negative), in that order.
func hitAndShields(hit, shields int) error {
	if err := hitFlag("hit", hit); err != nil {
		return err
	}
	return nonNegative("shields", shields)
}

// borgHitFlag checks --borg-hit: the Borg hit roll from the console.
func borgHitFlag(v int) error {
	if err := borg.ValidateBorgHit(v); err != nil {
		return badInput("%s", lang.X("cli.battle.bad_borg_hit", "--borg-hit {{.V}}: the Borg hit roll from the console is 2 to 6", tv{"V": v}))
	}
	return nil
}

// virtualNote is " (rolled virtually, seed N)" for a virtual roll's seed,
// and "" when the dice were entered (seed nil).
func virtualNote(seed *uint64) string {
	if seed == nil {
		return ""
	}
	return lang.X("cli.battle.virtual_note", " (rolled virtually, seed {{.Seed}})", tv{"Seed": *seed})
}

func nonNegative(pairs ...any) error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if v := pairs[i+1].(int); v < 0 {
			return badInput("%s", lang.X("cli.battle.negative", "--{{.Flag}} {{.V}} must not be negative", tv{"Flag": pairs[i].(string), "V": v}))
		}
	}
	return nil
}

func seedPtr(fs *flagSet, virtual bool) *uint64 {
	if !virtual {
		return nil
	}
	s := fs.seed
	return &s
}

func faceList(p []int) string {
	if len(p) == 0 {
		return "(no dice)"
	}
	parts := make([]string, len(p))
	for i, f := range p {
		parts[i] = strconv.Itoa(f)
	}
	return strings.Join(parts, ",")
}

// spaceBattleReport is the JSON of "resolve space-battle".
type spaceBattleReport struct {
	Target     int     `json:"target"`
	Hits       int     `json:"hits"`
	Impossible bool    `json:"impossible,omitempty"`
	Dice       []int   `json:"dice"`
	Virtual    bool    `json:"virtual"`
	Seed       *uint64 `json:"seed,omitempty"`
}

// runResolveSpaceBattle counts one side's hits in a round of an Ascendancy
// space battle (seed 002 "Space Battles": hit roll = weapons + the
// opponent's shield modifier; above 6 cannot hit).
func runResolveSpaceBattle(args []string, out io.Writer) error {
	fs := newFlagSet("resolve space-battle")
	pool := fs.battlePool("dice", "count", lang.X("cli.pool.attack", "attack"), false)
	hit := fs.Int("hit", 0, lang.X("cli.flag.hit", "your weapons hit roll, e.g. 4 for 4+ (required)"))
	shields := fs.Int("shields", 0, lang.X("cli.flag.shields", "the opponent's shield modifier"))
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if err := hitAndShields(*hit, *shields); err != nil {
		return err
	}
	p, virtual, err := fs.rollBattle(pool, 0)
	if err != nil {
		return err
	}
	target, ok := ascendancy.HitTarget(*hit, *shields)
	rep := spaceBattleReport{Target: target, Hits: ascendancy.CountHits(p, target), Impossible: !ok, Dice: p, Virtual: virtual, Seed: seedPtr(fs, virtual)}
	if fs.json {
		return writeJSON(out, rep)
	}
	fmt.Fprintln(out, lang.X("cli.battle.dice", "Dice {{.Faces}}{{.Note}}", tv{"Faces": faceList(p), "Note": virtualNote(rep.Seed)}))
	fmt.Fprintln(out, lang.X("cli.battle.space_target", "Hit roll {{.Hit}}+ plus the opponent's shield modifier {{.Shields}}: you need {{.Target}} or more.", tv{"Hit": *hit, "Shields": *shields, "Target": target}))
	if !ok {
		fmt.Fprintln(out, lang.X("cli.battle.space_impossible", "Above 6: you cannot hit. If neither side can hit, one of you must retreat to end the battle."))
		return nil
	}
	fmt.Fprintln(out, lang.X("cli.battle.space_hits", "{{.Hits}} hit(s): each destroys one enemy ship (you choose which).", tv{"Hits": rep.Hits}))
	return nil
}

// invasionReport is the JSON of "resolve invasion".
type invasionReport struct {
	Target         int                        `json:"target"`
	Hits           int                        `json:"hits"`
	Impossible     bool                       `json:"impossible,omitempty"`
	Outcome        ascendancy.InvasionOutcome `json:"outcome"`
	NodesDestroyed int                        `json:"nodes_destroyed"`
	Nodes          int                        `json:"nodes"`
	Dice           []int                      `json:"dice"`
	Virtual        bool                       `json:"virtual"`
	Seed           *uint64                    `json:"seed,omitempty"`
}

// runResolveInvasion classifies a round of a planetary invasion by the
// attacker's hits (seed 002 "Planetary Invasion").
func runResolveInvasion(args []string, out io.Writer) error {
	fs := newFlagSet("resolve invasion")
	pool := fs.battlePool("dice", "count", lang.X("cli.pool.attack_per_ship", "attack (one per ship)"), false)
	hit := fs.Int("hit", 0, lang.X("cli.flag.hit", "your weapons hit roll, e.g. 4 for 4+ (required)"))
	shields := fs.Int("shields", 0, lang.X("cli.flag.shields_2", "the defender's shield modifier (an independent civilization's: its warp tokens)"))
	nodes := fs.Int("nodes", 0, lang.X("cli.flag.nodes", "nodes on the planet, control node included (required)"))
	uncontrolled := fs.Bool("uncontrolled", false, lang.X("cli.flag.uncontrolled", "the system has no control node (independent or uncontrolled)"))
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if err := hitAndShields(*hit, *shields); err != nil {
		return err
	}
	if *nodes < 1 {
		return badInput("%s", lang.X("cli.battle.bad_nodes", "--nodes {{.N}}: only a developed system (at least one node) can be invaded", tv{"N": *nodes}))
	}
	p, virtual, err := fs.rollBattle(pool, 0)
	if err != nil {
		return err
	}
	target, ok := ascendancy.HitTarget(*hit, *shields)
	hits := ascendancy.CountHits(p, target)
	outcome, destroyed := ascendancy.InvasionResultFor(hits, *nodes)
	rep := invasionReport{Target: target, Hits: hits, Impossible: !ok, Outcome: outcome, NodesDestroyed: destroyed, Nodes: *nodes, Dice: p, Virtual: virtual, Seed: seedPtr(fs, virtual)}
	if fs.json {
		return writeJSON(out, rep)
	}
	fmt.Fprintln(out, lang.X("cli.battle.dice", "Dice {{.Faces}}{{.Note}}", tv{"Faces": faceList(p), "Note": virtualNote(rep.Seed)}))
	fmt.Fprintln(out, lang.X("cli.battle.invasion_target", "You need {{.Target}} or more (hit roll {{.Hit}}+ plus shield modifier {{.Shields}}): {{.Hits}} hit(s) against {{.Nodes}} node(s).",
		tv{"Target": target, "Hit": *hit, "Shields": *shields, "Hits": hits, "Nodes": *nodes}))
	if !ok {
		fmt.Fprintln(out, lang.X("cli.battle.invasion_impossible", "Above 6: you cannot hit this system."))
	}
	switch outcome {
	case ascendancy.Successful:
		fmt.Fprintln(out, lang.X("cli.battle.invasion_success", "Successful invasion: more hits than nodes. Place your control node; every node stays. You still take the defender's hits as casualties."))
	case ascendancy.Annihilation:
		fmt.Fprintln(out, lang.X("cli.battle.invasion_annihilation", "Total annihilation: hits equal the nodes. Destroy every node, control node included; nobody wins and the system must be colonized anew."))
	default:
		what := lang.X("cli.battle.collateral_resource", "resource node(s) of your choice (never the control node)")
		if *uncontrolled {
			what = lang.X("cli.battle.collateral_any", "node(s) of your choice")
		}
		fmt.Fprintln(out, lang.X("cli.battle.invasion_collateral", "Collateral damage: destroy {{.N}} {{.What}}. Fight another round unless you retreat or the defender surrenders; if all your ships die, the invasion fails.", tv{"N": destroyed, "What": what}))
	}
	return nil
}

// hegemonyReport is the JSON of "resolve hegemony".
type hegemonyReport struct {
	Total        int     `json:"total"`
	Success      bool    `json:"success"`
	Roll         int     `json:"roll"`
	Resistance   int     `json:"resistance"`
	CultureSpent int     `json:"culture_spent"`
	Virtual      bool    `json:"virtual"`
	Seed         *uint64 `json:"seed,omitempty"`
}

// runResolveHegemony resolves a cultural hegemony attempt (seed 002
// "Cultural Hegemony"). Without --roll the die is rolled virtually.
func runResolveHegemony(args []string, out io.Writer) error {
	fs := newFlagSet("resolve hegemony")
	roll := fs.Int("roll", 0, lang.X("cli.flag.roll", "the die rolled (1-6); leave out to roll virtually with --seed"))
	asc := fs.Int("ascendancy", 0, lang.X("cli.flag.ascendancy", "your ascendancy"))
	res := fs.Int("resistance", -1, lang.X("cli.flag.resistance", "the system's hegemony resistance: structures + controller's ascendancy, or nodes + warp tokens (required)"))
	ferengi := fs.Bool("ferengi", false, lang.X("cli.flag.ferengi", "you are the Ferengi (no ascendancy added)"))
	mod := fs.Int("modifier", 0, lang.X("cli.flag.modifier", "added to the die by a card, e.g. 1 for the Federation's Universal Translator"))
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if *res < 0 {
		return badInput("%s", lang.X("cli.battle.need_resistance", "--resistance is required (structures + the controller's ascendancy, or nodes + warp tokens for an independent system)"))
	}
	if err := nonNegative("ascendancy", *asc); err != nil {
		return err
	}
	virtual := false
	if *roll == 0 {
		if err := fs.ensureSeed(); err != nil {
			return err
		}
		*roll, virtual = dice.Roll(1, fs.seed)[0], true
	}
	faction := ascendancy.Faction("")
	if *ferengi {
		faction = ascendancy.Ferengi
	}
	r, err := ascendancy.ResolveHegemony(ascendancy.Hegemony{Roll: *roll, Ascendancy: *asc, Resistance: *res, Faction: faction, Culture: -1, Modifier: *mod})
	if err != nil {
		return badInput("%v", err)
	}
	rep := hegemonyReport{Total: r.Total, Success: r.Success, Roll: *roll, Resistance: *res, CultureSpent: r.CultureSpent, Virtual: virtual, Seed: seedPtr(fs, virtual)}
	if fs.json {
		return writeJSON(out, rep)
	}
	added := *asc
	if *ferengi {
		added = 0
	}
	note := virtualNote(rep.Seed)
	if *mod != 0 {
		note = fmt.Sprintf(" (die %+d)", *mod) + note
	}
	fmt.Fprintln(out, lang.X("cli.battle.hegemony_roll", "Roll {{.Roll}} + ascendancy {{.Asc}} = {{.Total}} against resistance {{.Res}}{{.Note}}",
		tv{"Roll": *roll, "Asc": added, "Total": r.Total, "Res": *res, "Note": note}))
	if r.Success {
		fmt.Fprintln(out, lang.X("cli.battle.hegemony_success", "Success: higher than the resistance. Pay a second culture and place your control node (2 culture in all)."))
	} else {
		fmt.Fprintln(out, lang.X("cli.battle.hegemony_failed", "Failed: the total must be higher than the resistance. The culture spent to try is lost."))
	}
	return nil
}

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
	target, ok := borg.PlayerTarget(*hit, *shields, *six)
	hits := 0
	if ok {
		hits = dice.Pool(pf).CountAtLeast(target)
	}
	due := borg.BorgDiceDue(cube, *first, hits)
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
	r, err := borg.ResolveCubeRound(borg.CubeRound{
		Cube:        cube,
		Fleets:      []borg.Fleet{{Ships: len(pf), Weapons: *hit, HitsOnSix: *six}},
		PlayerFaces: [][]int{pf},
		BorgFaces:   bf,
		BorgHit:     *borgHit,
	})
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
func printDist(out io.Writer, label string, d odds.Dist) {
	for k, p := range d {
		if p > 0 {
			fmt.Fprintln(out, lang.X("cli.battle.dist_line", "  {{.K}} {{.Label}}  {{.P}}%   ({{.N}} or more: {{.AtLeast}}%)",
				tv{"K": fmt.Sprintf("%2d", k), "Label": label, "P": fmt.Sprintf("%6.2f", 100*p), "N": k, "AtLeast": fmt.Sprintf("%6.2f", 100*d.AtLeast(k))}))
		}
	}
}

// spaceBattleOddsReport is the JSON of "odds space-battle".
type spaceBattleOddsReport struct {
	Target     int                `json:"target"`
	Impossible bool               `json:"impossible,omitempty"`
	Dice       int                `json:"dice"`
	Hits       map[string]float64 `json:"hits"`
	Expected   float64            `json:"expected"`
}

// runOddsSpaceBattle prints the exact hits distribution of one side's roll
// in a space battle round.
func runOddsSpaceBattle(args []string, out io.Writer) error {
	fs := newFlagSet("odds space-battle")
	n := fs.Int("dice", -1, lang.X("cli.flag.dice", "number of dice: ships plus advancement dice (required; starbases: --starbases)"))
	hit := fs.Int("hit", 0, lang.X("cli.flag.hit_3", "your weapons hit roll (required)"))
	shields := fs.Int("shields", 0, lang.X("cli.flag.shields", "the opponent's shield modifier"))
	starbases := fs.Int("starbases", 0, lang.X("cli.flag.starbases", "your starbases in the battle's system"))
	reading := fs.String("starbase-dice", "orbit", lang.X("cli.flag.starbase_dice", "how starbases add dice: orbit (full rulebook: one die however many) or per_starbase (rules summary: one each)"))
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if *n < 0 {
		return badInput("%s", lang.X("cli.err.dice_required", "--dice N (a number of dice) is required"))
	}
	if *starbases < 0 || *starbases > 20 {
		return badInput("%s", lang.X("cli.err.starbases_range", "--starbases {{.N}}: 0 to 20", tv{"N": *starbases}))
	}
	if *reading != "orbit" && *reading != "per_starbase" {
		return badInput("%s", lang.X("cli.err.starbase_dice", "--starbase-dice {{.V}}: orbit or per_starbase", tv{"V": strconv.Quote(*reading)}))
	}
	*n += ascendancy.StarbaseDice(*starbases, *reading == "per_starbase")
	if *n > odds.MaxBattleDice {
		return badInput("%s", lang.X("cli.err.odds_max_dice", "--dice {{.N}}: the odds handle at most {{.Max}} dice", tv{"N": *n, "Max": odds.MaxBattleDice}))
	}
	if err := hitAndShields(*hit, *shields); err != nil {
		return err
	}
	target, ok := ascendancy.HitTarget(*hit, *shields)
	d := odds.BattleHits(*n, target)
	rep := spaceBattleOddsReport{Target: target, Impossible: !ok, Dice: *n, Hits: d.Map(), Expected: d.Expected()}
	if fs.json {
		return writeJSON(out, rep)
	}
	fmt.Fprintln(out, lang.X("cli.battle.odds_space_head", "{{.N}} dice needing {{.Target}}+ (hit roll {{.Hit}} + shields {{.Shields}}):", tv{"N": *n, "Target": target, "Hit": *hit, "Shields": *shields}))
	if !ok {
		fmt.Fprintln(out, lang.X("cli.battle.odds_no_hits", "  above 6: no hits possible"))
		return nil
	}
	printDist(out, lang.X("cli.battle.hits_label", "hits"), d)
	fmt.Fprintln(out, lang.X("cli.battle.expected_hits", "Expected hits: {{.E}}", tv{"E": fmt.Sprintf("%.2f", rep.Expected)}))
	return nil
}

// invasionOddsReport is the JSON of "odds invasion".
type invasionOddsReport struct {
	Target                 int                `json:"target"`
	Impossible             bool               `json:"impossible,omitempty"`
	Hits                   map[string]float64 `json:"hits"`
	Successful             float64            `json:"successful"`
	Annihilation           float64            `json:"annihilation"`
	Collateral             float64            `json:"collateral"`
	ExpectedNodesDestroyed float64            `json:"expected_nodes_destroyed"`
	AttackerLosses         map[string]float64 `json:"attacker_losses,omitempty"`
	Failed                 *float64           `json:"failed,omitempty"`
}

// runOddsInvasion prints the exact outcome odds of one invasion round.
func runOddsInvasion(args []string, out io.Writer) error {
	fs := newFlagSet("odds invasion")
	n := fs.Int("dice", -1, lang.X("cli.flag.dice_2", "number of attacking ships (required)"))
	hit := fs.Int("hit", 0, lang.X("cli.flag.hit_3", "your weapons hit roll (required)"))
	shields := fs.Int("shields", 0, lang.X("cli.flag.shields_3", "the defender's shield modifier"))
	nodes := fs.Int("nodes", 0, lang.X("cli.flag.nodes", "nodes on the planet, control node included (required)"))
	defHit := fs.Int("defender-hit", 0, lang.X("cli.flag.defender_hit", "the defender's hit roll, to include your losses (optional)"))
	ownShields := fs.Int("own-shields", 0, lang.X("cli.flag.own_shields", "your shield modifier (with --defender-hit)"))
	first := fs.Bool("first-strike", false, lang.X("cli.flag.first_strike_2", "you have first strike (round 1)"))
	defFirst := fs.Bool("defender-first-strike", false, lang.X("cli.flag.defender_first_strike", "the defending nodes have first strike (round 1)"))
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if *n < 0 {
		return badInput("%s", lang.X("cli.err.ships_dice_required", "--dice N (the number of attacking ships) is required"))
	}
	if err := hitFlag("hit", *hit); err != nil {
		return err
	}
	if *nodes < 1 {
		return badInput("%s", lang.X("cli.battle.bad_nodes", "--nodes {{.N}}: only a developed system (at least one node) can be invaded", tv{"N": *nodes}))
	}
	if err := nonNegative("shields", *shields, "own-shields", *ownShields); err != nil {
		return err
	}
	withLosses := *defHit != 0
	if withLosses {
		if err := hitFlag("defender-hit", *defHit); err != nil {
			return err
		}
	} else {
		*defHit = 6
	}
	o, err := odds.InvasionRound(ascendancy.Invasion{
		Round:    1,
		Attacker: ascendancy.Side{Ships: *n, Weapons: *hit, Shields: *ownShields, FirstStrike: *first},
		Nodes:    *nodes, Controlled: true, DefenderWeapons: *defHit, DefenderShields: *shields, DefenderFirstStrike: *defFirst,
	})
	if err != nil {
		return badInput("%v", err)
	}
	rep := invasionOddsReport{Target: o.AttackerTarget, Impossible: !o.AttackerCanHit, Hits: o.Hits.Map(), Successful: o.Successful,
		Annihilation: o.Annihilation, Collateral: o.Collateral, ExpectedNodesDestroyed: o.ExpectedNodesDestroyed}
	if withLosses {
		rep.AttackerLosses = o.AttackerLosses.Map()
		rep.Failed = &o.Failed
	}
	if fs.json {
		return writeJSON(out, rep)
	}
	pct := func(v float64) string { return fmt.Sprintf("%6.2f", 100*v) }
	fmt.Fprintln(out, lang.X("cli.battle.odds_invasion_head", "{{.N}} ships needing {{.Target}}+ against {{.Nodes}} node(s):", tv{"N": *n, "Target": o.AttackerTarget, "Nodes": *nodes}))
	fmt.Fprintln(out, lang.X("cli.battle.odds_invasion_outcomes", "  successful invasion  {{.S}}%\n  total annihilation   {{.A}}%\n  collateral damage    {{.C}}%",
		tv{"S": pct(o.Successful), "A": pct(o.Annihilation), "C": pct(o.Collateral)}))
	fmt.Fprintln(out, lang.X("cli.battle.odds_nodes_destroyed", "Expected nodes destroyed: {{.E}}", tv{"E": fmt.Sprintf("%.2f", o.ExpectedNodesDestroyed)}))
	if withLosses {
		fmt.Fprintln(out, lang.X("cli.battle.odds_losses", "Your losses (defender needs {{.Target}}+):", tv{"Target": o.DefenderTarget}))
		printDist(out, lang.X("cli.battle.ships_lost_label", "ships lost"), o.AttackerLosses)
		fmt.Fprintln(out, lang.X("cli.battle.odds_invasion_fails", "Invasion fails this round (all ships lost, control node stands): {{.P}}%", tv{"P": fmt.Sprintf("%.2f", 100*o.Failed)}))
	}
	return nil
}

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

// hegemonyOddsReport is the JSON of "odds hegemony".
type hegemonyOddsReport struct {
	Success float64 `json:"success"`
	Need    int     `json:"need"`
}

// runOddsHegemony prints the chance a hegemony attempt succeeds.
func runOddsHegemony(args []string, out io.Writer) error {
	fs := newFlagSet("odds hegemony")
	asc := fs.Int("ascendancy", 0, lang.X("cli.flag.ascendancy", "your ascendancy"))
	res := fs.Int("resistance", -1, lang.X("cli.flag.resistance_2", "the system's hegemony resistance (required)"))
	ferengi := fs.Bool("ferengi", false, lang.X("cli.flag.ferengi", "you are the Ferengi (no ascendancy added)"))
	mod := fs.Int("modifier", 0, lang.X("cli.flag.modifier", "added to the die by a card, e.g. 1 for the Federation's Universal Translator"))
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if *res < 0 {
		return badInput("%s", lang.X("cli.err.resistance_required", "--resistance is required"))
	}
	if *mod < -6 || *mod > 6 {
		return badInput("%s", lang.X("cli.err.modifier_range", "--modifier is -6 to 6"))
	}
	if err := nonNegative("ascendancy", *asc); err != nil {
		return err
	}
	faction, add := ascendancy.Faction(""), *asc
	if *ferengi {
		faction, add = ascendancy.Ferengi, 0
	}
	rep := hegemonyOddsReport{Success: ascendancy.HegemonyChanceModified(*asc, *res, faction, *mod), Need: *res - add - *mod + 1}
	add += *mod
	if fs.json {
		return writeJSON(out, rep)
	}
	switch {
	case rep.Need <= 1:
		fmt.Fprintln(out, lang.X("cli.battle.odds_heg_certain", "Certain: any roll + {{.Add}} beats resistance {{.Res}} (it still costs 2 culture).", tv{"Add": add, "Res": *res}))
	case rep.Need > 6:
		fmt.Fprintln(out, lang.X("cli.battle.odds_heg_impossible", "Impossible: you would need {{.Need}} on one die.", tv{"Need": rep.Need}))
	default:
		fmt.Fprintln(out, lang.X("cli.battle.odds_heg_need", "You need {{.Need}}+ on the die: {{.P}}%.", tv{"Need": rep.Need, "P": fmt.Sprintf("%.2f", 100*rep.Success)}))
	}
	return nil
}
