package screen

// Call is what a view calls this device's player to, on whatever panel
// the phone shows: a battle against them is under way and their dice are
// awaited. The frame shows Text over every panel but Panel (which shows
// it already), with one tap to Panel.
type Call struct {
	// Text says what is awaited, short enough for a phone's status line
	// ("Alice attacks you: your dice are awaited"); "" is no call.
	Text string
	// Panel is the title of the panel the call is answered on.
	Panel string
	// Action names the way there ("To the battle").
	Action string
}

// Calling is a View that may call this device's player to a panel (see
// Call). The frame asks for the call after every Show and every switch of
// panel.
type Calling interface {
	Call() Call
}
