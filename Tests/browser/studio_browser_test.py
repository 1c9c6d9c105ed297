#!/usr/bin/python3
"""flipbook studio in a real browser: Debian's chromium and chromium-driver driven through
python3-selenium (which imports only under /usr/bin/python3). Run by scripts/test.

usage: /usr/bin/python3 Tests/browser/studio_browser_test.py FLIPBOOK_BINARY [--screenshot PNG]

Checks, each a function below: the page loads and plays; scrubbing (and the arrow keys) to
frame N shows exactly the pixels `flipbook render --frames N` writes (an opaque scene pixel for
pixel; a transparent one over the page's background colour); clicking a view selects its id;
a plot appears; a valid save reloads within the time-out; a broken save shows its located
error over the last good frame, and the next good save recovers; the HTML export plays offline.
Exits 0 when all pass, 1 when one fails, 2 when no browser can start (never passes silently).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngdecode import read_png, over_background  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
STAGE_BACKGROUND = (0xE5, 0xE5, 0xEA)   # PageAssets.stageBackground
TIMEOUT = 20.0                          # seconds: generous; the latency targets live in scripts/bench


def start_browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        raise SystemExit(f"browser tests: cannot import selenium under {sys.executable} ({error}); "
                         "run scripts/setup (Debian's python3-selenium), and run this with /usr/bin/python3")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--force-device-scale-factor=1", "--window-size=1800,2200",
                     "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars", "--disable-extensions"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Studio:
    """A `flipbook studio` process on a free port."""

    def __init__(self, binary, scene, *extra, env=None):
        self.process = subprocess.Popen([binary, "studio", scene, "--port", "0", *extra],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        env=None if env is None else {**os.environ, **env})
        line = self.process.stdout.readline().strip()
        if not re.fullmatch(r"http://127\.0\.0\.1:\d+/", line):
            self.process.kill()
            raise AssertionError(f"studio printed {line!r} instead of its URL; stderr: {self.process.stderr.read()}")
        self.url = line

    def stop(self):
        self.process.send_signal(2)
        try:
            status = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("studio did not stop within 10 s of Ctrl-C")
        if status != 130:
            raise AssertionError(f"studio exited {status} after Ctrl-C, expected 130")


def wait_for(driver, script, what, timeout=TIMEOUT):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def shown(driver):
    return driver.execute_script("return [document.body.dataset.shownFrame, document.body.dataset.shownVersion]")


def wait_shown(driver, frame, version=None):
    condition = f"document.body.dataset.shownFrame === '{frame}'"
    if version is not None:
        condition += f" && document.body.dataset.shownVersion === '{version}'"
    wait_for(driver, f"return {condition} && window.studio.inflight === null", f"frame {frame} shown")


def render_png(binary, scene, frame, directory):
    out = os.path.join(directory, f"render-{frame}")
    subprocess.run([binary, "render", scene, "--frames", str(frame), "--scale", "1", "-o", out, "--quiet"], check=True)
    with open(os.path.join(out, f"frame-{frame:04d}.png"), "rb") as handle:
        return read_png(handle.read())


def frame_screenshot(driver):
    from selenium.webdriver.common.by import By
    return read_png(driver.find_element(By.ID, "frame").screenshot_as_png)


def compare(expected, actual, tolerance, what):
    (ew, eh, erows), (aw, ah, arows) = expected, actual
    if (ew, eh) != (aw, ah):
        raise AssertionError(f"{what}: the page shows {aw}×{ah} pixels, render wrote {ew}×{eh}")
    worst, count = 0, 0
    for erow, arow in zip(erows, arows):
        if erow != arow:
            for e, a in zip(erow, arow):
                d = abs(e - a)
                if d > tolerance:
                    count += 1
                worst = max(worst, d)
    if count:
        raise AssertionError(f"{what}: {count} channel values differ by more than {tolerance} (largest {worst})")
    return worst


# ---- the checks ----

def check_loads_and_plays(driver, studio, ctx):
    driver.get(studio.url)
    wait_shown(driver, 0)
    driver.find_element("id", "play").click()
    seen = set()
    deadline = time.time() + TIMEOUT
    while time.time() < deadline and len(seen) < 5:
        seen.add(driver.execute_script("return document.body.dataset.shownFrame"))
        time.sleep(0.03)
    driver.find_element("id", "play").click()   # pause
    if len(seen) < 5:
        raise AssertionError(f"playing showed only frames {sorted(seen)}")
    if any(int(frame) < 0 for frame in seen):
        raise AssertionError(f"playing showed a negative frame: {sorted(seen, key=int)}")
    return f"played through frames {sorted(seen, key=int)[:6]}…"


def check_scrub_is_pixel_exact(driver, studio, ctx):
    from selenium.webdriver.common.keys import Keys
    frame = 96
    driver.execute_script(f"window.studio.seek({frame - 1})")
    wait_shown(driver, frame - 1)
    driver.find_element("tag name", "body").send_keys(Keys.ARROW_RIGHT)   # the arrow key steps one frame
    wait_shown(driver, frame)
    actual = frame_screenshot(driver)
    expected = render_png(ctx["binary"], ctx["scene"], frame, ctx["tmp"])
    compare(expected, (actual[0], actual[1], actual[2]), 0, f"frame {frame}")
    driver.find_element("tag name", "body").send_keys(Keys.ARROW_LEFT)
    wait_shown(driver, frame - 1)
    return f"frame {frame}: {actual[0]}×{actual[1]} pixels identical to render --frames {frame}; ← and → step"


def check_click_selects(driver, studio, ctx):
    from selenium.webdriver.common.action_chains import ActionChains
    driver.execute_script("window.studio.seek(0)")
    wait_shown(driver, 0)
    image = driver.find_element("id", "frame")
    width, height = image.size["width"], image.size["height"]
    # toggleButton: frame [95, 397, 200, 50] at scale 1; click its centre (offsets from the image's centre).
    ActionChains(driver).move_to_element_with_offset(image, int(195 - width / 2), int(422 - height / 2)).click().perform()
    wait_for(driver, "return document.body.dataset.selected === 'toggleButton'", "toggleButton selected")
    wait_for(driver, "return document.querySelectorAll('#values tr').length > 10", "presentation values listed")
    return "clicking (195, 422) selected toggleButton and listed its presentation values"


def check_plot(driver, studio, ctx):
    driver.execute_script("document.getElementById('plot-property').value = 'sheet.frame.y'")
    driver.find_element("id", "plot-button").click()
    wait_for(driver, "return document.body.dataset.plotted === 'sheet.frame.y'", "the plot")
    inked = driver.execute_script("""
        const c = document.getElementById('plot'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n;""")
    if inked < 200:
        raise AssertionError(f"the plot canvas has only {inked} drawn pixels")
    rows = driver.execute_script("return JSON.parse(document.getElementById('trace-json').textContent).length")
    if rows != 181:
        raise AssertionError(f"the trace JSON has {rows} rows, expected 181 frames")
    return f"sheet.frame.y plotted ({inked} pixels drawn, 181 trace rows)"


def check_reload(driver, studio, ctx):
    version = int(driver.execute_script("return document.body.dataset.version"))
    with open(ctx["scene"]) as handle:
        text = handle.read()
    edited = text.replace('text: "Skype"', 'text: "Skype edited"')
    assert edited != text
    # Save as vim and VS Code do: write a new file, rename it over the old one.
    temporary = ctx["scene"] + ".tmp"
    with open(temporary, "w") as handle:
        handle.write(edited)
    started = time.time()
    os.rename(temporary, ctx["scene"])
    wait_for(driver, f"return Number(document.body.dataset.shownVersion) > {version}", "the edited scene shown")
    elapsed = time.time() - started
    ctx["good_text"] = edited
    return f"a rename-over save was shown {elapsed * 1000:.0f} ms later (version {version} → {version + 1})"


def check_broken_save(driver, studio, ctx):
    version = driver.execute_script("return document.body.dataset.version")
    broken = ctx["good_text"].replace("duration: 3", "duration: three")
    with open(ctx["scene"], "w") as handle:   # in place this time
        handle.write(broken)
    wait_for(driver, "return document.body.dataset.problems && document.body.dataset.problems !== '0'", "the problems shown")
    text = driver.find_element("id", "problems").text
    if not re.search(r"skype-action-sheet\.yaml:\d+:\d+: ", text):
        raise AssertionError(f"the problem is not located (file:line:column): {text!r}")
    if driver.execute_script("return document.body.dataset.version") != version:
        raise AssertionError("a broken save replaced the good version")
    driver.execute_script("window.studio.seek(30)")   # the last good version still plays
    wait_shown(driver, 30, version)
    with open(ctx["scene"], "w") as handle:
        handle.write(ctx["good_text"].replace("Skype edited", "Skype again"))
    wait_for(driver, "return document.body.dataset.problems === '0' && Number(document.body.dataset.shownVersion) > "
             + version, "recovery after the next good save")
    return f"shown: {text.splitlines()[0]!r}; the last good version kept playing; the next save recovered"


def check_transparent_scene(driver, ctx):
    scene = os.path.join(ctx["tmp"], "transparent-badge.yaml")
    shutil.copy(os.path.join(ROOT, "scenes", "transparent-badge.yaml"), scene)
    studio = Studio(ctx["binary"], scene)
    try:
        driver.get(studio.url)
        wait_shown(driver, 0)
        frame = 20
        driver.execute_script(f"window.studio.seek({frame})")
        wait_shown(driver, frame)
        actual = frame_screenshot(driver)
        width, height, rows = render_png(ctx["binary"], scene, frame, ctx["tmp"])
        # The browser blends premultiplied pixels: allow one step of rounding.
        worst = compare((width, height, over_background(rows, STAGE_BACKGROUND)), actual, 1, f"transparent frame {frame}")
    finally:
        studio.stop()
    return f"frame {frame} over {'#%02x%02x%02x' % STAGE_BACKGROUND}: every channel within {worst} of render's PNG composited"


def check_html_export(driver, ctx):
    page = os.path.join(ctx["tmp"], "preview.html")
    subprocess.run([ctx["binary"], "render", ctx["scene"], "--format", "html", "--scale", "1", "-o", page, "--quiet"], check=True)
    driver.get("file://" + page)   # no server: everything is inside the file
    wait_for(driver, "return window.player && window.player.ready", "the exported player ready")
    driver.execute_script("window.player.seek(17)")
    wait_for(driver, "return window.player.shownFrame === 17", "frame 17 shown")
    # Seeking to the centre of frame 17's interval shows frame 17: the picture is nearer render's
    # frame 17 than its neighbours (the sheet moves about 30 points a frame then).
    from selenium.webdriver.common.by import By
    picture = read_png(driver.find_element(By.ID, "media").screenshot_as_png)
    distances = {}
    for frame in (16, 17, 18):
        width, height, rows = render_png(ctx["binary"], ctx["scene"], frame, ctx["tmp"])
        distances[frame] = mean_difference(rows, picture[2])
    if min(distances, key=distances.get) != 17:
        raise AssertionError(f"after seeking to frame 17 the video is nearest frame {min(distances, key=distances.get)}: {distances}")
    driver.execute_script("window.player.play()")
    wait_for(driver, "return window.player.shownFrame > 25", "the export playing")
    driver.execute_script("window.player.pause()")
    first = open(page, "rb").read()
    subprocess.run([ctx["binary"], "render", ctx["scene"], "--format", "html", "--scale", "1", "-o", page, "--quiet"], check=True)
    if open(page, "rb").read() != first:
        raise AssertionError("two exports of the same scene differ")
    gif = os.path.join(ctx["tmp"], "same.gif")
    subprocess.run([ctx["binary"], "render", ctx["scene"], "--scale", "1", "-o", gif, "--quiet"], check=True)
    ratio = len(first) / os.path.getsize(gif)
    if ratio > 1.5:
        raise AssertionError(f"the page is {ratio:.2f}× the GIF of the same frames (at most 1.5×)")
    nearest = ", ".join(f"{k}: {v:.2f}" for k, v in distances.items())
    return (f"{len(first)} bytes ({ratio:.2f}× the GIF), the same bytes twice; frame 17 seeks to its own frame "
            f"(mean difference to render's {nearest}); plays from file:// with no server")


def check_lossless_export(driver, ctx):
    page = os.path.join(ctx["tmp"], "lossless.html")
    subprocess.run([ctx["binary"], "render", ctx["scene"], "--format", "html", "--lossless", "--frames", "30-50",
                    "--scale", "1", "-o", page, "--quiet"], check=True)
    driver.get("file://" + page)
    wait_for(driver, "return window.player && window.player.ready", "the lossless player ready")
    driver.execute_script("window.player.seek(44)")
    wait_for(driver, "return window.player.shownFrame === 44", "frame 44 shown")
    from selenium.webdriver.common.by import By
    actual = read_png(driver.find_element(By.ID, "media").screenshot_as_png)
    compare(render_png(ctx["binary"], ctx["scene"], 44, ctx["tmp"]), actual, 0, "lossless frame 44")
    return f"frames 30-50, {os.path.getsize(page)} bytes; frame 44 identical to render's"


def mean_difference(rows_a, rows_b):
    total, count = 0, 0
    for a, b in zip(rows_a, rows_b):
        for i in range(0, min(len(a), len(b)), 4):
            total += abs(a[i] - b[i]) + abs(a[i + 1] - b[i + 1]) + abs(a[i + 2] - b[i + 2])
            count += 3
    return total / max(count, 1)


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    screenshot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    tmp = tempfile.mkdtemp(prefix="flipbook-browser-")
    scene = os.path.join(tmp, "skype-action-sheet.yaml")
    shutil.copy(os.path.join(ROOT, "scenes", "skype-action-sheet.yaml"), scene)
    try:
        driver = start_browser()
    except SystemExit:
        raise
    except Exception as error:   # noqa: BLE001 - any failure to start is reported, never skipped
        print(f"browser tests: FAILED: Chromium could not start: {error}", file=sys.stderr)
        print("browser tests: scripts/setup installs chromium, chromium-driver and python3-selenium", file=sys.stderr)
        return 2
    ctx = {"binary": binary, "scene": scene, "tmp": tmp}
    failures = 0
    started = time.time()
    studio = Studio(binary, scene)
    try:
        for check in (check_loads_and_plays, check_scrub_is_pixel_exact, check_click_selects, check_plot,
                      check_reload, check_broken_save):
            failures += run(check.__name__, lambda: check(driver, studio, ctx))
        if screenshot:
            driver.set_window_size(1400, 1250)
            driver.execute_script("document.getElementById('show-touches').checked = true;"
                                  "window.studio.seek(60); window.studio.select('sheet');")
            wait_shown(driver, 60)
            time.sleep(0.5)
            os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
            driver.save_screenshot(screenshot)
            driver.set_window_size(1800, 2200)
        studio.stop()
        failures += run("check_ctrl_c_exits_130", lambda: "stopped with exit 130")
        failures += run("check_transparent_scene", lambda: check_transparent_scene(driver, ctx))
        failures += run("check_html_export", lambda: check_html_export(driver, ctx))
        failures += run("check_lossless_export", lambda: check_lossless_export(driver, ctx))
    finally:
        if studio.process.poll() is None:
            studio.process.kill()
        driver.quit()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"browser tests: {'all passed' if failures == 0 else f'{failures} failed'} in {time.time() - started:.1f} s")
    return 1 if failures else 0


def run(name, body):
    started = time.time()
    try:
        detail = body()
        print(f"  ok    {name} ({time.time() - started:.1f} s): {detail}")
        return 0
    except Exception as error:   # noqa: BLE001
        print(f"  FAIL  {name} ({time.time() - started:.1f} s): {error}")
        traceback.print_exc(limit=3)
        return 1


if __name__ == "__main__":
    sys.exit(main())
