package reference

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/rules/away"
)

func builtin(t testing.TB) *Catalog {
	t.Helper()
	c, err := Builtin()
	require.NoError(t, err)
	return c
}

func intp(v int) *int { return &v }

func TestBuiltinCatalog(t *testing.T) {
	c := builtin(t)
	assert.GreaterOrEqual(t, len(c.Characters()), 20)
	assert.GreaterOrEqual(t, len(c.References()), 30)

	riker, ok := c.Character("am-riker")
	require.True(t, ok, "lookup is case-insensitive")
	assert.Equal(t, "William T. Riker", riker.Name)
	assert.Equal(t, []string{"Human", "Commander"}, riker.Keywords)
	assert.Equal(t, 1, riker.SkillDice("command"))
	require.Len(t, riker.Attacks, 1)
	assert.Equal(t, 1, *riker.Attacks[0].Dice)
	assert.Equal(t, []string{"Stun"}, riker.Attacks[0].Rules)
	assert.False(t, riker.Complete(), "the rulebook does not give Riker's peg values")

	drone, ok := c.Character("AM-DRONE")
	require.True(t, ok)
	assert.Equal(t, "Assimilation Tubules", drone.Attacks[0].Name)
	assert.Equal(t, []string{"Assimilate", "Melee"}, drone.Attacks[0].Rules)
	assert.Empty(t, drone.Tracks.Attack, "unknown track values stay empty")

	lukara, _ := c.Character("AM-LUKARA")
	assert.Equal(t, 1, *lukara.Attacks[0].Damage, "Bat'leth +1 damage (attack example)")

	_, ok = c.Reference("BC-EXPEDITED")
	assert.True(t, ok)
	for _, r := range c.References() {
		assert.NoError(t, r.Validate(), r.ID)
	}
	for _, ch := range c.Characters() {
		assert.NoError(t, ch.Validate(), ch.ID)
		// Every built-in card names the rulebook section it comes from.
		assert.NotEmpty(t, ch.Source, ch.ID)
	}
}

func TestValidID(t *testing.T) {
	for _, id := range []string{"AM-RIKER", "A", "BT-1", "X$%*+-./:", strings.Repeat("Z", MaxIDLen)} {
		assert.NoError(t, ValidID(id), id)
	}
	for _, id := range []string{"", "am-riker", "HAS SPACE", "É", "A_B", "A#1", strings.Repeat("Z", MaxIDLen+1)} {
		assert.Error(t, ValidID(id), id)
	}
}

func TestCharacterValidate(t *testing.T) {
	ok := Character{ID: "X", Name: "Test", Specializations: []Specialization{{"Science", 2}},
		Tracks: Tracks{Attack: []int{1, 2}}, Attacks: []AttackAction{{Name: "Phaser", Dice: intp(1), Damage: intp(0)}}}
	require.NoError(t, ok.Validate())
	cases := []struct {
		name  string
		edit  func(*Character)
		field string
	}{
		{"no name", func(c *Character) { c.Name = " " }, "name"},
		{"bad id", func(c *Character) { c.ID = "x y" }, "id"},
		{"spec count 0", func(c *Character) { c.Specializations[0].Count = 0 }, "specializations[0].count"},
		{"spec count 4", func(c *Character) { c.Specializations[0].Count = 4 }, "specializations[0].count"},
		{"negative track", func(c *Character) { c.Tracks.Attack[1] = -1 }, "tracks.attack[1]"},
		{"dice 7", func(c *Character) { c.Attacks[0].Dice = intp(7) }, "attacks[0].dice"},
		{"no weapon name", func(c *Character) { c.Attacks[0].Name = "" }, "attacks[0].name"},
		{"escalation 4", func(c *Character) { c.Escalation = 4 }, "escalation"},
		{"control char", func(c *Character) { c.Notes = "a\x01b" }, "notes"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := ok.clone()
			tc.edit(&c)
			err := c.Validate()
			var fe *fieldError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tc.field, fe.field)
		})
	}
}

