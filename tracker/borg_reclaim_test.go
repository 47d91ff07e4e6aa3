package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReclaimRound(t *testing.T) {
	s := ascTwoPlayers(t)
	play(t, s, EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4}}, PlaceSpire{System: "Alpha", Nodes: 1}, PlaceSpire{System: "Beta"})
	// Alpha: spire + 1 node = 2 structures, shields +1: Bob (5+) needs 6s.
	// One hit is not enough: no effect, the spire gains a node; the Borg
	// system's dice (4+ with 2 spires) hit one ship.
	evs, err := viaJSON(t, s, ReclaimRound{Spire: "spire 1", Player: "p2", Ships: 4, PlayerRoll: Entered(6, 5, 5, 1), BorgRoll: Entered(4, 1)})
	require.NoError(t, err)
	assert.Equal(t, "Bob attacks the Borg system Alpha: 1 hit(s) on 2 structure(s): no effect, the spire gains a node", evs[0].Label)
	a := s.State().Ascendancy
	assert.Equal(t, 2, a.Borg.Spires[0].Nodes)
	assert.Equal(t, 3, ascPlayer(t, s, "p2").Ships)
	// Beta: spire alone; Alice's 5 is a hit: reclaimed, the spire goes.
	play(t, s, ReclaimRound{Spire: "spire 2", Player: "p1", Ships: 1, PlayerRoll: Entered(5)})
	a = s.State().Ascendancy
	require.Len(t, a.Borg.Spires, 1)
	assert.Equal(t, "Alpha", a.Borg.Spires[0].System)
	rejected(t, s, ReclaimRound{Spire: "spire 1", Player: "p1", Ships: 1, PlayerRoll: Entered(5, 5)}, CodeRules)
	rejected(t, s, ReclaimRound{Spire: "spire 9", Player: "p1", Ships: 1, PlayerRoll: Entered(5)}, CodeNotFound)
	assertReplays(t, s)
}

// TestSpireNamesStayUnique: a spire placed after a reclaim gets a name no
// spire in play has.
func TestSpireNamesStayUnique(t *testing.T) {
	s := ascTwoPlayers(t)
	play(t, s, EnableBorg{Hits: map[int]int{0: 5, 1: 5, 2: 4}}, PlaceSpire{System: "Alpha"}, PlaceSpire{System: "Beta"})
	play(t, s, ReclaimRound{Spire: "spire 1", Player: "p1", Ships: 1, PlayerRoll: Entered(6)})
	require.Len(t, s.State().Ascendancy.Borg.Spires, 1)
	play(t, s, PlaceSpire{System: "Gamma"})
	spires := s.State().Ascendancy.Borg.Spires
	require.Len(t, spires, 2)
	assert.NotEqual(t, spires[0].ID, spires[1].ID)
	assert.Equal(t, "spire 3", spires[1].ID)
	assertReplays(t, s)
}

// TestReclaimIsAnInvasion: seed 004 "Reclaiming Borg Systems": "Borg
// Systems can be Invaded ... For details on Planetary Invasions, see page
// 30 of the main rulebook". An invasion is a command of the attacker's own
// turn, in the Command phase, and exhausts a command token (seed 002
// "Planetary Invasion"); it goes on round after round without another
// command until it has an outcome (seed 002 "The Battle Continues"). A
// reclaim on another player's turn, in the Building phase, or without a
// command token is refused by the rule (and may be overruled); later
// rounds cost nothing; a new turn ends it.
func TestReclaimIsAnInvasion(t *testing.T) {
	// Alpha: a spire alone (1 structure, shields 0); the Federation hits on 5+.
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, PlaceSpire{System: "Alpha"})
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}})
	misses := ReclaimRound{Spire: "spire 1", Player: "p1", Ships: 3, PlayerRoll: Entered(1, 1, 1)}
	refusedBy(t, s, misses, ruleReclaimCommand) // Anna's Building phase
	play(t, s, NextPhase{})
	ready := ascPlayer(t, s, "p1").Ready()
	refusedBy(t, s, ReclaimRound{Spire: "spire 1", Player: "p2", Ships: 3, PlayerRoll: Entered(1, 1, 1)}, ruleReclaimCommand) // Anna's turn

	// Round 1: a command; no hits, no effect: the spire gains a node.
	play(t, s, misses)
	assert.Equal(t, ready-1, ascPlayer(t, s, "p1").Ready(), "the reclaim is a command")
	assert.Equal(t, &ReclaimUnderWay{Player: "p1", Spire: "spire 1", Round: 1, Ships: 3}, s.State().Ascendancy.Reclaim)
	refusedBy(t, s, ReclaimRound{Round: 3, Spire: "spire 1", Player: "p1", Ships: 3, PlayerRoll: Entered(1, 1, 1)}, ruleInvasionGoesOn)
	// Round 2 (the next round): no new command; two 6s beat the spire and
	// its node (shields +1: 6s hit).
	play(t, s, ReclaimRound{Spire: "spire 1", Player: "p1", Ships: 3, PlayerRoll: Entered(6, 6, 1)})
	assert.Equal(t, ready-1, ascPlayer(t, s, "p1").Ready(), "later rounds need no new command")
	assert.Empty(t, s.State().Ascendancy.Borg.Spires, "reclaimed")
	assert.Nil(t, s.State().Ascendancy.Reclaim, "the reclaim is over")
	assertReplays(t, s)
}

