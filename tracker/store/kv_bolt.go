//go:build !js

package store

import (
	"errors"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// boltKV is the desktop backend: one bbolt file. bbolt commits a
// read-write transaction with fsync before Update returns.
type boltKV struct{ db *bolt.DB }

func (b boltKV) view(fn func(kvTx) error) error {
	return b.db.View(func(tx *bolt.Tx) error { return fn(boltTx{tx}) })
}

func (b boltKV) update(fn func(kvTx) error) error {
	return b.db.Update(func(tx *bolt.Tx) error { return fn(boltTx{tx}) })
}

func (b boltKV) close() error { return b.db.Close() }

type boltTx struct{ tx *bolt.Tx }

func (t boltTx) bucket(name []byte) kvBucket {
	if b := t.tx.Bucket(name); b != nil {
		return boltBucket{b}
	}
	return nil
}

func (t boltTx) createBucketIfNotExists(name []byte) (kvBucket, error) {
	b, err := t.tx.CreateBucketIfNotExists(name)
	if err != nil {
		return nil, err
	}
	return boltBucket{b}, nil
}

func (t boltTx) forEachBucket(fn func([]byte) error) error {
	return t.tx.ForEach(func(name []byte, _ *bolt.Bucket) error { return fn(name) })
}

type boltBucket struct{ b *bolt.Bucket }

func (b boltBucket) get(k []byte) []byte { return b.b.Get(k) }
func (b boltBucket) put(k, v []byte) error {
	return b.b.Put(k, v)
}
func (b boltBucket) delete(k []byte) error { return b.b.Delete(k) }

func (b boltBucket) forEach(fn func(k, v []byte) error) error {
	return b.b.ForEach(func(k, v []byte) error {
		if v == nil { // a nested bucket
			return nil
		}
		return fn(k, v)
	})
}

func (b boltBucket) bucket(name []byte) kvBucket {
	if n := b.b.Bucket(name); n != nil {
		return boltBucket{n}
	}
	return nil
}

func (b boltBucket) createBucket(name []byte) (kvBucket, error) {
	n, err := b.b.CreateBucket(name)
	if err != nil {
		return nil, err
	}
	return boltBucket{n}, nil
}

func (b boltBucket) createBucketIfNotExists(name []byte) (kvBucket, error) {
	n, err := b.b.CreateBucketIfNotExists(name)
	if err != nil {
		return nil, err
	}
	return boltBucket{n}, nil
}

func (b boltBucket) deleteBucket(name []byte) error {
	err := b.b.DeleteBucket(name)
	if errors.Is(err, berrors.ErrBucketNotFound) {
		return nil
	}
	return err
}

func (b boltBucket) forEachBucket(fn func([]byte) error) error {
	return b.b.ForEachBucket(fn)
}
