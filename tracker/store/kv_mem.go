package store

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// memKV keeps every key of the store in memory, sorted, and hands the
// changes of each read-write transaction to commit (in the browser: one
// IndexedDB transaction, awaited until it is complete) before applying
// them. A commit that fails changes nothing. It is the browser backend's
// shared half and the desktop tests' fake.
//
// The bucket tree is kept flat, in the form IndexedDB stores it: a bucket
// is a marker key "b" + path, a value is "v" + path + ":" + hex(key), and a
// path is "/" + hex(name) per level. Hex keeps the byte order of keys.
type memKV struct {
	mu     sync.RWMutex
	keys   []string // sorted
	vals   map[string][]byte
	commit func([]kvChange) error
	closed bool
}

// kvChange is one key a committed transaction puts (or deletes).
type kvChange struct {
	key string
	val []byte
	del bool
}

var errBucketExists = errors.New("bucket already exists")

// newMemKV returns a backend holding entries (flat keys as above, which
// are checked) that calls commit with the changes of each transaction.
func newMemKV(entries map[string][]byte, commit func([]kvChange) error) (*memKV, error) {
	m := &memKV{vals: make(map[string][]byte, len(entries)), commit: commit}
	for k, v := range entries {
		if err := checkFlatKey(k); err != nil {
			return nil, err
		}
		m.keys = append(m.keys, k)
		m.vals[k] = v
	}
	slices.Sort(m.keys)
	return m, nil
}

// checkFlatKey accepts only keys this backend writes.
func checkFlatKey(k string) error {
	if k == "" || (k[0] != 'b' && k[0] != 'v') {
		return fmt.Errorf("stored key %q: %w", k, ErrUnreadable)
	}
	path, key := k[1:], ""
	if k[0] == 'v' {
		i := strings.LastIndexByte(k, ':')
		if i < 0 {
			return fmt.Errorf("stored key %q: %w", k, ErrUnreadable)
		}
		path, key = k[1:i], k[i+1:]
		if _, err := hex.DecodeString(key); err != nil || key == "" {
			return fmt.Errorf("stored key %q: %w", k, ErrUnreadable)
		}
	}
	if path == "" {
		return fmt.Errorf("stored key %q: %w", k, ErrUnreadable)
	}
	for path != "" {
		if path[0] != '/' {
			return fmt.Errorf("stored key %q: %w", k, ErrUnreadable)
		}
		seg := path[1:]
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if _, err := hex.DecodeString(seg); err != nil || seg == "" {
			return fmt.Errorf("stored key %q: %w", k, ErrUnreadable)
		}
		path = path[1+len(seg):]
	}
	return nil
}

func (m *memKV) view(fn func(kvTx) error) error {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return ErrClosed
	}
	tx := &memTx{kv: m}
	tx.root = memBucket{tx: tx}
	return fn(tx)
}

func (m *memKV) update(fn func(kvTx) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return ErrClosed
	}
	tx := &memTx{kv: m, writable: true, over: map[string]kvChange{}}
	tx.root = memBucket{tx: tx}
	if err := fn(tx); err != nil {
		return err
	}
	if len(tx.over) == 0 {
		return nil
	}
	changes := make([]kvChange, 0, len(tx.over))
	for _, c := range tx.over {
		changes = append(changes, c)
	}
	slices.SortFunc(changes, func(a, b kvChange) int { return strings.Compare(a.key, b.key) })
	if m.commit != nil {
		if err := m.commit(changes); err != nil {
			return err
		}
	}
	for _, c := range changes {
		i, found := slices.BinarySearch(m.keys, c.key)
		switch {
		case c.del && found:
			m.keys = slices.Delete(m.keys, i, i+1)
			delete(m.vals, c.key)
		case !c.del && !found:
			m.keys = slices.Insert(m.keys, i, c.key)
			fallthrough
		case !c.del:
			m.vals[c.key] = c.val
		}
	}
	return nil
}

func (m *memKV) close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	return nil
}

// memTx is a transaction: reads see the committed keys under the
// transaction's own changes.
type memTx struct {
	root     memBucket
	kv       *memKV
	writable bool
	over     map[string]kvChange
}

func (t *memTx) bucket(name []byte) kvBucket { return t.root.bucket(name) }
func (t *memTx) createBucketIfNotExists(name []byte) (kvBucket, error) {
	return t.root.createBucketIfNotExists(name)
}
func (t *memTx) forEachBucket(fn func([]byte) error) error { return t.root.forEachBucket(fn) }

func (t *memTx) get(k string) []byte {
	if c, ok := t.over[k]; ok {
		if c.del {
			return nil
		}
		return c.val
	}
	return t.kv.vals[k]
}

