//go:build unix

package webapp_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/internal/chrometest"
	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
)

// tapAction is one of the common actions TestMeasureActionLatency taps: a
// button on the seated player's phone, many of which change the whole
// panel on every phone (a new round, a new phase, another player's turn).
type tapAction struct {
	name string
	// kind and cmds set up the game the host shares.
	kind tracker.Kind
	cmds []tracker.Command
	// seat is the tapping phone's seat button and the seat's id.
	seat, seatID string
	// tabs are the panels' titles on a phone, in the order of its tab
	// bar; panel is the one both phones show while the action is tapped
	// (the tapping phone has the button there, the other phone shows
	// what it changes).
	tabs  []string
	panel string
	// button is the text of the button tapped.
	button string
	// mark begins a text at the top of the panel, to tell it is open
	// (the button, when "").
	mark string
}

// TestMeasureActionLatency measures, as TestMeasureTapLatency does (two
// phones joined to a host on this machine, 390x844 pages at 3 device
// pixels per pixel, SwiftShader WebGL, frames timed by the pages
// themselves), the common actions of a table that are a button: in
// Ascendancy "Start round 1" (the setup becomes the console), "On to the
// command phase", a ship built and "End Ann's turn"; in Away Missions
// "Start round 1" and "End round 1". Both phones show the panel of the
// button. After each tap the host takes the step back (Undo), both phones
// show that, and the next tap comes on a page at rest. It reports, for
// each action, the median and the 95th percentile of the time from the
// finger lifted to the other phone's frame holding the change, the first
// tap's (the only one that shows a state new to the phones: the others
// bring back the first tap's two states), and where that phone's time
// went; it times nothing against a limit. It runs only
// with TABLEOPS_WEB_BUDGET=1; TABLEOPS_WEB_TAPS sets the taps per action
// (15), TABLEOPS_WEB_ACTIONS picks actions by name (a comma-separated
// list of parts of their names).
func TestMeasureActionLatency(t *testing.T) {
	if os.Getenv("TABLEOPS_WEB_BUDGET") != "1" {
		t.Skip("set TABLEOPS_WEB_BUDGET=1 to measure the tap latency")
	}
	files := bundle(t)
	taps := 15
	if n, err := strconv.Atoi(os.Getenv("TABLEOPS_WEB_TAPS")); err == nil && n > 0 {
		taps = n
	}
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	ascPlayers := []tracker.Command{
		tracker.AddAscPlayer{Name: "Ann", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		tracker.AddAscPlayer{Name: "Ben", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
	}
	ascTurn := append(append([]tracker.Command{}, ascPlayers...),
		tracker.StartAscendancy{}, tracker.ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}})
	ascTabs := []string{"Players", "Round", "Battle", "Borg"}
	track := []int{1, 2, 3}
	awayPrep := []tracker.Command{
		tracker.AddAwayPlayer{Name: "Kim", Affiliation: "Klingon"},
		tracker.AddAwayPlayer{Name: "Dana", Affiliation: "Federation"},
		tracker.AddCharacter{Player: "p1", Name: "Lukara", Attack: track, Defense: track, Skill: track, Move: track},
		tracker.AddCharacter{Player: "p2", Name: "Riker", Attack: track, Defense: track, Skill: track, Move: track},
		tracker.StartMission{},
		tracker.AwayOrder{Which: tracker.OrderBeamDown, Order: []string{"p1", "p2"}},
	}
	awayAction := append(append([]tracker.Command{}, awayPrep...),
		tracker.StartRound{}, tracker.StartActionPhase{FirstActivation: &tracker.AwayOrder{Order: []string{"p1", "p2"}}})
	// Everyone activated: the round may end (Lukara is c3, Riker c4).
	awayActivated := append(append([]tracker.Command{}, awayAction...),
		tracker.Activate{Character: "c3"}, tracker.EndActivation{}, tracker.Activate{Character: "c4"}, tracker.EndActivation{})
	awayTabs := []string{"Team", "Round", "Dice"}
	actions := []tapAction{
		{name: "ascendancy start round 1", kind: tracker.KindAscendancy, cmds: ascPlayers, seat: "Ann", seatID: "p1",
			tabs: ascTabs, panel: "Players", button: "Start round 1"},
		{name: "ascendancy on to the command phase", kind: tracker.KindAscendancy, cmds: ascTurn, seat: "Ann", seatID: "p1",
			tabs: ascTabs, panel: "Round", button: "On to the command phase"},
		{name: "ascendancy build a ship", kind: tracker.KindAscendancy, cmds: ascTurn, seat: "Ann", seatID: "p1",
			tabs: ascTabs, panel: "Players", button: "Ship (1P)"},
		{name: "ascendancy end turn", kind: tracker.KindAscendancy, cmds: append(append([]tracker.Command{}, ascTurn...), tracker.NextPhase{}),
			seat: "Ann", seatID: "p1", tabs: ascTabs, panel: "Round", button: "End Ann's turn"},
		{name: "away start round 1", kind: tracker.KindAway, cmds: awayPrep, seat: "Kim", seatID: "p1",
			tabs: awayTabs, panel: "Round", button: "Start round 1", mark: "Mission preparation"},
		{name: "away end round 1", kind: tracker.KindAway, cmds: awayActivated, seat: "Kim", seatID: "p1",
			tabs: awayTabs, panel: "Round", button: "End round 1 and start the next", mark: "Round 1 of 3"},
	}
	pick := os.Getenv("TABLEOPS_WEB_ACTIONS")
	var summary []string
	for _, a := range actions {
		if pick != "" && !picked(pick, a.name) {
			continue
		}
		t.Run(strings.ReplaceAll(a.name, " ", "_"), func(t *testing.T) {
			summary = append(summary, measureAction(t, files, a, taps))
		})
	}
	for _, s := range summary {
		t.Log(s)
	}
}

