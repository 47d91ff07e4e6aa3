//go:build unix

package webapp_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
	"tableops/tracker/store"
)

// joinState is a state a shared Ascendancy game passes through: the
// commands that lead to it from the previous one, and what shows that the
// game is there.
type joinState struct {
	name string
	// toBorg first plays the turns on to the Borg's (phase after phase).
	toBorg bool
	cmds   []tracker.Command
	check  func(*tracker.AscendancyState) bool
}

// tableStates are the states a table passes through, in order: empty,
// players added, the Borg console entered, a cube on the board, a space
// battle, an invasion and a cube battle under way, game over.
func tableStates() []joinState {
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	player := func(name, civ string, f ascrules.Faction) tracker.Command {
		return tracker.AddStartingPlayer{AddAscPlayer: tracker.AddAscPlayer{Name: name, Civilization: civ, Faction: f, Resources: start},
			Ascendancy: 1, Nodes: ascrules.Resources{Production: 1, Research: 1, Culture: 1}, Ships: 3}
	}
	miss := func(n int) tracker.Roll {
		f := make([]int, n)
		for i := range f {
			f[i] = 1
		}
		return tracker.Entered(f...)
	}
	spires := make([]tracker.Command, 0, 8)
	for i := range 8 {
		spires = append(spires, tracker.PlaceSpire{System: fmt.Sprintf("System %d", i+1)})
	}
	return []joinState{
		{"empty", false, nil, func(a *tracker.AscendancyState) bool { return len(a.Players) == 0 }},
		{"players added", false, []tracker.Command{
			player("Ann", "Federation", ascrules.Federation),
			player("Ben", "Klingons", ascrules.Klingon),
			player("Cat", "Romulans", ascrules.Romulan),
		}, func(a *tracker.AscendancyState) bool { return len(a.Players) == 3 && a.Borg == nil }},
		{"Borg console entered", false, []tracker.Command{
			tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}},
		}, func(a *tracker.AscendancyState) bool { return a.Borg != nil }},
		{"a cube on the board", false, []tracker.Command{
			tracker.AddCube{System: "Deep space"},
		}, func(a *tracker.AscendancyState) bool { return a.Borg != nil && len(a.Borg.Cubes) == 1 }},
		{"a space battle under way", false, []tracker.Command{
			tracker.StartAscendancy{},
			tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2, "p3": 3}},
			tracker.SpaceBattleRound{
				Attacker:  tracker.BattleSide{Player: "p1", Ships: 3, Rolls: []tracker.Roll{miss(3)}},
				Defenders: []tracker.BattleSide{{Player: "p2", Ships: 3, Rolls: []tracker.Roll{miss(3)}}}},
		}, func(a *tracker.AscendancyState) bool { return a.Battle != nil }},
		{"an invasion under way", false, []tracker.Command{
			tracker.InvasionRound{Round: 1, Attacker: "p2", Ships: 3, Defender: "p3", System: "Romulus", Nodes: 3,
				AttackerRoll: miss(3), DefenderRoll: miss(3)},
		}, func(a *tracker.AscendancyState) bool { return a.Invasion != nil }},
		{"a cube battle under way", true, []tracker.Command{
			tracker.ActivateCube{Cube: "cube 1", System: "Vulcan"},
			tracker.CubeRound{Cube: "cube 1", Fleets: []tracker.CubeFleet{{Player: "p1", Ships: 3, Roll: miss(3)}}, BorgRoll: miss(9)},
		}, func(a *tracker.AscendancyState) bool { return a.Borg != nil && a.Borg.Fight != nil }},
		{"game over", false, spires, func(a *tracker.AscendancyState) bool { return a.Walker.Stage == tracker.AscOver }},
	}
}

// advance runs a state's commands on the shared game; a command the rules
// refuse is recorded as a table ruling, as the players may ("Record it
// anyway"), so that the test reaches the state whatever the turn order.
// The game-over state places spires until the Borg have won.
func advance(t *testing.T, g *store.Game, st joinState) {
	t.Helper()
	exec := func(c tracker.Command) {
		t.Helper()
		if _, err := g.Execute(c); err != nil {
			var rej *tracker.Rejection
			require.True(t, errors.As(err, &rej), "%T: %v", c, err)
			_, err = g.Execute(tracker.Ruling{Reason: "the test's set-up", Command: c})
			require.NoError(t, err, "%T, recorded anyway", c)
		}
	}
	for i := 0; st.toBorg; i++ {
		require.Less(t, i, 60, "the Borg turn did not come")
		a := g.State().Ascendancy
		if a.CurrentSeat() != tracker.BorgSeat {
			exec(tracker.NextPhase{})
			continue
		}
		if !a.Borg.Built {
			exec(tracker.BorgBuild{})
			continue
		}
		if a.Walker.Phase == tracker.PhaseBorg {
			break
		}
		exec(tracker.NextPhase{})
	}
	for _, c := range st.cmds {
		if st.check(g.State().Ascendancy) {
			break
		}
		exec(c)
	}
	require.True(t, st.check(g.State().Ascendancy), "the game is not at %q: %s", st.name, g.State().Summary().Stage)
}

