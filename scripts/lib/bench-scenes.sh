# shellcheck shell=bash
# Scenes that scripts/bench generates for its simulation section. Sourced, never executed.

# write_many_views_scene PATH COUNT DURATION: COUNT views of 20 × 20 pt in a grid, each with
# three animations started by a `run:` event at 0 and still running at t = DURATION (every
# duration exceeds it): frame.x with a UIKit spring, alpha with a Penner curve,
# transform.rotation linearly. Targets, dampings and durations vary from view to view.
write_many_views_scene() {
  local path="$1" count="$2" duration="$3"
  awk -v n="$count" -v d="$duration" 'BEGIN {
    columns = 32
    print "name: many-views"
    printf "canvas: { size: [%d, %d], fps: 60 }\n", columns * 30, (int((n - 1) / columns) + 1) * 30
    printf "duration: %s\n", d
    print "views:"
    for (i = 0; i < n; i++) {
      printf "  - { id: v%d, frame: [%d, %d, 20, 20], backgroundColor: \"#%02x%02x%02x\" }\n",
        i, (i % columns) * 30, int(i / columns) * 30, (i * 7) % 256, (i * 13) % 256, (i * 29) % 256
    }
    print "actions:"
    for (i = 0; i < n; i++) {
      printf "  a%d:\n    animations:\n", i
      printf "      - { property: v%d.frame.x, to: %d, duration: %.2f, spring: { damping: %.1f, velocity: 0.5 } }\n",
        i, (i % columns) * 30 + 8, d + 0.5, 0.3 + (i % 5) * 0.1
      printf "      - { property: v%d.alpha, to: %.1f, duration: %.2f, curve: easeInOutSine }\n",
        i, 0.2 + (i % 7) * 0.1, d + 0.1 + (i % 4) * 0.1
      printf "      - { property: v%d.transform.rotation, to: %.4f, duration: %.2f, curve: linear }\n",
        i, 3.1416 * (1 + i % 3), d + 0.2 + (i % 3) * 0.1
    }
    print "input:"
    for (i = 0; i < n; i++) printf "  - { run: a%d, at: 0 }\n", i
  }' >"$path"
}

# write_long_scene PATH: 100 s at 60 fps (frames 0-6000) with three views kept moving to the
# end by actions that complete into each other (a spring back and forth, a fade in and out, a
# turn every 2 s) and a binding: about 300 events, spread over the whole scene.
write_long_scene() {
  cat >"$1" <<'EOF'
name: long-scene
canvas: { size: [400, 300], fps: 60 }
duration: 100
variables: { turns: 0 }
views:
  - { id: box, frame: [20, 20, 40, 40], backgroundColor: "#ff3b30", cornerRadius: 8 }
  - { id: dot, frame: [20, 120, 20, 20], backgroundColor: "#34c759" }
  - { id: bar, frame: [20, 200, 100, 10], backgroundColor: "#007aff" }
bindings:
  bar.frame.width: 100 + box.frame.x
actions:
  right:
    animations: [{ property: box.frame.x, to: 300, duration: 0.9, spring: { damping: 0.6 } }]
    completion: left
  left:
    animations: [{ property: box.frame.x, to: 20, duration: 0.9, spring: { damping: 0.6 } }]
    completion: right
  fadeOut:
    animations: [{ property: dot.alpha, to: 0.2, duration: 0.7, curve: easeInOutSine }]
    completion: fadeIn
  fadeIn:
    animations: [{ property: dot.alpha, to: 1, duration: 0.7, curve: easeInOutSine }]
    completion: fadeOut
  spin:
    set: { turns: turns + 1 }
    animations: [{ property: dot.transform.rotation, to: "turns * 6.283185307179586", duration: 2, curve: linear }]
    completion: spin
input:
  - { run: right, at: 0 }
  - { run: fadeOut, at: 0.1 }
  - { run: spin, at: 0.2 }
EOF
}

