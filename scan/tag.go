package scan

import (
	"fmt"
	"hash/crc32"
	"strings"
	"tableops/rules/rulerr"
	"unicode"
	"unicode/utf8"
)

// Tag format, version 1.
//
// A tag is the text of one QR code printed for a card (or shown by a host for
// LAN sharing). It uses only the QR alphanumeric character set
// (0-9 A-Z space $ % * + - . / :) so the encoder picks alphanumeric mode
// (5.5 bits a character) and codes stay small. Layout:
//
//	TO1<code>/<field>/<field>.../<check>
//
// "TO" marks a Table Ops tag, "1" is the format version, <code> is one
// letter naming the kind (see Kind; a self-describing character is "F"),
// fields are separated by "/", and <check> is three base-36 digits (0-9A-Z):
// the CRC-32 (IEEE) of everything before it, modulo 36^3. The check catches
// mis-reads and foreign codes that merely look like tags.
//
// Fields by kind:
//
//	card reference (all card kinds):  TO1<code>/<id>/<check>
//	self-describing character:        TO1F/<name>/<attack>/<defense>/<skill>/<move>/<id>/<check>
//	join (LAN sharing):               TO1J/<code>/<address>/<check>
//
// The card id is the catalog's id as is: upper case, from the QR
// alphanumeric set without space (rules/reference.ValidID). Ids may
// contain "/", so the id is always the last field and takes the rest.
//
// Names and addresses are escaped so that any printable Unicode text comes
// back exactly (names keep their lower case letters and punctuation):
//   - A-Z stand for letters. In names a letter is upper case at the start of
//     a word (after a non-letter or at the start) and lower case elsewhere;
//     in addresses every letter is lower case. A "*" before a letter flips
//     that default case ("McCoy" is "MC*COY").
//   - 0-9, space, "-", ".", ":", "+" and "%" stand for themselves.
//   - Any other character is "$" followed by its Unicode code point in four
//     base-36 digits ("'" is "$0013").
//
// Track fields are one base-36 digit per printed value, in printed order
// (values 0 to 35; "5432" is 5, 4, 3, 2).
//
// Tags are encoded with QR error correction level Q (recovers about 25% of
// the symbol, since cards get scuffed). A reference tag is at most
// MaxReferenceLen characters, which fits QR version 4 at level Q (33x33
// modules); a self-describing character tag is at most MaxCharacterLen
// characters, which fits QR version 10 at level Q (57x57 modules).

// FormatVersion is the tag format version this package writes and reads.
const FormatVersion = 1

const (
	// fullCharacterCode is the kind code of a self-describing character.
	fullCharacterCode = 'F'
	magic             = "TO"
	sep               = '/'
	checkLen          = 3
	checkMod          = 36 * 36 * 36
	flipCase          = '*'
	runeEsc           = '$'
	escDigits         = 4
)

// MaxReferenceLen is the longest reference or join tag payload: the
// alphanumeric capacity of QR version 4 at error correction level Q.
const MaxReferenceLen = 67

// MaxCharacterLen is the longest self-describing character tag payload: the
// alphanumeric capacity of QR version 10 at error correction level Q.
const MaxCharacterLen = 221

// MaxTrackLen is the most printed values one rating track may hold.
const MaxTrackLen = 16

// MaxTrackValue is the largest printed value a rating track may hold (one
// base-36 digit).
const MaxTrackValue = 35

// Kind is the kind of card (or other object) a tag stands for.
type Kind uint8

// The tag kinds. Each has a one-letter code in the payload.
const (
	// KindCharacter is an Away Missions character card (code C).
	KindCharacter Kind = iota + 1
	// KindMission is an Away Missions mission card (code M).
	KindMission
	// KindEquipment is an equipment card (code Q).
	KindEquipment
	// KindEvent is an event card (code E).
	KindEvent
	// KindBorgCommand is a Borg command card (code B).
	KindBorgCommand
	// KindBorgTech is a Borg technology card (code T).
	KindBorgTech
	// KindExploration is an Ascendancy exploration card (code X).
	KindExploration
	// KindAdvancement is an Ascendancy advancement card (code A).
	KindAdvancement
	// KindJoin is a LAN sharing invitation: host address and join code (code J).
	KindJoin
)

