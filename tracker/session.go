package tracker

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Journal receives a session's new events. Append must make them durable
// (commit them) before it returns; if it returns an error the session drops
// the events and its state stays as it was. after is the state the events
// lead to, for summaries (it must not be modified).
type Journal interface {
	Append(events []Event, after *State) error
}

// Options configure a session. Every field may be left empty: Now defaults
// to time.Now, no Seeds means virtual rolls are refused, no Journal keeps the
// log in memory only.
type Options struct {
	Now     func() time.Time
	Seeds   SeedSource
	Journal Journal
}

// Step is one entry of the undo or redo list: the events of one command.
type Step struct {
	ID     uint64    `json:"id"`
	Label  string    `json:"label"`
	At     time.Time `json:"at"`
	Events []Event   `json:"events"`
}

// History is a session's undo and redo lists. Undo starts with the step the
// next Undo takes back; Redo starts with the step the next Redo restores.
type History struct {
	Undo []Step `json:"undo"`
	Redo []Step `json:"redo"`
}

// Update tells a subscriber what changed: the events just appended to the
// log (command events or one undo/redo marker) and the state they led to.
type Update struct {
	Events []Event `json:"events"`
	Seq    uint64  `json:"seq"`
	State  *State  `json:"state"`
}

// Snapshot is everything a remote device needs to show a session without
// its log: the log position, the state and the undo/redo labels.
type Snapshot struct {
	Schema  int     `json:"schema"`
	Kind    Kind    `json:"kind"`
	Seq     uint64  `json:"seq"`
	State   *State  `json:"state"`
	History History `json:"history"`
}

// Session is one game in progress. It is safe for use from several
// goroutines. The *State it returns is never modified afterwards (each
// change builds a new state), so it may be read without locking; it must not
// be modified by the caller.
//
// Changes are made one at a time. Reads (State, Snapshot, History, Seq,
// the log) never wait for a change's journal Append: while a slow disk
// commits a step they return the game as it was before it.
type Session struct {
	// change serializes the changes (Execute, Undo, Redo, Ingest): it is
	// held from the decision through the journal's Append. Only its holder
	// changes log, hist and state, and does so under mu too.
	change sync.Mutex
	// mu guards the fields below; it is never held while the journal
	// writes, so reads (State, Snapshot, History, ...) do not wait on a
	// slow disk.
	mu    sync.Mutex
	kind  Kind
	opts  Options
	log   []Event
	hist  history
	state *State

	// size is the bytes the log's events take in an export file
	// (eventExportSize), once sized; only the holder of change uses them.
	size  int64
	sized bool

	subs       map[int]func(Update)
	nextSub    int
	queue      []Update
	delivering bool
}

// history is the step structure of a log: which events belong to which
// step, and which steps are in effect (done) or undone (redo list).
type history struct {
	steps  [][]Event // steps[i] holds the events of step i+1
	done   []uint64
	undone []uint64
	last   Event // the last event accepted, for step continuity
	n      uint64
	nonces map[string]struct{} // the nonces of the log's events
}

// accept checks that e may follow the log so far and records it.
func (h *history) accept(e Event) error {
	if e.Seq != h.n+1 {
		return fmt.Errorf("event %d: expected sequence number %d", e.Seq, h.n+1)
	}
	switch e.Type {
	case TypeUndo:
		if len(h.done) == 0 || h.done[len(h.done)-1] != e.Step {
			return fmt.Errorf("event %d: undo of step %d, which is not the last step in effect", e.Seq, e.Step)
		}
		h.done = h.done[:len(h.done)-1]
		h.undone = append(h.undone, e.Step)
	case TypeRedo:
		if len(h.undone) == 0 || h.undone[len(h.undone)-1] != e.Step {
			return fmt.Errorf("event %d: redo of step %d, which is not the next step to redo", e.Seq, e.Step)
		}
		h.undone = h.undone[:len(h.undone)-1]
		h.done = append(h.done, e.Step)
	default:
		if e.Payload == nil {
			return fmt.Errorf("event %d (%s): no data", e.Seq, e.Type)
		}
		switch {
		case h.n > 0 && !h.last.IsMarker() && e.Step == h.last.Step:
			h.steps[e.Step-1] = append(h.steps[e.Step-1], e)
		case e.Step == uint64(len(h.steps))+1:
			h.steps = append(h.steps, []Event{e})
			h.done = append(h.done, e.Step)
			h.undone = h.undone[:0]
		default:
			return fmt.Errorf("event %d: step %d out of order", e.Seq, e.Step)
		}
	}
	if e.Nonce != "" {
		if _, dup := h.nonces[e.Nonce]; dup {
			return fmt.Errorf("event %d: request %q was already applied", e.Seq, e.Nonce)
		}
		if h.nonces == nil {
			h.nonces = map[string]struct{}{}
		}
		h.nonces[e.Nonce] = struct{}{}
	}
	h.last = e
	h.n++
	return nil
}

