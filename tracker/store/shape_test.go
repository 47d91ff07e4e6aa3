//go:build !js

package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTruncatedStoreIsReportedNotACrash: a saved games file cut short (a
// full disk, a copy that stopped half way) at any length is refused as
// unreadable and left as it was. bbolt maps the file and reads past its end
// where its own records say pages are: today that was a memory fault
// (SIGSEGV) that no recover() catches, 6 times in 21 for cuts of 8-32 KiB.
func TestTruncatedStoreIsReportedNotACrash(t *testing.T) {
	path, _ := savedGame(t, 400)
	good, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Greater(t, len(good), 64<<10, "the test needs a file of many pages")
	f, err := os.Open(path)
	require.NoError(t, err)
	r0, r1 := readCommitRecord(f, 0), readCommitRecord(f, 4096)
	require.NoError(t, f.Close())
	written := int(max(r0.pages, r1.pages) * 4096) // what the last commit wrote
	require.Less(t, written, len(good))
	for _, cut := range []int{4096, 8 << 10, 12 << 10, 16 << 10, 20 << 10, 24 << 10, 28 << 10, 32 << 10, 40 << 10, written / 2, written - 4096, written - 1} {
		t.Run(fmt.Sprint(cut), func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "games.db")
			require.NoError(t, os.WriteFile(p, good[:cut], 0o600))
			_, err := Open(p, Options{Now: testClock()})
			require.ErrorIs(t, err, ErrUnreadable)
			assert.Contains(t, err.Error(), "cut short")
			after, err := os.ReadFile(p)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(good[:cut], after), "the file is left as it was")
		})
	}
	// Past what the last commit wrote, the file holds only room bbolt set
	// aside: cut there, every game is whole.
	p := filepath.Join(t.TempDir(), "games.db")
	require.NoError(t, os.WriteFile(p, good[:written], 0o600))
	s, err := Open(p, Options{Now: testClock()})
	require.NoError(t, err)
	games, err := s.List()
	require.NoError(t, err)
	require.Len(t, games, 1)
	assert.Equal(t, uint64(400), games[0].Events)
	require.NoError(t, s.Close())
}

// metaTxids reads the transaction ids of the file's two commit records
// (bbolt's meta pages: a 16-byte page header, then the meta, whose txid is
// at byte 48).
func metaTxids(t *testing.T, b []byte) [2]uint64 {
	t.Helper()
	return [2]uint64{binary.LittleEndian.Uint64(b[16+48:]), binary.LittleEndian.Uint64(b[4096+16+48:])}
}

// TestDamagedNewestCommitRecordIsNoticed: one flipped bit in the newest of
// the two commit records makes bbolt open the file as of the commit before,
// so the last change saved is gone. The store must say so (today it opened
// one transaction back without a word), name the game changed last, and
// open: the older record is good.
func TestDamagedNewestCommitRecordIsNoticed(t *testing.T) {
	for _, field := range []struct {
		name string
		off  int
	}{{"magic", 0}, {"root", 16}, {"txid", 48}, {"checksum", 56}} {
		t.Run(field.name, func(t *testing.T) {
			path, id := savedGame(t, 30)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			tx := metaTxids(t, b)
			newest := 0
			if tx[1] > tx[0] {
				newest = 1
			}
			b[newest*4096+16+field.off] ^= 0x04
			require.NoError(t, os.WriteFile(path, b, 0o600))

			s, err := Open(path, Options{Now: testClock()})
			require.NoError(t, err)
			defer s.Close()
			notices := s.Notices()
			require.NotEmpty(t, notices)
			joined := fmt.Sprint(notices)
			assert.Contains(t, joined, "commit records")
			assert.Contains(t, joined, "may be missing")
			assert.Contains(t, joined, "Friday game", "names the game changed last")
			g, err := s.OpenGame(id)
			require.NoError(t, err)
			assert.Equal(t, uint64(29), g.Seq(), "the file opened as of its older commit: the last note is gone")
		})
	}
}

// TestDamagedOlderCommitRecordIsNoticedToo: damage to the older record
// loses nothing now, but the file has one good record left; the players
// are told, and the game is whole.
func TestDamagedOlderCommitRecordIsNoticedToo(t *testing.T) {
	path, id := savedGame(t, 30)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	tx := metaTxids(t, b)
	older := 0
	if tx[1] < tx[0] {
		older = 1
	}
	b[older*4096+16+56] ^= 0x01
	require.NoError(t, os.WriteFile(path, b, 0o600))
	s, err := Open(path, Options{Now: testClock()})
	require.NoError(t, err)
	defer s.Close()
	assert.Contains(t, fmt.Sprint(s.Notices()), "commit records")
	g, err := s.OpenGame(id)
	require.NoError(t, err)
	assert.Equal(t, uint64(30), g.Seq())
}