var kindCodes = [...]struct {
	code byte
	name string
}{
	KindCharacter:   {'C', "character"},
	KindMission:     {'M', "mission"},
	KindEquipment:   {'Q', "equipment"},
	KindEvent:       {'E', "event"},
	KindBorgCommand: {'B', "borg-command"},
	KindBorgTech:    {'T', "borg-tech"},
	KindExploration: {'X', "exploration"},
	KindAdvancement: {'A', "advancement"},
	KindJoin:        {'J', "join"},
}

// Kinds lists every tag kind, in code order.
func Kinds() []Kind {
	return []Kind{KindCharacter, KindMission, KindEquipment, KindEvent,
		KindBorgCommand, KindBorgTech, KindExploration, KindAdvancement, KindJoin}
}

// Valid reports whether k is one of the defined kinds.
func (k Kind) Valid() bool { return k >= KindCharacter && k <= KindJoin }

// String returns the kind's name ("character", "borg-command", ...).
func (k Kind) String() string {
	if !k.Valid() {
		return fmt.Sprintf("kind(%d)", uint8(k))
	}
	return kindCodes[k].name
}

// ParseKind returns the kind with the given name (as String returns it).
func ParseKind(name string) (Kind, error) {
	for _, k := range Kinds() {
		if kindCodes[k].name == name {
			return k, nil
		}
	}
	return 0, rulerr.Errorf("scan.err.unknown_kind_name", "%w: %q", ErrUnknownKind, name)
}

func kindForCode(c byte) (Kind, bool) {
	for _, k := range Kinds() {
		if kindCodes[k].code == c {
			return k, true
		}
	}
	return 0, false
}

// Tracks holds the printed values of a character's four rating tracks
// (Away Missions rulebook, "Character cards"), each in printed order.
type Tracks struct {
	Attack  []int
	Defense []int
	Skill   []int
	Move    []int
}

func (t Tracks) all() [4][]int { return [4][]int{t.Attack, t.Defense, t.Skill, t.Move} }

var trackNames = [4]string{"attack", "defense", "skill", "move"}

// Character is the self-describing part of a character tag: enough to
// rebuild the card on a device that has never seen it.
type Character struct {
	Name   string
	Tracks Tracks
}

// Join is a LAN sharing invitation shown by a host device.
type Join struct {
	// Addr is the host's address, "host:port" (any printable text).
	Addr string
	// Code is the join code needed to send commands: 4 to 16 characters
	// from 0-9 and A-Z.
	Code string
}

// Tag is the decoded content of one tag.
type Tag struct {
	Kind Kind
	// ID is the card's catalog id: upper case, from the QR alphanumeric set
	// without space (empty for KindJoin).
	ID string
	// Character, for KindCharacter only, makes the tag self-describing.
	// Nil means a plain reference tag.
	Character *Character
	// Join is set for KindJoin only.
	Join *Join
}

// Errors returned by Decode and Encode, wrapped with details. Use errors.Is.
var (
	// ErrForeign reports a QR code that is not a Table Ops tag.
	ErrForeign = rulerr.New("scan.err.not_table_ops_tag", "not a Table Ops tag")
	// ErrVersion reports a tag written by a newer format version.
	ErrVersion = rulerr.New("scan.err.tag_format_version_not_supported", "tag format version not supported")
	// ErrChecksum reports a tag whose check digits do not match: a mis-read
	// or a damaged code.
	ErrChecksum = rulerr.New("scan.err.tag_check_digits_do_not_match", "tag check digits do not match (damaged or mis-read)")
	// ErrUnknownKind reports a tag kind this version does not know.
	ErrUnknownKind = rulerr.New("scan.err.unknown_tag_kind", "unknown tag kind")
	// ErrMalformed reports a tag whose fields do not follow the format.
	ErrMalformed = rulerr.New("scan.err.malformed_tag", "malformed tag")
	// ErrInvalid reports a Tag value that cannot be encoded.
	ErrInvalid = rulerr.New("scan.err.invalid_tag", "invalid tag")
	// ErrTooLong reports a tag whose payload would not fit its QR size limit.
	ErrTooLong = rulerr.New("scan.err.tag_too_long", "tag too long")
)