// fold builds the state of the steps in effect.
func (h *history) fold(kind Kind) (*State, error) {
	st := NewState(kind)
	for _, id := range h.done {
		for _, e := range h.steps[id-1] {
			if err := e.Payload.apply(st); err != nil {
				return nil, fmt.Errorf("event %d (%s): %w", e.Seq, e.Type, err)
			}
		}
	}
	return st, nil
}

func (h *history) step(id uint64) Step {
	evs := h.steps[id-1]
	return Step{ID: id, Label: stepLabel(evs), At: evs[0].At, Events: evs}
}

// Texts is the step's label as data (see Msg): its events' texts, joined
// by "; " as Label is.
func (st Step) Texts() Texts { return stepTexts(st.Events) }

func stepTexts(evs []Event) Texts {
	var t Texts
	for _, e := range evs {
		if e.Label == "" {
			continue
		}
		if len(t) > 0 {
			t = append(t, raw("; "))
		}
		t = append(t, e.LabelTexts()...)
	}
	return t
}

// LabelTexts is the event's label as data: Texts, or for an event written
// by an older version the English Label as it is.
func (e Event) LabelTexts() Texts {
	if len(e.Texts) > 0 {
		return e.Texts
	}
	if e.Label == "" {
		return nil
	}
	return Texts{raw(e.Label)}
}

func stepLabel(evs []Event) string {
	labels := make([]string, 0, len(evs))
	for _, e := range evs {
		if e.Label != "" {
			labels = append(labels, e.Label)
		}
	}
	return strings.Join(labels, "; ")
}

// New starts an empty session for a game.
func New(kind Kind, opts Options) (*Session, error) {
	return Replay(kind, nil, opts)
}

// Replay rebuilds a session from its log, checking that the log is
// consistent (sequence numbers without gaps, steps in order, undo and redo
// markers that match) and that every event applies. The events are not
// written to opts.Journal: they are assumed to be stored already.
func Replay(kind Kind, events []Event, opts Options) (*Session, error) {
	if !kind.Valid() {
		return nil, fmt.Errorf("replay: unknown game %q", kind)
	}
	s := &Session{kind: kind, opts: opts, subs: map[int]func(Update){}}
	for _, e := range events {
		if err := s.hist.accept(e); err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
	}
	st, err := s.hist.fold(kind)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	s.log = append(make([]Event, 0, len(events)), events...)
	s.state = st
	return s, nil
}

func (s *Session) now() time.Time {
	if s.opts.Now != nil {
		return s.opts.Now().UTC().Round(0)
	}
	return time.Now().UTC().Round(0)
}

// NewSeed draws a seed from the session's seed source, for a virtual roll
// the app shows before the players decide (see Roll). It returns false when
// the session has no seed source.
func (s *Session) NewSeed() (uint64, bool) {
	if s.opts.Seeds == nil {
		return 0, false
	}
	return s.opts.Seeds.NextSeed(), true
}

// Kind returns the game the session tracks.
func (s *Session) Kind() Kind { return s.kind }

// State returns the current state. It is shared and never changed by the
// session afterwards; do not modify it.
func (s *Session) State() *State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

// Seq returns the sequence number of the last event in the log (0 if empty).
func (s *Session) Seq() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return uint64(len(s.log))
}

// Log returns a copy of the whole log, markers included.
func (s *Session) Log() []Event {
	return s.EventsSince(0)
}

// EventsSince returns a copy of the events after sequence number seq.
func (s *Session) EventsSince(seq uint64) []Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	if seq >= uint64(len(s.log)) {
		return nil
	}
	return append([]Event(nil), s.log[seq:]...)
}

// History returns the labelled undo and redo lists.
func (s *Session) History() History {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.historyLocked()
}

func (s *Session) historyLocked() History { return s.hist.lists() }

