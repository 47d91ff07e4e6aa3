// Package store keeps every saved game in one bbolt file: list, create,
// open, rename, delete to a trash (restore or purge later), and export or
// import a game as a JSON file. Every event a session appends is committed
// (written and synced) before the command that made it returns, so killing
// the app loses nothing that was acknowledged. A file the app cannot read is
// reported and left untouched.
package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/google/uuid"
	bolt "go.etcd.io/bbolt"

	"tableops/tracker"
)

// FormatVersion is the version of the store file layout. A file with a
// higher version is refused and left untouched.
const FormatVersion = 1

var (
	bucketMeta  = []byte("tableops")
	bucketGames = []byte("games")
	keyFormat   = []byte("format")
	keyInfo     = []byte("info")
	bucketLog   = []byte("events")
)

// Errors of the store, wrapped with details; test them with errors.Is.
var (
	// ErrUnreadable: the file is not a store this app can read; it was not changed.
	ErrUnreadable = errors.New("the saved games file cannot be read")
	// ErrFutureVersion: the file was written by a newer version of the app.
	ErrFutureVersion = errors.New("the saved games file was written by a newer version of Table Ops")
	// ErrInUse: another copy of the app has the file open.
	ErrInUse = errors.New("the saved games file is in use by another copy of Table Ops")
	// ErrNoGame: no game with that id.
	ErrNoGame = errors.New("no such game")
	// ErrInTrash: the game is in the trash (restore it first).
	ErrInTrash = errors.New("the game is in the trash")
	// ErrNotInTrash: purge and restore only apply to games in the trash.
	ErrNotInTrash = errors.New("the game is not in the trash")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("the store is closed")
)

// Options configure a store. Now defaults to time.Now; Seeds are passed to
// every session the store opens (nil refuses virtual rolls); Timeout is how
// long Open waits for another process to release the file (default 1 s).
type Options struct {
	Now     func() time.Time
	Seeds   tracker.SeedSource
	Timeout time.Duration
}

// GameInfo is what the list of saved games shows about one game.
type GameInfo struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	Kind    tracker.Kind `json:"kind"`
	Created time.Time    `json:"created"`
	Updated time.Time    `json:"updated"`
	// Deleted is when the game was moved to the trash (nil if it is not there).
	Deleted *time.Time `json:"deleted,omitempty"`
	Players []string   `json:"players"`
	Stage   string     `json:"stage"`
	Events  uint64     `json:"events"`
}

// Store is the open file of saved games. It is safe for use from several
// goroutines.
type Store struct {
	db   *bolt.DB
	opts Options

	mu    sync.Mutex
	games map[string]*Game
}

// Game is a saved game opened from the store: a tracker session whose every
// change is committed to the file before it is acknowledged.
type Game struct {
	*tracker.Session
	id    string
	store *Store
}

// ID returns the game's id in the store.
func (g *Game) ID() string { return g.id }

// Info returns the game's current list entry.
func (g *Game) Info() (GameInfo, error) { return g.store.Info(g.id) }

// Open opens the store file at path, creating it if it does not exist. A
// file that exists but cannot be read (damaged, truncated, not a store, or
// from a newer version) is reported with ErrUnreadable or ErrFutureVersion
// and is not modified.
func Open(path string, opts Options) (*Store, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = time.Second
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return nil, fmt.Errorf("open store %s: is a directory: %w", path, ErrUnreadable)
	case err == nil && fi.Size() > 0:
		// Check the file read-only before bbolt may write to it.
		if err := check(path, opts.Timeout); err != nil {
			return nil, err
		}
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: opts.Timeout})
	if err != nil {
		if errors.Is(err, bolt.ErrTimeout) {
			return nil, fmt.Errorf("open store %s: %w", path, ErrInUse)
		}
		return nil, fmt.Errorf("open store %s: %v: %w", path, err, ErrUnreadable)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		m, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return err
		}
		if m.Get(keyFormat) == nil {
			if err := m.Put(keyFormat, []byte(strconv.Itoa(FormatVersion))); err != nil {
				return err
			}
		}
		_, err = tx.CreateBucketIfNotExists(bucketGames)
		return err
	})
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return &Store{db: db, opts: opts, games: map[string]*Game{}}, nil
}

