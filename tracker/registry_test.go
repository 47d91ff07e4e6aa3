package tracker

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every registered type tag matches its type's own tag.
func TestRegistryTags(t *testing.T) {
	for tag, mk := range payloadTypes {
		assert.Equal(t, tag, mk().EventType())
	}
	for tag, mk := range commandTypes {
		assert.Equal(t, tag, mk().CommandType())
	}
}
