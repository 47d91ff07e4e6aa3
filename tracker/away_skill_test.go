package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	awayrules "tableops/rules/away"
)

// wolf359 is the book's opposed test: Riker (Skill 2, Command) and Shelby
// for Anna (p1), One of Five (Skill 3) and Locutus for Ben (p2), Ben to
// activate first.
func wolf359(t *testing.T) *Session {
	t.Helper()
	s := newTestSession(t, KindAway)
	play(t, s, AddAwayPlayer{Name: "Anna"}, AddAwayPlayer{Name: "Ben", Borg: true},
		AddCharacter{Player: "p1", Name: "Riker", Specializations: []string{"Command"}, Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1}},
		AddCharacter{Player: "p1", Name: "Shelby", Attack: []int{1, 2}, Defense: []int{1, 2}, Skill: []int{1, 2}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "One of Five", Keywords: []string{"Borg", "Drone"}, Attack: []int{1}, Defense: []int{1}, Skill: []int{1, 2, 3}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Locutus", Keywords: []string{"Borg"}, Specializations: []string{"Command"}, Attack: []int{1}, Defense: []int{1}, Skill: []int{1, 2, 3}, Move: []int{1}},
		StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p2", "p1"}}, StartRound{},
		StartActionPhase{FirstActivation: &AwayOrder{Order: []string{"p2", "p1"}}})
	return s
}

// TestChallengerRollsSkillSpecializationAndBackup: issue 28, 2. seed 001
// quick reference: the "Challenging player rolls the number of dice given by
// their current Skill rating with any additional dice given by their
// specializations"; "Opposed Skill Test Example": Riker, Skill 2 with
// Command, "rolls three dice", One of Five without it "rolls their Skill
// rating of three dice"; "Backup": "Characters taking or challenging Skill
// tests roll an extra Skill die if they have a friendly character in their
// space".
func TestChallengerRollsSkillSpecializationAndBackup(t *testing.T) {
	test := func(tester string, roll Roll, challenger string, chRoll Roll) SkillTest {
		return SkillTest{Tester: tester, Specialization: "Command", Roll: roll, Challenger: challenger, ChallengerRoll: chRoll, Free: true}
	}
	cases := []ruleCase{
		{"Riker challenges a Command test with three dice, not two", []Command{Activate{Character: "c5"}},
			test("c5", Entered(6, 5, 4), "c3", Entered(6, 5)), ruleSkillDice},
		{"nor four", []Command{Activate{Character: "c5"}},
			test("c5", Entered(6, 5, 4), "c3", Entered(6, 5, 4, 3)), ruleSkillDice},
		{"a Skill 3 challenger without the specialization rolls three, not four", []Command{Activate{Character: "c5"}, EndActivation{}, Activate{Character: "c3"}},
			test("c3", Entered(6, 5, 4), "c5", Entered(6, 5, 4, 3)), ruleSkillDice},
		{"with Backup Riker rolls four, not three", []Command{Activate{Character: "c5"}},
			SkillTest{Tester: "c5", Specialization: "Command", Roll: Entered(6, 5, 4), Challenger: "c3", ChallengerRoll: Entered(6, 5, 4),
				ChallengerBackup: true, ChallengerBackupBy: "c4"}, ruleSkillDice},
		{"an Incapacitated character gives no Backup to the challenger", []Command{AdjustStun{Character: "c4", Delta: 2}, Activate{Character: "c5"}},
			SkillTest{Tester: "c5", Specialization: "Command", Roll: Entered(6, 5, 4), Challenger: "c3", ChallengerRoll: Entered(6, 5, 4, 3),
				ChallengerBackup: true, ChallengerBackupBy: "c4"}, ruleIncapacitated},
	}
	refusedAfter(t, wolf359, cases)

	s := wolf359(t)
	play(t, s, Activate{Character: "c5"})
	evs, err := viaJSON(t, s, test("c5", Entered(6, 5, 4), "c3", Entered(6, 5, 1)))
	require.NoError(t, err, "the book's example: three dice each")
	assert.Equal(t, "One of Five takes Command test: 6,5,4 against Riker's 6,5,1, 1 of 1: passed", evs[0].Label)
	play(t, s, SkillTest{Tester: "c5", Specialization: "Command", Roll: Entered(6, 5, 4), Challenger: "c3", ChallengerRoll: Entered(6, 5, 4, 1),
		ChallengerBackup: true, ChallengerBackupBy: "c4", Free: true})
	play(t, s, SkillTest{Tester: "c5", Roll: Entered(6, 5, 4), Challenger: "c3", ChallengerRoll: Entered(6, 5, 1, 1),
		ChallengerCardDice: 2, Free: true})
	rejected(t, s, SkillTest{Tester: "c5", Roll: Entered(6, 5, 4), Challenger: "c3", ChallengerRoll: Entered(6, 5),
		ChallengerCardDice: 7, Free: true}, CodeInvalid)
	rejected(t, s, SkillTest{Tester: "c5", Roll: Entered(6, 5, 4), Challenger: "c3", ChallengerRoll: Entered(6, 5),
		ChallengerBackupBy: "c4", Free: true}, CodeInvalid)
	assertReplays(t, s)
}

