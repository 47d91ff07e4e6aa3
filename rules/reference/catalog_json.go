package reference

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"tableops/rules/rulerr"
)

// catalogFile is the JSON form of a catalog.
type catalogFile struct {
	Schema     int             `json:"schema"`
	Characters []Character     `json:"characters"`
	References []ReferenceCard `json:"references"`
}

// ImportError is a catalog file that was refused. Line is the 1-based line
// of the file where the fault is (0 if unknown) and Field the JSON path of
// the field at fault (for example "characters[2].tracks.attack[0]"). Msg is
// the fault in English, Why the same as data for translation (see rulerr).
type ImportError struct {
	Line  int
	Field string
	Msg   string
	Why   *rulerr.Error
}

// importErr is an ImportError whose fault is why.
func importErr(line int, field string, why *rulerr.Error) *ImportError {
	return &ImportError{Line: line, Field: field, Msg: why.Text(), Why: why}
}

// Refusal is the whole refusal as data: where, then the fault.
func (e *ImportError) Refusal() *rulerr.Error {
	why := e.Why
	if why == nil {
		why = rulerr.Errorf("rules.catalog.plain", "%s", e.Msg)
	}
	switch {
	case e.Line > 0 && e.Field != "":
		return rulerr.Errorf("rules.catalog.at_line_field", "catalog file line %d, %s: %v", e.Line, e.Field, why)
	case e.Line > 0:
		return rulerr.Errorf("rules.catalog.at_line", "catalog file line %d: %v", e.Line, why)
	case e.Field != "":
		return rulerr.Errorf("rules.catalog.at_field", "catalog file, %s: %v", e.Field, why)
	}
	return rulerr.Errorf("rules.catalog.refused", "catalog file: %v", why)
}

func (e *ImportError) Error() string { return e.Refusal().Error() }

// Unwrap gives the refusal as data, so rulerr.Find and rulerr.Explain
// word the whole of it in the reader's language.
func (e *ImportError) Unwrap() error { return e.Refusal() }

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
		return nil, importErr(0, "", rulerr.Errorf("rules.catalog.file_too_large", "file is larger than %d bytes", MaxImportBytes))
	}
	in, err := ParseCatalog(data)
	if err != nil {
		return nil, err
	}
	out, err := c.Merge(in)
	if err != nil {
		return nil, importErr(0, "", rulerr.Errorf("rules.catalog.merge", "%v", err))
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
		return nil, importErr(p.lineAt(skipSpace(p.data, 0)), "", rulerr.New("rules.catalog.not_an_object", "a catalog file is a JSON object with schema, characters and references"))
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
				return nil, importErr(keyLine, "schema", rulerr.New("rules.catalog.whole_number", "must be a whole number"))
			}
			hasSchema = true
		case "characters", "references":
			if err := decodeArray(p, dec, key, func(raw []byte, base int, field string, line int) error {
				id, err := decodeCard(p, raw, base, field, line, key == "characters", &f)
				if err != nil {
					return err
				}
				if prev, dup := seen[id]; dup {
					return importErr(line, field+".id", rulerr.Errorf("rules.catalog.duplicate_id", "duplicate id %q (first on line %d)", id, prev))
				}
				seen[id] = line
				if len(seen) > MaxCards {
					return importErr(line, field, rulerr.Errorf("rules.catalog.more_than_cards", "more than %d cards", MaxCards))
				}
				return nil
			}); err != nil {
				return nil, err
			}
		default:
			return nil, importErr(keyLine, key, rulerr.New("rules.catalog.unknown_top_field", "unknown field (want schema, characters, references)"))
		}
	}
	switch {
	case !hasSchema:
		return nil, importErr(1, "schema", rulerr.New("rules.catalog.no_schema", "missing: this is not a Table Ops catalog file"))
	case f.Schema < 1:
		return nil, importErr(1, "schema", rulerr.Errorf("rules.catalog.unknown_version", "unknown version %d", f.Schema))
	case f.Schema > SchemaVersion:
		return nil, importErr(1, "schema", rulerr.Errorf("rules.catalog.newer_version", "version %d was written by a newer Table Ops (this one reads up to %d)", f.Schema, SchemaVersion))
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
		return importErr(p.lineAt(skipSpace(p.data, start)), key, rulerr.New("rules.catalog.must_be_list", "must be a list"))
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
		return "", importErr(fieldLine(p, raw, base, fe.field, line), field+"."+fe.field, withID(fe.why, id))
	}
	return "", jsonError(p, base, field, err)
}

func withID(why *rulerr.Error, id string) *rulerr.Error {
	if id == "" {
		return why
	}
	return rulerr.Errorf("rules.catalog.of_card", "%v (card %s)", why, id)
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
		return importErr(p.lineAt(base+int(se.Offset)), field, rulerr.Errorf("rules.catalog.not_json", "not valid JSON: %s", se.Error()))
	case errors.As(err, &te):
		f := field
		if te.Field != "" {
			f = field + "." + te.Field
		}
		return importErr(p.lineAt(base+int(te.Offset)), strings.TrimPrefix(f, "."), rulerr.Errorf("rules.catalog.wrong_type", "wrong type: got JSON %s, want %s", te.Value, te.Type))
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return importErr(p.lineAt(len(p.data)), field, rulerr.New("rules.catalog.ends_early", "the file ends too early"))
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
		return importErr(line, strings.TrimPrefix(field+"."+name, "."), rulerr.New("rules.catalog.unknown_field", "unknown field"))
	}
	return importErr(line, field, rulerr.Errorf("rules.catalog.json", "%s", msg))
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
