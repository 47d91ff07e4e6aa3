//go:build js

package share

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"
)

// errNoMulticast is what Announce and Browse say in a browser page, which
// can send no UDP and so no multicast DNS: the mDNS packages (mdns.go) are
// left out of the web app (about 1.3 MB of its WebAssembly). The page's
// "Look on this network" then says that looking is not allowed here, as it
// did when the mDNS query failed in the page.
var errNoMulticast = errors.New("a browser page cannot look on the local network (no multicast)")

// Announcement is a running mDNS announcement; in a browser page there is
// none.
type Announcement struct{}

// Stop ends the announcement (safe on nil).
func (a *Announcement) Stop() {}

// Announce reports that a browser page cannot announce a host.
func Announce(string, net.IP, int) (*Announcement, error) {
	return nil, fmt.Errorf("announce: %w", errNoMulticast)
}

// Browse reports that a browser page cannot look for hosts.
func Browse(context.Context, time.Duration) ([]Found, error) {
	return nil, fmt.Errorf("looking for shared games: %w", errNoMulticast)
}
