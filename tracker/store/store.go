// Package store keeps every saved game: list, create, open, rename, delete
// to a trash (restore or purge later), and export or import a game as a
// JSON file. On the desktop the games live in one bbolt file; in the
// browser, in IndexedDB (build tags choose; see kv.go). Every event a
// session appends is committed (on disk, or in IndexedDB's completed
// transaction) before the command that made it returns, so killing the app
// loses nothing that was acknowledged.
//
// Every stored value carries a checksum. Opening checks everything before
// anything is written: a file the app cannot read at all is reported and
// left untouched; a game with damaged events opens up to its last good
// event, says exactly which events were left out (Damage), exports, and
// keeps the damaged events in the file, set aside, once the players go on
// playing it.
package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"tableops/tracker"
)

// FormatVersion is the version of the store layout. A store with a higher
// version is refused and left untouched. Version 2 frames every value with
// a checksum (frame.go); version 1 stores still open, and become version 2
// with the first change.
const FormatVersion = 2

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
	// Round, Phase and Turn are the stage as data (tracker.Summary); a game
	// stored by an older version has only Stage. See StageTexts.
	Round  int    `json:"round,omitempty"`
	Phase  string `json:"phase,omitempty"`
	Turn   string `json:"turn,omitempty"`
	Events uint64 `json:"events"`
	// SetAside lists damaged events kept aside in the file when the
	// players went on playing the game past them.
	SetAside []SetAside `json:"set_aside,omitempty"`
	// Damage says which events cannot be read and are left out when the
	// game opens (empty when none). It is not stored; the store finds it.
	Damage string `json:"damage,omitempty"`
}

// SetAside is a run of damaged events moved out of a game's log, kept in
// the file byte for byte.
type SetAside struct {
	From uint64    `json:"from"`
	To   uint64    `json:"to"`
	At   time.Time `json:"at"`
}

// Damage describes the events of a saved game that could not be read. The
// game opens up to the event before From; events From to To are left out
// and stay in the file as they are.
type Damage struct {
	Game     string
	From, To uint64
}

// String says exactly what was lost, e.g. "events 4,101 to 9,337 of
// 'Friday game' are damaged and were left out".
func (d *Damage) String() string {
	if d.To <= d.From {
		return fmt.Sprintf("event %s of '%s' is damaged and was left out", thousands(d.From), d.Game)
	}
	return fmt.Sprintf("events %s to %s of '%s' are damaged and were left out", thousands(d.From), thousands(d.To), d.Game)
}

func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Store is the open store of saved games. It is safe for use from several
// goroutines.
type Store struct {
	db   kv
	opts Options

	mu    sync.Mutex
	games map[string]*Game
	// damage holds what the check on opening (and opening games) found,
	// by game id; bad holds games whose list entry itself is unreadable.
	damage  map[string]*Damage
	bad     map[string]string
	notices []string
}

// Game is a saved game opened from the store: a tracker session whose every
// change is committed to the file before it is acknowledged.
type Game struct {
	*tracker.Session
	id    string
	store *Store
	// damage is the damaged tail still in the log (nil when none): the
	// first command set it aside.
	damage atomic.Pointer[Damage]
}

// ID returns the game's id in the store.
func (g *Game) ID() string { return g.id }

// Info returns the game's current list entry.
func (g *Game) Info() (GameInfo, error) { return g.store.Info(g.id) }

// Damage returns the events that could not be read and were left out when
// the game opened, or nil. The first command played on the game sets them
// aside in the file (GameInfo.SetAside) and Damage becomes nil.
func (g *Game) Damage() *Damage {
	if d := g.damage.Load(); d != nil {
		c := *d
		return &c
	}
	return nil
}

// Notices returns what the app should tell the players about the store:
// an empty file set aside when it opened, game entries that cannot be
// read, and the games that have damaged events left out (until the players
// go on playing them). It is empty for a healthy store.
func (s *Store) Notices() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := slices.Clone(s.notices)
	var damaged []string
	for _, d := range s.damage {
		damaged = append(damaged, capitalize(d.String())+".")
	}
	slices.Sort(damaged)
	return append(out, damaged...)
}

// report is what checking a store before writing to it found.
type report struct {
	empty   bool // nothing in it yet
	damage  map[string]*Damage
	bad     map[string]string
	notices []string
}

