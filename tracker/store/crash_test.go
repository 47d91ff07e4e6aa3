//go:build !js

package store

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

const (
	envCrashStore = "TABLEOPS_CRASH_STORE"
	envCrashGame  = "TABLEOPS_CRASH_GAME"
)

// TestHelperProcess is the child of TestCrashLosesNothing: it appends
// events to a game as fast as it can and prints the sequence number of each
// one as soon as Execute has acknowledged it. It does nothing in a normal
// test run.
func TestHelperProcess(t *testing.T) {
	path := os.Getenv(envCrashStore)
	if path == "" {
		t.Skip("helper process for TestCrashLosesNothing")
	}
	s, err := Open(path, Options{Timeout: 5 * time.Second, Seeds: &tracker.CountingSeeds{}})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	g, err := s.OpenGame(os.Getenv(envCrashGame))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	for i := 0; ; i++ {
		var evs []tracker.Event
		if i%7 == 6 {
			_, err = g.Undo()
			if err == nil {
				evs = g.EventsSince(g.Seq() - 1)
			}
		} else {
			evs, err = g.Execute(tracker.Note{Text: "note " + strconv.Itoa(i)})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(4)
		}
		// os.Stdout is unbuffered: the line is out as soon as it is written.
		fmt.Printf("ACK %d\n", evs[len(evs)-1].Seq)
	}
}

// TestCrashLosesNothing kills a child process with SIGKILL at random points
// while it appends events, then reopens the store and checks that every
// event the child saw acknowledged is there and the log replays.
func TestCrashLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	s, err := Open(path, Options{})
	require.NoError(t, err)
	g, err := s.Create(tracker.KindAway, "crash")
	require.NoError(t, err)
	id := g.ID()
	require.NoError(t, s.Close())

	rng := rand.New(rand.NewPCG(1, 2))
	var maxAcked uint64
	for round := range 6 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), envCrashStore+"="+path, envCrashGame+"="+id)
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Start())

		// Kill after a random number of acknowledgements, plus a random
		// sub-millisecond delay so the kill lands mid-append as well as between.
		killAfter := 5 + rng.IntN(60)
		delay := time.Duration(rng.IntN(2000)) * time.Microsecond
		sc := bufio.NewScanner(out)
		var acked []uint64
		killed := false
		for sc.Scan() {
			line := sc.Text()
			seq, perr := strconv.ParseUint(strings.TrimPrefix(line, "ACK "), 10, 64)
			require.NoError(t, perr, "child printed %q", line)
			acked = append(acked, seq)
			if !killed && len(acked) >= killAfter {
				time.Sleep(delay)
				require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
				killed = true
			}
		}
		werr := cmd.Wait()
		require.True(t, killed, "child stopped by itself: %v %s", werr, stderr.String())
		require.NotEmpty(t, acked)

		// Reopen and check.
		s, err := Open(path, Options{})
		require.NoError(t, err, "round %d", round)
		g, err := s.OpenGame(id)
		require.NoError(t, err, "round %d: log does not replay", round)
		last := acked[len(acked)-1]
		require.GreaterOrEqual(t, g.Seq(), last, "round %d: acknowledged event lost", round)
		require.Greater(t, last, maxAcked, "round %d: child made progress", round)
		log := g.Log()
		for i, e := range log {
			require.Equal(t, uint64(i+1), e.Seq)
		}
		for _, seq := range acked {
			e := log[seq-1]
			require.Equal(t, seq, e.Seq)
		}
		maxAcked = g.Seq()
		t.Logf("round %d: %d acknowledged, last %d, log has %d", round, len(acked), last, g.Seq())
		require.NoError(t, s.Close())
	}
}
