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
//	s, _ := tracker.New(tracker.KindAway, tracker.Options{Now: clock, Seeds: tracker.CryptoSeeds{}})
//	evs, err := s.Execute(tracker.AdjustTrack{Character: "c3", Track: away.Defense, Delta: -1})
//	// evs[0].Label == "Worf: -1 Defense"; errors.Is(err, tracker.ErrRejected) for a refusal
//	st := s.State()        // read-only snapshot; never modified afterwards
//	h := s.History()       // h.Undo[0].Label is what Undo would take back
//	s.Undo(); s.Redo()
//	cancel := s.Subscribe(func(u tracker.Update) { ... })  // after every change, in order
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
// refused with ErrNotExport, ErrBadLog or ErrFutureVersion.
package tracker
