package tracker

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Record versions: the first byte of a stored event record. Version 2 is
// version 1 with the event's nonce after the label; it is written only for
// events that carry a nonce. Version 3 is version 2 with the nonce (maybe
// empty) followed by the label's pieces (Event.Texts) as JSON; it is written
// only for events that carry them.
const (
	recordVersion      = 1
	recordVersionNonce = 2
	recordVersionTexts = 3
)

// ErrBadRecord reports a stored event record that cannot be read.
var ErrBadRecord = errors.New("damaged event record")

// MarshalRecord encodes an event in the compact form the store keeps on
// disk: a version byte, the sequence number, step, time (Unix nanoseconds),
// type and label as varint-prefixed fields, then the payload as JSON. It
// decodes several times faster than the event's JSON form, which matters
// when a long game is opened. Export files use the JSON form.
func MarshalRecord(e Event) ([]byte, error) {
	var data []byte
	if e.Payload != nil {
		if e.Payload.EventType() != e.Type {
			return nil, fmt.Errorf("event %d: type %q does not match payload %q", e.Seq, e.Type, e.Payload.EventType())
		}
		var err error
		if data, err = json.Marshal(e.Payload); err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", e.Seq, e.Type, err)
		}
	}
	var texts []byte
	if len(e.Texts) > 0 {
		var err error
		if texts, err = json.Marshal(e.Texts); err != nil {
			return nil, fmt.Errorf("event %d (%s): texts: %w", e.Seq, e.Type, err)
		}
	}
	b := make([]byte, 0, 1+3*binary.MaxVarintLen64+4*binary.MaxVarintLen64+len(e.Type)+len(e.Label)+len(e.Nonce)+len(texts)+len(data))
	switch {
	case texts != nil:
		b = append(b, recordVersionTexts)
	case e.Nonce == "":
		b = append(b, recordVersion)
	default:
		b = append(b, recordVersionNonce)
	}
	b = binary.AppendUvarint(b, e.Seq)
	b = binary.AppendUvarint(b, e.Step)
	b = binary.AppendVarint(b, e.At.UnixNano())
	b = binary.AppendUvarint(b, uint64(len(e.Type)))
	b = append(b, e.Type...)
	b = binary.AppendUvarint(b, uint64(len(e.Label)))
	b = append(b, e.Label...)
	if e.Nonce != "" || texts != nil {
		b = binary.AppendUvarint(b, uint64(len(e.Nonce)))
		b = append(b, e.Nonce...)
	}
	if texts != nil {
		b = binary.AppendUvarint(b, uint64(len(texts)))
		b = append(b, texts...)
	}
	return append(b, data...), nil
}

// UnmarshalRecord decodes a record written by MarshalRecord. Damaged input
// gives an error wrapping ErrBadRecord; it never panics.
func UnmarshalRecord(b []byte) (Event, error) {
	var e Event
	if len(b) == 0 || b[0] < recordVersion || b[0] > recordVersionTexts {
		return e, fmt.Errorf("unknown record version: %w", ErrBadRecord)
	}
	rest := b[1:]
	uv := func() (uint64, bool) {
		v, n := binary.Uvarint(rest)
		if n <= 0 {
			return 0, false
		}
		rest = rest[n:]
		return v, true
	}
	str := func() (string, bool) {
		n, ok := uv()
		if !ok || n > uint64(len(rest)) {
			return "", false
		}
		s := string(rest[:n])
		rest = rest[n:]
		return s, true
	}
	var ok bool
	if e.Seq, ok = uv(); !ok {
		return e, fmt.Errorf("sequence number: %w", ErrBadRecord)
	}
	if e.Step, ok = uv(); !ok {
		return e, fmt.Errorf("event %d: step: %w", e.Seq, ErrBadRecord)
	}
	at, n := binary.Varint(rest)
	if n <= 0 {
		return e, fmt.Errorf("event %d: time: %w", e.Seq, ErrBadRecord)
	}
	rest = rest[n:]
	e.At = time.Unix(0, at).UTC()
	if e.Type, ok = str(); !ok {
		return e, fmt.Errorf("event %d: type: %w", e.Seq, ErrBadRecord)
	}
	if e.Label, ok = str(); !ok {
		return e, fmt.Errorf("event %d: label: %w", e.Seq, ErrBadRecord)
	}
	if b[0] == recordVersionNonce {
		if e.Nonce, ok = str(); !ok || e.Nonce == "" {
			return e, fmt.Errorf("event %d: nonce: %w", e.Seq, ErrBadRecord)
		}
	}
	var texts Texts
	if b[0] == recordVersionTexts {
		if e.Nonce, ok = str(); !ok {
			return e, fmt.Errorf("event %d: nonce: %w", e.Seq, ErrBadRecord)
		}
		raw, ok := str()
		if !ok || json.Unmarshal([]byte(raw), &texts) != nil || len(texts) == 0 {
			return e, fmt.Errorf("event %d: texts: %w", e.Seq, ErrBadRecord)
		}
	}
	err := e.fromJSON(eventJSON{Seq: e.Seq, Step: e.Step, Type: e.Type, Label: e.Label, Texts: texts, At: e.At, Nonce: e.Nonce, Data: rest}, false)
	if err != nil {
		return Event{}, fmt.Errorf("%v: %w", err, ErrBadRecord)
	}
	return e, nil
}
