//go:build race

package scantest

// raceEnabled is true when tests run with -race, which slows rendering and
// decoding about tenfold: the corpus test then runs a smaller sample.
const raceEnabled = true
