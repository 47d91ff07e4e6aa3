package tracker

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSnapshotWindowAndOlderSteps: a window of the history is the newest
// steps of Snapshot's lists, and paging with OlderSteps from its last
// step gives the rest of the undo list in order, whatever was undone.
func TestSnapshotWindowAndOlderSteps(t *testing.T) {
	s, err := New(KindAway, Options{})
	require.NoError(t, err)
	for i := range 25 {
		_, err := s.Execute(Note{Text: fmt.Sprintf("note %d", i)})
		require.NoError(t, err)
	}
	for range 3 {
		_, err := s.Undo()
		require.NoError(t, err)
	}
	full := s.Snapshot()
	require.Len(t, full.History.Undo, 22)
	require.Len(t, full.History.Redo, 3)

	for _, tc := range []struct {
		window, page int
	}{{10, 5}, {10, 12}, {22, 5}, {30, 1}, {1, 100}} {
		t.Run(fmt.Sprintf("window %d page %d", tc.window, tc.page), func(t *testing.T) {
			w, cut := s.SnapshotWindow(tc.window)
			assert.Equal(t, full.Seq, w.Seq)
			assert.Same(t, full.State, w.State)
			n := min(tc.window, 22)
			assert.Equal(t, full.History.Undo[:n], w.History.Undo)
			assert.Equal(t, full.History.Redo[:min(tc.window, 3)], w.History.Redo)
			assert.Equal(t, tc.window < 22, cut)

			got := w.History.Undo
			for more := cut; more; {
				var steps []Step
				var found bool
				steps, more, found = s.OlderSteps(got[len(got)-1].ID, tc.page)
				require.True(t, found)
				require.NotEmpty(t, steps)
				require.LessOrEqual(t, len(steps), tc.page)
				got = append(got, steps...)
			}
			assert.Equal(t, full.History.Undo, got, "the pages add up to the undo list")
		})
	}
	_, _, found := s.OlderSteps(full.History.Redo[0].ID, 5)
	assert.False(t, found, "a step that was undone is not in the undo list")
	steps, more, found := s.OlderSteps(full.History.Undo[21].ID, 5)
	assert.True(t, found)
	assert.Empty(t, steps)
	assert.False(t, more)
}

// BenchmarkSnapshotWindow measures a host's snapshot of a long game: the
// window lists 100 steps however long the game (Snapshot lists them all).
func BenchmarkSnapshotWindow(b *testing.B) {
	s, err := New(KindAway, Options{})
	require.NoError(b, err)
	for i := range 20000 {
		_, err := s.Execute(Note{Text: fmt.Sprintf("note %d", i)})
		require.NoError(b, err)
	}
	b.Run("window", func(b *testing.B) {
		for b.Loop() {
			s.SnapshotWindow(100)
		}
	})
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			s.Snapshot()
		}
	})
}