# write_layout_scene PATH VIEWS: a row of VIEWS views laid out by 5 constraints each (left
# after the previous one + 2, top, height, width >= 2, width == 10 @500) plus the last one's
# right edge <= the canvas's: 5·VIEWS + 1 constraints. The first left's constant is bound to
# a variable animated from 0 to 400 over the scene, so one constant changes every frame and,
# past 80 pt, the row must squeeze (pivots). scripts/reference/kiwi-layout.py builds the same.
write_layout_scene() {
  local path="$1" n="$2" i
  {
    echo "name: layout-bench"
    echo "canvas: { size: [800, 100], fps: 60 }"
    echo "duration: 2"
    echo "variables: { push: 0 }"
    echo "views:"
    echo "  - id: row"
    echo "    frame: [0, 0, 800, 100]"
    echo "    subviews:"
    for (( i = 0; i < n; i++ )); do echo "      - { id: v$i, frame: [0, 0, 0, 0], backgroundColor: \"#007aff\" }"; done
    echo "constraints:"
    echo "  first: \"v0.left == superview.left\""
    for (( i = 0; i < n; i++ )); do
      (( i > 0 )) && echo "  l$i: \"v$i.left == v$(( i - 1 )).right + 2\""
      echo "  t$i: \"v$i.top == superview.top + 10\""
      echo "  h$i: \"v$i.height == 10\""
      echo "  m$i: \"v$i.width >= 2\""
      echo "  w$i: \"v$i.width == 10 @500\""
    done
    echo "  edge: \"v$(( n - 1 )).right <= superview.right\""
    echo "bindings:"
    echo "  first.constant: push"
    echo "actions:"
    echo "  go: { animations: [{ property: variables.push, to: 400, duration: 2, curve: linear }] }"
    echo "input:"
    echo "  - { run: go, at: 0 }"
  } >"$path"
}

# first_view_id SCENE: the id of the first view in a YAML or JSON scene file (for a
# --property to trace); fails when there is none.
first_view_id() {
  sed -nE '/^[^#]*(^|[-{,[:space:]])"?id"?[[:space:]]*:[[:space:]]*"?[A-Za-z]/{
    s/^[^#]*(^|[-{,[:space:]])"?id"?[[:space:]]*:[[:space:]]*"?([A-Za-z][A-Za-z0-9_]*).*/\2/p
    q
  }' "$1" | grep .
}

# write_box_pile_scene PATH COUNT DURATION: COUNT boxes of 8–14 pt (a 25-column grid above a
# 400 × 600 canvas) falling under gravity into a pile on its floor, colliding with each other
# and the canvas's edges (the top edge moved far up so that they start inside).
write_box_pile_scene() {
  local path="$1" count="$2" duration="$3"
  awk -v n="$count" -v d="$duration" 'BEGIN {
    print "name: box-pile"
    print "canvas: { size: [400, 600], fps: 60 }"
    printf "duration: %s\n", d
    print "views:"
    for (i = 0; i < n; i++) {
      s = 8 + (i % 4) * 2
      printf "  - { id: b%d, frame: [%d, %d, %d, %d], rotation: %.2f, backgroundColor: \"#%02x%02x%02x\" }\n",
        i, 10 + (i % 25) * 15, -20 - int(i / 25) * 18, s, s, (i % 7) * 0.2, (i * 7) % 256, (i * 13) % 256, (i * 29) % 256
    }
    ids = "b0"
    for (i = 1; i < n; i++) ids = ids ", b" i
    print "dynamics:"
    print "  behaviors:"
    printf "    - gravity: { items: [%s] }\n", ids
    printf "    - collision: { items: [%s], translatesReferenceBoundsIntoBoundary: true, insets: [-1000, 0, 0, 0] }\n", ids
    printf "    - itemBehavior: { items: [%s], elasticity: 0.2, friction: 0.5 }\n", ids
  }' >"$path"
}
