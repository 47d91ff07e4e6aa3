package share

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// KeepFile is the file, in the folder of the host's settings, that keeps
// each shared game's join code and port between runs.
const KeepFile = "sharing.json"

// Kept is what a host keeps of one shared game between runs, so that
// after a restart (or a crash) the phones find it at the same address with
// the same code and come back by themselves.
type Kept struct {
	// Code is the join code.
	Code string `json:"code"`
	// Port is the port it listened on.
	Port int `json:"port"`
}

// keptFile is KeepFile's content.
type keptFile struct {
	Games map[string]Kept `json:"games"`
}

// Keeper keeps, in a folder (the one the host keeps its settings and
// saved games in), the join code and port of every game it shared
// (KeepFile) and the host's certificate (HostCertificate). It is safe for
// concurrent use.
type Keeper struct {
	dir string
	mu  sync.Mutex
}

// NewKeeper returns the keeper of dir; nothing is read or written yet.
func NewKeeper(dir string) *Keeper { return &Keeper{dir: dir} }

// Dir returns the keeper's folder.
func (k *Keeper) Dir() string { return k.dir }

// read reads KeepFile; a missing file is an empty one.
func (k *Keeper) read() (keptFile, error) {
	f := keptFile{Games: map[string]Kept{}}
	b, err := os.ReadFile(filepath.Join(k.dir, KeepFile))
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return f, fmt.Errorf("reading the shared games' codes: %w", err)
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return keptFile{Games: map[string]Kept{}}, fmt.Errorf("reading the shared games' codes (%s): %w", filepath.Join(k.dir, KeepFile), err)
	}
	if f.Games == nil {
		f.Games = map[string]Kept{}
	}
	return f, nil
}

// Game returns what is kept of the game with id (zero when nothing is).
// A kept code that is not a valid join code is dropped.
func (k *Keeper) Game(id string) (Kept, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	f, err := k.read()
	if err != nil {
		return Kept{}, err
	}
	v := f.Games[id]
	v.Code = NormalizeCode(v.Code)
	if _, err := JoinPayload("127.0.0.1:1", v.Code); v.Code != "" && err != nil {
		v.Code = ""
	}
	if v.Port < 0 || v.Port > 65535 {
		v.Port = 0
	}
	return v, nil
}

// Keep records the join code and port of the game with id.
func (k *Keeper) Keep(id string, v Kept) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	f, err := k.read()
	if err != nil {
		// An unreadable file is replaced: it only held codes and ports.
		f = keptFile{Games: map[string]Kept{}}
	}
	f.Games[id] = v
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("keeping the join code: %w", err)
	}
	if err := os.MkdirAll(k.dir, 0o700); err != nil {
		return fmt.Errorf("keeping the join code: %w", err)
	}
	if err := writeFileAtomic(filepath.Join(k.dir, KeepFile), b, 0o600); err != nil {
		return fmt.Errorf("keeping the join code: %w", err)
	}
	return nil
}

// Certificate returns the host's certificate, kept in the keeper's folder
// (HostCertificate).
func (k *Keeper) Certificate() (*Cert, error) { return HostCertificate(k.dir, time.Now()) }

// KeptOptions say how StartKept shares a saved game.
type KeptOptions struct {
	// GameID is the saved game's id: what is kept is kept under it.
	GameID string
	// NewCode asks for a fresh join code instead of the kept one.
	NewCode bool
	// NoTLS serves plain http only (no certificate is made or used).
	NoTLS bool
}

// StartKept is Start for a saved game shared again and again: the host
// takes the join code and the port kept for the game (a fresh code the
// first time, or when ko.NewCode asks for one; another port when the kept
// one is taken), serves https with the host's certificate (Keeper.Certificate;
// without it, when it cannot be made, plain http only, which is logged),
// and keeps the code and port it got, and every code it re-issues
// (Host.NewCode, Options.MaxFailures). A code or a port given in opts
// (Code, or a port in Addr or Port) wins over the kept one.
func StartKept(ctx context.Context, game Game, k *Keeper, ko KeptOptions, opts Options) (*Host, error) {
	if k == nil || ko.GameID == "" {
		return nil, errors.New("share: no game id or folder to keep its code in")
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.Default()
	}
	kept, err := k.Game(ko.GameID)
	if err != nil {
		logger.Warn("share: the kept join codes could not be read; this game gets a new one", "err", err)
	}
	if opts.Code == "" && !ko.NewCode {
		opts.Code = kept.Code
	}
	if opts.Cert == nil && !ko.NoTLS {
		if c, err := k.Certificate(); err == nil {
			opts.Cert = c
		} else {
			logger.Warn("share: no certificate for https; phones get plain http", "err", err)
		}
	}
	save := func(h *Host, code string) {
		port := 0
		if _, p, err := net.SplitHostPort(h.Addr()); err == nil {
			port, _ = strconv.Atoi(p)
		}
		if err := k.Keep(ko.GameID, Kept{Code: code, Port: port}); err != nil {
			h.log.Warn("share: the join code could not be kept; after a restart the phones need the new one", "err", err)
		}
	}
	opts.keep = save
	try := opts
	if kept.Port != 0 {
		switch {
		case opts.Addr == "" && opts.Port == 0:
			try.Port = kept.Port
		case opts.Addr != "":
			if ip, p, err := net.SplitHostPort(opts.Addr); err == nil && p == "0" {
				try.Addr = net.JoinHostPort(ip, strconv.Itoa(kept.Port))
			}
		}
	}
	h, err := Start(ctx, game, try)
	if err != nil && (try.Port != opts.Port || try.Addr != opts.Addr) {
		// The kept port is taken: another one, and the phones scan again.
		h, err = Start(ctx, game, opts)
	}
	if err != nil {
		return nil, err
	}
	save(h, h.Code())
	return h, nil
}
