package ui

import (
	"runtime"
	"runtime/metrics"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPastShare(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		name             string
		live, goal, heap uint64
		want             bool
	}{
		{"nothing since the last collection", 40 * mb, 80 * mb, 40 * mb, false},
		{"less than a quarter of the headroom", 40 * mb, 80 * mb, 49 * mb, false},
		{"a quarter of the headroom", 40 * mb, 80 * mb, 50 * mb, true},
		{"near the goal", 40 * mb, 80 * mb, 79 * mb, true},
		{"no headroom known", 40 * mb, 40 * mb, 60 * mb, false},
		{"heap below what lived (swept)", 40 * mb, 80 * mb, 30 * mb, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, pastShare(c.live, c.goal, c.heap))
		})
	}
}

func TestWorthCollectingReadsTheRuntime(t *testing.T) {
	// The metrics it reads exist in this Go: after a collection with
	// nothing allocated since, nothing is worth collecting; after garbage
	// of half the collector's headroom (too little to start a collection
	// by itself), a collection is worth it. Other tests' goroutines
	// allocate too and may start a collection in between: a few tries.
	var s [len(heapMetrics)]metrics.Sample
	for i, name := range heapMetrics {
		s[i].Name = name
	}
	ok := false
	for try := 0; try < 5 && !ok; try++ {
		runtime.GC()
		runtime.GC()
		if worthCollecting() {
			continue
		}
		metrics.Read(s[:])
		live, goal := s[0].Value.Uint64(), s[1].Value.Uint64()
		require.Greater(t, goal, live)
		var garbage [][]byte
		for n := uint64(0); n < (goal-live)/2; n += 64 << 10 {
			garbage = append(garbage, make([]byte, 64<<10))
		}
		ok = worthCollecting()
		runtime.KeepAlive(garbage)
	}
	assert.True(t, ok, "garbage of half the headroom is worth collecting, and none is not")
}