// Validate reports whether t can be encoded, naming the first problem.
func (t Tag) Validate() error {
	if !t.Kind.Valid() {
		return rulerr.Errorf("scan.err.kind", "%w: kind %d", ErrInvalid, t.Kind)
	}
	if t.Kind == KindJoin {
		if t.ID != "" || t.Character != nil {
			return rulerr.Errorf("scan.err.join_tag_has_no_card_id", "%w: a join tag has no card id or character", ErrInvalid)
		}
		if t.Join == nil {
			return rulerr.Errorf("scan.err.join_tag_without_address", "%w: join tag without address", ErrInvalid)
		}
		if err := checkText(wordAddress, t.Join.Addr); err != nil {
			return err
		}
		if err := checkJoinCode(t.Join.Code); err != nil {
			return err
		}
		return nil
	}
	if t.Join != nil {
		return rulerr.Errorf("scan.err.only_join_tags_carry_join_address", "%w: only join tags carry a join address", ErrInvalid)
	}
	if err := checkID(t.ID); err != nil {
		return err
	}
	if t.Character != nil {
		if t.Kind != KindCharacter {
			return rulerr.Errorf("scan.err.only_character_tags_carry_name_and", "%w: only character tags carry a name and tracks", ErrInvalid)
		}
		if err := checkText(wordName, t.Character.Name); err != nil {
			return err
		}
		for i, tr := range t.Character.Tracks.all() {
			if len(tr) == 0 || len(tr) > MaxTrackLen {
				return rulerr.Errorf("scan.err.track_has_values_1_to", "%w: %s track has %d values (1 to %d)", ErrInvalid, trackNames[i], len(tr), MaxTrackLen)
			}
			for _, v := range tr {
				if v < 0 || v > MaxTrackValue {
					return rulerr.Errorf("scan.err.track_value_0_to", "%w: %s track value %d (0 to %d)", ErrInvalid, trackNames[i], v, MaxTrackValue)
				}
			}
		}
	}
	return nil
}

// The names of a tag's texts in checkText's refusals.
var (
	wordAddress = rulerr.New("scan.err.word_address", "address")
	wordName    = rulerr.New("scan.err.word_name", "name")
)

// checkText refuses an empty, non-UTF-8 or unprintable text; what names it
// (wordAddress, wordName).
func checkText(what *rulerr.Error, s string) error {
	if s == "" {
		return rulerr.Errorf("scan.err.empty", "%w: empty %s", ErrInvalid, what)
	}
	if !utf8.ValidString(s) {
		return rulerr.Errorf("scan.err.is_not_valid_utf_8", "%w: %s is not valid UTF-8", ErrInvalid, what)
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return rulerr.Errorf("scan.err.contains_unprintable_character", "%w: %s contains unprintable character %U", ErrInvalid, what, r)
		}
	}
	return nil
}

func checkID(id string) error {
	if id == "" {
		return rulerr.Errorf("scan.err.empty_card_id", "%w: empty card id", ErrInvalid)
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; c == ' ' || !isAlnumQR(c) {
			return rulerr.Errorf("scan.err.card_id_may_only_use_0", "%w: card id %q may only use 0-9, A-Z and $%%*+-./: (the catalog id, upper case)", ErrInvalid, id)
		}
	}
	return nil
}

// isAlnumQR reports whether c is in the QR alphanumeric set.
func isAlnumQR(c byte) bool {
	return isDigit(c) || isUpper(c) || strings.IndexByte(" $%*+-./:", c) >= 0
}

