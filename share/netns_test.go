//go:build linux

package share

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/internal/chrometest"
	"tableops/scan"
	"tableops/tracker"
	"tableops/webapp"
)

// netnsEnv marks the test process that runs inside its own network
// namespace (inNetns).
const netnsEnv = "TABLEOPS_IN_NETNS"

// lanIP is the LAN-style address the namespace gives the host: nothing
// outside the namespace sees it.
const lanIP = "10.77.0.1"

// inNetns runs the test named name again in a network namespace of its
// own (unshare -n) where lanIP is an address of a veth link, as a table's
// host has a LAN address; it reports false in the parent process (which
// then has nothing more to do) and true in the namespace. Without unshare
// or the right to use it (root, or user namespaces) the test skips.
func inNetns(t *testing.T, name string) bool {
	t.Helper()
	if os.Getenv(netnsEnv) == "1" {
		// No IPv6 in the namespace, and the link waited for: otherwise
		// the kernel gives each link an IPv6 address of its own a second
		// or two after it comes up (once it has checked that no one else
		// has it), and Chromium, started by then, sees the network change
		// while the phone loads the app and joins (its net log:
		// NETWORK_IP_ADDRESSES_CHANGED, then NETWORK_CHANGED:
		// CONNECTION_NONE, CONNECTION_ETHERNET, 3 to 4.5 s after it
		// starts, in every run). The network is made still before any
		// browser starts: the table needs its IPv4 address only.
		for _, conf := range []string{"all", "default"} {
			name := "/proc/sys/net/ipv6/conf/" + conf + "/disable_ipv6"
			if _, err := os.Stat(name); err == nil {
				require.NoError(t, os.WriteFile(name, []byte("1"), 0o644), "no IPv6 in the namespace")
			}
		}
		for _, args := range [][]string{
			{"link", "set", "lo", "up"},
			{"link", "add", "d0", "type", "veth", "peer", "name", "d1"},
			{"addr", "add", lanIP + "/24", "dev", "d0"},
			{"link", "set", "d0", "up"},
			{"link", "set", "d1", "up"},
		} {
			out, err := exec.Command("ip", args...).CombinedOutput()
			require.NoError(t, err, "ip %s: %s", strings.Join(args, " "), out)
		}
		// The link is up once its other end is (the carrier).
		// (Asked over netlink: /sys shows the host's links, not the
		// namespace's.)
		require.Eventually(t, func() bool {
			i, err := net.InterfaceByName("d0")
			return err == nil && i.Flags&net.FlagRunning != 0
		}, 10*time.Second, 10*time.Millisecond, "the namespace's link did not come up")
		return true
	}
	if _, err := exec.LookPath("unshare"); err != nil {
		t.Skip("unshare is not installed: skipping the test on a LAN address (util-linux has it)")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Skip("ip is not installed: skipping the test on a LAN address (iproute2 has it)")
	}
	if out, err := exec.Command("unshare", "-n", "true").CombinedOutput(); err != nil {
		t.Skipf("unshare -n is not allowed here (it needs root or user namespaces): skipping the test on a LAN address: %v %s", err, out)
	}
	args := []string{"-n", "--", os.Args[0], "-test.run=^" + name + "$", "-test.v", "-test.count=1", "-test.timeout=9m"}
	cmd := exec.Command("unshare", args...)
	cmd.Env = append(os.Environ(), netnsEnv+"=1")
	out, err := cmd.CombinedOutput()
	t.Logf("in a network namespace (unshare %s):\n%s", strings.Join(args, " "), out)
	if err == nil && strings.Contains(string(out), "--- SKIP") {
		t.Skip("skipped in the namespace (see above)")
	}
	require.NoError(t, err, "the test failed in its network namespace")
	return false
}

// fetched is what the host served a browser at /app/: per file, the
// Accept-Encoding asked with, the Content-Encoding given and the bytes of
// the body.
type fetched struct {
	mu    sync.Mutex
	files []fetch
}

type fetch struct {
	path, accept, enc, ua string
	status                int
	bytes                 int64
}

