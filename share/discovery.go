package share

// ServiceType is the DNS-SD service a host announces on the local network.
const ServiceType = "_tableops._tcp"

// Found is a host found on the local network by Browse.
type Found struct {
	// Name is the shared game's name as the host announced it.
	Name string
	// Addr is "host:port" to pass to Dial (the join code is never announced).
	Addr string
}