// check opens an existing file read-only and walks it: the format marker
// and version, every game's entry and the continuity of its log. bbolt may
// panic on damaged pages; that is caught and reported.
func check(path string, timeout time.Duration) (err error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: timeout})
	if err != nil {
		if errors.Is(err, bolt.ErrTimeout) {
			return fmt.Errorf("open store %s: %w", path, ErrInUse)
		}
		return fmt.Errorf("open store %s: %v: %w", path, err, ErrUnreadable)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("open store %s: damaged (%v): %w", path, r, ErrUnreadable)
		}
		_ = db.Close()
	}()
	return db.View(func(tx *bolt.Tx) error {
		m := tx.Bucket(bucketMeta)
		if m == nil {
			empty := true
			_ = tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
			if empty {
				return nil
			}
			return fmt.Errorf("open store %s: not a Table Ops file: %w", path, ErrUnreadable)
		}
		v, err := strconv.Atoi(string(m.Get(keyFormat)))
		if err != nil {
			return fmt.Errorf("open store %s: no format version: %w", path, ErrUnreadable)
		}
		if v > FormatVersion {
			return fmt.Errorf("open store %s: version %d, this app reads up to %d: %w", path, v, FormatVersion, ErrFutureVersion)
		}
		games := tx.Bucket(bucketGames)
		if games == nil {
			return fmt.Errorf("open store %s: no games: %w", path, ErrUnreadable)
		}
		return games.ForEachBucket(func(id []byte) error {
			g := games.Bucket(id)
			var info GameInfo
			if err := json.Unmarshal(g.Get(keyInfo), &info); err != nil {
				return fmt.Errorf("open store %s: game %s: %v: %w", path, id, err, ErrUnreadable)
			}
			log := g.Bucket(bucketLog)
			if log == nil {
				return fmt.Errorf("open store %s: game %s has no log: %w", path, id, ErrUnreadable)
			}
			want := uint64(1)
			c := log.Cursor()
			for k, _ := c.First(); k != nil; k, _ = c.Next() {
				if len(k) != 8 || binary.BigEndian.Uint64(k) != want {
					return fmt.Errorf("open store %s: game %s: gap in the log at event %d: %w", path, id, want, ErrUnreadable)
				}
				want++
			}
			return nil
		})
	})
}

// Close closes the file. Games opened from the store must not be used after.
func (s *Store) Close() error {
	s.mu.Lock()
	s.games = map[string]*Game{}
	s.mu.Unlock()
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close store: %w", err)
	}
	return nil
}

func (s *Store) now() time.Time {
	if s.opts.Now != nil {
		return s.opts.Now().UTC().Round(0)
	}
	return time.Now().UTC().Round(0)
}

func seqKey(seq uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], seq)
	return k[:]
}

func getInfo(g *bolt.Bucket) (GameInfo, error) {
	var info GameInfo
	if err := json.Unmarshal(g.Get(keyInfo), &info); err != nil {
		return GameInfo{}, fmt.Errorf("game entry: %v: %w", err, ErrUnreadable)
	}
	return info, nil
}

func putInfo(g *bolt.Bucket, info GameInfo) error {
	b, err := json.Marshal(info)
	if err != nil {
		return err
	}
	return g.Put(keyInfo, b)
}

func (s *Store) gameBucket(tx *bolt.Tx, id string) (*bolt.Bucket, error) {
	g := tx.Bucket(bucketGames).Bucket([]byte(id))
	if g == nil {
		return nil, fmt.Errorf("game %q: %w", id, ErrNoGame)
	}
	return g, nil
}

// List returns the games not in the trash, most recently updated first.
func (s *Store) List() ([]GameInfo, error) { return s.list(false) }

// Trash returns the games in the trash, most recently deleted first.
func (s *Store) Trash() ([]GameInfo, error) { return s.list(true) }

