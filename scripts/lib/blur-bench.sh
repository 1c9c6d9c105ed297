#!/usr/bin/env bash
# scripts/bench --blur (issue 19, part 7): what a frosted bar costs against a shadow of the same
# size and σ. A full-screen scroll view of colour rows moving under a 390 x 97 point bar at
# scale 3 on one thread, 30 frames each drawn (--every-frame), three ways:
#   - base: the rows alone;
#   - blur: with the bar as a UIVisualEffectView (effect: {blur: systemMaterial}, σ 28 pt);
#   - shadow: with the bar casting a shadow of σ 28 pt (shadowRadius 28, its shadowPath: the
#     shadow's mask alone, no group).
# Each effect's cost is its draw ms a frame minus the base's (medians of REPEATS, alternating
# runs so all see the same load); the blur's must be <= TARGET_RATIO x the shadow's (4 channels
# against 1).
# usage: blur-bench.sh FLIPBOOK_BIN
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=draw-bench.sh
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/draw-bench.sh"
bin="$1"
REPEATS=5
TARGET_RATIO=4
work="$(mktemp -d "${TMPDIR:-/tmp}/flipbook-blur.XXXXXX")"
trap 'rm -rf -- "$work"' EXIT

# bar_scene NAME BAR: the rows scrolling under a bar with the keys BAR (empty: no bar).
bar_scene() {
  local bar=""
  [[ -n "$2" ]] && bar="  - { id: bar, frame: [0, 0, 390, 97], $2 }"
  cat >"$work/$1.yaml" <<EOF
name: $1
canvas: { size: [390, 844], background: "#ffffff", scale: 3, fps: 30 }
duration: 1
views:
  - id: rows
    frame: [0, 0, 390, 844]
    scroll: { contentSize: [390, 2400] }
    subviews:
      - id: row
        repeat: { count: 40, as: i }
        frame: [0, "i * 60", 390, 60]
        backgroundColor: ["0.55 + 0.4 * sin(i * 1.3)", "0.55 + 0.4 * sin(i * 1.3 + 2.1)", "0.55 + 0.4 * sin(i * 1.3 + 4.2)"]
$bar
input:
  - drag: { from: [195, 800], to: [195, 200], at: 0, duration: 1, curve: linear }
EOF
}
bar_scene base ""
bar_scene blur "effect: { blur: systemMaterial }"
bar_scene shadow "backgroundColor: \"#ffffff\", shadowOpacity: 1, shadowRadius: 28, shadowOffset: [0, 0], shadowPath: [{ move: [0, 0] }, { line: [390, 0] }, { line: [390, 97] }, { line: [0, 97] }, close]"

base=() blur=() shadow=()
for (( i = 0; i < REPEATS; i++ )); do
  base+=("$(draw_ms "$bin" "$work/base.yaml" "$work")")
  blur+=("$(draw_ms "$bin" "$work/blur.yaml" "$work")")
  shadow+=("$(draw_ms "$bin" "$work/shadow.yaml" "$work")")
done
b="$(median "${base[@]}")" u="$(median "${blur[@]}")" s="$(median "${shadow[@]}")"
echo "blur: draw ms/frame: rows alone ${b} (runs: ${base[*]}), with the blur bar ${u} (runs: ${blur[*]}), with the shadow ${s} (runs: ${shadow[*]})"
awk -v b="$b" -v u="$u" -v s="$s" -v target="$TARGET_RATIO" 'BEGIN {
  blur = u - b; shadow = s - b
  printf "blur: the blur bar costs %.2f ms/frame, the shadow %.2f ms/frame: %.2f x (target <= %s x)\n", blur, shadow, (shadow > 0 ? blur / shadow : 0), target
  exit !(shadow > 0 && blur <= target * shadow)
}' || { echo "blur: target missed"; exit 1; }