// check walks a store read-only before anything may be written to it: the
// format marker and version, every game's entry, the continuity of its log
// and every record's checksum. Damage confined to a game's events is
// reported per game; anything else makes the whole store unreadable.
func check(tx kvTx) (report, error) {
	r := report{damage: map[string]*Damage{}, bad: map[string]string{}}
	m := tx.bucket(bucketMeta)
	if m == nil {
		r.empty = true
		err := tx.forEachBucket(func([]byte) error { r.empty = false; return nil })
		if err != nil {
			return r, fmt.Errorf("%v: %w", err, ErrUnreadable)
		}
		if !r.empty {
			return r, fmt.Errorf("not a Table Ops file: %w", ErrUnreadable)
		}
		return r, nil
	}
	v, err := strconv.Atoi(string(m.get(keyFormat)))
	if err != nil {
		return r, fmt.Errorf("no format version: %w", ErrUnreadable)
	}
	if v > FormatVersion {
		return r, fmt.Errorf("version %d, this app reads up to %d: %w", v, FormatVersion, ErrFutureVersion)
	}
	games := tx.bucket(bucketGames)
	if games == nil {
		return r, fmt.Errorf("no games: %w", ErrUnreadable)
	}
	err = games.forEachBucket(func(name []byte) error {
		id := string(name)
		g := games.bucket(name)
		info, err := getInfo(g, id)
		if err == nil && g.bucket(bucketLog) == nil {
			err = fmt.Errorf("the game has no log: %w", ErrUnreadable)
		}
		if err != nil {
			r.bad[id] = err.Error()
			r.notices = append(r.notices, fmt.Sprintf("A saved game's entry (id %s) is damaged (%v); it was left as it is and is not listed.", id, err))
			return nil
		}
		good, err := scanLog(g.bucket(bucketLog), id, nil)
		if err != nil {
			return err
		}
		if d := damageOf(info, good); d != nil {
			r.damage[id] = d
		}
		return nil
	})
	if err != nil {
		return r, err
	}
	return r, nil
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// damageOf returns the damage of a game whose log reads well up to event
// good, or nil.
func damageOf(info GameInfo, good uint64) *Damage {
	if good >= info.Events {
		return nil
	}
	return &Damage{Game: info.Name, From: good + 1, To: info.Events}
}

// scanLog walks a game's log in order, checking that the keys run 1, 2, 3...
// and that every framed record's checksum holds; it stops at the first
// record that fails and returns the number of good records before it. When
// keep is not nil it gets the good records' contents (unframed, copied).
func scanLog(log kvBucket, id string, keep func(rec []byte)) (good uint64, err error) {
	errStop := errors.New("stop")
	err = log.forEach(func(k, v []byte) error {
		if len(k) != 8 || binary.BigEndian.Uint64(k) != good+1 {
			return errStop
		}
		rec, _, err := unseal(recordKey(id, k), v)
		if err != nil {
			return errStop
		}
		if keep != nil {
			keep(bytes.Clone(rec))
		}
		good++
		return nil
	})
	if err != nil && err != errStop {
		return good, fmt.Errorf("game %s: %v: %w", id, err, ErrUnreadable)
	}
	return good, nil
}

// openKV opens the store on a backend that check has passed.
func openKV(db kv, opts Options, r report) (*Store, error) {
	if r.empty {
		err := db.update(func(tx kvTx) error {
			if _, err := tx.createBucketIfNotExists(bucketMeta); err != nil {
				return err
			}
			if err := markFormat(tx); err != nil {
				return err
			}
			_, err := tx.createBucketIfNotExists(bucketGames)
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("start a new store: %w", err)
		}
	}
	return &Store{db: db, opts: opts, games: map[string]*Game{}, damage: r.damage, bad: r.bad, notices: r.notices}, nil
}

// markFormat records the format version of what is written, in every
// read-write transaction (nothing is written when it is already there).
func markFormat(tx kvTx) error {
	m := tx.bucket(bucketMeta)
	if m == nil {
		return fmt.Errorf("no format marker: %w", ErrUnreadable)
	}
	want := []byte(strconv.Itoa(FormatVersion))
	if bytes.Equal(m.get(keyFormat), want) {
		return nil
	}
	return m.put(keyFormat, want)
}

// write runs fn in a read-write transaction that also marks the format.
func (s *Store) write(fn func(tx kvTx) error) error {
	return s.db.update(func(tx kvTx) error {
		if err := markFormat(tx); err != nil {
			return err
		}
		return fn(tx)
	})
}

// Close closes the store. Games opened from the store must not be used after.
func (s *Store) Close() error {
	s.mu.Lock()
	s.games = map[string]*Game{}
	s.mu.Unlock()
	if err := s.db.close(); err != nil {
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

// recordKey and infoKey are what a value's checksum covers besides the
// value: the game and the key it is stored under.
func recordKey(id string, k []byte) []byte { return append([]byte(id+"\x00events\x00"), k...) }
func infoKey(id string) []byte             { return []byte(id + "\x00info") }

func getInfo(g kvBucket, id string) (GameInfo, error) {
	var info GameInfo
	b, _, err := unseal(infoKey(id), g.get(keyInfo))
	if err != nil {
		return GameInfo{}, fmt.Errorf("game entry: %v: %w", err, ErrUnreadable)
	}
	if err := json.Unmarshal(b, &info); err != nil {
		return GameInfo{}, fmt.Errorf("game entry: %v: %w", err, ErrUnreadable)
	}
	info.Damage = ""
	return info, nil
}

func putInfo(g kvBucket, info GameInfo) error {
	info.Damage = ""
	b, err := json.Marshal(info)
	if err != nil {
		return err
	}
	return g.put(keyInfo, seal(infoKey(info.ID), b))
}

func putRecord(log kvBucket, id string, e tracker.Event) error {
	b, err := tracker.MarshalRecord(e)
	if err != nil {
		return err
	}
	k := seqKey(e.Seq)
	return log.put(k, seal(recordKey(id, k), b))
}

func (s *Store) gameBucket(tx kvTx, id string) (kvBucket, error) {
	g := tx.bucket(bucketGames).bucket([]byte(id))
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
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.db.view(func(tx kvTx) error {
		games := tx.bucket(bucketGames)
		return games.forEachBucket(func(id []byte) error {
			if _, bad := s.bad[string(id)]; bad {
				return nil
			}
			info, err := getInfo(games.bucket(id), string(id))
			if err != nil {
				return err
			}
			if d := s.damage[info.ID]; d != nil {
				info.Damage = d.String()
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
	err := s.db.view(func(tx kvTx) error {
		g, err := s.gameBucket(tx, id)
		if err != nil {
			return err
		}
		info, err = getInfo(g, id)
		return err
	})
	if err != nil {
		return GameInfo{}, fmt.Errorf("game info: %w", err)
	}
	s.mu.Lock()
	if d := s.damage[id]; d != nil {
		info.Damage = d.String()
	}
	s.mu.Unlock()
	return info, nil
}

func cleanName(name string) (string, error) {
	r := []rune(name)
	out := make([]rune, 0, len(r))
	for _, c := range r {
		if c >= ' ' && c != 0x7f && !tracker.IsBidiControl(c) {
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
	info := GameInfo{ID: uuid.NewString(), Name: n, Kind: kind, Created: now, Updated: now, Players: sum.Players, Stage: sum.Stage,
		Round: sum.Round, Phase: sum.Phase, Turn: sum.Turn}
	if err := s.insert(info, nil); err != nil {
		return nil, fmt.Errorf("create game: %w", err)
	}
	return s.OpenGame(info.ID)
}

// insert writes a new game with its log in one transaction.
func (s *Store) insert(info GameInfo, events []tracker.Event) error {
	return s.write(func(tx kvTx) error {
		g, err := tx.bucket(bucketGames).createBucket([]byte(info.ID))
		if err != nil {
			return err
		}
		log, err := g.createBucket(bucketLog)
		if err != nil {
			return err
		}
		for _, e := range events {
			if err := putRecord(log, info.ID, e); err != nil {
				return err
			}
		}
		return putInfo(g, info)
	})
}

// OpenGame opens a saved game by id, replaying its log. Opening a game that
// is already open returns the same *Game, so every screen and every network
// client works on one session. Games in the trash cannot be opened. A game
// with damaged events opens up to the last good one; Game.Damage says what
// was left out. Opening a game writes nothing.
func (s *Store) OpenGame(id string) (*Game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g, ok := s.games[id]; ok {
		return g, nil
	}
	if why, bad := s.bad[id]; bad {
		return nil, fmt.Errorf("open game: %s: %w", why, ErrUnreadable)
	}
	var info GameInfo
	var events []tracker.Event
	err := s.db.view(func(tx kvTx) error {
		g, err := s.gameBucket(tx, id)
		if err != nil {
			return err
		}
		if info, err = getInfo(g, id); err != nil {
			return err
		}
		if info.Deleted != nil {
			return ErrInTrash
		}
		events, err = readLog(g, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("open game: %w", err)
	}
	game := &Game{id: id, store: s}
	topts := tracker.Options{Now: s.opts.Now, Seeds: s.opts.Seeds, Journal: journal{game}}
	sess, err := tracker.Replay(info.Kind, events, topts)
	if err != nil {
		events = replayable(info.Kind, events)
		sess, err = tracker.Replay(info.Kind, events, topts)
	}
	if err != nil {
		return nil, fmt.Errorf("open game %q: %v: %w", info.Name, err, ErrUnreadable)
	}
	if d := damageOf(info, uint64(len(events))); d != nil {
		game.damage.Store(d)
		s.damage[id] = d
	}
	game.Session = sess
	s.games[id] = game
	return game, nil
}

// replayable returns the longest start of events that replays: records
// without a checksum (format 1) may read well and still be damaged.
func replayable(kind tracker.Kind, events []tracker.Event) []tracker.Event {
	n := sort.Search(len(events), func(n int) bool {
		_, err := tracker.Replay(kind, events[:n+1], tracker.Options{})
		return err != nil
	})
	return events[:n]
}

// readLog returns a game's events up to the first one that cannot be read.
func readLog(g kvBucket, id string) ([]tracker.Event, error) {
	log := g.bucket(bucketLog)
	if log == nil {
		return nil, fmt.Errorf("no log: %w", ErrUnreadable)
	}
	// Copy the raw events out of the transaction, then decode them on every
	// core: decoding dominates the time it takes to open a long game.
	var raw [][]byte
	if _, err := scanLog(log, id, func(rec []byte) { raw = append(raw, rec) }); err != nil {
		return nil, err
	}
	return decodeAll(raw), nil
}

// decodeAll decodes events in parallel chunks, keeping their order, up to
// the first that cannot be decoded.
func decodeAll(raw [][]byte) []tracker.Event {
	events := make([]tracker.Event, len(raw))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(raw)/512))
	bad := make([]int, workers)
	var wg sync.WaitGroup
	chunk := (len(raw) + workers - 1) / max(workers, 1)
	for w := range workers {
		lo, hi := w*chunk, min((w+1)*chunk, len(raw))
		bad[w] = len(raw)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				e, err := tracker.UnmarshalRecord(raw[i])
				if err != nil || e.Seq != uint64(i+1) {
					bad[w] = i
					return
				}
				events[i] = e
			}
		}()
	}
	wg.Wait()
	return events[:slices.Min(append(bad, len(raw)))]
}

// journal commits a game's events to the store.
type journal struct{ g *Game }

// Append implements tracker.Journal: one transaction per command, committed
// before it returns. On a game opened with damaged events, the first
// command moves them aside (kept byte for byte, listed in the game's
// SetAside) in the same transaction.
func (j journal) Append(events []tracker.Event, after *tracker.State) error {
	s := j.g.store
	d := j.g.damage.Load()
	err := s.write(func(tx kvTx) error {
		g, err := s.gameBucket(tx, j.g.id)
		if err != nil {
			return err
		}
		info, err := getInfo(g, j.g.id)
		if err != nil {
			return err
		}
		if info.Deleted != nil {
			return ErrInTrash
		}
		log := g.bucket(bucketLog)
		if log == nil {
			return fmt.Errorf("no log: %w", ErrUnreadable)
		}
		if d != nil {
			if err := setAside(g, log, d.From, len(info.SetAside)+1); err != nil {
				return fmt.Errorf("set the damaged events aside: %w", err)
			}
			info.SetAside = append(info.SetAside, SetAside{From: d.From, To: d.To, At: s.now()})
			info.Events = d.From - 1
		}
		if len(events) > 0 && events[0].Seq != info.Events+1 {
			return fmt.Errorf("event %d does not follow the saved log (%d events)", events[0].Seq, info.Events)
		}
		for _, e := range events {
			if err := putRecord(log, j.g.id, e); err != nil {
				return err
			}
			info.Events = e.Seq
		}
		sum := after.Summary()
		info.Players, info.Stage = sum.Players, sum.Stage
		info.Round, info.Phase, info.Turn = sum.Round, sum.Phase, sum.Turn
		info.Updated = s.now()
		return putInfo(g, info)
	})
	if err != nil {
		return err
	}
	if d != nil {
		j.g.damage.Store(nil)
		s.mu.Lock()
		delete(s.damage, j.g.id)
		s.mu.Unlock()
	}
	return nil
}

// setAside moves every record of log from event from on, as stored, into
// the game's nested bucket "set-aside-N".
func setAside(g, log kvBucket, from uint64, n int) error {
	aside, err := g.createBucketIfNotExists([]byte("set-aside-" + strconv.Itoa(n)))
	if err != nil {
		return err
	}
	var keys, vals [][]byte
	err = log.forEach(func(k, v []byte) error {
		if len(k) != 8 || binary.BigEndian.Uint64(k) >= from {
			keys = append(keys, bytes.Clone(k))
			vals = append(vals, bytes.Clone(v))
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i, k := range keys {
		if err := aside.put(k, vals[i]); err != nil {
			return err
		}
		if err := log.delete(k); err != nil {
			return err
		}
	}
	return nil
}

// Rename changes a game's name.
func (s *Store) Rename(id, name string) error {
	n, err := cleanName(name)
	if err != nil {
		return fmt.Errorf("rename game: %w", err)
	}
	err = s.updateInfo("rename game", id, func(info *GameInfo) error {
		info.Name = n
		return nil
	})
	if err == nil {
		s.mu.Lock()
		if d := s.damage[id]; d != nil {
			c := *d
			c.Game = n
			s.damage[id] = &c
			if g := s.games[id]; g != nil && g.damage.Load() != nil {
				g.damage.Store(&c)
			}
		}
		s.mu.Unlock()
	}
	return err
}

func (s *Store) updateInfo(what, id string, fn func(*GameInfo) error) error {
	err := s.write(func(tx kvTx) error {
		g, err := s.gameBucket(tx, id)
		if err != nil {
			return err
		}
		info, err := getInfo(g, id)
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
	err := s.write(func(tx kvTx) error {
		g, err := s.gameBucket(tx, id)
		if err != nil {
			return err
		}
		info, err := getInfo(g, id)
		if err != nil {
			return err
		}
		if info.Deleted == nil {
			return ErrNotInTrash
		}
		return tx.bucket(bucketGames).deleteBucket([]byte(id))
	})
	if err != nil {
		return fmt.Errorf("purge game: %w", err)
	}
	s.mu.Lock()
	delete(s.damage, id)
	s.mu.Unlock()
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

// Export writes one game (in the trash or not) as a JSON file. A game with
// damaged events exports up to its last good event.
func (s *Store) Export(id string, w io.Writer) error {
	var info GameInfo
	var events []tracker.Event
	err := s.db.view(func(tx kvTx) error {
		g, err := s.gameBucket(tx, id)
		if err != nil {
			return err
		}
		if info, err = getInfo(g, id); err != nil {
			return err
		}
		events, err = readLog(g, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("export game: %w", err)
	}
	if _, err := tracker.Replay(info.Kind, events, tracker.Options{}); err != nil {
		events = replayable(info.Kind, events)
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
		Players: sum.Players, Stage: sum.Stage, Round: sum.Round, Phase: sum.Phase, Turn: sum.Turn, Events: uint64(len(x.Events))}
	if info.Created.IsZero() {
		info.Created = now
	}
	if err := s.insert(info, x.Events); err != nil {
		return GameInfo{}, fmt.Errorf("import game: %w", err)
	}
	return info, nil
}

// StageTexts words the game's stage for the screens to translate: from
// the stage kept as data, or for a game stored by an older version from
// its English stage (read back when the tracker worded it, else as it is).
func (g GameInfo) StageTexts() tracker.Texts {
	return tracker.Summary{Stage: g.Stage, Round: g.Round, Phase: g.Phase, Turn: g.Turn}.StageTexts()
}
