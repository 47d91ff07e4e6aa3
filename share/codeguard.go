package share

import (
	"net"
	"time"
)

// Per-address bounds of wrong join codes (see codeGuard).
const (
	// addrFailBurst wrong codes an address may send at once (typos).
	addrFailBurst = 5
	// addrFailEvery is how long an address waits for each further one.
	addrFailEvery = time.Minute
	// maxGuessers bounds the addresses the guard remembers.
	maxGuessers = 8192
)

// codeGuard decides whether a join code is compared at all. The right
// code must always get in, so a code is compared unless its sender has
// been guessing: an address has its own budget of wrong codes (a few at
// once, then one a minute), and every address together share the host's
// (Options.FailRate, Options.FailBurst). While the shared budget is spent,
// only an address with no wrong code in its recent past is compared: one
// wrong code empties its own budget, so each address of a guessing
// crowd gets one guess per full refill of its budget. A phone that never
// sent a wrong code (every phone that joins by the link or the QR code) is
// compared and let in whatever the others do. Guessing stays capped: at
// most the shared budget, plus one guess per address and refill period.
// IPv6 addresses count by their /64 network, which one device can fill.
// It is not safe for concurrent use (the host holds codeMu).
type codeGuard struct {
	global    *bucket
	addrRate  float64
	addrBurst int
	addrs     map[string]*bucket
}

// newCodeGuard makes the guard of a host's options (with their defaults).
func newCodeGuard(o Options, now time.Time) *codeGuard {
	return &codeGuard{global: newBucket(o.FailRate, o.FailBurst, now), addrRate: 1 / o.addrFailEvery.Seconds(), addrBurst: o.addrFailBurst, addrs: map[string]*bucket{}}
}

// guesserKey is the address a budget belongs to: the IPv4 address, or the
// /64 network of an IPv6 one.
func guesserKey(ip string) string {
	p := net.ParseIP(ip)
	if p == nil || p.To4() != nil {
		return ip
	}
	return p.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// clean reports whether b holds its whole budget: no recent wrong code.
func (g *codeGuard) clean(b *bucket) bool { return b.tokens >= b.burst }

// mayCompare reports whether a code from ip is compared now. It changes
// nothing but the refill of the budgets.
func (g *codeGuard) mayCompare(ip string, now time.Time) bool {
	b := g.addrs[guesserKey(ip)]
	if b == nil {
		// Never guessed wrong (or forgotten after a full refill): clean,
		// unless so many addresses are guessing that a new one could not
		// be remembered.
		if len(g.addrs) >= maxGuessers {
			g.forget(now)
			return len(g.addrs) < maxGuessers || g.global.ready(now)
		}
		return true
	}
	if !b.ready(now) {
		return false
	}
	if g.global.ready(now) {
		return true
	}
	return g.clean(b)
}

// wrong charges a wrong code from ip, compared after mayCompare: to the
// shared budget when it has room, else the address's whole budget.
func (g *codeGuard) wrong(ip string, now time.Time) {
	key := guesserKey(ip)
	b := g.addrs[key]
	if b == nil {
		if len(g.addrs) >= maxGuessers {
			g.forget(now)
		}
		b = newBucket(g.addrRate, g.addrBurst, now)
		if len(g.addrs) < maxGuessers {
			g.addrs[key] = b
		}
	}
	if g.global.allow(now) {
		b.allow(now)
		return
	}
	b.ready(now)
	b.tokens = 0
}

// forget drops the addresses whose budget has refilled: they hold no debt.
func (g *codeGuard) forget(now time.Time) {
	for k, b := range g.addrs {
		if b.ready(now); g.clean(b) {
			delete(g.addrs, k)
		}
	}
}
