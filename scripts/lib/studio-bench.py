#!/usr/bin/python3
"""The studio's speed and memory (issue 17), in headless Chromium. Run by `scripts/bench --studio`.

usage: /usr/bin/python3 scripts/lib/studio-bench.py FLIPBOOK [--minutes M]

1. Scrubbing: the Skype scene at scale 1, server warm. For 100 random frames (backward seeks
   included) an `input` event is dispatched on the scrubber; the page notes performance.now()
   there and again in the first animation frame after the new image has decoded. p95 <= 50 ms.
   Measured as the studio runs (frames already drawn come from its cache), then again with the
   cache off (FLIPBOOK_STUDIO_CACHE_BYTES=0: every seek drawn), and in dynamics-playground
   with the cache off (backward seeks replay Box2D from t = 0), the last two reported only.
2. Reloading: 20 edits of the scene file (alternately renamed over it and written in place);
   from the rename or the close after writing (wall clock, time.time()) to the animation frame
   after the new version's frame is shown (the page's performance.timeOrigin + now()). p95 <= 300 ms.
3. Memory: M minutes (default 10) of random seeks and an edit every 5 s; the server's peak
   RSS (VmHWM) at the end must be <= 1.2 x at 1 minute (with M < 2: at M/2 minutes).
Prints each measurement and a summary; exits 1 when a target is missed.
"""
import os
import random
import shutil
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))
from studio_browser_test import Studio, start_browser, wait_for, wait_shown  # noqa: E402

SEEKS, EDITS = 100, 20
SCRUB_TARGET_MS, RELOAD_TARGET_MS, RSS_RATIO_TARGET = 50.0, 300.0, 1.2


def p95(values):
    ordered = sorted(values)
    return ordered[max(0, int(round(0.95 * len(ordered))) - 1)]


def peak_rss_kib(pid):
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def seek_by_input(driver, frame):
    """Sets the scrubber and dispatches its input event, as a drag does; returns the latency (ms)."""
    before = driver.execute_script("return window.studio.latencies.length")
    driver.execute_script("const s = document.getElementById('scrubber'); s.value = String(arguments[0]);"
                          "s.dispatchEvent(new Event('input'));", frame)
    wait_for(driver, f"return window.studio.latencies.length > {before} && document.body.dataset.shownFrame === '{frame}'",
             f"frame {frame}", timeout=30)
    return driver.execute_script("return window.studio.latencies[window.studio.latencies.length - 1]")


def scrub_case(driver, studio, frames, name, target=True):
    driver.get(studio.url)
    wait_shown(driver, 0)
    for frame in range(0, frames, 10):   # warm: checkpoints made, the page's code hot
        seek_by_input(driver, frame)
    latencies = [seek_by_input(driver, random.randrange(frames)) for _ in range(SEEKS)]
    result = p95(latencies)
    phases = driver.execute_script(f"return window.studio.phases.slice(-{SEEKS})")
    split = ", ".join(f"{key} median {sorted(p[key] for p in phases)[SEEKS // 2]:.1f} p95 {p95([p[key] for p in phases]):.1f}"
                      for key in ("fetch", "decode", "paint"))
    print(f"{name}: {SEEKS} random seeks, median {sorted(latencies)[SEEKS // 2]:.1f} ms, p95 {result:.1f} ms, "
          f"max {max(latencies):.1f} ms" + (f" (target p95 <= {SCRUB_TARGET_MS:.0f} ms)" if target else " (reported)")
          + f"; phases (ms): {split}; load average {os.getloadavg()[0]:.1f}", flush=True)
    return result


def edit(scene, text, k, by_rename):
    edited = text.replace('text: "Skype"', f'text: "Skype {k}"')
    if by_rename:
        temporary = scene + ".swp"
        with open(temporary, "w") as handle:
            handle.write(edited)
        started = time.time()
        os.rename(temporary, scene)
    else:
        handle = open(scene, "w")
        handle.write(edited)
        handle.flush()
        started = time.time()   # the close after writing is what the watcher reacts to
        handle.close()
    return started


def main():
    binary = os.path.abspath(sys.argv[1])
    minutes = float(sys.argv[sys.argv.index("--minutes") + 1]) if "--minutes" in sys.argv else 10.0
    tmp = tempfile.mkdtemp(prefix="flipbook-studio-bench-")
    scene = os.path.join(tmp, "skype-action-sheet.yaml")
    shutil.copy(os.path.join(ROOT, "scenes", "skype-action-sheet.yaml"), scene)
    with open(scene) as handle:
        text = handle.read()
    random.seed(17)
    driver = start_browser()
    studio = Studio(binary, scene, "--scale", "1")
    failed = False
    try:
        scrub = scrub_case(driver, studio, 181, "scrub")
        failed |= scrub > SCRUB_TARGET_MS
        for path, name, frames in ((scene, "scrub, cache off", 181),
                                   (os.path.join(ROOT, "scenes", "dynamics-playground.yaml"), "scrub dynamics-playground, cache off", 301)):
            uncached = Studio(binary, path, "--scale", "1", env={"FLIPBOOK_STUDIO_CACHE_BYTES": "0"})
            try:
                scrub_case(driver, uncached, frames, name, target=False)
            finally:
                uncached.stop()
        driver.get(studio.url)
        wait_shown(driver, 0)

        reloads = []
        for k in range(EDITS):
            version = int(driver.execute_script("return document.body.dataset.version"))
            started = edit(scene, text, k, by_rename=(k % 2 == 0))
            wait_for(driver, f"return Number(document.body.dataset.shownVersion) > {version}", "the edit shown", timeout=30)
            shown_at = driver.execute_script("return window.studio.lastShownAt") / 1000.0
            reloads.append((shown_at - started) * 1000)
            time.sleep(0.2)
        reload = p95(reloads)
        print(f"reload: {EDITS} edits (renamed and written in place in turn), median {sorted(reloads)[EDITS // 2]:.0f} ms, "
              f"p95 {reload:.0f} ms, max {max(reloads):.0f} ms (target p95 <= {RELOAD_TARGET_MS:.0f} ms)", flush=True)
        failed |= reload > RELOAD_TARGET_MS

        pid = studio.process.pid
        checkpoint = min(60.0, minutes * 60 / 2)
        start, last_edit, k, at_checkpoint = time.time(), 0.0, 0, None
        while time.time() - start < minutes * 60:
            seek_by_input(driver, random.randrange(181))
            if time.time() - last_edit > 5:
                k += 1
                edit(scene, text, 100 + k, by_rename=(k % 2 == 0))
                last_edit = time.time()
            if at_checkpoint is None and time.time() - start >= checkpoint:
                at_checkpoint = peak_rss_kib(pid)
        at_end = peak_rss_kib(pid)
        ratio = at_end / max(at_checkpoint or at_end, 1)
        print(f"memory: {minutes:g} min of seeks and {k} edits; server peak RSS {at_checkpoint} KiB at "
              f"{checkpoint / 60:g} min, {at_end} KiB at the end: {ratio:.2f}x (target <= {RSS_RATIO_TARGET}x)", flush=True)
        failed |= ratio > RSS_RATIO_TARGET
    finally:
        studio.stop()
        driver.quit()
        shutil.rmtree(tmp, ignore_errors=True)
    print("studio bench: " + ("a target was missed" if failed else "all targets met"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
