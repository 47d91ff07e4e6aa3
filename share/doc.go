// Package share lets one device host a game on the local network and others
// join it (ARCHITECTURE.md, "One tap, from the phone to every other phone").
//
// The host (Start) is the only authority: it runs the game's tracker
// session, validates every command and broadcasts the resulting events with
// their sequence numbers. It serves, on one HTTP port bound to the LAN
// address (LANAddr) or to an address the caller gives:
//
//	GET  /              a self-contained, read-only web scoreboard (live over WebSocket)
//	GET  /api/state     the game as JSON: StateResponse (a tracker.Snapshot, its history cut to a window, and the game's name)
//	POST /api/command   one command as tracker.EncodeCommand writes it; needs the join code
//	POST /api/undo      take back the last step; needs the join code
//	POST /api/redo      restore the step last undone; needs the join code
//	GET  /api/ws        WebSocket: HostMessages out, ClientMessages in
//	GET  /app/          the web app (Options.App) in brotli, gzip or plain, as the browser takes it, or how to build it
//
// With a certificate (Options.Cert; StartKept uses the host's own, made
// once and kept with its settings, HostCertificate) the same port answers
// https too: the first byte of a connection tells a TLS handshake from
// plain http. Phones get the app, the API and the WebSocket over https, a
// secure context on the LAN (live camera, service worker, install,
// brotli), after confirming the certificate once; the TV's scoreboard and
// the desktop app keep plain http, and old http links keep working.
//
// StartKept shares a saved game with the join code and port it had the
// last time (Keeper, KeepFile): after a restart the phones find the host
// where it was, with the code they have, and come back by themselves on
// their seats. A new code is made only when the host asks for one
// (Host.NewCode, KeptOptions.NewCode) or after the guessing limit.
//
// Only requests naming this device (an IP address, localhost or its own
// name) are answered, against DNS rebinding; a POST with a foreign Origin
// is refused.
//
// Writing needs the join code: in the X-Join-Code header, or, from a
// browser (which cannot set headers), in the hello message that starts the
// WebSocket. Codes are compared in constant time. Wrong codes are bounded
// per address (an IPv6 /64 counts as one) and by a budget all addresses
// share (Options.FailRate); an address that has been guessing has its codes
// refused unread (429) for a while, and while the shared budget is spent
// only addresses with no recent wrong code are compared, so the right code
// from a table's phone always gets in and guessing stays capped. The host
// keeps its code (re-issuing it, Options.MaxFailures, is off by default).
// Reading does not need the code. POST requests may carry X-Basis (the log sequence
// number the sender last saw: the command is refused as stale if the game
// has moved on) and X-Nonce (a unique request id: a repeat is refused as a
// duplicate). A POST answers 200 with a CommandResponse, 409 with a
// tracker.Rejection when the game refuses the command, 400 for a malformed
// one, 403 for a wrong or missing join code, 413 when it is too large and
// 429 when the sender is too fast.
//
// A WebSocket without the code in its headers must first send a hello
// (OpHello: the code or none to watch, and optionally the seat, the device's
// id and the log position it has). Until it does it waits in a room of
// bounded size, at most two sockets an address; a page starting up may take
// long, but once the room is full a newcomer takes the place of a socket
// silent for more than half a second (the oldest of the address holding
// the most), so silent sockets cannot keep phones out; a closed page
// retries. Players and watchers have separate
// slots, and one address may hold only Options.MaxPerAddr connections, so
// watchers never crowd players out; one address watches on at most four,
// and when every watcher's slot is taken a newcomer takes the place of the
// newest watcher of the address holding the most (two more than its own),
// so a guest cannot keep the table's own screens out. A device takes a seat (a player, or
// SeatWatch) with the hello or OpSeat; the seats taken are in every
// snapshot, in OpSeats messages and in /api/state. A device that comes back
// gets its seat again and only the events it missed; one that comes back
// with a code the host no longer takes is told CodeCodeChanged.
//
// A snapshot (on the WebSocket and at /api/state) carries the state and
// the newest HistoryWindow steps of the undo and redo lists, so its size
// does not grow with the game; HistoryCut tells there are older steps, which
// a player's connection gets with OpHistory, HistoryPage at a time
// (Client.LoadOlderHistory; the client fetches them itself when Undo has
// taken back most of its window).
//
// On the WebSocket the host then sends a snapshot, then an "events" message
// after every change: the new events (numbered without gaps) and the state
// they lead to. A client that sees a gap, or whose queue on the host
// overflows, gets a fresh snapshot (it asks with a "resync" message; the
// host sends one on its own after an overflow). Commands, undo and redo are
// answered by a "result" message with the request's id. Message size,
// per-client rate, snapshot requests and the number of clients are bounded;
// a message, once started, must end within 10 seconds and a bounded number
// of frames, or the connection is closed and its address waits before it
// connects again;
// a malformed or hostile message is refused and never stops the host.
// Refusals are logged as summaries: the first of each kind at once, the
// rest counted once a period (Options.LogEvery).
//
// Client (Dial) is the other end: a mirror of the host's game that
// implements the methods the app's game screens use (Kind, State, History,
// Execute, Undo, Redo, Subscribe, NewSeed), so a joined game plays like a
// saved one. It keeps the snapshot the host sent and follows it with every
// events message through tracker.Snapshot.Follow (the tracker's own undo
// and redo bookkeeping; the state is the one the host sent), and asks for
// a fresh snapshot when the events do not continue it.
//
// The invitation (JoinPayload, ParseJoin, ParseJoinLink) is a plain link
// that opens the web app already joined, "https://ADDR/app/#join=CODE"
// (http:// on a host without a certificate), shown
// as a QR code next to the URL and the code; a phone's camera opens it and
// the app's scanner reads it. The older join tag, "TO1J/<code>/<address>/<check>",
// still works. mDNS (Announce, Browse) is a best-effort
// extra for finding hosts; the QR code or the typed address always works.
package share
