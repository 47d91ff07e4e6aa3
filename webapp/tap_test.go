//go:build unix

package webapp_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/share"
	"tableops/tracker"
	"tableops/tracker/store"
)

// frameTimer is set up in a page before the app loads. It records, for
// each new state the app's game screen shows (ui's window.tableopsOnShown),
// when the page's screen had it: the frame drawn after it. All times are
// milliseconds since the Unix epoch (performance.timeOrigin +
// performance.now(), the clock the test's own times use):
//   - msg: the last WebSocket message the page received before;
//   - shown: the app's screen had the new state (its widgets updated),
//     and refresh: the milliseconds that took;
//   - draw0, drawN: the first and the last WebGL draw of the next frame
//     the app drew (the frame that holds the change);
//   - frame: the browser's next animation frame after those draws (the
//     canvas is handed to the screen in it), and frame2 the one after.
//
// window.__tap.wait(seq) resolves with the first record of a log position
// at least seq (it waits for no longer than the test's own deadline).
// window.__tap.touch is when the page last received a finger lifted, and
// window.__tap.sent when it last sent a WebSocket message; each record
// keeps both as they were when its state was shown.
// window.__tap.paints counts the frames the app began to paint (each
// starts by clearing the canvas).
const frameTimer = `(() => {
	const now = () => performance.timeOrigin + performance.now();
	const tap = window.__tap = { records: [], waiters: [], msg: 0, touch: 0 };
	const WS = window.WebSocket;
	window.WebSocket = new Proxy(WS, { construct(target, args) {
		const ws = new target(...args);
		ws.addEventListener("message", () => { tap.msg = now(); });
		const send = ws.send.bind(ws);
		ws.send = data => { tap.sent = now(); return send(data); };
		return ws;
	} });
	window.addEventListener("touchend", () => { tap.touch = now(); }, { capture: true });
	let pending = null; // a shown state waiting for its frame
	tap.n = 0; // WebGL draw calls so far
	const drew = () => {
		tap.n++;
		if (!pending) return;
		const t = now();
		if (pending.draw0) { pending.drawN = t; return; }
		pending.draw0 = pending.drawN = t;
		const r = pending;
		requestAnimationFrame(() => {
			r.frame = now();
			r.calls = tap.n - r.n0;
			if (pending === r) pending = null;
			requestAnimationFrame(() => {
				r.frame2 = now();
				r.calls2 = tap.n - r.n0 - r.calls;
				if (r.redraw) return r.redraw(JSON.stringify(r));
				tap.records.push(r);
				tap.waiters = tap.waiters.filter(w => !w(r));
			});
		});
	};
	// tap.long lists the page's long tasks (over 50 ms: its main thread
	// busy, no event handled), each [start, duration].
	tap.long = [];
	try {
		new PerformanceObserver(l => {
			for (const e of l.getEntries()) tap.long.push([performance.timeOrigin + e.startTime, e.duration]);
		}).observe({ type: "longtask", buffered: true });
	} catch (e) {}
	tap.paints = 0;
	// tap.clears: when the app's last 200 frames began to paint.
	tap.clears = [];
	window.addEventListener("touchstart", () => { tap.touchStart = now(); }, { capture: true });
	for (const C of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
		if (!C) continue;
		const clear = C.prototype.clear;
		C.prototype.clear = function () {
			tap.paints++;
			tap.clears.push(now());
			if (tap.clears.length > 200) tap.clears.shift();
			return clear.apply(this, arguments);
		};
		for (const m of ["drawArrays", "drawElements"]) {
			const f = C.prototype[m];
			C.prototype[m] = function () { const v = f.apply(this, arguments); drew(); return v; };
		}
	}
	window.tableopsOnShown = (seq, ms) => {
		pending = { seq, msg: tap.msg, touch: tap.touch, sent: tap.sent, shown: now(), refresh: ms, redraw: tap.redrawn, n0: tap.n };
		tap.redrawn = null;
	};
	// tap.redraw() resolves with the record of a frame the app drew with
	// nothing changed (ui's window.tableopsAutomation.redraw).
	tap.redraw = () => new Promise(resolve => {
		tap.redrawn = resolve;
		window.tableopsAutomation.redraw();
	});
	tap.wait = seq => new Promise(resolve => {
		const found = tap.records.find(r => r.seq >= seq);
		if (found) return resolve(JSON.stringify(found));
		const w = r => { if (r.seq < seq) return false; resolve(JSON.stringify(r)); return true; };
		tap.waiters.push(w);
		setTimeout(() => { tap.waiters = tap.waiters.filter(x => x !== w); resolve(""); }, 60000);
	});
})();`

