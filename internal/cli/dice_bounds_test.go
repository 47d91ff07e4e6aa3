package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A 120 KB --dice argument used to be parsed whole and echoed whole in
// the error line. It is refused with a short line that quotes only its
// start.
func TestResolveRefusesHugeDiceArgument(t *testing.T) {
	huge := strings.Repeat("6,", 60_000)
	for _, args := range [][]string{
		{"resolve", "space-battle", "--dice", huge, "--hit", "4"},
		{"resolve", "away-attack", "--attack", huge, "--defense", "5"},
	} {
		code, out, errOut := run(t, args...)
		assert.Equal(t, 2, code)
		assert.Empty(t, out)
		assert.Less(t, len(errOut), 200, "error line %.200q", errOut)
		assert.Equal(t, 1, strings.Count(errOut, "\n"))
	}
}
