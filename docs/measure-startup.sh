#!/usr/bin/env bash
# Measures Table Ops' cold start: the time from launching the binary to the
# first frame of the home screen on a virtual X display (the moment the
# "New game" button's pixels appear). Needs xvfb and imagemagick.
#   go build -o tableops . && bash docs/measure-startup.sh ./tableops
set -euo pipefail
bin=${1:-./tableops}
runs=${2:-5}
display=:$((50 + RANDOM % 40))
Xvfb "$display" -screen 0 1280x900x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
export DISPLAY=$display
for i in $(seq 1 "$runs"); do
	home=$(mktemp -d)
	t0=$(date +%s%N)
	HOME=$home "$bin" >/dev/null 2>&1 &
	pid=$!
	px=""
	while :; do
		px=$(import -window root -crop 1x1+150+177 txt:- 2>/dev/null | tail -1 | grep -o '#[0-9A-F]\{6\}' || true)
		[ -n "$px" ] && [ "$px" != "#000000" ] && break
		[ $(( ($(date +%s%N) - t0) / 1000000 )) -gt 10000 ] && { echo "run $i: no frame after 10 s"; break; }
	done
	t1=$(date +%s%N)
	echo "run $i: $(( (t1 - t0) / 1000000 )) ms to the first frame"
	kill "$pid"; wait "$pid" 2>/dev/null || true
	rm -rf "$home"
	sleep 0.5
done
