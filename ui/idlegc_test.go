package ui

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
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
	// nothing allocated since, nothing is worth collecting.
	for range 2 {
		runtime.GC()
	}
	assert.False(t, worthCollecting())
	n := 0
	for range 512 {
		b := make([]byte, 128<<10) // 64 MB of garbage, on the heap
		n += len(b)
	}
	assert.Equal(t, 64<<20, n)
	assert.True(t, worthCollecting())
}
