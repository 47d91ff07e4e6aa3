package cli

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"tableops/i18n"
	"tableops/rules/dice"
	"tableops/rules/rulerr"
)

// command is one headless subcommand, e.g. "resolve away-attack".
type command struct {
	summary string
	run     func(args []string, out io.Writer) error
}

// Program is what the headless commands know of the binary they run in.
type Program struct {
	// Metadata is FyneApp.toml as embedded in the binary (the app's name,
	// id, version and build number): the one place the version is kept,
	// which `fyne package` reads too.
	Metadata []byte
}

// commands is the dispatch table of the headless subcommands, keyed by the
// words that name them. Each command adds one line here.
func (p Program) commands() map[string]command {
	return map[string]command{
		"resolve away-attack":  {lang.X("cli.cmd.resolve_away_attack", "Away Missions attack: --attack 6,4,2,2 --defense 5,4,1 [--damage N] [--stun] [--borg-target]"), runResolveAwayAttack},
		"resolve away-skill":   {lang.X("cli.cmd.resolve_away_skill", "Away Missions skill test: --tester 5,3,1 [--challenger 6,2] [--need N (default 1)]"), runResolveAwaySkill},
		"odds away-attack":     {lang.X("cli.cmd.odds_away_attack", "exact damage odds: --attack-dice N --defense-dice N [modifiers]"), runOddsAwayAttack},
		"odds away-skill":      {lang.X("cli.cmd.odds_away_skill", "exact skill test odds: --tester-dice N [--challenger-dice N] [--need N]"), runOddsAwaySkill},
		"rules":                rulesCommand(),
		"host":                 hostCommand(),
		"resolve space-battle": {lang.X("cli.cmd.resolve_space_battle", "Ascendancy space battle hits: --dice 6,5,4,1 --hit 4 [--shields N]"), runResolveSpaceBattle},
		"resolve invasion":     {lang.X("cli.cmd.resolve_invasion", "Ascendancy invasion round: --dice 6,5,4 --hit 4 [--shields N] --nodes N"), runResolveInvasion},
		"resolve hegemony":     {lang.X("cli.cmd.resolve_hegemony", "cultural hegemony: --roll 4 --ascendancy A --resistance R [--modifier M --ferengi]"), runResolveHegemony},
		"resolve borg-round":   {lang.X("cli.cmd.resolve_borg_round", "Borg cube round: --player-dice D --hit H --cube-damage N --cube-shields N [--first-strike] --borg-dice D --borg-hit B"), runResolveBorgRound},
		"odds space-battle":    {lang.X("cli.cmd.odds_space_battle", "exact hits: --dice N --hit H [--shields N --starbases N --starbase-dice orbit|per_starbase]"), runOddsSpaceBattle},
		"odds invasion":        {lang.X("cli.cmd.odds_invasion", "exact invasion outcomes: --dice N --hit H [--shields N] --nodes N"), runOddsInvasion},
		"odds borg-battle":     {lang.X("cli.cmd.odds_borg_battle", "whole cube battle: --ships N --hit H --borg-hit B [--cube-damage N --cube-shields N --rounds-fought N --no-first-strike --hits-on-six --bonus-dice N]"), runOddsBorgBattle},
		"odds hegemony":        {lang.X("cli.cmd.odds_hegemony", "hegemony chance: --ascendancy A --resistance R [--modifier M --ferengi]"), runOddsHegemony},
		"scan":                 scanCommand(),
		"tags":                 tagsCommand(),
		"web":                  webCommand(),
		"version":              {lang.X("cli.cmd.version", "the app's version (from FyneApp.toml) and how this binary was built"), p.runVersion},
	}
}

// usageError is bad input from the user: the process exits 2 with its message.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// badInput returns a usageError with a formatted one-line reason. An arg
// that is an error is worded in the reader's language when the rules
// engines (or scan) gave it (see explain).
func badInput(format string, args ...any) error {
	args = append([]any(nil), args...)
	for i, a := range args {
		if err, ok := a.(error); ok {
			args[i] = explain(err)
		}
	}
	return usageError{msg: fmt.Sprintf(format, args...)}
}

// explain words err in the language of the human text: a refusal of the
// rules engines or of scan (a rulerr.Error, after any context) through the
// translations, any other error as it is.
func explain(err error) string {
	return rulerr.Explain(err, translate)
}