func (f *fetched) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/app/") {
			next.ServeHTTP(w, r)
			return
		}
		cw := &countWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(cw, r)
		f.mu.Lock()
		f.files = append(f.files, fetch{path: r.URL.Path, accept: r.Header.Get("Accept-Encoding"),
			enc: cw.Header().Get("Content-Encoding"), ua: r.Header.Get("User-Agent"), status: cw.status, bytes: cw.n})
		f.mu.Unlock()
	})
}

func (f *fetched) list() []fetch {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fetch(nil), f.files...)
}

func (f *fetched) reset() {
	f.mu.Lock()
	f.files = nil
	f.mu.Unlock()
}

type countWriter struct {
	http.ResponseWriter
	status int
	n      int64
}

func (c *countWriter) WriteHeader(s int) { c.status = s; c.ResponseWriter.WriteHeader(s) }
func (c *countWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n += int64(n)
	return n, err
}

// appBudget is the most a phone on the LAN may download to open the app
// (issue 26: 12 MB, brotli over https).
const appBudget = 12 << 20

// phoneFacts is what a phone's browser gets from the host's https link.
type phoneFacts struct {
	secure      bool
	media       string // typeof navigator.mediaDevices "/" typeof getUserMedia
	camera      string // what getUserMedia gave (the fake camera)
	sw          bool   // the service worker is active
	install     string // Page.getInstallabilityErrors
	wasmAccept  string // Accept-Encoding of the WebAssembly's request
	wasmEnc     string // its Content-Encoding
	wasmFetches int    // how many times it was sent
	bytes       int64  // the bytes of /app/ sent
	files       []string
}

// phone is one phone's browser on the table's network.
type phone struct {
	name   string
	ua     string // its user agent: what the host sees of it
	chrome *chrometest.Chrome
	page   *chrometest.Page
}

// startPhone opens the host's join link (the QR code's https link) in a
// new Chromium started with flags, as the phone called name; with
// proceed, the player goes past the certificate warning the way a person
// does (Advanced, then Proceed). It returns at once: waitJoined waits.
func startPhone(t *testing.T, h *Host, name string, proceed bool, flags ...string) *phone {
	t.Helper()
	chrome := chrometest.Start(t, append([]string{"--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"}, flags...)...)
	ph := &phone{name: name, ua: chrometest.PhoneUA + " (" + name + ")", chrome: chrome, page: chrome.NewPhonePage()}
	dev := chrometest.Phone
	dev.UserAgent = ph.ua
	ph.page.Emulate(dev)
	ph.page.Navigate(h.AppURL())
	if !proceed {
		return ph
	}
	// The warning comes once the browser has seen the certificate. Read
	// with TryEval: a page that navigates while it is asked answers with
	// an error, which is no answer yet (Eval would end the test from
	// inside the wait).
	p := ph.page
	warned := func() bool {
		v, err := p.TryEval(`String(!!document.getElementById("proceed-link"))`)
		return err == nil && v == "true"
	}
	require.Eventually(t, warned, 30*time.Second, 100*time.Millisecond, "%s: the browser did not warn about the certificate", name)
	shot(p, "warning")
	// Advanced, then Proceed; again while the warning stays (a click
	// that came before the warning page listened to it).
	for deadline := time.Now().Add(30 * time.Second); warned(); time.Sleep(time.Second) {
		require.True(t, time.Now().Before(deadline), "%s: the browser kept its warning after Proceed", name)
		_, _ = p.TryEval(`(() => { const d = document.getElementById("details-button"); if (d) d.click(); const l = document.getElementById("proceed-link"); if (l) l.click(); return 1; })()`)
	}
	return ph
}

// joinWait is how long phones may take to join (a busy machine).
const joinWait = 3 * time.Minute

