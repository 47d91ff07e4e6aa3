package screentest

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/ui/widgets"
)

// The Away Missions set-up the tests of package ui (the whole app) and of
// ui/away (its screen in a Frame) share: the taps that set a game up on
// its Round panel, and games written by commands up to round 1's action
// phase.

// AddAwayPlayer fills the Round panel's add-player card and taps Add
// player.
func AddAwayPlayer(t testing.TB, w fyne.Window, name, affiliation string) {
	t.Helper()
	TypeInto(w, Entry(t, w, "Player name"), name)
	TypeInto(w, Entry(t, w, "Affiliation"), affiliation)
	test.Tap(Button(t, w, "Add player"))
}

// AddAwayCharacter opens the character form for a player, types a
// character in (its four tracks, lowest first: Attack, Defense, Skill,
// Move) with a weapon when weapon is not empty, and taps Add.
func AddAwayCharacter(t testing.TB, w fyne.Window, player, name string, tracks [4]string, weapon string, wdice, wdamage string) {
	t.Helper()
	test.Tap(Button(t, w, "Add a character to "+player))
	test.Tap(Button(t, w, "Type it in"))
	TypeInto(w, Entry(t, w, "Character name"), name)
	te := Entries(w, "lowest first, e.g. 1 2 3 3")
	require.Len(t, te, 4)
	for i, e := range te {
		TypeInto(w, e, tracks[i])
	}
	if weapon != "" {
		TypeInto(w, Entry(t, w, "e.g. Phaser"), weapon)
		TypeInto(w, Entry(t, w, "+ dice"), wdice)
		TypeInto(w, Entry(t, w, "+ damage"), wdamage)
	}
	test.Tap(Button(t, w, "Add"))
}

// RollOff types one die per player into the visible roll-off and submits.
func RollOff(t testing.TB, w fyne.Window, faces ...string) {
	t.Helper()
	es := Entries(w, "die")
	require.Len(t, es, len(faces))
	for i, e := range es {
		TypeInto(w, e, faces[i])
	}
	test.Tap(Button(t, w, "(dice entered)"))
}

// PlayAwayToActions sets up, by tapping and typing on the Round panel of a
// new Away Missions game, two players with one character each (Dana's
// Riker, Kim's Lukara) and plays up to the action phase of round 1, Kim
// to activate.
func PlayAwayToActions(t testing.TB, w fyne.Window) {
	t.Helper()
	SelectTab(t, w, "Round")
	AddAwayPlayer(t, w, "Dana", "Federation")
	AddAwayPlayer(t, w, "Kim", "Klingon")
	AddAwayCharacter(t, w, "Dana", "Riker", [4]string{"1 2 3", "1 2 3", "1 2 3 4", "1 2 3"}, "Phaser", "1", "1")
	AddAwayCharacter(t, w, "Kim", "Lukara", [4]string{"1 2 3", "1 2", "1 2", "1 2 3"}, "Bat'leth", "1", "1")
	assert.Contains(t, ScreenText(w), "Riker · A 1-2-3 · D 1-2-3 · S 1-2-3-4 · M 1-2-3")

	test.Tap(Button(t, w, "Start mission preparation"))
	RollOff(t, w, "5", "2")
	assert.Contains(t, ScreenText(w), "Dana places the first board")
	RollOff(t, w, "3", "6")
	assert.Contains(t, ScreenText(w), "Kim beams down first")
	test.Tap(Button(t, w, "Start round 1"))
	assert.Contains(t, ScreenText(w), "Round 1 of 3 · Draw phase")
	RollOff(t, w, "2", "6")
	assert.Contains(t, ScreenText(w), "Now: Kim activates a character")
}

// PegTracks returns a character card's peg tracks by label.
func PegTracks(t testing.TB, w fyne.Window, name string) map[string]*widgets.PegTrack {
	t.Helper()
	out := map[string]*widgets.PegTrack{}
	for _, p := range Under[*widgets.PegTrack](Card(t, w, name)) {
		out[p.Label()] = p
	}
	return out
}

// RemovePeg taps a peg track's "−" target.
func RemovePeg(t testing.TB, p *widgets.PegTrack) {
	t.Helper()
	bs := Under[*widget.Button](p)
	require.NotEmpty(t, bs)
	test.Tap(bs[0])
}

// StepperButton finds the − (delta −1) or + (delta +1) button of a
// stepper under in whose label starts with label.
func StepperButton(t testing.TB, in fyne.CanvasObject, label string, delta int) *widget.Button {
	t.Helper()
	for _, c := range Under[*fyne.Container](in) {
		if len(c.Objects) != 3 {
			continue
		}
		l, ok := c.Objects[0].(*widget.Label)
		if !ok || !strings.HasPrefix(l.Text, label) {
			continue
		}
		if delta < 0 {
			return c.Objects[1].(*widget.Button)
		}
		return c.Objects[2].(*widget.Button)
	}
	require.Failf(t, "no stepper", "no stepper %q", label)
	return nil
}

