package share

import (
	"sync"
	"time"
)

// bucket is a token bucket: rate tokens a second, up to burst.
type bucket struct {
	rate, burst float64
	tokens      float64
	last        time.Time
}

func newBucket(rate float64, burst int, now time.Time) *bucket {
	return &bucket{rate: rate, burst: float64(burst), tokens: float64(burst), last: now}
}

// allow takes one token if there is one.
func (b *bucket) allow(now time.Time) bool {
	if d := now.Sub(b.last).Seconds(); d > 0 {
		b.tokens = min(b.burst, b.tokens+d*b.rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// ready reports whether a token is there, without taking it.
func (b *bucket) ready(now time.Time) bool {
	if d := now.Sub(b.last).Seconds(); d > 0 {
		b.tokens = min(b.burst, b.tokens+d*b.rate)
	}
	b.last = now
	return b.tokens >= 1
}

// ipLimits holds one bucket per remote address for the HTTP API, at most
// max of them; idle ones are forgotten.
type ipLimits struct {
	mu      sync.Mutex
	rate    float64
	burst   int
	max     int
	buckets map[string]*bucket
}

func newIPLimits(rate float64, burst, max int) *ipLimits {
	return &ipLimits{rate: rate, burst: burst, max: max, buckets: map[string]*bucket{}}
}

// allow reports whether a request from ip may proceed now.
func (l *ipLimits) allow(ip string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[ip]
	if !ok {
		if len(l.buckets) >= l.max {
			// Forget buckets that have refilled: they hold no debt.
			for k, v := range l.buckets {
				if now.Sub(v.last).Seconds()*v.rate+v.tokens >= v.burst {
					delete(l.buckets, k)
				}
			}
			if len(l.buckets) >= l.max {
				return false
			}
		}
		b = newBucket(l.rate, l.burst, now)
		l.buckets[ip] = b
	}
	return b.allow(now)
}

// penalize empties ip's bucket and puts it in debt for a whole burst: its
// next request waits twice the time the burst takes to refill.
func (l *ipLimits) penalize(ip string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[ip]
	if !ok {
		if len(l.buckets) >= l.max {
			return
		}
		b = newBucket(l.rate, l.burst, now)
		l.buckets[ip] = b
	}
	b.ready(now)
	b.tokens = -b.burst
}
