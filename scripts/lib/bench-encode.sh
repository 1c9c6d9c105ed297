# shellcheck shell=bash
# scripts/bench's encoder table (issue 20): every scene against the C limit, and peak RSS for
# 60 and 600 frames in every format. Sourced, never executed; needs FLIPBOOK_BIN, ROOT, SCALE
# and the helpers of lib/common.sh.

# wall_seconds START END: nanosecond timestamps to seconds.
wall_seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }

# png_bytes DIR: total bytes of the PNG frames in DIR.
png_bytes() { find "$1" -maxdepth 1 -type f -name '*.png' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }

# kv LINE KEY: the value of KEY=VALUE in LINE.
kv() { awk -v k="$2" '{ for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) { print substr($i, length(k) + 2); exit } }' <<<"$1"; }

# timed_render OUT RENDER-ARGS...: one render; sets RENDERED (PNG frames in OUT), SECONDS_TAKEN
# (wall, process start to exit) and CPU_TAKEN (the process's user + system CPU seconds).
timed_render() {
  local out="$1"; shift
  local start end
  rm -rf -- "$out"
  start="$(date +%s%N)"
  /usr/bin/time -f '%U %S' -o "$out.cpu" "$FLIPBOOK_BIN" render "$@" -o "$out" --quiet || die "$EX_SOFTWARE" "render failed: $*"
  end="$(date +%s%N)"
  RENDERED="$(find "$out" -maxdepth 1 -type f -name '*.png' | wc -l)"
  SECONDS_TAKEN="$(wall_seconds "$start" "$end")"
  CPU_TAKEN="$(awk '{ s = $1 + $2 } END { printf "%.3f", s }' "$out.cpu")"
  rm -f -- "$out.cpu"
}

# encode_table WORK REFERENCE: for every scene in scenes/ (or those named in BENCH_SCENES), at scale $SCALE with 2 threads, in
# one paired sequence per scene: the export with --every-frame (every frame drawn and
# encoded), the C limit (REFERENCE: libpng level 1, no filter, encoding those same frames,
# decoded beforehand) on 2 threads, and the normal export (repeated frames and bands reused).
# Ratios are flipbook's frames/s (the whole process) over the C limit's (encoding alone), and
# flipbook's PNG bytes over libpng's. The cpu columns divide the C limit's encoding CPU time by
# flipbook's whole-process CPU time for the same frames: what the ratio would be with a core each
# and nothing else running, and much steadier than wall time on a busy machine (reported beside
# it, never instead of it). Then long-list --every-frame on 1 thread against the C
# limit on 1 thread. Sets ENCODE_TABLE_ROWS (printed by encode_table_print) and
# ENCODE_TABLE_RATIOS ("scene every-frame-ratio normal-ratio bytes-ratio" lines).
# ENCODE_PAIRS (default 3) repetitions of that sequence per scene; every column is the median
# over them (a ratio: the median of the repetitions' ratios), since one export of a short scene
# (61 frames in half a second) and one C-limit run each swing by a quarter on this machine.
ENCODE_PAIRS="${ENCODE_PAIRS:-3}"