// translate is the translation lookup for the texts that are data (a key,
// the English, the args it was worded from): their keys are not literals
// here; i18n's tests check the keys of rules/ and scan/.
func translate(key, english string, args map[string]string) string {
	if len(args) == 0 {
		return localize(key, english)
	}
	return localize(key, english, args)
}

// localize is Fyne's translation lookup (see translate).
var localize = lang.X

// Run runs one headless subcommand and returns the process exit code:
// 0 on success, 2 for bad input (one line on stderr), 1 for other failures.
func (p Program) Run(args []string, stdout, stderr io.Writer) int {
	// Human text follows --lang, or the system's language.
	if _, err := i18n.Setup(langArg(args)); err != nil {
		fmt.Fprintf(stderr, "tableops: --lang: %s\n", oneLine(err.Error()))
		return 2
	}
	table := p.commands()
	if len(args) > 1 && args[0] == "help" && !strings.HasPrefix(args[1], "-") {
		// "tableops help resolve away-attack" is "tableops resolve away-attack --help".
		args = append(args[1:len(args):len(args)], "--help")
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "--help" || args[0] == "-h" || args[0] == "-help" {
		printHelp(stdout, table)
		return 0
	}
	name, rest := args[0], args[1:]
	if _, ok := table[name]; !ok && len(rest) > 0 {
		// Two-word commands: "resolve away-attack".
		if _, ok2 := table[name+" "+rest[0]]; ok2 {
			name, rest = name+" "+rest[0], rest[1:]
		}
	}
	cmd, ok := table[name]
	if !ok {
		fmt.Fprintf(stderr, "tableops: %s\n", lang.X("cli.err.unknown_command", "unknown command {{.Name}} (try: tableops help)", tv{"Name": strconv.Quote(strings.Join(args[:min(2, len(args))], " "))}))
		return 2
	}
	if err := cmd.run(rest, stdout); err != nil {
		var help helpRequested
		if errors.As(err, &help) {
			printCommandHelp(stdout, name, cmd.summary, help.flags)
			return 0
		}
		var ue usageError
		if errors.As(err, &ue) || errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "tableops %s: %s\n", name, oneLine(err.Error()))
			return 2
		}
		fmt.Fprintf(stderr, "tableops %s: %s\n", name, oneLine(explain(err)))
		return 1
	}
	return 0
}

// langArg returns the value of --lang (or -lang, --lang=X) among the
// arguments, or "" to follow the system's language.
func langArg(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		for _, p := range []string{"--lang", "-lang"} {
			if a == p && i+1 < len(args) {
				return args[i+1]
			}
			if v, ok := strings.CutPrefix(a, p+"="); ok {
				return v
			}
		}
	}
	return ""
}

func printHelp(w io.Writer, table map[string]command) {
	names := make([]string, 0, len(table))
	for n := range table {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintln(w, lang.X("cli.help.title", "tableops: companion for Star Trek: Away Missions and Star Trek: Ascendancy."))
	fmt.Fprintln(w, lang.X("cli.help.commands", "Run without arguments to start the app. Headless commands:"))
	for _, n := range names {
		fmt.Fprintf(w, "  tableops %-22s %s\n", n, table[n].summary)
	}
	fmt.Fprintln(w, lang.X("cli.help.json", "Add --json for machine-readable output. Bad input exits 2 with one line saying why."))
	fmt.Fprintln(w, lang.X("cli.help.lang", "Add --lang it for Italian text (default: the system's language); JSON keys stay English."))
}

// printCommandHelp prints one command's usage: its summary and its flags.
func printCommandHelp(w io.Writer, name, summary, flags string) {
	fmt.Fprintf(w, "%s\n  %s\n", lang.X("cli.help.usage", "usage: tableops {{.Name}} [flags]", tv{"Name": name}), summary)
	if flags != "" {
		fmt.Fprintf(w, "\n%s\n%s", lang.X("cli.help.flags", "flags (one or two leading dashes):"), flags)
	}
}

// helpRequested is returned by a command's flag parsing when --help or -h
// was given: Run prints the command's usage and exits 0.
type helpRequested struct{ flags string }

func (helpRequested) Error() string { return "help requested" }

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// flagSet is a flag.FlagSet that reports errors as usageErrors and knows the
// options every command shares (--json, --seed).
type flagSet struct {
	*flag.FlagSet
	json    bool
	lang    string
	seed    uint64
	seedSet bool
	pools   []*poolFlag
}

// newFlagSet makes the flag set for one command. Flags accept one or two
// leading dashes.
func newFlagSet(name string) *flagSet {
	fs := &flagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError)}
	fs.SetOutput(io.Discard)
	fs.BoolVar(&fs.json, "json", false, lang.X("cli.flag.json", "print JSON"))
	fs.StringVar(&fs.lang, "lang", "", lang.X("cli.flag.lang", "language of the human text (en, it); default: the system's"))
	fs.Func("seed", lang.X("cli.flag.seed", "seed for virtual dice (same seed, same roll)"), func(s string) error {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return fmt.Errorf("%s", lang.X("cli.err.seed_not_number", "seed {{.V}} is not a whole number", tv{"V": strconv.Quote(s)}))
		}
		fs.seed, fs.seedSet = v, true
		return nil
	})
	return fs
}

