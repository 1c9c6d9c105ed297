# shellcheck shell=bash
# Shared helpers for flipbook's scripts. Sourced, never executed:
#
#   ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd -P)"
#   # shellcheck source=lib/common.sh
#   source "$ROOT/scripts/lib/common.sh"
#
# Exit codes follow sysexits(3), like the CLI.

# shellcheck disable=SC2034  # the constants are used by the scripts that source this file
readonly EX_USAGE=64 EX_DATAERR=65 EX_NOINPUT=66 EX_UNAVAILABLE=69 EX_SOFTWARE=70 \
         EX_CANTCREAT=73 EX_IOERR=74 EX_NOPERM=77

# Name of the running script, for messages ("gif: ...").
PROG="$(basename "$0")"

# Where the Swift toolchain lives on our machines.
FLIPBOOK_SWIFT_DIR="${FLIPBOOK_SWIFT_DIR:-/opt/swift/usr/bin}"

die() { # die CODE MESSAGE...
  local code="$1"; shift
  printf '%s: error: %s\n' "$PROG" "$*" >&2
  exit "$code"
}

warn() { printf '%s: warning: %s\n' "$PROG" "$*" >&2; }
note() { printf '%s: %s\n' "$PROG" "$*" >&2; }

# usage_error MESSAGE: print the message and the first line of the script's usage (from
# its `usage` function) to stderr, exit 64.
usage_error() {
  printf '%s: %s\n' "$PROG" "$*" >&2
  usage | sed -n 1p >&2
  printf "run 'scripts/%s --help' for more\n" "$PROG" >&2
  exit "$EX_USAGE"
}

# Put the toolchain on PATH for this script and its children when `swift` isn't found.
ensure_swift_on_path() {
  if ! command -v swift >/dev/null 2>&1 && [[ -x "$FLIPBOOK_SWIFT_DIR/swift" ]]; then
    PATH="$FLIPBOOK_SWIFT_DIR:$PATH"
    export PATH
  fi
}

require_swift() {
  ensure_swift_on_path
  command -v swift >/dev/null 2>&1 \
    || die "$EX_UNAVAILABLE" "swift not found on PATH (nor at $FLIPBOOK_SWIFT_DIR); install Swift 6 from https://swift.org/install and put its usr/bin on PATH"
}

require_cmd() { # require_cmd COMMAND HINT
  command -v "$1" >/dev/null 2>&1 || die "$EX_UNAVAILABLE" "'$1' not found on PATH; $2"
}

# Positive integer or decimal ("60", "29.97").
is_positive_number() {
  [[ "$1" =~ ^[0-9]+([.][0-9]+)?$ ]] && awk -v x="$1" 'BEGIN { exit !(x > 0) }'
}

is_nonneg_int() { [[ "$1" =~ ^[0-9]+$ ]]; }

# A path as the user would like to read it: relative when it is under the current
# directory, as given otherwise.
pretty_path() {
  local abs
  abs="$(realpath -m -- "$1" 2>/dev/null)" || { printf '%s' "$1"; return; }
  case "$abs" in
    "$PWD"/*) printf '%s' "${abs#"$PWD"/}" ;;
    *) printf '%s' "$abs" ;;
  esac
}

# 123456 -> "120.6 KiB"
human_bytes() {
  awk -v b="$1" 'BEGIN {
    if (b < 1024) { printf "%d B", b; exit }
    split("KiB MiB GiB TiB", u, " "); i = 0
    while (b >= 1024 && i < 4) { b /= 1024; i++ }
    printf "%.1f %s", b, u[i]
  }'
}

# run_logged LOG COMMAND...: run COMMAND with its output in LOG; on failure print the
# tail of LOG to stderr and return the command's status.
run_logged() {
  local log="$1"; shift
  local status=0
  "$@" >"$log" 2>&1 || status=$?
  if (( status != 0 )); then
    printf '%s: "%s" failed (exit %d); last lines of %s:\n' "$PROG" "$*" "$status" "$(pretty_path "$log")" >&2
    tail -n 120 "$log" >&2
  fi
  return "$status"
}

# Scene name from a scene path: basename without .yaml/.yml/.json.
scene_name() {
  local name
  name="$(basename -- "$1")"
  name="${name%.yaml}"; name="${name%.yml}"; name="${name%.json}"
  printf '%s' "$name"
}

# build_release ROOT: build the CLI in release mode, quietly unless it fails.
# Sets FLIPBOOK_BIN. If FLIPBOOK_BIN is already set in the environment, that binary is
# used as it is and nothing is built (for a prebuilt or instrumented binary).
build_release() {
  local root="$1"
  if [[ -n "${FLIPBOOK_BIN:-}" ]]; then
    [[ -x "$FLIPBOOK_BIN" ]] || die "$EX_UNAVAILABLE" "FLIPBOOK_BIN=$FLIPBOOK_BIN is not an executable"
    note "using FLIPBOOK_BIN=$FLIPBOOK_BIN (not building)"
    return 0
  fi
  require_swift
  mkdir -p "$root/.build"
  note "building flipbook (release)..."
  run_logged "$root/.build/flipbook-release-build.log" \
    swift build --package-path "$root" -c release --product flipbook \
    || die "$EX_SOFTWARE" "release build failed"
  FLIPBOOK_BIN="$root/.build/release/flipbook"
  [[ -x "$FLIPBOOK_BIN" ]] || die "$EX_SOFTWARE" "build succeeded but $FLIPBOOK_BIN is missing"
}

# field LINE KEY: the value of KEY=VALUE in a --timings line (render's or trace's), its unit
# (ms, ms/frame, KiB) stripped. The benches read their figures with it.
field() {
  awk -v k="$2" '{ for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) {
    v = substr($i, length(k) + 2); sub(/(ms\/frame|ms|KiB)$/, "", v); print v; exit } }' <<<"$1"
}