// lists returns the undo and redo lists, the newest step first.
func (h *history) lists() History {
	var l History
	for i := len(h.done) - 1; i >= 0; i-- {
		l.Undo = append(l.Undo, h.step(h.done[i]))
	}
	for i := len(h.undone) - 1; i >= 0; i-- {
		l.Redo = append(l.Redo, h.step(h.undone[i]))
	}
	return l
}

// Snapshot returns the log position, state and history in one consistent view.
func (s *Session) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Snapshot{Schema: SchemaVersion, Kind: s.kind, Seq: uint64(len(s.log)), State: s.state, History: s.historyLocked()}
}

// SnapshotWindow is Snapshot with the undo and redo lists cut to their
// newest n steps each; only those steps are listed, so a host that sends
// a window of a long game's history does no work that grows with the
// game. cut reports that the undo list holds older steps (OlderSteps).
func (s *Session) SnapshotWindow(n int) (snap Snapshot, cut bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := &s.hist
	var l History
	for i := len(h.done) - 1; i >= 0 && len(l.Undo) < n; i-- {
		l.Undo = append(l.Undo, h.step(h.done[i]))
	}
	for i := len(h.undone) - 1; i >= 0 && len(l.Redo) < n; i-- {
		l.Redo = append(l.Redo, h.step(h.undone[i]))
	}
	snap = Snapshot{Schema: SchemaVersion, Kind: s.kind, Seq: uint64(len(s.log)), State: s.state, History: l}
	return snap, len(h.done) > n
}

// OlderSteps returns at most n steps of the undo list older than the
// step before, newest first, and whether still older ones are left;
// found is false when the undo list holds no step before.
func (s *Session) OlderSteps(before uint64, n int) (steps []Step, more, found bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := &s.hist
	for i := len(h.done) - 1; i >= 0; i-- {
		if h.done[i] != before {
			continue
		}
		j := i - 1
		for ; j >= 0 && len(steps) < n; j-- {
			steps = append(steps, h.step(h.done[j]))
		}
		return steps, j >= 0, true
	}
	return nil, false, false
}

// MaxNonceLen bounds the nonce of a request from another device
// (ExecuteNonce): at most this many bytes, all printable, as the share
// host takes them. The session refuses longer ones and an import refuses
// a log that holds one.
const MaxNonceLen = 64

// checkNonce refuses a nonce no request may carry (see MaxNonceLen).
func checkNonce(nonce string) error {
	if len(nonce) > MaxNonceLen {
		return fmt.Errorf("a request id of %d bytes; at most %d", len(nonce), MaxNonceLen)
	}
	for _, r := range nonce {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("a request id with the unprintable character %U", r)
		}
	}
	return nil
}

// badNonce is the refusal of a request whose nonce checkNonce refuses.
func badNonce() *Rejection {
	return reject(CodeInvalid, "track.request_id_out_of_range", "A request id is at most %d bytes of printable text.", MaxNonceLen)
}

// Execute validates cmd against the current state. A valid command yields
// its events, which are committed to the journal, appended to the log and
// applied; they are returned with their sequence numbers. An invalid command
// returns a *Rejection (errors.Is(err, ErrRejected)); a journal failure
// returns its error. In both cases nothing changes.
func (s *Session) Execute(cmd Command) ([]Event, error) { return s.execute(cmd, "") }

func (s *Session) execute(cmd Command, nonce string) ([]Event, error) {
	if cmd == nil {
		return nil, reject(CodeInvalid, "track.no_command_given", "no command given")
	}
	if checkNonce(nonce) != nil {
		return nil, badNonce()
	}
	s.change.Lock()
	if s.hist.hasNonce(nonce) {
		s.change.Unlock()
		return nil, duplicate()
	}
	scratch, err := s.state.Clone()
	if err != nil {
		s.change.Unlock()
		return nil, fmt.Errorf("execute %s: %w", cmd.CommandType(), err)
	}
	c := &decideCtx{s: s.state, seeds: s.opts.Seeds, scratch: scratch}
	if err := safeDecide(cmd, c); err != nil {
		s.change.Unlock()
		var r *Rejection
		if errors.As(err, &r) {
			return nil, r
		}
		return nil, fmt.Errorf("execute %s: %w", cmd.CommandType(), err)
	}
	if len(c.events) == 0 {
		s.change.Unlock()
		return nil, reject(CodeNothing, "track.that_changes_nothing", "That changes nothing.")
	}
	at := s.now()
	step := uint64(len(s.hist.steps)) + 1
	for i := range c.events {
		c.events[i].Seq = uint64(len(s.log)) + uint64(i) + 1
		c.events[i].Step = step
		c.events[i].At = at
	}
	c.events[0].Nonce = nonce
	size, err := s.fits(c.events)
	if err != nil {
		s.change.Unlock()
		return nil, err
	}
	out, err := s.commitLocked(c.events, scratch, size)
	if err != nil {
		return nil, fmt.Errorf("execute %s: %w", cmd.CommandType(), err)
	}
	return out, nil
}