// waitJoined waits until h has n phones connected; a phone whose app
// says it could not join or start fails the test at once, with what its
// page and its browser said.
func waitJoined(t *testing.T, h *Host, n int, phones ...*phone) {
	t.Helper()
	start := time.Now()
	next := start.Add(10 * time.Second) // when to look at the pages
	for deadline := start.Add(joinWait); h.Clients() < n; time.Sleep(100 * time.Millisecond) {
		stuck := ""
		if time.Now().After(next) {
			next = time.Now().Add(5 * time.Second)
			for _, ph := range phones {
				if st := pageState(ph.page); strings.Contains(st, "Could not join") || strings.Contains(st, "could not start") || strings.Contains(st, "could not be loaded") {
					stuck = ph.name
				}
			}
		}
		if stuck != "" || time.Now().After(deadline) {
			var b strings.Builder
			for _, ph := range phones {
				fmt.Fprintf(&b, "\n%s: the page: %s\nconsole: %q\nchromium's standard error:\n%s", ph.name, pageState(ph.page), ph.page.Console(), ph.chrome.Stderr())
			}
			t.Fatalf("%d of %d phones joined over wss:// in %v (stuck: %q)%s\nenvironment: %q", h.Clients(), n, time.Since(start).Round(time.Second), stuck, b.String(), os.Environ())
		}
	}
	t.Logf("%d phone(s) joined %v after the link opened", n, time.Since(start).Round(10*time.Millisecond))
}

// measure reports what ph's browser got from the host's https link, from
// what rec saw with its user agent (all of it, with allUA: the service
// worker's own downloads say another).
func measure(t *testing.T, h *Host, rec *fetched, ph *phone, allUA bool) phoneFacts {
	t.Helper()
	p := ph.page
	var f phoneFacts
	f.secure, _ = p.Eval(`window.isSecureContext`).(bool)
	f.media = p.EvalString(`typeof navigator.mediaDevices + "/" + typeof (navigator.mediaDevices && navigator.mediaDevices.getUserMedia)`)
	f.camera = p.EvalString(`(async () => { try { const s = await navigator.mediaDevices.getUserMedia({video: true}); const n = s.getVideoTracks().length; s.getTracks().forEach(t => t.stop()); return n + " video track(s)"; } catch (e) { return String(e); } })()`)
	active := func() bool {
		v, _ := p.Eval(`(async () => { if (!navigator.serviceWorker) return -1; const r = await Promise.race([navigator.serviceWorker.ready, new Promise(res => setTimeout(res, 1000))]); return r && r.active && r.active.state === "activated" ? 1 : 0; })()`).(float64)
		return v == 1
	}
	f.sw = active()
	if !f.sw {
		// Registering again says why it is not there, or it comes.
		why := p.EvalString(`(async () => { try { await navigator.serviceWorker.register("sw.js"); return "registers"; } catch (e) { return String(e); } })()`)
		for deadline := time.Now().Add(40 * time.Second); why == "registers" && time.Now().Before(deadline) && !f.sw; time.Sleep(250 * time.Millisecond) {
			f.sw = active()
		}
		if !f.sw {
			f.files = append(f.files, "service worker: "+why)
		}
	}
	f.install = string(p.Call("Page.getInstallabilityErrors", nil))
	if f.sw {
		time.Sleep(2 * time.Second) // the service worker's own downloads end
	}
	for _, x := range rec.list() {
		if !allUA && x.ua != ph.ua {
			continue
		}
		f.bytes += x.bytes
		f.files = append(f.files, fmt.Sprintf("%s %d %s %d B (Accept-Encoding %q)", x.path, x.status, x.enc, x.bytes, x.accept))
		if strings.HasSuffix(x.path, ".wasm") && x.status == http.StatusOK {
			f.wasmAccept, f.wasmEnc = x.accept, x.enc
			f.wasmFetches++
		}
	}
	t.Logf("%s, %s:\n  isSecureContext: %v\n  navigator.mediaDevices/getUserMedia: %s\n  camera: %s\n  service worker active: %v\n  installability: %s\n  WebAssembly: Accept-Encoding %q, sent %d time(s) as %q\n  bytes of /app/ sent: %d (%.2f MB, %.2f MiB)\n  %s",
		h.AppURL(), ph.name, f.secure, f.media, f.camera, f.sw, f.install, f.wasmAccept, f.wasmFetches, f.wasmEnc,
		f.bytes, float64(f.bytes)/1e6, float64(f.bytes)/(1<<20), strings.Join(f.files, "\n  "))
	return f
}

