package webapp

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

func TestBundleOf(t *testing.T) {
	_, ok := bundleOf(fstest.MapFS{placeholder: {Data: []byte("x")}})
	require.False(t, ok, "a folder with only the placeholder is no bundle")
	files, ok := bundleOf(fstest.MapFS{"index.html": {Data: []byte("<html>")}})
	require.True(t, ok)
	require.NotNil(t, files)
}

func TestWriteDir(t *testing.T) {
	src := fstest.MapFS{
		"index.html":         {Data: []byte("<html>")},
		"index.html.gz":      {Data: []byte("gz")},
		"icons/icon-192.png": {Data: []byte("png")},
		placeholder:          {Data: []byte("placeholder")},
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "other.txt"), []byte("keep"), 0o644))
	require.NoError(t, writeDir(src, dir))
	for name, want := range map[string]string{"index.html": "<html>", "index.html.gz": "gz", "icons/icon-192.png": "png", "other.txt": "keep"} {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		require.NoError(t, err, name)
		require.Equal(t, want, string(b), name)
	}
	_, err := os.Stat(filepath.Join(dir, placeholder))
	require.True(t, os.IsNotExist(err), "the placeholder is not part of the app")

	blocked := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(blocked, nil, 0o644))
	require.Error(t, writeDir(src, blocked), "a file where the folder should be")
}

func TestBundleMatchesBuild(t *testing.T) {
	files, ok := Bundle()
	if !ok {
		require.ErrorIs(t, WriteDir(t.TempDir()), ErrNoBundle)
		t.Skip("no web bundle built (" + BuildCommand + "): checked that WriteDir refuses")
	}
	for _, name := range []string{"index.html", "index.html.gz", "index.html.br", "sw.js", "manifest.webmanifest", "icon-192.png", "icon-512.png"} {
		_, err := files.Open(name)
		require.NoError(t, err, name)
	}
	// Budget: what a phone downloads (brotli) at most 15 MB.
	var br, gz int64
	ents, err := fs.ReadDir(files, ".")
	require.NoError(t, err)
	for _, e := range ents {
		info, err := e.Info()
		require.NoError(t, err)
		switch {
		case strings.HasSuffix(e.Name(), ".br"):
			br += info.Size()
		case strings.HasSuffix(e.Name(), ".gz"):
			gz += info.Size()
		}
	}
	t.Logf("the web app transferred: brotli %.1f MB, gzip %.1f MB", float64(br)/1e6, float64(gz)/1e6)
	require.LessOrEqual(t, br, int64(15e6), "the brotli bundle fits the 15 MB budget")
}