// crashed returns the page's console lines since the marker that tell the
// app died: an uncaught exception (a WebAssembly trap), a Go fatal error
// or panic, the program's exit.
func crashed(lines []string, marker string) []string {
	var out []string
	seen := false
	for _, l := range lines {
		if l == marker {
			seen, out = true, nil
			continue
		}
		if !seen {
			continue
		}
		for _, bad := range []string{"exception:", "fatal error", "panic:", "exit code", "has already exited"} {
			if strings.Contains(l, bad) {
				out = append(out, l)
				break
			}
		}
	}
	return out
}

// loggedSince returns whether a console line since the marker contains s.
func loggedSince(lines []string, marker, s string) bool {
	after, seen := false, false
	for _, l := range lines {
		if l == marker {
			after, seen = true, false
			continue
		}
		if after && strings.Contains(l, s) {
			seen = true
		}
	}
	return seen
}

// TestJoinInEveryState: a phone joins a shared Ascendancy game in every
// state a table passes through (see tableStates), each time a fresh start
// of the web app (one Chromium, one page load per state); each join must
// reach the game screen and keep running for a while after the app's first
// frame, when the collector is running again (issue 26, 1: joining once
// the Borg console was entered crashed the app: a nil key in the toolkit's
// theme overrides, a map past one table, on Go's js/wasm runtime; see
// webapp/gen/runtimefix.go). The app must also stay alive on the later
// states' updates.
func TestJoinInEveryState(t *testing.T) {
	files := bundle(t)
	h, g := hostGame(t, files, tracker.KindAscendancy, nil)
	p := newPage(t, startChrome(t))
	url := "http://" + h.Addr() + "/app/#join=" + h.Code()
	const hold = 5 * time.Second
	began := time.Now()
	for _, st := range tableStates() {
		advance(t, g, st)
		t0 := time.Now()
		marker := "tableops-join-state: " + st.name
		p.Navigate("about:blank")
		require.Eventually(t, func() bool {
			v, err := p.TryEval(`location.href`)
			return err == nil && v == "about:blank"
		}, slow, 50*time.Millisecond)
		p.Eval(`console.log(` + quoteJS(marker) + `)`)
		p.Navigate(url)
		// The game screen, then a while after the first frame with the
		// collector on again (main_js.go turns it on after the first frame).
		var shownAt time.Time
		deadline := time.Now().Add(slow)
		for {
			logs := p.Console()
			if bad := crashed(logs, marker); len(bad) > 0 {
				t.Fatalf("joining in state %q: the app crashed:\n%s", st.name, strings.Join(bad, "\n"))
			}
			if time.Now().After(deadline) {
				t.Fatalf("joining in state %q: no game screen with its first frame within %s; console:\n%s", st.name, slow, strings.Join(logs, "\n"))
			}
			if shownAt.IsZero() {
				if sc, ok := p.screenNow(); ok && strings.Contains(sc.Title, "(shared)") && loggedSince(logs, marker, "tableops: first frame") {
					shownAt = time.Now()
				}
			} else if time.Since(shownAt) >= hold {
				// Still alive: it answers (a busy machine may take a while).
				if _, ok := p.screenNow(); ok {
					break
				}
				require.Less(t, time.Since(shownAt), hold+slow, "joining in state %q: the app stopped answering after its game screen", st.name)
			}
			time.Sleep(250 * time.Millisecond)
		}
		t.Logf("joined in state %q: game screen with its first frame %s after the link, then %s alive (%s in all)",
			st.name, shownAt.Sub(t0).Round(100*time.Millisecond), hold, time.Since(t0).Round(100*time.Millisecond))
	}
	t.Logf("%d states joined in %s", len(tableStates()), time.Since(began).Round(time.Second))
}

// screenNow asks the app once for its screen; ok is false while it does
// not answer (still loading, or dead).
func (p *page) screenNow() (screen, bool) {
	v, err := p.TryEval(`(async () => {
		if (!window.tableopsAutomation) return "";
		window.tableopsScreen = "";
		try { window.tableopsAutomation.refresh(); } catch (e) { return ""; }
		for (let i = 0; i < 100 && !window.tableopsScreen; i++) await new Promise(r => setTimeout(r, 20));
		return window.tableopsScreen;
	})()`)
	s, _ := v.(string)
	if err != nil || s == "" {
		return screen{}, false
	}
	var sc screen
	if json.Unmarshal([]byte(s), &sc) != nil {
		return screen{}, false
	}
	return sc, true
}

// quoteJS writes s as a JavaScript string literal.
func quoteJS(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
