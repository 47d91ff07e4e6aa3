package ascendancy

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"

	ascrules "tableops/rules/ascendancy"
	"tableops/ui/screen"
	"tableops/ui/screen/screentest"
)

// TestCallOfTheDefender: the view calls the seated player whose dice the
// battle under way awaits, to the panel it is fought on (issue 27: the
// defender's phone learned of it only on the Battle and Borg panels),
// and calls nobody once their dice are in.
func TestCallOfTheDefender(t *testing.T) {
	alice, bob, _ := twoPhones(t)
	assert.Equal(t, screen.Call{}, bob.v.Call(), "no battle yet")
	test.Type(alice.v.battle.space.attD.pad, "651")
	test.Tap(screentest.Button(t, alice.w, "Enter the dice of Alice"))
	assert.Equal(t, screen.Call{Text: "Alice attacks you: roll your dice", Panel: "Battle", Action: "To the battle"}, bob.v.Call())
	assert.Equal(t, screen.Call{}, alice.v.Call(), "Alice's dice are in")

	test.Type(bob.v.battle.space.defD.pad, "522")
	test.Tap(screentest.Button(t, bob.w, "Apply round 1"))
	for _, p := range []*phone{alice, bob} {
		assert.Equal(t, "Battle", p.v.Call().Panel, "round 2 awaits both")
	}
}

// TestCallToAnInvasion: the defender of an invasion is called to it.
func TestCallToAnInvasion(t *testing.T) {
	alice, bob, _ := twoPhonesOf(t, ascrules.Klingon, ascrules.Romulan)
	alice.v.battle.mode.SetSelected(battleModeLabel(modeInvasion))
	alice.v.battle.inv.defender.SetSelected("Bob")
	test.Type(alice.v.battle.inv.attD.pad, "611")
	test.Tap(screentest.Button(t, alice.w, "Enter the dice of Alice"))
	assert.Equal(t, "Alice invades you: roll your dice", bob.v.Call().Text)
}
