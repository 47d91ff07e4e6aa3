package tracker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"time"
)

// SchemaVersion is the version of the event log format written by this
// package. Logs and export files with a higher version are refused.
const SchemaVersion = 1

// Kind names the game a session tracks.
type Kind string

// The games a session can track.
const (
	// KindAway is Star Trek: Away Missions.
	KindAway Kind = "away"
	// KindAscendancy is Star Trek: Ascendancy, optionally with the Borg.
	KindAscendancy Kind = "ascendancy"
)

// Valid reports whether k is a game this package tracks.
func (k Kind) Valid() bool { return k == KindAway || k == KindAscendancy }

// String returns the game's display name.
func (k Kind) String() string {
	switch k {
	case KindAway:
		return "Away Missions"
	case KindAscendancy:
		return "Ascendancy"
	}
	return string(k)
}

// Event types of the undo and redo markers.
const (
	// TypeUndo marks that the step named by Event.Step was undone.
	TypeUndo = "undo"
	// TypeRedo marks that the step named by Event.Step was redone.
	TypeRedo = "redo"
)

// Event is one entry of a session's log. Seq numbers the log from 1 without
// gaps. Step is the command step the event belongs to (steps are numbered
// from 1 in the order the commands were executed); for undo and redo markers
// it names the step that was undone or redone. Label is the human text for
// the game log and the undo list. Payload is the typed content; its JSON
// form travels in the "data" field next to the "type" tag.
type Event struct {
	Seq   uint64 `json:"seq"`
	Step  uint64 `json:"step"`
	Type  string `json:"type"`
	Label string `json:"label"`
	// Texts is Label as data, for the screens to translate (see Msg);
	// empty in events written by older versions, which show Label.
	Texts Texts     `json:"texts,omitempty"`
	At    time.Time `json:"at"`
	// Nonce is the unique id of the request from another device that
	// produced the event (first event of a step, or a marker; empty for
	// local changes). It is kept with the log so that a replayed request
	// is refused even after the host restarts.
	Nonce   string  `json:"nonce,omitempty"`
	Payload Payload `json:"-"`
}

// Payload is the typed content of an event. Every payload type has a unique
// type tag (EventType) and knows how to change the state.
type Payload interface {
	// EventType returns the payload's type tag, e.g. "away.track".
	EventType() string
	apply(s *State) error
}

// IsMarker reports whether the event is an undo or redo marker.
func (e Event) IsMarker() bool { return e.Type == TypeUndo || e.Type == TypeRedo }

type eventJSON struct {
	Seq   uint64          `json:"seq"`
	Step  uint64          `json:"step"`
	Type  string          `json:"type"`
	Label string          `json:"label"`
	Texts Texts           `json:"texts,omitempty"`
	At    time.Time       `json:"at"`
	Nonce string          `json:"nonce,omitempty"`
	Data  json.RawMessage `json:"data,omitempty"`
}

// MarshalJSON writes the event with its payload under "data".
func (e Event) MarshalJSON() ([]byte, error) {
	j := eventJSON{Seq: e.Seq, Step: e.Step, Type: e.Type, Label: e.Label, Texts: e.Texts, At: e.At, Nonce: e.Nonce}
	if e.Payload != nil {
		if e.Payload.EventType() != e.Type {
			return nil, fmt.Errorf("event %d: type %q does not match payload %q", e.Seq, e.Type, e.Payload.EventType())
		}
		d, err := json.Marshal(e.Payload)
		if err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", e.Seq, e.Type, err)
		}
		j.Data = d
	}
	return json.Marshal(j)
}

// ErrUnknownType reports an event or command type tag this version does not know.
var ErrUnknownType = errors.New("unknown type")

// UnmarshalJSON reads an event and decodes its payload by type tag. Unknown
// types, unknown fields and malformed payloads are errors: events read this
// way come from outside (files, other devices).
func (e *Event) UnmarshalJSON(b []byte) error {
	var j eventJSON
	if err := decodeStrict(b, &j); err != nil {
		return fmt.Errorf("event: %w", err)
	}
	return e.fromJSON(j, true)
}

// DecodeEvent reads one event from its JSON form, as UnmarshalJSON does but
// faster and tolerating unknown fields: for events this app wrote itself
// (the store decodes every event of a game when opening it).
func DecodeEvent(b []byte) (Event, error) {
	var j eventJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return Event{}, fmt.Errorf("event: %w", err)
	}
	var e Event
	err := e.fromJSON(j, false)
	return e, err
}

func (e *Event) fromJSON(j eventJSON, strict bool) error {
	p, err := newPayload(j.Type)
	if err != nil {
		return fmt.Errorf("event %d: %w", j.Seq, err)
	}
	if p != nil {
		if len(j.Data) == 0 || bytes.Equal(j.Data, []byte("null")) {
			return fmt.Errorf("event %d (%s): missing data", j.Seq, j.Type)
		}
		unmarshal := json.Unmarshal
		if strict {
			unmarshal = decodeStrict
		}
		if err := unmarshal(j.Data, p); err != nil {
			return fmt.Errorf("event %d (%s): %w", j.Seq, j.Type, err)
		}
		// The table makes pointers; events carry payloads by value.
		p = reflect.ValueOf(p).Elem().Interface().(Payload)
	} else if len(j.Data) > 0 && !bytes.Equal(j.Data, []byte("null")) {
		return fmt.Errorf("event %d (%s): unexpected data", j.Seq, j.Type)
	}
	texts := j.Texts
	if texts.String() != j.Label {
		// Pieces that do not make the label are not shown: the label is.
		texts = nil
	}
	*e = Event{Seq: j.Seq, Step: j.Step, Type: j.Type, Label: j.Label, Texts: texts, At: j.At, Nonce: j.Nonce, Payload: p}
	return nil
}

// decodeStrict decodes one JSON value into v, refusing unknown fields and
// trailing data.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("unexpected data after the value")
	}
	return nil
}

// newPayload returns an empty payload for a type tag; markers have none.
func newPayload(typ string) (Payload, error) {
	if typ == TypeUndo || typ == TypeRedo {
		return nil, nil
	}
	mk, ok := payloadTypes[typ]
	if !ok {
		return nil, fmt.Errorf("event type %q: %w", typ, ErrUnknownType)
	}
	return mk(), nil
}
