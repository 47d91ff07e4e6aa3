package cli

import (
	"fmt"
	"io"
	"strings"

	"fyne.io/fyne/v2/lang"

	"tableops/i18n/awaytext"
	"tableops/rules/away"
	"tableops/rules/dice"
	"tableops/rules/odds"
)

// awayAttackFlags are the flags shared by "resolve away-attack" and
// "odds away-attack": the two pools and every modifier of the Combat rules.
type awayAttackFlags struct {
	fs                    *flagSet
	attack, defense       *poolFlag
	damage, weaponDice    *int
	cards, defenseCards   *int
	targetStun            *int
	stun, borg, melee     *bool
	backup, defenseBackup *bool
	takeCover, defensive  *bool
}

func newAwayAttackFlags(name string) *awayAttackFlags {
	fs := newFlagSet(name)
	f := &awayAttackFlags{fs: fs}
	f.attack = fs.pool("attack", lang.X("cli.pool.attack", "attack"))
	f.defense = fs.pool("defense", lang.X("cli.pool.defense", "defense"))
	f.damage = fs.Int("damage", 0, lang.X("cli.flag.damage", "the Attack Action's Damage rating, added if any attack die gets through"))
	f.stun = fs.Bool("stun", false, lang.X("cli.flag.stun", "the weapon has the Stun rule"))
	f.borg = fs.Bool("borg-target", false, lang.X("cli.flag.borg_target", "the target is a Borg character (not stunned by Stun weapons)"))
	f.targetStun = fs.Int("target-stun", 0, lang.X("cli.flag.target_stun", "Stun tokens the target has (0-2; one fewer defense die each)"))
	f.weaponDice = fs.Int("weapon-dice", 0, lang.X("cli.flag.weapon_dice", "extra attack dice of the Attack Action (with --attack-dice)"))
	f.backup = fs.Bool("backup", false, lang.X("cli.flag.backup", "the attacker has a friendly character in its space (+1 die, with --attack-dice)"))
	f.cards = fs.Int("cards", 0, lang.X("cli.flag.cards", "attack dice added by cards (with --attack-dice)"))
	f.defenseBackup = fs.Bool("defense-backup", false, lang.X("cli.flag.defense_backup", "the target has a friendly character in its space (+1 die, with --defense-dice)"))
	f.takeCover = fs.Bool("take-cover", false, lang.X("cli.flag.take_cover", "the target has a Take Cover token (+1 die, with --defense-dice)"))
	f.defensive = fs.Bool("defensive", false, lang.X("cli.flag.defensive", "the target has a Defensive weapon (+1 die against --melee, with --defense-dice)"))
	f.melee = fs.Bool("melee", false, lang.X("cli.flag.melee", "the attack uses a Melee weapon"))
	f.defenseCards = fs.Int("defense-cards", 0, lang.X("cli.flag.defense_cards", "defense dice added by cards (with --defense-dice)"))
	return f
}

// setup builds the rules' AttackSetup: --attack-dice and --defense-dice are
// the attacker's current Attack and the target's current Defense ratings.
func (f *awayAttackFlags) setup() (away.AttackSetup, error) {
	s := away.AttackSetup{
		Attack: f.attack.count, WeaponDice: *f.weaponDice, Backup: *f.backup, CardDice: *f.cards,
		WeaponDamage: *f.damage, Stun: *f.stun, Melee: *f.melee,
		Defense: f.defense.count, DefenseBackup: *f.defenseBackup, TakeCover: *f.takeCover,
		Defensive: *f.defensive, DefenseCardDice: *f.defenseCards, TargetStun: *f.targetStun, BorgTarget: *f.borg,
	}
	if err := s.Validate(); err != nil {
		return s, badInput("%v", err)
	}
	if *f.cards < 0 || *f.defenseCards < 0 {
		return s, badInput("%s", lang.X("cli.away.cards_added", "--cards and --defense-cards count dice added, not removed"))
	}
	attackMods := *f.weaponDice != 0 || *f.backup || *f.cards != 0
	if f.attack.facesSet && attackMods {
		return s, badInput("%s", lang.X("cli.away.attack_mods", "--weapon-dice, --backup and --cards change how many dice to roll: use them with --attack-dice, or enter every attack die rolled with --attack"))
	}
	defenseMods := *f.defenseBackup || *f.takeCover || *f.defensive || *f.defenseCards != 0
	if f.defense.facesSet && defenseMods {
		return s, badInput("%s", lang.X("cli.away.defense_mods", "--defense-backup, --take-cover, --defensive and --defense-cards change how many dice to roll: use them with --defense-dice, or enter every defense die rolled with --defense"))
	}
	return s, nil
}