// fits checks that a step's events may join the log: that the game stays
// within MaxGameEvents events and MaxGameBytes bytes in its export file,
// and that each event is one an import takes (at most MaxEventSize bytes
// in the file, a label of at most maxTextLen characters). It returns the
// events' bytes in the file. The caller holds s.change. A session rebuilt
// from its log counts the log's bytes here, the first time it makes a
// step.
func (s *Session) fits(events []Event) (int64, error) {
	if len(s.log)+len(events) > MaxGameEvents {
		return 0, gameFull()
	}
	if !s.sized {
		var total int64
		for _, e := range s.log {
			n, err := eventExportSize(e)
			if err != nil {
				return 0, fmt.Errorf("size of the log: %w", err)
			}
			total += n
		}
		s.size, s.sized = total, true
	}
	var size int64
	for _, e := range events {
		n, err := eventExportSize(e)
		if err != nil {
			return 0, fmt.Errorf("size of the step: %w", err)
		}
		if n > MaxEventSize || utf8.RuneCountInString(e.Label) > maxTextLen {
			return 0, reject(CodeInvalid, "track.step_too_large", "This step is too large to record (%d bytes; at most %d).", n, MaxEventSize)
		}
		size += n
	}
	if s.size+size > MaxGameBytes {
		return 0, gameFull()
	}
	return size, nil
}

// gameFull refuses a step past the longest game (MaxGameEvents,
// MaxGameBytes).
func gameFull() *Rejection {
	return reject(CodeNotNow, "track.game_full", "This game is full: a game holds at most %d events (%d MB in its file), so no more steps can be recorded.", MaxGameEvents, MaxGameBytes>>20)
}

// safeDecide runs a command's decision, turning a panic (a bug, but one a
// remote command must not be able to use to stop the app) into an error.
func safeDecide(cmd Command, c *decideCtx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error deciding %s: %v", cmd.CommandType(), r)
		}
	}()
	return cmd.decide(c)
}

// commitLocked journals events, records them and swaps in the new state,
// then releases the change lock and notifies subscribers. The caller holds
// s.change (not s.mu): the journal's Append, which may wait on a slow
// disk, runs without s.mu, so reads go on meanwhile with the last
// committed state; the log, history, state and the subscribers' queue
// then change together under s.mu. The events must already be known to
// continue the log (made by this session, or checked by Ingest). On error
// the lock is released and nothing changes.
func (s *Session) commitLocked(events []Event, next *State, size int64) ([]Event, error) {
	if s.opts.Journal != nil {
		if err := s.opts.Journal.Append(events, next); err != nil {
			s.change.Unlock()
			return nil, fmt.Errorf("save: %w", err)
		}
	}
	out := append([]Event(nil), events...)
	s.mu.Lock()
	for _, e := range events {
		if err := s.hist.accept(e); err != nil {
			// Unreachable for checked events; the journal has them, so
			// the session must not go on with a different log.
			s.mu.Unlock()
			s.change.Unlock()
			return nil, fmt.Errorf("internal: %w", err)
		}
	}
	s.log = append(s.log, events...)
	s.state = next
	s.queue = append(s.queue, Update{Events: out, Seq: uint64(len(s.log)), State: next})
	s.mu.Unlock()
	s.size += size
	// Delivery runs without the change lock, as a subscriber may
	// Execute; the updates were queued in commit order and flush keeps it.
	s.change.Unlock()
	s.flush()
	return out, nil
}

// Undo takes back the last step in effect and returns it. With nothing to
// undo it returns a *Rejection with CodeNothing.
func (s *Session) Undo() (Step, error) { return s.undo("") }

