package tracker

import (
	"strconv"
	"time"
)

// BenchmarkLog builds a consistent Away Missions log of exactly n events
// (notes, with an undo and a redo now and then), for benchmarks of replay
// and of opening a saved game.
func BenchmarkLog(n int) []Event {
	s, err := New(KindAway, Options{Now: func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }, Seeds: &CountingSeeds{}})
	if err != nil {
		return nil
	}
	for i := 0; s.Seq() < uint64(n); i++ {
		switch {
		case i%10 == 8:
			_, err = s.Undo()
		case i%10 == 9:
			_, err = s.Redo()
		default:
			_, err = s.Execute(Note{Text: "note " + strconv.Itoa(i)})
		}
		if err != nil {
			return nil
		}
	}
	return s.Log()[:n]
}
