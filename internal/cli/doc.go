// Package cli holds the headless commands of Table Ops: "tableops resolve",
// "odds", "rules", "scan", "tags", "host", "web" and "version". The app's
// main hands its arguments to Program.Run; the headless build
// (go build -tags headless) is nothing else, so every command, the host
// included, runs on a machine with no display libraries.
//
// Each command group has its own file (away.go, ascendancy.go, borg.go,
// rules.go, scan.go, host.go, web.go, version.go) and one line in the
// dispatch table, Program.commands (cli.go). Commands print human text in the
// reader's language (--lang, or the system's) or JSON with --json (English
// keys). Bad input exits 2 with one line saying what is wrong; other failures
// exit 1. Dice faces may be replaced by a count and --seed N to roll
// virtually.
//
// The commands decide no rule themselves: they parse flags, call rules/,
// tracker/, scan/ and share/, and word the results.
package cli
