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
		`{"op":"hello","code":"ABCD2345","seat":"p1","device":"d1","since":12}`, `{"op":"hello"}`,
		`{"op":"seat","id":3,"seat":"watch"}`, `{"op":"seat"}`, `{"op":"undo","code":"X"}`,
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
		case OpUndo, OpRedo, OpResync, OpHello, OpSeat:
			require.Nil(t, r.Cmd)
			if r.Op != OpHello {
				require.Empty(t, r.Code)
				require.Nil(t, r.Since)
			}
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

// FuzzParseJoinLink: any scanned or typed text is either no invitation or
// one with a usable address and a code; never a panic.
func FuzzParseJoinLink(f *testing.F) {
	for _, s := range []string{"http://192.168.1.20:8765/app/#join=AB7K9QXY", "TO1J/AB7K9Q/192.168.1.20:8765/000",
		"http://[fe80::1]:80/app/#join=x&join=y", "https://h/#join=%zz", "", "http://:0/#join=A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		addr, code, ok := ParseJoinLink(s)
		if !ok {
			return
		}
		if addr == "" || code == "" {
			t.Fatalf("%q: an invitation without address or code", s)
		}
		again, code2, err := ParseJoin(addr, code)
		if err != nil || again != addr || code2 != code {
			t.Fatalf("%q: %q %q does not read back: %v", s, addr, code, err)
		}
	})
}
