package tracker

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// blockingJournal is a disk that freezes: Append waits until release is
// closed (after entered is signalled).
type blockingJournal struct {
	block   bool
	entered chan struct{}
	release chan struct{}
}

func (j *blockingJournal) Append([]Event, *State) error {
	if j.block {
		j.entered <- struct{}{}
		<-j.release
	}
	return nil
}

// TestReadsDoNotWaitForTheJournal (issue 30, 13): while a commit waits on
// a frozen disk, State, Snapshot, History, Seq and the log return at once
// with the last committed game; once the disk answers they show the new
// step, and subscribers get every update in order.
func TestReadsDoNotWaitForTheJournal(t *testing.T) {
	j := &blockingJournal{entered: make(chan struct{}), release: make(chan struct{})}
	s, err := New(KindAway, Options{Now: testClock(), Journal: j})
	require.NoError(t, err)
	var mu sync.Mutex
	var seqs []uint64
	s.Subscribe(func(u Update) {
		mu.Lock()
		seqs = append(seqs, u.Seq)
		mu.Unlock()
	})
	play(t, s, AddAwayPlayer{Name: "Ann"})
	before, beforeSnap := s.State(), s.Snapshot()

	j.block = true
	done := make(chan error)
	go func() {
		_, err := s.Execute(Note{Text: "stuck"})
		done <- err
	}()
	<-j.entered // the commit is in the journal's Append

	reads := make(chan Snapshot)
	go func() {
		snap := s.Snapshot()
		_ = s.History()
		_ = s.Log()
		_ = s.EventsSince(0)
		_ = s.HasNonce("x")
		assert.Equal(t, before, s.State())
		assert.Equal(t, uint64(1), s.Seq())
		reads <- snap
	}()
	select {
	case snap := <-reads:
		assert.Equal(t, beforeSnap, snap, "the last committed game")
	case <-time.After(5 * time.Second):
		close(j.release)
		t.Fatal("reads wait for the journal's Append")
	}
	j.block = false
	close(j.release)
	require.NoError(t, <-done)
	assert.Equal(t, uint64(2), s.Seq())
	assert.Equal(t, 1, s.State().Notes)
	assert.Equal(t, "stuck", s.History().Undo[0].Label)
	play(t, s, Note{Text: "next"})
	mu.Lock()
	assert.Equal(t, []uint64{1, 2, 3}, seqs, "updates in log order")
	mu.Unlock()
}