// frameRecord is one of frameTimer's records.
type frameRecord struct {
	Seq                               uint64
	Msg, Shown, Refresh, Draw0, DrawN float64
	// Touch is when the page last received a finger lifted, Sent when it
	// last sent a WebSocket message (the tapping phone's command).
	Touch, Sent   float64
	Frame, Frame2 float64
	// Calls and Calls2 count the WebGL draw calls of the frame that holds
	// the change and of the one after it.
	Calls, Calls2 int
}

// frameOf waits for the page's record of the frame showing log position
// seq (or later).
func (p *page) frameOf(seq uint64) frameRecord {
	p.t.Helper()
	s, _ := p.Eval(fmt.Sprintf(`window.__tap.wait(%d)`, seq)).(string)
	require.NotEmpty(p.t, s, "the page drew no frame showing log position %d in a minute", seq)
	var r frameRecord
	require.NoError(p.t, json.Unmarshal([]byte(s), &r))
	return r
}

// since is the time from t to ms (milliseconds since the Unix epoch).
func since(t time.Time, ms float64) time.Duration {
	return time.Duration(ms*1e6) - time.Duration(t.UnixNano())
}

// tapScenario is what TestMeasureTapLatency taps: a game shared by a host,
// the seat the tapping phone takes, and a control it taps back and forth.
type tapScenario struct {
	// host shares the game.
	host func(t *testing.T) (*share.Host, *store.Game)
	// seat is the tapping phone's seat button and the seat's id.
	seat, seatID string
	// ready makes the control reachable on the tapping phone (e.g. opens
	// a card).
	ready func(p *page)
	// control is the counter (or peg track) tapped; value reads it from
	// the host's game.
	control string
	value   func(*tracker.State) int
	// tap returns where (in the app's units, inside the control o) the
	// i-th tap lands, and the value it leads to from the value before.
	tap func(o shown, i, before int) (x, y float32, after int)
	// otherSees checks that the other phone shows a value (after the
	// frames were timed).
	otherSees func(p *page, value int)
}