// pageState says where a page is and what it shows (for a failure).
func pageState(p *chrometest.Page) string {
	v, err := p.TryEval(`JSON.stringify({href: location.href, title: document.title, ready: document.readyState,
		proceed: !!document.getElementById("proceed-link"), text: (document.body ? document.body.innerText : "").slice(0, 600)})`)
	if err != nil {
		return "(unreadable: " + err.Error() + ")"
	}
	var texts []string
	if objs, _, ok := lookScreen(p); ok {
		for _, o := range objs {
			if o.Text != "" {
				texts = append(texts, o.Text)
			}
		}
	}
	return fmt.Sprintf("%v; the app shows: %q", v, texts)
}

// shot saves a screenshot of p as NAME.png in TABLEOPS_LAN_SHOTS, when
// set (to look at what the phone shows).
func shot(p *chrometest.Page, name string) {
	if dir := os.Getenv("TABLEOPS_LAN_SHOTS"); dir != "" {
		p.Screenshot(filepath.Join(dir, name+".png"), false)
	}
}

// phoneObject is one object on the app's screen as its automation hook
// (ui/web_js.go) describes it, in Fyne units.
type phoneObject struct {
	Type, Text, Icon string
	X, Y, W, H       float32
}

// lookScreen asks the app's automation hook for what it shows: its
// objects, and the factor from Fyne units to the page's CSS pixels. It
// reports false while the app cannot say (not started, or busy).
func lookScreen(p *chrometest.Page) ([]phoneObject, float32, bool) {
	v, err := p.TryEval(`(async () => {
		if (!window.tableopsAutomation) return "";
		window.tableopsScreen = "";
		window.tableopsAutomation.refresh();
		for (let i = 0; i < 100 && !window.tableopsScreen; i++) await new Promise(r => setTimeout(r, 20));
		return window.tableopsScreen + "\n" + window.devicePixelRatio;
	})()`)
	if err != nil {
		return nil, 0, false
	}
	body, dprText, ok := strings.Cut(fmt.Sprint(v), "\n")
	if !ok || body == "" {
		return nil, 0, false
	}
	var sc struct {
		Objects []phoneObject `json:"objects"`
		Scale   float32       `json:"scale"`
	}
	if json.Unmarshal([]byte(body), &sc) != nil {
		return nil, 0, false
	}
	var dpr float32
	_, _ = fmt.Sscan(dprText, &dpr)
	k := float32(1)
	if dpr > 0 && sc.Scale > 0 {
		k = sc.Scale / dpr
	}
	return sc.Objects, k, true
}

// tapButton waits (at most wait) for a button that match accepts and
// taps it, as a player does, once it stays where it is laid out; what
// names it in a failure.
func tapButton(t *testing.T, p *chrometest.Page, what string, wait time.Duration, match func(phoneObject) bool) {
	t.Helper()
	var last phoneObject
	var texts []string
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(150 * time.Millisecond) {
		objs, k, ok := lookScreen(p)
		if !ok {
			continue
		}
		texts = texts[:0]
		for _, o := range objs {
			if o.Text != "" {
				texts = append(texts, o.Text)
			}
			if o.Type == "widget.Button" && o.W > 0 && match(o) {
				if o == last { // laid out where it stays
					p.Tap((o.X+o.W/2)*k, (o.Y+o.H/2)*k)
					return
				}
				last = o
			}
		}
	}
	t.Fatalf("the app showed no button %s in %v; it shows %q", what, wait, texts)
}

// tapText taps the button that reads text.
func tapText(t *testing.T, p *chrometest.Page, text string, wait time.Duration) {
	t.Helper()
	tapButton(t, p, strconv.Quote(text), wait, func(o phoneObject) bool { return o.Text == text })
}

// tapSeat waits for the app's seat question and taps the player named
// name, as a player does.
func tapSeat(t *testing.T, p *chrometest.Page, name string) {
	t.Helper()
	tapText(t, p, name, time.Minute)
}

// seated reports whether h has seat taken by a connected device.
func seated(h *Host, seat string) bool {
	for _, s := range h.Seats() {
		if s.Seat == seat {
			return s.Taken && s.Connected
		}
	}
	return false
}