// awayAttackReport is the JSON of "resolve away-attack".
type awayAttackReport struct {
	away.AttackResult
	Virtual     bool            `json:"virtual"`
	Seed        *uint64         `json:"seed,omitempty"`
	AttackDice  *away.DiceCount `json:"attack_dice,omitempty"`
	DefenseDice *away.DiceCount `json:"defense_dice,omitempty"`
	Explanation []string        `json:"explanation"`
}

// runResolveAwayAttack resolves one Away Missions Attack Action from typed
// faces or virtual dice ("Combat", steps 3-6).
func runResolveAwayAttack(args []string, out io.Writer) error {
	f := newAwayAttackFlags("resolve away-attack")
	if err := f.fs.parse(args, false); err != nil {
		return err
	}
	s, err := f.setup()
	if err != nil {
		return err
	}
	rep := awayAttackReport{AttackDice: capDice(f.attack, s.AttackDice), DefenseDice: capDice(f.defense, s.DefenseDice)}
	ap, av, _, err := f.fs.roll(f.attack, away.MaxDice, true)
	if err != nil {
		return err
	}
	dp, dv, _, err := f.fs.roll(f.defense, away.MaxDice, true)
	if err != nil {
		return err
	}
	res, err := away.ResolveAttack(s, ap, dp)
	if err != nil {
		return badInput("%v", err)
	}
	rep.AttackResult = res
	rep.Virtual = av || dv
	rep.Seed = seedPtr(f.fs, rep.Virtual)
	rep.Explanation = res.Explain()
	if f.fs.json {
		return writeJSON(out, rep)
	}
	fmt.Fprintln(out, lang.X("cli.away.attack_head", "Attack {{.A}} vs defense {{.D}}", tv{"A": showPool(res.Attack), "D": showPool(res.Defense)}))
	printResolveTail(out, rep.Seed, awaytext.PoolNames("attack"), [2]*away.DiceCount{rep.AttackDice, rep.DefenseDice}, awaytext.Attack(res))
	return nil
}

// awaySkillFlags are the flags shared by "resolve away-skill" and "odds
// away-skill".
type awaySkillFlags struct {
	fs                            *flagSet
	tester, challenger            *poolFlag
	need                          *int
	spec, cards                   *int
	challengerSpec, challengerCds *int
	backup, challengerBackup      *bool
}

func newAwaySkillFlags(name string) *awaySkillFlags {
	fs := newFlagSet(name)
	f := &awaySkillFlags{fs: fs}
	f.tester = fs.pool("tester", lang.X("cli.pool.tester", "tester's skill"))
	f.challenger = fs.pool("challenger", lang.X("cli.pool.challenger", "challenger's skill (opposed tests only)"))
	f.need = fs.Int("need", 1, lang.X("cli.flag.need", "successes needed to pass, as the card states (default 1: one or more successes passes)"))
	f.spec = fs.Int("specialization", 0, lang.X("cli.flag.specialization", "times the tester has the tested specialization (0-3, +1 die each, with --tester-dice)"))
	f.backup = fs.Bool("backup", false, lang.X("cli.flag.backup_2", "the tester has a friendly character in its space (+1 die, with --tester-dice)"))
	f.cards = fs.Int("cards", 0, lang.X("cli.flag.cards_2", "tester dice added by cards (with --tester-dice)"))
	f.challengerSpec = fs.Int("challenger-specialization", 0, lang.X("cli.flag.challenger_specialization", "times the challenger has the specialization (with --challenger-dice)"))
	f.challengerBackup = fs.Bool("challenger-backup", false, lang.X("cli.flag.challenger_backup", "the challenger has backup (+1 die, with --challenger-dice)"))
	f.challengerCds = fs.Int("challenger-cards", 0, lang.X("cli.flag.challenger_cards", "challenger dice added by cards (with --challenger-dice)"))
	return f
}