func TestCatalogEditsAreImmutable(t *testing.T) {
	c := builtin(t)
	n := c.Len()
	c2, err := c.WithCharacter(Character{ID: "my-worf", Name: "Worf", Tracks: Tracks{Attack: []int{1, 2, 3}}})
	require.NoError(t, err)
	assert.Equal(t, n, c.Len(), "receiver unchanged")
	assert.Equal(t, n+1, c2.Len())
	w, ok := c2.Character("MY-WORF")
	require.True(t, ok, "id normalized to upper case")
	w.Tracks.Attack[0] = 99
	w2, _ := c2.Character("MY-WORF")
	assert.Equal(t, 1, w2.Tracks.Attack[0], "returned cards are copies")

	// Same id replaces, even across kinds.
	c3, err := c2.WithReference(ReferenceCard{ID: "MY-WORF", Kind: KindEvent, Name: "Not Worf"})
	require.NoError(t, err)
	assert.Equal(t, n+1, c3.Len())
	_, isChar := c3.Character("MY-WORF")
	assert.False(t, isChar)

	_, err = c2.WithCharacter(Character{ID: "BAD ID", Name: "x"})
	assert.Error(t, err)
	assert.Equal(t, n, c2.Without("MY-WORF").Len())

	chars, refs := c.Find("locutus")
	assert.Len(t, chars, 1)
	assert.Empty(t, refs)
	chars, refs = c.Find("borg-command")
	assert.Empty(t, chars)
	assert.Len(t, refs, 3)
}

func TestExportImportRoundTrip(t *testing.T) {
	c := builtin(t)
	var buf bytes.Buffer
	require.NoError(t, c.Export(&buf))
	assert.Contains(t, buf.String(), `"schema": 1`)
	back, err := NewCatalog().Import(&buf)
	require.NoError(t, err)
	assert.Equal(t, c.Characters(), back.Characters())
	assert.Equal(t, c.References(), back.References())
}

func TestImportMerges(t *testing.T) {
	c := builtin(t)
	file := `{"schema": 1, "characters": [
  {"id": "am-riker", "name": "William T. Riker", "tracks": {"attack": [1, 2], "defense": [1, 2, 3], "skill": [1, 2], "move": [2, 4]},
   "attacks": [{"name": "Type 2 Phaser", "dice": 1, "damage": 0, "rules": ["Stun"]}]}
], "references": [{"id": "EV-1", "kind": "event", "name": "My event", "notes": "house note"}]}`
	out, err := c.Import(strings.NewReader(file))
	require.NoError(t, err)
	assert.Equal(t, c.Len()+1, out.Len())
	r, _ := out.Character("AM-RIKER")
	assert.True(t, r.Complete())
	assert.Empty(t, r.Keywords, "the imported card replaces the built-in one")
	orig, _ := c.Character("AM-RIKER")
	assert.NotEmpty(t, orig.Keywords, "the original catalog is unchanged")

	a := r.Away("p1")
	assert.Equal(t, 2, a.Rating(away.Attack))
	assert.Equal(t, 3, a.Rating(away.Defense))
	assert.Equal(t, "Type 2 Phaser", a.Weapons[0].Name)
}