func (s *Session) undo(nonce string) (Step, error) {
	if checkNonce(nonce) != nil {
		return Step{}, badNonce()
	}
	s.change.Lock()
	if s.hist.hasNonce(nonce) {
		s.change.Unlock()
		return Step{}, duplicate()
	}
	if len(s.hist.done) == 0 {
		s.change.Unlock()
		return Step{}, reject(CodeNothing, "track.nothing_to_undo", "Nothing to undo.")
	}
	id := s.hist.done[len(s.hist.done)-1]
	st := s.hist.step(id)
	h := s.hist
	h.done = h.done[: len(h.done)-1 : len(h.done)-1]
	next, err := h.fold(s.kind)
	if err != nil {
		s.change.Unlock()
		return Step{}, fmt.Errorf("undo: %w", err)
	}
	m := Event{Seq: uint64(len(s.log)) + 1, Step: id, Type: TypeUndo, Label: "Undo: " + st.Label, At: s.now(), Nonce: nonce,
		Texts: append(Texts{{Key: "track.undo_step", Text: "Undo: "}}, stepTexts(st.Events)...)}
	size, err := s.fits([]Event{m})
	if err != nil {
		s.change.Unlock()
		return Step{}, err
	}
	if _, err := s.commitLocked([]Event{m}, next, size); err != nil {
		return Step{}, fmt.Errorf("undo: %w", err)
	}
	return st, nil
}

// Redo restores the step most recently undone and returns it. With nothing
// to redo it returns a *Rejection with CodeNothing. Executing a new command
// clears the redo list.
func (s *Session) Redo() (Step, error) { return s.redo("") }

func (s *Session) redo(nonce string) (Step, error) {
	if checkNonce(nonce) != nil {
		return Step{}, badNonce()
	}
	s.change.Lock()
	if s.hist.hasNonce(nonce) {
		s.change.Unlock()
		return Step{}, duplicate()
	}
	if len(s.hist.undone) == 0 {
		s.change.Unlock()
		return Step{}, reject(CodeNothing, "track.nothing_to_redo", "Nothing to redo.")
	}
	id := s.hist.undone[len(s.hist.undone)-1]
	st := s.hist.step(id)
	next, err := s.state.Clone()
	if err == nil {
		for _, e := range st.Events {
			if err = e.Payload.apply(next); err != nil {
				break
			}
		}
	}
	if err != nil {
		s.change.Unlock()
		return Step{}, fmt.Errorf("redo: %w", err)
	}
	m := Event{Seq: uint64(len(s.log)) + 1, Step: id, Type: TypeRedo, Label: "Redo: " + st.Label, At: s.now(), Nonce: nonce,
		Texts: append(Texts{{Key: "track.redo_step", Text: "Redo: "}}, stepTexts(st.Events)...)}
	size, err := s.fits([]Event{m})
	if err != nil {
		s.change.Unlock()
		return Step{}, err
	}
	if _, err := s.commitLocked([]Event{m}, next, size); err != nil {
		return Step{}, fmt.Errorf("redo: %w", err)
	}
	return st, nil
}

// Ingest appends events decided elsewhere (by the host of a shared game) to
// a mirror session, checking that they continue the log. They are written
// to the journal like executed events. On error nothing changes; a client
// that gets an error should resync from a snapshot or the full log. A
// mirror that has a Snapshot instead of the log follows with
// Snapshot.Follow, which checks the events the same way.
func (s *Session) Ingest(events []Event) error {
	if len(events) == 0 {
		return nil
	}
	s.change.Lock()
	h, err := s.hist.follow(events)
	if err != nil {
		s.change.Unlock()
		return fmt.Errorf("ingest: %w", err)
	}
	next, err := h.fold(s.kind)
	if err != nil {
		s.change.Unlock()
		return fmt.Errorf("ingest: %w", err)
	}
	// The host decided the events and bounds the game; the size is
	// counted again if this session ever makes a step itself.
	s.sized = false
	if _, err := s.commitLocked(events, next, 0); err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	return nil
}

// follow returns the history after events decided elsewhere, checked as
// the session checks its own (accept); h is not changed. Ingest and
// Snapshot.Follow both follow a host with it.
func (h *history) follow(events []Event) (history, error) {
	next := *h
	next.steps = slices.Clone(h.steps)
	next.done = slices.Clone(h.done)
	next.undone = slices.Clone(h.undone)
	next.nonces = maps.Clone(h.nonces)
	for _, e := range events {
		if err := next.accept(e); err != nil {
			return history{}, err
		}
	}
	return next, nil
}

