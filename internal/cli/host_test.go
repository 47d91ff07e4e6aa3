package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tableops/share"
	"tableops/tracker"
	"tableops/webapp"
)

// syncBuffer is a bytes.Buffer safe to read while the command writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// isolate points the storage folder at a fresh temporary folder.
func isolate(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	return dir
}

func TestStorageDirMatchesFyne(t *testing.T) {
	dir := isolate(t)
	got, err := storageDir()
	require.NoError(t, err)
	if runtime.GOOS == "linux" {
		assert.Equal(t, filepath.Join(dir, "config", "fyne", "app.tableops.companion"), got)
		t.Setenv("XDG_CONFIG_HOME", "")
		got, err = storageDir()
		require.NoError(t, err)
		assert.Equal(t, filepath.Join(dir, ".config", "fyne", "app.tableops.companion"), got)
	}
}

// startHostCmd runs "tableops host ARGS" until the returned cancel.
func startHostCmd(t *testing.T, args ...string) (*syncBuffer, func() error) {
	out := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runHost(ctx, args, out) }()
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "}") || strings.Contains(out.String(), "Ctrl+C") },
		10*time.Second, 10*time.Millisecond, "host did not start: %s", out.String())
	return out, func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("host did not stop")
			return nil
		}
	}
}

// TestHostCommand shares a new game headless, takes a command over the API,
// stops on interrupt, and then shares the same (most recent) game again.
func TestHostCommand(t *testing.T) {
	isolate(t)
	out, stop := startHostCmd(t, "--addr", "127.0.0.1:0", "--json", "--kind", "ascendancy")
	var hi hostInfo
	require.NoError(t, json.Unmarshal([]byte(out.String()), &hi), out.String())
	assert.Equal(t, tracker.KindAscendancy, hi.Kind)
	assert.Equal(t, "Shared Ascendancy game", hi.Name)
	assert.True(t, strings.HasPrefix(hi.URL, "http://127.0.0.1:"), hi.URL)
	addr, code, err := share.ParseJoin(hi.Join, "")
	require.NoError(t, err)
	assert.Equal(t, hi.Addr, addr)
	assert.Equal(t, hi.Code, code)
	assert.Equal(t, "https://"+hi.Addr+"/app/#join="+hi.Code, hi.AppURL, "phones get https")
	assert.Equal(t, hi.AppURL, hi.Join, "the QR code is the phone link")
	assert.Len(t, hi.Fingerprint, 64, "the certificate's fingerprint")
	assert.Len(t, hi.Code, share.CodeLen)
	if !hi.App {
		assert.Equal(t, webapp.BuildCommand, hi.AppBuild)
	}
	appResp, err := http.Get(hi.URL + "app/")
	require.NoError(t, err)
	appBody, _ := io.ReadAll(appResp.Body)
	appResp.Body.Close()
	if hi.App {
		assert.Equal(t, http.StatusOK, appResp.StatusCode)
	} else {
		assert.Equal(t, http.StatusNotFound, appResp.StatusCode)
		assert.Contains(t, string(appBody), webapp.BuildCommand, "the page says how to build the app")
	}

	cmd, err := tracker.EncodeCommand(tracker.Note{Text: "from a script"})
	require.NoError(t, err)
	req, err := http.NewRequest(http.MethodPost, hi.URL+"api/command", bytes.NewReader(cmd))
	require.NoError(t, err)
	req.Header.Set(share.HeaderCode, hi.Code)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NoError(t, stop())
	_, err = http.Get(hi.URL)
	require.Error(t, err, "nothing listens after the interrupt")

	// Without --game: the most recent saved game, with its note, at the
	// same address with the same code (joined phones come back).
	out, stop = startHostCmd(t, "--addr", "127.0.0.1:0")
	text := out.String()
	assert.Contains(t, text, `Sharing "Shared Ascendancy game" (Ascendancy, id `+hi.GameID+")")
	assert.Contains(t, text, "Join code:  "+hi.Code, "the same code")
	assert.Contains(t, text, "Phones:     "+hi.AppURL, "the same link: same address, same code")
	assert.Contains(t, text, "Scoreboard: "+hi.URL+" (plain http", "the scoreboard's link says it is plain http")
	if hi.App {
		assert.Contains(t, text, "its SHA-256 fingerprint starts with "+strings.ToUpper(hi.Fingerprint[:4]+" "+hi.Fingerprint[4:8]), "what the phone will ask")
	}
	assert.Contains(t, text, "--new-code makes a new code")
	i := strings.Index(text, "Scoreboard: ")
	require.Positive(t, i)
	url := strings.Fields(text[i+len("Scoreboard: "):])[0]
	resp, err = http.Get(url + "api/state")
	require.NoError(t, err)
	var st share.StateResponse
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&st))
	resp.Body.Close()
	assert.Equal(t, 1, st.State.Notes)
	require.NoError(t, stop())
	assert.Contains(t, out.String(), "Stopped sharing.")

	// --new-code: a new code, kept for the next time; the same certificate.
	out, stop = startHostCmd(t, "--addr", "127.0.0.1:0", "--json", "--new-code")
	var again hostInfo
	require.NoError(t, json.Unmarshal([]byte(out.String()), &again), out.String())
	require.NoError(t, stop())
	assert.NotEqual(t, hi.Code, again.Code)
	assert.Equal(t, hi.Addr, again.Addr)
	assert.Equal(t, hi.Fingerprint, again.Fingerprint, "a phone confirms the certificate once per host")
	out, stop = startHostCmd(t, "--addr", "127.0.0.1:0", "--json")
	var third hostInfo
	require.NoError(t, json.Unmarshal([]byte(out.String()), &third), out.String())
	require.NoError(t, stop())
	assert.Equal(t, again.Code, third.Code)
}

func TestHostCommandBadInput(t *testing.T) {
	isolate(t)
	for _, args := range [][]string{
		{"--port", "70000"},
		{"--port", "8000", "--addr", "127.0.0.1:0"},
		{"--kind", "chess"},
		{"--game", "no-such-game", "--addr", "127.0.0.1:0"},
		{"extra"},
	} {
		var stdout, stderr bytes.Buffer
		code := runCLI(append([]string{"host"}, args...), &stdout, &stderr)
		assert.Equal(t, 2, code, "%v: %s", args, stderr.String())
		assert.Equal(t, 1, strings.Count(stderr.String(), "\n"), "one line: %q", stderr.String())
	}
}
