package tracker

// CodeDuplicate: a request from another device with this nonce was already
// applied (a replay, or a retry of a request that went through).
const CodeDuplicate = "duplicate"

func duplicate() *Rejection {
	return reject(CodeDuplicate, "track.this_request_was_already_received", "This request was already received.")
}

// hasNonce reports whether an event of the log carries nonce (never for the
// empty nonce).
func (h *history) hasNonce(nonce string) bool {
	if nonce == "" {
		return false
	}
	_, ok := h.nonces[nonce]
	return ok
}

// ExecuteNonce is Execute for a request from another device identified by
// nonce (empty: none). The nonce is recorded with the command's first event,
// in the log and the journal, so a request whose nonce is already in the log
// (a replay, even after a restart) is refused with CodeDuplicate.
func (s *Session) ExecuteNonce(cmd Command, nonce string) ([]Event, error) {
	return s.execute(cmd, nonce)
}

// UndoNonce is Undo for a request from another device identified by nonce;
// see ExecuteNonce.
func (s *Session) UndoNonce(nonce string) (Step, error) { return s.undo(nonce) }

// RedoNonce is Redo for a request from another device identified by nonce;
// see ExecuteNonce.
func (s *Session) RedoNonce(nonce string) (Step, error) { return s.redo(nonce) }

// HasNonce reports whether the log holds an event made by the request with
// this nonce.
func (s *Session) HasNonce(nonce string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hist.hasNonce(nonce)
}