// language is the language the command speaks: --lang, or the system's.
// Run has already refused a --lang it has no translation for.
func (fs *flagSet) language() string {
	if l, err := i18n.Parse(fs.lang); err == nil {
		return l
	}
	return i18n.System()
}

// parse parses args, turning any error into a one-line usageError. Positional
// arguments are refused unless allowArgs is set.
func (fs *flagSet) parse(args []string, allowArgs bool) error {
	if err := fs.Parse(args); err != nil {
		return fs.parseError(err)
	}
	if !allowArgs && fs.NArg() > 0 {
		return badInput("%s", lang.X("cli.err.unexpected_arg", "unexpected argument {{.V}}", tv{"V": strconv.Quote(fs.Arg(0))}))
	}
	return nil
}

// parseError turns an error of fs.Parse into what the command returns: a
// helpRequested for --help and -h, else a one-line usageError.
func (fs *flagSet) parseError(err error) error {
	if !errors.Is(err, flag.ErrHelp) {
		return usageError{msg: flagError(err.Error())}
	}
	var b strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(&b, "  --%s", f.Name)
		if arg != "" {
			fmt.Fprintf(&b, " %s", arg)
		}
		fmt.Fprintf(&b, "\n      %s", usage)
		if f.DefValue != "" && f.DefValue != "0" && f.DefValue != "false" {
			b.WriteString(" " + lang.X("cli.help.default", "(default {{.Value}})", map[string]any{"Value": f.DefValue}))
		}
		b.WriteString("\n")
	})
	return helpRequested{flags: b.String()}
}

// flagErrors are the refusals of the flag package, as regular expressions
// over its English text, each with its translation (the submatches are the
// template's args a1, a2, ...).
var flagErrors = []struct {
	re   *regexp.Regexp
	word func(args map[string]string) string
}{
	{regexp.MustCompile(`^flag provided but not defined: (-\S+)$`), func(a map[string]string) string {
		return lang.X("cli.err.flag_not_defined", "unknown flag {{.a1}}", a)
	}},
	{regexp.MustCompile(`^flag needs an argument: (-\S+)$`), func(a map[string]string) string {
		return lang.X("cli.err.flag_needs_argument", "flag {{.a1}} needs a value", a)
	}},
	{regexp.MustCompile(`^bad flag syntax: (.*)$`), func(a map[string]string) string {
		return lang.X("cli.err.flag_syntax", "bad flag syntax: {{.a1}}", a)
	}},
	{regexp.MustCompile(`^invalid boolean value ("(?:[^"\\]|\\.)*") for (-\S+): (.*)$`), func(a map[string]string) string {
		return lang.X("cli.err.flag_bad_boolean", "{{.a1}} is not a value for {{.a2}} (true or false): {{.a3}}", a)
	}},
	{regexp.MustCompile(`^invalid boolean flag (\S+): (.*)$`), func(a map[string]string) string {
		return lang.X("cli.err.flag_bad_boolean_flag", "flag {{.a1}}: {{.a2}}", a)
	}},
	{regexp.MustCompile(`^invalid value ("(?:[^"\\]|\\.)*") for flag (-\S+): (.*)$`), func(a map[string]string) string {
		return lang.X("cli.err.flag_bad_value", "{{.a1}} is not a value for {{.a2}}: {{.a3}}", a)
	}},
}

