//go:build !js

package share

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/mdns"
)

// quietLog discards the mdns package's log lines: discovery is best effort
// and its failures are expected where multicast is unavailable.
func quietLog() *log.Logger { return log.New(io.Discard, "", 0) }

// Announcement is a running mDNS announcement; Stop ends it.
type Announcement struct{ srv *mdns.Server }

// Stop ends the announcement (safe on nil).
func (a *Announcement) Stop() {
	if a != nil && a.srv != nil {
		_ = a.srv.Shutdown()
	}
}

// Announce advertises a host at ip:port under the game's name, so Browse on
// other devices finds it. It is best effort: where multicast is unavailable
// it returns an error the caller may ignore (the QR code and the typed
// address always work). The join code is not announced.
func Announce(name string, ip net.IP, port int) (*Announcement, error) {
	if ip == nil || ip.IsLoopback() || ip.IsUnspecified() {
		return nil, errors.New("announce: no local network address")
	}
	host := "tableops-" + strings.ToLower(NewCode()) + ".local."
	svc, err := mdns.NewMDNSService(instanceName(name), ServiceType, "", host, port, []net.IP{ip}, []string{"v=1", "game=" + name})
	if err != nil {
		return nil, fmt.Errorf("announce: %w", err)
	}
	srv, err := mdns.NewServer(&mdns.Config{Zone: svc, Logger: quietLog()})
	if err != nil {
		return nil, fmt.Errorf("announce: %w", err)
	}
	return &Announcement{srv: srv}, nil
}

// instanceName makes a DNS-SD instance label from a game name: ASCII
// letters, digits and dashes, at most 40 characters.
func instanceName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
		if b.Len() >= 40 {
			break
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		s = "game"
	}
	return "Table-Ops-" + s
}

// Browse looks for hosts on the local network for up to timeout (at most
// 10 s). It is best effort: where multicast is unavailable it returns an
// error or nothing, never blocks past the timeout, and never panics.
func Browse(ctx context.Context, timeout time.Duration) ([]Found, error) {
	if timeout <= 0 || timeout > 10*time.Second {
		timeout = 2 * time.Second
	}
	entries := make(chan *mdns.ServiceEntry, 64)
	params := &mdns.QueryParam{Service: ServiceType, Domain: "local", Timeout: timeout,
		Entries: entries, DisableIPv6: true, Logger: quietLog()}
	done := make(chan error, 1)
	go func() {
		defer close(entries)
		done <- mdns.QueryContext(ctx, params)
	}()
	var out []Found
	seen := map[string]bool{}
	for e := range entries {
		if e == nil || e.AddrV4 == nil || e.Port <= 0 || !strings.Contains(e.Name, ServiceType) {
			continue
		}
		addr := net.JoinHostPort(e.AddrV4.String(), strconv.Itoa(e.Port))
		if seen[addr] {
			continue
		}
		seen[addr] = true
		name := strings.TrimPrefix(e.Info, "v=1|game=")
		for _, f := range e.InfoFields {
			if n, ok := strings.CutPrefix(f, "game="); ok {
				name = n
			}
		}
		out = append(out, Found{Name: name, Addr: addr})
	}
	if err := <-done; err != nil {
		return out, fmt.Errorf("looking for shared games: %w", err)
	}
	return out, nil
}
