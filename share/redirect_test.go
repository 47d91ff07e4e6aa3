package share

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlainHTTPAppGoesToHTTPS: a phone that opens the app's plain http
// link from another device (an old QR code, a typed address) is sent to
// the same page over https when the host has a certificate, so that a
// phone has one origin (its seat, its games, the live camera); the
// browser keeps the #join fragment. The host's own device (loopback), the
// TV's scoreboard (/) and a host without a certificate keep plain http.
func TestPlainHTTPAppGoesToHTTPS(t *testing.T) {
	cert, err := HostCertificate(t.TempDir(), time.Now())
	require.NoError(t, err)
	app := fstest.MapFS{"index.html": {Data: []byte("<p>app</p>")}}
	secure, _ := startHost(t, awayGame(t), Options{Cert: cert, App: app})
	plain, _ := startHost(t, awayGame(t), Options{App: app})

	get := func(h *Host, path, remote string, tls bool) *httptest.ResponseRecorder {
		t.Helper()
		r := httptest.NewRequest(http.MethodGet, "http://"+h.Addr()+path, nil)
		r.RemoteAddr = remote
		if tls {
			r = httptest.NewRequest(http.MethodGet, "https://"+h.Addr()+path, nil)
			r.RemoteAddr = remote
		}
		w := httptest.NewRecorder()
		h.srv.Handler.ServeHTTP(w, r)
		return w
	}
	for _, tc := range []struct {
		name     string
		h        *Host
		path     string
		remote   string
		tls      bool
		location string // "" when served, not sent on
	}{
		{"a phone on the LAN, plain http", secure, "/app/", "192.0.2.7:5000", false, "https://" + secure.Addr() + "/app/"},
		{"with a query", secure, "/app/index.html?v=2", "192.0.2.7:5000", false, "https://" + secure.Addr() + "/app/index.html?v=2"},
		{"an IPv6 phone", secure, "/app/", "[2001:db8::7]:5000", false, "https://" + secure.Addr() + "/app/"},
		{"the phone over https", secure, "/app/", "192.0.2.7:5000", true, ""},
		{"this device", secure, "/app/", "127.0.0.1:5000", false, ""},
		{"the TV's scoreboard", secure, "/", "192.0.2.8:5000", false, ""},
		{"a host without a certificate", plain, "/app/", "192.0.2.7:5000", false, ""},
	} {
		w := get(tc.h, tc.path, tc.remote, tc.tls)
		if tc.location == "" {
			assert.Equal(t, http.StatusOK, w.Code, "%s: served", tc.name)
			continue
		}
		assert.Equal(t, http.StatusTemporaryRedirect, w.Code, "%s: sent on", tc.name)
		assert.Equal(t, tc.location, w.Header().Get("Location"), tc.name)
	}
}
