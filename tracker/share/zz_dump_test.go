package share

import (
	"encoding/json"
	"fmt"
	"testing"

	ascrules "tableops/rules/ascendancy"
	"tableops/tracker"
)

func TestZZDump(t *testing.T) {
	for _, l := range [][]tracker.Event{tracker.BenchmarkLog(40)} {
		s, err := tracker.Replay(tracker.KindAway, l, tracker.Options{})
		if err != nil { t.Fatal(err) }
		b, _ := json.MarshalIndent(s.State(), "", " ")
		fmt.Println(string(b))
	}
	s, _ := tracker.New(tracker.KindAscendancy, tracker.Options{})
	start := ascrules.Resources{Production: 3, Research: 3, Culture: 3}
	for _, c := range []tracker.Command{
		tracker.AddAscPlayer{Name: "Alice", Civilization: "Federation", Faction: ascrules.Federation, Resources: start},
		tracker.AddAscPlayer{Name: "Bob", Civilization: "Klingons", Faction: ascrules.Klingon, Resources: start},
		tracker.EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4, 3: 4, 4: 3, 5: 3}},
		tracker.AddCube{System: "Deep space"},
		tracker.PlaceSpire{System: "Alpha", Nodes: 2},
		tracker.StartAscendancy{},
	} {
		if _, err := s.Execute(c); err != nil { t.Fatal(err) }
	}
	b, _ := json.MarshalIndent(s.State(), "", " ")
	fmt.Println(string(b))
}