func (f *awaySkillFlags) setups() (away.SkillSetup, away.SkillSetup, error) {
	t := away.SkillSetup{Skill: f.tester.count, Specialization: *f.spec, Backup: *f.backup, CardDice: *f.cards}
	c := away.SkillSetup{Skill: f.challenger.count, Specialization: *f.challengerSpec, Backup: *f.challengerBackup, CardDice: *f.challengerCds}
	switch {
	case *f.need < 1 || *f.need > away.MaxDice:
		return t, c, badInput("%s", lang.X("cli.away.bad_need", "--need {{.N}}: a test needs 1 to {{.Max}} successes", tv{"N": *f.need, "Max": away.MaxDice}))
	case *f.spec < 0 || *f.spec > 3 || *f.challengerSpec < 0 || *f.challengerSpec > 3:
		return t, c, badInput("%s", lang.X("cli.away.bad_spec", "a specialization counts 0 to 3 times (x2, x3)"))
	case *f.cards < 0 || *f.challengerCds < 0:
		return t, c, badInput("%s", lang.X("cli.away.challenger_cards_added", "--cards and --challenger-cards count dice added, not removed"))
	case f.tester.facesSet && (*f.spec != 0 || *f.backup || *f.cards != 0):
		return t, c, badInput("%s", lang.X("cli.away.tester_mods", "--specialization, --backup and --cards change how many dice to roll: use them with --tester-dice, or enter every die rolled with --tester"))
	case f.challenger.facesSet && (*f.challengerSpec != 0 || *f.challengerBackup || *f.challengerCds != 0):
		return t, c, badInput("%s", lang.X("cli.away.challenger_mods", "--challenger-specialization, --challenger-backup and --challenger-cards change how many dice to roll: use them with --challenger-dice, or enter every die rolled with --challenger"))
	case !f.challenger.given() && (*f.challengerSpec != 0 || *f.challengerBackup || *f.challengerCds != 0):
		return t, c, badInput("%s", lang.X("cli.away.challenger_needed", "challenger modifiers need --challenger or --challenger-dice"))
	}
	return t, c, nil
}

// awaySkillReport is the JSON of "resolve away-skill".
type awaySkillReport struct {
	away.SkillResult
	Virtual        bool            `json:"virtual"`
	Seed           *uint64         `json:"seed,omitempty"`
	TesterDice     *away.DiceCount `json:"tester_dice,omitempty"`
	ChallengerDice *away.DiceCount `json:"challenger_dice,omitempty"`
	Explanation    []string        `json:"explanation"`
}

// runResolveAwaySkill resolves one Away Missions Skill test, unopposed or
// opposed ("Skill Test").
func runResolveAwaySkill(args []string, out io.Writer) error {
	f := newAwaySkillFlags("resolve away-skill")
	if err := f.fs.parse(args, false); err != nil {
		return err
	}
	t, c, err := f.setups()
	if err != nil {
		return err
	}
	rep := awaySkillReport{TesterDice: capDice(f.tester, t.Dice), ChallengerDice: capDice(f.challenger, c.Dice)}
	tp, tVirt, _, err := f.fs.roll(f.tester, away.MaxDice, true)
	if err != nil {
		return err
	}
	cp, cv, _, err := f.fs.roll(f.challenger, away.MaxDice, false)
	if err != nil {
		return err
	}
	res, err := away.ResolveSkill(tp, cp, *f.need)
	if err != nil {
		return badInput("%v", err)
	}
	rep.SkillResult = res
	rep.Virtual = tVirt || cv
	rep.Seed = seedPtr(f.fs, rep.Virtual)
	rep.Explanation = res.Explain()
	if f.fs.json {
		return writeJSON(out, rep)
	}
	if res.Opposed {
		fmt.Fprintln(out, lang.X("cli.away.opposed_head", "Opposed skill test: tester {{.T}} vs challenger {{.C}}", tv{"T": showPool(res.Tester), "C": showPool(res.Challenger)}))
	} else {
		fmt.Fprintln(out, lang.X("cli.away.skill_head", "Skill test: {{.T}}", tv{"T": showPool(res.Tester)}))
	}
	printResolveTail(out, rep.Seed, awaytext.PoolNames("tester"), [2]*away.DiceCount{rep.TesterDice, rep.ChallengerDice}, awaytext.Skill(res))
	return nil
}

