package scan

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"testing/quick"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func kirk() Tag {
	return Tag{Kind: KindCharacter, ID: "AM-KIRK", Character: &Character{
		Name:   "James T. Kirk",
		Tracks: Tracks{Attack: []int{5, 4, 3}, Defense: []int{4, 3}, Skill: []int{6, 5}, Move: []int{4, 4}},
	}}
}

func TestEncodeExamples(t *testing.T) {
	tests := []struct {
		name string
		tag  Tag
		want string
	}{
		{"reference", Tag{Kind: KindMission, ID: "AM-MISSION-03"}, "TO1M/AM-MISSION-03/"},
		{"borg command", Tag{Kind: KindBorgCommand, ID: "ADAPT"}, "TO1B/ADAPT/"},
		{"character reference", Tag{Kind: KindCharacter, ID: "AM-KIRK"}, "TO1C/AM-KIRK/"},
		{"id with every allowed sign", Tag{Kind: KindEvent, ID: "A/B$%*+-.:9"}, "TO1E/A/B$%*+-.:9/"},
		{"character", kirk(), "TO1F/JAMES T. KIRK/543/43/65/44/AM-KIRK/"},
		{"name escapes", Tag{Kind: KindCharacter, ID: "B/1", Character: &Character{
			Name:   "B'Elanna McCoy of 7/9 ★",
			Tracks: Tracks{Attack: []int{10}, Defense: []int{0}, Skill: []int{35}, Move: []int{1}},
		}}, "TO1F/B$0013ELANNA MC*COY *OF 7$001B9 $07ID/A/0/Z/1/B/1/"},
		{"join", Tag{Kind: KindJoin, Join: &Join{Addr: "192.168.1.20:8080", Code: "K7Q2"}}, "TO1J/K7Q2/192.168.1.20:8080/"},
		{"join host name", Tag{Kind: KindJoin, Join: &Join{Addr: "Tablet.local:80", Code: "K7Q2"}}, "TO1J/K7Q2/*TABLET.LOCAL:80/"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Encode(tc.tag)
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(got, tc.want), "got %q", got)
			assert.Len(t, got, len(tc.want)+checkLen)
			back, err := Decode(got)
			require.NoError(t, err)
			assert.Equal(t, tc.tag, back)
			for _, c := range []byte(got) {
				assert.True(t, strings.IndexByte(alphanumeric, c) >= 0, "%q outside the QR alphanumeric set", c)
			}
		})
	}
}

const alphanumeric = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"

