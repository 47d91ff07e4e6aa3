package away

// Actions a character may take given its Stun tokens ("Special Rules",
// Activating While Stunned and Incapacitated by Two Stun Tokens): with a
// Stun token the only action is Recover (which removes one); with two the
// character is Incapacitated and cannot Move, Attack or take Skill tests.

// MayAttack reports whether a character with stun Stun tokens may take an
// Attack Action.
func MayAttack(stun int) bool { return stun <= 0 }

// MayTestSkill reports whether a character with stun Stun tokens may take
// a Skill test as its action.
func MayTestSkill(stun int) bool { return stun <= 0 }

// MayRecover reports whether a character with stun Stun tokens may take
// the Recover action (it has a token to remove and is not Incapacitated).
func MayRecover(stun int) bool { return stun > 0 && stun < MaxStun }

// WhyNotAct says in plain words why a character with stun Stun tokens
// cannot attack or test ("" when it can).
func WhyNotAct(stun int) string {
	switch {
	case stun >= MaxStun:
		return "Incapacitated: no actions"
	case stun > 0:
		return "stunned: may only Recover"
	}
	return ""
}
