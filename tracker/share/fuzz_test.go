package share

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzDecodeClientMessage: any input is either refused with an error or
// decodes to a request that is consistent and encodes back; never a panic.
func FuzzDecodeClientMessage(f *testing.F) {
	for _, s := range []string{
		`{"op":"command","id":1,"nonce":"abc","basis":3,"command":{"type":"note","data":{"text":"hi"}}}`,
		`{"op":"undo","id":2,"basis":0}`, `{"op":"redo"}`, `{"op":"resync"}`,
		`{"op":"command","command":{"type":"away.stun","data":{"character":"c3","delta":1}}}`,
		`{"op":"command","command":{"type":"asc.adjust","data":{}}}`,
		`{`, `null`, `[]`, `{"op":"undo","nonce":"\u0007"}`, "\xff",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := DecodeClientMessage(b)
		if err != nil {
			return
		}
		switch r.Op {
		case OpCommand:
			require.NotNil(t, r.Cmd)
		case OpUndo, OpRedo, OpResync:
			require.Nil(t, r.Cmd)
		default:
			t.Fatalf("accepted unknown op %q", r.Op)
		}
		require.LessOrEqual(t, len(r.Nonce), maxNonce)
		out, err := json.Marshal(r.ClientMessage)
		require.NoError(t, err)
		_, err = DecodeClientMessage(out)
		require.NoError(t, err, "%s", out)
	})
}
