package screentest

import (
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNewAppRunsOtherGoroutinesWorkOnTheTests: fyne.Do from another
// goroutine runs on the test's goroutine, when the test pumps, in the
// order it was handed over; fyne.DoAndWait from another goroutine returns
// once it ran there; on the test's goroutine both run at once. (Fyne's own
// test driver runs them all at once on the caller's goroutine: this test
// fails with it.)
func TestNewAppRunsOtherGoroutinesWorkOnTheTests(t *testing.T) {
	NewApp(t)
	me := goid()
	var order []int
	var ran atomic.Int32
	sent := make(chan struct{})
	go func() {
		for i := range 3 {
			fyne.Do(func() {
				assert.Equal(t, me, goid(), "on the test's goroutine")
				order = append(order, i)
				ran.Add(1)
			})
		}
		close(sent)
	}()
	<-sent
	time.Sleep(20 * time.Millisecond)
	require.Zero(t, ran.Load(), "nothing runs before the test pumps")
	require.True(t, Pump())
	require.Equal(t, []int{0, 1, 2}, order)
	require.False(t, Pump(), "nothing left")

	// DoAndWait from another goroutine waits for the test to pump.
	done := make(chan int)
	go func() {
		v := 0
		fyne.DoAndWait(func() { v = 7 })
		done <- v
	}()
	require.Equal(t, 7, Await(t, done, 5*time.Second, "DoAndWait returned"))

	// On the test's goroutine: at once, after what is queued.
	go fyne.Do(func() { order = append(order, 3) })
	Eventually(t, func() bool { return len(order) == 4 }, 5*time.Second, 10*time.Millisecond)
	fyne.Do(func() { order = append(order, 4) })
	require.Equal(t, []int{0, 1, 2, 3, 4}, order)
}

// TestFindersPump: a finder sees what another goroutine handed to the
// screen.
func TestFindersPump(t *testing.T) {
	a := NewApp(t)
	w := a.NewWindow("")
	l := widget.NewLabel("before")
	w.SetContent(l)
	handed := make(chan struct{})
	go func() {
		fyne.Do(func() { l.SetText("after") })
		close(handed)
	}()
	<-handed
	assert.Equal(t, "before", l.Text, "not yet run")
	assert.Equal(t, "after\n", ScreenText(w))
}

// TestWorkLeftAtTheEndIsDropped: a DoAndWait still waiting when the test
// ends returns, without running its work.
func TestWorkLeftAtTheEndIsDropped(t *testing.T) {
	var ran atomic.Bool
	returned := make(chan struct{})
	t.Run("ends", func(t *testing.T) {
		NewApp(t)
		queued := make(chan struct{})
		go func() {
			close(queued)
			fyne.DoAndWait(func() { ran.Store(true) })
			close(returned)
		}()
		<-queued
		require.Eventually(t, func() bool {
			d := current()
			d.mu.Lock()
			defer d.mu.Unlock()
			return len(d.queue) == 1
		}, 5*time.Second, time.Millisecond)
	})
	select {
	case <-returned:
	case <-time.After(5 * time.Second):
		t.Fatal("DoAndWait still waits after its test ended")
	}
	assert.False(t, ran.Load())
}
