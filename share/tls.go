package share

import (
	"bufio"
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Files of the host's certificate, in the folder the host keeps its
// settings in (HostCertificate).
const (
	CertFile = "host-cert.pem"
	KeyFile  = "host-key.pem"
)

// certValidity is how long the host's certificate is valid: long, so a
// phone confirms it once per host, but no longer than the 825 days Apple's
// phones take for a TLS server certificate.
const certValidity = 825 * 24 * time.Hour

// certRenewBefore is how long before its end a certificate is replaced.
const certRenewBefore = 30 * 24 * time.Hour

// Cert is the host's own certificate for serving the web app over https
// (a self-signed one: a phone's browser warns once, then keeps its
// confirmation for this host).
type Cert struct {
	// TLS is the certificate and its key, for tls.Config.
	TLS tls.Certificate
	// Fingerprint is the SHA-256 of the certificate (DER), in lower-case hex.
	Fingerprint string
	// NotAfter is when it ends.
	NotAfter time.Time
}

// ShortFingerprint returns the first 8 bytes of the fingerprint in groups
// of four hex digits, upper case ("5A3C 91F0 22B7 E4D1"), to compare with
// the one the browser shows.
func (c *Cert) ShortFingerprint() string {
	return groupFingerprint(c.Fingerprint, 16)
}

// groupFingerprint upper-cases the first n hex digits of fp in groups of four.
func groupFingerprint(fp string, n int) string {
	fp = strings.ToUpper(fp)
	if len(fp) > n {
		fp = fp[:n]
	}
	var b strings.Builder
	for i := 0; i < len(fp); i += 4 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(fp[i:min(i+4, len(fp))])
	}
	return b.String()
}

// certMu serializes the making of a certificate in one process (the GUI
// and tests may start hosts at once).
var certMu sync.Mutex

// HostCertificate returns the host's certificate kept in dir (CertFile and
// KeyFile), making it the first time: an ECDSA P-256 key and a
// self-signed certificate for this device's names and addresses, valid for
// certValidity. It is made once and kept, so its fingerprint stays the
// same across restarts and games, and replaced only when it cannot be read
// or is about to end. now is the clock (time.Now).
func HostCertificate(dir string, now time.Time) (*Cert, error) {
	certMu.Lock()
	defer certMu.Unlock()
	cp, kp := filepath.Join(dir, CertFile), filepath.Join(dir, KeyFile)
	if c, err := loadCert(cp, kp); err == nil && now.Before(c.NotAfter.Add(-certRenewBefore)) {
		return c, nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("the host's certificate: %w", err)
	}
	certPEM, keyPEM, err := makeCert(now, certNames())
	if err != nil {
		return nil, fmt.Errorf("the host's certificate: %w", err)
	}
	// The key first: a certificate without its key is made again.
	if err := writeFileAtomic(kp, keyPEM, 0o600); err != nil {
		return nil, fmt.Errorf("the host's certificate: %w", err)
	}
	if err := writeFileAtomic(cp, certPEM, 0o644); err != nil {
		return nil, fmt.Errorf("the host's certificate: %w", err)
	}
	c, err := loadCert(cp, kp)
	if err != nil {
		return nil, fmt.Errorf("the host's certificate: %w", err)
	}
	return c, nil
}

// loadCert reads a certificate and its key.
func loadCert(certPath, keyPath string) (*Cert, error) {
	pair, err := tls.LoadX509KeyPair(certPath, keyPath)
	if err != nil {
		return nil, err
	}
	if len(pair.Certificate) == 0 {
		return nil, errors.New("no certificate in " + certPath)
	}
	leaf, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		return nil, err
	}
	pair.Leaf = leaf
	sum := sha256.Sum256(pair.Certificate[0])
	return &Cert{TLS: pair, Fingerprint: hex.EncodeToString(sum[:]), NotAfter: leaf.NotAfter}, nil
}

// certNames are the names and addresses the certificate covers: this
// device's host name (and .local), localhost, loopback and every address
// of its network interfaces.
type names struct {
	dns []string
	ips []net.IP
}

func certNames() names {
	n := names{dns: []string{"localhost"}, ips: []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback}}
	if hn, err := os.Hostname(); err == nil && hn != "" {
		hn = strings.ToLower(strings.TrimSuffix(hn, "."))
		if validHost(hn) && net.ParseIP(hn) == nil {
			n.dns = append(n.dns, hn)
			if !strings.HasSuffix(hn, ".local") {
				n.dns = append(n.dns, hn+".local")
			}
		}
	}
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if ipn, ok := a.(*net.IPNet); ok && !ipn.IP.IsLoopback() && !ipn.IP.IsLinkLocalUnicast() {
				if !slices.ContainsFunc(n.ips, ipn.IP.Equal) {
					n.ips = append(n.ips, ipn.IP)
				}
			}
		}
	}
	return n
}