// randomText returns printable text mixing the classes the escaping treats
// differently.
func randomText(r *rand.Rand, n int) string {
	pool := []rune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -.:+%/*$'\",!?éÆßΩ★语")
	var b strings.Builder
	for range 1 + r.Intn(n) {
		b.WriteRune(pool[r.Intn(len(pool))])
	}
	return b.String()
}

func randomTrack(r *rand.Rand) []int {
	tr := make([]int, 1+r.Intn(8))
	for i := range tr {
		if r.Intn(4) == 0 {
			tr[i] = r.Intn(MaxTrackValue + 1)
		} else {
			tr[i] = 1 + r.Intn(6)
		}
	}
	return tr
}

// randomID returns a catalog-style id.
func randomID(r *rand.Rand, n int) string {
	const idChars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$%*+-./:"
	b := make([]byte, 1+r.Intn(n))
	for i := range b {
		b[i] = idChars[r.Intn(len(idChars))]
	}
	return string(b)
}

// genTag is a random valid Tag for testing/quick.
type genTag struct{ Tag }

func (genTag) Generate(r *rand.Rand, size int) reflect.Value {
	kinds := Kinds()
	t := Tag{Kind: kinds[r.Intn(len(kinds))]}
	switch {
	case t.Kind == KindJoin:
		code := make([]byte, 4+r.Intn(13))
		for i := range code {
			code[i] = alphanumeric[r.Intn(36)]
		}
		t.Join = &Join{Addr: randomText(r, 20), Code: string(code)}
	case t.Kind == KindCharacter && r.Intn(3) > 0:
		t.ID = randomID(r, 24)
		t.Character = &Character{Name: randomText(r, 24), Tracks: Tracks{
			Attack: randomTrack(r), Defense: randomTrack(r), Skill: randomTrack(r), Move: randomTrack(r),
		}}
	default:
		t.ID = randomID(r, 40)
	}
	return reflect.ValueOf(genTag{t})
}

func TestEncodeDecodeInverse(t *testing.T) {
	fits := 0
	prop := func(g genTag) bool {
		p, err := Encode(g.Tag)
		if err != nil {
			// Random escapes can overflow the size limit; that is the only
			// acceptable failure.
			return assert.ErrorIs(t, err, ErrTooLong)
		}
		fits++
		back, err := Decode(p)
		if !assert.NoError(t, err, "payload %q", p) {
			return false
		}
		again, err := Encode(back)
		return assert.Equal(t, g.Tag, back) && assert.NoError(t, err) && assert.Equal(t, p, again)
	}
	require.NoError(t, quick.Check(prop, &quick.Config{MaxCount: 3000, Rand: rand.New(rand.NewSource(1))}))
	assert.Greater(t, fits, 2000, "most random tags should fit")
}

// withCheck appends a correct check field to a payload prefix.
func withCheck(prefix string) string { return prefix + "/" + checkDigits(prefix+"/") }

func TestDecodeErrors(t *testing.T) {
	good, err := Encode(kirk())
	require.NoError(t, err)
	damaged := []byte(good)
	damaged[8] = 'X'
	tests := []struct {
		name string
		text string
		want error
	}{
		{"empty", "", ErrForeign},
		{"url", "https://example.com/x", ErrForeign},
		{"lower case marker", "to1C/KIRK/000", ErrForeign},
		{"too short", "TO1", ErrForeign},
		{"wifi code", "WIFI:S:net;T:WPA;P:secret;;", ErrForeign},
		{"newer version", "TO2C/KIRK/ABC", ErrVersion},
		{"damaged", string(damaged), ErrChecksum},
		{"wrong check", "TO1M/MISSION/000", ErrChecksum},
		{"no check", "TO1M/MISSION", ErrMalformed},
		{"unknown kind", withCheck("TO1Z/KIRK"), ErrUnknownKind},
		{"no separator", withCheck("TO1MX/KIRK"), ErrMalformed},
		{"empty id", withCheck("TO1M/"), ErrMalformed},
		{"nothing after kind", "TO1M" + checkDigits("TO1M"), ErrMalformed},
		{"space in id", withCheck("TO1M/A B"), ErrMalformed},
		{"lower case in payload", withCheck("TO1M/kirk"), ErrMalformed},
		{"character missing id", withCheck("TO1F/KIRK/1/1/1/1"), ErrMalformed},
		{"bad flip", withCheck("TO1F/*1/1/1/1/1/K"), ErrMalformed},
		{"short escape", withCheck("TO1F/$00/1/1/1/1/K"), ErrMalformed},
		{"escape beyond unicode", withCheck("TO1F/$ZZZZ/1/1/1/1/K"), ErrMalformed},
		{"non canonical escape", withCheck("TO1F/$002T/1/1/1/1/K"), ErrMalformed},
		{"flip at the end", withCheck("TO1F/K*/1/1/1/1/K"), ErrMalformed},
		{"empty track", withCheck("TO1F/KIRK//1/1/1/K"), ErrMalformed},
		{"bad track value", withCheck("TO1F/KIRK/1$/1/1/1/K"), ErrMalformed},
		{"join code too short", withCheck("TO1J/AB/HOST:1"), ErrMalformed},
		{"join missing address", withCheck("TO1J/ABCD"), ErrMalformed},
		{"join bad address", withCheck("TO1J/ABCD/$$"), ErrMalformed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.text)
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.want)
		})
	}
}

