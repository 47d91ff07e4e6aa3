// Package tracker keeps the state of a game in progress for Star Trek: Away
// Missions and Star Trek: Ascendancy (with the Borg Assimilation expansion).
//
// A game is a Session: an ordered, append-only log of typed events with a
// schema version. The state is a fold over the log. Players change the state
// only through commands: a command is validated against the current state and
// either yields events or a *Rejection that explains, in words a player
// understands, why it was refused (the state is then unchanged).
//
// One command is one step in the undo list, however many events it yields
// (an attack with its damage, a battle round with its losses, a recharge).
// Undo and redo are themselves appended to the log as marker events, so the
// log never loses anything; the state is the fold over the effective steps.
// Virtual dice rolls record their seed, so replaying the log gives the same
// state byte for byte. Every rule is decided by the rules packages
// (rules/away, rules/ascendancy, rules/borg); this package records what they
// decide.
//
// # Using a session
//
// [New] starts a game ([Options] gives its clock and dice seeds);
// [Session.Execute] runs a command and returns its events, each with a
// Label for the log, or an error for which errors.Is(err, [ErrRejected])
// holds when the rules refused it. [Session.State] is a read-only snapshot,
// never modified afterwards; [Session.History] lists what [Session.Undo]
// would take back and [Session.Redo] restore; [Session.Subscribe] calls a
// function after every change, in order. ExampleSession (example_test.go)
// plays this through, and go test checks its output.
//
// Saved games come from tracker/store, whose *Game embeds a *Session that
// commits every event to disk before Execute, Undo or Redo returns.
//
// # Over the network
//
// Commands travel as {"type": "...", "data": {...}} (EncodeCommand,
// DecodeCommand; CommandTypes lists the tags). A host decodes a client's
// bytes with DecodeCommand, executes them and sends the *Rejection (JSON:
// code and reason) or lets its Subscribe callback broadcast Update.Events,
// each with its sequence number. A mirror checks the events it receives
// with the session's own bookkeeping, in one of two ways. The share client
// (share.Dial) has no log: it keeps the Snapshot the host sent and follows
// each batch of events, with the state the host says they lead to, through
// Snapshot.Follow, which updates the undo and redo lists as the host's
// session did. A mirror that has the whole log instead (New and Ingest, or
// Replay of EventsSince(0)) folds the state itself. Either resyncs, from a
// fresh Snapshot or EventsSince(seq), when the events do not continue what
// it has (a gap).
//
// # Files
//
// Export and ParseExport read and write one game as a JSON file with a
// format tag and schema version; damaged, truncated and newer files are
// refused with ErrNotExport, ErrBadLog or ErrFutureVersion, and files
// longer than a game can be (MaxGameEvents, MaxGameBytes: the session
// refuses a step past them) with ErrGameTooLong.
package tracker