// TestScoringAreaCountsCoreAndBonusPoints: issue 28, 4. seed 001 "Beam Up
// and Debrief": score the End of Game Missions, "then check your Core
// Mission card", and "Add the points on the Mission cards and Bonus Points
// tokens in your scoring area". The Core Mission is scored in the debrief
// and is not a Mission card for the tie-break.
func TestScoringAreaCountsCoreAndBonusPoints(t *testing.T) {
	s := wolf359(t)
	play(t, s, ScoreMission{Player: "p1", Name: "Repair the Shields", Points: 2},
		AdjustTokens{Player: "p1", Token: TokenBonusPoints, Delta: 2})
	rejected(t, s, ScoreMission{Player: "p1", Name: "Core Mission", Points: 3, Core: true}, CodeNotNow)
	sc := s.State().Away.Players[0].Score()
	assert.Equal(t, 4, sc.Total())
	assert.Equal(t, 2, sc.BonusPoints)
	for range 3 {
		if s.State().Away.Round > 1 || s.State().Away.Phase != AwayAction {
			play(t, s, StartActionPhase{FirstActivation: &AwayOrder{Order: []string{"p2", "p1"}}})
		}
		play(t, s, Activate{Character: "c5"}, EndActivation{}, Activate{Character: "c3"}, EndActivation{},
			Activate{Character: "c6"}, EndActivation{}, Activate{Character: "c4"}, EndActivation{})
		if s.State().Away.Round < 3 {
			play(t, s, StartRound{})
		}
	}
	play(t, s, EndGame{}, ScoreMission{Player: "p1", Name: "Core Mission", Points: 3, Core: true},
		ScoreMission{Player: "p2", Name: "Assimilate", Points: 7, EndOfGame: true})
	sc = s.State().Away.Players[0].Score()
	assert.Equal(t, 3, sc.Core)
	assert.Equal(t, []int{2}, sc.Missions)
	play(t, s, FinishGame{})
	r := s.State().Away.Result
	assert.Equal(t, map[string]int{"p1": 7, "p2": 7}, r.Totals)
	assert.True(t, r.Draw, "tied on points and on Mission cards (the Core Mission is not one): a draw")
	assertReplays(t, s)
}

// TestAssimilatedCharacterNeutralizedLogsNoStun: issue 28, 7. An
// assimilated character (one Stun token from the assimilation) hit by a
// weapon without the Stun rule and neutralized gains no Stun token
// (seed 001 "Stun Weapons": only Stun weapons give one): the log says it
// is neutralized, not "+1 stun (0)".
func TestAssimilatedCharacterNeutralizedLogsNoStun(t *testing.T) {
	s := newTestSession(t, KindAway)
	tubes := awayrules.Weapon{Name: "Tubules", Keywords: []string{"Assimilate"}}
	play(t, s, AddAwayPlayer{Name: "A"}, AddAwayPlayer{Name: "B", Borg: true},
		AddCharacter{Player: "p1", Name: "X", Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		AddCharacter{Player: "p2", Name: "Y", Weapons: []awayrules.Weapon{tubes}, Attack: []int{1, 2}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		StartMission{}, AwayOrder{Which: OrderBeamDown, Order: []string{"p1", "p2"}}, StartRound{}, StartActionPhase{},
		SetOverlay{Attack: []int{1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}},
		ApplyAttack{Attacker: "c4", Weapon: "Tubules", Target: "c3", Attack: Entered(6, 6), Defense: Entered(1)})
	x := charByName(t, s.State().Away, "X")
	require.NotNil(t, x.Assimilated)
	require.Equal(t, 1, x.Stun)
	setup := awayrules.AttackSetup{Attack: 1, Defense: 1}
	evs, err := viaJSON(t, s, ApplyAttack{Target: "c3", Setup: &setup, Attack: Entered(6), Defense: Entered(1), Tracks: []awayrules.Rating{awayrules.Attack}})
	require.NoError(t, err)
	for _, ev := range evs {
		assert.NotContains(t, ev.Label, "stun", "no Stun token from a weapon without Stun")
	}
	assert.Equal(t, StatusNeutralized, charByName(t, s.State().Away, "X").Status)
	assertReplays(t, s)
}

// TestTakeCoverAgainSaysSo: issue 28, 7. seed 001 "Take Cover Actions":
// the Take Cover token reminds that the character gains one more Defense
// die; a second Take Cover while it has the token adds nothing, and the
// log says so rather than passing it in silence.
func TestTakeCoverAgainSaysSo(t *testing.T) {
	s := wolf359(t)
	cover := TakeAction{Character: "c5", Kind: awayrules.ActionTakeCover}
	play(t, s, Activate{Character: "c5"}, cover)
	require.True(t, s.State().Away.Characters[2].TakeCover)
	evs, err := viaJSON(t, s, cover)
	require.NoError(t, err, "not barred by the rules")
	require.Len(t, evs, 1)
	assert.Equal(t, "One of Five: Action 2 of 2 (take cover): already has a Take Cover token, no effect", evs[0].Label)
}

// TestBorgMissionGainsAdaptTokens: issue 28, 7. seed 001 glossary, Adapt:
// "Borg players acquire Adapt tokens as they complete Missions." Scoring
// a mission records the Adapt tokens its card gives the Borg player (the
// number is the card's, entered by the players).
func TestBorgMissionGainsAdaptTokens(t *testing.T) {
	s := wolf359(t)
	evs, err := viaJSON(t, s, ScoreMission{Player: "p2", Name: "Assimilate the Bridge", Points: 2, Adapt: 2})
	require.NoError(t, err)
	require.Len(t, evs, 2)
	assert.Equal(t, "Ben: +2 adapt (2)", evs[1].Label)
	assert.Equal(t, 2, s.State().Away.Players[1].Tokens[TokenAdapt])
	rejected(t, s, ScoreMission{Player: "p1", Name: "Repair", Points: 1, Adapt: 1}, CodeInvalid)
	rejected(t, s, ScoreMission{Player: "p2", Name: "Repair", Points: 1, Adapt: -1}, CodeInvalid)
	assertReplays(t, s)
}
