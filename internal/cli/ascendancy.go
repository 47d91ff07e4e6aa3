package cli

import (
	"fmt"
	"io"
	"strconv"

	"fyne.io/fyne/v2/lang"

	"tableops/rules/ascendancy"
	"tableops/rules/dice"
	"tableops/rules/odds"
)

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
