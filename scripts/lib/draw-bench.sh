# Shared by the drawing benches (projection-bench.sh, blur-bench.sh); sourced, not run.

# draw_ms BIN SCENE_FILE WORK: draw milliseconds a frame of one render of SCENE_FILE (every
# frame drawn, one thread), its output in WORK/out (replaced).
draw_ms() {
  rm -rf -- "$3/out"
  "$1" render "$2" -o "$3/out" --quiet --timings --threads 1 --every-frame 2>"$3/err" \
    || { cat "$3/err" >&2; exit 1; }
  sed -n 's/.* draw=\([0-9.]*\)ms.*/\1/p' "$3/err"
}

# median NUMBERS...: the middle one (the upper middle of an even count).
median() { printf '%s\n' "$@" | sort -g | awk -v m=$(( $# / 2 )) 'NR == m + 1'; }
