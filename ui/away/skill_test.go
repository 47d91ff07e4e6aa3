package away

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/ui/screen/screentest"
)

// TestChallengerRollsSpecializationAndBackup: issue 28, 2. seed 001 quick
// reference: the "Challenging player rolls the number of dice given by
// their current Skill rating with any additional dice given by their
// specializations" (the book's Riker, Skill 2 with Command, "rolls three
// dice"); "Characters taking or challenging Skill tests roll an extra
// Skill die if they have a friendly character in their space". Locutus
// takes a Command test, Riker challenges: three dice, four with Shelby's
// Backup; the test is recorded as set up.
func TestChallengerRollsSpecializationAndBackup(t *testing.T) {
	sh, st := newTestShell(t, 1280, 800)
	sh.openGame(seedBorgGame(t, st))
	w := sh.win
	screentest.SelectTab(t, w, "Dice")
	d := sh.game.view.(*awayView).dice
	d.mode.SetSelected("Skill test")
	f := d.skill
	tapPick(t, f.tester, "Locutus (Kim)")
	f.opposed.SetChecked(true)
	f.who.SetSelected("Riker (Dana)")
	assert.Equal(t, 2, f.challenger.Value(), "no specialization: Riker's Skill 2")
	require.Contains(t, f.spec.Options, "Command", "the test may name the challenger's specialization")
	f.spec.SetSelected("Command")
	assert.Equal(t, 3, f.challenger.Value(), "Skill 2 with Command: three dice")
	require.NotNil(t, f.chBackup)
	require.Contains(t, f.chBackup.sel.Options, "Backup from Shelby")
	f.chBackup.sel.SetSelected("Backup from Shelby")
	assert.Equal(t, 4, f.challenger.Value(), "and one more with Backup")

	test.Type(f.test.pad, "654")
	test.Type(f.chal.pad, "6511")
	test.Tap(screentest.Button(t, w, "Record the test"))
	h := sh.game.game.History()
	require.NotEmpty(t, h.Undo)
	assert.Equal(t, "Locutus takes Command test: 6,5,4 against Riker's 6,5,1,1, 1 of 1: passed", h.Undo[0].Label)
	assert.Equal(t, "Skill test recorded in the game log.", sh.game.frame.Status(), "nothing refused")
}
