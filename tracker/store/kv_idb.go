//go:build js && wasm

package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"syscall/js"
	"time"

	"github.com/hack-pad/go-indexeddb/idb"
)

// In the browser the store lives in IndexedDB: one database with one
// object store, "kv", holding the flat keys of memKV (kv_mem.go) with
// their values as Uint8Array (4 bytes of length, big endian, then the
// value). Opening reads every key into memory; each
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
	entries, err := idbLoad(ctx, name)
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

// idbLoad reads every key and value of the database with two requests
// (getAllKeys and getAll, which the Go binding does not offer): a cursor
// costs a round trip through the event loop per key, seconds for a long
// game.
func idbLoad(ctx context.Context, name string) (map[string][]byte, error) {
	open := js.Global().Get("indexedDB").Call("open", name)
	dbv, err := idbAwait(ctx, open)
	if err != nil {
		return nil, err
	}
	defer dbv.Call("close")
	var keysReq, valsReq js.Value
	if err := jsTry(func() {
		store := dbv.Call("transaction", idbStore, "readonly").Call("objectStore", idbStore)
		keysReq = store.Call("getAllKeys")
		valsReq = store.Call("getAll")
	}); err != nil {
		return nil, err
	}
	keys, err := idbAwait(ctx, keysReq)
	if err != nil {
		return nil, err
	}
	vals, err := idbAwait(ctx, valsReq)
	if err != nil {
		return nil, err
	}
	// Keys come back as one string; values, each stored with its length
	// in front, as one buffer: a handful of calls into JavaScript however
	// long the games are.
	n := keys.Length()
	entries := make(map[string][]byte, n)
	if n == 0 {
		return entries, nil
	}
	if vals.Length() != n {
		return nil, fmt.Errorf("the browser's storage changed while it was read: %w", ErrUnreadable)
	}
	names := strings.Split(keys.Call("join", "\n").String(), "\n")
	buf, err := jsAwaitPromise(ctx, js.Global().Get("Blob").New(vals).Call("arrayBuffer"))
	if err != nil {
		return nil, err
	}
	all := uint8Array.New(buf)
	b := make([]byte, all.Length())
	js.CopyBytesToGo(b, all)
	if len(names) != n {
		return nil, fmt.Errorf("a stored key is not one of Table Ops: %w", ErrUnreadable)
	}
	for _, k := range names {
		if len(b) < 4 || uint64(binary.BigEndian.Uint32(b)) > uint64(len(b)-4) {
			return nil, fmt.Errorf("a stored value is not one of Table Ops: %w", ErrUnreadable)
		}
		l := binary.BigEndian.Uint32(b)
		entries[k] = b[4 : 4+l : 4+l]
		b = b[4+l:]
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("a stored value is not one of Table Ops: %w", ErrUnreadable)
	}
	return entries, nil
}

// jsAwaitPromise waits for a JavaScript promise.
func jsAwaitPromise(ctx context.Context, p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	done := make(chan result, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{v: args[0]}
		return nil
	})
	bad := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{err: fmt.Errorf("%s", args[0].Call("toString").String())}
		return nil
	})
	defer ok.Release()
	defer bad.Release()
	p.Call("then", ok, bad)
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		return js.Value{}, ctx.Err()
	}
}

// idbAwait waits for an IDBRequest's success (its result) or error.
func idbAwait(ctx context.Context, req js.Value) (js.Value, error) {
	done := make(chan error, 1)
	ok := js.FuncOf(func(js.Value, []js.Value) any {
		done <- nil
		return nil
	})
	bad := js.FuncOf(func(js.Value, []js.Value) any {
		msg := "request failed"
		if e := req.Get("error"); e.Truthy() {
			msg = e.Get("name").String() + ": " + e.Get("message").String()
		}
		done <- errors.New(msg)
		return nil
	})
	defer ok.Release()
	defer bad.Release()
	req.Set("onsuccess", ok)
	req.Set("onerror", bad)
	select {
	case err := <-done:
		if err != nil {
			return js.Value{}, err
		}
		return req.Get("result"), nil
	case <-ctx.Done():
		return js.Value{}, ctx.Err()
	}
}

// jsTry runs fn, turning a thrown JavaScript exception into an error.
func jsTry(fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	fn()
	return nil
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
			// The value's length goes in front (see idbLoad).
			b := make([]byte, 4+len(c.val))
			binary.BigEndian.PutUint32(b, uint32(len(c.val)))
			copy(b[4:], c.val)
			v := uint8Array.New(len(b))
			js.CopyBytesToJS(v, b)
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
	cb := js.FuncOf(func(_ js.Value, args []js.Value) any {
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
