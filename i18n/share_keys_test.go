package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShareRefusalKeys: every refusal the host gives a device names a
// translation key ("share.refused.*", in share) that both
// translation files hold, so a joined device words it in its language.
func TestShareRefusalKeys(t *testing.T) {
	keys := shareKeys(t)
	require.GreaterOrEqual(t, len(keys), 15, "the host's refusals are keyed")
	for _, code := range Languages() {
		m, err := Messages(code)
		require.NoError(t, err)
		for _, k := range keys {
			assert.NotEmpty(t, m[k], "%s.json has no %s", code, k)
		}
	}
}

// shareKeys lists the translation keys of the host's refusals: the
// "share.refused.*" literals of share.
func shareKeys(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("..", "share", "*.go"))
	require.NoError(t, err)
	fset := token.NewFileSet()
	var keys []string
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, 0)
		require.NoError(t, err)
		ast.Inspect(f, func(x ast.Node) bool {
			if lit, ok := x.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && strings.HasPrefix(s, "share.refused.") {
					keys = append(keys, s)
				}
			}
			return true
		})
	}
	return keys
}
