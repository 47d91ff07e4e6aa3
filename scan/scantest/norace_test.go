//go:build !race

package scantest

// raceEnabled is true when tests run with -race.
const raceEnabled = false