// AwaySeed is an Away Missions game of two players, Dana and Kim, written
// by commands up to round 1's action phase (SeedAway).
type AwaySeed struct {
	// Name is the game's name.
	Name string
	// Dana and Kim are the two players (their names are taken as given).
	Dana, Kim tracker.AddAwayPlayer
	// Overlay, when not nil, is entered after Dana's characters.
	Overlay *tracker.SetOverlay
	// DanaTeam and KimTeam are their characters (Player is filled in).
	DanaTeam, KimTeam []tracker.AddCharacter
	// Board, BeamDown and Activation are the roll-offs' dice, Dana's
	// first.
	Board, BeamDown, Activation [2]int
}

// SeedAway creates the game s describes in st, up to round 1's action
// phase, and returns it.
func SeedAway(t testing.TB, st *store.Store, s AwaySeed) *store.Game {
	t.Helper()
	g, err := st.Create(tracker.KindAway, s.Name)
	require.NoError(t, err)
	ex := func(c tracker.Command) {
		t.Helper()
		_, err := g.Execute(c)
		require.NoError(t, err, "%T", c)
	}
	ex(s.Dana)
	ex(s.Kim)
	a := g.State().Away
	dana, kim := a.Players[0].ID, a.Players[1].ID
	for _, c := range s.DanaTeam {
		c.Player = dana
		ex(c)
	}
	if s.Overlay != nil {
		ex(*s.Overlay)
	}
	for _, c := range s.KimTeam {
		c.Player = kim
		ex(c)
	}
	rolls := func(d [2]int) map[string][]int { return map[string][]int{dana: {d[0]}, kim: {d[1]}} }
	ex(tracker.StartMission{})
	ex(tracker.AwayOrder{Which: tracker.OrderBoard, Rolls: rolls(s.Board)})
	ex(tracker.AwayOrder{Which: tracker.OrderBeamDown, Rolls: rolls(s.BeamDown)})
	ex(tracker.StartRound{})
	ex(tracker.StartActionPhase{FirstActivation: &tracker.AwayOrder{Which: tracker.OrderActivation, Rolls: rolls(s.Activation)}})
	return g
}

// SeedAwayBorgGame writes, by commands, a Federation vs Borg game in round
// 1's action phase: Dana (Riker, Shelby with a Stun token) against Kim,
// the Borg player (Locutus, Two of Five), Kim to activate. It returns the
// game's id.
func SeedAwayBorgGame(t testing.TB, st *store.Store) string {
	t.Helper()
	tubules := awayrules.Weapon{Name: "Assimilation Tubules", Damage: 1, Keywords: []string{"Assimilate", "Melee"}}
	g := SeedAway(t, st, AwaySeed{
		Name: "Wolf 359",
		Dana: tracker.AddAwayPlayer{Name: "Dana", Affiliation: "Federation"},
		Kim:  tracker.AddAwayPlayer{Name: "Kim", Affiliation: "Borg", Borg: true},
		DanaTeam: []tracker.AddCharacter{
			{Name: "Riker", Specializations: []string{"Command"},
				Weapons: []awayrules.Weapon{{Name: "Type 2 Phaser", Dice: 1, Keywords: []string{"Stun"}}},
				Attack:  []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2}, Move: []int{1, 2, 3}},
			{Name: "Shelby", Specializations: []string{"Science"},
				Weapons: []awayrules.Weapon{{Name: "Type 1 Phaser", Damage: 1}},
				Attack:  []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2, 3}, Move: []int{1, 2, 3}},
		},
		Overlay: &tracker.SetOverlay{Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2},
			Weapons: []awayrules.Weapon{tubules}, Rules: []string{"Hivemind"}},
		KimTeam: []tracker.AddCharacter{
			{Name: "Locutus", Keywords: []string{"Borg"}, Rules: []string{"Hivemind"},
				Weapons: []awayrules.Weapon{tubules}, Attack: []int{1, 2, 3}, Defense: []int{1, 2, 3}, Skill: []int{1, 2, 3}, Move: []int{1, 2}},
			{Name: "Two of Five", Keywords: []string{"Borg", "Drone"},
				Weapons: []awayrules.Weapon{tubules}, Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1}, Move: []int{1, 2}},
		},
		Board: [2]int{5, 2}, BeamDown: [2]int{3, 6}, Activation: [2]int{2, 6},
	})
	_, err := g.Execute(tracker.AdjustStun{Character: g.State().Away.Characters[1].ID, Delta: 1})
	require.NoError(t, err)
	return g.ID()
}
