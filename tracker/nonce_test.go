package tracker

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNonceRefusedAfterRestart: a request's nonce is kept in the log (and in
// the stored records), so the same request is refused as a duplicate by the
// session that applied it and by one rebuilt from its log, however many
// requests came in between.
func TestNonceRefusedAfterRestart(t *testing.T) {
	s := newTestSession(t, KindAway)
	evs, err := s.ExecuteNonce(Note{Text: "first"}, "n-1")
	require.NoError(t, err)
	assert.Equal(t, "n-1", evs[0].Nonce)
	for i := range 5000 {
		_, err := s.ExecuteNonce(Note{Text: "more"}, "m-"+strconv.Itoa(i))
		require.NoError(t, err)
	}
	_, err = s.UndoNonce("u-1")
	require.NoError(t, err)
	_, err = s.RedoNonce("r-1")
	require.NoError(t, err)

	for _, replayed := range []*Session{s, restart(t, s)} {
		seq := replayed.Seq()
		_, err = replayed.ExecuteNonce(Note{Text: "first"}, "n-1")
		var rej *Rejection
		require.ErrorAs(t, err, &rej)
		assert.Equal(t, CodeDuplicate, rej.Code)
		_, err = replayed.UndoNonce("u-1")
		require.ErrorAs(t, err, &rej)
		assert.Equal(t, CodeDuplicate, rej.Code)
		_, err = replayed.RedoNonce("n-1")
		require.ErrorAs(t, err, &rej)
		assert.Equal(t, seq, replayed.Seq(), "nothing applied")
		assert.True(t, replayed.HasNonce("r-1"))
		assert.False(t, replayed.HasNonce(""))
		// Local changes carry no nonce and are never duplicates.
		_, err = replayed.Execute(Note{Text: "local"})
		require.NoError(t, err)
		_, err = replayed.Execute(Note{Text: "local"})
		require.NoError(t, err)
	}
}

// restart rebuilds a session from its log written as stored records.
func restart(t *testing.T, s *Session) *Session {
	t.Helper()
	var evs []Event
	for _, e := range s.Log() {
		b, err := MarshalRecord(e)
		require.NoError(t, err)
		got, err := UnmarshalRecord(b)
		require.NoError(t, err)
		assert.Equal(t, e.Nonce, got.Nonce)
		evs = append(evs, got)
	}
	r, err := Replay(KindAway, evs, Options{Now: testClock()})
	require.NoError(t, err)
	return r
}

// TestNonceInJSONAndRecords: the nonce travels in the event's JSON and its
// record; a record without one is the version-1 record it always was; a log
// that repeats a nonce is refused.
func TestNonceInJSONAndRecords(t *testing.T) {
	e := Event{Seq: 1, Step: 1, Type: TypeUndo, Label: "Undo", Nonce: "abc"}
	b, err := json.Marshal(e)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"nonce":"abc"`)
	var back Event
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, "abc", back.Nonce)

	e.Nonce = ""
	rec, err := MarshalRecord(e)
	require.NoError(t, err)
	assert.Equal(t, byte(recordVersion), rec[0])
	b, _ = json.Marshal(e)
	assert.NotContains(t, string(b), "nonce")

	s := newTestSession(t, KindAway)
	_, err = s.ExecuteNonce(Note{Text: "a"}, "same")
	require.NoError(t, err)
	log := s.Log()
	log = append(log, Event{Seq: 2, Step: 2, Type: log[0].Type, Label: "b", Nonce: "same", Payload: log[0].Payload})
	_, err = Replay(KindAway, log, Options{})
	assert.ErrorContains(t, err, "already applied")
}
