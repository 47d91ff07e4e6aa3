package reference

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A catalog file at the size limit made of two million numbers used to
// allocate about 200 MB (50 times its size) before it was refused: the
// syntax check built every value. It is now refused for about the size of
// the file (10 times its size at most, under the race detector too).
func TestImportDoesNotAmplifyMemory(t *testing.T) {
	data := []byte(`{"schema":1,"x":[` + strings.Repeat("1,", MaxImportBytes/2-100) + `1]}`)
	require.LessOrEqual(t, len(data), MaxImportBytes)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := (&Catalog{}).Import(bytes.NewReader(data))
	runtime.ReadMemStats(&after)
	var ie *ImportError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, "x", ie.Field)
	n := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes refused after allocating %.1f MB", len(data), float64(n)/1e6)
	assert.Less(t, n, uint64(10*MaxImportBytes), "allocated %d MB for a %d MB file", n>>20, len(data)>>20)

	for _, in := range []string{`null`, `[]`, ` "text"`, `{`} {
		_, err := ParseCatalog([]byte(in))
		require.ErrorAs(t, err, &ie, in)
	}
}
