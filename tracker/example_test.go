package tracker_test

import (
	"errors"
	"fmt"
	"time"

	"tableops/rules/away"
	"tableops/tracker"
)

// ExampleSession plays a few steps of an Away Missions game through a
// session: commands yield labelled events or a refusal, every command is
// one step that Undo takes back and Redo restores, and a subscriber hears
// of every change in order.
func ExampleSession() {
	t0 := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	// A fixed clock and counting seeds make the log the same on every run;
	// a game at the table uses the real clock and tracker.CryptoSeeds{}.
	s, err := tracker.New(tracker.KindAway, tracker.Options{Now: func() time.Time { return t0 }, Seeds: &tracker.CountingSeeds{}})
	if err != nil {
		fmt.Println(err)
		return
	}
	cancel := s.Subscribe(func(u tracker.Update) {
		fmt.Printf("update %d: %d event(s)\n", u.Seq, len(u.Events))
	})
	defer cancel()

	for _, cmd := range []tracker.Command{
		tracker.AddAwayPlayer{Name: "Ann", Affiliation: "Federation"},
		tracker.AddCharacter{Player: "p1", Name: "Worf", Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2}, Move: []int{1, 2}},
	} {
		if _, err := s.Execute(cmd); err != nil {
			fmt.Println(err)
			return
		}
	}
	evs, err := s.Execute(tracker.AdjustTrack{Character: "c2", Track: away.Defense, Delta: -1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(evs[0].Label)

	// A refusal leaves the state as it was.
	_, err = s.Execute(tracker.AdjustTrack{Character: "c9", Track: away.Defense, Delta: -1})
	fmt.Println("refused:", errors.Is(err, tracker.ErrRejected))

	st := s.State() // a read-only snapshot, never modified afterwards
	fmt.Println("characters:", len(st.Away.Characters))
	fmt.Println("undo would take back:", s.History().Undo[0].Label)
	if _, err := s.Undo(); err != nil {
		fmt.Println(err)
	}
	if _, err := s.Redo(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("log:", s.Seq(), "events")
	// Output:
	// update 1: 1 event(s)
	// update 2: 1 event(s)
	// update 3: 1 event(s)
	// Worf: -1 Defense
	// refused: true
	// characters: 1
	// undo would take back: Worf: -1 Defense
	// update 4: 1 event(s)
	// update 5: 1 event(s)
	// log: 5 events
}
