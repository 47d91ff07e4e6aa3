// Package share lets one device host a game on the local network and others
// join it (DESIGN.md, "Sharing").
//
// The host (Start) is the only authority: it runs the game's tracker
// session, validates every command and broadcasts the resulting events with
// their sequence numbers. It serves, on one HTTP port bound to the LAN
// address (LANAddr) or to an address the caller gives:
//
//	GET  /              a self-contained, read-only web scoreboard (live over WebSocket)
//	GET  /api/state     the game as JSON: StateResponse (a tracker.Snapshot and the game's name)
//	POST /api/command   one command as tracker.EncodeCommand writes it; needs the join code
//	POST /api/undo      take back the last step; needs the join code
//	POST /api/redo      restore the step last undone; needs the join code
//	GET  /api/ws        WebSocket: HostMessages out, ClientMessages in
//
// Writing needs the join code in the X-Join-Code header (compared in constant
// time); reading does not. POST requests may carry X-Basis (the log sequence
// number the sender last saw: the command is refused as stale if the game
// has moved on) and X-Nonce (a unique request id: a repeat is refused as a
// duplicate). A POST answers 200 with a CommandResponse, 409 with a
// tracker.Rejection when the game refuses the command, 400 for a malformed
// one, 403 for a wrong or missing join code, 413 when it is too large and
// 429 when the sender is too fast.
//
// On the WebSocket the host first sends a snapshot, then an "events" message
// after every change: the new events (numbered without gaps) and the state
// they lead to. A client that sees a gap, or whose queue on the host
// overflows, gets a fresh snapshot (it asks with a "resync" message; the
// host sends one on its own after an overflow). Commands, undo and redo are
// answered by a "result" message with the request's id. Message size,
// per-client rate and the number of clients are bounded; a malformed or
// hostile message is refused and logged and never stops the host.
//
// Client (Dial) is the other end: a mirror of the host's game that
// implements the methods the app's game screens use (Kind, State, History,
// Execute, Undo, Redo, Subscribe, NewSeed), so a joined game plays like a
// saved one.
//
// The invitation is the join payload (JoinPayload, ParseJoin): the scan
// package's join tag, "TO1J/<code>/<address>/<check>", shown as a QR code
// next to the URL and the code. mDNS (Announce, Browse) is a best-effort
// extra for finding hosts; the QR code or the typed address always works.
package share
