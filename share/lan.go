package share

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
)

// DefaultPort is the port a host listens on when none is given (a random
// free port is used if it is taken).
const DefaultPort = 8765

// Candidate is one address of a network interface, as LANAddr weighs it.
type Candidate struct {
	// Iface is the interface name ("wlan0", "eth0", "docker0").
	Iface string
	IP    net.IP
	// Up, Loopback, PointToPoint and Multicast are the interface's flags.
	Up, Loopback, PointToPoint, Multicast bool
	// Route marks the address the system would use for outside traffic.
	Route bool
}

// virtualPrefixes name interfaces that are not the table's network:
// container bridges, VPN tunnels, virtual machines.
var virtualPrefixes = []string{"docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "zt", "tailscale", "utun", "lxc", "lxd", "cni", "flannel", "podman", "awdl", "llw"}

// score ranks a candidate: higher is a better guess for the address other
// devices at the table can reach; negative is unusable.
func (c Candidate) score() int {
	ip4 := c.IP.To4()
	if ip4 == nil || !c.Up || c.Loopback || c.IP.IsLoopback() || c.IP.IsUnspecified() || c.IP.IsMulticast() {
		return -1
	}
	s := 100 // usable; the rest orders the usable ones
	if ip4.IsPrivate() {
		s += 40
	}
	if ip4.IsLinkLocalUnicast() {
		s -= 30 // 169.254.x.x: no DHCP; reachable only on a bare link
	}
	if c.Route {
		s += 20
	}
	if c.Multicast {
		s += 5
	}
	if c.PointToPoint {
		s -= 20
	}
	name := strings.ToLower(c.Iface)
	for _, p := range virtualPrefixes {
		if strings.HasPrefix(name, p) {
			s -= 50
			break
		}
	}
	return s
}

// PickLAN chooses the address to serve on among the candidates: an IPv4
// address of an interface that is up, not loopback, preferably private (the
// home or hotspot network), on the default route, and not a container
// bridge or VPN tunnel. It fails when there is none.
func PickLAN(cands []Candidate) (net.IP, error) {
	c, err := pickCandidate(cands)
	if err != nil {
		return nil, err
	}
	return c.IP, nil
}

func pickCandidate(cands []Candidate) (Candidate, error) {
	var best Candidate
	bestScore := -1
	for _, c := range cands {
		if s := c.score(); s > bestScore || (s == bestScore && best.IP != nil && slices.Compare(c.IP.To4(), best.IP.To4()) < 0) {
			if s >= 0 {
				best, bestScore = c, s
				best.IP = c.IP.To4()
			}
		}
	}
	if best.IP == nil {
		return Candidate{}, errors.New("this device is on no local network (connect it to the table's Wi-Fi or hotspot)")
	}
	return best, nil
}

// LANAddr returns the IPv4 address other devices on the local network can
// most likely reach this one at (see PickLAN). It sends nothing on the
// network: the default route is read by "connecting" a UDP socket.
func LANAddr() (net.IP, error) {
	c, err := LANChoice()
	if err != nil {
		return nil, err
	}
	return c.IP, nil
}

// LANChoice is LANAddr with the interface the address belongs to, so the
// app can say which network it will share the game on.
func LANChoice() (Candidate, error) {
	ifaces, err := net.Interfaces()
	if err != nil {
		return Candidate{}, fmt.Errorf("listing network interfaces: %w", err)
	}
	var route net.IP
	if c, err := net.Dial("udp4", "192.0.2.1:9"); err == nil { // TEST-NET-1; UDP connect sends no packet
		if a, ok := c.LocalAddr().(*net.UDPAddr); ok {
			route = a.IP
		}
		_ = c.Close()
	}
	var cands []Candidate
	for _, ifc := range ifaces {
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			cands = append(cands, Candidate{
				Iface: ifc.Name, IP: n.IP,
				Up:           ifc.Flags&net.FlagUp != 0,
				Loopback:     ifc.Flags&net.FlagLoopback != 0,
				PointToPoint: ifc.Flags&net.FlagPointToPoint != 0,
				Multicast:    ifc.Flags&net.FlagMulticast != 0,
				Route:        route != nil && n.IP.Equal(route),
			})
		}
	}
	c, err := pickCandidate(cands)
	if err != nil {
		return Candidate{}, fmt.Errorf("finding the local network address: %w", err)
	}
	return c, nil
}