// maxFollowSteps bounds the step numbers of a snapshot Follow accepts: a
// mirror keeps a slot for every step of the game, and no game has a
// million steps, but a snapshot from a broken host may claim any number.
const maxFollowSteps = 1 << 20

// Follow returns the snapshot after events decided elsewhere (by the host
// of a shared game), with the state they lead to as the host sent it: a
// mirror that has no log, only a Snapshot and the events after it (the
// share client), follows the host with it. The events must continue the
// snapshot's log as Ingest checks them (the next sequence numbers, a new
// step or the continuation of the last one, undo and redo markers of the
// steps at the top of the undo and redo lists); the undo and redo lists
// are then changed as the host's session changed them. Otherwise, or when
// after is nil, it returns an error: the mirror should resync from a fresh
// snapshot. s is not changed.
func (s Snapshot) Follow(events []Event, after *State) (Snapshot, error) {
	if after == nil {
		return Snapshot{}, errors.New("follow: no state")
	}
	h, err := historyOf(s)
	if err != nil {
		return Snapshot{}, fmt.Errorf("follow: %w", err)
	}
	next, err := h.follow(events)
	if err != nil {
		return Snapshot{}, fmt.Errorf("follow: %w", err)
	}
	return Snapshot{Schema: s.Schema, Kind: s.Kind, Seq: next.n, State: after, History: next.lists()}, nil
}

// historyOf rebuilds the step structure of a log from a snapshot of it:
// the steps of its undo and redo lists (steps dropped from the redo list
// by a newer command keep an empty slot), and its last event when that
// belongs to a step (otherwise the log ends with an undo or redo marker).
// The nonces of the log are not in a snapshot: only those of the events
// followed are checked.
func historyOf(s Snapshot) (history, error) {
	var top uint64
	for _, l := range [][]Step{s.History.Undo, s.History.Redo} {
		for _, st := range l {
			if st.ID == 0 || len(st.Events) == 0 {
				return history{}, fmt.Errorf("snapshot: step %d has no events", st.ID)
			}
			top = max(top, st.ID)
		}
	}
	if top > s.Seq || top > maxFollowSteps {
		return history{}, fmt.Errorf("snapshot: step %d at log position %d", top, s.Seq)
	}
	h := history{n: s.Seq, steps: make([][]Event, top), last: Event{Seq: s.Seq, Type: TypeUndo}}
	place := func(st Step) error {
		if h.steps[st.ID-1] != nil {
			return fmt.Errorf("snapshot: step %d listed twice", st.ID)
		}
		// Clipped: a step continued here must not write into the
		// snapshot's own events.
		h.steps[st.ID-1] = slices.Clip(st.Events)
		if e := st.Events[len(st.Events)-1]; e.Seq == s.Seq {
			h.last = e
		}
		return nil
	}
	for i := len(s.History.Undo) - 1; i >= 0; i-- {
		if err := place(s.History.Undo[i]); err != nil {
			return history{}, err
		}
		h.done = append(h.done, s.History.Undo[i].ID)
	}
	for i := len(s.History.Redo) - 1; i >= 0; i-- {
		if err := place(s.History.Redo[i]); err != nil {
			return history{}, err
		}
		h.undone = append(h.undone, s.History.Redo[i].ID)
	}
	return h, nil
}

// Subscribe registers fn to be called after every change, in log order,
// from the goroutine that made the change (or one that is already
// delivering). fn may call the session, including Execute. The returned
// function unsubscribes.
func (s *Session) Subscribe(fn func(Update)) (cancel func()) {
	s.mu.Lock()
	id := s.nextSub
	s.nextSub++
	s.subs[id] = fn
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		delete(s.subs, id)
		s.mu.Unlock()
	}
}

// flush delivers queued updates unless another call is already doing so.
func (s *Session) flush() {
	s.mu.Lock()
	if s.delivering {
		s.mu.Unlock()
		return
	}
	s.delivering = true
	for len(s.queue) > 0 {
		u := s.queue[0]
		s.queue = s.queue[1:]
		fns := make([]func(Update), 0, len(s.subs))
		ids := make([]int, 0, len(s.subs))
		for id := range s.subs {
			ids = append(ids, id)
		}
		sortInts(ids)
		for _, id := range ids {
			fns = append(fns, s.subs[id])
		}
		s.mu.Unlock()
		for _, fn := range fns {
			fn(u)
		}
		s.mu.Lock()
	}
	s.delivering = false
	s.mu.Unlock()
}
