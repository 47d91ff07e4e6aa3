package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestJoinCodeFromHash(t *testing.T) {
	for _, tc := range []struct {
		hash, code string
		ok         bool
	}{
		{"#join=ABC123", "ABC123", true},
		{"#join=abc-123", "ABC123", true},
		{"#join=ABC%20123", "ABC123", true},
		{"#x=1&join=QWERTY", "QWERTY", true},
		{"", "", false},
		{"#", "", false},
		{"#join=", "", false},
		{"#joinABC", "", false},
		{"#join=" + strings.Repeat("A", 40), "", false},
	} {
		code, ok := joinCodeFromHash(tc.hash)
		require.Equal(t, tc.ok, ok, tc.hash)
		require.Equal(t, tc.code, code, tc.hash)
	}
}

func FuzzJoinCodeFromHash(f *testing.F) {
	f.Add("#join=ABC123")
	f.Add("#join=%zz&join=1")
	f.Fuzz(func(t *testing.T, hash string) {
		code, ok := joinCodeFromHash(hash)
		if ok && (code == "" || len(code) > 32 || strings.ContainsAny(code, " -\t")) {
			t.Fatalf("%q gave %q", hash, code)
		}
	})
}