func checkJoinCode(c string) error {
	if len(c) < 4 || len(c) > 16 {
		return rulerr.Errorf("scan.err.join_code_must_be_4_to", "%w: join code must be 4 to 16 characters", ErrInvalid)
	}
	for i := 0; i < len(c); i++ {
		if !isDigit(c[i]) && !isUpper(c[i]) {
			return rulerr.Errorf("scan.err.join_code_may_hold_only_0", "%w: join code may hold only 0-9 and A-Z", ErrInvalid)
		}
	}
	return nil
}

// Label returns a short human name for the tag: the character's name when
// the tag carries one, else the card id, or the host address for a join tag.
func (t Tag) Label() string {
	switch {
	case t.Join != nil:
		return t.Join.Addr
	case t.Character != nil:
		return t.Character.Name
	default:
		return t.ID
	}
}

// String describes the tag in one line for people, e.g.
// "character kirk: James T. Kirk (attack 5 4 3, defense 4 3, skill 6 5, move 4 4)".
func (t Tag) String() string {
	var b strings.Builder
	b.WriteString(t.Kind.String())
	switch {
	case t.Join != nil:
		fmt.Fprintf(&b, " %s code %s", t.Join.Addr, t.Join.Code)
	default:
		b.WriteString(" ")
		b.WriteString(t.ID)
	}
	if c := t.Character; c != nil {
		fmt.Fprintf(&b, ": %s (", c.Name)
		for i, tr := range c.Tracks.all() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(trackNames[i])
			for _, v := range tr {
				fmt.Fprintf(&b, " %d", v)
			}
		}
		b.WriteString(")")
	}
	return b.String()
}

// MaxLen returns the payload length limit for the tag's form:
// MaxCharacterLen for self-describing characters, else MaxReferenceLen.
func (t Tag) MaxLen() int {
	if t.Character != nil {
		return MaxCharacterLen
	}
	return MaxReferenceLen
}

// Encode returns the tag's payload, the exact text to put in a QR code.
// Decode(Encode(t)) gives t back. It fails with ErrInvalid for a Tag that
// Validate rejects and ErrTooLong when the payload would exceed MaxLen.
func Encode(t Tag) (string, error) {
	if err := t.Validate(); err != nil {
		return "", rulerr.Errorf("scan.err.encode_tag", "encode tag: %w", err)
	}
	var b strings.Builder
	b.WriteString(magic)
	b.WriteByte('0' + FormatVersion)
	field := func(s string) {
		b.WriteByte(sep)
		b.WriteString(s)
	}
	switch {
	case t.Kind == KindJoin:
		b.WriteByte(kindCodes[t.Kind].code)
		field(t.Join.Code)
		field(escapeText(t.Join.Addr, false))
	case t.Character != nil:
		b.WriteByte(fullCharacterCode)
		field(escapeText(t.Character.Name, true))
		for _, tr := range t.Character.Tracks.all() {
			field(encodeTrack(tr))
		}
		field(t.ID)
	default:
		b.WriteByte(kindCodes[t.Kind].code)
		field(t.ID)
	}
	b.WriteByte(sep)
	b.WriteString(checkDigits(b.String()))
	s := b.String()
	if len(s) > t.MaxLen() {
		return "", rulerr.Errorf("scan.err.encode_tag_characters_limit_is", "encode tag %q: %w: %d characters, the limit is %d", t.Label(), ErrTooLong, len(s), t.MaxLen())
	}
	return s, nil
}

// IsTag reports whether text looks like a Table Ops tag of any version (it
// starts with the tag marker), whether or not it decodes.
func IsTag(text string) bool {
	return len(text) >= 4 && text[:2] == magic && isDigit(text[2])
}

