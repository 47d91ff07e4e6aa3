//go:build !js

package share

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/tracker"
)

// TestHostCertificateMadeOnceAndKept: the host's certificate is made the
// first time and read back afterwards (same fingerprint, so a phone
// confirms it once per host), covers loopback and this device's addresses
// as a TLS server's, lasts long, and is made again only when unreadable
// or about to end.
func TestHostCertificateMadeOnceAndKept(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "settings")
	now := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	c1, err := HostCertificate(dir, now)
	require.NoError(t, err)
	require.Len(t, c1.Fingerprint, 64)
	c2, err := HostCertificate(dir, now.Add(400*24*time.Hour))
	require.NoError(t, err)
	assert.Equal(t, c1.Fingerprint, c2.Fingerprint, "kept, not made again")

	st, err := os.Stat(filepath.Join(dir, KeyFile))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "the key is the host's alone")

	leaf := c1.TLS.Leaf
	require.NotNil(t, leaf)
	assert.Contains(t, leaf.ExtKeyUsage, x509.ExtKeyUsageServerAuth)
	assert.NoError(t, leaf.VerifyHostname("127.0.0.1"))
	assert.NoError(t, leaf.VerifyHostname("localhost"))
	if ip, err := LANAddr(); err == nil {
		assert.NoError(t, leaf.VerifyHostname(ip.String()), "the LAN address")
	}
	life := leaf.NotAfter.Sub(leaf.NotBefore)
	assert.Greater(t, life, 800*24*time.Hour)
	assert.LessOrEqual(t, life, 826*24*time.Hour, "Apple's phones take at most 825 days")
	assert.Equal(t, "ECDSA", leaf.PublicKeyAlgorithm.String())

	// About to end: replaced.
	c3, err := HostCertificate(dir, leaf.NotAfter.Add(-10*24*time.Hour))
	require.NoError(t, err)
	assert.NotEqual(t, c1.Fingerprint, c3.Fingerprint)
	// Unreadable: replaced.
	require.NoError(t, os.WriteFile(filepath.Join(dir, CertFile), []byte("not a certificate"), 0o644))
	c4, err := HostCertificate(dir, now)
	require.NoError(t, err)
	assert.NotEqual(t, c3.Fingerprint, c4.Fingerprint)
	c5, err := HostCertificate(dir, now)
	require.NoError(t, err)
	assert.Equal(t, c4.Fingerprint, c5.Fingerprint)
}

func TestShortFingerprint(t *testing.T) {
	c := &Cert{Fingerprint: "5a3c91f022b7e4d1aabbccddeeff00112233445566778899aabbccddeeff0011"}
	assert.Equal(t, "5A3C 91F0 22B7 E4D1", c.ShortFingerprint())
	assert.Equal(t, "5A3C 9", groupFingerprint("5a3c9", 16))
}

// trustingClient is an HTTP client that trusts the host's certificate
// (what a phone does once its player confirmed it).
func trustingClient(t testing.TB, c *Cert) *http.Client {
	t.Helper()
	pool := x509.NewCertPool()
	pool.AddCert(c.TLS.Leaf)
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
}