// spki is the base64 SHA-256 of a certificate's public key, for
// Chromium's --ignore-certificate-errors-spki-list (a browser that trusts
// this certificate).
func spki(c *Cert) string {
	sum := sha256.Sum256(c.TLS.Leaf.RawSubjectPublicKeyInfo)
	return base64.StdEncoding.EncodeToString(sum[:])
}

// writeTagVideo writes a Y4M video (what Chromium's fake camera plays) of
// tag printed on a white card, frames frames of w x h: a few frames are
// enough, the camera plays them in a loop.
func writeTagVideo(t *testing.T, path string, tag scan.Tag, w, h, frames int) {
	t.Helper()
	payload, err := scan.Encode(tag)
	require.NoError(t, err)
	sym, err := scan.EncodeQR(payload)
	require.NoError(t, err)
	img := sym.Image(6, 4)
	frame := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(frame, frame.Bounds(), image.White, image.Point{}, draw.Src)
	off := image.Pt((w-img.Bounds().Dx())/2, (h-img.Bounds().Dy())/2)
	draw.Draw(frame, img.Bounds().Add(off), img, img.Bounds().Min, draw.Src)
	var b bytes.Buffer
	fmt.Fprintf(&b, "YUV4MPEG2 W%d H%d F10:1 Ip A1:1 C420jpeg\n", w, h)
	chroma := bytes.Repeat([]byte{128}, 2*(w/2)*(h/2)) // grey: no colour
	for range frames {
		b.WriteString("FRAME\n")
		b.Write(frame.Pix)
		b.Write(chroma)
	}
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
}

// spockTag is a character card's tag that describes the card in full, so
// a phone with an empty catalog can put it to use.
var spockTag = scan.Tag{Kind: scan.KindCharacter, ID: "LAN-SPOCK", Character: &scan.Character{Name: "Spock",
	Tracks: scan.Tracks{Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{2, 3, 4, 5}, Move: []int{1, 2, 3}}}}

// awayTable is a new Away Missions game being set up, with Ann and Ben at
// the table.
func awayTable(t *testing.T) *tracker.Session {
	t.Helper()
	g, err := tracker.New(tracker.KindAway, tracker.Options{Seeds: &tracker.CountingSeeds{}})
	require.NoError(t, err)
	for _, c := range []tracker.Command{
		tracker.AddAwayPlayer{Name: "Ann", Affiliation: "Federation"},
		tracker.AddAwayPlayer{Name: "Ben", Affiliation: "Romulan"},
	} {
		_, err := g.Execute(c)
		require.NoError(t, err)
	}
	return g
}

// onTeam reports whether the character named name is on the team of the
// player with id.
func onTeam(g *tracker.Session, id, name string) bool {
	st := g.State()
	if st == nil || st.Away == nil {
		return false
	}
	for _, c := range st.Away.Characters {
		if c.Owner == id && c.Name == name {
			return true
		}
	}
	return false
}

