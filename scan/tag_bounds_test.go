package scan

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// resign replaces a payload's check digits so that a crafted payload
// passes the checksum, as a hostile one would.
func resign(body string) string {
	return body + checkDigits(body)
}

// Text typed or pasted as a join code, or printed in a hostile QR code,
// with a valid checksum: Decode checks the result against the encoder's
// bounds (no track longer than MaxTrackLen) and its canonical form, so an
// oversized payload is refused with a short message.
func TestDecodeRefusesOversizedTags(t *testing.T) {
	good, err := Encode(kirk())
	require.NoError(t, err)
	parts := strings.Split(good, "/")
	require.Len(t, parts, 8, good) // TO1F, name, 4 tracks, id, check digits
	longTrack := append([]string(nil), parts[:7]...)
	longTrack[2] = strings.Repeat("1", MaxTrackLen+1)
	tests := map[string]string{
		"a 17-hole track":       resign(strings.Join(longTrack, "/") + "/"),
		"a megabyte of payload": resign("TO1J/K7Q2/" + strings.Repeat("A", 1<<20) + "/"),
	}
	for name, text := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Decode(text)
			require.ErrorIs(t, err, ErrMalformed)
			assert.Less(t, len(err.Error()), 120)
		})
	}
	_, err = Decode(good)
	require.NoError(t, err)
}

// FuzzDecodeTag feeds arbitrary text to the tag decoder: it must never
// panic, and a tag it accepts stays within the encoder's bounds.
func FuzzDecodeTag(f *testing.F) {
	good, _ := Encode(kirk())
	f.Add(good)
	f.Add("TO1C/AM-KIRK/")
	f.Add("TO1J/K7Q2/192.168.1.20:8765/")
	f.Add("TO9C/X/")
	f.Fuzz(func(t *testing.T, text string) {
		tag, err := Decode(text)
		if err != nil {
			return
		}
		require.LessOrEqual(t, len(text), MaxCharacterLen)
		if c := tag.Character; c != nil {
			for _, tr := range [][]int{c.Tracks.Attack, c.Tracks.Defense, c.Tracks.Skill, c.Tracks.Move} {
				require.LessOrEqual(t, len(tr), MaxTrackLen)
			}
		}
	})
}
