//go:build !js

package share

import (
	"net"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/scan"
	"tableops/tracker"
)

func TestNewCode(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		c := NewCode()
		assert.Regexp(t, regexp.MustCompile(`^[2-9A-HJ-NP-Z]{8}$`), c)
		seen[c] = true
	}
	assert.Greater(t, len(seen), 190, "codes are random")
	assert.True(t, codeMatches("AB7K9Q", " ab7-k9q "))
	assert.False(t, codeMatches("AB7K9Q", "AB7K9"))
	assert.False(t, codeMatches("AB7K9Q", ""))
}

func TestJoinPayloadRoundTrip(t *testing.T) {
	p, err := JoinPayload("192.168.1.20:8765", "AB7K9Q")
	require.NoError(t, err)
	assert.Equal(t, "http://192.168.1.20:8765/app/#join=AB7K9Q", p, "a plain link a phone's camera opens")
	sym, err := scan.EncodeQR(p)
	require.NoError(t, err)
	assert.LessOrEqual(t, sym.Version, 4)
	// The picture the app shows reads back as the same invitation.
	codes, err := scan.NewDecoder(scan.DecodeOptions{}).Decode(scan.FrameFromImage(sym.Image(8, 4)))
	require.NoError(t, err)
	require.Len(t, codes, 1)
	assert.Equal(t, p, codes[0].Text)

	addr, code, err := ParseJoin(p, "ignored")
	require.NoError(t, err)
	assert.Equal(t, "192.168.1.20:8765", addr)
	assert.Equal(t, "AB7K9Q", code)

	// The app's scanner reads the link as an invitation, and the older
	// tag form still works.
	f := JoinFound(scan.NewFound(codes[0]))
	require.NoError(t, f.TagErr)
	assert.Equal(t, scan.KindJoin, f.Tag.Kind)
	assert.Equal(t, scan.Join{Addr: "192.168.1.20:8765", Code: "AB7K9Q"}, *f.Tag.Join)
	tag, err := JoinTagPayload("192.168.1.20:8765", "AB7K9Q")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(tag, "TO1J/"), tag)
	for _, in := range []string{p, tag, " " + p + " ", "http://192.168.1.20:8765/app/#join=ab7k-9q"} {
		addr, code, ok := ParseJoinLink(in)
		require.True(t, ok, in)
		assert.Equal(t, "192.168.1.20:8765", addr, in)
		assert.Equal(t, "AB7K9Q", code, in)
	}
	for _, in := range []string{"", "http://192.168.1.20:8765/", "http://192.168.1.20:8765/app/#join=",
		"ftp://x/app/#join=AB7K9Q", "https://example.com/?join=AB7K9Q", "http:// bad/#join=A"} {
		_, _, ok := ParseJoinLink(in)
		assert.False(t, ok, in)
	}
	other := JoinFound(scan.NewFound(scan.Code{Text: "https://example.com/"}))
	assert.Error(t, other.TagErr, "another link is no invitation")
}

