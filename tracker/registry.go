package tracker

// payloadTypes is the read-only table of event payloads by type tag.
var payloadTypes = map[string]func() Payload{
	"note": func() Payload { return &NoteAdded{} },
}

// commandTypes is the read-only table of commands by type tag.
var commandTypes = map[string]func() Command{
	"note": func() Command { return &Note{} },
}
