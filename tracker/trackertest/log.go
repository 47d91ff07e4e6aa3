// Package trackertest builds game logs for the tests and benchmarks of the
// packages that replay, store, send or show them (tracker, share, ui).
package trackertest

import (
	"strconv"
	"time"

	"tableops/tracker"

	awayrules "tableops/rules/away"
)

// Log builds a consistent Away Missions log of exactly n events
// for benchmarks of replay and of opening a saved game: two players with
// four characters each, then pegs, stun and tokens going up and down, notes,
// and an undo and a redo now and then. A shorter n than the setup's 15
// events gives the first n of them. It returns nil only if a command is
// refused (the tracker changed under it).
func Log(n int) []tracker.Event {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s, err := tracker.New(tracker.KindAway, tracker.Options{Now: func() time.Time { return t0 }, Seeds: &tracker.CountingSeeds{}})
	if err != nil {
		return nil
	}
	setup := []tracker.Command{tracker.AddAwayPlayer{Name: "A", Affiliation: "Federation"}, tracker.AddAwayPlayer{Name: "B", Affiliation: "Borg", Borg: true}}
	for p := 1; p <= 2; p++ {
		for c := range 4 {
			setup = append(setup, tracker.AddCharacter{Player: "p" + strconv.Itoa(p), Name: "C" + strconv.Itoa(p*10+c),
				Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2, 3}, Move: []int{1, 2, 3}})
		}
	}
	setup = append(setup, tracker.StartMission{}, tracker.AwayOrder{Which: tracker.OrderBeamDown, Order: []string{"p1", "p2"}},
		tracker.StartRound{}, tracker.StartActionPhase{FirstActivation: &tracker.AwayOrder{Order: []string{"p1", "p2"}}})
	for _, c := range setup {
		if _, err := s.Execute(c); err != nil {
			return nil
		}
	}
	chars := []string{"c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10"}
	for i := 0; s.Seq() < uint64(n); i++ {
		block := i / 12
		ch := chars[block%len(chars)]
		r := awayrules.Ratings[(block/len(chars))%4]
		switch i % 12 {
		case 10:
			_, err = s.Undo()
		case 11:
			_, err = s.Redo()
		case 0, 2, 4:
			_, err = s.Execute(tracker.AdjustTrack{Character: ch, Track: r, Delta: -1})
		case 1, 3, 5:
			_, err = s.Execute(tracker.AdjustTrack{Character: ch, Track: r, Delta: 1})
		case 6:
			_, err = s.Execute(tracker.AdjustStun{Character: ch, Delta: 1})
		case 7:
			_, err = s.Execute(tracker.AdjustStun{Character: ch, Delta: -1})
		case 8:
			_, err = s.Execute(tracker.AdjustTokens{Player: "p2", Token: tracker.TokenAdapt, Delta: 1})
		default:
			_, err = s.Execute(tracker.Note{Text: "note " + strconv.Itoa(i)})
		}
		if err != nil {
			return nil
		}
	}
	log := s.Log()
	if len(log) < n {
		return nil
	}
	return log[:n]
}