// capDice applies the six-dice cap to a pool given as a count
// (--NAME-dice): the pool rolls the dice kept, and the count (asked for,
// kept, dropped) is returned for the report; nil when the pool was not
// given as a count.
func capDice(p *poolFlag, count func() away.DiceCount) *away.DiceCount {
	if !p.countSet {
		return nil
	}
	c := count()
	p.count = c.Kept
	return &c
}

// printDropped prints a line for each named pool that dropped dice over
// the six-dice cap (nil counts are skipped).
func printDropped(out io.Writer, names [2]string, counts [2]*away.DiceCount) {
	for i, c := range counts {
		if c != nil && c.Dropped > 0 {
			fmt.Fprintln(out, lang.X("cli.away.dropped", "{{.Pool}}: {{.Wanted}} dice asked for, {{.Dropped}} over the six-dice cap dropped", tv{"Pool": names[i], "Wanted": c.Wanted, "Dropped": c.Dropped}))
		}
	}
}

// printResolveTail ends the text of a "resolve away-..." command: the seed
// when the dice were rolled virtually (seed not nil), the dice dropped over
// the cap, and the rules' explanation one line each.
func printResolveTail(out io.Writer, seed *uint64, names [2]string, counts [2]*away.DiceCount, explanation []string) {
	if seed != nil {
		fmt.Fprintln(out, lang.X("cli.away.virtual", "rolled virtually, seed {{.Seed}}", tv{"Seed": *seed}))
	}
	printDropped(out, names, counts)
	for _, l := range explanation {
		fmt.Fprintln(out, l)
	}
}

// requireCounts refuses faces in an odds command: odds take dice counts.
func requireCounts(pools ...*poolFlag) error {
	for _, p := range pools {
		if p.facesSet {
			return badInput("%s", lang.X("cli.away.odds_counts", "odds take dice counts: use --{{.Name}}-dice N instead of --{{.Name}}", tv{"Name": p.name}))
		}
	}
	return nil
}

// awayAttackOddsReport is the JSON of "odds away-attack".
type awayAttackOddsReport struct {
	Distribution map[string]float64 `json:"distribution"`
	Expected     float64            `json:"expected"`
	Stun         map[string]float64 `json:"stun"`
	Uncanceled   map[string]float64 `json:"uncanceled"`
	AttackDice   away.DiceCount     `json:"attack_dice"`
	DefenseDice  away.DiceCount     `json:"defense_dice"`
}

// runOddsAwayAttack prints the exact Damage (and Stun) distribution of an
// Attack Action.
func runOddsAwayAttack(args []string, out io.Writer) error {
	f := newAwayAttackFlags("odds away-attack")
	if err := f.fs.parse(args, false); err != nil {
		return err
	}
	if err := requireCounts(f.attack, f.defense); err != nil {
		return err
	}
	if !f.attack.countSet || !f.defense.countSet {
		return badInput("%s", lang.X("cli.away.attack_required", "--attack-dice and --defense-dice are required (current Attack and Defense ratings; 0 is allowed)"))
	}
	s, err := f.setup()
	if err != nil {
		return err
	}
	o, err := odds.AwayAttack(s)
	if err != nil {
		return badInput("%v", err)
	}
	rep := awayAttackOddsReport{Distribution: o.Damage.Map(), Expected: o.Damage.Expected(), Stun: o.Stun.Map(),
		Uncanceled: o.Uncanceled.Map(), AttackDice: o.AttackDice, DefenseDice: o.DefenseDice}
	if f.fs.json {
		return writeJSON(out, rep)
	}
	fmt.Fprintln(out, lang.X("cli.away.odds_attack_head", "Attack {{.A}} dice vs defense {{.D}} dice (exact odds, before re-rolls)", tv{"A": o.AttackDice.Kept, "D": o.DefenseDice.Kept}))
	printDropped(out, awaytext.PoolNames("attack"), [2]*away.DiceCount{&o.AttackDice, &o.DefenseDice})
	for k, p := range o.Damage {
		if p > 0 {
			fmt.Fprintln(out, lang.X("cli.away.odds_damage", "  {{.K}} damage: {{.P}}%", tv{"K": k, "P": fmt.Sprintf("%6.2f", 100*p)}))
		}
	}
	if p := o.Stun.P(1); p > 0 {
		fmt.Fprintln(out, lang.X("cli.away.odds_stun", "  one Stun token: {{.P}}%", tv{"P": fmt.Sprintf("%6.2f", 100*p)}))
	}
	fmt.Fprintln(out, lang.X("cli.away.odds_expected_damage", "expected damage {{.E}}", tv{"E": fmt.Sprintf("%.3f", o.Damage.Expected())}))
	return nil
}

