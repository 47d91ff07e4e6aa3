//go:build unix

package webapp_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/internal/chrometest"
)

// The browser tests drive Debian's headless Chromium (internal/chrometest)
// as a phone: a 390x844 screen at 3 device pixels per pixel, touch, a
// phone's user agent, and WebGL drawn by SwiftShader. They find the app's
// buttons, labels and counters through its automation hook (ui's
// window.tableopsAutomation).

// slow bounds each step of a browser test: the app in a headless browser
// on a busy machine (software WebGL, many tests at once) can take minutes
// to start; on a quiet one each step takes a second or two.
const slow = 3 * time.Minute

// page is a phone's browser tab showing the web app.
type page struct {
	*chrometest.Page
	t *testing.T
}

// startChrome starts Chromium with the extra flags.
func startChrome(t *testing.T, extra ...string) *chrometest.Chrome {
	t.Helper()
	return chrometest.Start(t, extra...)
}

// newPage opens a phone's tab in c.
func newPage(t *testing.T, c *chrometest.Chrome) *page {
	t.Helper()
	return &page{Page: c.NewPhonePage(), t: t}
}

// shown is an object on the app's screen (see ui's automation hook).
type shown struct {
	Type, Text, Icon string
	Value            *int
	X, Y, W, H       float32
}

// screen is what the app's automation hook describes.
type screen struct {
	Objects []shown `json:"objects"`
	Scale   float32 `json:"scale"`
	Seat    string  `json:"seat"`
	Title   string  `json:"title"`
	Seq     uint64  `json:"seq"`
	dpr     float32
}

// look asks the app to describe its screen; ok is false before the app runs.
func (p *page) look() (screen, bool) {
	p.t.Helper()
	v := p.Eval(`(async () => {
		if (!window.tableopsAutomation) return "";
		window.tableopsScreen = "";
		window.tableopsAutomation.refresh();
		for (let i = 0; i < 100 && !window.tableopsScreen; i++) await new Promise(r => setTimeout(r, 20));
		return window.tableopsScreen + "\n" + window.devicePixelRatio;
	})()`)
	s, _ := v.(string)
	body, dpr, ok := strings.Cut(s, "\n")
	if !ok || body == "" {
		return screen{}, false
	}
	var sc screen
	require.NoError(p.t, json.Unmarshal([]byte(body), &sc))
	_, _ = fmt.Sscan(dpr, &sc.dpr)
	return sc, true
}

// find returns the first object matching; ok false when there is none.
func (s screen) find(typ, text string) (shown, bool) {
	for _, o := range s.Objects {
		if (typ == "" || o.Type == typ) && (text == "" || o.Text == text) {
			return o, true
		}
	}
	return shown{}, false
}

func (s screen) texts() string {
	var b strings.Builder
	for _, o := range s.Objects {
		if o.Text != "" {
			b.WriteString(o.Text + " | ")
		}
	}
	return b.String()
}

// poll looks at the screen every interval until done accepts it or
// within has passed; it returns the last screen seen and whether done
// accepted it.
func (p *page) poll(within, interval time.Duration, done func(screen) bool) (screen, bool) {
	deadline := time.Now().Add(within)
	var last screen
	for time.Now().Before(deadline) {
		if sc, ok := p.look(); ok {
			last = sc
			if done(sc) {
				return sc, true
			}
		}
		time.Sleep(interval)
	}
	return last, false
}

// waitFor waits until the screen shows an object matching typ and text
// (either may be empty) and returns it with the screen.
func (p *page) waitFor(typ, text string, within time.Duration) (shown, screen) {
	p.t.Helper()
	var o shown
	sc, ok := p.poll(within, 100*time.Millisecond, func(sc screen) bool {
		var found bool
		o, found = sc.find(typ, text)
		return found
	})
	if !ok {
		p.t.Fatalf("the app did not show %s %q within %s; it shows: %s\npage console:\n%s", typ, text, within, sc.texts(), strings.Join(p.Console(), "\n"))
	}
	return o, sc
}

// tapObject taps the middle of an object (or at fx, fy of its size).
func (p *page) tapObject(sc screen, o shown, fx, fy float32) {
	p.t.Helper()
	k := float32(1)
	if sc.dpr > 0 && sc.Scale > 0 {
		k = sc.Scale / sc.dpr
	}
	p.Tap((o.X+o.W*fx)*k, (o.Y+o.H*fy)*k)
}

// tapText waits for a button (or any object) with text and taps it.
func (p *page) tapText(typ, text string) {
	p.t.Helper()
	o, sc := p.waitTappable(func(o shown) bool {
		return (typ == "" || o.Type == typ) && o.Text == text
	}, typ+" "+text)
	p.tapObject(sc, o, 0.5, 0.5)
}

// waitTappable waits for an object that matches and has been laid out
// where it stays: the hook lists a dialog before its first layout, when
// its buttons still have no size, and a dialog can move its buttons once
// more as it settles its size; a tap at a place it just left would miss.
// So the object must stand at the same place in two screens in a row.
func (p *page) waitTappable(match func(shown) bool, what string) (shown, screen) {
	p.t.Helper()
	var found, last shown
	seen := false
	sc, ok := p.poll(slow, 100*time.Millisecond, func(sc screen) bool {
		for _, o := range sc.Objects {
			if match(o) && o.W > 0 && o.H > 0 {
				settled := seen && o.X == last.X && o.Y == last.Y && o.W == last.W && o.H == last.H
				last, seen = o, true
				if settled {
					found = o
					return true
				}
				return false
			}
		}
		seen = false
		return false
	})
	if !ok {
		p.t.Fatalf("the app did not show %s laid out within %s; it shows: %s", what, slow, sc.texts())
	}
	return found, sc
}

// waitGone waits until no object matches typ and text.
func (p *page) waitGone(typ, text string, within time.Duration) {
	p.t.Helper()
	sc, ok := p.poll(within, 100*time.Millisecond, func(sc screen) bool {
		_, found := sc.find(typ, text)
		return !found
	})
	if !ok {
		p.t.Fatalf("the app still shows %s %q after %s; it shows: %s", typ, text, within, sc.texts())
	}
}
