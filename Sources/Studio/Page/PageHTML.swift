/// The page's HTML: the frame, the controls, the timeline, the inspector and the goldens.
enum PageHTML {
    static let text = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>flipbook studio</title>
<link rel="stylesheet" href="/studio.css">
</head>
<body>
<header>
  <strong>flipbook studio</strong> <span id="scene-name"></span>
  <span id="status" class="status"></span>
</header>
<main>
  <section id="left">
    <div id="stage-wrap">
      <div id="stage">
        <img id="frame" alt="the current frame">
        <canvas id="overlay"></canvas>
        <div id="problems" hidden></div>
      </div>
    </div>
    <div id="controls">
      <button id="play" title="Play / pause (Space)">▶</button>
      <button id="back" title="Back one frame (←)">◀︎|</button>
      <button id="forward" title="Forward one frame (→)">|▶︎</button>
      <label><input type="checkbox" id="loop" checked> loop</label>
      <label>speed <select id="speed">
        <option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="1" selected>1×</option>
        <option value="1.5">1.5×</option><option value="2">2×</option>
      </select></label>
      <label><input type="checkbox" id="show-touches"> show touches</label>
      <span id="position"></span>
    </div>
    <input type="range" id="scrubber" min="0" max="0" value="0" step="1" aria-label="frame">
    <canvas id="timeline" height="150" title="Click to jump to that time"></canvas>
  </section>
  <section id="right">
    <h2>Inspector</h2>
    <div class="row">
      <label>clicking selects <select id="hit-mode">
        <option value="drawn" selected>the topmost view drawn</option>
        <option value="hittest">what hitTest returns</option>
      </select></label>
    </div>
    <div class="row">selected: <code id="selected">none</code></div>
    <details open><summary>View tree</summary><ul id="tree"></ul></details>
    <details open><summary>Presentation values at this frame</summary><div id="values-box"><table id="values"></table></div></details>
    <details open><summary>Plot</summary>
      <div class="row"><input id="plot-property" list="properties" placeholder="ID.path, e.g. sheet.frame.y" size="28">
        <button id="plot-button">plot</button></div>
      <datalist id="properties"></datalist>
      <canvas id="plot" width="360" height="180"></canvas>
      <details><summary>trace data (JSON)</summary><pre id="trace-json"></pre></details>
    </details>
    <details><summary>Goldens</summary>
      <button id="goldens-button">compare key frames</button>
      <ul id="goldens"></ul>
      <img id="golden-panel" alt="expected | difference | actual" hidden>
    </details>
  </section>
</main>
<script src="/studio.js"></script>
</body>
</html>
"""#
}
