# shellcheck shell=bash
# scripts/bench's video rows (issue 20, part 5): MP4 export against ffmpeg alone encoding the
# identical yuv420p stream. Sourced, never executed; needs FLIPBOOK_BIN, SCALE and the helpers of
# lib/common.sh.

VIDEO_PAIRS="${VIDEO_PAIRS:-4}"   # paired runs per scene (flipbook, then ffmpeg alone); medians

# video_capture_ffmpeg PATH: writes a stand-in ffmpeg to PATH that saves its arguments
# (NUL-separated) to $VIDEO_CAPTURE/args and the raw frames it is sent on descriptor 3 to
# $VIDEO_CAPTURE/stream.yuv, then writes a placeholder output so that the render succeeds.
video_capture_ffmpeg() {
  cat >"$1" <<'EOF'
#!/bin/sh
printf '%s\0' "$@" >"$VIDEO_CAPTURE/args"
cat <&3 >"$VIDEO_CAPTURE/stream.yuv"
for last in "$@"; do :; done
printf 'captured\n' >"$last"
EOF
  chmod +x "$1"
}

# median VALUES...: the median (mean of the middle two for an even count).
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# video_alone WORK SHM ARGS...: ffmpeg alone with ARGS, reading SHM/stream.yuv on descriptor 3;
# sets VIDEO_ALONE_WALL and VIDEO_ALONE_CPU (seconds).
video_alone() {
  local work="$1" shm="$2" wall user sys; shift 2
  /usr/bin/time -f '%e %U %S' -o "$work/time" ffmpeg "$@" 3<"$shm/stream.yuv" \
    || { rm -rf -- "$shm"; die "$EX_SOFTWARE" "ffmpeg alone failed"; }
  read -r wall user sys < <(tail -n 1 "$work/time")
  VIDEO_ALONE_WALL="$wall" VIDEO_ALONE_CPU="$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')"
}

