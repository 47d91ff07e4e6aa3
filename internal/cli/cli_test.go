package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// run runs the CLI with args and returns exit code, stdout and stderr.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runCLI(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// testProgram is the binary as the tests see it: FyneApp.toml from the
// repository's root.
func testProgram() Program {
	raw, err := os.ReadFile(filepath.Join("..", "..", "FyneApp.toml"))
	if err != nil {
		panic(err) // the tests run inside the repository
	}
	return Program{Metadata: raw}
}

// runCLI runs the headless commands as the binary does.
func runCLI(args []string, stdout, stderr io.Writer) int {
	return testProgram().Run(args, stdout, stderr)
}

func TestUnknownCommandExits2WithOneLine(t *testing.T) {
	code, out, errOut := run(t, "frobnicate")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, 1, strings.Count(errOut, "\n"))
	assert.Contains(t, errOut, "frobnicate")
}

func TestHelpListsCommands(t *testing.T) {
	code, out, _ := run(t, "help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Headless commands")
	for name := range testProgram().commands() {
		assert.Contains(t, out, name)
	}
}
