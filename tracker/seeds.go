package tracker

import (
	"crypto/rand"
	"encoding/binary"
	"sync"
)

// CryptoSeeds draws seeds from the operating system's random source. It is
// the seed source the app uses for virtual rolls.
type CryptoSeeds struct{}

// NextSeed implements SeedSource.
func (CryptoSeeds) NextSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+).
	return binary.LittleEndian.Uint64(b[:])
}

// CountingSeeds hands out Next, Next+1, Next+2, ...: a reproducible seed
// source for tests and scripted games.
type CountingSeeds struct {
	mu   sync.Mutex
	Next uint64
}

// NextSeed implements SeedSource.
func (c *CountingSeeds) NextSeed() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.Next
	c.Next++
	return n
}
