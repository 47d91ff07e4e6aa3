package trackertest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/tracker/trackertest"
)

// Log gives exactly the events asked for, and they replay.
func TestLogReplays(t *testing.T) {
	events := trackertest.Log(500)
	require.Len(t, events, 500)
	s, err := tracker.Replay(tracker.KindAway, events, tracker.Options{})
	require.NoError(t, err)
	assert.Equal(t, uint64(500), s.Seq())
	// Shorter than the setup: its first events.
	assert.Len(t, trackertest.Log(10), 10)
}
