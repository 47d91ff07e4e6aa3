package tracker

import ascrules "tableops/rules/ascendancy"

// Numbers from outside (a command from another device, a file) may be any
// int: a command checks each one against its range before it adds,
// subtracts or negates it, so no sum can wrap around and no state the app
// could not export and import back is stored.

// checkNumber refuses a number a command carries that is outside lo to hi,
// naming it (what) and its range.
func checkNumber(n, lo, hi int, what Msg) error {
	if outside(n, lo, hi) {
		return reject(CodeInvalid, "track.number_out_of_range", "%s is %d; it runs from %d to %d.", what, n, lo, hi)
	}
	return nil
}

// checkDelta is checkNumber for a change: -most to most.
func checkDelta(n, most int, what Msg) error {
	return checkNumber(n, -most, most, what)
}

// resourceKinds names the three kinds of resources, with their amounts in r.
func resourceKinds(r ascrules.Resources) []struct {
	n    int
	kind Msg
} {
	return []struct {
		n    int
		kind Msg
	}{
		{r.Production, Msg{Key: "track.counter.production", Text: "production"}},
		{r.Research, Msg{Key: "track.counter.research", Text: "research"}},
		{r.Culture, Msg{Key: "track.counter.culture", Text: "culture"}},
	}
}

// checkAmounts refuses resources a command carries with an amount of any
// kind outside 0 to most, or more than most in all, naming the kind and
// the range. After it, r.Total() cannot overflow.
func checkAmounts(r ascrules.Resources, most int, what Msg) error {
	for _, k := range resourceKinds(r) {
		if err := checkNumber(k.n, 0, most, msgf("track.resources_of_kind", "%s: %s", what, k.kind)); err != nil {
			return err
		}
	}
	if n := r.Total(); n > most {
		return reject(CodeInvalid, "track.resources_total_out_of_range", "%s are %d in all; at most %d.", what, n, most)
	}
	return nil
}