func TestParseJoin(t *testing.T) {
	for _, tc := range []struct {
		in, code, addr, wantCode, err string
	}{
		{in: "192.168.1.20:8765", code: "ab7k9q", addr: "192.168.1.20:8765", wantCode: "AB7K9Q"},
		{in: " http://192.168.1.20:8765/ ", code: "AB7 K9Q", addr: "192.168.1.20:8765", wantCode: "AB7K9Q"},
		{in: "192.168.1.20", addr: "192.168.1.20:8765"},
		{in: "tablet.local:9000", addr: "tablet.local:9000"},
		{in: "[fe80::1]:9000", addr: "[fe80::1]:9000"},
		{in: "", err: "no address"},
		{in: "ftp://example.com/", err: "only http"},
		{in: "https://10.77.0.1:8765/app/#join=XY7K-9QAB", addr: "10.77.0.1:8765", wantCode: "XY7K9QAB"},
		{in: "1.2.3.4:99999", err: "not a port"},
		{in: "1.2.3.4:x", err: "not a port"},
		{in: "a b:80", err: "not a device address"},
		{in: "TO1J/AAAA/xyz/000", err: "join code"},
		{in: "http://10.0.0.5:8765/app/#join=XY7K-9QAB", code: "typed", addr: "10.0.0.5:8765", wantCode: "XY7K9QAB"},
	} {
		addr, code, err := ParseJoin(tc.in, tc.code)
		if tc.err != "" {
			require.Error(t, err, tc.in)
			assert.Contains(t, err.Error(), tc.err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.addr, addr, tc.in)
		assert.Equal(t, tc.wantCode, code, tc.in)
	}
	card, err := scan.Encode(scan.Tag{Kind: scan.KindCharacter, ID: "KIRK"})
	require.NoError(t, err)
	_, _, err = ParseJoin(card, "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not an invitation")
}

func TestPickLAN(t *testing.T) {
	ip := net.ParseIP
	wifi := Candidate{Iface: "wlan0", IP: ip("192.168.1.20"), Up: true, Multicast: true}
	docker := Candidate{Iface: "docker0", IP: ip("172.17.0.1"), Up: true, Multicast: true}
	lo := Candidate{Iface: "lo", IP: ip("127.0.0.1"), Up: true, Loopback: true}
	vpn := Candidate{Iface: "tun0", IP: ip("10.8.0.2"), Up: true, PointToPoint: true, Route: true}
	v6 := Candidate{Iface: "wlan0", IP: ip("fe80::1"), Up: true, Multicast: true}
	down := Candidate{Iface: "eth0", IP: ip("192.168.0.5"), Multicast: true}
	linkLocal := Candidate{Iface: "eth0", IP: ip("169.254.3.4"), Up: true, Multicast: true}
	public := Candidate{Iface: "eth0", IP: ip("203.0.113.7"), Up: true, Multicast: true, Route: true}
	for _, tc := range []struct {
		name  string
		cands []Candidate
		want  string
	}{
		{"wifi over docker and loopback", []Candidate{lo, docker, v6, wifi}, "192.168.1.20"},
		{"wifi over a VPN holding the default route", []Candidate{vpn, wifi}, "192.168.1.20"},
		{"an interface that is down is skipped", []Candidate{down, docker}, "172.17.0.1"},
		{"link-local when nothing else", []Candidate{lo, linkLocal}, "169.254.3.4"},
		{"private beats link-local", []Candidate{linkLocal, wifi}, "192.168.1.20"},
		{"a public address on the route when there is nothing private", []Candidate{lo, public}, "203.0.113.7"},
	} {
		got, err := PickLAN(tc.cands)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, got.String(), tc.name)
	}
	_, err := PickLAN([]Candidate{lo, v6, down})
	require.Error(t, err)
}

func TestMirrorFollowsHistory(t *testing.T) {
	// The mirror's history (a snapshot followed with the host's events, as
	// the client does) matches the session's through commands of several
	// events, undo, redo and a new command clearing the redo list.
	s := awayGame(t)
	snap := s.Snapshot()
	_, err := s.Execute(tracker.Note{Text: "a"})
	require.NoError(t, err)
	_, err = s.Undo()
	require.NoError(t, err)
	_, err = s.Redo()
	require.NoError(t, err)
	_, err = s.Undo()
	require.NoError(t, err)
	_, err = s.Undo()
	require.NoError(t, err)
	_, err = s.Execute(tracker.AdjustStun{Character: "c4", Delta: 2})
	require.NoError(t, err)
	got, err := snap.Follow(s.EventsSince(snap.Seq), s.State())
	require.NoError(t, err)
	assert.Equal(t, labels(s.History()), labels(got.History))
	assert.Equal(t, len(s.History().Undo), len(got.History.Undo))
	assert.Equal(t, s.Seq(), got.Seq)

	_, err = tracker.Snapshot{Kind: tracker.KindAway}.Follow([]tracker.Event{{Seq: 1, Step: 1, Type: tracker.TypeRedo}}, s.State())
	assert.Error(t, err)
}

func TestInstanceName(t *testing.T) {
	assert.Equal(t, "Table-Ops-Friday-night-Borg", instanceName("Friday night: Borg!"))
	assert.Equal(t, "Table-Ops-game", instanceName("ÆØÅ"))
	assert.LessOrEqual(t, len(instanceName(strings.Repeat("abc ", 50))), len("Table-Ops-")+41)
}
