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

// MaxExportSize bounds an export file read from outside.
const MaxExportSize = 64 << 20

// Errors of ReadExport, wrapped with details; test them with errors.Is.
var (
	// ErrNotExport: the input is not a Table Ops game file (or is damaged beyond reading).
	ErrNotExport = errors.New("not a Table Ops game file")
	// ErrFutureVersion: the file was written by a newer version of the app.
	ErrFutureVersion = errors.New("written by a newer version of Table Ops")
	// ErrBadLog: the file reads but its game log is inconsistent.
	ErrBadLog = errors.New("the game log in the file is damaged")
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

// ReadExport reads and checks an export file: format and schema version,
// game kind, name, and a log that replays cleanly. A damaged, truncated or
// future-version file is an error that says which; it never panics.
func ReadExport(r io.Reader) (*Export, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxExportSize+1))
	if err != nil {
		return nil, fmt.Errorf("read game file: %w", err)
	}
	if len(b) > MaxExportSize {
		return nil, fmt.Errorf("read game file: larger than %d MB: %w", MaxExportSize>>20, ErrNotExport)
	}
	return ParseExport(b)
}

// ParseExport is ReadExport on bytes already in memory.
func ParseExport(b []byte) (*Export, error) {
	if !utf8.Valid(b) {
		return nil, fmt.Errorf("read game file: not UTF-8 text: %w", ErrNotExport)
	}
	// Read the header alone first, so a newer file is reported as such
	// rather than as unknown content.
	var head struct {
		Format string `json:"format"`
		Schema int    `json:"schema"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, fmt.Errorf("read game file: %v: %w", err, ErrNotExport)
	}
	if head.Format != ExportFormat {
		return nil, fmt.Errorf("read game file: format %q: %w", head.Format, ErrNotExport)
	}
	if head.Schema > SchemaVersion {
		return nil, fmt.Errorf("read game file: version %d, this app reads up to %d: %w", head.Schema, SchemaVersion, ErrFutureVersion)
	}
	if head.Schema < 1 {
		return nil, fmt.Errorf("read game file: version %d: %w", head.Schema, ErrNotExport)
	}
	var x Export
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&x); err != nil {
		return nil, fmt.Errorf("read game file: %v: %w", err, ErrNotExport)
	}
	if dec.More() {
		return nil, fmt.Errorf("read game file: unexpected data after the game: %w", ErrNotExport)
	}
	if !x.Kind.Valid() {
		return nil, fmt.Errorf("read game file: unknown game %q: %w", x.Kind, ErrNotExport)
	}
	name, err := cleanText(x.Name, maxNameLen, "game name")
	if err != nil {
		return nil, fmt.Errorf("read game file: %v: %w", err, ErrNotExport)
	}
	x.Name = name
	if _, err := Replay(x.Kind, x.Events, Options{}); err != nil {
		return nil, fmt.Errorf("read game file: %v: %w", err, ErrBadLog)
	}
	return &x, nil
}