// picked reports whether name contains one of the comma-separated parts
// of list.
func picked(list, name string) bool {
	for _, p := range strings.Split(list, ",") {
		if p = strings.TrimSpace(p); p != "" && strings.Contains(name, p) {
			return true
		}
	}
	return false
}

// showTab opens a phone's tab by tapping the tab bar at the bottom (tabs
// are the titles in the bar's order; the bar packs its tabs from the left,
// each as wide as its title) until the panel shows a text beginning with
// mark, then scrolls the panel until it shows visible.
func (p *page) showTab(tabs []string, title, mark, visible string) {
	p.t.Helper()
	if len(tabs) == 0 || tabs[0] != title {
		w, _ := p.Eval(`window.innerWidth`).(float64)
		h, _ := p.Eval(`window.innerHeight`).(float64)
		open := false
		for x := 30.0; x < w && !open; x += 30 {
			p.Tap(float32(x), float32(h-20))
			_, open = p.poll(2*time.Second, 100*time.Millisecond, func(sc screen) bool {
				for _, o := range sc.Objects {
					if strings.HasPrefix(o.Text, mark) {
						return true
					}
				}
				return false
			})
		}
		require.True(p.t, open, "no tab opened a panel showing %q", mark)
	}
	p.reveal(visible)
}

// The part of a phone's page (CSS pixels from its top and from its
// bottom) where a panel's content may be hidden: the game's bar above,
// the tab bar below (on a 390x844 page a panel scrolled to its end shows
// its last button at 726-776). The automation hook lists what a scroll
// holds beyond its edges too: Away's "Start round 1", at 773-823 under the
// tab bar, was listed, and the test's tap on it reached no step.
const (
	hiddenTop    = 60
	hiddenBottom = 66
)

// reveal scrolls the panel on screen until it shows visible whole, between
// the game's bar and the tab bar (a finger there taps it).
func (p *page) reveal(visible string) {
	p.t.Helper()
	w, _ := p.Eval(`window.innerWidth`).(float64)
	h, _ := p.Eval(`window.innerHeight`).(float64)
	for range 12 {
		var where float32 // <0 above the part shown, >0 below it
		var at [2]float32 // where it was (CSS pixels)
		if _, ok := p.poll(3*time.Second, 100*time.Millisecond, func(sc screen) bool {
			o, found := sc.find("", visible)
			if !found || o.H == 0 { // not laid out yet
				return false
			}
			k := float32(1)
			if sc.dpr > 0 && sc.Scale > 0 {
				k = sc.Scale / sc.dpr
			}
			at = [2]float32{o.Y * k, (o.Y + o.H) * k}
			switch top, bottom := at[0], at[1]; {
			case top < hiddenTop:
				where = -1
			case bottom > float32(h)-hiddenBottom:
				where = 1
			default:
				return true
			}
			return false
		}); ok {
			return
		}
		p.t.Logf("%q is at %.0f-%.0f of a page %.0f high: swiping", visible, at[0], at[1], h)
		if where < 0 {
			p.swipeUp(float32(w/2), float32(h*0.4), float32(h*0.7))
		} else {
			p.swipeUp(float32(w/2), float32(h*0.7), float32(h*0.3))
		}
	}
	sc, _ := p.look()
	p.t.Fatalf("the panel does not show %q between its bars; it shows: %s", visible, sc.texts())
}

