package tracker

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
	"unicode/utf8"
)

// ExportFormat is the "format" field of a game export file.
const ExportFormat = "tableops-game"

// MaxGameEvents is the longest a game can be: the session refuses a step
// (a command, an undo or a redo) that would take its log past this many
// events, and an import takes a file of up to exactly this many. Five
// times the longest game measured (9,337 events).
const MaxGameEvents = 50_000

// MaxGameBytes bounds the bytes a game's events take in its export file,
// written as WriteTo writes it: the session refuses a step that would take
// its log past it, and an import takes a file of this much plus its header
// (MaxExportSize).
const MaxGameBytes = 64 << 20

// exportHeaderRoom is the room an export file's other fields (format,
// schema, kind, name, dates) and its punctuation have besides its events:
// a few hundred bytes, with a wide margin.
const exportHeaderRoom = 16 << 10

// MaxExportSize bounds an export file read from outside: the events of
// the largest game (MaxGameBytes) and the fields around them.
const MaxExportSize = MaxGameBytes + exportHeaderRoom

// Errors of ReadExport, wrapped with details; test them with errors.Is.
var (
	// ErrNotExport: the input is not a Table Ops game file (or is damaged beyond reading).
	ErrNotExport = errors.New("not a Table Ops game file")
	// ErrFutureVersion: the file was written by a newer version of the app.
	ErrFutureVersion = errors.New("written by a newer version of Table Ops")
	// ErrBadLog: the file reads but its game log is inconsistent.
	ErrBadLog = errors.New("the game log in the file is damaged")
	// ErrGameTooLong: the file holds more than a game can (more than
	// MaxGameEvents events, or a file larger than MaxExportSize bytes).
	ErrGameTooLong = errors.New("longer than a game can be")
)

// Export is one game as a self-contained file: its name and kind, and its
// full log (undo and redo markers included).
type Export struct {
	Format   string    `json:"format"`
	Schema   int       `json:"schema"`
	Kind     Kind      `json:"kind"`
	Name     string    `json:"name"`
	Created  time.Time `json:"created"`
	Exported time.Time `json:"exported"`
	Events   []Event   `json:"events"`
}

// WriteTo writes the export as indented JSON.
func (x *Export) WriteTo(w io.Writer) (int64, error) {
	b, err := json.MarshalIndent(x, "", " ")
	if err != nil {
		return 0, fmt.Errorf("export: %w", err)
	}
	b = append(b, '\n')
	n, err := w.Write(b)
	if err != nil {
		return int64(n), fmt.Errorf("export: %w", err)
	}
	return int64(n), nil
}

// MaxExportEvents bounds the events of an export file read from outside:
// exactly as many as a game can hold (MaxGameEvents).
const MaxExportEvents = MaxGameEvents

// MaxEventSize bounds the JSON form of one event in an export file (as
// MaxCommandSize bounds one command).
const MaxEventSize = MaxCommandSize

// ReadExport reads and checks an export file: format and schema version,
// game kind, name, and a log that replays cleanly, where every state the
// game passes through is one the commands could have produced
// (ValidateState). A damaged, truncated, oversized or future-version file
// is an error that says which; it never panics.
//
// The file is read as a stream, one event at a time, so memory grows with
// the game's events and not with copies of the file. It is refused as soon
// as it passes MaxExportSize bytes or MaxExportEvents events (a file
// longer than a game can be, ErrGameTooLong) or an event of MaxEventSize
// bytes; "format" and "schema" must come before "events" (as
// WriteTo writes them).
func ReadExport(r io.Reader) (*Export, error) {
	x, err := readExport(r)
	if err != nil {
		return nil, fmt.Errorf("read game file: %w", err)
	}
	name, err := cleanText(x.Name, maxNameLen, Msg{Key: "track.word.game_name", Text: "game name"})
	if err != nil {
		// A name an older version kept (of bidi controls only).
		name, err = storedText(x.Name, maxNameLen, Msg{Key: "track.word.game_name", Text: "game name"})
	}
	if err != nil {
		return nil, fmt.Errorf("read game file: %v: %w", err, ErrNotExport)
	}
	x.Name = name
	if err := validateLog(x.Kind, x.Events); err != nil {
		if errors.Is(err, ErrImpossible) {
			return nil, fmt.Errorf("read game file: %w", err)
		}
		return nil, fmt.Errorf("read game file: %w: %w", err, ErrBadLog)
	}
	return x, nil
}

// ParseExport is ReadExport on bytes already in memory.
func ParseExport(b []byte) (*Export, error) {
	return ReadExport(bytes.NewReader(b))
}

// errTooLarge is the input passing MaxExportSize.
var errTooLarge = fmt.Errorf("larger than %d MB: %w", MaxExportSize>>20, ErrGameTooLong)

// eventExportSize is the bytes e takes in an export file, as ReadExport
// measures them: the event written as WriteTo writes it, and the comma
// and line break before it.
func eventExportSize(e Event) (int64, error) {
	b, err := json.MarshalIndent(e, "  ", " ")
	if err != nil {
		return 0, fmt.Errorf("event %d: %w", e.Seq, err)
	}
	return int64(len(b)) + int64(len(",\n  ")), nil
}

// boundedReader reads at most n bytes of r and then fails with errTooLarge;
// it also refuses bytes that are not UTF-8 (the JSON decoder would
// silently replace them).
type boundedReader struct {
	r    io.Reader
	n    int64
	tail []byte // an incomplete UTF-8 sequence at the end of the last read
}