// flagError words a refusal of the flag package in the language of the
// human text ("unknown flag -x"); a text it does not know stays as it is.
func flagError(msg string) string {
	for _, f := range flagErrors {
		m := f.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		args := map[string]string{}
		for i, v := range m[1:] {
			if i == len(m)-2 { // the flag package's own reason comes last
				switch v {
				case "parse error":
					v = lang.X("cli.err.flag_parse", "not a number of the right kind")
				case "value out of range":
					v = lang.X("cli.err.flag_range", "value out of range")
				}
			}
			args[rulerr.ArgName(i)] = v
		}
		return f.word(args)
	}
	return msg
}

// poolFlag is a dice pool given either as faces (--attack 6,4,2,2) or as a
// count to roll virtually (--attack-dice 4, with --seed).
type poolFlag struct {
	name     string
	faces    string
	facesSet bool
	count    int
	countSet bool
	index    int
}

// pool registers --NAME (faces) and --NAME-dice (a count to roll).
func (fs *flagSet) pool(name, what string) *poolFlag {
	p := &poolFlag{name: name, index: len(fs.pools)}
	fs.pools = append(fs.pools, p)
	fs.Func(name, lang.X("cli.flag.pool_faces", "{{.What}} dice faces, e.g. 6,4,2,2", map[string]any{"What": what}), func(s string) error {
		p.faces, p.facesSet = s, true
		return nil
	})
	fs.Func(name+"-dice", lang.X("cli.flag.pool_count", "number of {{.What}} dice to roll virtually", map[string]any{"What": what}), func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return fmt.Errorf("%s", lang.X("cli.err.not_dice_count", "--{{.Flag}} {{.V}} is not a number of dice", tv{"Flag": name + "-dice", "V": strconv.Quote(s)}))
		}
		p.count, p.countSet = n, true
		return nil
	})
	return p
}

// given reports whether the pool was given in either form.
func (p *poolFlag) given() bool { return p.facesSet || p.countSet }

// roll returns the pool's faces: parsed from --NAME, or rolled virtually from
// --NAME-dice. Virtual pools use the --seed (the first pool the seed itself,
// the next seed+1, and so on); without --seed a random seed is drawn and
// reported through the returned seed. max caps the number of dice (0: none).
func (fs *flagSet) roll(p *poolFlag, max int, required bool) (pool dice.Pool, virtual bool, seed uint64, err error) {
	switch {
	case p.facesSet && p.countSet:
		return nil, false, 0, badInput("%s", lang.X("cli.err.either_not_both", "give either --{{.A}} or --{{.B}}, not both", tv{"A": p.name, "B": p.name + "-dice"}))
	case p.facesSet:
		pool, err = dice.Parse(p.faces, max)
		if err != nil {
			return nil, false, 0, badInput("--%s: %v", p.name, err)
		}
		return pool, false, 0, nil
	case p.countSet:
		if max > 0 && p.count > max {
			return nil, false, 0, badInput("%s", lang.X("cli.err.at_most_dice", "--{{.Flag}} {{.N}}: at most {{.Max}} dice may be rolled", tv{"Flag": p.name + "-dice", "N": p.count, "Max": max}))
		}
		if err := fs.ensureSeed(); err != nil {
			return nil, false, 0, err
		}
		seed = fs.seed + uint64(p.index)
		return dice.Roll(p.count, seed), true, seed, nil
	case required:
		return nil, false, 0, badInput("%s", lang.X("cli.err.either_required", "--{{.A}} or --{{.B}} is required", tv{"A": p.name, "B": p.name + "-dice"}))
	default:
		return dice.Pool{}, false, 0, nil
	}
}

// ensureSeed draws a random seed for virtual dice when --seed was not given,
// so that every virtual pool of the command uses the same base seed.
func (fs *flagSet) ensureSeed() error {
	if fs.seedSet {
		return nil
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return fmt.Errorf("drawing a random seed: %w", err)
	}
	fs.seed, fs.seedSet = binary.LittleEndian.Uint64(b[:])>>1, true
	return nil
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("writing JSON: %w", err)
	}
	return nil
}

// tv holds the values a translated text's template names ({{.N}}).
type tv = map[string]any
