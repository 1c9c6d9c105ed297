#!/usr/bin/env bash
# scripts/bench --projection (issue 19, part 1): a full-screen 3D card (a photo and text,
# 390 x 844 points) at scale 3 on one thread, 30 frames each drawn (--every-frame):
#   - turned about y (20° to 30°, perspective 1000): drawn flat offscreen and mapped by
#     ProjectiveMap over its projected bounding box;
#   - the same card kept in the plane (turned about z by a thousandth of a radian): vector.
# Prints the median (of REPEATS) draw ms a frame of each; the mapping's cost is the difference
# (the 3D card's offscreen drawing is the flat card's drawing), target <= TARGET_MS.
# usage: projection-bench.sh FLIPBOOK_BIN ROOT
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=draw-bench.sh
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/draw-bench.sh"
bin="$1" root="$2"
REPEATS=5
TARGET_MS=20
work="$(mktemp -d "${TMPDIR:-/tmp}/flipbook-projection.XXXXXX")"
trap 'rm -rf -- "$work"' EXIT
mkdir -p "$work/images"
cp "$root/scenes/images/photo.jpg" "$work/images/"

# card_scene NAME TRANSFORM PROPERTY TO: the card with TRANSFORM, PROPERTY animated to TO.
card_scene() {
  cat >"$work/$1.yaml" <<EOF
name: $1
canvas: { size: [390, 844], background: "#000000", scale: 3, fps: 30 }
duration: 1
views:
  - id: card
    frame: [0, 0, 390, 844]
    backgroundColor: "#ffffff"
    transform: $2
    subviews:
      - { id: photo, frame: [0, 0, 390, 520], image: images/photo.jpg, contentMode: scaleAspectFill, clipsToBounds: true }
      - { id: title, frame: [20, 540, 350, 40], label: { text: "Sunrise over the bay", fontSize: 30, bold: true, alignment: left } }
      - id: body
        frame: [20, 590, 350, 220]
        label: { text: "The first light comes over the hills and the water turns from grey to gold. A card that turns in 3D, drawn flat and mapped onto the screen.", fontSize: 17, numberOfLines: 0, alignment: left }
actions:
  turn: { animations: [{ property: card.$3, to: $4, duration: 1, curve: linear }] }
input: [{ run: turn, at: 0 }]
EOF
}
card_scene card3d "{ rotation: { y: 20deg }, perspective: 1000 }" transform.rotation.y 30deg
card_scene cardflat "{ perspective: 1000 }" transform.rotation 0.001

turned=() flat=()
for (( i = 0; i < REPEATS; i++ )); do   # alternating, so both see the same load
  turned+=("$(draw_ms "$bin" "$work/card3d.yaml" "$work")")
  flat+=("$(draw_ms "$bin" "$work/cardflat.yaml" "$work")")
done
t="$(median "${turned[@]}")" f="$(median "${flat[@]}")"
mapping="$(awk -v t="$t" -v f="$f" 'BEGIN { printf "%.2f", t - f }')"
echo "projection: 3D card draw ${t} ms/frame (runs: ${turned[*]}), flat card ${f} ms/frame (runs: ${flat[*]})"
echo "projection: mapping = 3D - flat = ${mapping} ms/frame (target <= ${TARGET_MS} ms)"
awk -v m="$mapping" -v target="$TARGET_MS" 'BEGIN { exit !(m <= target) }' || { echo "projection: target missed"; exit 1; }
