package away

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWhatAStunnedCharacterMayDo(t *testing.T) {
	cases := []struct {
		stun                  int
		attack, test, recover bool
		why                   string
	}{
		{0, true, true, false, ""},
		{1, false, false, true, "stunned: may only Recover"},
		// seed 001 "Stun": with a Stun token the only Action is a Recover
		// special action; Incapacitated characters "cannot Move, Attack,
		// or take Skill tests" — Recover is not barred.
		{2, false, false, true, "Incapacitated: may only Recover"},
	}
	for _, c := range cases {
		assert.Equal(t, c.attack, MayAttack(c.stun), "attack with %d", c.stun)
		assert.Equal(t, c.test, MayTestSkill(c.stun), "test with %d", c.stun)
		assert.Equal(t, c.recover, MayRecover(c.stun), "recover with %d", c.stun)
		assert.Equal(t, c.why, WhyNotAct(c.stun))
	}
}
