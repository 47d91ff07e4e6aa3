//go:build unix

package webapp_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/internal/chrometest"
	"tableops/webapp"
)

// firstFrameHook records when the page first draws with WebGL (the app's
// first frame), in milliseconds since the navigation started.
const firstFrameHook = `(() => {
	const mark = () => { if (!window.__firstFrame) window.__firstFrame = performance.now(); };
	for (const C of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
		if (!C) continue;
		for (const m of ["drawArrays", "drawElements"]) {
			const f = C.prototype[m];
			C.prototype[m] = function () { const r = f.apply(this, arguments); mark(); return r; };
		}
	}
})();`

// firstFrame opens url in a new phone page of c and returns the time from
// the navigation to the first frame.
func firstFrame(t *testing.T, c *chrometest.Chrome, url string) (*page, time.Duration) {
	t.Helper()
	p := newPage(t, c)
	p.Call("Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": firstFrameHook})
	p.Navigate(url)
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		if v, ok := p.Eval(`window.__firstFrame || 0`).(float64); ok && v > 0 {
			return p, time.Duration(v * float64(time.Millisecond))
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s drew nothing in 3 minutes", url)
	return nil, 0
}

// startup describes where a page's start went: the page and Go's loader,
// fetching and compiling the WebAssembly (index.html's marks), Go's start
// up to the first frame, and each file: how many bytes came over the
// network and whether the service worker answered.
func startup(p *page) string {
	// The app marks when the browser has shown its first frame, and logs
	// its memory then.
	// A page without the app's marks (the bare window) has nothing to
	// wait for.
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if v, _ := p.Eval(`performance.getEntriesByName("tableops-main").length ? performance.getEntriesByName("tableops-drawn").length : 1`).(float64); v > 0 {
			break
		}
	}
	var memory []string
	for _, l := range p.Console() {
		if strings.HasPrefix(l, "tableops: first frame") {
			memory = append(memory, l)
		}
	}
	return strings.Join(memory, "; ") + "; " + p.EvalString(`(() => {
		const ms = n => { const e = performance.getEntriesByName(n)[0]; return e ? Math.round(e.startTime) : -1; };
		const load = ms("tableops-load"), compiled = ms("tableops-compiled");
		const out = ["loader " + load + " ms", "wasm fetch+compile " + (compiled - load) + " ms",
			"Go start to first frame " + Math.round(window.__firstFrame - compiled) + " ms"];
		// The app's own marks (main_js.go): Go's runtime and package
		// inits, the app and its language, the saved games, the shell
		// and home screen, then the first frame.
		let at = compiled;
		const steps = [];
		for (const [n, what] of [["tableops-main", "instantiate+inits"], ["tableops-app", "app+language"],
			["tableops-store", "store"], ["tableops-shell", "shell+home"]]) {
			const m = ms(n);
			if (m < 0) continue;
			steps.push(what + " " + (m - at));
			at = m;
		}
		if (steps.length) steps.push("to first frame " + Math.round(window.__firstFrame - at));
		out.push("Go: " + (steps.join(", ") || "no marks") + " ms");
		out.push("controlled by the service worker: " + !!navigator.serviceWorker?.controller);
		for (const r of performance.getEntriesByType("resource").concat(performance.getEntriesByType("navigation"))) {
			const name = r.name.split("/").pop() || "index";
			out.push(name + ": " + Math.round(r.duration) + " ms, " + r.transferSize + " B over the network" +
				(r.workerStart > 0 ? ", via the service worker" : "") + (r.deliveryType ? ", " + r.deliveryType : ""));
		}
		return out.join("; ");
	})()`)
}