func TestImportRejects(t *testing.T) {
	cases := []struct {
		name  string
		file  string
		line  int
		field string
		msg   string
	}{
		{"not json", "{\n  \"schema\": 1,\n  oops\n}", 3, "", "not valid JSON"},
		{"truncated", "{\"schema\": 1,\n\"characters\": [", 2, "", "JSON"},
		{"array", "[]", 1, "", "JSON object"},
		{"no schema", `{"characters": []}`, 1, "schema", "missing"},
		{"newer schema", `{"schema": 2}`, 1, "schema", "newer"},
		{"schema text", "{\n\"schema\": \"one\"}", 2, "schema", "whole number"},
		{"unknown top field", "{\"schema\": 1,\n\"cards\": []}", 2, "cards", "unknown field"},
		{"characters not a list", "{\"schema\": 1,\n\"characters\": {}}", 2, "characters", "list"},
		{"unknown card field", "{\"schema\": 1, \"characters\": [\n{\"id\": \"A\",\n \"name\": \"x\",\n \"colour\": \"red\"}]}", 4, "characters[0].colour", "unknown field"},
		{"wrong type", "{\"schema\": 1, \"characters\": [\n{\"id\": \"A\", \"name\": \"x\",\n \"tracks\": {\"attack\": [\"one\"]}}]}", 3, "characters[0].tracks.attack", "wrong type"},
		{"bad value", "{\"schema\": 1, \"characters\": [\n{\"id\": \"A\", \"name\": \"x\"},\n{\"id\": \"B\",\n \"name\": \"y\",\n \"escalation\": 9}]}", 5, "characters[1].escalation", "0 to 3"},
		{"bad id", "{\"schema\": 1,\n\"references\": [{\"id\": \"a b\", \"kind\": \"event\", \"name\": \"x\"}]}", 2, "references[0].id", "QR"},
		{"bad kind", "{\"schema\": 1,\n\"references\": [\n{\"id\": \"E\",\n \"kind\": \"spell\", \"name\": \"x\"}]}", 4, "references[0].kind", "unknown kind"},
		{"duplicate", "{\"schema\": 1, \"characters\": [{\"id\": \"A\", \"name\": \"x\"}],\n\"references\": [{\"id\": \"a\", \"kind\": \"event\", \"name\": \"y\"}]}", 2, "references[0].id", "duplicate"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := builtin(t)
			before := c.Len()
			out, err := c.Import(strings.NewReader(tc.file))
			require.Error(t, err)
			assert.Nil(t, out)
			var ie *ImportError
			require.True(t, errors.As(err, &ie), "%T %v", err, err)
			assert.Equal(t, tc.line, ie.Line, "line: %v", err)
			assert.Equal(t, tc.field, ie.Field, "field: %v", err)
			assert.Contains(t, err.Error(), tc.msg)
			assert.Equal(t, before, c.Len(), "nothing changed")
		})
	}
}

func TestImportTooLarge(t *testing.T) {
	big := bytes.Repeat([]byte(" "), MaxImportBytes+10)
	_, err := NewCatalog().Import(bytes.NewReader(big))
	assert.ErrorContains(t, err, "larger than")
}

// FuzzImport feeds arbitrary bytes to the importer: it must never panic,
// and whatever it accepts must export and import back to the same catalog.
func FuzzImport(f *testing.F) {
	f.Add(builtinJSON)
	f.Add([]byte(`{"schema":1,"characters":[{"id":"A","name":"x","tracks":{"move":[2,4]}}],"references":[]}`))
	f.Add([]byte(`{"schema":1,"references":[{"id":"E","kind":"event","name":"y","points":3}]}`))
	f.Add([]byte(`{"schema":1,"characters":null}`))
	f.Add([]byte(`[1,2`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := NewCatalog().Import(bytes.NewReader(data))
		if err != nil {
			var ie *ImportError
			if !errors.As(err, &ie) {
				t.Fatalf("error is not an *ImportError: %T %v", err, err)
			}
			return
		}
		var buf bytes.Buffer
		if err := c.Export(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := NewCatalog().Import(&buf)
		if err != nil {
			t.Fatalf("exported catalog does not import: %v\n%s", err, buf.String())
		}
		if back.Len() != c.Len() {
			t.Fatalf("round trip changed the card count: %d -> %d", c.Len(), back.Len())
		}
	})
}

// BenchmarkImportLarge imports a catalog of MaxCards characters.
func BenchmarkImportLarge(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString("{\"schema\": 1, \"characters\": [\n")
	for i := range MaxCards {
		if i > 0 {
			buf.WriteString(",\n")
		}
		fmt.Fprintf(&buf, `{"id": "C%d", "name": "Character %d", "tracks": {"attack": [1, 2], "move": [2, 4]}, "attacks": [{"name": "Phaser", "dice": 1, "damage": 0, "rules": ["Stun"]}]}`, i, i)
	}
	buf.WriteString("\n]}\n")
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c, err := NewCatalog().Import(bytes.NewReader(data))
		if err != nil || c.Len() != MaxCards {
			b.Fatal(err)
		}
	}
}