// makeCert makes a key and a self-signed server certificate for n.
func makeCert(now time.Time, n names) (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("making a key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, nil, fmt.Errorf("making a serial number: %w", err)
	}
	cn := "Table Ops host"
	if len(n.dns) > 1 {
		cn = "Table Ops host " + n.dns[1]
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: cn, Organization: []string{"Table Ops"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(certValidity),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		DNSNames:              n.dns,
		IPAddresses:           n.ips,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, fmt.Errorf("signing the certificate: %w", err)
	}
	kb, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, fmt.Errorf("writing the key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kb}), nil
}

// writeFileAtomic writes a file through a temporary one, so a crash leaves
// the old file or the new one, never half of one.
func writeFileAtomic(path string, b []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// tlsHandshakeByte is the first byte of every TLS connection (a handshake
// record); plain HTTP starts with a method's letter.
const tlsHandshakeByte = 0x16

// sniffWait bounds the wait for a connection's first byte (as the
// server's ReadHeaderTimeout bounds a request's headers).
const sniffWait = 5 * time.Second

// maxSniffing bounds the connections waiting for their first byte, and
// maxSniffingPerAddr those of one address: a device holding silent
// connections open cannot keep the others out.
const (
	maxSniffing        = 1024
	maxSniffingPerAddr = 32
)

// dualListener serves TLS and plain HTTP on one port: it reads the first
// byte of each connection and hands it on wrapped in TLS when it starts a
// TLS handshake, as it is otherwise. The sniffing runs on its own
// goroutine per connection, so a silent one does not hold the others up.
type dualListener struct {
	net.Listener
	cfg   *tls.Config
	conns chan net.Conn
	errc  chan error
	done  chan struct{}
	once  sync.Once

	mu      sync.Mutex
	waiting int            // connections waiting for their first byte
	perAddr map[string]int // the same, by address
}

func newDualListener(ln net.Listener, cfg *tls.Config) *dualListener {
	d := &dualListener{Listener: ln, cfg: cfg, conns: make(chan net.Conn), errc: make(chan error, 1),
		done: make(chan struct{}), perAddr: map[string]int{}}
	go d.acceptLoop()
	return d
}

// hold counts a connection from addr waiting for its first byte; false
// when there are too many already.
func (d *dualListener) hold(addr string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.waiting >= maxSniffing || d.perAddr[addr] >= maxSniffingPerAddr {
		return false
	}
	d.waiting++
	d.perAddr[addr]++
	return true
}

// release is hold's end.
func (d *dualListener) release(addr string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.waiting--
	if d.perAddr[addr]--; d.perAddr[addr] <= 0 {
		delete(d.perAddr, addr)
	}
}

// connAddr is the address part of a connection's remote address.
func connAddr(c net.Conn) string {
	a := c.RemoteAddr().String()
	if h, _, err := net.SplitHostPort(a); err == nil {
		return h
	}
	return a
}

func (d *dualListener) acceptLoop() {
	for {
		c, err := d.Listener.Accept()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				time.Sleep(5 * time.Millisecond)
				continue
			}
			select {
			case d.errc <- err:
			case <-d.done:
			}
			return
		}
		addr := connAddr(c)
		if !d.hold(addr) {
			_ = c.Close() // too many silent connections
			continue
		}
		go d.sniff(c, addr)
	}
}

func (d *dualListener) sniff(c net.Conn, addr string) {
	_ = c.SetReadDeadline(time.Now().Add(sniffWait))
	br := bufio.NewReaderSize(c, 512)
	first, err := br.Peek(1)
	_ = c.SetReadDeadline(time.Time{})
	d.release(addr)
	if err != nil {
		_ = c.Close()
		return
	}
	var out net.Conn = &peekedConn{Conn: c, r: br}
	if first[0] == tlsHandshakeByte {
		out = tls.Server(out, d.cfg)
	}
	select {
	case d.conns <- out:
	case <-d.done:
		_ = c.Close()
	}
}

// Accept returns the next connection, TLS or plain.
func (d *dualListener) Accept() (net.Conn, error) {
	select {
	case c := <-d.conns:
		return c, nil
	case err := <-d.errc:
		return nil, err
	case <-d.done:
		return nil, net.ErrClosed
	}
}

// Close stops listening.
func (d *dualListener) Close() error {
	d.once.Do(func() { close(d.done) })
	return d.Listener.Close()
}

// peekedConn is a connection whose first bytes were read ahead.
type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (p *peekedConn) Read(b []byte) (int, error) { return p.r.Read(b) }

// tlsConfig is the server configuration for the host's certificate:
// HTTP/1.1 only (the WebSocket upgrades on it), TLS 1.2 or newer.
func tlsConfig(c *Cert) *tls.Config {
	return &tls.Config{
		Certificates: []tls.Certificate{c.TLS},
		MinVersion:   tls.VersionTLS12,
		NextProtos:   []string{"http/1.1"},
	}
}

// serverLog is the HTTP server's error log: the host's log at warning
// level, without the failed TLS handshakes of phones that have not yet
// confirmed the host's certificate (each first visit makes one) and of
// plain http sent to https.
func serverLog(l *slog.Logger) *log.Logger {
	return log.New(filterWriter{next: slog.NewLogLogger(l.Handler(), slog.LevelWarn).Writer()}, "", 0)
}

// filterWriter drops the lines of the TLS handshake errors.
type filterWriter struct{ next io.Writer }

func (f filterWriter) Write(b []byte) (int, error) {
	if bytes.Contains(b, []byte("TLS handshake error")) {
		return len(b), nil
	}
	return f.next.Write(b)
}
