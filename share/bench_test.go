//go:build !js

package share

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// benchHost shares a game with limits wide enough for benchmarks.
func benchHost(b *testing.B) (*tracker.Session, *Host) {
	g := awayGame(b)
	h, _ := startHost(b, g, Options{Rate: 1e6, Burst: 1e6, MaxClients: 64, QueueLen: 1024})
	return g, h
}

// BenchmarkFanOut10 measures one change on the host reaching 10 connected
// clients over loopback: time per change until all ten mirrors show it,
// and the latency of each delivery (p50, p99, max in milliseconds).
func BenchmarkFanOut10(b *testing.B) {
	g, h := benchHost(b)
	const n = 10
	type arrival struct {
		seq uint64
		at  time.Time
	}
	arrivals := make(chan arrival, n*1024)
	for range n {
		c := dial(b, h, "TEST42")
		c.Subscribe(func(u tracker.Update) { arrivals <- arrival{u.Seq, time.Now()} })
	}
	lat := make([]time.Duration, 0, b.N*n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		evs, err := g.Execute(tracker.Note{Text: fmt.Sprintf("fan-out %d", i)})
		if err != nil {
			b.Fatal(err)
		}
		want := evs[len(evs)-1].Seq
		for got := 0; got < n; {
			a := <-arrivals
			if a.seq >= want {
				lat = append(lat, a.at.Sub(t0))
				got++
			}
		}
	}
	b.StopTimer()
	reportLatency(b, lat)
}

func reportLatency(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	q := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(q(0.50), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-ms")
}

// BenchmarkClientCommands measures sustained commands from app clients
// over loopback: each of 4 clients sends commands back to back (each one
// answered and shown in its mirror before the next); reports commands per
// second and the round-trip latency.
func BenchmarkClientCommands(b *testing.B) {
	_, h := benchHost(b)
	const clients = 4
	cs := make([]*Client, clients)
	for i := range cs {
		cs[i] = dial(b, h, "TEST42")
	}
	var mu sync.Mutex
	lat := make([]time.Duration, 0, b.N)
	var wg sync.WaitGroup
	next := make(chan int, b.N)
	for i := 0; i < b.N; i++ {
		next <- i
	}
	close(next)
	b.ResetTimer()
	start := time.Now()
	for _, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				for {
					t0 := time.Now()
					_, err := c.Execute(tracker.Note{Text: fmt.Sprintf("cmd %d", i)})
					if err == nil {
						mu.Lock()
						lat = append(lat, time.Since(t0))
						mu.Unlock()
						break
					}
					if rej, ok := err.(*tracker.Rejection); !ok || rej.Code != CodeStale {
						b.Error(err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "cmds/s")
	reportLatency(b, lat)
}

// BenchmarkHostCommands measures the host alone taking commands over raw
// WebSocket messages without waiting for answers one by one (a script
// pipelining commands): commands applied per second.
func BenchmarkHostCommands(b *testing.B) {
	g, h := benchHost(b)
	conn := rawConn(b, h, "TEST42")
	readUntil(b, conn, func(m HostMessage) bool { return m.Op == OpSnapshot })
	msgs := make([][]byte, b.N)
	for i := range msgs {
		msgs[i] = []byte(fmt.Sprintf(`{"op":"command","id":%d,"command":{"type":"note","data":{"text":"pipelined %d"}}}`, i+1, i))
	}
	start := g.Seq()
	b.ResetTimer()
	t0 := time.Now()
	go func() {
		ctx := context.Background()
		for _, m := range msgs {
			if err := conn.Write(ctx, 1, m); err != nil {
				return
			}
		}
	}()
	readUntil(b, conn, func(m HostMessage) bool { return m.Op == OpResult && m.ID == uint64(b.N) })
	b.StopTimer()
	require.Equal(b, start+uint64(b.N), g.Seq())
	b.ReportMetric(float64(b.N)/time.Since(t0).Seconds(), "cmds/s")
}