// TestHTTPSAndPlainHTTPOnOnePort: a host with a certificate answers https
// (the app, the API, the WebSocket) and plain http (the TV's scoreboard,
// the desktop app) on the same port; the phones' link and the QR code use
// https, the scoreboard's stays http.
func TestHTTPSAndPlainHTTPOnOnePort(t *testing.T) {
	cert, err := HostCertificate(t.TempDir(), time.Now())
	require.NoError(t, err)
	app := fstest.MapFS{"index.html": {Data: []byte("<p>app</p>")}, "index.html.br": {Data: []byte("BR")}}
	g := awayGame(t)
	h, _ := startHost(t, g, Options{Cert: cert, App: app})

	assert.Equal(t, "https://"+h.Addr()+"/app/#join=TEST42", h.AppURL())
	qr, err := h.JoinPayload()
	require.NoError(t, err)
	assert.Equal(t, h.AppURL(), qr)
	assert.Equal(t, "http://"+h.Addr()+"/", h.URL(), "the scoreboard stays plain http")
	addr, code, ok := ParseJoinLink(qr)
	require.True(t, ok)
	assert.Equal(t, h.Addr(), addr)
	assert.Equal(t, "TEST42", code)

	hc := trustingClient(t, cert)
	base := "https://" + h.Addr() + "/"
	get := func(c *http.Client, url, ae string) (*http.Response, string) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, url, nil)
		require.NoError(t, err)
		if ae != "" {
			req.Header.Set("Accept-Encoding", ae)
		}
		resp, err := c.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	resp, body := get(hc, base+"app/", "br")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NotNil(t, resp.TLS, "over TLS")
	assert.Equal(t, "br", resp.Header.Get("Content-Encoding"))
	assert.Equal(t, "BR", body)
	resp, body = get(hc, base+"api/state", "")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, body, `"seats"`)

	// A command over https.
	req, _ := http.NewRequest(http.MethodPost, base+"api/command", bytes.NewReader(encode(t, tracker.Note{Text: "over https"})))
	req.Header.Set(HeaderCode, "TEST42")
	req.Header.Set("Origin", "https://"+h.Addr())
	presp, err := hc.Do(req)
	require.NoError(t, err)
	presp.Body.Close()
	assert.Equal(t, http.StatusOK, presp.StatusCode)

	// The WebSocket over https (wss://), as the phone's page dials it.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "wss://"+h.Addr()+"/api/ws", &websocket.DialOptions{HTTPClient: hc,
		HTTPHeader: http.Header{"Origin": {"https://" + h.Addr()}}})
	require.NoError(t, err)
	conn.SetReadLimit(MaxHostMessage)
	defer conn.CloseNow()
	send(t, conn, ClientMessage{Op: OpHello, Code: "TEST42"})
	m := readUntil(t, conn, func(m HostMessage) bool { return m.Op == OpSnapshot })
	assert.True(t, m.Write)
	assert.Equal(t, g.Seq(), m.Snapshot.Seq)

	// Plain http on the same port: the scoreboard and the desktop app.
	resp, body = get(http.DefaultClient, h.URL(), "")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Nil(t, resp.TLS)
	assert.Contains(t, body, "<html")
	c := dial(t, h, "TEST42")
	assert.Equal(t, g.Seq(), c.Seq())
	assert.Equal(t, JoinLink(h.Addr(), "TEST42"), c.InviteLink(), "the desktop app invites with the link it joined by")

	// A browser that has not confirmed the certificate gets no page.
	_, err = http.Get(base + "app/")
	require.Error(t, err)
}

// TestSilentConnectionsDoNotBlockTheOthers: a connection that sends
// nothing does not hold up the others while the host waits for its first
// byte; one address holds at most maxSniffingPerAddr such connections
// (the next ones are closed at once); a connection that starts like TLS
// and is not is closed, and the host serves on.
func TestSilentConnectionsDoNotBlockTheOthers(t *testing.T) {
	cert, err := HostCertificate(t.TempDir(), time.Now())
	require.NoError(t, err)
	h, _ := startHost(t, awayGame(t), Options{Cert: cert})
	var silent []net.Conn
	for range 5 {
		c, err := net.Dial("tcp", h.Addr())
		require.NoError(t, err)
		silent = append(silent, c)
	}
	resp, err := trustingClient(t, cert).Get("https://" + h.Addr() + "/api/state")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)

	for len(silent) < maxSniffingPerAddr {
		c, err := net.Dial("tcp", h.Addr())
		require.NoError(t, err)
		silent = append(silent, c)
	}
	extra, err := net.Dial("tcp", h.Addr())
	require.NoError(t, err)
	defer extra.Close()
	_ = extra.SetReadDeadline(time.Now().Add(3 * time.Second))
	_, err = extra.Read(make([]byte, 1))
	require.ErrorIs(t, err, io.EOF, "one connection too many from the address is closed at once")
	for _, c := range silent {
		c.Close()
	}

	junk, err := net.Dial("tcp", h.Addr())
	require.NoError(t, err)
	defer junk.Close()
	_, err = junk.Write([]byte("\x16 this is not TLS at all\r\n\r\n"))
	require.NoError(t, err)
	_ = junk.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err = io.ReadAll(junk)
	if err != nil { // closed with the junk unread: a reset
		require.ErrorIs(t, err, syscall.ECONNRESET, "closed by the host")
	}

	require.Eventually(t, func() bool {
		resp, err := http.Get(h.URL() + "api/state")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, 5*time.Second, 20*time.Millisecond, "the host serves on")
}
