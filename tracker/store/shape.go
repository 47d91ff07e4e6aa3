//go:build !js

package store

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// The first two pages of a bbolt file are its two commit records (bbolt
// calls them meta pages). Each names the page of the root bucket and of the
// free list and how many pages the file has (the high water mark); bbolt
// writes them in turn, the newer with the higher transaction id, and opens
// the newer of the two that are whole. bbolt trusts what they say and maps
// the file: a record that points past the end of a file cut short makes it
// read memory the file does not back, a fault no recover() catches. So the
// records are read and checked here, by hand, before bbolt maps the file.

// Where the fields of a commit record are: a 16-byte page header, then the
// record (go.etcd.io/bbolt/internal/common.Meta).
const (
	metaOffset     = 16 // the page header: id, flags, count, overflow
	metaMagic      = 0xED0CDAED
	metaVersion    = 2
	metaSumLen     = 56 // the bytes the checksum covers
	metaLen        = 64
	noFreelistPage = ^uint64(0)
)

// commitRecord is one of the two commit records of a bbolt file.
type commitRecord struct {
	ok       bool // whole: its magic, version and checksum are right
	pageSize uint64
	root     uint64
	freelist uint64
	pages    uint64 // the high water mark: pages the file must have
	txid     uint64
}

// readCommitRecord reads the record of the page at off.
func readCommitRecord(f io.ReaderAt, off int64) commitRecord {
	b := make([]byte, metaOffset+metaLen)
	if _, err := f.ReadAt(b, off); err != nil {
		return commitRecord{}
	}
	m := b[metaOffset:]
	le := binary.LittleEndian
	h := fnv.New64a()
	_, _ = h.Write(m[:metaSumLen])
	return commitRecord{
		ok:       le.Uint32(m[0:]) == metaMagic && le.Uint32(m[4:]) == metaVersion && le.Uint64(m[56:]) == h.Sum64(),
		pageSize: uint64(le.Uint32(m[8:])),
		root:     le.Uint64(m[16:]),
		freelist: le.Uint64(m[32:]),
		pages:    le.Uint64(m[40:]),
		txid:     le.Uint64(m[48:]),
	}
}

// fileShape is what the two commit records of a file say.
type fileShape struct {
	// damaged is true when one of the two records is not whole: bbolt
	// then opens the file as of the other one.
	damaged bool
	// rewound is true when the damaged record is (as far as can be told)
	// the newer one: the last commit is lost.
	rewound bool
}

// checkShape reads the two commit records of the bbolt file at path and
// checks that the file has every page the record bbolt will use names. A
// file cut short is ErrUnreadable, before bbolt maps it.
func checkShape(path string) (fileShape, error) {
	f, err := os.Open(path)
	if err != nil {
		return fileShape{}, fmt.Errorf("%v: %w", err, ErrUnreadable)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fileShape{}, fmt.Errorf("%v: %w", err, ErrUnreadable)
	}
	size := uint64(fi.Size())

	// The first record says the page size, which places the second; when
	// it is damaged, the second is looked for at the page sizes bbolt uses.
	var recs [2]commitRecord
	recs[0] = readCommitRecord(f, 0)
	sizes := []uint64{4096, 8192, 16384, 32768, 65536, uint64(os.Getpagesize())}
	if recs[0].ok {
		sizes = []uint64{recs[0].pageSize}
	}
	for _, ps := range sizes {
		if r := readCommitRecord(f, int64(ps)); r.ok && (!recs[0].ok || r.pageSize == ps) {
			recs[1] = r
			break
		}
	}
	var use commitRecord
	switch {
	case recs[0].ok && recs[1].ok:
		use = recs[0]
		if recs[1].txid > use.txid {
			use = recs[1]
		}
	case recs[0].ok:
		use = recs[0]
	case recs[1].ok:
		use = recs[1]
	default:
		if size < 2*4096 {
			return fileShape{}, fmt.Errorf("the file is cut short (%d bytes, not even its two commit records): %w", size, ErrUnreadable)
		}
		return fileShape{}, fmt.Errorf("neither of its two commit records can be read: %w", ErrUnreadable)
	}
	ps := use.pageSize
	if ps < 512 || ps > 1<<20 || ps&(ps-1) != 0 {
		return fileShape{}, fmt.Errorf("its commit record names a page size of %d bytes: %w", ps, ErrUnreadable)
	}
	if use.pages < 4 || use.root >= use.pages || (use.freelist >= use.pages && use.freelist != noFreelistPage) {
		return fileShape{}, fmt.Errorf("its commit record points outside the file's own pages: %w", ErrUnreadable)
	}
	if need := use.pages * ps; use.pages > size/ps || need > size {
		return fileShape{}, fmt.Errorf("the file is cut short: it has %d bytes of the %d its last commit wrote: %w", size, need, ErrUnreadable)
	}
	shape := fileShape{damaged: recs[0].ok != recs[1].ok}
	if shape.damaged {
		// The damaged record's transaction id may itself be damaged; a
		// whole record with the id of the first commit (bbolt writes ids
		// 0 and 1 when it makes a file) is older than anything.
		bad := recs[0]
		if recs[0].ok {
			bad = recs[1]
		}
		shape.rewound = bad.txid != use.txid-1
	}
	return shape, nil
}