# video_vs_ffmpeg WORK SCENE...: for each scene, the MP4 export at scale $SCALE with 2 threads
# (x264 on one thread, as always) against ffmpeg alone encoding the same yuv420p stream with
# the same arguments, read from tmpfs (/dev/shm). The stream and the arguments are captured
# first by a render through a stand-in ffmpeg (FLIPBOOK_FFMPEG). Then $VIDEO_PAIRS pairs, one
# after the other: the export (real ffmpeg) and ffmpeg alone (`3< stream.yuv`), alternating
# which goes first. Both MP4s must be byte-identical. The ratio is the median over the pairs of
# ffmpeg alone's wall time over the export's (>= 1 would be faster than ffmpeg alone); frames/s
# are from the median times; the CPU ratio is the same with user + system seconds (the
# export's include ffmpeg's, its child). The stream is up to a few GB of tmpfs
# (4.4 MB a frame at 1170 x 2532), removed after each scene. Sets VIDEO_ROWS (printed by
# video_vs_ffmpeg_print) and VIDEO_RATIOS ("scene wall-ratio" lines).
video_vs_ffmpeg() {
  local work="$1"; shift
  local scene name shm stand_in pair frames repeated identical line wall user sys
  local -a args flip_wall flip_cpu alone_wall alone_cpu ratios cpu_ratios
  VIDEO_ROWS=() VIDEO_RATIOS=()
  shm="$(mktemp -d /dev/shm/flipbook-bench-video.XXXXXX)" || die "$EX_CANTCREAT" "no tmpfs directory in /dev/shm"
  VIDEO_SHM="$shm"   # removed by scripts/bench's cleanup if the run is interrupted
  stand_in="$work/capture-ffmpeg"
  video_capture_ffmpeg "$stand_in"
  for scene in "$@"; do
    name="$(basename "$scene" .yaml)"
    echo "==> $name: capturing the yuv420p stream flipbook sends ffmpeg (scale $SCALE) into $shm"
    VIDEO_CAPTURE="$shm" FLIPBOOK_FFMPEG="$stand_in" "$FLIPBOOK_BIN" render "$scene" -o "$work/capture.mp4" \
      --scale "$SCALE" --threads 2 --quiet || { rm -rf -- "$shm"; die "$EX_SOFTWARE" "capture render failed: $name"; }
    mapfile -d '' args <"$shm/args"
    args[-1]="$work/alone.mp4"
    flip_wall=() flip_cpu=() alone_wall=() alone_cpu=() ratios=() cpu_ratios=() identical=yes
    for (( pair = 1; pair <= VIDEO_PAIRS; pair++ )); do
      # Odd pairs run the export first, even pairs ffmpeg alone first, so that a load that
      # rises or falls during the pair does not favour one side.
      echo "==> $name, pair $pair of $VIDEO_PAIRS: flipbook render -o video.mp4 --scale $SCALE --threads 2, and ffmpeg alone"
      rm -f -- "$work/video.mp4" "$work/alone.mp4"
      (( pair % 2 == 1 )) || video_alone "$work" "$shm" "${args[@]}"
      /usr/bin/time -f '%e %U %S' -o "$work/time" "$FLIPBOOK_BIN" render "$scene" -o "$work/video.mp4" \
        --scale "$SCALE" --threads 2 --quiet --timings 2>"$work/timings" || { rm -rf -- "$shm"; die "$EX_SOFTWARE" "render failed: $name"; }
      line="$(grep '^timings:' "$work/timings" | tail -n 1)"
      read -r wall user sys < <(tail -n 1 "$work/time")
      flip_wall+=("$wall") flip_cpu+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')")
      (( pair % 2 == 0 )) || video_alone "$work" "$shm" "${args[@]}"
      alone_wall+=("$VIDEO_ALONE_WALL") alone_cpu+=("$VIDEO_ALONE_CPU")
      ratios+=("$(awk -v a="$VIDEO_ALONE_WALL" -v f="${flip_wall[-1]}" 'BEGIN { print a / f }')")
      cpu_ratios+=("$(awk -v a="$VIDEO_ALONE_CPU" -v f="${flip_cpu[-1]}" 'BEGIN { print a / f }')")
      echo "    export ${flip_wall[-1]} s (CPU ${flip_cpu[-1]} s), ffmpeg alone $VIDEO_ALONE_WALL s (CPU $VIDEO_ALONE_CPU s)"
      cmp -s "$work/video.mp4" "$work/alone.mp4" || identical=NO
    done
    rm -f -- "$shm/stream.yuv" "$shm/args" "$work/video.mp4" "$work/alone.mp4" "$work/capture.mp4"
    frames="$(field "$line" frames)" repeated="$(field "$line" repeated)"
    local fw fc aw ac ratio cpu_ratio row
    fw="$(median "${flip_wall[@]}")" fc="$(median "${flip_cpu[@]}")"
    aw="$(median "${alone_wall[@]}")" ac="$(median "${alone_cpu[@]}")"
    ratio="$(median "${ratios[@]}")" cpu_ratio="$(median "${cpu_ratios[@]}")"
    row="$(awk -v s="$name" -v n="$frames" -v r="$repeated" -v fw="$fw" -v aw="$aw" -v fc="$fc" -v ac="$ac" \
      -v x="$ratio" -v xc="$cpu_ratio" -v i="$identical" 'BEGIN {
      printf "%-20s %6d %6d %9.1f %9.1f %7.2fx %8.1f %8.1f %7.2fx %9s", s, n, r, n / fw, n / aw, x, fc, ac, xc, i }')"
    echo "$row"
    VIDEO_ROWS+=("$row")
    VIDEO_RATIOS+=("$name $(awk -v x="$ratio" 'BEGIN { printf "%.2f", x }') $identical")
  done
  rm -rf -- "$shm"
}

video_vs_ffmpeg_print() {
  echo "MP4 vs ffmpeg alone on the identical yuv420p stream from /dev/shm -- scale $SCALE, 2 threads, x264 one thread;"
  echo "$VIDEO_PAIRS paired runs; x = median of ffmpeg alone's time over the export's per pair (wall, then CPU: user + system)"
  printf '%-20s %6s %6s %9s %9s %8s %8s %8s %8s %9s\n' scene frames repeat "export/s" "alone/s" "x wall" "CPU s" "alone s" "x CPU" identical
  local row
  for row in "${VIDEO_ROWS[@]}"; do echo "$row"; done
}
