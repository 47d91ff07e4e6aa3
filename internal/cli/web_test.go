package cli

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/require"

	"tableops/webapp"
)

func TestWebBadInput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	for _, args := range [][]string{{"web"}, {"web", "--out"}, {"web", "--out", file}, {"web", "--out", t.TempDir(), "extra"}} {
		code, stdout, stderr := run(t, args...)
		require.Equal(t, 2, code, "%q: %s", args, stderr)
		require.Empty(t, stdout)
		require.Contains(t, stderr, "tableops web: ")
	}
}

func TestWebWritesTheBundle(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	code, stdout, stderr := run(t, "web", "--out", dir)
	if _, ok := webapp.Bundle(); !ok {
		require.Equal(t, 1, code)
		require.Contains(t, stderr, webapp.BuildCommand, "says how to build it")
		t.Skip("no web bundle built: checked the message")
	}
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "Wrote the web app to")
	for _, name := range []string{"index.html", "index.html.br", "sw.js", "manifest.webmanifest"} {
		_, err := os.Stat(filepath.Join(dir, name))
		require.NoError(t, err, name)
	}
	// Every file of the app with its .gz and .br copies, made from the one
	// copy the binary holds, and nothing else.
	build, ok := webapp.Built()
	require.True(t, ok)
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, ents, 3*len(build.Files))
	for _, name := range build.Files {
		raw, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err, name)
		gz, err := os.Open(filepath.Join(dir, name+".gz"))
		require.NoError(t, err, name)
		zr, err := gzip.NewReader(gz)
		require.NoError(t, err, name)
		fromGz, err := io.ReadAll(zr)
		require.NoError(t, err, name)
		gz.Close()
		require.True(t, bytes.Equal(raw, fromGz), "%s.gz holds %s", name, name)
		br, err := os.Open(filepath.Join(dir, name+".br"))
		require.NoError(t, err, name)
		fromBr, err := io.ReadAll(brotli.NewReader(br))
		require.NoError(t, err, name)
		br.Close()
		require.True(t, bytes.Equal(raw, fromBr), "%s.br holds %s", name, name)
	}
}
