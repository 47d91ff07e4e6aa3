//go:build !js

package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// FileName is the name of the saved games file in the app's storage folder.
const FileName = "games.db"

// OpenDefault opens the saved games of this device: on the desktop the
// file FileName in the folder root (created if needed); in the browser the
// IndexedDB database (root is ignored there). See Notices for what the app
// should tell the players after opening.
func OpenDefault(ctx context.Context, root string, opts Options) (*Store, error) {
	if err := os.MkdirAll(root, 0o700); err != nil {
		return nil, fmt.Errorf("creating the folder for saved games: %w", err)
	}
	return Open(filepath.Join(root, FileName), opts)
}

// Open opens the store file at path, creating it if it does not exist.
// Everything in an existing file is checked, read-only, before the file is
// opened for writing: a file that cannot be read (damaged, truncated, not a
// store, or from a newer version) is reported with ErrUnreadable or
// ErrFutureVersion and left byte for byte as it was. Damage confined to
// the events of some games does not stop the store from opening: those
// games open up to their last good event (Game.Damage, Notices), and
// nothing is written until the players change something. An empty (0-byte)
// file, which Table Ops never writes, is renamed aside with a timestamp and
// a new store started; Notices says so.
func Open(path string, opts Options) (*Store, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = time.Second
	}
	var notices []string
	var shape fileShape
	r := report{empty: true}
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return nil, fmt.Errorf("open store %s: is a directory: %w", path, ErrUnreadable)
	case err == nil && fi.Size() == 0:
		stamp := time.Now()
		if opts.Now != nil {
			stamp = opts.Now()
		}
		aside := path + ".empty-" + stamp.UTC().Format("20060102-150405")
		if _, err := os.Stat(aside); err == nil {
			return nil, fmt.Errorf("open store %s: the file is empty and %s exists already: %w", path, aside, ErrUnreadable)
		}
		if err := os.Rename(path, aside); err != nil {
			return nil, fmt.Errorf("open store %s: the file is empty and could not be set aside: %w", path, err)
		}
		notices = append(notices, fmt.Sprintf("The saved games file was empty (0 bytes), so no games could be in it. "+
			"It was kept as %s and a new, empty file was started.", filepath.Base(aside)))
	case err == nil:
		// The file's two commit records first: bbolt trusts them and
		// would fault on a file cut short (shape.go).
		if shape, err = checkShape(path); err != nil {
			return nil, fmt.Errorf("open store %s: %w", path, err)
		}
		if r, err = checkFile(path, opts.Timeout); err != nil {
			return nil, fmt.Errorf("open store %s: %w", path, err)
		}
	case !errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	db, err := openBolt(path, &bolt.Options{Timeout: opts.Timeout})
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	st, err := openKV(boltKV{db}, opts, r)
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	if shape.damaged {
		notices = append(notices, commitRecordNotice(st, shape.rewound))
	}
	st.notices = append(notices, st.notices...)
	return st, nil
}

// commitRecordNotice tells the players that one of the file's two commit
// records was damaged (shape.go) and, when it was the newer one, that the
// last change saved may be missing, naming the game changed last.
func commitRecordNotice(st *Store, rewound bool) string {
	if !rewound {
		return "One of the two commit records of the saved games file was damaged. The other is whole, so nothing is missing; the next change writes a new one."
	}
	msg := "One of the two commit records of the saved games file was damaged, so the file was opened as of the commit before it: the last change saved before the app closed may be missing."
	if games, err := st.List(); err == nil && len(games) > 0 {
		last := games[0]
		for _, g := range games[1:] {
			if g.Updated.After(last.Updated) {
				last = g
			}
		}
		msg += fmt.Sprintf(" The game changed last is %q (%s, step %d): check its newest steps.", last.Name, last.Updated.Local().Format("2006-01-02 15:04"), last.Events)
	}
	return msg
}

// openBolt opens a bbolt file, turning its errors and panics on damaged
// files into ErrInUse or ErrUnreadable.
func openBolt(path string, o *bolt.Options) (db *bolt.DB, err error) {
	// A read of a page the file does not back (checkShape keeps those
	// out) becomes a panic that is recovered below, not a crash.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			db, err = nil, fmt.Errorf("damaged (%v): %w", r, ErrUnreadable)
		}
	}()
	db, err = bolt.Open(path, 0o600, o)
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return nil, ErrInUse
	case err != nil:
		return nil, fmt.Errorf("%v: %w", err, ErrUnreadable)
	}
	return db, nil
}

// checkFile opens an existing file read-only and checks it: bbolt's own
// consistency check of every page, then the store's check of every value.
// bbolt may panic on damaged pages; that is caught and reported.
func checkFile(path string, timeout time.Duration) (r report, err error) {
	db, err := openBolt(path, &bolt.Options{ReadOnly: true, Timeout: timeout, PreLoadFreelist: true})
	if err != nil {
		return r, err
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("damaged (%v): %w", p, ErrUnreadable)
		}
		_ = db.Close()
	}()
	err = db.View(func(tx *bolt.Tx) error {
		for cerr := range tx.Check() {
			// Drain the channel, keep the first error.
			if err == nil {
				err = cerr
			}
		}
		if err != nil {
			return fmt.Errorf("damaged (%v): %w", err, ErrUnreadable)
		}
		r, err = check(boltTx{tx})
		return err
	})
	return r, err
}