// Decode parses a tag payload. Text that is not a tag gives ErrForeign; a
// newer format gives ErrVersion; a mis-read gives ErrChecksum; an unknown
// kind gives ErrUnknownKind; anything else wrong gives ErrMalformed.
func Decode(text string) (Tag, error) {
	if !IsTag(text) {
		return Tag{}, rulerr.Errorf("scan.err.decode_tag", "decode tag: %w", ErrForeign)
	}
	if text[2] != '0'+FormatVersion {
		return Tag{}, rulerr.Errorf("scan.err.decode_tag_version_this_app_reads", "decode tag: %w: version %c (this app reads version %d)", ErrVersion, text[2], FormatVersion)
	}
	last := strings.LastIndexByte(text, sep)
	if last < 4 || len(text)-last-1 != checkLen {
		return Tag{}, rulerr.Errorf("scan.err.decode_tag_no_check_digits", "decode tag: %w: no check digits", ErrMalformed)
	}
	if got, want := text[last+1:], checkDigits(text[:last+1]); got != want {
		return Tag{}, rulerr.Errorf("scan.err.decode_tag", "decode tag: %w", ErrChecksum)
	}
	full := text[3] == fullCharacterCode
	kind, ok := kindForCode(text[3])
	if full {
		kind, ok = KindCharacter, true
	}
	if !ok {
		return Tag{}, rulerr.Errorf("scan.err.decode_tag_code", "decode tag: %w: code %q", ErrUnknownKind, text[3])
	}
	if text[4] != sep {
		return Tag{}, rulerr.Errorf("scan.err.decode_tag_missing_separator_after_kind", "decode tag: %w: missing separator after kind", ErrMalformed)
	}
	body := ""
	if last > 5 {
		body = text[5:last]
	}
	t := Tag{Kind: kind}
	var err error
	switch {
	case kind == KindJoin:
		fields := strings.SplitN(body, string(sep), 2)
		if len(fields) != 2 {
			return Tag{}, rulerr.Errorf("scan.err.decode_join_tag_want_code_and", "decode join tag: %w: want a code and an address", ErrMalformed)
		}
		j := &Join{Code: fields[0]}
		if j.Addr, err = unescapeText(fields[1], false); err != nil {
			return Tag{}, rulerr.Errorf("scan.err.decode_join_tag_address", "decode join tag address: %w", err)
		}
		t.Join = j
	case full:
		fields := strings.SplitN(body, string(sep), 6)
		if len(fields) != 6 {
			return Tag{}, rulerr.Errorf("scan.err.decode_character_tag_want_name_four", "decode character tag: %w: want a name, four tracks and an id", ErrMalformed)
		}
		c := &Character{}
		if c.Name, err = unescapeText(fields[0], true); err != nil {
			return Tag{}, rulerr.Errorf("scan.err.decode_character_tag_name", "decode character tag name: %w", err)
		}
		var tr [4][]int
		for i := range tr {
			if tr[i], err = decodeTrack(fields[1+i]); err != nil {
				return Tag{}, rulerr.Errorf("scan.err.decode_character_tag_track", "decode character tag %s track: %w", trackNames[i], err)
			}
		}
		c.Tracks = Tracks{Attack: tr[0], Defense: tr[1], Skill: tr[2], Move: tr[3]}
		t.Character = c
		t.ID = fields[5]
	default:
		t.ID = body
	}
	if err := t.Validate(); err != nil {
		return Tag{}, rulerr.Errorf("scan.err.decode_tag_2", "decode %s tag: %w: %w", kind, ErrMalformed, err)
	}
	// Reject non-canonical spellings (for example a "$" escape of a plain
	// letter) so that every valid tag has exactly one payload.
	if canon, err := Encode(t); err != nil || canon != text {
		return Tag{}, rulerr.Errorf("scan.err.decode_tag_not_in_canonical_form", "decode %s tag: %w: not in canonical form", kind, ErrMalformed)
	}
	return t, nil
}

// checkDigits returns the three base-36 check digits of s.
func checkDigits(s string) string {
	v := crc32.ChecksumIEEE([]byte(s)) % checkMod
	var d [checkLen]byte
	for i := checkLen - 1; i >= 0; i-- {
		d[i] = base36(int(v % 36))
		v /= 36
	}
	return string(d[:])
}

