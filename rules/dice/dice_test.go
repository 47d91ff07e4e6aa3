package dice

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		max     int
		want    Pool
		wantErr error
	}{
		{"6,4,2,2", 6, Pool{6, 4, 2, 2}, nil},
		{"6 4 2 2", 6, Pool{6, 4, 2, 2}, nil},
		{"6422", 6, Pool{6, 4, 2, 2}, nil},
		{" 6, 4 ,2;2 ", 6, Pool{6, 4, 2, 2}, nil},
		{"5/4/1", 6, Pool{5, 4, 1}, nil},
		{"", 6, nil, nil},
		{"111111", 6, Pool{1, 1, 1, 1, 1, 1}, nil},
		{"1111111", 6, nil, ErrTooManyDice},
		{"1111111", 0, Pool{1, 1, 1, 1, 1, 1, 1}, nil},
		{"6,7", 6, nil, ErrBadFace},
		{"0", 6, nil, ErrBadFace},
		{"10", 6, nil, ErrBadFace},
		{"-3", 6, nil, ErrBadFace},
		{"6,x", 6, nil, ErrBadCharacter},
		{"six", 6, nil, ErrBadCharacter},
		{"6.5", 6, nil, ErrBadCharacter},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in, tt.max)
			if tt.wantErr != nil {
				require.ErrorIs(t, err, tt.wantErr)
				assert.Nil(t, got)
				assert.Contains(t, err.Error(), tt.in)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestSortedDoesNotChangeInput(t *testing.T) {
	p := Pool{2, 6, 4, 2}
	assert.Equal(t, Pool{6, 4, 2, 2}, p.Sorted())
	assert.Equal(t, Pool{2, 6, 4, 2}, p)
}

func TestCountsAndString(t *testing.T) {
	p := Pool{6, 4, 2, 2, 6}
	assert.Equal(t, 3, p.CountAtLeast(4))
	assert.Equal(t, 2, p.Count(6))
	assert.Equal(t, "6,4,2,2,6", p.String())
	assert.Equal(t, "", Pool{}.String())
}

func TestCap(t *testing.T) {
	tests := []struct{ n, max, kept, dropped int }{
		{4, 6, 4, 0},
		{6, 6, 6, 0},
		{9, 6, 6, 3},
		{-2, 6, 0, 0},
		{12, 0, 12, 0},
	}
	for _, tt := range tests {
		k, d := Cap(tt.n, tt.max)
		assert.Equal(t, tt.kept, k, "kept for %d", tt.n)
		assert.Equal(t, tt.dropped, d, "dropped for %d", tt.n)
	}
}

func TestRollIsReproducibleAndFair(t *testing.T) {
	a := Roll(6, 7)
	b := Roll(6, 7)
	assert.Equal(t, a, b)
	require.NoError(t, a.Validate(6))
	assert.Empty(t, Roll(0, 7))
	assert.NotEqual(t, Roll(20, 1), Roll(20, 2))

	// Every face shows up roughly a sixth of the time.
	counts := make([]int, 7)
	for _, f := range Roll(60000, 99) {
		counts[f]++
	}
	for f := 1; f <= 6; f++ {
		assert.InDelta(t, 10000, counts[f], 500, "face %d", f)
	}
}

func TestReroll(t *testing.T) {
	p := Pool{6, 1, 1, 5}
	got, err := Reroll(p, []int{1, 2}, 42)
	require.NoError(t, err)
	fresh := Roll(2, 42)
	assert.Equal(t, Pool{6, fresh[0], fresh[1], 5}, got)
	assert.Equal(t, Pool{6, 1, 1, 5}, p, "input unchanged")

	_, err = Reroll(p, []int{4}, 1)
	assert.ErrorIs(t, err, ErrBadIndex)
	_, err = Reroll(p, []int{0, 0}, 1)
	assert.ErrorIs(t, err, ErrBadIndex)
}

func TestReplace(t *testing.T) {
	got, err := Replace(Pool{6, 1, 1}, []int{2}, Pool{3})
	require.NoError(t, err)
	assert.Equal(t, Pool{6, 1, 3}, got)

	_, err = Replace(Pool{6, 1, 1}, []int{2}, Pool{7})
	assert.ErrorIs(t, err, ErrBadFace)
	_, err = Replace(Pool{6, 1, 1}, []int{2, 1}, Pool{3})
	assert.Error(t, err)
	_, err = Replace(Pool{6, 1, 1}, []int{5}, Pool{3})
	assert.ErrorIs(t, err, ErrBadIndex)
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"6,4,2,2", "6422", "", "7", "1 2 3 4 5 6 1", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s, AwayMissionsCap)
		if err != nil {
			assert.Nil(t, p)
			return
		}
		require.NoError(t, p.Validate(AwayMissionsCap))
	})
}
