//go:build unix

package webapp_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	brotli "tableops/webapp/internal/bundle"
)

// transferBudget is the most a phone may download, brotli-compressed, to
// open the app at /app/ the first time (issue 26): the page, every file it
// asks for, and every file its service worker stores to open offline.
const transferBudget = 12_000_000

// pageRefs are the files index.html refers to: its links and images, the
// service worker it registers, and Go's loader and the WebAssembly it
// fetches (named in the page's script as quoted strings).
var pageRefs = regexp.MustCompile(`(?:href|src)="([^"#?:]+)"|register\("([^"]+)"\)|"([\w.-]+\.(?:wasm|js))"`)

// workerFiles are the files the service worker stores when it installs
// (its FILES list).
var workerFiles = regexp.MustCompile(`const FILES = (\[[^\]]*\]);`)

// firstLoad fetches, from a server of the bundle at base (…/app/), what a
// phone's browser fetches the first time it opens the app: the page, the
// files it refers to, and the service worker's files. It returns each
// file's brotli bytes as served.
func firstLoad(t *testing.T, base string) map[string]int {
	t.Helper()
	got := map[string]int{}
	get := func(name string) string {
		req, err := http.NewRequest(http.MethodGet, base+strings.TrimPrefix(name, "./"), nil)
		require.NoError(t, err)
		// Go's client decompresses only gzip it asked for itself; asked
		// explicitly, the body is the brotli bytes as sent.
		req.Header.Set("Accept-Encoding", "br, gzip")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err, name)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err, name)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s is served", name)
		require.Equal(t, "br", resp.Header.Get("Content-Encoding"), "%s is sent with brotli", name)
		got[name] = len(b)
		return string(unbrotli(t, b))
	}
	page := get("./")
	var sw string
	for _, m := range pageRefs.FindAllStringSubmatch(page, -1) {
		name := m[1] + m[2] + m[3]
		if _, done := got[name]; done {
			continue
		}
		body := get(name)
		if name == "sw.js" {
			sw = body
		}
	}
	require.NotEmpty(t, sw, "the page registers its service worker, sw.js")
	m := workerFiles.FindStringSubmatch(sw)
	require.NotNil(t, m, "the service worker lists the files it stores")
	var files []string
	require.NoError(t, json.Unmarshal([]byte(m[1]), &files))
	for _, name := range files {
		if _, done := got[name]; !done && name != "./" {
			get(name)
		}
	}
	return got
}

// TestFirstLoadTransferBudget adds up the brotli bytes a phone downloads to
// open the app at /app/ the first time (every file the page fetches and
// its service worker stores, each counted once, as the browser's cache
// keeps the files named by their content) and fails above 12,000,000
// (issue 26: a LAN phone's transfer at most 12 MB). It logs each file.
func TestFirstLoadTransferBudget(t *testing.T) {
	base := serveStatic(t, bundle(t))
	got := firstLoad(t, base)
	total := 0
	var wasm bool
	for name, n := range got {
		t.Logf("%s: %d bytes (brotli)", name, n)
		total += n
		wasm = wasm || strings.HasSuffix(name, ".wasm")
	}
	require.True(t, wasm, "the page fetches the app's WebAssembly")
	t.Logf("first load of /app/: %d bytes (brotli), budget %d", total, transferBudget)
	require.LessOrEqual(t, total, transferBudget, "a phone downloads %.2f MB to open the app the first time; the budget is %.2f MB (issue 26)", float64(total)/1e6, float64(transferBudget)/1e6)
}

// unbrotli decompresses a file as a browser does.
func unbrotli(t *testing.T, b []byte) []byte {
	t.Helper()
	out, err := io.ReadAll(brotli.Unbrotli(bytes.NewReader(b)))
	require.NoError(t, err, "brotli")
	return out
}
