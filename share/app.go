package share

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// appFiles serves the web app (a bundle where each file x may have
// compressed siblings x.br and x.gz, as webapp.Bundle gives them) at /app/:
// the smallest encoding the browser accepts, the right Content-Type, and
// caching that suits the file (forever for files with a content hash in
// their names, revalidated for the rest), with a strong ETag and the
// Content-Length. Files are copied to the response as they are read, not
// held whole. Without a bundle it answers with how to build one.
type appFiles struct {
	files fs.FS
	hint  string

	mu    sync.Mutex
	etags map[string]string
}

func newAppFiles(files fs.FS, hint string) *appFiles {
	return &appFiles{files: files, hint: hint, etags: map[string]string{}}
}

// hashedName matches a file name with a content hash ("app.3f2a9c1d.wasm").
var hashedName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\.[0-9a-f]{8,}\.`) })

// contentTypes are the types mime.TypeByExtension may not know everywhere.
var contentTypes = map[string]string{
	".wasm":        "application/wasm",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".webmanifest": "application/manifest+json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// accepts reports whether an Accept-Encoding header accepts enc (with a
// quality above zero).
func accepts(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(k, "q") {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		return q > 0
	}
	return false
}

// etag returns a strong validator for the content of name, read once (a
// bundle's files do not change).
func (a *appFiles) etag(name string) (string, error) {
	a.mu.Lock()
	t, ok := a.etags[name]
	a.mu.Unlock()
	if ok {
		return t, nil
	}
	f, err := a.files.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	t = `"` + hex.EncodeToString(h.Sum(nil)[:12]) + `"`
	a.mu.Lock()
	a.etags[name] = t
	a.mu.Unlock()
	return t, nil
}

func (a *appFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	if a.files == nil {
		hd.Set("Content-Type", "text/html; charset=utf-8")
		hd.Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, "<!doctype html><meta name=viewport content=\"width=device-width\"><title>Table Ops</title>"+
			"<h1>The web app is not built</h1><p>This copy of Table Ops was built without the web app, so phones cannot open it here. "+
			"On the sharing computer, in the Table Ops source folder, run</p><pre>%s</pre><p>then build and start Table Ops again. "+
			"The <a href=\"/\">scoreboard</a> works without it.</p>", html.EscapeString(a.hint))
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" || strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	if strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") || !fs.ValidPath(name) {
		http.NotFound(w, r)
		return
	}
	if st, err := fs.Stat(a.files, name); err != nil || st.IsDir() {
		http.NotFound(w, r)
		return
	}
	hd.Add("Vary", "Accept-Encoding")
	served, enc := name, ""
	ae := r.Header.Get("Accept-Encoding")
	for _, c := range []struct{ enc, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !accepts(ae, c.enc) {
			continue
		}
		if _, err := fs.Stat(a.files, name+c.ext); err == nil {
			served, enc = name+c.ext, c.enc
			break
		}
	}
	tag, err := a.etag(served)
	if err != nil {
		http.Error(w, "The file could not be read.", http.StatusInternalServerError)
		return
	}
	f, err := a.files.Open(served)
	var st fs.FileInfo
	if err == nil {
		defer f.Close()
		st, err = f.Stat()
	}
	if err != nil {
		http.Error(w, "The file could not be read.", http.StatusInternalServerError)
		return
	}
	hd.Set("Content-Type", contentType(name))
	if enc != "" {
		hd.Set("Content-Encoding", enc)
	}
	if hashedName().MatchString(path.Base(name)) {
		hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		hd.Set("Cache-Control", "no-cache")
	}
	hd.Set("ETag", tag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && strings.Contains(inm, tag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hd.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
	if r.Method == http.MethodHead {
		return
	}
	// A browser that goes away ends the copy with a write error.
	_, _ = io.Copy(w, f)
}
