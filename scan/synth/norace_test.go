//go:build !race

package synth

// raceEnabled is true when tests run with -race.
const raceEnabled = false