// TestStartupBudget measures, in one run, the time from opening the link
// to the first frame for a bare Fyne window (one button, built and served
// the same way) and for the app, on a 390x844 phone page: each with an
// empty cache, opened again at once in the same browser, and from its
// service worker's cache after the browser was quit and started again (as
// a phone opens it another day: by then the browser has kept the compiled
// code with the cached file), the first time and the third. It reports
// where the app's time went.
// It takes TABLEOPS_WEB_BUDGET_RUNS rounds (3 by default) and reports the
// medians, each round's ratio and their spread. With
// TABLEOPS_WEB_BUDGET_COLD=1 it times the cold starts alone (seconds a
// round, not minutes, so that enough rounds fit to see through the
// machine's noise). TABLEOPS_WEB_BUDGET_APP names another bundle folder
// to time in place of webapp/dist (an older build, to compare). The budgets (issue 26: the app's cold start at most
// 1.2x the bare window's in the same run; from the cache at most half the
// cold time) are for the person reading the report, which says whether
// the medians meet them: it fails nothing, as a timing on a shared machine
// is no verdict. The bare window's starts from its cache are the floor
// under any Fyne app's in this browser. It builds the bare window's
// bundle, so it runs only with TABLEOPS_WEB_BUDGET=1.
func TestStartupBudget(t *testing.T) {
	if os.Getenv("TABLEOPS_WEB_BUDGET") != "1" {
		t.Skip("set TABLEOPS_WEB_BUDGET=1 to measure the start-up budget (builds a bare Fyne window's bundle)")
	}
	appFiles := bundle(t)
	if dir := os.Getenv("TABLEOPS_WEB_BUDGET_APP"); dir != "" {
		// Another build of the app (an older commit's, to compare).
		var ok bool
		appFiles, ok = webapp.BundleOf(os.DirFS(dir))
		require.True(t, ok, "a bundle in %s", dir)
		t.Logf("Table Ops from %s", dir)
	}
	app := serveStatic(t, appFiles)
	bareDir := t.TempDir()
	cmd := exec.Command("go", "run", "./gen", "-main", "./testdata/bare", "-name", "Bare", "-out", bareDir)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Run(), "build the bare window's bundle")
	bareFiles, ok := webapp.BundleOf(os.DirFS(bareDir))
	require.True(t, ok, "the bare window's bundle")
	bare := serveStatic(t, bareFiles)
	load := func() string {
		b, _ := os.ReadFile("/proc/loadavg")
		f := strings.Fields(string(b))
		return strings.Join(f[:min(3, len(f))], " ")
	}

	// Rounds of each start, one after the other, so that the machine's
	// load weighs on each kind alike; the medians are reported.
	runs := 3
	if n, err := strconv.Atoi(os.Getenv("TABLEOPS_WEB_BUDGET_RUNS")); err == nil && n > 0 {
		runs = n
	}
	coldOnly := os.Getenv("TABLEOPS_WEB_BUDGET_COLD") == "1"
	t.Logf("load average before: %s", load())
	var bares, apps []starts
	for round := 1; round <= runs; round++ {
		// The two take turns going first, so that neither always has
		// the machine as the other left it.
		var b, a starts
		if round%2 == 1 {
			b = timeStarts(t, round, "bare window", bare, coldOnly, startup)
			a = timeStarts(t, round, "Table Ops", app, coldOnly, startup)
		} else {
			a = timeStarts(t, round, "Table Ops", app, coldOnly, startup)
			b = timeStarts(t, round, "bare window", bare, coldOnly, startup)
		}
		if coldOnly {
			t.Logf("round %d: bare cold %s; Table Ops cold %s (%.2fx); load average %s",
				round, b.cold.Round(time.Millisecond), a.cold.Round(time.Millisecond), ratio(a.cold, b.cold), load())
		} else {
			t.Logf("round %d: bare %s; Table Ops %s; from the cache after a restart %.2f of cold, the third start %.2f of cold; load average %s",
				round, b, a, ratio(a.first, a.cold), ratio(a.third, a.cold), load())
		}
		bares, apps = append(bares, b), append(apps, a)
	}
	b, a := medians(bares), medians(apps)
	// The cold budget: the medians' ratio, and each round's.
	const coldBudget = 1.2
	var coldRatios []float64
	met := 0
	for i := range apps {
		r := ratio(apps[i].cold, bares[i].cold)
		coldRatios = append(coldRatios, r)
		if r <= coldBudget {
			met++
		}
	}
	sort.Float64s(coldRatios)
	verdict := "met"
	if ratio(a.cold, b.cold) > coldBudget {
		verdict = "NOT met"
	}
	spread := func(ds []time.Duration) string {
		s := slices.Clone(ds)
		slices.Sort(s)
		return s[0].Round(time.Millisecond).String() + " to " + s[len(s)-1].Round(time.Millisecond).String()
	}
	var bc, ac []time.Duration
	for i := range apps {
		bc, ac = append(bc, bares[i].cold), append(ac, apps[i].cold)
	}
	t.Logf("cold start, link to first frame at 390x844, median of %d rounds: Table Ops %s (%s) against the bare Fyne window %s (%s): %.2fx, budget %.1fx: %s; the rounds' own ratios %s to %.2f, median %.2f, %d of %d rounds within the budget; load average %s",
		runs, a.cold.Round(time.Millisecond), spread(ac), b.cold.Round(time.Millisecond), spread(bc), ratio(a.cold, b.cold), coldBudget, verdict,
		strconv.FormatFloat(coldRatios[0], 'f', 2, 64), coldRatios[len(coldRatios)-1], coldRatios[len(coldRatios)/2], met, runs, load())
	if coldOnly {
		return
	}
	// Each round's own ratio too: its starts ran under the same load.
	rounds := func(num, den func(starts) time.Duration, ss []starts, dens []starts) string {
		var rs []string
		for i := range ss {
			rs = append(rs, strconv.FormatFloat(ratio(num(ss[i]), den(dens[i])), 'f', 2, 64))
		}
		return strings.Join(rs, ", ")
	}
	cold := func(s starts) time.Duration { return s.cold }
	first := func(s starts) time.Duration { return s.first }
	third := func(s starts) time.Duration { return s.third }
	again := func(s starts) time.Duration { return s.again }
	t.Logf("link to first frame at 390x844, median of %d rounds: bare Fyne window %s; Table Ops cold %s (%.2fx the bare window; budget 1.2x; rounds %s), again at once in the same browser %s (%.2f of cold; rounds %s), from the service worker's cache with the browser started again %s (%.2f of cold; budget 0.5; rounds %s), the third such start %s (%.2f of cold; budget 0.5; rounds %s); load average after: %s",
		runs, b, a.cold, ratio(a.cold, b.cold), rounds(cold, cold, apps, bares),
		a.again, ratio(a.again, a.cold), rounds(again, cold, apps, apps),
		a.first, ratio(a.first, a.cold), rounds(first, cold, apps, apps),
		a.third, ratio(a.third, a.cold), rounds(third, cold, apps, apps), load())
	t.Logf("from the cache against the bare window's own start from its cache (the floor of a Fyne app here): Table Ops %.2fx (rounds %s), the third start %.2fx (rounds %s); half of Table Ops' cold start is %.2f of the bare window's start from its cache",
		ratio(a.first, b.first), rounds(first, first, apps, bares), ratio(a.third, b.third), rounds(third, third, apps, bares),
		ratio(a.cold/2, b.first))
	size := func(dir string) (n int64) {
		matches, _ := filepath.Glob(filepath.Join(dir, "*.br"))
		for _, m := range matches {
			if st, err := os.Stat(m); err == nil {
				n += st.Size()
			}
		}
		return n
	}
	t.Logf("brotli transfer: bare %.1f MB", float64(size(bareDir))/1e6)
}

