package tracker

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestImportBoundsNonces (issue 30, 10): an import takes the nonces a live
// request may carry (at most MaxNonceLen printable bytes, as the share
// host takes them) and refuses longer or unprintable ones, which no game
// played with the app holds; the session refuses them too.
func TestImportBoundsNonces(t *testing.T) {
	withNonce := func(nonce string) []byte {
		log := awayBase(t)
		log[len(log)-1].Nonce = nonce
		return exportBytes(t, KindAway, log)
	}
	_, err := ParseExport(withNonce(strings.Repeat("n", MaxNonceLen)))
	require.NoError(t, err, "a nonce a live request may carry")
	for name, nonce := range map[string]string{
		"10,000 characters": strings.Repeat("n", 10_000),
		"65 bytes":          strings.Repeat("n", MaxNonceLen+1),
		"unprintable":       "n\u202e1",
	} {
		_, err := ParseExport(withNonce(nonce))
		require.ErrorIs(t, err, ErrNotExport, name)
		assert.Contains(t, err.Error(), "request id", name)
		assert.Less(t, len(err.Error()), 300, name)

		s := newTestSession(t, KindAway)
		_, err = s.ExecuteNonce(Note{Text: "hi"}, nonce)
		var r *Rejection
		require.ErrorAs(t, err, &r, name)
		assert.Equal(t, CodeInvalid, r.Code)
		_, err = s.UndoNonce(nonce)
		require.ErrorAs(t, err, &r, name)
		assert.Equal(t, CodeInvalid, r.Code)
		assert.Zero(t, s.Seq())
	}
}
