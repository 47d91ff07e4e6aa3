package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every subcommand answers --help, -h and -help with its usage on stdout and
// exit status 0, before doing anything else.
func TestEverySubcommandAnswersHelp(t *testing.T) {
	for name, cmd := range testProgram().commands() {
		for _, flag := range []string{"--help", "-h", "-help"} {
			t.Run(name+" "+flag, func(t *testing.T) {
				args := append(strings.Fields(name), flag)
				code, out, errOut := run(t, args...)
				assert.Equal(t, 0, code, "stderr: %s", errOut)
				assert.Empty(t, errOut)
				assert.True(t, strings.HasPrefix(out, "usage: tableops "+name+" "), out)
				assert.Contains(t, out, cmd.summary)
				assert.Contains(t, out, "--json", "the shared flags are listed")
			})
		}
	}
}

// Help comes first even after other flags, and "tableops help CMD" is the
// same as "tableops CMD --help".
func TestHelpAfterFlagsAndHelpCommand(t *testing.T) {
	code, out, _ := run(t, "resolve", "away-attack", "--attack", "6,4", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "--attack-dice")
	assert.Contains(t, out, "--defense")

	code, viaHelp, _ := run(t, "help", "resolve", "away-attack")
	assert.Equal(t, 0, code)
	_, direct, _ := run(t, "resolve", "away-attack", "-h")
	assert.Equal(t, direct, viaHelp)

	code, out, _ = run(t, "rules", "stun", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "--sheet")
	assert.NotContains(t, out, "No rules topic")

	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}, {}} {
		code, out, _ = run(t, args...)
		assert.Equal(t, 0, code, args)
		assert.Contains(t, out, "Headless commands", args)
	}
}

func TestHelpShowsDefaults(t *testing.T) {
	_, out, _ := run(t, "rules", "-h")
	assert.Contains(t, out, "--limit int")
	assert.Contains(t, out, "(default 5)")
}

func TestVersionPrintsFyneAppVersionAndBuild(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "FyneApp.toml"))
	require.NoError(t, err)
	want, err := loadAppMetadata(raw)
	require.NoError(t, err)
	require.NotEmpty(t, want.Details.Version)

	code, out, errOut := run(t, "version")
	require.Equal(t, 0, code, errOut)
	first := strings.SplitN(out, "\n", 2)[0]
	assert.Equal(t, want.Details.Name+" "+want.Details.Version+" (build "+strconv.Itoa(want.Details.Build)+")", first)
	assert.Contains(t, out, want.Details.ID)
	assert.Contains(t, out, runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH)

	code, out, _ = run(t, "version", "--json")
	require.Equal(t, 0, code)
	var v versionInfo
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, want.Details.Version, v.Version)
	assert.Equal(t, want.Details.Build, v.Build)
	assert.Equal(t, runtime.Version(), v.Go)

	code, _, errOut = run(t, "version", "extra")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "extra")
}

func TestBuildVersionInfoReadsVCSAndSettings(t *testing.T) {
	m, err := loadAppMetadata([]byte("[Details]\nName = \"X\"\nID = \"a.b\"\nVersion = \"1.2.3\"\nBuild = 7\n"))
	require.NoError(t, err)
	bi := &debug.BuildInfo{GoVersion: "go1.99.1", Settings: []debug.BuildSetting{
		{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "abc123"},
		{Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"},
		{Key: "-race", Value: "true"}, {Key: "CGO_ENABLED", Value: "1"},
	}}
	v := buildVersionInfo(m, bi)
	assert.Equal(t, versionInfo{
		Name: "X", AppID: "a.b", Version: "1.2.3", Build: 7, Go: "go1.99.1", OS: runtime.GOOS, Arch: runtime.GOARCH,
		Commit: "abc123", CommitTime: "2026-01-02T03:04:05Z", Modified: true,
		Settings: map[string]string{"-race": "true", "CGO_ENABLED": "1"},
	}, v)
}

func TestLoadAppMetadataRefusesBrokenFile(t *testing.T) {
	for _, in := range []string{"[Details\nVersion = 1", "[Details]\nName = \"X\"\n"} {
		_, err := loadAppMetadata([]byte(in))
		assert.Error(t, err, in)
	}
}

// TestAppIDIsFyneAppTOMLs: the storage folder the host command reads is the
// one the GUI writes, named by FyneApp.toml's ID.
func TestAppIDIsFyneAppTOMLs(t *testing.T) {
	m, err := loadAppMetadata(testProgram().Metadata)
	require.NoError(t, err)
	assert.Equal(t, m.Details.ID, AppID)
}
