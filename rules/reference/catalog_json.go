package reference

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// catalogFile is the JSON form of a catalog.
type catalogFile struct {
	Schema     int             `json:"schema"`
	Characters []Character     `json:"characters"`
	References []ReferenceCard `json:"references"`
}

// ImportError is a catalog file that was refused. Line is the 1-based line
// of the file where the fault is (0 if unknown) and Field the JSON path of
// the field at fault (for example "characters[2].tracks.attack[0]").
type ImportError struct {
	Line  int
	Field string
	Msg   string
}

func (e *ImportError) Error() string {
	var b strings.Builder
	b.WriteString("catalog file")
	if e.Line > 0 {
		fmt.Fprintf(&b, " line %d", e.Line)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ", %s", e.Field)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// Export writes the catalog as an indented JSON file with the schema
// version.
func (c *Catalog) Export(w io.Writer) error {
	f := catalogFile{Schema: SchemaVersion, Characters: c.chars, References: c.refs}
	if f.Characters == nil {
		f.Characters = []Character{}
	}
	if f.References == nil {
		f.References = []ReferenceCard{}
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("exporting catalog: %w", err)
	}
	b = append(b, '\n')
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("exporting catalog: %w", err)
	}
	return nil
}

// Import reads a catalog file and returns a new catalog holding c's cards
// merged with the file's (a card in the file replaces a card with the same
// id). A bad file is refused as a whole with an *ImportError naming the line
// and field at fault; c is never changed.
func (c *Catalog) Import(r io.Reader) (*Catalog, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxImportBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading catalog file: %w", err)
	}
	if len(data) > MaxImportBytes {
		return nil, &ImportError{Msg: fmt.Sprintf("file is larger than %d bytes", MaxImportBytes)}
	}
	in, err := ParseCatalog(data)
	if err != nil {
		return nil, err
	}
	out, err := c.Merge(in)
	if err != nil {
		return nil, &ImportError{Msg: err.Error()}
	}
	return out, nil
}

// ParseCatalog parses a whole catalog file. Ids are normalized to upper
// case; duplicate ids, unknown fields, wrong types and invalid values are
// refused with an *ImportError naming the line and field.
func ParseCatalog(data []byte) (*Catalog, error) {
	p := newParser(data)
	// Check the syntax without building the file's values (a tree of
	// interfaces costs about 50 times the file's size).
	var probe json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, jsonError(p, 0, "", err)
	}
	if start := skipSpace(p.data, 0); start >= len(p.data) || p.data[start] != '{' {
		return nil, &ImportError{Line: p.lineAt(skipSpace(p.data, 0)), Msg: "a catalog file is a JSON object with schema, characters and references"}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // {
		return nil, jsonError(p, 0, "", err)
	}
	var (
		f         catalogFile
		hasSchema bool
		seen      = map[string]int{} // id -> line
	)
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonError(p, 0, "", err)
		}
		key, _ := tok.(string)
		keyLine := p.lineAt(int(dec.InputOffset()))
		switch key {
		case "schema":
			if err := dec.Decode(&f.Schema); err != nil {
				return nil, &ImportError{Line: keyLine, Field: "schema", Msg: "must be a whole number"}
			}
			hasSchema = true
		case "characters", "references":
			if err := decodeArray(p, dec, key, func(raw []byte, base int, field string, line int) error {
				id, err := decodeCard(p, raw, base, field, line, key == "characters", &f)
				if err != nil {
					return err
				}
				if prev, dup := seen[id]; dup {
					return &ImportError{Line: line, Field: field + ".id", Msg: fmt.Sprintf("duplicate id %q (first on line %d)", id, prev)}
				}
				seen[id] = line
				if len(seen) > MaxCards {
					return &ImportError{Line: line, Field: field, Msg: fmt.Sprintf("more than %d cards", MaxCards)}
				}
				return nil
			}); err != nil {
				return nil, err
			}
		default:
			return nil, &ImportError{Line: keyLine, Field: key, Msg: "unknown field (want schema, characters, references)"}
		}
	}
	switch {
	case !hasSchema:
		return nil, &ImportError{Line: 1, Field: "schema", Msg: "missing: this is not a Table Ops catalog file"}
	case f.Schema < 1:
		return nil, &ImportError{Line: 1, Field: "schema", Msg: fmt.Sprintf("unknown version %d", f.Schema)}
	case f.Schema > SchemaVersion:
		return nil, &ImportError{Line: 1, Field: "schema", Msg: fmt.Sprintf("version %d was written by a newer Table Ops (this one reads up to %d)", f.Schema, SchemaVersion)}
	}
	out := &Catalog{chars: f.Characters, refs: f.References}
	out.sort()
	return out, nil
}