// TestMeasureTapLatency measures, with two phones joined to a host on this
// machine (each its own browser, 390x844 pages at 3 device pixels per
// pixel, SwiftShader WebGL), the time from a tap on a seated player's phone
// (the finger lifted, as the test sends it) to the host's saved game having
// the change, and to the other phone (watching) drawing the frame that
// shows it: in Ascendancy, Ann's + and − Production on her console; in
// Away Missions, a character's − and + Attack peg on its card while the
// other phone shows the team. The phones time their frames themselves
// (frameTimer): the test does not poll while it measures. It reports the
// median and the 95th percentile of 60 taps and where the other phone's
// time went, how many frames each phone painted per tap, and what drawing
// the other phone's screen again unchanged costs (the floor of its frame);
// it times nothing against a limit. It
// runs only with TABLEOPS_WEB_BUDGET=1.
func TestMeasureTapLatency(t *testing.T) {
	if os.Getenv("TABLEOPS_WEB_BUDGET") != "1" {
		t.Skip("set TABLEOPS_WEB_BUDGET=1 to measure the tap latency")
	}
	files := bundle(t)
	t.Run("ascendancy", func(t *testing.T) {
		production := func(s *tracker.State) int { return s.Ascendancy.Players[0].Resources.Production }
		measureTaps(t, tapScenario{
			host: func(t *testing.T) (*share.Host, *store.Game) { return hostAsc(t, files) },
			seat: "Ann", seatID: "p1",
			control: "Production", value: production,
			tap: func(o shown, i, before int) (float32, float32, int) {
				// + then −, and again (the production track has an end).
				if i%2 == 0 {
					return o.X + o.W*0.88, o.Y + o.H*0.7, before + 1
				}
				return o.X + o.W*0.12, o.Y + o.H*0.7, before - 1
			},
			otherSees: func(p *page, v int) { p.counter("Production", v, slow) },
		})
	})
	t.Run("away", func(t *testing.T) {
		attack := func(s *tracker.State) int { return s.Away.Characters[0].Tracks.Attack.Pegs }
		measureTaps(t, tapScenario{
			host: func(t *testing.T) (*share.Host, *store.Game) { return hostAway(t, files) },
			seat: "Kim", seatID: "p1",
			ready: func(p *page) {
				// The phone's team shows compact cards: open Lukara's.
				p.tapText("widget.Button", "Open")
			},
			control: "ATTACK", value: attack,
			tap: func(o shown, i, before int) (float32, float32, int) {
				// − then +. The track's header row holds, from the
				// right: its padding (6), + (48), 6, the rating (64), 6,
				// − (48).
				if i%2 == 0 {
					return o.X + o.W - 154, o.Y + 30, before - 1
				}
				return o.X + o.W - 30, o.Y + 30, before + 1
			},
			otherSees: func(p *page, v int) {
				// The other phone's compact card of Lukara: "A 3 · D 3 ·
				// S 3 · M 3" (on a 1-2-3 track the rating is the pegs).
				want := fmt.Sprintf("A %d · ", v)
				sc, ok := p.poll(slow, 50*time.Millisecond, func(sc screen) bool {
					card := false
					for _, o := range sc.Objects {
						if o.Text == "Lukara" {
							card = true
						} else if card && strings.HasPrefix(o.Text, "A ") {
							return strings.HasPrefix(o.Text, want)
						}
					}
					return false
				})
				require.True(p.t, ok, "the other phone does not show Lukara with %q; it shows: %s", want, sc.texts())
			},
		})
	})
}

// hostAway shares a two-player Away Missions game in its action phase, as
// hostAsc does: Kim's Lukara (Attack 1-2-3) against Dana's Riker.
func hostAway(t *testing.T, files fs.FS) (*share.Host, *store.Game) {
	t.Helper()
	track := []int{1, 2, 3}
	return hostGame(t, files, tracker.KindAway, []tracker.Command{
		tracker.AddAwayPlayer{Name: "Kim", Affiliation: "Klingon"},
		tracker.AddAwayPlayer{Name: "Dana", Affiliation: "Federation"},
		tracker.AddCharacter{Player: "p1", Name: "Lukara", Attack: track, Defense: track, Skill: track, Move: track},
		tracker.AddCharacter{Player: "p2", Name: "Riker", Attack: track, Defense: track, Skill: track, Move: track},
		tracker.StartMission{},
		tracker.AwayOrder{Which: tracker.OrderBeamDown, Order: []string{"p1", "p2"}},
		tracker.StartRound{},
		tracker.StartActionPhase{FirstActivation: &tracker.AwayOrder{Order: []string{"p1", "p2"}}},
	})
}

