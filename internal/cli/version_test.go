package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/webapp"
)

// TestVersionSaysWhichWebApp: "tableops version" says whether the web app
// is inside and which build, in text and in JSON.
func TestVersionSaysWhichWebApp(t *testing.T) {
	build, inside := webapp.Built()
	code, out, errOut := run(t, "version")
	require.Equal(t, 0, code, errOut)
	code, js, errOut := run(t, "version", "--json")
	require.Equal(t, 0, code, errOut)
	var v versionInfo
	require.NoError(t, json.Unmarshal([]byte(js), &v))
	assert.Equal(t, inside, v.WebApp.Inside)
	if inside {
		assert.Contains(t, out, "web app:      inside, build "+build.ID+" (tableops.")
		assert.Equal(t, build.ID, v.WebApp.Build)
		assert.Equal(t, build.Files, v.WebApp.Files)
		assert.Positive(t, v.WebApp.Embedded)
	} else {
		assert.Contains(t, out, "web app:      not inside")
		assert.Contains(t, out, webapp.BuildCommand)
		assert.Equal(t, webapp.BuildCommand, v.WebApp.BuildWith)
	}
}

func TestWebAppLine(t *testing.T) {
	w := webAppOf(webapp.Build{ID: "0123456789abcdef", Files: []string{"index.html", "tableops.42639995e0b4.wasm"},
		Size: 51_700_000, Embedded: 12_400_000}, true)
	assert.Equal(t, "inside, build 0123456789abcdef (tableops.42639995e0b4.wasm; 2 files, 51.7 MB, embedded as brotli 12.4 MB)", w.String())
	w = webAppOf(webapp.Build{}, false)
	assert.False(t, w.Inside)
	assert.True(t, strings.HasPrefix(w.String(), "not inside"))
}