// starts are the times from a link to the first frame of one bundle.
type starts struct {
	cold, again, first, third time.Duration
}

func (s starts) String() string {
	return "cold " + s.cold.Round(time.Millisecond).String() +
		", again at once " + s.again.Round(time.Millisecond).String() +
		", from the cache after a restart " + s.first.Round(time.Millisecond).String() +
		", the third start after a restart " + s.third.Round(time.Millisecond).String()
}

// timeStarts times a bundle's starts in a new browser profile: with an
// empty cache, again at once in the same browser, then from the service
// worker's cache with the browser started again, three times (the
// browser adds to the compiled code it keeps with each start, until it
// holds what the start runs); with coldOnly, the cold start alone.
// describe, if not nil, says where each start's time went.
func timeStarts(t *testing.T, round int, what, url string, coldOnly bool, describe func(*page) string) starts {
	t.Helper()
	log := func(which string, p *page) {
		if describe != nil {
			t.Logf("round %d, %s, %s: %s", round, what, which, describe(p))
		}
	}
	var s starts
	profile := t.TempDir()
	c := chrometest.StartWithProfile(t, profile)
	p, cold := firstFrame(t, c, url)
	log("cold", p)
	if coldOnly {
		c.Close()
		return starts{cold: cold}
	}
	p.waitForWorker()
	p.Navigate("about:blank")
	p, again := firstFrame(t, c, url)
	log("again at once", p)
	settle(t, round, profile)
	c.Close()
	s.cold, s.again = cold, again
	for n := 1; n <= 3; n++ {
		c = chrometest.StartWithProfile(t, profile)
		p, d := firstFrame(t, c, url)
		log("from the cache, browser started again (start "+strconv.Itoa(n)+" after a restart)", p)
		switch n {
		case 1:
			s.first = d
		case 3:
			s.third = d
		}
		if n < 3 {
			settle(t, round, profile)
		}
		c.Close()
	}
	return s
}