// awaySkillOddsReport is the JSON of "odds away-skill".
type awaySkillOddsReport struct {
	Distribution   map[string]float64 `json:"distribution"`
	Expected       float64            `json:"expected"`
	Pass           float64            `json:"pass"`
	Need           int                `json:"need"`
	Opposed        bool               `json:"opposed"`
	TesterDice     away.DiceCount     `json:"tester_dice"`
	ChallengerDice away.DiceCount     `json:"challenger_dice"`
}

// runOddsAwaySkill prints the exact distribution of successes of a Skill
// test and its chance to pass.
func runOddsAwaySkill(args []string, out io.Writer) error {
	f := newAwaySkillFlags("odds away-skill")
	if err := f.fs.parse(args, false); err != nil {
		return err
	}
	if err := requireCounts(f.tester, f.challenger); err != nil {
		return err
	}
	if !f.tester.countSet {
		return badInput("%s", lang.X("cli.away.tester_required", "--tester-dice is required (the tester's current Skill rating)"))
	}
	t, c, err := f.setups()
	if err != nil {
		return err
	}
	o, err := odds.AwaySkill(t, c, *f.need)
	if err != nil {
		return badInput("%v", err)
	}
	rep := awaySkillOddsReport{Distribution: o.Successes.Map(), Expected: o.Successes.Expected(), Pass: o.Pass,
		Need: o.Need, Opposed: o.Opposed, TesterDice: o.TesterDice, ChallengerDice: o.ChallengerDice}
	if f.fs.json {
		return writeJSON(out, rep)
	}
	if o.Opposed {
		fmt.Fprintln(out, lang.X("cli.away.odds_opposed_head", "Opposed skill test: tester {{.T}} dice vs challenger {{.C}} dice (exact odds, before re-rolls)", tv{"T": o.TesterDice.Kept, "C": o.ChallengerDice.Kept}))
	} else {
		fmt.Fprintln(out, lang.X("cli.away.odds_skill_head", "Skill test: {{.T}} dice (exact odds, before re-rolls)", tv{"T": o.TesterDice.Kept}))
	}
	printDropped(out, awaytext.PoolNames("tester"), [2]*away.DiceCount{&o.TesterDice, &o.ChallengerDice})
	for k, p := range o.Successes {
		if p > 0 {
			fmt.Fprintln(out, lang.X("cli.away.odds_successes", "  {{.K}} successes: {{.P}}%", tv{"K": k, "P": fmt.Sprintf("%6.2f", 100*p)}))
		}
	}
	fmt.Fprintln(out, lang.X("cli.away.odds_pass", "pass ({{.N}} or more): {{.P}}%, expected successes {{.E}}",
		tv{"N": o.Need, "P": fmt.Sprintf("%.2f", 100*o.Pass), "E": fmt.Sprintf("%.3f", o.Successes.Expected())}))
	return nil
}

// showPool prints a pool as "6 4 2 2", or "(no dice)".
func showPool(p dice.Pool) string {
	if len(p) == 0 {
		return lang.X("cli.away.no_dice", "(no dice)")
	}
	parts := make([]string, len(p))
	for i, f := range p {
		parts[i] = fmt.Sprint(f)
	}
	return strings.Join(parts, " ")
}