// decodeArray walks the array value of key, calling fn with each element's
// raw bytes, absolute offset, JSON path and line.
func decodeArray(p *parser, dec *json.Decoder, key string, fn func(raw []byte, base int, field string, line int) error) error {
	start := int(dec.InputOffset())
	tok, err := dec.Token()
	if err != nil {
		return jsonError(p, 0, key, err)
	}
	if tok == nil { // null: an empty list
		return nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return &ImportError{Line: p.lineAt(skipSpace(p.data, start)), Field: key, Msg: "must be a list"}
	}
	for i := 0; dec.More(); i++ {
		off := int(dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return jsonError(p, 0, key, err)
		}
		base := skipSpace(p.data, off)
		if err := fn(raw, base, fmt.Sprintf("%s[%d]", key, i), p.lineAt(base)); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // ]
		return jsonError(p, 0, key, err)
	}
	return nil
}

// decodeCard decodes and validates one card, appending it to f, and
// returns its normalized id.
func decodeCard(p *parser, raw []byte, base int, field string, line int, character bool, f *catalogFile) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var (
		id  string
		err error
	)
	if character {
		var ch Character
		if err = dec.Decode(&ch); err == nil {
			ch.ID = NormalizeID(ch.ID)
			id = ch.ID
			if err = ch.Validate(); err == nil {
				f.Characters = append(f.Characters, ch)
			}
		}
	} else {
		var r ReferenceCard
		if err = dec.Decode(&r); err == nil {
			r.ID = NormalizeID(r.ID)
			id = r.ID
			if err = r.Validate(); err == nil {
				f.References = append(f.References, r)
			}
		}
	}
	if err == nil {
		return id, nil
	}
	var fe *fieldError
	if errors.As(err, &fe) {
		return "", &ImportError{Line: fieldLine(p, raw, base, fe.field, line), Field: field + "." + fe.field, Msg: withID(fe.msg, id)}
	}
	return "", jsonError(p, base, field, err)
}

func withID(msg, id string) string {
	if id == "" {
		return msg
	}
	return msg + " (card " + id + ")"
}

// fieldLine finds the line of a top-level field of a card (the part of the
// path before any '.' or '['); it falls back to the card's line.
func fieldLine(p *parser, raw []byte, base int, path string, def int) int {
	name := path
	if i := strings.IndexAny(name, ".["); i >= 0 {
		name = name[:i]
	}
	if i := bytes.Index(raw, []byte(`"`+name+`"`)); i >= 0 {
		return p.lineAt(base + i)
	}
	return def
}

// jsonError turns an encoding/json error into an *ImportError with the
// line; base is the offset of the value the decoder was reading.
func jsonError(p *parser, base int, field string, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return &ImportError{Line: p.lineAt(base + int(se.Offset)), Field: field, Msg: "not valid JSON: " + se.Error()}
	case errors.As(err, &te):
		f := field
		if te.Field != "" {
			f = field + "." + te.Field
		}
		return &ImportError{Line: p.lineAt(base + int(te.Offset)), Field: strings.TrimPrefix(f, "."), Msg: fmt.Sprintf("wrong type: got JSON %s, want %s", te.Value, te.Type)}
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return &ImportError{Line: p.lineAt(len(p.data)), Field: field, Msg: "the file ends too early"}
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	line := 0
	if base > 0 || field != "" {
		line = p.lineAt(base)
	}
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		name = strings.Trim(name, `"`)
		if i := bytes.Index(p.data[base:], []byte(`"`+name+`"`)); i >= 0 {
			line = p.lineAt(base + i)
		}
		return &ImportError{Line: line, Field: strings.TrimPrefix(field+"."+name, "."), Msg: "unknown field"}
	}
	return &ImportError{Line: line, Field: field, Msg: msg}
}

// parser holds a catalog file being parsed and the offsets of its line
// breaks, so that reporting a line is a binary search, not a scan.
type parser struct {
	data   []byte
	breaks []int
}

func newParser(data []byte) *parser {
	p := &parser{data: data}
	for i, b := range data {
		if b == '\n' {
			p.breaks = append(p.breaks, i)
		}
	}
	return p
}

// lineAt returns the 1-based line of byte offset off.
func (p *parser) lineAt(off int) int {
	off = max(0, min(off, len(p.data)))
	return sort.SearchInts(p.breaks, off) + 1
}

// skipSpace returns the offset of the first byte at or after off that is
// not JSON white space or a comma.
func skipSpace(data []byte, off int) int {
	for off < len(data) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}