// measureTaps runs TestMeasureTapLatency for one scenario.
func measureTaps(t *testing.T, sc tapScenario) {
	const taps = 60
	type change struct {
		seq uint64
		at  time.Time
	}
	h, g := sc.host(t)
	changed := make(chan change, 1)
	stop := g.Subscribe(func(u tracker.Update) {
		select {
		case changed <- change{u.Seq, time.Now()}:
		default:
		}
	})
	defer stop()
	link := "http://" + h.Addr() + "/app/#join=" + h.Code()
	open := func(seat string) *page {
		p := newPage(t, startChrome(t))
		p.Call("Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": frameTimer})
		p.Navigate(link)
		p.waitFor("widget.Button", sc.seat, slow)
		p.waitFor("widget.Button", "Watch only", slow) // the chooser is whole
		p.tapText("widget.Button", seat)
		return p
	}
	a := open(sc.seat)
	a.seated(sc.seatID, slow)
	if sc.ready != nil {
		sc.ready(a)
	}
	b := open("Watch only")
	b.seated("watch", slow)

	// TABLEOPS_WEB_PROFILE=FILE saves a CPU profile of the other phone's
	// page during the taps, or of the tapping phone's with
	// TABLEOPS_WEB_PROFILE_TAPPING=1 (open it in Chromium's DevTools; a
	// bundle built without -s names the app's functions).
	if out := os.Getenv("TABLEOPS_WEB_PROFILE"); out != "" {
		prof := b
		if os.Getenv("TABLEOPS_WEB_PROFILE_TAPPING") == "1" {
			prof = a
		}
		prof.Call("Profiler.enable", nil)
		prof.Call("Profiler.setSamplingInterval", map[string]any{"interval": 500})
		prof.Call("Profiler.start", nil)
		defer func() {
			var r struct{ Profile json.RawMessage }
			require.NoError(t, json.Unmarshal(prof.Call("Profiler.stop", nil), &r))
			require.NoError(t, os.WriteFile(strings.TrimSuffix(out, ".cpuprofile")+"-"+path.Base(t.Name())+".cpuprofile", r.Profile, 0o644))
		}()
	}
	var host, other, own, msg, refresh, draw, frame, touch, sent []time.Duration
	// The frames each phone painted from one tap to the next.
	var paintsA, paintsB []int
	paints := func(p *page) int {
		n, _ := p.Eval(`window.__tap.paints`).(float64)
		return int(n)
	}
	lastA, lastB := 0, 0
	countPaints := func() {
		na, nb := paints(a), paints(b)
		paintsA, paintsB = append(paintsA, na-lastA), append(paintsB, nb-lastB)
		lastA, lastB = na, nb
	}
	for i := range taps {
		from := sc.value(g.State())
		o, scr := a.counter(sc.control, from, slow)
		sc.otherSees(b, from)
		time.Sleep(300 * time.Millisecond) // both pages at rest
		if i > 0 {
			countPaints()
		} else {
			lastA, lastB = paints(a), paints(b)
		}
		fx, fy, want := sc.tap(o, i, from)
		k := scr.Scale / scr.dpr
		pt := []map[string]any{{"x": fx * k, "y": fy * k, "radiusX": 4, "radiusY": 4, "force": 1, "id": 1}}
		a.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchStart", "touchPoints": pt})
		time.Sleep(30 * time.Millisecond)
		select {
		case <-changed: // an older change
		default:
		}
		start := time.Now()
		a.Call("Input.dispatchTouchEvent", map[string]any{"type": "touchEnd", "touchPoints": []any{}})
		var c change
		select {
		case c = <-changed:
		case <-time.After(slow):
			t.Fatalf("tap %d: the host did not get the change", i+1)
		}
		rb, ra := b.frameOf(c.seq), a.frameOf(c.seq)
		require.Equal(t, want, sc.value(g.State()))
		// What the frames timed is on the screens.
		sc.otherSees(b, want)
		a.counter(sc.control, want, slow)

		host = append(host, c.at.Sub(start))
		other = append(other, since(start, rb.Frame))
		own = append(own, since(start, ra.Frame))
		msg = append(msg, since(c.at, rb.Msg))
		refresh = append(refresh, time.Duration(rb.Refresh*1e6))
		draw = append(draw, time.Duration((rb.DrawN-rb.Draw0)*1e6))
		frame = append(frame, time.Duration((rb.Frame-rb.Shown)*1e6))
		touch = append(touch, since(start, ra.Touch))
		sent = append(sent, time.Duration((ra.Sent-ra.Touch)*1e6))
		t.Logf("tap %d: host %s, other phone %s (message %s after the host, refresh %s, then its frame %s: %d draw calls in %s; next frame +%s with %d calls), own screen %s (finger lifted in the page %s, the command sent %s later)",
			i+1, ms(c.at.Sub(start)), ms(since(start, rb.Frame)), ms(since(c.at, rb.Msg)), ms(time.Duration(rb.Refresh*1e6)),
			ms(time.Duration((rb.Frame-rb.Shown)*1e6)), rb.Calls, ms(time.Duration((rb.DrawN-rb.Draw0)*1e6)), ms(time.Duration((rb.Frame2-rb.Frame)*1e6)), rb.Calls2,
			ms(since(start, ra.Frame)), ms(since(start, ra.Touch)), ms(time.Duration((ra.Sent-ra.Touch)*1e6)))
	}
	time.Sleep(time.Second)
	countPaints()
	// What drawing the other phone's screen costs by itself: the same
	// screen drawn again with nothing changed (the software GPU's floor).
	// redraws draws a page's screen again unchanged 20 times and returns
	// the time to each frame and of each frame's draw calls.
	redraws := func(p *page) (frames, calls []time.Duration) {
		for range 20 {
			time.Sleep(100 * time.Millisecond)
			s, _ := p.Eval(`window.__tap.redraw()`).(string)
			var r frameRecord
			require.NoError(t, json.Unmarshal([]byte(s), &r))
			frames = append(frames, time.Duration((r.Frame-r.Shown)*1e6))
			calls = append(calls, time.Duration((r.DrawN-r.Draw0)*1e6))
		}
		return frames, calls
	}
	// A page at rest draws nothing: count its draw calls in a second.
	atRest := func(p *page) int {
		n, _ := p.Eval(`new Promise(r => { const n0 = window.__tap.n; setTimeout(() => r(window.__tap.n - n0), 1000); })`).(float64)
		return int(n)
	}
	t.Logf("frames painted per tap (from one tap to the next), p50/p95: the tapping phone %d/%d, the other phone %d/%d",
		nearestRank(paintsA, 50), nearestRank(paintsA, 95), nearestRank(paintsB, 50), nearestRank(paintsB, 95))
	t.Logf("draw calls in a second at rest: the tapping phone %d, the other phone %d", atRest(a), atRest(b))
	redraw, redrawCalls := redraws(b)
	ownRedraw, ownRedrawCalls := redraws(a)
	load, _ := os.ReadFile("/proc/loadavg")
	t.Logf("tap to change, %d taps on phone pages 390x844 at 3x (host on %s; load average %s): host has it p50 %s p95 %s; the other phone draws it p50 %s p95 %s; the tapping phone draws it p50 %s p95 %s",
		taps, h.Addr(), strings.Join(strings.Fields(string(load))[:3], " "), pct(host, 50), pct(host, 95), pct(other, 50), pct(other, 95), pct(own, 50), pct(own, 95))
	t.Logf("the other phone, p50/p95: the host's message arrives %s/%s after the host has the change; the app updates its screen in %s/%s; from then to the frame %s/%s, of which WebGL draw calls %s/%s",
		pct(msg, 50), pct(msg, 95), pct(refresh, 50), pct(refresh, 95), pct(frame, 50), pct(frame, 95), pct(draw, 50), pct(draw, 95))
	t.Logf("the tapping phone, p50/p95: the finger lifted reaches the page %s/%s after the test sends it; the page sends the command %s/%s later",
		pct(touch, 50), pct(touch, 95), pct(sent, 50), pct(sent, 95))
	t.Logf("the other phone's screen drawn again unchanged, 20 times: to its frame p50 %s p95 %s, of which WebGL draw calls p50 %s p95 %s",
		pct(redraw, 50), pct(redraw, 95), pct(redrawCalls, 50), pct(redrawCalls, 95))
	t.Logf("the tapping phone's screen drawn again unchanged, 20 times: to its frame p50 %s p95 %s, of which WebGL draw calls p50 %s p95 %s",
		pct(ownRedraw, 50), pct(ownRedraw, 95), pct(ownRedrawCalls, 50), pct(ownRedrawCalls, 95))
}

// ms rounds a duration to the millisecond for the log.
func ms(d time.Duration) time.Duration { return d.Round(time.Millisecond) }

// nearestRank returns the p-th percentile (nearest rank) of xs.
func nearestRank[T cmp.Ordered](xs []T, p int) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[max(i-1, 0)]
}

// pct returns the p-th percentile (nearest rank) of ds, to the millisecond.
func pct(ds []time.Duration, p int) time.Duration {
	return nearestRank(ds, p).Round(time.Millisecond)
}