func base36(v int) byte {
	if v < 10 {
		return byte('0' + v)
	}
	return byte('A' + v - 10)
}

func unbase36(c byte) (int, bool) {
	switch {
	case isDigit(c):
		return int(c - '0'), true
	case isUpper(c):
		return int(c-'A') + 10, true
	}
	return 0, false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// literal reports whether an ASCII byte other than a letter passes through
// text escaping unchanged.
func literal(c byte) bool {
	return isDigit(c) || c == ' ' || c == '-' || c == '.' || c == ':' || c == '+' || c == '%'
}

// defaultUpper reports whether a letter after prev is upper case by default.
func defaultUpper(title bool, prev rune, first bool) bool {
	return title && (first || !unicode.IsLetter(prev))
}

// escapeText writes s in the tag alphabet. With title set, letters at the
// start of a word default to upper case (names); otherwise all letters
// default to lower case (ids, addresses).
func escapeText(s string, title bool) string {
	var b strings.Builder
	prev, first := rune(0), true
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
			upper := r <= 'Z'
			if upper != defaultUpper(title, prev, first) {
				b.WriteByte(flipCase)
			}
			b.WriteRune(unicode.ToUpper(r))
		case r < utf8.RuneSelf && literal(byte(r)):
			b.WriteRune(r)
		default:
			b.WriteByte(runeEsc)
			v := int(r)
			var d [escDigits]byte
			for i := escDigits - 1; i >= 0; i-- {
				d[i] = base36(v % 36)
				v /= 36
			}
			b.Write(d[:])
		}
		prev, first = r, false
	}
	return b.String()
}

// unescapeText reverses escapeText.
func unescapeText(s string, title bool) (string, error) {
	var b strings.Builder
	prev, first := rune(0), true
	for i := 0; i < len(s); i++ {
		c := s[i]
		var r rune
		switch {
		case c == flipCase || isUpper(c):
			flip := c == flipCase
			if flip {
				i++
				if i >= len(s) || !isUpper(s[i]) {
					return "", rulerr.Errorf("scan.err.not_followed_by_letter", "%w: %q not followed by a letter", ErrMalformed, flipCase)
				}
				c = s[i]
			}
			upper := defaultUpper(title, prev, first) != flip
			r = rune(c)
			if !upper {
				r = unicode.ToLower(r)
			}
		case c == runeEsc:
			if i+escDigits >= len(s) {
				return "", rulerr.Errorf("scan.err.short_escape", "%w: short %q escape", ErrMalformed, runeEsc)
			}
			v := 0
			for _, d := range []byte(s[i+1 : i+1+escDigits]) {
				n, ok := unbase36(d)
				if !ok {
					return "", rulerr.Errorf("scan.err.bad_escape", "%w: bad %q escape", ErrMalformed, runeEsc)
				}
				v = v*36 + n
			}
			i += escDigits
			r = rune(v)
			if !utf8.ValidRune(r) {
				return "", rulerr.Errorf("scan.err.escape_is_not_character", "%w: escape is not a character", ErrMalformed)
			}
		case c < utf8.RuneSelf && literal(c):
			r = rune(c)
		default:
			return "", rulerr.Errorf("scan.err.character", "%w: character %q", ErrMalformed, c)
		}
		b.WriteRune(r)
		prev, first = r, false
	}
	return b.String(), nil
}

func encodeTrack(tr []int) string {
	b := make([]byte, len(tr))
	for i, v := range tr {
		b[i] = base36(v)
	}
	return string(b)
}

func decodeTrack(s string) ([]int, error) {
	if s == "" {
		return nil, rulerr.Errorf("scan.err.empty_track", "%w: empty track", ErrMalformed)
	}
	tr := make([]int, len(s))
	for i := 0; i < len(s); i++ {
		v, ok := unbase36(s[i])
		if !ok {
			return nil, rulerr.Errorf("scan.err.track_value", "%w: track value %q", ErrMalformed, s[i])
		}
		tr[i] = v
	}
	return tr, nil
}