// medians are the median of each kind of start.
func medians(ss []starts) starts {
	var m [4][]time.Duration
	for _, s := range ss {
		for i, d := range []time.Duration{s.cold, s.again, s.first, s.third} {
			m[i] = append(m[i], d)
		}
	}
	return starts{pct(m[0], 50), pct(m[1], 50), pct(m[2], 50), pct(m[3], 50)}
}

// ratio is num over den.
func ratio(num, den time.Duration) float64 { return float64(num) / float64(den) }

// settle waits until the browser has stored the compiled code beside its
// copy of the app's code (the HTTP cache's, or the service worker's): it
// does so some seconds after a start, once its optimizing compiler has done
// enough, so this waits until those caches stop growing.
func settle(t *testing.T, round int, profile string) {
	t.Helper()
	caches := func() int64 {
		return dirSize(filepath.Join(profile, "Default", "Service Worker", "CacheStorage")) +
			dirSize(filepath.Join(profile, "Default", "Code Cache"))
	}
	var sizes []int64
	for start := time.Now(); time.Since(start) < 2*time.Minute; time.Sleep(2 * time.Second) {
		sizes = append(sizes, caches())
		if n := len(sizes); time.Since(start) > 20*time.Second && n > 5 && sizes[n-1] == sizes[n-6] {
			break
		}
	}
	t.Logf("round %d: the service worker's copy and the compiled code kept: %.1f MB, then %.1f MB", round, float64(sizes[0])/1e6, float64(sizes[len(sizes)-1])/1e6)
}

