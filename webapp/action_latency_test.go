//go:build unix

package webapp_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

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

// reveal scrolls the panel on screen down until it shows visible.
func (p *page) reveal(visible string) {
	p.t.Helper()
	w, _ := p.Eval(`window.innerWidth`).(float64)
	h, _ := p.Eval(`window.innerHeight`).(float64)
	for range 12 {
		if _, ok := p.poll(3*time.Second, 100*time.Millisecond, func(sc screen) bool {
			_, found := sc.find("", visible)
			return found
		}); ok {
			return
		}
		p.swipeUp(float32(w/2), float32(h*0.7), float32(h*0.3))
	}
	sc, _ := p.look()
	p.t.Fatalf("the panel does not show %q; it shows: %s", visible, sc.texts())
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
	open := func(seat string) *page {
		p := newPage(t, startChrome(t))
		p.Call("Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": frameTimer})
		p.Navigate(link)
		p.waitFor("widget.Button", a.seat, slow)
		p.waitFor("widget.Button", "Watch only", slow)
		p.tapText("widget.Button", seat)
		return p
	}
	tp := open(a.seat)
	tp.seated(a.seatID, slow)
	mark := cmp.Or(a.mark, a.button)
	tp.showTab(a.tabs, a.panel, mark, a.button)
	other := open("Watch only")
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
	var hostT, otherT, ownT, msg, refresh, frame []time.Duration
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
		tp.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchStart", "touchPoints": pt})
		time.Sleep(30 * time.Millisecond)
		start := time.Now()
		tp.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchEnd", "touchPoints": []any{}})
		seq, firstAt, lastAt := settled(before)
		rb, ra := other.frameOf(seq), tp.frameOf(seq)
		hostT = append(hostT, firstAt.Sub(start))
		otherT = append(otherT, since(start, rb.Frame))
		ownT = append(ownT, since(start, ra.Frame))
		msg = append(msg, since(lastAt, rb.Msg))
		refresh = append(refresh, time.Duration(rb.Refresh*1e6))
		frame = append(frame, time.Duration((rb.Frame-rb.Shown)*1e6))
		t.Logf("tap %d: host %s (%d steps), other phone %s (message %s after the host's last step, refresh %s, then its frame %s: %d draw calls in %s), own screen %s",
			i+1, ms(firstAt.Sub(start)), len(g.History().Undo)-undos, ms(since(start, rb.Frame)), ms(since(lastAt, rb.Msg)), ms(time.Duration(rb.Refresh*1e6)),
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
	line := fmt.Sprintf("%s, %d taps (load average %s): the other phone draws it p50 %s p95 %s, the first tap (a new state) %s (refresh %s, to its frame %s) (refresh p50 %s p95 %s, refresh to frame p50 %s p95 %s, message after the host p50 %s); the tapping phone p50 %s p95 %s; the host has it p50 %s",
		a.name, taps, strings.Join(strings.Fields(string(load))[:3], " "), pct(otherT, 50), pct(otherT, 95), ms(otherT[0]), ms(refresh[0]), ms(frame[0]), pct(refresh, 50), pct(refresh, 95),
		pct(frame, 50), pct(frame, 95), pct(msg, 50), pct(ownT, 50), pct(ownT, 95), pct(hostT, 50))
	t.Log(line)
	return line
}
