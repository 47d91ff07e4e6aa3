#!/usr/bin/env bash
# Sets up Table Ops on Debian 12 or 13 and Ubuntu 22.04 or 24.04: installs the
# system packages the build needs, gets a new enough Go when the system's Go
# is missing or older than go.mod asks for, builds ./tableops and starts it.
#
#   ./setup.sh            install, build, start the app
#   ./setup.sh --no-run   install and build only
#   ./setup.sh --test     install, then run the test suite
#   ./setup.sh --package linux    dist/tableops-linux-ARCH.tar.xz (make user-install)
#   ./setup.sh --package windows  dist/tableops.exe, cross-built with MinGW-w64
#
# A new Go comes only through the Go module proxy that `go env GOPROXY`
# names: the toolchain is the module golang.org/toolchain, which Go 1.21 and
# later also download by themselves. An older Go (Debian 12 has 1.19, Ubuntu
# 22.04 has 1.18) cannot, so this script asks it to download that module and
# uses the Go inside. Nothing is installed outside the Go module cache and the
# system packages.
set -euo pipefail
cd "$(dirname "$0")"

mode=run
case "${1:-}" in
"") ;;
--no-run) mode=build ;;
--test) mode=test ;;
--package)
	mode=package
	target=${2:-}
	case "$target" in
	linux | windows) ;;
	*)
		echo "setup.sh: --package takes linux or windows" >&2
		exit 2
		;;
	esac
	;;
-h | --help)
	sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
	;;
*)
	echo "setup.sh: unknown option '$1' (try --help)" >&2
	exit 2
	;;
esac

say() { echo "setup: $*"; }

# --- 1. System packages --------------------------------------------------
# What cgo and the GUI toolkit need to build, poppler-utils for the tag
# sheet test, and Debian's Go when there is no Go at all (it only serves to
# download a newer one when it is too old).
packages=(ca-certificates gcc libc6-dev libgl1-mesa-dev libwayland-dev
	libx11-dev libxkbcommon-dev xorg-dev poppler-utils)
command -v go >/dev/null 2>&1 || packages+=(golang-go)
if [ "$mode" = package ]; then
	packages+=(xz-utils make)
	# The Windows build cross-compiles C and C++ (the camera driver).
	if [ "$target" = windows ]; then
		packages+=(gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64)
	fi
fi
missing=()
for p in "${packages[@]}"; do
	dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	sudo=()
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null 2>&1 || {
			echo "setup: need root to install: ${missing[*]} (run as root, or install sudo)" >&2
			exit 1
		}
		sudo=(sudo)
	fi
	say "installing ${missing[*]}"
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# --- 2. A new enough Go --------------------------------------------------
# go.mod's `go` line is the oldest Go that builds the code; its `toolchain`
# line is the Go to fetch when the installed one is older than that.
need=$(sed -n 's/^go \([0-9][0-9.]*\).*/\1/p' go.mod)
want=$(sed -n 's/^toolchain go\([0-9][0-9.]*\).*/\1/p' go.mod)
want=${want:-$need}

