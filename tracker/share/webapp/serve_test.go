//go:build unix

package webapp_test

import (
	"io/fs"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"strings"
	"testing"

	"tableops/tracker/share/webapp"
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

// serveStatic serves files at /app/ the way a static web server with
// precompressed files does: x.br or x.gz when the browser accepts it.
func serveStatic(t *testing.T, files fs.FS) string {
	t.Helper()
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
			w.Header().Set("Cache-Control", "no-cache")
			_, _ = w.Write(b)
			return
		}
		http.NotFound(w, r)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/app/"
}

// shots is the folder the browser tests save their screenshots in
// (TABLEOPS_WEB_SHOTS; none when unset).
func shots(t *testing.T, p *page, name string) {
	if dir := os.Getenv("TABLEOPS_WEB_SHOTS"); dir != "" {
		p.Screenshot(dir+"/"+name, false)
	}
}
