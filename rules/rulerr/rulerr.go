// Package rulerr words the refusals of the rules engines as data, so that
// the screens and the headless commands can show them in the reader's
// language.
//
// An Error names its text with a Key ("rules.asc.bid_taken"), keeps the
// English fmt format it was worded from and the values it was worded with
// (Args, named a1, a2, ... in the order of the format's verbs). Its Error
// method gives the same English text fmt.Errorf would give, so code and
// tests that read the English keep working. The translations are templates
// over the args: the English template of a format is Template(format)
// ("{{.a1}} cannot bid {{.a2}}: ...").
//
// An arg that is itself an *Error (a dice error inside a battle's refusal)
// is kept in Parts as well, so that it is worded in the reader's language
// before it goes into its parent's template.
//
// The package has no dependencies beyond the standard library: the rules
// packages and scan use it, and never import a translation library.
package rulerr

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Error is a refusal worded as data (see the package comment).
type Error struct {
	// Key names the text for translation ("rules.asc.bid_taken").
	Key string
	// Format is the English fmt format the text is worded from.
	Format string
	// Args are the values the text was worded with, each formatted by its
	// own verb, named a1, a2, ... in the order of the format's verbs.
	Args map[string]string
	// Parts are the args that are refusals themselves, by arg name.
	Parts map[string]*Error

	text    string  // the English text
	wrapped []error // the errors the format wraps with %w
	kind    error   // a technical tail (see Kind)
}

// New is an error with a fixed text (no args), for sentinel errors that
// callers test with errors.Is.
func New(key, text string) *Error {
	return &Error{Key: key, Format: strings.ReplaceAll(text, "%", "%%"), text: text}
}

// Errorf words an error from an English format and its args like
// fmt.Errorf (%w wraps its arg, which errors.Is and errors.As then find),
// keeping key and the args for translation.
func Errorf(key, format string, args ...any) *Error {
	e := &Error{Key: key, Format: format}
	verbs := Verbs(format)
	for i, a := range args {
		name := ArgName(i)
		v := "%v"
		if i < len(verbs) {
			v = verbs[i]
		}
		if v == "%w" {
			v = "%v"
			if err, ok := a.(error); ok {
				e.wrapped = append(e.wrapped, err)
			}
		}
		if p, ok := a.(*Error); ok && p != nil {
			if e.Parts == nil {
				e.Parts = map[string]*Error{}
			}
			e.Parts[name] = p
		}
		if e.Args == nil {
			e.Args = make(map[string]string, len(args))
		}
		e.Args[name] = fmt.Sprintf(v, a)
	}
	e.text = fmt.Errorf(format, args...).Error()
	return e
}

// Kind adds a technical tail to the error: Error is the text followed by
// ": " and kind's text, and errors.Is(e, kind) holds. The tail is not part
// of the text the players read (Text, In). It returns e.
func (e *Error) Kind(kind error) *Error {
	e.kind = kind
	return e
}

// Error is the English text, followed by the kind's text when there is one
// ("Ben bid twice: invalid Ascendancy input").
func (e *Error) Error() string {
	if e.kind != nil {
		return e.text + ": " + e.kind.Error()
	}
	return e.text
}

// Text is the English text the players read (without the kind's tail).
func (e *Error) Text() string { return e.text }

// Unwrap gives the wrapped error (or the kind) like fmt.Errorf's errors
// do, so errors.Is, errors.As and errors.Unwrap see through it; an error
// that wraps several gives them joined.
func (e *Error) Unwrap() error {
	all := append([]error(nil), e.wrapped...)
	if e.kind != nil {
		all = append(all, e.kind)
	}
	switch len(all) {
	case 0:
		return nil
	case 1:
		return all[0]
	}
	return errors.Join(all...)
}

// Translator words one text in the reader's language: key names it, english
// is the English text (the fallback), args the values it was worded with.
type Translator func(key, english string, args map[string]string) string

// In words the text with tr (nil gives the English Text): the parts first,
// then the error's own template.
func (e *Error) In(tr Translator) string {
	if tr == nil || e.Key == "" {
		return e.text
	}
	args := e.Args
	if len(e.Parts) > 0 {
		args = make(map[string]string, len(e.Args))
		for k, v := range e.Args {
			args[k] = v
		}
		for k, p := range e.Parts {
			args[k] = p.In(tr)
		}
	}
	return tr(e.Key, e.text, args)
}

// Find returns the first *Error in err's chain, or nil.
func Find(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// Explain words err with tr: a refusal of the rules (an *Error, or an error
// whose text ends with one's, after some context) is translated; any other
// error is its English text. A nil tr gives the English.
func Explain(err error, tr Translator) string {
	if err == nil {
		return ""
	}
	e := Find(err)
	if e == nil || tr == nil {
		return err.Error()
	}
	full, own := err.Error(), e.Error()
	if full == own {
		return e.In(tr)
	}
	if prefix, ok := strings.CutSuffix(full, own); ok {
		return prefix + e.In(tr)
	}
	return full
}

// ArgName is the template name of the i-th arg (from 0): a1, a2, ...
func ArgName(i int) string { return "a" + strconv.Itoa(i+1) }

// Verbs lists the verbs of a fmt format, one per arg ("%-3d", "%s",
// "%.1f"); "%%" is not a verb.
func Verbs(format string) []string {
	var out []string
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			break
		}
		if format[j] != '%' {
			out = append(out, format[i:j+1])
		}
		i = j
	}
	return out
}

// Template is the translation template of an English format, with each
// verb replaced by its arg: "%s bid twice" gives "{{.a1}} bid twice". The
// English translation file holds these templates.
func Template(format string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			b.WriteString(format[i:])
			break
		}
		if format[j] == '%' {
			b.WriteByte('%')
		} else {
			b.WriteString("{{." + ArgName(n) + "}}")
			n++
		}
		i = j
	}
	return b.String()
}