// TestLANPhoneOverHTTPS is a table on a LAN address (10.77.0.1 in a
// network namespace): the host shares an Away Missions game being set up
// as tableops host does (StartKept: https with the host's own
// certificate, the code, port and certificate kept in its folder), and
// two phones open the QR code's https link: Ann's goes past the browser's
// warning by hand (Advanced, Proceed), as a real phone does, Ben's has
// confirmed the certificate (--ignore-certificate-errors, the issue's
// stand-in). Both join over wss:// (share/dial_js.go) and take their
// seats by tapping. Ann's phone is in a secure context with the camera
// API, asked for brotli and got it, and downloaded the app once (what it
// cost is logged beside appBudget; going past the warning by hand costs
// the service worker: Chromium refuses it on a certificate it does not
// trust). In the game, Ann taps the game bar's Scan, starts the live
// camera (Chromium's fake camera, playing a printed character tag) and
// adds the scanned Spock to her team: the host's game has him. The host
// restarts (the same address, code and certificate, kept): both phones
// come back by themselves on their seats, not asked again. The TV's
// scoreboard works over plain http beside them on the same port, and the
// plain http join link leads a phone to the https one. With
// TABLEOPS_LAN_ALL=1 it also measures a phone that confirmed the
// certificate alone and one that trusts it (service worker, install). It
// runs only with TABLEOPS_LAN=1 (.ci/run has a step for it).
func TestLANPhoneOverHTTPS(t *testing.T) {
	if os.Getenv("TABLEOPS_LAN") != "1" {
		t.Skip("phones on a LAN address, in a network namespace: TABLEOPS_LAN=1 (.ci/run runs it in a step of its own)")
	}
	if !inNetns(t, "TestLANPhoneOverHTTPS") {
		return
	}
	begin := time.Now()
	files, ok := webapp.Bundle()
	if !ok {
		t.Skip("this build has no web app (go generate ./webapp): skipping the phones on a LAN address")
	}
	k := NewKeeper(t.TempDir())
	rec := &fetched{}
	g := awayTable(t)
	seats := tracker.SeatChoices(g.State())
	require.Len(t, seats, 2)
	ann, ben := seats[0], seats[1]
	shareGame := func() *Host {
		t.Helper()
		h, err := StartKept(context.Background(), g, k, KeptOptions{GameID: "lan"},
			Options{Addr: lanIP + ":0", App: files, wrap: rec.wrap, Logger: startLogger()})
		require.NoError(t, err)
		t.Cleanup(h.Stop)
		return h
	}
	h := shareGame()
	cert := h.Cert()
	require.NotNil(t, cert)
	require.NoError(t, cert.TLS.Leaf.VerifyHostname(lanIP), "the certificate covers the LAN address")
	require.True(t, strings.HasPrefix(h.AppURL(), "https://"+lanIP+":"), h.AppURL())

	// Ann's camera shows a printed tag; both phones open the link at once.
	video := filepath.Join(t.TempDir(), "tag.y4m")
	writeTagVideo(t, video, spockTag, 480, 360, 3)
	annPhone := startPhone(t, h, "Ann's phone", true, "--use-file-for-fake-video-capture="+video)
	benPhone := startPhone(t, h, "Ben's phone", false, "--ignore-certificate-errors")
	waitJoined(t, h, 2, annPhone, benPhone)

	f := measure(t, h, rec, annPhone, false)
	assert.True(t, f.secure, "a secure context on the LAN")
	assert.Equal(t, "object/function", f.media, "the camera API is there")
	assert.Equal(t, "1 video track(s)", f.camera, "the live camera opens")
	assert.Contains(t, f.wasmAccept, "br", "the browser asks for brotli over https")
	assert.Equal(t, "br", f.wasmEnc, "and gets it")
	assert.Equal(t, 1, f.wasmFetches, "the app is downloaded once")
	// The budget is 12 MB; the brotli bundle is over it (12.7 MB
	// at bec5b6d): measured and said, not yet met.
	t.Logf("past the warning by hand: the app cost %d bytes (budget %d: %s)", f.bytes, appBudget, map[bool]string{true: "within", false: "OVER"}[f.bytes <= appBudget])

	// Each player takes a seat by tapping.
	tapSeat(t, annPhone.page, ann.Name)
	tapSeat(t, benPhone.page, ben.Name)
	require.Eventually(t, func() bool { return seated(h, ann.ID) && seated(h, ben.ID) }, 30*time.Second, 100*time.Millisecond, "the phones took their seats")
	shot(annPhone.page, "seated")

	// Ann scans from inside the game: the game bar's Scan, the live
	// camera, the card put to use in this game.
	scanStart := time.Now()
	tapButton(t, annPhone.page, "Scan (the game bar's camera icon)", 30*time.Second, func(o phoneObject) bool {
		return strings.HasSuffix(o.Icon, "media-photo.svg") || o.Text == "Scan"
	})
	tapText(t, annPhone.page, "Start camera", 30*time.Second)
	tapText(t, annPhone.page, "Add to Ann's team", time.Minute)
	require.Eventually(t, func() bool { return onTeam(g, ann.ID, "Spock") }, 30*time.Second, 100*time.Millisecond,
		"Spock, scanned by Ann's live camera in the game, joins her team on the host")
	t.Logf("Ann scanned Spock onto her team with the live camera, from the game, in %v", time.Since(scanStart).Round(10*time.Millisecond))
	shot(annPhone.page, "scanned")
	assert.True(t, seated(h, ann.ID), "Ann's phone is still in the game, on her seat")

	// The host restarts with both phones connected: same address, code and
	// certificate; both come back on their seats by themselves.
	link, code := h.AppURL(), h.Code()
	h.Stop()
	h = shareGame()
	require.Equal(t, link, h.AppURL(), "same address, same code")
	require.Equal(t, code, h.Code(), "same join code")
	require.Equal(t, cert.Fingerprint, h.Cert().Fingerprint, "same certificate")
	back := time.Now()
	require.Eventually(t, func() bool { return seated(h, ann.ID) && seated(h, ben.ID) }, time.Minute, 100*time.Millisecond,
		"the phones did not come back on their seats after the host restarted (seats: %+v)", h.Seats())
	t.Logf("both phones came back on their seats (%s, %s) %v after the host restarted", ann.Name, ben.Name, time.Since(back).Round(10*time.Millisecond))
	assert.Equal(t, 2, h.Clients(), "the two phones, no more")
	assert.True(t, onTeam(g, ann.ID, "Spock"), "the scanned card is still in the game")

	// A phone that opens the plain http link (an old QR code, a typed
	// address) is sent to the https page, the join code kept: one origin.
	old := benPhone.chrome.NewPhonePage()
	old.Navigate(JoinLink(h.Addr(), code))
	want := SecureJoinLink(h.Addr(), code)
	require.Eventually(t, func() bool {
		v, err := old.TryEval(`location.href`)
		return err == nil && v == want
	}, 30*time.Second, 100*time.Millisecond, "the plain http link leads to %s", want)
	old.Navigate("about:blank")

	// The TV's scoreboard: plain http on the same port.
	tv := benPhone.chrome.NewPage()
	tv.Navigate(h.URL())
	require.Eventually(t, func() bool {
		v, err := tv.TryEval(`document.body && document.body.dataset.seq || ""`)
		return err == nil && v != ""
	}, time.Minute, 100*time.Millisecond)
	assert.Equal(t, "http:", tv.EvalString(`location.protocol`))
	assert.Equal(t, false, tv.Eval(`window.isSecureContext`), "plain http on a LAN address")
	annPhone.chrome.Close()
	benPhone.chrome.Close()
	t.Logf("the table on a LAN address: %v", time.Since(begin).Round(100*time.Millisecond))

	if os.Getenv("TABLEOPS_LAN_ALL") != "1" {
		return
	}
	// What a phone gets alone, having confirmed the certificate, and one
	// that trusts it (the service worker: offline, install).
	for _, tc := range []struct {
		name  string
		flags []string
	}{
		{"confirmed (--ignore-certificate-errors)", []string{"--ignore-certificate-errors"}},
		{"certificate trusted", []string{"--ignore-certificate-errors-spki-list=" + spki(cert)}},
	} {
		rec.reset()
		before := h.Clients()
		ph := startPhone(t, h, tc.name, false, tc.flags...)
		waitJoined(t, h, before+1, ph)
		f := measure(t, h, rec, ph, true)
		assert.True(t, f.secure, "%s: a secure context on the LAN", tc.name)
		assert.Equal(t, "1 video track(s)", f.camera, "%s: the live camera opens", tc.name)
		assert.Equal(t, "br", f.wasmEnc, "%s: brotli", tc.name)
		if tc.name == "certificate trusted" {
			assert.True(t, f.sw, "a phone that trusts the certificate gets the service worker (offline)")
			assert.Contains(t, f.install, `"installabilityErrors":[]`, "and may install the app")
		}
		t.Logf("%s: the app cost %d bytes (budget %d: %s)", tc.name, f.bytes, appBudget, map[bool]string{true: "within", false: "OVER"}[f.bytes <= appBudget])
		ph.chrome.Close()
	}
}