func (t *memTx) set(k string, v []byte, del bool) error {
	if !t.writable {
		return errors.New("write in a read-only transaction")
	}
	t.over[k] = kvChange{key: k, val: v, del: del}
	return nil
}

// scan returns the keys with prefix and their values, in order.
func (t *memTx) scan(prefix string) (keys []string, vals [][]byte) {
	i, _ := slices.BinarySearch(t.kv.keys, prefix)
	var mine []string
	for k := range t.over {
		if strings.HasPrefix(k, prefix) {
			mine = append(mine, k)
		}
	}
	slices.Sort(mine)
	base := t.kv.keys[i:]
	for len(base) > 0 && strings.HasPrefix(base[0], prefix) || len(mine) > 0 {
		var k string
		switch {
		case len(mine) == 0 || (len(base) > 0 && strings.HasPrefix(base[0], prefix) && base[0] < mine[0]):
			k, base = base[0], base[1:]
		default:
			k = mine[0]
			mine = mine[1:]
			if len(base) > 0 && base[0] == k {
				base = base[1:]
			}
		}
		if v := t.get(k); v != nil {
			keys = append(keys, k)
			vals = append(vals, v)
		}
	}
	return keys, vals
}

type memBucket struct {
	tx   *memTx
	path string
}

func (b memBucket) valueKey(k []byte) string { return "v" + b.path + ":" + hex.EncodeToString(k) }
func (b memBucket) child(name []byte) string { return b.path + "/" + hex.EncodeToString(name) }

func (b memBucket) get(k []byte) []byte { return b.tx.get(b.valueKey(k)) }

func (b memBucket) put(k, v []byte) error {
	if len(k) == 0 {
		return errors.New("empty key")
	}
	if v == nil {
		v = []byte{}
	}
	return b.tx.set(b.valueKey(k), bytes.Clone(v), false)
}

func (b memBucket) delete(k []byte) error { return b.tx.set(b.valueKey(k), nil, true) }

func (b memBucket) forEach(fn func(k, v []byte) error) error {
	prefix := "v" + b.path + ":"
	keys, vals := b.tx.scan(prefix)
	for i, k := range keys {
		key, err := hex.DecodeString(k[len(prefix):])
		if err != nil {
			return fmt.Errorf("stored key %q: %w", k, ErrUnreadable)
		}
		if err := fn(key, vals[i]); err != nil {
			return err
		}
	}
	return nil
}

func (b memBucket) bucket(name []byte) kvBucket {
	p := b.child(name)
	if b.tx.get("b"+p) == nil {
		return nil
	}
	return memBucket{tx: b.tx, path: p}
}

func (b memBucket) createBucket(name []byte) (kvBucket, error) {
	if len(name) == 0 {
		return nil, errors.New("empty bucket name")
	}
	if b.bucket(name) != nil {
		return nil, errBucketExists
	}
	p := b.child(name)
	if err := b.tx.set("b"+p, []byte{1}, false); err != nil {
		return nil, err
	}
	return memBucket{tx: b.tx, path: p}, nil
}

func (b memBucket) createBucketIfNotExists(name []byte) (kvBucket, error) {
	if n := b.bucket(name); n != nil {
		return n, nil
	}
	return b.createBucket(name)
}

func (b memBucket) deleteBucket(name []byte) error {
	p := b.child(name)
	if b.tx.get("b"+p) == nil {
		return nil
	}
	doomed := []string{"b" + p}
	for _, prefix := range []string{"b" + p + "/", "v" + p + ":", "v" + p + "/"} {
		keys, _ := b.tx.scan(prefix)
		doomed = append(doomed, keys...)
	}
	for _, k := range doomed {
		if err := b.tx.set(k, nil, true); err != nil {
			return err
		}
	}
	return nil
}

func (b memBucket) forEachBucket(fn func([]byte) error) error {
	prefix := "b" + b.path + "/"
	keys, _ := b.tx.scan(prefix)
	for _, k := range keys {
		rest := k[len(prefix):]
		if strings.IndexByte(rest, '/') >= 0 {
			continue
		}
		name, err := hex.DecodeString(rest)
		if err != nil {
			return fmt.Errorf("stored key %q: %w", k, ErrUnreadable)
		}
		if err := fn(name); err != nil {
			return err
		}
	}
	return nil
}

// openMem opens a store on entries (as the browser backend loaded them)
// after checking them, committing each change through commit.
func openMem(entries map[string][]byte, commit func([]kvChange) error, opts Options) (*Store, error) {
	m, err := newMemKV(entries, commit)
	if err != nil {
		return nil, err
	}
	var r report
	err = m.view(func(tx kvTx) error {
		r, err = check(tx)
		return err
	})
	if err != nil {
		return nil, err
	}
	return openKV(m, opts, r)
}