# older A B: true when Go version A is older than B (1.19.8 vs 1.25.0).
older() {
	[ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" = "$1" ]
}
# gover prints the version of the go on PATH (1.19.8), asked outside this
# module so that no go.mod line makes it switch or fail.
gover() {
	(cd / && GOTOOLCHAIN=local go env GOVERSION 2>/dev/null) | sed -n 's/^go\([0-9][0-9.]*\).*/\1/p'
}

have=$(gover)
if [ -z "$have" ] || older "$have" "$need"; then
	goos=$(cd / && go env GOOS)
	goarch=$(cd / && go env GOARCH)
	mod="golang.org/toolchain@v0.0.1-go$want.$goos-$goarch"
	say "Go ${have:-?} is older than the $need this code needs: getting Go $want ($mod)"
	tmp=$(mktemp -d)
	# Outside any module, so the old go reads no go.mod it cannot parse.
	(cd "$tmp" && GO111MODULE=on GOFLAGS= GOTOOLCHAIN=local go mod download -json "$mod") >"$tmp/dl.json" || {
		cat "$tmp/dl.json" >&2
		echo "setup: could not download $mod through the Go module proxy ($(cd / && go env GOPROXY))" >&2
		exit 1
	}
	dir=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p' "$tmp/dl.json")
	rm -rf "$tmp"
	if [ -z "$dir" ] || [ ! -f "$dir/bin/go" ]; then
		echo "setup: the downloaded $mod has no bin/go" >&2
		exit 1
	fi
	# Zip files keep no executable bits: set them on the programs, as the go
	# command does for the toolchains it downloads itself.
	if [ ! -x "$dir/bin/go" ]; then
		chmod u+w "$dir" "$dir/bin" "$dir"/pkg/tool/*
		chmod +x "$dir"/bin/* "$dir"/pkg/tool/*/*
		chmod a-w "$dir" "$dir/bin" "$dir"/pkg/tool/*
	fi
	export PATH="$dir/bin:$PATH"
	have=$(gover)
	if [ -z "$have" ] || older "$have" "$need"; then
		echo "setup: $dir/bin/go does not run as Go $want" >&2
		exit 1
	fi
	say "using Go $have from $dir/bin (put that folder first on PATH to use it yourself)"
else
	say "using Go $have from $(command -v go)"
fi
if [ "$mode" = test ]; then
	# --- Tests (the command .ci/run also runs) ---------------------------
	# Every package is tested. The race detector runs on the packages
	# without the GUI toolkit (rules, scan, tracker: the game log, the store,
	# the network share, where the goroutines are); the packages that link
	# the GUI toolkit (ui, the app itself) are tested without it, which
	# spares compiling the whole toolkit a second time, race-instrumented
	# (the ui tests that join a shared game pass under -race too: their
	# test app hands the share client's screen updates to the test's
	# goroutine, screentest.NewApp).
	# Two more run without it: webapp, whose tests drive Chromium against a
	# host that share's own tests run under the detector, and internal/cli,
	# whose web command compresses the 47 MB web bundle (ten times slower
	# under the detector: 167 s instead of 14 s).
	gui=() plain=()
	while read -r pkg deps; do
		case "$pkg" in
		tableops/webapp | tableops/internal/cli)
			gui+=("$pkg")
			continue
			;;
		esac
		case " $deps " in
		*" fyne.io/fyne/v2/widget "* | *" fyne.io/fyne/v2/app "* | *" fyne.io/fyne/v2/test "* | *" tableops/ui "*) gui+=("$pkg") ;;
		*) plain+=("$pkg") ;;
		esac
	done < <(go list -f '{{.ImportPath}} {{join .Deps " "}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./...)
	# -trimpath, as the app's build: the tests reuse the toolkit it
	# compiled. The two runs go side by side (most of the second's time is
	# Chromium's, driven by webapp's tests); the second's output follows
	# the first's.
	status=0
	out=$(mktemp)
	say "go test -trimpath -count=1 ${gui[*]} (beside the next, its output after it)"
	go test -trimpath -count=1 "${gui[@]}" >"$out" 2>&1 &
	pid=$!
	say "go test -trimpath -race -count=1 ${plain[*]}"
	go test -trimpath -race -count=1 "${plain[@]}" || status=1
	wait "$pid" || status=1
	say "go test -trimpath -count=1 ${gui[*]}:"
	cat "$out"
	rm -f "$out"
	exit "$status"
fi

if [ "$mode" = package ]; then
	# --- Packages (built by the fyne tool pinned in go.mod) ---------------
	work=$(mktemp -d)
	go build -o "$work/fyne" fyne.io/tools/cmd/fyne
	# fyne package counts the build number up in FyneApp.toml: keep the file
	# as it is in the repository.
	cp FyneApp.toml "$work/FyneApp.toml"
	trap 'cp "$work/FyneApp.toml" FyneApp.toml; rm -rf "$work"' EXIT
	mkdir -p dist
	case "$target" in
	linux)
		arch=$(go env GOARCH)
		# Stripped, as the app build below.
		go build -trimpath -ldflags="-s -w" -o "$work/tableops" .
		# fyne package packs with tar -J: let xz use every core.
		XZ_OPT=${XZ_OPT:--T0} "$work/fyne" package -os linux --executable "$work/tableops"
		mv "Table Ops.tar.xz" "dist/tableops-linux-$arch.tar.xz"
		say "built dist/tableops-linux-$arch.tar.xz: unpack it, then 'make user-install' in its tableops folder"
		;;
	windows)
		# A GUI program (no console window) with its icon and version
		# resource; the C and C++ runtimes linked in, so that it needs no
		# MinGW DLLs on the Windows machine. --release makes fyne build it
		# stripped as the others are: -trimpath and -ldflags "-s -w" (with
		# -H=windowsgui and the GOFLAGS linker flags below).
		# fyne package builds once without and once with its resource file,
		# and drops the GOFLAGS linker flags after the first build; given an
		# existing --executable it builds once, with them. The empty file
		# is that executable: the build replaces it.
		: >tableops.exe
		CC=x86_64-w64-mingw32-gcc CXX=x86_64-w64-mingw32-g++ GOARCH=amd64 \
			GOFLAGS="${GOFLAGS:-} -ldflags=-extldflags=-static" \
			"$work/fyne" package -os windows --release --executable tableops.exe
		mv "Table Ops.exe" dist/tableops.exe
		say "built dist/tableops.exe"
		;;
	esac
	exit 0
fi

# --- 3. Generated files ---------------------------------------------------
# Steps that write files the build embeds run here, before `go build`.
# The web app (WebAssembly) that `tableops host` serves to phones at /app/:
say "building the web app (go generate ./webapp)"
go generate ./webapp

# --- 4. Build -------------------------------------------------------------
say "building ./tableops (the first build compiles the GUI toolkit: a few minutes)"
# Stripped (no symbol table or debug info: a debugger cannot read the
# binary, a panic's stack trace still names functions and lines) and without
# the build machine's paths.
go build -trimpath -ldflags="-s -w" -o tableops .
./tableops version

# --- 5. Start ---------------------------------------------------------------
if [ "$mode" = build ]; then
	say "built ./tableops; start it with ./tableops"
	exit 0
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
	say "built ./tableops; there is no display here to start it on (run ./tableops on the desktop)"
	exit 0
fi
say "starting ./tableops"
exec ./tableops
