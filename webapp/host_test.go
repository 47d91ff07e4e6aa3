//go:build unix

package webapp_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tableops/tracker"
	"tableops/webapp"
)

// TestHostServesTheBundle: the host serves the web app's code to a browser
// that takes brotli (the embedded copy), to one that takes only gzip (a
// phone on a plain-http page: the copy made when first asked for, then
// kept) and to one that takes neither, each with the right length, a
// strong ETag and revalidation.
func TestHostServesTheBundle(t *testing.T) {
	files := bundle(t)
	build, ok := webapp.Built()
	require.True(t, ok)
	var wasm string
	for _, f := range build.Files {
		if hashedName.MatchString(f) && strings.HasSuffix(f, ".wasm") {
			wasm = f
		}
	}
	require.NotEmpty(t, wasm, "the bundle's WebAssembly")
	raw, err := fs.ReadFile(files, wasm)
	require.NoError(t, err)
	br, err := fs.ReadFile(files, wasm+".br")
	require.NoError(t, err)

	h, _ := hostGame(t, files, tracker.KindAway, nil)
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(ae, inm string) (*http.Response, []byte, time.Duration) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, h.URL()+"app/"+wasm, nil)
		require.NoError(t, err)
		req.Header.Set("Accept-Encoding", ae)
		if inm != "" {
			req.Header.Set("If-None-Match", inm)
		}
		start := time.Now()
		resp, err := client.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp, b, time.Since(start)
	}
	gunzip := func(b []byte) []byte {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		require.NoError(t, err)
		out, err := io.ReadAll(zr)
		require.NoError(t, err)
		return out
	}
	tags := map[string]bool{}
	for _, tc := range []struct{ ae, enc string }{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip, deflate", "gzip"}, // Chromium on http://192.168.x.y
		{"gzip, deflate", "gzip"}, // the copy kept
		{"identity", ""},
	} {
		resp, body, took := get(tc.ae, "")
		require.Equal(t, http.StatusOK, resp.StatusCode, tc.ae)
		require.Equal(t, tc.enc, resp.Header.Get("Content-Encoding"), tc.ae)
		require.Equal(t, strconv.Itoa(len(body)), resp.Header.Get("Content-Length"), tc.ae)
		require.Equal(t, "application/wasm", resp.Header.Get("Content-Type"))
		require.Equal(t, "public, max-age=31536000, immutable", resp.Header.Get("Cache-Control"))
		switch tc.enc {
		case "br":
			require.True(t, bytes.Equal(br, body), "the embedded brotli copy")
		case "gzip":
			require.True(t, bytes.Equal(raw, gunzip(body)), "a gzip copy of the app's code")
		default:
			require.True(t, bytes.Equal(raw, body), "the app's code")
		}
		tag := resp.Header.Get("ETag")
		require.NotEmpty(t, tag)
		tags[tc.enc+" "+tag] = true
		t.Logf("%q: %s, %.1f MB in %s", tc.ae, tc.enc, float64(len(body))/1e6, took.Round(time.Millisecond))
		resp, body, _ = get(tc.ae, tag)
		require.Equal(t, http.StatusNotModified, resp.StatusCode, tc.ae)
		require.Empty(t, body)
	}
	require.Len(t, tags, 3, "one ETag for each encoding, the same each time")
}