var errNotUTF8 = errors.New("not UTF-8 text")

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.n <= 0 {
		// One byte more tells a file of exactly the limit from a larger one.
		var one [1]byte
		if n, _ := io.ReadFull(b.r, one[:]); n > 0 {
			return 0, errTooLarge
		}
		if len(b.tail) > 0 {
			return 0, errNotUTF8
		}
		return 0, io.EOF
	}
	if int64(len(p)) > b.n {
		p = p[:b.n]
	}
	n, err := b.r.Read(p)
	b.n -= int64(n)
	if n > 0 {
		chunk := p[:n]
		if len(b.tail) > 0 {
			chunk = append(b.tail, chunk...)
		}
		// Keep an incomplete sequence at the end for the next read.
		cut := len(chunk)
		for i := len(chunk) - 1; i >= 0 && i >= len(chunk)-utf8.UTFMax; i-- {
			if utf8.RuneStart(chunk[i]) {
				if !utf8.FullRune(chunk[i:]) {
					cut = i
				}
				break
			}
		}
		if !utf8.Valid(chunk[:cut]) {
			return 0, errNotUTF8
		}
		b.tail = append(b.tail[:0], chunk[cut:]...)
	}
	if err == io.EOF && len(b.tail) > 0 {
		return n, errNotUTF8
	}
	return n, err
}

// readExport decodes the file token by token: the header fields, then the
// events one at a time.
func readExport(r io.Reader) (*Export, error) {
	dec := json.NewDecoder(&boundedReader{r: r, n: MaxExportSize})
	dec.DisallowUnknownFields()
	bad := func(err error) error {
		if errors.Is(err, ErrGameTooLong) {
			return err
		}
		return fmt.Errorf("%v: %w", err, ErrNotExport)
	}
	if err := wantDelim(dec, '{'); err != nil {
		return nil, bad(err)
	}
	var x Export
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, bad(err)
		}
		key, _ := tok.(string)
		if seen[key] {
			return nil, bad(fmt.Errorf("the field %q appears twice", key))
		}
		seen[key] = true
		switch key {
		case "format":
			err = dec.Decode(&x.Format)
			if err == nil && x.Format != ExportFormat {
				err = fmt.Errorf("format %q", x.Format)
			}
		case "schema":
			if err = dec.Decode(&x.Schema); err != nil {
				break
			}
			if x.Schema > SchemaVersion {
				return nil, fmt.Errorf("version %d, this app reads up to %d: %w", x.Schema, SchemaVersion, ErrFutureVersion)
			}
			if x.Schema < 1 {
				err = fmt.Errorf("version %d", x.Schema)
			}
		case "kind":
			if err = dec.Decode(&x.Kind); err == nil && !x.Kind.Valid() {
				err = fmt.Errorf("unknown game %q", x.Kind)
			}
		case "name":
			err = dec.Decode(&x.Name)
			if err == nil && len(x.Name) > 4*maxNameLen {
				err = fmt.Errorf("the game name is %d bytes long", len(x.Name))
			}
		case "created":
			err = dec.Decode(&x.Created)
		case "exported":
			err = dec.Decode(&x.Exported)
		case "events":
			if !seen["format"] || !seen["schema"] || !seen["kind"] {
				err = errors.New("the format, version and game must come before the events")
				break
			}
			x.Events, err = readEvents(dec)
		default:
			err = fmt.Errorf("unknown field %q", key)
		}
		if err != nil {
			return nil, bad(err)
		}
	}
	if err := wantDelim(dec, '}'); err != nil {
		return nil, bad(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, bad(errors.New("unexpected data after the game"))
	}
	if !seen["format"] || !seen["schema"] || !seen["kind"] {
		return nil, bad(errors.New("no format, version or game"))
	}
	return &x, nil
}

// readEvents reads the events array one event at a time, each bounded.
func readEvents(dec *json.Decoder) ([]Event, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok == nil { // "events": null, a game without events
		return nil, nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return nil, fmt.Errorf("expected the list of events, found %v", tok)
	}
	var events []Event
	for dec.More() {
		if len(events) == MaxExportEvents {
			return nil, fmt.Errorf("more than %d events; a game holds at most %d: %w", MaxExportEvents, MaxExportEvents, ErrGameTooLong)
		}
		start := dec.InputOffset()
		var j eventJSON
		if err := dec.Decode(&j); err != nil {
			return nil, fmt.Errorf("event %d: %w", len(events)+1, err)
		}
		if size := dec.InputOffset() - start; size > MaxEventSize {
			return nil, fmt.Errorf("event %d is %d KB; an event is at most %d KB", len(events)+1, size>>10, MaxEventSize>>10)
		}
		if n := utf8.RuneCountInString(j.Label); n > maxTextLen {
			return nil, fmt.Errorf("event %d: a label of %d characters; at most %d", len(events)+1, n, maxTextLen)
		}
		if err := checkNonce(j.Nonce); err != nil {
			return nil, fmt.Errorf("event %d: %w", len(events)+1, err)
		}
		var e Event
		if err := e.fromJSON(j, true); err != nil {
			return nil, fmt.Errorf("event: %w", err)
		}
		events = append(events, e)
	}
	if err := wantDelim(dec, ']'); err != nil {
		return nil, err
	}
	return events, nil
}

// wantDelim reads one JSON delimiter token.
func wantDelim(dec *json.Decoder, d json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if got, ok := tok.(json.Delim); !ok || got != d {
		return fmt.Errorf("expected %q, found %v", string(d), tok)
	}
	return nil
}