encode_table() {
  local reference="$2" scene name n every normal ref ref_fps every_fps normal_fps bytes every_cpu normal_cpu rep work
  ENCODE_TABLE_ROWS=() ENCODE_TABLE_RATIOS=()
  # The exports' frames go to tmpfs (see scripts/bench's usage: ext4 without a journal makes a
  # file dearer to create for minutes after others were deleted), or BENCH_FRAMES_DIR.
  local frames_root="${BENCH_FRAMES_DIR:-}"
  if [[ -z "$frames_root" && -d /dev/shm && -w /dev/shm ]]; then frames_root=/dev/shm; fi
  work="$(mktemp -d "${frames_root:-$1}/flipbook-bench-frames.XXXXXX")" || die "$EX_CANTCREAT" "cannot create a directory for the frames in ${frames_root:-$1}"
  ENCODE_FRAMES="$work"   # removed by scripts/bench's cleanup if the table stops early
  echo "==> the exports' frames go to $work"
  for scene in "$ROOT"/scenes/*.yaml; do
    name="$(basename "$scene" .yaml)"
    # BENCH_SCENES="a b" limits the table to those scenes (for quicker runs while working).
    [[ -z "${BENCH_SCENES:-}" || " $BENCH_SCENES " == *" $name "* ]] || continue
    echo "==> $name: --every-frame, the C limit on its frames, then the normal export (scale $SCALE, 2 threads), $ENCODE_PAIRS times"
    local -a e_fps=() o_fps=() r_fps=() e_ratio=() o_ratio=() e_cpu=() o_cpu=()
    for (( rep = 1; rep <= ENCODE_PAIRS; rep++ )); do
      timed_render "$work/every" "$scene" --scale "$SCALE" --threads 2 --every-frame
      n="$RENDERED" every="$SECONDS_TAKEN" every_cpu="$CPU_TAKEN"
      ref="$("$reference" --threads 2 "$work/every"/*.png)" || die "$EX_SOFTWARE" "the C limit failed on $name"
      bytes="$(png_bytes "$work/every")"
      timed_render "$work/normal" "$scene" --scale "$SCALE" --threads 2
      normal="$SECONDS_TAKEN" normal_cpu="$CPU_TAKEN"
      rm -rf -- "$work/normal"
      ref_fps="$(kv "$ref" fps)"
      every_fps="$(awk -v n="$n" -v w="$every" 'BEGIN { printf "%.1f", n / w }')"
      normal_fps="$(awk -v n="$n" -v w="$normal" 'BEGIN { printf "%.1f", n / w }')"
      e_fps+=("$every_fps") o_fps+=("$normal_fps") r_fps+=("$ref_fps")
      e_ratio+=("$(awk -v a="$every_fps" -v b="$ref_fps" 'BEGIN { printf "%.4f", a / b }')")
      o_ratio+=("$(awk -v a="$normal_fps" -v b="$ref_fps" 'BEGIN { printf "%.4f", a / b }')")
      e_cpu+=("$(awk -v a="$(kv "$ref" cpu)" -v b="$every_cpu" 'BEGIN { printf "%.4f", a / b }')")
      o_cpu+=("$(awk -v a="$(kv "$ref" cpu)" -v b="$normal_cpu" 'BEGIN { printf "%.4f", a / b }')")
      echo "    pair $rep: every ${every_fps}/s (${e_ratio[-1]}x), normal ${normal_fps}/s (${o_ratio[-1]}x), C limit ${ref_fps}/s"
      [[ $rep == "$ENCODE_PAIRS" ]] || rm -rf -- "$work/every"
    done
    local row
    row="$(awk -v s="$name" -v n="$n" -v e="$(median "${e_fps[@]}")" -v o="$(median "${o_fps[@]}")" -v r="$(median "${r_fps[@]}")" \
      -v er="$(median "${e_ratio[@]}")" -v nr="$(median "${o_ratio[@]}")" -v ec="$(median "${e_cpu[@]}")" -v oc="$(median "${o_cpu[@]}")" \
      -v b="$bytes" -v rb="$(kv "$ref" bytes)" 'BEGIN {
      printf "%-22s %6d %9.1f %7.2fx %9.1f %7.2fx %9.1f %8.3f %7.2fx %7.2fx", s, n, e, er, o, nr, r, b / rb, ec, oc }')"
    echo "$row"
    ENCODE_TABLE_ROWS+=("$row")
    ENCODE_TABLE_RATIOS+=("$(awk '{ sub(/x$/, "", $4); sub(/x$/, "", $6); print $1, $4, $6, $8 }' <<<"$row")")
    if [[ "$name" == long-list ]]; then
      echo "==> long-list, 1 thread: --every-frame, then the C limit on its frames (1 thread), $ENCODE_PAIRS times"
      local -a one=() one_cpu=()
      for (( rep = 1; rep <= ENCODE_PAIRS; rep++ )); do
        timed_render "$work/one" "$scene" --scale "$SCALE" --threads 1 --every-frame
        n="$RENDERED" every="$SECONDS_TAKEN" every_cpu="$CPU_TAKEN"
        ref="$("$reference" --threads 1 "$work/one"/*.png)" || die "$EX_SOFTWARE" "the C limit failed on $name"
        rm -rf -- "$work/one"
        one+=("$(awk -v n="$n" -v w="$every" -v r="$(kv "$ref" fps)" 'BEGIN { printf "%.4f", n / w / r }')")
        one_cpu+=("$(awk -v rc="$(kv "$ref" cpu)" -v ec="$every_cpu" 'BEGIN { printf "%.4f", rc / ec }')")
        echo "    pair $rep: $(awk -v n="$n" -v w="$every" 'BEGIN { printf "%.1f", n / w }') frames/s, C limit $(kv "$ref" fps) frames/s"
      done
      ENCODE_TABLE_LIST_ONE="$(awk -v v="$(median "${one[@]}")" 'BEGIN { printf "%.2f", v }')"
      ENCODE_TABLE_LIST_ONE_CPU="$(awk -v v="$(median "${one_cpu[@]}")" 'BEGIN { printf "%.2f", v }')"
      echo "long-list 1 thread: ${ENCODE_TABLE_LIST_ONE}x the C limit on 1 thread (cpu ${ENCODE_TABLE_LIST_ONE_CPU}x), median of $ENCODE_PAIRS"
    fi
    rm -rf -- "$work/every"
  done
  rm -rf -- "$work"
  ENCODE_FRAMES=
}

encode_table_print() {
  echo "every scene -- scale $SCALE, 2 threads; x C = frames/s over the C limit's on the same frames; medians of $ENCODE_PAIRS pairs"
  echo "cpu x C = the C limit's encoding CPU seconds over flipbook's whole-process CPU seconds (every, normal)"
  printf '%-22s %6s %9s %8s %9s %8s %9s %8s %8s %8s\n' scene frames every/s "x C" normal/s "x C" "C/s" "bytes/C" "cpu e" "cpu n"
  local row
  for row in "${ENCODE_TABLE_ROWS[@]}"; do echo "$row"; done
  echo "long-list --every-frame, 1 thread: ${ENCODE_TABLE_LIST_ONE:-?}x the C limit on 1 thread (cpu ${ENCODE_TABLE_LIST_ONE_CPU:-?}x)"
}

# rss_formats WORK SCENE: peak RSS of 60 frames and of 600 frames (--fps 60, --duration 10)
# of SCENE in every format at scale 1 with 2 threads (scale 1 keeps the GIF, SVG and PDF runs
# short; the PNG row at scale $SCALE is in the export table). Sets RSS_FORMAT_ROWS
# ("format rss60 rss600 ratio", KiB).
rss_formats() {
  local work="$1" scene="$2" format out n60 n600 ext
  RSS_FORMAT_ROWS=()
  local formats=(png svg pdf apng gif)
  command -v ffmpeg >/dev/null 2>&1 && formats+=(mp4 webm)
  # BENCH_FORMATS="png gif" limits the formats (empty: none), for quicker runs while working.
  if [[ -n "${BENCH_FORMATS+set}" ]]; then read -r -a formats <<<"$BENCH_FORMATS"; fi
  for format in "${formats[@]}"; do
    case "$format" in png|svg|pdf) ext="" ;; *) ext=".$format" ;; esac
    out="$work/rss-out$ext"
    echo "==> peak RSS, $format: 60 and 600 frames of $(pretty_path "$scene") at scale 1"
    rm -rf -- "$out"
    /usr/bin/time -f '%M' -o "$work/rss60" "$FLIPBOOK_BIN" render "$scene" -o "$out" --format "$format" \
      --scale 1 --threads 2 --quiet --fps 60 --frames 0-59 || die "$EX_SOFTWARE" "render failed: $format, 60 frames"
    rm -rf -- "$out"
    /usr/bin/time -f '%M' -o "$work/rss600" "$FLIPBOOK_BIN" render "$scene" -o "$out" --format "$format" \
      --scale 1 --threads 2 --quiet --fps 60 --duration 10 --frames 0-599 || die "$EX_SOFTWARE" "render failed: $format, 600 frames"
    rm -rf -- "$out"
    n60="$(tail -n 1 "$work/rss60")" n600="$(tail -n 1 "$work/rss600")"
    RSS_FORMAT_ROWS+=("$format $n60 $n600 $(awk -v a="$n60" -v b="$n600" 'BEGIN { printf "%.2f", b / a }')")
    echo "${RSS_FORMAT_ROWS[-1]}"
  done
}

rss_formats_print() {
  echo "peak RSS -- 60 vs 600 frames, scale 1, 2 threads"
  printf '%-6s %12s %12s %8s\n' format "60 frames" "600 frames" ratio
  local row
  for row in "${RSS_FORMAT_ROWS[@]}"; do
    read -r f a b r <<<"$row"
    printf '%-6s %8.1f MiB %8.1f MiB %8s\n' "$f" "$(awk -v k="$a" 'BEGIN { print k / 1024 }')" \
      "$(awk -v k="$b" 'BEGIN { print k / 1024 }')" "$r"
  done
}
