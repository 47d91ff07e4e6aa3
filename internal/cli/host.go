package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"syscall"

	"fyne.io/fyne/v2/lang"

	"tableops/i18n"
	"tableops/share"
	"tableops/tracker"
	"tableops/tracker/store"
	"tableops/webapp"
)

// hostCommand shares a saved game on the local network without the GUI.
func hostCommand() command {
	return command{
		summary: lang.X("cli.cmd.host", "share a saved game on the local network: [--game ID] [--port N] [--addr IP:PORT] [--kind away|ascendancy] [--new-code]"),
		run: func(args []string, out io.Writer) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runHost(ctx, args, out)
		},
	}
}

// storageDir returns the folder the GUI keeps its files in: the folder Fyne
// gives the app (app.Storage().RootURI()) on desktop platforms, computed
// the way Fyne does (fyne.io/fyne/v2/internal/app: the user config folder
// + "fyne" on Linux and BSD, ~/Library/Preferences/fyne on macOS,
// ~/AppData/Roaming/fyne on Windows, then the app id).
func storageDir() (string, error) {
	var root string
	switch runtime.GOOS {
	case "windows", "darwin":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("finding the home folder: %w", err)
		}
		if runtime.GOOS == "windows" {
			root = filepath.Join(home, "AppData", "Roaming", "fyne")
		} else {
			root = filepath.Join(home, "Library", "Preferences", "fyne")
		}
	default:
		cfg, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("finding the config folder: %w", err)
		}
		root = filepath.Join(cfg, "fyne")
	}
	return filepath.Join(root, AppID), nil
}

// AppID identifies the app to the platform: the GUI's storage root and
// preferences, and the folder the host command finds the saved games in.
const AppID = "app.tableops.companion"

// OpenStoreDir opens the saved games file in dir, for the GUI and the host
// command alike; its errors say in the reader's words what is wrong.
func OpenStoreDir(dir string) (*store.Store, error) {
	st, err := store.OpenDefault(context.Background(), dir, store.Options{Seeds: tracker.CryptoSeeds{}})
	switch {
	case errors.Is(err, store.ErrInUse):
		return nil, reworded{lang.X("app.err.in_use", "The saved games file is in use by another copy of Table Ops.") + " " +
			lang.X("cli.host.close_app", "Close the app, or share the game from its game screen."), err}
	case errors.Is(err, store.ErrFutureVersion):
		return nil, reworded{lang.X("app.err.future_version", "The saved games file was written by a newer version of Table Ops."), err}
	case errors.Is(err, store.ErrUnreadable):
		return nil, reworded{lang.X("app.err.unreadable", "The saved games file cannot be read.") + " " +
			lang.X("cli.host.unreadable_kept", "It was left as it is, nothing in it changed: {{.Path}}. Move it aside to start with no saved games, or put back a copy.",
				tv{"Path": filepath.Join(dir, store.FileName)}), err}
	}
	return st, err
}

// reworded is an error shown in the reader's words that still matches its
// cause (errors.Is).
type reworded struct {
	msg string
	err error
}

func (r reworded) Error() string { return r.msg }
func (r reworded) Unwrap() error { return r.err }

// hostInfo is the --json output of the host command.
type hostInfo struct {
	GameID string       `json:"game_id"`
	Name   string       `json:"name"`
	Kind   tracker.Kind `json:"kind"`
	URL    string       `json:"url"`
	Addr   string       `json:"addr"`
	Code   string       `json:"code"`
	Join   string       `json:"join"`
	// AppURL opens the app in a phone's browser, already joined (the QR
	// code's text).
	AppURL string `json:"app_url"`
	// App tells whether the web app is served (false: build it with
	// AppBuild).
	App      bool   `json:"app"`
	AppBuild string `json:"app_build,omitempty"`
	// Fingerprint is the SHA-256 of the host's certificate (hex), which a
	// phone's browser shows when it asks to confirm it; empty when the
	// host serves plain http only.
	Fingerprint string `json:"fingerprint,omitempty"`
}

