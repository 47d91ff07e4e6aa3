package away

// Actions a character may take given its Stun tokens ("Special Rules",
// Activating While Stunned and Incapacitated by Two Stun Tokens): with a
// Stun token the only action is Recover (which removes one); with two the
// character is Incapacitated and cannot Move, Attack or take Skill tests,
// but may still Recover.

// MayAttack reports whether a character with stun Stun tokens may take an
// Attack Action.
func MayAttack(stun int) bool { return stun <= 0 }

// MayTestSkill reports whether a character with stun Stun tokens may take
// a Skill test as its action.
func MayTestSkill(stun int) bool { return stun <= 0 }

// MayRecover reports whether a character with stun Stun tokens may take
// the Recover action: it has a token to remove. An Incapacitated character
// may too ("Stun": Incapacitated characters cannot Move, Attack or take
// Skill tests; Recover is the one Action a stunned character takes).
func MayRecover(stun int) bool { return stun > 0 }

// WhyNotAct says in plain words why a character with stun Stun tokens
// cannot attack or test ("" when it can).
func WhyNotAct(stun int) string {
	switch {
	case stun >= MaxStun:
		return "Incapacitated: may only Recover"
	case stun > 0:
		return "stunned: may only Recover"
	}
	return ""
}
