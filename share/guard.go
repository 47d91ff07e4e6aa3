package share

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

// Defaults of the host's guards (see Options).
const (
	defaultMaxPlayers  = 24
	defaultMaxWatchers = 16
	defaultMaxPerAddr  = 8
	// maxWatchersPerAddr bounds the watchers of one address: a screen or
	// two, not every scoreboard's slot.
	maxWatchersPerAddr = 4
	// pageHelloWait is how long a connection without a code in its headers
	// may take to send its hello message when it is the only one of its
	// address waiting: a phone's browser page sends it from the page's own
	// thread, which the app starting up holds for many seconds (half a
	// minute on a slow phone).
	pageHelloWait = time.Minute
	// maxPageHellos bounds the connections given pageHelloWait at once
	// (one per address). Every other connection waiting for its hello gets
	// helloWait: sockets that send nothing hold few slots for long (the
	// waiting ones are bounded too, see Host.limit), and a page that got
	// the short wait retries.
	maxPageHellos = 8
	// maxPendingPerAddr bounds the connections of one address waiting for
	// their hello: a page opens one, and one more when it retries.
	maxPendingPerAddr = 2
	// crowdedHelloWait is how long a connection may stay silent once the
	// waiting room is full: a newcomer then takes the place of one silent
	// for longer (see Host.reserve). A page that is free sends its hello
	// within a round trip.
	crowdedHelloWait = 500 * time.Millisecond
	// helloWait is how long any other connection without a code in its
	// headers may take to send its hello message.
	helloWait = 5 * time.Second
	// defaultFailRate and defaultFailBurst bound the wrong join codes the
	// host checks a second, from every address together.
	defaultFailRate  = 2
	defaultFailBurst = 20
	// defaultLogEvery is the period of the refusal summaries.
	defaultLogEvery = 30 * time.Second
	// resyncRate and resyncBurst bound the snapshots one connection may ask
	// for.
	resyncRate  = 0.5
	resyncBurst = 4
)

// hostNames are the names (besides IP literals) the host answers to: a
// request naming anything else (DNS rebinding: a foreign web page whose
// name now points at this device) is refused.
type hostNames struct{ names []string }

func newHostNames() hostNames {
	n := []string{"localhost"}
	if hn, err := os.Hostname(); err == nil && hn != "" {
		hn = strings.ToLower(strings.TrimSuffix(hn, "."))
		n = append(n, hn, hn+".local")
	}
	return hostNames{names: n}
}

// allowed reports whether a Host header names this device: an IP address
// (a page on a foreign name cannot use one without leaving its origin),
// localhost or this device's own name.
func (n hostNames) allowed(hostHeader string) bool {
	host := hostHeader
	if h, _, err := net.SplitHostPort(hostHeader); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if host == "" {
		return false
	}
	if net.ParseIP(host) != nil {
		return true
	}
	return slices.Contains(n.names, host)
}

// sameOrigin reports whether a writing request comes from the host's own
// pages: no Origin header (not a browser, or a same-origin GET) or one
// naming exactly the host the request was sent to.
func sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil {
		return false
	}
	return (u.Scheme == "http" || u.Scheme == "https") && strings.EqualFold(u.Host, r.Host)
}

// Kinds of refusals, for the log summaries.
const (
	refuseHost       = "foreign host name"
	refuseOrigin     = "foreign origin"
	refuseRate       = "over the rate limit"
	refuseCode       = "wrong join code"
	refuseBudget     = "too many wrong join codes"
	refuseAddr       = "too many connections from one address"
	refuseFull       = "too many devices"
	refuseMalform    = "malformed message refused"
	refuseOversize   = "oversized request refused"
	refuseOversizeWS = "oversized message refused; connection closed"
	refuseHello      = "no hello"
	refuseResync     = "too many snapshot requests"
	refuseStrikes    = "too many refused messages; connection closed"
	refuseEvicted    = "a watcher gave its place to another address's"
	refuseSilent     = "a silent connection gave its place in the waiting room"
	refuseFrames     = "a message of too many frames or too slow; connection closed"
)

// refusalLog logs refused requests without letting an attack fill the disk:
// the first refusal of each kind in a period is logged at once, with its
// details; the others are counted and logged as one summary line per kind
// at the end of the period.
type refusalLog struct {
	log   *slog.Logger
	every time.Duration

	mu     sync.Mutex
	counts map[string]*refusalCount
}

type refusalCount struct {
	n     int
	addrs map[string]int
}

// maxSummaryAddrs bounds the addresses a summary tracks per kind.
const maxSummaryAddrs = 64

func newRefusalLog(l *slog.Logger, every time.Duration) *refusalLog {
	return &refusalLog{log: l, every: every, counts: map[string]*refusalCount{}}
}

// refused records one refusal of a kind from addr, with details for the
// first one of the period.
func (l *refusalLog) refused(kind, addr string, attrs ...any) {
	l.mu.Lock()
	c, seen := l.counts[kind]
	if !seen {
		l.counts[kind] = &refusalCount{addrs: map[string]int{}}
	} else {
		c.n++
		if _, ok := c.addrs[addr]; ok || len(c.addrs) < maxSummaryAddrs {
			c.addrs[addr]++
		}
	}
	l.mu.Unlock()
	if !seen {
		l.log.Warn("share: "+kind, append([]any{"remote", addr}, attrs...)...)
	}
}

// flush logs the summaries of the period that ends and starts a new one.
func (l *refusalLog) flush() {
	l.mu.Lock()
	counts := l.counts
	l.counts = map[string]*refusalCount{}
	l.mu.Unlock()
	kinds := make([]string, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		c := counts[k]
		if c.n == 0 {
			continue
		}
		type ac struct {
			a string
			n int
		}
		var top []ac
		for a, n := range c.addrs {
			top = append(top, ac{a, n})
		}
		slices.SortFunc(top, func(x, y ac) int {
			if x.n != y.n {
				return y.n - x.n
			}
			return strings.Compare(x.a, y.a)
		})
		parts := make([]string, 0, 3)
		for i := 0; i < len(top) && i < 3; i++ {
			parts = append(parts, fmt.Sprintf("%s (%d)", top[i].a, top[i].n))
		}
		l.log.Warn(fmt.Sprintf("share: %d more refused in the last %s: %s", c.n, l.every, k),
			"addresses", len(c.addrs), "most", strings.Join(parts, ", "))
	}
}

// run flushes the summaries every period until ctx is done.
func (l *refusalLog) run(ctx context.Context) {
	t := time.NewTicker(l.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			l.flush()
			return
		case <-t.C:
			l.flush()
		}
	}
}
