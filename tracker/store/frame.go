package store

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
)

// Every value the store writes for a game (its list entry and each event
// record) is framed with a checksum, so that damage to any byte of it,
// label text included, is noticed when the file is read:
//
//	frameMagic, CRC-32C (big endian) of the key and the value, the value
//
// The key is part of the checksum, so a record found under the wrong
// sequence number is damaged too. Values written before format 2 have no
// frame; they still read (an event record starts with its own version
// byte, a list entry with '{').
const frameMagic = 0xC5

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// errChecksum reports a framed value whose checksum does not match.
var errChecksum = errors.New("checksum mismatch")

// seal frames v, stored under key k.
func seal(k, v []byte) []byte {
	out := make([]byte, 5, 5+len(v))
	out[0] = frameMagic
	binary.BigEndian.PutUint32(out[1:], checksum(k, v))
	return append(out, v...)
}

func checksum(k, v []byte) uint32 {
	return crc32.Update(crc32.Checksum(k, castagnoli), castagnoli, v)
}

// unseal returns the value inside a frame, checking it. An unframed
// (older) value is returned as it is, with framed false.
func unseal(k, b []byte) (v []byte, framed bool, err error) {
	if len(b) == 0 || b[0] != frameMagic {
		return b, false, nil
	}
	if len(b) < 5 {
		return nil, true, errChecksum
	}
	v = b[5:]
	if binary.BigEndian.Uint32(b[1:5]) != checksum(k, v) {
		return nil, true, errChecksum
	}
	return v, true, nil
}