// dirSize is the size of the files under dir.
func dirSize(dir string) (n int64) {
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// TestStartupProfile records where the browser's CPU went in a cold start
// of the app, from the link to the first frame, with the DevTools
// profiler: the functions with the most time of their own, and the most
// time with what they call. It profiles the bundle in the folder
// TABLEOPS_WEB_PROFILE names (build one that keeps Go's function names:
// go run ./gen -strip=false -out DIR), TABLEOPS_WEB_PROFILE_RUNS times (1
// by default), and writes each profile beside it (cold-N.cpuprofile, for
// the DevTools' Performance panel), and with TABLEOPS_WEB_SHOTS a
// screenshot as the first frame drew. It is a look, not a test: the
// profiler slows what it watches.
func TestStartupProfile(t *testing.T) {
	dir := os.Getenv("TABLEOPS_WEB_PROFILE")
	if dir == "" {
		t.Skip("set TABLEOPS_WEB_PROFILE to a bundle folder to profile its cold start")
	}
	files, ok := webapp.BundleOf(os.DirFS(dir))
	require.True(t, ok, "a bundle in %s", dir)
	url := serveStatic(t, files)
	runs := 1
	if n, err := strconv.Atoi(os.Getenv("TABLEOPS_WEB_PROFILE_RUNS")); err == nil && n > 0 {
		runs = n
	}
	for run := 1; run <= runs; run++ {
		c := chrometest.StartWithProfile(t, t.TempDir())
		p := newPage(t, c)
		p.Call("Profiler.enable", nil)
		p.Call("Profiler.setSamplingInterval", map[string]any{"interval": 100})
		p.Call("Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": firstFrameHook})
		p.Call("Profiler.start", nil)
		p.Navigate(url)
		for deadline := time.Now().Add(3 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if v, _ := p.Eval(`window.__firstFrame || 0`).(float64); v > 0 {
				break
			}
		}
		raw := p.Call("Profiler.stop", nil)
		shots(t, p, "web-first-frame-"+strconv.Itoa(run)+".png") // as the first frame drew
		t.Logf("run %d: %s", run, startup(p))
		var r struct {
			Profile cpuProfile `json:"profile"`
		}
		require.NoError(t, json.Unmarshal(raw, &r))
		out, err := json.Marshal(r.Profile)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "cold-"+strconv.Itoa(run)+".cpuprofile"), out, 0o644))
		t.Logf("run %d: %s", run, r.Profile.summary(40))
		c.Close()
	}
}

// cpuProfile is a DevTools CPU profile.
type cpuProfile struct {
	Nodes []struct {
		ID        int `json:"id"`
		CallFrame struct {
			FunctionName string `json:"functionName"`
			URL          string `json:"url"`
			ScriptID     string `json:"scriptId"`
			LineNumber   int    `json:"lineNumber"`
			ColumnNumber int    `json:"columnNumber"`
		} `json:"callFrame"`
		HitCount int   `json:"hitCount"`
		Children []int `json:"children,omitempty"`
	} `json:"nodes"`
	StartTime  float64 `json:"startTime"`
	EndTime    float64 `json:"endTime"`
	Samples    []int   `json:"samples"`
	TimeDeltas []int   `json:"timeDeltas"`
}

// summary lists the n functions with the most time of their own and the
// n with the most time including what they call.
func (cp cpuProfile) summary(n int) string {
	parent := map[int]int{}
	name := map[int]string{}
	for _, nd := range cp.Nodes {
		fn := nd.CallFrame.FunctionName
		if fn == "" {
			fn = "(anonymous " + path.Base(nd.CallFrame.URL) + ")"
		}
		name[nd.ID] = fn
		for _, ch := range nd.Children {
			parent[ch] = nd.ID
		}
	}
	self, total := map[string]float64{}, map[string]float64{}
	var all float64
	for i, s := range cp.Samples {
		if i+1 >= len(cp.TimeDeltas) {
			break
		}
		d := float64(cp.TimeDeltas[i+1]) / 1000 // the time until the next sample, ms
		all += d
		self[name[s]] += d
		seen := map[string]bool{}
		for id := s; id != 0; id = parent[id] {
			if fn := name[id]; !seen[fn] {
				seen[fn] = true
				total[fn] += d
			}
		}
	}
	top := func(m map[string]float64) string {
		type kv struct {
			k string
			v float64
		}
		var kvs []kv
		for k, v := range m {
			kvs = append(kvs, kv{k, v})
		}
		sort.Slice(kvs, func(i, j int) bool { return kvs[i].v > kvs[j].v })
		var b strings.Builder
		for i, e := range kvs {
			if i == n {
				break
			}
			fmt.Fprintf(&b, "\n  %7.1f ms  %s", e.v, e.k)
		}
		return b.String()
	}
	return fmt.Sprintf("%.0f ms sampled\nself:%s\nwith callees:%s", all, top(self), top(total))
}