// swipeUp drags a finger up from y0 to y1 (CSS pixels), as a player
// scrolls a panel down.
func (p *page) swipeUp(x, y0, y1 float32) {
	p.t.Helper()
	at := func(y float32) []map[string]any {
		return []map[string]any{{"x": x, "y": y, "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}}
	}
	p.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchStart", "touchPoints": at(y0)})
	const steps = 8
	for k := 1; k <= steps; k++ {
		time.Sleep(16 * time.Millisecond)
		p.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchMove", "touchPoints": at(y0 + (y1-y0)*float32(k)/steps)})
	}
	time.Sleep(100 * time.Millisecond)
	p.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchEnd", "touchPoints": []any{}})
}

// measureAction runs TestMeasureActionLatency for one action and returns
// its summary line.
func measureAction(t *testing.T, files fs.FS, a tapAction, taps int) string {
	h, g := hostGame(t, files, a.kind, a.cmds)
	// last is the host's newest log position and when it came.
	var mu sync.Mutex
	var last uint64
	var lastAt time.Time
	stop := g.Subscribe(func(u tracker.Update) {
		mu.Lock()
		last, lastAt = u.Seq, time.Now()
		mu.Unlock()
	})
	defer stop()
	newest := func() (uint64, time.Time) {
		mu.Lock()
		defer mu.Unlock()
		return last, lastAt
	}
	// settled waits until the host's log moved past seq and nothing came
	// for 300 ms: one tap may record more than one step.
	settled := func(seq uint64) (uint64, time.Time, time.Time) {
		deadline := time.Now().Add(slow)
		var first time.Time
		for time.Now().Before(deadline) {
			s, at := newest()
			if s > seq {
				if first.IsZero() {
					first = at
				}
				if time.Since(at) > 300*time.Millisecond {
					return s, first, at
				}
			}
			time.Sleep(5 * time.Millisecond)
		}
		t.Fatalf("the host's log did not move past %d", seq)
		return 0, first, first
	}
	link := "http://" + h.Addr() + "/app/#join=" + h.Code()
	// With TABLEOPS_WEB_CPUS=pinned the other phone's browser has a core
	// of its own (a phone has its own CPU): the test, the host and the
	// tapping phone's browser run on the other core.
	pinned := os.Getenv("TABLEOPS_WEB_CPUS") == "pinned"
	if pinned {
		pinProcess(t, os.Getpid(), "0")
		t.Cleanup(func() { pinProcess(t, os.Getpid(), "0-1") })
	}
	open := func(seat string, cpu string) *page {
		c := startChrome(t)
		if cpu != "" {
			pinChrome(t, c, cpu)
		}
		p := newPage(t, c)
		p.Call("Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": frameTimer})
		p.Navigate(link)
		p.waitFor("widget.Button", a.seat, slow)
		p.waitFor("widget.Button", "Watch only", slow)
		if cpu != "" {
			pinChrome(t, c, cpu) // the page's processes came after
		}
		p.tapText("widget.Button", seat)
		return p
	}
	tp := open(a.seat, map[bool]string{true: "0"}[pinned])
	tp.seated(a.seatID, slow)
	mark := cmp.Or(a.mark, a.button)
	tp.showTab(a.tabs, a.panel, mark, a.button)
	other := open("Watch only", map[bool]string{true: "1"}[pinned])
	other.seated("watch", slow)
	other.showTab(a.tabs, a.panel, mark, a.button)

	if out := os.Getenv("TABLEOPS_WEB_PROFILE"); out != "" {
		other.Call("Profiler.enable", nil)
		other.Call("Profiler.setSamplingInterval", map[string]any{"interval": 500})
		other.Call("Profiler.start", nil)
		defer func() {
			var r struct{ Profile json.RawMessage }
			require.NoError(t, json.Unmarshal(other.Call("Profiler.stop", nil), &r))
			require.NoError(t, os.WriteFile(strings.TrimSuffix(out, ".cpuprofile")+"-"+path.Base(t.Name())+".cpuprofile", r.Profile, 0o644))
		}()
	}
	var hostT, otherT, ownT, msg, refresh, frame, touch, sent, commit []time.Duration
	for i := range taps {
		before, _ := newest()
		undos := len(g.History().Undo)
		// Both phones show the button (a new round scrolls the panel
		// back to its top).
		tp.reveal(a.button)
		other.reveal(a.button)
		o, scr := tp.waitTappable(func(o shown) bool { return o.Type == "widget.Button" && o.Text == a.button }, a.button)
		time.Sleep(300 * time.Millisecond) // both pages at rest
		k := scr.Scale / scr.dpr
		pt := []map[string]any{{"x": (o.X + o.W/2) * k, "y": (o.Y + o.H/2) * k, "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}}
		down := time.Now()
		tp.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchStart", "touchPoints": pt})
		downTook := time.Since(down)
		time.Sleep(30 * time.Millisecond)
		start := time.Now()
		tp.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchEnd", "touchPoints": []any{}})
		upTook := time.Since(start)
		seq, firstAt, lastAt := settled(before)
		rb, ra := other.frameOf(seq), tp.frameOf(seq)
		hostT = append(hostT, firstAt.Sub(start))
		otherT = append(otherT, since(start, rb.Frame))
		ownT = append(ownT, since(start, ra.Frame))
		msg = append(msg, since(lastAt, rb.Msg))
		refresh = append(refresh, time.Duration(rb.Refresh*1e6))
		frame = append(frame, time.Duration((rb.Frame-rb.Shown)*1e6))
		// Where the host's time went: the finger lifted reaching the
		// tapping phone's page (its main thread free), the page sending
		// the command, the host having it saved (all on one clock).
		touch = append(touch, since(start, ra.Touch))
		sent = append(sent, time.Duration((ra.Sent-ra.Touch)*1e6))
		commit = append(commit, -since(firstAt, ra.Sent))
		if d := touch[i]; d > 100*time.Millisecond {
			t.Logf("tap %d: the finger down took %s to send (Chromium answered), the page had it %s after the test sent it; the finger lifted took %s to send; before the finger lifted reached the page: %s",
				i+1, ms(downTook), ms(since(down, tp.evalFloat(`window.__tap.touchStart`))), ms(upTook), tp.busyBefore(start, ra.Touch))
		}
		t.Logf("tap %d: host %s (%d steps; the finger lifted reached the page %s after the test sent it, the page sent the command %s later, the host had it saved %s after that), other phone %s (message %s after the host's last step, refresh %s, then its frame %s: %d draw calls in %s), own screen %s",
			i+1, ms(firstAt.Sub(start)), len(g.History().Undo)-undos, ms(touch[i]), ms(sent[i]), ms(commit[i]),
			ms(since(start, rb.Frame)), ms(since(lastAt, rb.Msg)), ms(time.Duration(rb.Refresh*1e6)),
			ms(time.Duration((rb.Frame-rb.Shown)*1e6)), rb.Calls, ms(time.Duration((rb.DrawN-rb.Draw0)*1e6)), ms(since(start, ra.Frame)))
		// The host takes the step back; both phones show it.
		for len(g.History().Undo) > undos {
			_, err := g.Undo()
			require.NoError(t, err)
		}
		back, _, _ := settled(seq)
		other.frameOf(back)
		tp.frameOf(back)
	}
	load, _ := os.ReadFile("/proc/loadavg")
	// Only the first tap shows the phones a state they had not shown:
	// the taps after it bring back the two states of the first, whose
	// parts, renderers and texts the app keeps. A table's steps are new
	// states: the first tap is the one they cost.
	cpus := "one machine's 2 cores shared"
	if pinned {
		cpus = "the other phone's browser pinned to core 1, the rest to core 0"
	}
	line := fmt.Sprintf("%s, %d taps (%s; load average %s): the other phone draws it p50 %s p95 %s, the first tap (a new state) %s (refresh %s, to its frame %s) (refresh p50 %s p95 %s, refresh to frame p50 %s p95 %s, message after the host p50 %s); the tapping phone p50 %s p95 %s; the host has it p50 %s p95 %s (finger lifted to the page p50 %s p95 %s, to the command sent p50 %s p95 %s, sent to saved p50 %s p95 %s)",
		a.name, taps, cpus, strings.Join(strings.Fields(string(load))[:3], " "), pct(otherT, 50), pct(otherT, 95), ms(otherT[0]), ms(refresh[0]), ms(frame[0]), pct(refresh, 50), pct(refresh, 95),
		pct(frame, 50), pct(frame, 95), pct(msg, 50), pct(ownT, 50), pct(ownT, 95), pct(hostT, 50), pct(hostT, 95),
		pct(touch, 50), pct(touch, 95), pct(sent, 50), pct(sent, 95), pct(commit, 50), pct(commit, 95))
	t.Log(line)
	return line
}

// pinProcess sets the CPUs (a taskset list, "0" or "0-1") every thread of
// process pid may run on; the processes it starts later inherit them.
func pinProcess(t *testing.T, pid int, cpus string) {
	t.Helper()
	out, err := exec.Command("taskset", "-a", "-p", "-c", cpus, strconv.Itoa(pid)).CombinedOutput()
	if err != nil && processExists(pid) {
		t.Fatalf("taskset -a -p -c %s %d: %v: %s", cpus, pid, err, out)
	}
}

// processExists reports whether process pid is still there.
func processExists(pid int) bool {
	_, err := os.Stat("/proc/" + strconv.Itoa(pid))
	return err == nil
}

// pinChrome pins every process of Chromium c (its process group: the
// browser, its zygotes, renderers and GPU process) to cpus.
func pinChrome(t *testing.T, c *chrometest.Chrome, cpus string) {
	t.Helper()
	group := -1
	procs, err := os.ReadDir("/proc")
	require.NoError(t, err)
	groupOf := map[int]int{}
	for _, e := range procs {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces.
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(f) < 3 {
			continue
		}
		pgrp, _ := strconv.Atoi(f[2])
		groupOf[pid] = pgrp
		if cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline"); err == nil &&
			strings.Contains(string(cmdline), "--user-data-dir="+c.Dir()+"\x00") && !strings.Contains(string(cmdline), "--type=") {
			group = pgrp
		}
	}
	require.NotEqual(t, -1, group, "no Chromium process with the profile %s", c.Dir())
	var kinds []string
	for pid, pgrp := range groupOf {
		if pgrp != group {
			continue
		}
		pinProcess(t, pid, cpus)
		kind := "browser"
		if cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline"); err == nil {
			// Chromium's helpers rewrite their command line, spaces
			// between the arguments.
			for _, a := range strings.FieldsFunc(string(cmdline), func(r rune) bool { return r == 0 || r == ' ' }) {
				if k, ok := strings.CutPrefix(a, "--type="); ok {
					kind = k
				}
			}
		}
		allowed := "?"
		if status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status"); err == nil {
			for _, l := range strings.Split(string(status), "\n") {
				if v, ok := strings.CutPrefix(l, "Cpus_allowed_list:"); ok {
					allowed = strings.TrimSpace(v)
				}
			}
		}
		kinds = append(kinds, kind+" on "+allowed)
	}
	t.Logf("pinned Chromium's %d processes (group %d) to CPU %s: %s", len(kinds), group, cpus, strings.Join(kinds, ", "))
}

// busyBefore describes what kept the page's main thread busy from 3 s
// before the test sent a finger lifted (sent) to when the page had it
// (touch, ms since the Unix epoch): its long tasks, and the ends of the
// app's garbage collections (window.tableopsGC, ui/idlegc_js.go), in ms
// from sent.
func (p *page) busyBefore(sent time.Time, touch float64) string {
	p.t.Helper()
	from := float64(sent.UnixNano())/1e6 - 3000
	s, _ := p.Eval(fmt.Sprintf(`JSON.stringify({
		long: window.__tap.long.filter(l => l[0] + l[1] >= %f && l[0] <= %f),
		gc: window.tableopsGC ? window.tableopsGC.ends.map(e => performance.timeOrigin + e).filter(e => e >= %f && e <= %f + 50) : null,
		idle: window.tableopsGC ? window.tableopsGC.idle : null,
		all: window.tableopsGC ? window.tableopsGC.ends.length : null,
		clears: window.__tap.clears.filter(c => c >= %f && c <= %f),
	})`, from, touch, from, touch, from, touch)).(string)
	var r struct {
		Long      [][2]float64
		GC        []float64
		Clears    []float64
		Idle, All *int
	}
	if json.Unmarshal([]byte(s), &r) != nil {
		return s
	}
	at := func(t float64) string { return ms(time.Duration(t*1e6) - time.Duration(sent.UnixNano())).String() }
	var b strings.Builder
	for _, l := range r.Long {
		fmt.Fprintf(&b, "a long task from %s for %s; ", at(l[0]), ms(time.Duration(l[1]*1e6)))
	}
	for _, c := range r.Clears {
		fmt.Fprintf(&b, "a frame began to paint at %s; ", at(c))
	}
	for _, g := range r.GC {
		fmt.Fprintf(&b, "a collection ended at %s; ", at(g))
	}
	if r.All != nil {
		fmt.Fprintf(&b, "%d collections so far, %d of them when idle", *r.All, *r.Idle)
	}
	return b.String()
}

// evalFloat evaluates a JavaScript number on the page.
func (p *page) evalFloat(expr string) float64 {
	p.t.Helper()
	f, _ := p.Eval(expr).(float64)
	return f
}