func TestEncodeInvalid(t *testing.T) {
	long := strings.Repeat("X", MaxReferenceLen)
	tests := []struct {
		name string
		tag  Tag
		want error
	}{
		{"no kind", Tag{ID: "X"}, ErrInvalid},
		{"empty id", Tag{Kind: KindMission}, ErrInvalid},
		{"lower case id", Tag{Kind: KindMission, ID: "kirk"}, ErrInvalid},
		{"space in id", Tag{Kind: KindMission, ID: "A B"}, ErrInvalid},
		{"control char in name", Tag{Kind: KindCharacter, ID: "C", Character: &Character{Name: "a\nb", Tracks: kirk().Character.Tracks}}, ErrInvalid},
		{"bad utf8 in name", Tag{Kind: KindCharacter, ID: "C", Character: &Character{Name: "a\xffb", Tracks: kirk().Character.Tracks}}, ErrInvalid},
		{"empty name", Tag{Kind: KindCharacter, ID: "C", Character: &Character{Tracks: kirk().Character.Tracks}}, ErrInvalid},
		{"character data on mission", Tag{Kind: KindMission, ID: "M", Character: kirk().Character}, ErrInvalid},
		{"join without data", Tag{Kind: KindJoin}, ErrInvalid},
		{"join with id", Tag{Kind: KindJoin, ID: "X", Join: &Join{Addr: "h:1", Code: "ABCD"}}, ErrInvalid},
		{"join lower code", Tag{Kind: KindJoin, Join: &Join{Addr: "h:1", Code: "abcd"}}, ErrInvalid},
		{"join data on card", Tag{Kind: KindEvent, ID: "E", Join: &Join{Addr: "h:1", Code: "ABCD"}}, ErrInvalid},
		{"empty track", Tag{Kind: KindCharacter, ID: "C", Character: &Character{Name: "C", Tracks: Tracks{Attack: []int{1}, Defense: []int{1}, Skill: []int{1}}}}, ErrInvalid},
		{"track value", Tag{Kind: KindCharacter, ID: "C", Character: &Character{Name: "C", Tracks: Tracks{Attack: []int{36}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}}}}, ErrInvalid},
		{"negative value", Tag{Kind: KindCharacter, ID: "C", Character: &Character{Name: "C", Tracks: Tracks{Attack: []int{-1}, Defense: []int{1}, Skill: []int{1}, Move: []int{1}}}}, ErrInvalid},
		{"too long", Tag{Kind: KindMission, ID: long}, ErrTooLong},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Encode(tc.tag)
			assert.ErrorIs(t, err, tc.want)
		})
	}
}

func TestTagQRVersions(t *testing.T) {
	// The longest reference payload fits QR version 4 at level Q.
	ref := Tag{Kind: KindEquipment, ID: strings.Repeat("X", MaxReferenceLen-len("TO1Q//")-checkLen)}
	p, err := Encode(ref)
	require.NoError(t, err)
	require.Len(t, p, MaxReferenceLen)
	s, err := EncodeQR(p)
	require.NoError(t, err)
	assert.Equal(t, 4, s.Version)

	// The longest character payload fits QR version 10 at level Q.
	tr := make([]int, MaxTrackLen)
	long := Tag{Kind: KindCharacter, ID: "C", Character: &Character{
		Tracks: Tracks{Attack: tr, Defense: tr, Skill: tr, Move: tr}}}
	long.Character.Name = strings.Repeat("x", MaxCharacterLen-len("TO1C/C///////")-4*MaxTrackLen-checkLen)
	p, err = Encode(long)
	require.NoError(t, err)
	require.Len(t, p, MaxCharacterLen)
	s, err = EncodeQR(p)
	require.NoError(t, err)
	assert.Equal(t, 10, s.Version)

	// Realistic tags are much smaller.
	p, err = Encode(kirk())
	require.NoError(t, err)
	s, err = EncodeQR(p)
	require.NoError(t, err)
	assert.LessOrEqual(t, s.Version, 3, "payload %q", p)
	p, err = Encode(Tag{Kind: KindAdvancement, ID: "ASCENDANCY-ADV-17"})
	require.NoError(t, err)
	s, err = EncodeQR(p)
	require.NoError(t, err)
	assert.LessOrEqual(t, s.Version, 3, "payload %q", p)
}

func TestKindNames(t *testing.T) {
	for _, k := range Kinds() {
		got, err := ParseKind(k.String())
		require.NoError(t, err)
		assert.Equal(t, k, got)
	}
	_, err := ParseKind("starship")
	assert.ErrorIs(t, err, ErrUnknownKind)
	assert.Equal(t, "kind(0)", Kind(0).String())
	assert.Equal(t, "character AM-KIRK: James T. Kirk (attack 5 4 3, defense 4 3, skill 6 5, move 4 4)", kirk().String())
	assert.Equal(t, "James T. Kirk", kirk().Label())
}

func FuzzDecode(f *testing.F) {
	for _, t := range []Tag{kirk(), {Kind: KindMission, ID: "M-1"}, {Kind: KindJoin, Join: &Join{Addr: "h:80", Code: "ABCD"}}} {
		p, err := Encode(t)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p)
	}
	f.Add("TO1F/B$0013E/1/2/3/4/A/B/000")
	f.Add("https://example.com")
	f.Fuzz(func(t *testing.T, text string) {
		tag, err := Decode(text)
		if err != nil {
			return
		}
		again, err := Encode(tag)
		if err != nil {
			t.Fatalf("decoded %q but cannot encode it again: %v", text, err)
		}
		if again != text {
			t.Fatalf("decode/encode changed %q to %q", text, again)
		}
	})
}
