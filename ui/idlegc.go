package ui

import "runtime/metrics"

// In a browser page Go runs on the page's one thread, and its garbage
// collector marks the whole heap in one go: while it does, the page takes
// no finger and draws no frame. The web app therefore collects when the
// page is idle after a change it showed (idlegc_js.go), if enough garbage
// has come since the last collection that the next one would otherwise
// fall inside one of the next steps (TestMeasureActionLatency: 7 of a
// phone's 9 collections ran idle, none between a finger lifted and the
// page having it; the taps it saw held 0.3 to 2.6 s were held in
// Chromium's input path, not by a collection).

// collectShare is the part of the collector's headroom (its heap goal less
// the heap that lived through the last collection) that may fill before
// the app collects in an idle moment: after a collection, a step has at
// least the rest of the headroom before the collector runs by itself.
const collectShare = 4

// heapMetrics are the runtime's figures worthCollecting reads.
var heapMetrics = [...]string{"/gc/heap/live:bytes", "/gc/heap/goal:bytes", "/memory/classes/heap/objects:bytes"}

// worthCollecting reports whether the heap holds, beyond what lived
// through the last collection, at least 1/collectShare of the collector's
// headroom.
func worthCollecting() bool {
	var s [len(heapMetrics)]metrics.Sample
	for i, name := range heapMetrics {
		s[i].Name = name
	}
	metrics.Read(s[:])
	for _, x := range s {
		if x.Value.Kind() != metrics.KindUint64 {
			return false
		}
	}
	return pastShare(s[0].Value.Uint64(), s[1].Value.Uint64(), s[2].Value.Uint64())
}

// pastShare reports whether heap (the bytes of objects, garbage included)
// has grown past live (what lived through the last collection) by at least
// 1/collectShare of the way to goal (the heap size that starts the next
// collection).
func pastShare(live, goal, heap uint64) bool {
	if goal <= live || heap <= live {
		return false
	}
	return (heap-live)*collectShare >= goal-live
}
