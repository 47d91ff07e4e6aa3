//go:build unix

package webapp_test

import (
	"io/fs"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
	"time"

	"tableops/webapp"
)

// bundle returns the built web app, or skips the test with the command that
// builds it (CI builds it first).
func bundle(t *testing.T) fs.FS {
	t.Helper()
	files, ok := webapp.Bundle()
	if !ok {
		if os.Getenv("CI") == "true" {
			t.Fatal("no web bundle: CI must build it first (" + webapp.BuildCommand + ")")
		}
		t.Skip("no web bundle built: run \"" + webapp.BuildCommand + "\" to run the browser tests")
	}
	return files
}

// hashedName matches a file name with a content hash ("app.3f2a9c1d.wasm").
var hashedName = regexp.MustCompile(`\.[0-9a-f]{8,}\.`)

// serveStatic serves files at /app/ the way a static web server with
// precompressed files does: x.br or x.gz when the browser accepts it, with
// the caching the host gives them.
func serveStatic(t *testing.T, files fs.FS) string {
	t.Helper()
	srv := httptest.NewServer(staticHandler(files))
	t.Cleanup(srv.Close)
	return srv.URL + "/app/"
}

// staticHandler is serveStatic's web server.
func staticHandler(files fs.FS) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/app/", func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/app/")
		if name == "" {
			name = "index.html"
		}
		ctype := mime.TypeByExtension(path.Ext(name))
		if strings.HasSuffix(name, ".webmanifest") {
			ctype = "application/manifest+json"
		}
		for _, enc := range []struct{ ext, name string }{{".br", "br"}, {".gz", "gzip"}, {"", ""}} {
			if enc.name != "" && !strings.Contains(r.Header.Get("Accept-Encoding"), enc.name) {
				continue
			}
			b, err := fs.ReadFile(files, name+enc.ext)
			if err != nil {
				continue
			}
			w.Header().Set("Content-Type", ctype)
			if enc.name != "" {
				w.Header().Set("Content-Encoding", enc.name)
			}
			// As the host does: files with a content hash in their
			// names are kept for good, the others revalidated.
			if hashedName.MatchString(path.Base(name)) {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "no-cache")
			}
			_, _ = w.Write(b)
			return
		}
		http.NotFound(w, r)
	})
	return mux
}

// shots is the folder the browser tests save their screenshots in
// (TABLEOPS_WEB_SHOTS; none when unset).
func shots(t *testing.T, p *page, name string) {
	if dir := os.Getenv("TABLEOPS_WEB_SHOTS"); dir != "" {
		p.Screenshot(dir+"/"+name, false)
	}
}

// waitForWorker waits (up to slow) until the page's service worker has
// taken over, which it does once it has stored the app's files.
func (p *page) waitForWorker() {
	for deadline := time.Now().Add(slow); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if v, _ := p.Eval(`(async () => { const r = await navigator.serviceWorker.ready; return r.active && r.active.state === "activated" ? 1 : 0; })()`).(float64); v == 1 {
			return
		}
	}
}
