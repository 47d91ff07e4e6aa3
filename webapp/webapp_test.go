package webapp

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"tableops/webapp/internal/bundle"
)

// testFiles are the files of a small bundle.
var testFiles = map[string]string{
	"index.html":               "<!doctype html><title>app</title>" + strings.Repeat("<p>page</p>", 200),
	"tableops.0123456789ab.js": strings.Repeat("console.log(1);", 500),
	"sw.js":                    "self.x = 1;",
}

// folderOf builds a bundle's folder as the generator writes it: x.br for
// each file x, and the manifest.
// placeholder is the file dist/ holds when no bundle was built (the web
// bundle's generator keeps it; see gen).
const placeholder = "PLACEHOLDER.txt"

func folderOf(t *testing.T, files map[string]string) fstest.MapFS {
	t.Helper()
	dist := fstest.MapFS{placeholder: {Data: []byte("placeholder")}}
	m := bundle.Manifest{Build: "0123456789abcdef"}
	for name, content := range files {
		br, err := bundle.Brotli([]byte(content), bundle.BrotliQuality)
		require.NoError(t, err)
		dist[name+".br"] = &fstest.MapFile{Data: br}
		sum := sha256.Sum256([]byte(content))
		m.Files = append(m.Files, bundle.File{Name: name, Size: int64(len(content)), SHA256: hex.EncodeToString(sum[:])})
	}
	b, err := json.Marshal(m)
	require.NoError(t, err)
	dist[bundle.ManifestName] = &fstest.MapFile{Data: b}
	return dist
}

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	return string(out)
}

func TestBundleOf(t *testing.T) {
	_, ok := bundleOf(fstest.MapFS{placeholder: {Data: []byte("x")}})
	require.False(t, ok, "a folder with only the placeholder is no bundle")
	noPage := folderOf(t, map[string]string{"sw.js": "x"})
	_, ok = bundleOf(noPage)
	require.False(t, ok, "a bundle without its page")
	missing := folderOf(t, testFiles)
	delete(missing, "sw.js.br")
	_, ok = bundleOf(missing)
	require.False(t, ok, "a file the manifest names is missing")
	bad := folderOf(t, testFiles)
	bad[bundle.ManifestName] = &fstest.MapFile{Data: []byte("{")}
	_, ok = bundleOf(bad)
	require.False(t, ok, "a broken manifest")

	dist := folderOf(t, testFiles)
	a, ok := bundleOf(dist)
	require.True(t, ok)
	var names []string
	for n := range testFiles {
		names = append(names, n, n+".br", n+".gz")
	}
	require.NoError(t, fstest.TestFS(a, names...), "a well-behaved fs.FS")
	for n, content := range testFiles {
		b, err := fs.ReadFile(a, n)
		require.NoError(t, err)
		require.Equal(t, content, string(b), n)
		b, err = fs.ReadFile(a, n+".br")
		require.NoError(t, err)
		require.Equal(t, dist[n+".br"].Data, b, "%s.br is the embedded copy", n)
		b, err = fs.ReadFile(a, n+".gz")
		require.NoError(t, err)
		require.Equal(t, content, gunzip(t, b), n+".gz")
		st, err := fs.Stat(a, n)
		require.NoError(t, err)
		require.Equal(t, int64(len(content)), st.Size(), n)
	}
	for _, n := range []string{bundle.ManifestName, placeholder, "missing.js", "index.html.zst", "sw.js.br.gz"} {
		_, err := a.Open(n)
		require.ErrorIs(t, err, fs.ErrNotExist, n)
	}
	build := a.build()
	require.Equal(t, "0123456789abcdef", build.ID)
	require.Equal(t, []string{"index.html", "sw.js", "tableops.0123456789ab.js"}, build.Files)
	require.Positive(t, build.Embedded)
	require.Less(t, build.Embedded, build.Size)
}

// TestGzipMadeOnce: the gzip copy of a file is made once, however many
// browsers ask for it at the same time, and kept.
func TestGzipMadeOnce(t *testing.T) {
	a, ok := bundleOf(folderOf(t, testFiles))
	require.True(t, ok)
	const n = 8
	copies := make([][]byte, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			f, err := a.Open("index.html.gz")
			if err == nil {
				copies[i], err = io.ReadAll(f)
				f.Close()
			}
			require.NoError(t, err)
		})
	}
	wg.Wait()
	for i := range n {
		require.Equal(t, copies[0], copies[i])
	}
	require.Len(t, a.gz, 1, "one copy kept")
	require.Equal(t, int64(len(copies[0])), a.gzKept)
	first, err := a.gzipped(a.files["index.html"])
	require.NoError(t, err)
	again, err := a.gzipped(a.files["index.html"])
	require.NoError(t, err)
	require.Same(t, &first[0], &again[0], "the copy kept, not made again")
	require.Equal(t, copies[0], again)
	require.Equal(t, testFiles["index.html"], gunzip(t, again))
}

func TestWriteDir(t *testing.T) {
	dist := folderOf(t, testFiles)
	a, ok := bundleOf(dist)
	require.True(t, ok)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "other.txt"), []byte("keep"), 0o644))
	require.NoError(t, writeDir(a, dir))
	want := map[string][]byte{"other.txt": []byte("keep")}
	for n, content := range testFiles {
		gz, err := bundle.Gzip([]byte(content), bundle.StaticGzipLevel)
		require.NoError(t, err)
		want[n], want[n+".gz"], want[n+".br"] = []byte(content), gz, dist[n+".br"].Data
	}
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	require.Len(t, got, len(want), "the files, their .gz and .br copies and nothing else: %q", got)
	for name, w := range want {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err, name)
		require.Equal(t, w, b, name)
	}

	blocked := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(blocked, nil, 0o644))
	require.Error(t, writeDir(a, blocked), "a file where the folder should be")

	// A brotli copy that is not the file the manifest names is refused.
	other, err := bundle.Brotli([]byte("something else"), 5)
	require.NoError(t, err)
	dist["sw.js.br"] = &fstest.MapFile{Data: other}
	require.ErrorContains(t, writeDir(a, t.TempDir()), "sw.js")
}

func TestBundleMatchesBuild(t *testing.T) {
	files, ok := Bundle()
	if !ok {
		require.ErrorIs(t, WriteDir(t.TempDir()), ErrNoBundle)
		_, ok := Built()
		require.False(t, ok)
		t.Skip("no web bundle built (" + BuildCommand + "): checked that WriteDir refuses")
	}
	for _, name := range []string{"index.html", "index.html.gz", "index.html.br", "sw.js", "manifest.webmanifest", "icon-192.png", "icon-512.png"} {
		_, err := files.Open(name)
		require.NoError(t, err, name)
	}
	build, ok := Built()
	require.True(t, ok)
	require.Len(t, build.ID, 16)
	// Budget: what a phone downloads (brotli) at most 15 MB.
	t.Logf("the web app %s: %.1f MB, embedded and sent to phones as brotli %.1f MB", build.ID, float64(build.Size)/1e6, float64(build.Embedded)/1e6)
	require.LessOrEqual(t, build.Embedded, int64(15e6), "the brotli bundle fits the 15 MB budget")
	// Only the brotli copies are embedded.
	ents, err := fs.ReadDir(dist(), "dist")
	require.NoError(t, err)
	for _, e := range ents {
		n := e.Name()
		require.True(t, strings.HasSuffix(n, ".br") || n == bundle.ManifestName || n == placeholder, "dist/%s is embedded", n)
	}
}
