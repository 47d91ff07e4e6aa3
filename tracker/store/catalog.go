package store

import (
	"bytes"
	"errors"
	"fmt"

	"tableops/rules/reference"
)

// The players' card catalog lives in its own bucket of the store file, as
// one JSON document in the catalog file format (reference.Catalog.Export,
// with its schema version).
var (
	bucketCatalog = []byte("catalog")
	keyCatalog    = []byte("cards")
	// keySetAside holds a stored catalog that could not be read, once the
	// players chose to start over (DiscardCatalog): kept, never parsed.
	keySetAside = []byte("unreadable")
)

// ErrCatalogUnreadable: the catalog saved in the file cannot be read (damaged,
// or written by a newer version); it was not changed.
var ErrCatalogUnreadable = errors.New("the saved card catalog cannot be read")

// LoadCatalog returns the players' catalog: the built-in cards merged with
// the saved ones (a saved card replaces the built-in card with its id, and
// built-in cards added by a newer app version appear). When nothing is
// saved it is the built-in catalog. A saved catalog that cannot be read is
// reported with ErrCatalogUnreadable (the error names the line and field at
// fault) together with the built-in catalog, and the file is left as it is.
func (s *Store) LoadCatalog() (*reference.Catalog, error) {
	builtin, err := reference.Builtin()
	if err != nil {
		return nil, fmt.Errorf("load catalog: %w", err)
	}
	raw, err := s.rawCatalog()
	if err != nil {
		return builtin, fmt.Errorf("load catalog: %w", err)
	}
	if raw == nil {
		return builtin, nil
	}
	saved, err := reference.ParseCatalog(raw)
	if err != nil {
		return builtin, fmt.Errorf("load catalog: %v: %w", err, ErrCatalogUnreadable)
	}
	merged, err := builtin.Merge(saved)
	if err != nil {
		return builtin, fmt.Errorf("load catalog: %v: %w", err, ErrCatalogUnreadable)
	}
	return merged, nil
}

// rawCatalog returns a copy of the saved catalog document (nil if none).
func (s *Store) rawCatalog() ([]byte, error) {
	var raw []byte
	err := s.db.view(func(tx kvTx) error {
		b := tx.bucket(bucketCatalog)
		if b == nil {
			return nil
		}
		if v := b.get(keyCatalog); v != nil {
			raw = bytes.Clone(v)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return raw, nil
}

// SaveCatalog replaces the saved catalog with c, in one transaction synced
// to disk before it returns. It refuses (ErrCatalogUnreadable) to overwrite
// a saved catalog that cannot be read, so nothing the players entered is
// lost by accident: DiscardCatalog sets such a catalog aside first.
func (s *Store) SaveCatalog(c *reference.Catalog) error {
	if c == nil {
		return errors.New("save catalog: no catalog")
	}
	var buf bytes.Buffer
	if err := c.Export(&buf); err != nil {
		return fmt.Errorf("save catalog: %w", err)
	}
	err := s.write(func(tx kvTx) error {
		b, err := tx.createBucketIfNotExists(bucketCatalog)
		if err != nil {
			return err
		}
		if old := b.get(keyCatalog); old != nil {
			if _, err := reference.ParseCatalog(old); err != nil {
				return fmt.Errorf("%v: %w", err, ErrCatalogUnreadable)
			}
		}
		return b.put(keyCatalog, buf.Bytes())
	})
	if err != nil {
		return fmt.Errorf("save catalog: %w", err)
	}
	return nil
}

// DiscardCatalog sets the saved catalog aside (kept in the file, replacing
// any catalog set aside before) so that the players start over from the
// built-in cards. It does nothing when no catalog is saved.
func (s *Store) DiscardCatalog() error {
	err := s.write(func(tx kvTx) error {
		b := tx.bucket(bucketCatalog)
		if b == nil {
			return nil
		}
		old := b.get(keyCatalog)
		if old == nil {
			return nil
		}
		if err := b.put(keySetAside, bytes.Clone(old)); err != nil {
			return err
		}
		return b.delete(keyCatalog)
	})
	if err != nil {
		return fmt.Errorf("discard catalog: %w", err)
	}
	return nil
}
