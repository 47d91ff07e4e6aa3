package store

// The store's logic runs on a small key-value interface with the shape of
// bbolt's: transactions over a tree of named buckets, each holding keys in
// byte order. Two backends implement it behind build tags: bbolt on the
// desktop (kv_bolt.go) and, in the browser, an in-memory copy of the keys
// that commits every transaction to IndexedDB before it returns
// (kv_mem.go, kv_idb.go). Desktop tests run the same logic on the
// in-memory backend with a fake commit, so the browser path is tested
// without a browser.

// kv is an open backend.
type kv interface {
	// view runs fn in a read-only transaction.
	view(fn func(kvTx) error) error
	// update runs fn in a read-write transaction and commits it durably
	// (on disk, or in IndexedDB) before it returns; an error from fn
	// discards every change it made.
	update(fn func(kvTx) error) error
	close() error
}

// kvTx is one transaction: the top level of the bucket tree.
type kvTx interface {
	// bucket returns a top-level bucket, or nil.
	bucket(name []byte) kvBucket
	createBucketIfNotExists(name []byte) (kvBucket, error)
	// forEachBucket calls fn with every top-level bucket's name, in order.
	forEachBucket(fn func(name []byte) error) error
}

// kvBucket is a bucket: keys with values, and nested buckets. Byte slices
// it returns are valid only during the transaction.
type kvBucket interface {
	get(k []byte) []byte
	put(k, v []byte) error
	delete(k []byte) error
	// forEach calls fn with every key and value (not nested buckets), in
	// key order.
	forEach(fn func(k, v []byte) error) error
	// bucket returns a nested bucket, or nil.
	bucket(name []byte) kvBucket
	// createBucket makes a nested bucket; it is an error if it exists.
	createBucket(name []byte) (kvBucket, error)
	createBucketIfNotExists(name []byte) (kvBucket, error)
	deleteBucket(name []byte) error
	// forEachBucket calls fn with every nested bucket's name, in order.
	forEachBucket(fn func(name []byte) error) error
}
