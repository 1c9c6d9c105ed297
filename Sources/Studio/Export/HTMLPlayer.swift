import Foundation

/// `render --format html`: one self-contained page that plays a scene's frames with play,
/// pause, loop, a scrubber and frame stepping, with nothing fetched from the network. The same
/// frames give the same bytes (no dates, no random ids).
public struct HTMLPlayer: Sendable {
    /// How the frames are embedded.
    public enum Media: Sendable {
        /// An H.264 MP4; frame k is shown by seeking to the centre of its display interval,
        /// (k + 0.5) / fps, so each step lands inside exactly that frame.
        case h264(Data)
        /// One PNG file per frame (lossless; no size target).
        case pngFrames([[UInt8]])
    }

    public var title: String
    /// Frames per second of the frames embedded.
    public var fps: Double
    /// The scene's frame index of each embedded frame, in order (the timestamp table's rows).
    public var frames: [Int]
    /// Pixels: the page shows the frames at this size, unscaled.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var media: Media

    public init(title: String, fps: Double, frames: [Int], pixelWidth: Int, pixelHeight: Int, media: Media) {
        self.title = title; self.fps = fps; self.frames = frames
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.media = media
    }

    /// The per-frame timestamp table: for embedded frame k, its scene frame index, its scene
    /// time and the media time the player seeks to (seconds).
    public var timestamps: [(frame: Int, time: Double, seek: Double)] {
        frames.enumerated().map { k, frame in (frame, Double(frame) / fps, (Double(k) + 0.5) / fps) }
    }

    /// The page.
    public var html: String {
        let table = timestamps.map { "[\($0.frame),\(number($0.time)),\(number($0.seek))]" }.joined(separator: ",")
        let mediaElement: String
        let kind: String
        switch media {
        case .h264(let data):
            kind = "video"
            mediaElement = "<video id=\"media\" muted playsinline preload=\"auto\" width=\"\(pixelWidth)\" height=\"\(pixelHeight)\" "
                + "src=\"data:video/mp4;base64,\(data.base64EncodedString())\"></video>"
        case .pngFrames(let frames):
            kind = "png"
            let list = frames.map { "\"data:image/png;base64,\(Data($0).base64EncodedString())\"" }.joined(separator: ",\n")
            mediaElement = "<img id=\"media\" alt=\"frame\" width=\"\(pixelWidth)\" height=\"\(pixelHeight)\">\n"
                + "<script>const PNG_FRAMES = [\n\(list)\n];</script>"
        }
        return Self.template
            .replacingOccurrences(of: "{{TITLE}}", with: escape(title))
            .replacingOccurrences(of: "{{WIDTH}}", with: String(pixelWidth))
            .replacingOccurrences(of: "{{CONFIG}}", with: "{\"kind\":\"\(kind)\",\"fps\":\(number(fps)),\"table\":[\(table)]}")
            .replacingOccurrences(of: "{{MEDIA}}", with: mediaElement)
    }

    private func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    static let template = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{TITLE}} · flipbook</title>
<style>
body { margin: 16px; font: 13px/1.4 system-ui, sans-serif; color: #1c1c1e; background: #f5f5f7; }
#player { display: inline-block; }
#media { display: block; background: #e5e5ea; }
#bar { display: flex; gap: 8px; align-items: center; margin-top: 6px; }
#scrub { flex: 1; }
</style>
</head>
<body>
<div id="player" style="width: {{WIDTH}}px">
{{MEDIA}}
<div id="bar">
  <button id="play" title="Play / pause (Space)">▶</button>
  <button id="back" title="Back one frame (←)">◀︎|</button>
  <button id="forward" title="Forward one frame (→)">|▶︎</button>
  <label><input type="checkbox" id="loop" checked> loop</label>
  <input type="range" id="scrub" min="0" value="0" step="1" aria-label="frame">
  <span id="where"></span>
</div>
</div>
<script>
'use strict';
const CONFIG = {{CONFIG}};
const media = document.getElementById('media');
const P = { ready: false, shownFrame: -1, index: 0, playing: false };
window.player = P;
const last = CONFIG.table.length - 1;
const scrub = document.getElementById('scrub');
scrub.max = String(last);
function label(k) {
  const row = CONFIG.table[k];
  document.getElementById('where').textContent = `frame ${row[0]} · ${row[1].toFixed(3)} s`;
}
function shown(k) { P.index = k; P.shownFrame = CONFIG.table[k][0]; scrub.value = String(k); label(k); }
function show(k) {
  k = Math.min(Math.max(k, 0), last);
  P.index = k;
  if (CONFIG.kind === 'png') { media.src = PNG_FRAMES[k]; shown(k); return; }
  media.currentTime = CONFIG.table[k][2];   // the centre of frame k's interval
}
if (CONFIG.kind === 'video') {
  media.addEventListener('seeked', () => { if (!P.playing) shown(P.index); });
  const onFrame = (now, meta) => {
    if (P.playing) shown(Math.min(Math.max(Math.floor(meta.mediaTime * CONFIG.fps + 1e-6), 0), last));
    media.requestVideoFrameCallback(onFrame);
  };
  media.requestVideoFrameCallback(onFrame);
  media.addEventListener('ended', () => { if (document.getElementById('loop').checked && P.playing) { media.currentTime = 0; media.play(); } else pause(); });
  media.addEventListener('loadeddata', () => { P.ready = true; show(0); }, { once: true });
  if (media.readyState >= 2) { P.ready = true; show(0); }
} else {
  P.ready = true; show(0);
}
let timer = null, origin = 0, start = 0;
function tick(now) {
  if (!P.playing) return;
  let k = origin + Math.floor(Math.max(now - start, 0) / 1000 * CONFIG.fps);
  if (k > last) {
    if (document.getElementById('loop').checked) { origin = 0; start = now; k = 0; } else { show(last); pause(); return; }
  }
  if (k !== P.index) show(k);
  timer = requestAnimationFrame(tick);
}
function play() {
  if (P.index >= last) show(0);
  P.playing = true; document.getElementById('play').textContent = '❚❚';
  if (CONFIG.kind === 'video') { media.play(); return; }
  origin = P.index; start = performance.now(); timer = requestAnimationFrame(tick);
}
function pause() {
  P.playing = false; document.getElementById('play').textContent = '▶';
  if (CONFIG.kind === 'video') { media.pause(); const k = Math.min(Math.max(Math.floor(media.currentTime * CONFIG.fps + 1e-6), 0), last); show(k); }
  else if (timer) cancelAnimationFrame(timer);
}
P.play = play; P.pause = pause; P.seek = (frame) => { pause(); const k = CONFIG.table.findIndex((row) => row[0] === frame); show(k < 0 ? 0 : k); };
document.getElementById('play').addEventListener('click', () => (P.playing ? pause() : play()));
document.getElementById('back').addEventListener('click', () => { pause(); show(P.index - 1); });
document.getElementById('forward').addEventListener('click', () => { pause(); show(P.index + 1); });
scrub.addEventListener('input', () => { pause(); show(Number(scrub.value)); });
document.addEventListener('keydown', (event) => {
  if (event.key === 'ArrowLeft') { pause(); show(P.index - 1); }
  else if (event.key === 'ArrowRight') { pause(); show(P.index + 1); }
  else if (event.key === ' ') { P.playing ? pause() : play(); }
  else return;
  event.preventDefault();
});
</script>
</body>
</html>
"""#
}