func (s *Store) list(trashed bool) ([]GameInfo, error) {
	var out []GameInfo
	err := s.db.View(func(tx *bolt.Tx) error {
		games := tx.Bucket(bucketGames)
		return games.ForEachBucket(func(id []byte) error {
			info, err := getInfo(games.Bucket(id))
			if err != nil {
				return err
			}
			if (info.Deleted != nil) == trashed {
				out = append(out, info)
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	slices.SortStableFunc(out, func(a, b GameInfo) int {
		if trashed {
			return b.Deleted.Compare(*a.Deleted)
		}
		return b.Updated.Compare(a.Updated)
	})
	return out, nil
}

// Info returns one game's list entry, in the trash or not.
func (s *Store) Info(id string) (GameInfo, error) {
	var info GameInfo
	err := s.db.View(func(tx *bolt.Tx) error {
		g, err := s.gameBucket(tx, id)
		if err != nil {
			return err
		}
		info, err = getInfo(g)
		return err
	})
	if err != nil {
		return GameInfo{}, fmt.Errorf("game info: %w", err)
	}
	return info, nil
}

func cleanName(name string) (string, error) {
	r := []rune(name)
	out := make([]rune, 0, len(r))
	for _, c := range r {
		if c >= ' ' && c != 0x7f {
			out = append(out, c)
		}
	}
	n := string(out)
	for len(n) > 0 && n[0] == ' ' {
		n = n[1:]
	}
	for len(n) > 0 && n[len(n)-1] == ' ' {
		n = n[:len(n)-1]
	}
	if n == "" {
		return "", errors.New("the game needs a name")
	}
	if len([]rune(n)) > 60 {
		return "", errors.New("the game name is too long (at most 60 characters)")
	}
	return n, nil
}

// Create makes a new, empty game and opens it.
func (s *Store) Create(kind tracker.Kind, name string) (*Game, error) {
	if !kind.Valid() {
		return nil, fmt.Errorf("create game: unknown game %q", kind)
	}
	n, err := cleanName(name)
	if err != nil {
		return nil, fmt.Errorf("create game: %w", err)
	}
	now := s.now()
	sum := tracker.NewState(kind).Summary()
	info := GameInfo{ID: uuid.NewString(), Name: n, Kind: kind, Created: now, Updated: now, Players: sum.Players, Stage: sum.Stage}
	if err := s.insert(info, nil); err != nil {
		return nil, fmt.Errorf("create game: %w", err)
	}
	return s.OpenGame(info.ID)
}

// insert writes a new game with its log in one transaction.
func (s *Store) insert(info GameInfo, events []tracker.Event) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		g, err := tx.Bucket(bucketGames).CreateBucket([]byte(info.ID))
		if err != nil {
			return err
		}
		log, err := g.CreateBucket(bucketLog)
		if err != nil {
			return err
		}
		for _, e := range events {
			b, err := tracker.MarshalRecord(e)
			if err != nil {
				return err
			}
			if err := log.Put(seqKey(e.Seq), b); err != nil {
				return err
			}
		}
		return putInfo(g, info)
	})
}

// OpenGame opens a saved game by id, replaying its log. Opening a game that
// is already open returns the same *Game, so every screen and every network
// client works on one session. Games in the trash cannot be opened.
func (s *Store) OpenGame(id string) (*Game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g, ok := s.games[id]; ok {
		return g, nil
	}
	var info GameInfo
	var events []tracker.Event
	err := s.db.View(func(tx *bolt.Tx) error {
		g, err := s.gameBucket(tx, id)
		if err != nil {
			return err
		}
		if info, err = getInfo(g); err != nil {
			return err
		}
		if info.Deleted != nil {
			return ErrInTrash
		}
		events, err = readLog(g)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("open game: %w", err)
	}
	game := &Game{id: id, store: s}
	sess, err := tracker.Replay(info.Kind, events, tracker.Options{Now: s.opts.Now, Seeds: s.opts.Seeds, Journal: journal{game}})
	if err != nil {
		return nil, fmt.Errorf("open game %q: %v: %w", info.Name, err, ErrUnreadable)
	}
	game.Session = sess
	s.games[id] = game
	return game, nil
}

func readLog(g *bolt.Bucket) ([]tracker.Event, error) {
	log := g.Bucket(bucketLog)
	if log == nil {
		return nil, fmt.Errorf("no log: %w", ErrUnreadable)
	}
	// Copy the raw events out of the transaction, then decode them on every
	// core: decoding dominates the time it takes to open a long game.
	var raw [][]byte
	err := log.ForEach(func(_, v []byte) error {
		raw = append(raw, bytes.Clone(v))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return decodeAll(raw)
}

// decodeAll decodes events in parallel chunks, keeping their order.
func decodeAll(raw [][]byte) ([]tracker.Event, error) {
	events := make([]tracker.Event, len(raw))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(raw)/512))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	chunk := (len(raw) + workers - 1) / max(workers, 1)
	for w := range workers {
		lo, hi := w*chunk, min((w+1)*chunk, len(raw))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				e, err := tracker.UnmarshalRecord(raw[i])
				if err != nil {
					errs[w] = fmt.Errorf("%v: %w", err, ErrUnreadable)
					return
				}
				events[i] = e
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return events, nil
}

// journal commits a game's events to the store.
type journal struct{ g *Game }

// Append implements tracker.Journal: one transaction per command, synced
// to disk before it returns.
func (j journal) Append(events []tracker.Event, after *tracker.State) error {
	s := j.g.store
	return s.db.Update(func(tx *bolt.Tx) error {
		g, err := s.gameBucket(tx, j.g.id)
		if err != nil {
			return err
		}
		info, err := getInfo(g)
		if err != nil {
			return err
		}
		if info.Deleted != nil {
			return ErrInTrash
		}
		log := g.Bucket(bucketLog)
		if log == nil {
			return fmt.Errorf("no log: %w", ErrUnreadable)
		}
		if len(events) > 0 && events[0].Seq != info.Events+1 {
			return fmt.Errorf("event %d does not follow the saved log (%d events)", events[0].Seq, info.Events)
		}
		for _, e := range events {
			b, err := tracker.MarshalRecord(e)
			if err != nil {
				return err
			}
			if err := log.Put(seqKey(e.Seq), b); err != nil {
				return err
			}
			info.Events = e.Seq
		}
		sum := after.Summary()
		info.Players, info.Stage = sum.Players, sum.Stage
		info.Updated = s.now()
		return putInfo(g, info)
	})
}

// Rename changes a game's name.
func (s *Store) Rename(id, name string) error {
	n, err := cleanName(name)
	if err != nil {
		return fmt.Errorf("rename game: %w", err)
	}
	return s.updateInfo("rename game", id, func(info *GameInfo) error {
		info.Name = n
		return nil
	})
}

func (s *Store) updateInfo(what, id string, fn func(*GameInfo) error) error {
	err := s.db.Update(func(tx *bolt.Tx) error {
		g, err := s.gameBucket(tx, id)
		if err != nil {
			return err
		}
		info, err := getInfo(g)
		if err != nil {
			return err
		}
		if err := fn(&info); err != nil {
			return err
		}
		return putInfo(g, info)
	})
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// Delete moves a game to the trash. Its log is kept until Purge or
// EmptyTrash; Restore brings it back. An open copy of the game stops
// accepting commands.
func (s *Store) Delete(id string) error {
	err := s.updateInfo("delete game", id, func(info *GameInfo) error {
		if info.Deleted != nil {
			return ErrInTrash
		}
		t := s.now()
		info.Deleted = &t
		return nil
	})
	if err == nil {
		s.mu.Lock()
		delete(s.games, id)
		s.mu.Unlock()
	}
	return err
}

// Restore takes a game out of the trash.
func (s *Store) Restore(id string) error {
	return s.updateInfo("restore game", id, func(info *GameInfo) error {
		if info.Deleted == nil {
			return ErrNotInTrash
		}
		info.Deleted = nil
		return nil
	})
}

// Purge deletes a game in the trash for good.
func (s *Store) Purge(id string) error {
	err := s.db.Update(func(tx *bolt.Tx) error {
		g, err := s.gameBucket(tx, id)
		if err != nil {
			return err
		}
		info, err := getInfo(g)
		if err != nil {
			return err
		}
		if info.Deleted == nil {
			return ErrNotInTrash
		}
		return tx.Bucket(bucketGames).DeleteBucket([]byte(id))
	})
	if err != nil {
		return fmt.Errorf("purge game: %w", err)
	}
	return nil
}

// EmptyTrash purges every game in the trash.
func (s *Store) EmptyTrash() error {
	trash, err := s.Trash()
	if err != nil {
		return err
	}
	for _, g := range trash {
		if err := s.Purge(g.ID); err != nil {
			return err
		}
	}
	return nil
}

// Export writes one game (in the trash or not) as a JSON file.
func (s *Store) Export(id string, w io.Writer) error {
	var info GameInfo
	var events []tracker.Event
	err := s.db.View(func(tx *bolt.Tx) error {
		g, err := s.gameBucket(tx, id)
		if err != nil {
			return err
		}
		if info, err = getInfo(g); err != nil {
			return err
		}
		events, err = readLog(g)
		return err
	})
	if err != nil {
		return fmt.Errorf("export game: %w", err)
	}
	x := tracker.Export{Format: tracker.ExportFormat, Schema: tracker.SchemaVersion, Kind: info.Kind,
		Name: info.Name, Created: info.Created, Exported: s.now(), Events: events}
	if events == nil {
		x.Events = []tracker.Event{}
	}
	_, err = x.WriteTo(w)
	return err
}

// Import reads a game file written by Export and saves it as a new game
// (with a new id). A file that cannot be read changes nothing.
func (s *Store) Import(r io.Reader) (GameInfo, error) {
	x, err := tracker.ReadExport(r)
	if err != nil {
		return GameInfo{}, fmt.Errorf("import game: %w", err)
	}
	st, err := tracker.Replay(x.Kind, x.Events, tracker.Options{})
	if err != nil {
		return GameInfo{}, fmt.Errorf("import game: %w", err)
	}
	sum := st.State().Summary()
	now := s.now()
	info := GameInfo{ID: uuid.NewString(), Name: x.Name, Kind: x.Kind, Created: x.Created.UTC(), Updated: now,
		Players: sum.Players, Stage: sum.Stage, Events: uint64(len(x.Events))}
	if info.Created.IsZero() {
		info.Created = now
	}
	if err := s.insert(info, x.Events); err != nil {
		return GameInfo{}, fmt.Errorf("import game: %w", err)
	}
	return info, nil
}
