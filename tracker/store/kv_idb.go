//go:build js && wasm

package store

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"
	"time"

	"github.com/hack-pad/go-indexeddb/idb"
)

// In the browser the store lives in IndexedDB: one database with one
// object store, "kv", holding the flat keys of memKV (kv_mem.go) with
// their values as Uint8Array. Opening reads every key into memory; each
// read-write transaction of the store becomes one IndexedDB transaction
// (durability "strict") that the command waits for until its complete
// event, so every command is stored before it shows.
const (
	idbDatabase = "tableops"
	idbStore    = "kv"
	idbVersion  = 1
	// idbCommitTimeout bounds the wait for one transaction to complete.
	idbCommitTimeout = 30 * time.Second
)

// OpenDefault opens the saved games of this device: in the browser the
// IndexedDB database "tableops" (root is not used); on the desktop the file
// FileName in the folder root. See Notices for what the app should tell the
// players after opening.
func OpenDefault(ctx context.Context, root string, opts Options) (*Store, error) {
	return OpenIndexedDB(ctx, idbDatabase, opts)
}

// FileName is the name of the saved games file on the desktop.
const FileName = "games.db"

// OpenIndexedDB opens the store kept in the browser's IndexedDB database
// name, creating it if needed. Everything in it is checked before anything
// is written, as Open does for a file. Another tab of the app with the same
// database open gives ErrInUse.
func OpenIndexedDB(ctx context.Context, name string, opts Options) (*Store, error) {
	if !js.Global().Get("indexedDB").Truthy() {
		return nil, errors.New("open store: this browser gives the app no storage for saved games (IndexedDB is missing or turned off)")
	}
	release, err := lockTab(ctx, "tableops-store-"+name)
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	req, err := idb.Global().Open(ctx, name, idbVersion, func(db *idb.Database, oldVersion, _ uint) error {
		if oldVersion < 1 {
			_, err := db.CreateObjectStore(idbStore, idb.ObjectStoreOptions{})
			return err
		}
		return nil
	})
	if err != nil {
		release()
		return nil, fmt.Errorf("open store: %w", err)
	}
	db, err := req.Await(ctx)
	if err != nil {
		release()
		return nil, fmt.Errorf("open store: %w", err)
	}
	entries, err := idbLoad(ctx, db)
	if err != nil {
		_ = db.Close()
		release()
		return nil, fmt.Errorf("open store: %w", err)
	}
	st, err := openMem(entries, func(changes []kvChange) error { return idbCommit(db, changes) }, opts)
	if err != nil {
		_ = db.Close()
		release()
		return nil, fmt.Errorf("open store: %w", err)
	}
	st.db = idbKV{memKV: st.db.(*memKV), db: db, release: release}
	return st, nil
}

// idbKV is the browser backend: memKV committing to IndexedDB.
type idbKV struct {
	*memKV
	db      *idb.Database
	release func()
}

func (k idbKV) close() error {
	_ = k.memKV.close()
	err := k.db.Close()
	k.release()
	return err
}

var uint8Array = js.Global().Get("Uint8Array")

// idbLoad reads every key and value of the database.
func idbLoad(ctx context.Context, db *idb.Database) (map[string][]byte, error) {
	tx, err := db.Transaction(idb.TransactionReadOnly, idbStore)
	if err != nil {
		return nil, err
	}
	os, err := tx.ObjectStore(idbStore)
	if err != nil {
		return nil, err
	}
	req, err := os.OpenCursor(idb.CursorNext)
	if err != nil {
		return nil, err
	}
	entries := map[string][]byte{}
	err = req.Iter(ctx, func(c *idb.CursorWithValue) error {
		k, err := c.Key()
		if err != nil {
			return err
		}
		v, err := c.Value()
		if err != nil {
			return err
		}
		if k.Type() != js.TypeString || !v.InstanceOf(uint8Array) {
			return fmt.Errorf("a stored entry is not one of Table Ops: %w", ErrUnreadable)
		}
		b := make([]byte, v.Get("length").Int())
		js.CopyBytesToGo(b, v)
		entries[k.String()] = b
		return nil
	})
	if err != nil {
		return nil, err
	}
	return entries, nil
}

// idbCommit writes one transaction's changes and waits for IndexedDB's
// complete event (or its error or abort).
func idbCommit(db *idb.Database, changes []kvChange) error {
	ctx, cancel := context.WithTimeout(context.Background(), idbCommitTimeout)
	defer cancel()
	tx, err := db.TransactionWithOptions(idb.TransactionOptions{Mode: idb.TransactionReadWrite, Durability: idb.DurabilityStrict}, idbStore)
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	os, err := tx.ObjectStore(idbStore)
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	for _, c := range changes {
		key := js.ValueOf(c.key)
		if c.del {
			_, err = os.Delete(key)
		} else {
			v := uint8Array.New(len(c.val))
			js.CopyBytesToJS(v, c.val)
			_, err = os.PutKey(key, v)
		}
		if err != nil {
			_ = tx.Abort()
			return fmt.Errorf("save: %w", err)
		}
	}
	// Start committing now, then wait for the complete event.
	_ = tx.Commit()
	if err := tx.Await(ctx); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	return nil
}

// lockTab takes the Web Lock name for as long as the store is open, so that
// two tabs never keep diverging copies of the same games. Browsers without
// Web Locks open without it.
func lockTab(ctx context.Context, name string) (release func(), err error) {
	locks := js.Global().Get("navigator").Get("locks")
	if !locks.Truthy() {
		return func() {}, nil
	}
	type result struct {
		ok      bool
		resolve js.Value
	}
	got := make(chan result, 1)
	var cb js.Func
	cb = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 || args[0].IsNull() {
			got <- result{}
			return nil
		}
		// Hold the lock until release resolves this promise.
		var resolve js.Value
		exec := js.FuncOf(func(_ js.Value, a []js.Value) any {
			resolve = a[0]
			return nil
		})
		p := js.Global().Get("Promise").New(exec)
		exec.Release()
		got <- result{ok: true, resolve: resolve}
		return p
	})
	done := locks.Call("request", name, map[string]any{"ifAvailable": true}, cb)
	select {
	case r := <-got:
		if !r.ok {
			cb.Release()
			return nil, fmt.Errorf("the games are open in another tab of Table Ops: %w", ErrInUse)
		}
		return func() {
			// Let go, and wait until the browser has released the lock, so
			// that opening again right after succeeds.
			released := make(chan struct{})
			settle := js.FuncOf(func(js.Value, []js.Value) any {
				close(released)
				return nil
			})
			done.Call("then", settle, settle)
			r.resolve.Invoke()
			select {
			case <-released:
			case <-time.After(5 * time.Second):
			}
			settle.Release()
			cb.Release()
		}, nil
	case <-ctx.Done():
		go func() { // release the lock if it comes after all
			if r := <-got; r.ok {
				r.resolve.Invoke()
			}
			cb.Release()
		}()
		return nil, ctx.Err()
	}
}