// runHost shares a saved game until ctx is done: the game given by --game,
// else the most recently played one, else a new game of --kind.
func runHost(ctx context.Context, args []string, out io.Writer) error {
	fs := newFlagSet("host")
	gameID := fs.String("game", "", lang.X("cli.flag.game", "id of the saved game to share (default: the most recent, or a new one)"))
	port := fs.Int("port", 0, fmt.Sprintf("port to listen on (default %d, or any free port)", share.DefaultPort))
	addr := fs.String("addr", "", lang.X("cli.flag.addr", "address to listen on, IP:PORT (default: this device's local network address)"))
	kind := fs.String("kind", string(tracker.KindAway), lang.X("cli.flag.kind", "game to start when there is no saved game: away or ascendancy"))
	newCode := fs.Bool("new-code", false, lang.X("cli.flag.new_code", "make a new join code for this game (otherwise it keeps the one it had, so joined phones come back by themselves)"))
	if err := fs.parse(args, false); err != nil {
		return err
	}
	if *port < 0 || *port > 65535 {
		return badInput("%s", lang.X("cli.err.port", "--port {{.N}} is not a port number", tv{"N": *port}))
	}
	if *addr != "" && *port != 0 {
		return badInput("%s", lang.X("cli.host.addr_or_port", "give either --addr or --port, not both"))
	}
	k := tracker.Kind(*kind)
	if !k.Valid() {
		return badInput("%s", lang.X("cli.err.kind", "--kind {{.V}}: want away or ascendancy", tv{"V": strconv.Quote(*kind)}))
	}
	dir, err := storageDir()
	if err != nil {
		return err
	}
	st, err := OpenStoreDir(dir)
	if err != nil {
		return err
	}
	defer st.Close()
	for _, n := range st.Notices() { // an empty file set aside, damaged games
		fmt.Fprintln(os.Stderr, "note:", n)
	}
	g, err := pickGame(st, *gameID, k)
	if err != nil {
		return err
	}
	info, err := g.Info()
	if err != nil {
		return err
	}
	bundle, hasApp := webapp.Bundle()
	var outMu sync.Mutex
	var reissued func(string)
	h, err := share.StartKept(ctx, g, share.NewKeeper(dir), share.KeptOptions{GameID: g.ID(), NewCode: *newCode}, share.Options{
		Addr: *addr, Port: *port, Name: info.Name, Announce: *addr == "",
		App: bundle, AppHint: webapp.BuildCommand, Texts: i18n.WebTexts,
		OnCode: func(code string) {
			if reissued != nil {
				reissued(code)
			}
		},
		Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	if err != nil {
		return err
	}
	defer h.Stop()
	join, err := h.JoinPayload()
	if err != nil {
		return err
	}
	hi := hostInfo{GameID: g.ID(), Name: info.Name, Kind: info.Kind, URL: h.URL(), Addr: h.Addr(), Code: h.Code(), Join: join,
		AppURL: h.AppURL(), App: hasApp}
	if c := h.Cert(); c != nil {
		hi.Fingerprint = c.Fingerprint
	}
	if !hasApp {
		hi.AppBuild = webapp.BuildCommand
	}
	outMu.Lock()
	if fs.json {
		err = writeJSON(out, hi)
		// A re-issued code is written as another JSON line.
		reissued = func(code string) {
			outMu.Lock()
			defer outMu.Unlock()
			hi.Code, hi.AppURL = code, h.AppURL()
			hi.Join, _ = h.JoinPayload()
			_ = writeJSON(out, hi)
		}
	} else {
		fmt.Fprintln(out, lang.X("cli.host.sharing", "Sharing \"{{.Name}}\" ({{.Kind}}, id {{.ID}})", tv{"Name": hi.Name, "Kind": hi.Kind, "ID": hi.GameID}))
		fmt.Fprintln(out, lang.X("cli.host.scoreboard_tv", "  Scoreboard: {{.URL}} (plain http, for a TV or any browser: watch only)", tv{"URL": hi.URL}))
		if hasApp {
			fmt.Fprintln(out, lang.X("cli.host.phones", "  Phones:     {{.URL}} (the QR code's link: a phone's camera opens the app, joined)", tv{"URL": hi.AppURL}))
			if c := h.Cert(); c != nil {
				fmt.Fprintln(out, lang.X("cli.host.cert_warning", "  A phone's browser warns once that this connection's certificate is the host's own. To compare it, tap “Not secure” beside the address, then the certificate: its SHA-256 fingerprint starts with {{.FP}}. Then tap Advanced and Proceed. The phone then has the live camera and the smaller download; playing offline and installing the app also need the phone to trust the certificate.", tv{"FP": c.ShortFingerprint()}))
			} else {
				fmt.Fprintln(out, lang.X("cli.host.no_https", "  The phone link is plain http: the live camera, installing and offline play need https, which this host could not set up (see the log)."))
			}
		} else {
			fmt.Fprintln(out, lang.X("cli.host.phones_no_app", "  Phones:     {{.URL}} needs the web app, which this build lacks; build it with \"{{.Cmd}}\", then rebuild Table Ops", tv{"URL": hi.AppURL, "Cmd": webapp.BuildCommand}))
		}
		fmt.Fprintln(out, lang.X("cli.host.code", "  Join code:  {{.Code}}", tv{"Code": hi.Code}))
		fmt.Fprintln(out, lang.X("cli.host.join_desktop", "  Join with the desktop app: address {{.Addr}} and the code", tv{"Addr": hi.Addr}))
		fmt.Fprintln(out, lang.X("cli.host.kept", "  The code and the address stay the same when this game is shared again, so joined phones come back by themselves; --new-code makes a new code."))
		fmt.Fprintln(out, lang.X("cli.host.stop_hint", "Press Ctrl+C to stop sharing."))
		reissued = func(code string) {
			outMu.Lock()
			defer outMu.Unlock()
			fmt.Fprintln(out, lang.X("cli.host.new_code", "Too many wrong join codes were tried: the join code is now {{.Code}} (joined devices keep playing).", tv{"Code": code}))
			fmt.Fprintln(out, lang.X("cli.host.phones", "  Phones:     {{.URL}} (the QR code's link: a phone's camera opens the app, joined)", tv{"URL": h.AppURL()}))
		}
	}
	outMu.Unlock()
	if err != nil {
		return err
	}
	select {
	case <-ctx.Done():
	case <-h.Done():
	}
	h.Stop()
	if !fs.json {
		fmt.Fprintln(out, lang.X("cli.host.stopped", "Stopped sharing."))
	}
	return nil
}

// pickGame opens the game to share: id when given, else the most recently
// updated saved game, else a new game of kind.
func pickGame(st *store.Store, id string, kind tracker.Kind) (*store.Game, error) {
	if id != "" {
		g, err := st.OpenGame(id)
		switch {
		case errors.Is(err, store.ErrNoGame):
			return nil, badInput("%s", lang.X("cli.host.no_game", "--game {{.ID}}: there is no saved game with that id", tv{"ID": id}))
		case errors.Is(err, store.ErrInTrash):
			return nil, badInput("%s", lang.X("cli.host.in_trash", "--game {{.ID}}: the game is in the trash (restore it in the app first)", tv{"ID": id}))
		}
		return g, err
	}
	list, err := st.List()
	if err != nil {
		return nil, err
	}
	if len(list) > 0 {
		return st.OpenGame(list[0].ID)
	}
	return st.Create(kind, lang.X("cli.host.new_game", "Shared {{.Kind}} game", tv{"Kind": kind.String()}))
}
