package tracker

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func exportOf(t testing.TB, s *Session) []byte {
	x := Export{Format: ExportFormat, Schema: SchemaVersion, Kind: s.Kind(), Name: "test", Events: s.Log()}
	var buf bytes.Buffer
	if _, err := x.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestExportRoundTrip(t *testing.T) {
	s := newTestSession(t, KindAscendancy)
	play(t, s, AddAscPlayer{Name: "A"}, AddAscPlayer{Name: "B"}, UseCommand{Player: "p1", Delta: 2})
	_, err := s.Undo()
	require.NoError(t, err)
	b := exportOf(t, s)
	x, err := ParseExport(b)
	require.NoError(t, err)
	r, err := Replay(x.Kind, x.Events, Options{})
	require.NoError(t, err)
	assert.Equal(t, s.State(), r.State())

	require.Contains(t, string(b), `"exhausted"`)
	tests := map[string]struct {
		in   []byte
		want error
	}{
		"truncated":    {b[:len(b)-10], ErrNotExport},
		"future":       {bytes.Replace(b, []byte(`"schema": 1`), []byte(`"schema": 7`), 1), ErrFutureVersion},
		"wrong kind":   {bytes.Replace(b, []byte(`"kind": "ascendancy"`), []byte(`"kind": "chess"`), 1), ErrNotExport},
		"bad log":      {bytes.Replace(b, []byte(`"type": "undo"`), []byte(`"type": "redo"`), 1), ErrBadLog},
		"trailing":     {append(bytes.Clone(b), []byte(`{}`)...), ErrNotExport},
		"unknown data": {bytes.Replace(b, []byte(`"exhausted"`), []byte(`"exhaustedX"`), 1), ErrNotExport},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := ParseExport(tt.in)
			require.Error(t, err)
			assert.ErrorIs(t, err, tt.want)
		})
	}
}

// FuzzParseExport feeds damaged game files to the reader: it must never
// panic, and whatever it accepts must replay and survive a round trip.
func FuzzParseExport(f *testing.F) {
	s := newTestSession(&testing.T{}, KindAway)
	for _, c := range []Command{AddAwayPlayer{Name: "A"}, AddAwayPlayer{Name: "B", Borg: true}, Note{Text: "x"}} {
		if _, err := s.Execute(c); err != nil {
			f.Fatal(err)
		}
	}
	if _, err := s.Undo(); err != nil {
		f.Fatal(err)
	}
	f.Add(exportOf(f, s))
	a := newTestSession(&testing.T{}, KindAscendancy)
	for _, c := range []Command{AddAscPlayer{Name: "A"}, AddAscPlayer{Name: "B"}, StartAscendancy{}, ChooseTurnOrder{}} {
		if _, err := a.Execute(c); err != nil {
			f.Fatal(err)
		}
	}
	f.Add(exportOf(f, a))
	f.Add([]byte(`{"format":"tableops-game","schema":1,"kind":"away","name":"x","events":[]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		x, err := ParseExport(b)
		if err != nil {
			if !errors.Is(err, ErrNotExport) && !errors.Is(err, ErrFutureVersion) && !errors.Is(err, ErrBadLog) {
				t.Fatalf("error of no kind: %v", err)
			}
			return
		}
		r, err := Replay(x.Kind, x.Events, Options{})
		if err != nil {
			t.Fatalf("accepted file does not replay: %v", err)
		}
		out, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		y, err := ParseExport(out)
		if err != nil {
			t.Fatalf("re-encoded file does not read: %v", err)
		}
		r2, err := Replay(y.Kind, y.Events, Options{})
		if err != nil {
			t.Fatal(err)
		}
		s1, _ := json.Marshal(r.State())
		s2, _ := json.Marshal(r2.State())
		if !bytes.Equal(s1, s2) {
			t.Fatal("state differs after a round trip")
		}
	})
}
