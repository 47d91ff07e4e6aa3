//go:build !js

package store

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/share"
	"tableops/tracker"
)

// envLoadSeconds lengthens TestHostUnderLoadKeepsEveryCommand: the issue's
// figure is 8 players for 180 s (TABLEOPS_LOAD_SECONDS=180).
const envLoadSeconds = "TABLEOPS_LOAD_SECONDS"

// TestHostUnderLoadKeepsEveryCommand has eight players send commands to
// a host sharing a saved game as fast as it answers, for a few seconds
// (or TABLEOPS_LOAD_SECONDS), while they also read the state and now and
// then send a command again with the same nonce, as a phone does after a
// lost answer. Every command the host acknowledged must be in the log
// once, at the position it reported; a repeated nonce must get the same
// position and add nothing; reads must answer while commits go on.
func TestHostUnderLoadKeepsEveryCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("a load run")
	}
	seconds := 3
	if v := os.Getenv(envLoadSeconds); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(t, err, envLoadSeconds)
		seconds = n
	}
	path := filepath.Join(t.TempDir(), "load.db")
	s, err := Open(path, Options{Timeout: 5 * time.Second})
	require.NoError(t, err)
	g, err := s.Create(tracker.KindAway, "load")
	require.NoError(t, err)
	id := g.ID()
	h, err := share.Start(context.Background(), g, share.Options{Addr: "127.0.0.1:0", Code: hostCode, Name: "load",
		Rate: 1e6, Burst: 1e6, Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	addr := h.Addr()

	var (
		mu      sync.Mutex
		acked   []hostAck
		wg      sync.WaitGroup
		reads   atomic.Int64
		repeats atomic.Int64
		slowest atomic.Int64
		odd     atomic.Value
	)
	// post sends a note and returns the position the host gave it, or
	// its refusal's code.
	post := func(client *http.Client, text, nonce string) (uint64, string, error) {
		body, err := tracker.EncodeCommand(tracker.Note{Text: text})
		if err != nil {
			return 0, "", err
		}
		req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/api/command", bytes.NewReader(body))
		if err != nil {
			return 0, "", err
		}
		req.Header.Set(share.HeaderCode, hostCode)
		req.Header.Set(share.HeaderNonce, nonce)
		resp, err := client.Do(req)
		if err != nil {
			return 0, "", err
		}
		defer func() { _ = resp.Body.Close() }()
		// An answer is a share.CommandResponse, a refusal a
		// tracker.Rejection.
		var cr struct {
			share.CommandResponse
			tracker.Rejection
		}
		if err := json.NewDecoder(resp.Body).Decode(&cr); err != nil {
			return 0, "", fmt.Errorf("status %d: %w", resp.StatusCode, err)
		}
		if resp.StatusCode != http.StatusOK {
			if cr.Code != "" {
				return 0, cr.Code, nil
			}
			return 0, "", fmt.Errorf("status %d", resp.StatusCode)
		}
		return cr.Seq, "", nil
	}
	deadline := time.Now().Add(time.Duration(seconds) * time.Second)
	for p := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Timeout: 10 * time.Second}
			var last hostAck
			var lastNonce string
			for n := 0; time.Now().Before(deadline) && odd.Load() == nil; n++ {
				switch {
				case n%10 == 9:
					start := time.Now()
					resp, err := client.Get("http://" + addr + "/api/state")
					if err != nil {
						odd.Store(fmt.Sprintf("player %d read: %v", p, err))
						return
					}
					_ = resp.Body.Close()
					if resp.StatusCode != http.StatusOK {
						odd.Store(fmt.Sprintf("player %d read: status %d", p, resp.StatusCode))
						return
					}
					if d := time.Since(start).Milliseconds(); d > slowest.Load() {
						slowest.Store(d)
					}
					reads.Add(1)
				case n%50 == 47 && lastNonce != "":
					_, code, err := post(client, last.text, lastNonce)
					if err != nil {
						odd.Store(fmt.Sprintf("player %d repeat: %v", p, err))
						return
					}
					if code != share.CodeDuplicate {
						odd.Store(fmt.Sprintf("player %d: nonce %s sent again was answered %q, not refused as a duplicate", p, lastNonce, code))
						return
					}
					repeats.Add(1)
				default:
					text := fmt.Sprintf("player %d command %d", p, n)
					nonce := fmt.Sprintf("p%d-n%d", p, n)
					seq, code, err := post(client, text, nonce)
					if err != nil || code != "" {
						odd.Store(fmt.Sprintf("player %d: %v %s", p, err, code))
						return
					}
					last, lastNonce = hostAck{text, seq}, nonce
					mu.Lock()
					acked = append(acked, last)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	h.Stop()
	<-h.Done()
	if v := odd.Load(); v != nil {
		t.Fatal(v)
	}
	require.NoError(t, s.Close())

	s, err = Open(path, Options{})
	require.NoError(t, err)
	defer func() { require.NoError(t, s.Close()) }()
	g, err = s.OpenGame(id)
	require.NoError(t, err)
	log := g.Log()
	require.Len(t, log, len(acked), "every acknowledged command once, nothing else")
	seen := map[string]int{}
	for i, e := range log {
		require.Equal(t, uint64(i+1), e.Seq)
		seen[e.Label]++
	}
	for _, a := range acked {
		require.Equal(t, a.text, log[a.seq-1].Label, "acknowledged command not at its position")
		require.Equal(t, 1, seen[a.text], "%q applied %d times", a.text, seen[a.text])
	}
	t.Logf("8 players, %d s: %d commands acknowledged and stored once, %d repeated nonces refused as duplicates, %d reads (slowest %d ms)",
		seconds, len(acked), repeats.Load(), reads.Load(), slowest.Load())
}