// TestReclaimOnAnotherTurnOverruled: the table may record a reclaim on
// another player's turn as a ruling; it is still that player's command.
func TestReclaimOnAnotherTurnOverruled(t *testing.T) {
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, PlaceSpire{System: "Alpha"})
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{})
	ready := ascPlayer(t, s, "p2").Ready()
	overruled(t, s, ReclaimRound{Spire: "spire 1", Player: "p2", Ships: 3, PlayerRoll: Entered(1, 1, 1)}, "a card lets Ben", ruleReclaimCommand)
	assert.Equal(t, ready-1, ascPlayer(t, s, "p2").Ready())
	// The turn moving on ends the reclaim under way.
	require.NotNil(t, s.State().Ascendancy.Reclaim)
	play(t, s, NextPhase{})
	assert.Nil(t, s.State().Ascendancy.Reclaim)
	assertReplays(t, s)
}

// TestValidateReclaim: a reclaim under way read from outside names a
// player in the game and a spire in play, with counts a running reclaim
// can have.
func TestValidateReclaim(t *testing.T) {
	players, spires := map[string]bool{"p1": true}, map[string]bool{"spire 1": true}
	ok := ReclaimUnderWay{Player: "p1", Spire: "spire 1", Round: 1, Ships: 2}
	cases := []struct {
		name string
		edit func(*ReclaimUnderWay)
		bad  string
	}{
		{"a running reclaim", func(*ReclaimUnderWay) {}, ""},
		{"a player not in the game", func(u *ReclaimUnderWay) { u.Player = "p9" }, "not in the game"},
		{"a spire not in play", func(u *ReclaimUnderWay) { u.Spire = "spire 9" }, "not in play"},
		{"round 0", func(u *ReclaimUnderWay) { u.Round = 0 }, "round 0"},
		{"no ships left", func(u *ReclaimUnderWay) { u.Ships = 0 }, "0 ship(s)"},
	}
	for _, tc := range cases {
		u := ok
		tc.edit(&u)
		err := validateReclaim(&u, players, spires)
		if tc.bad == "" {
			assert.NoError(t, err, tc.name)
			continue
		}
		assert.ErrorContains(t, err, tc.bad, tc.name)
	}
}

// TestValidateStateChecksTheReclaim: a game state read from outside (an
// import, a host's snapshot) with a reclaim by a player who is not in the
// game is refused; the state the session made passes.
func TestValidateStateChecksTheReclaim(t *testing.T) {
	s := borgGame(t, []string{"Anna", "Ben"}, EnableBorg{}, PlaceSpire{System: "Alpha"})
	play(t, s, ChooseTurnOrder{Drawn: map[string]int{"p1": 1, "p2": 2}}, NextPhase{},
		ReclaimRound{Spire: "spire 1", Player: "p1", Ships: 3, PlayerRoll: Entered(1, 1, 1)})
	require.NotNil(t, s.State().Ascendancy.Reclaim)
	require.NoError(t, ValidateState(s.State()))
	bad, err := s.State().Clone()
	require.NoError(t, err)
	bad.Ascendancy.Reclaim.Player = "p9"
	assert.ErrorContains(t, ValidateState(bad), "not in the game")
}
