// Package tracker keeps the state of a game in progress for Star Trek: Away
// Missions and Star Trek: Ascendancy (with the Borg Assimilation expansion).
//
// A game is a Session: an ordered, append-only log of typed events with a
// schema version. The state is a fold over the log. Players change the state
// only through commands: a command is validated against the current state and
// either yields events or a *Rejection that explains, in words a player
// understands, why it was refused (the state is then unchanged).
//
// One command is one step in the undo list, however many events it yields.
// Undo and redo are themselves appended to the log as marker events, so the
// log never loses anything; the state is the fold over the effective steps.
// Virtual dice rolls record their seed, so replaying the log gives the same
// state byte for byte.
//
// Commands and events travel as JSON with a type tag (see EncodeCommand,
// DecodeCommand and Event). The game rules themselves live in the rules
// packages; this package only records what they decide.
package tracker
