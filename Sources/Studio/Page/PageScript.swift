/// The page's JavaScript. Frames come from `/api/frame`; only the newest request counts (an
/// older one is aborted, and the server drops renders it overtook). Playback runs on
/// requestAnimationFrame at the scene's fps in real time, asking for a frame only when none is
/// in flight, so a slow frame is skipped rather than lagged behind. `/live` reports reloads.
enum PageScript {
    static let text = #"""
'use strict';
const $ = (id) => document.getElementById(id);
const S = {
  summary: null, version: null, frame: 0, shownFrame: -1, shownVersion: null,
  playing: false, playStart: 0, playOrigin: 0, inflight: null, wanted: null,
  selected: null, plot: null, problems: [], latencies: [], phases: [], lastShownAt: 0, seekStart: null,
};
window.studio = S;

function fps() { return S.summary ? S.summary.fps : 60; }
function lastFrame() { return S.summary ? Math.max(S.summary.frameCount - 1, 0) : 0; }
function clampFrame(n) { return Math.min(Math.max(Math.round(n), 0), lastFrame()); }

// ---- frames: the newest request wins ----
async function requestFrame(n) {
  if (S.version === null) return;
  if (S.inflight) S.inflight.abort();
  const controller = new AbortController();
  S.inflight = controller;
  const version = S.version;
  try {
    const response = await fetch(`/api/frame?n=${n}&v=${version}`, { signal: controller.signal, cache: 'no-store' });
    if (response.status === 204) return;               // overtaken by a newer request
    if (response.status === 409) { await loadSummary(); return; }
    if (!response.ok) { setStatus(await response.text(), true); return; }
    const blob = await response.blob();
    const fetched = performance.now();
    const url = URL.createObjectURL(blob);
    const img = new Image();
    img.src = url;
    await img.decode();
    const decoded = performance.now();
    if (S.inflight !== controller) { URL.revokeObjectURL(url); return; }
    const old = $('frame');
    img.id = 'frame'; img.alt = old.alt;
    img.width = img.naturalWidth; img.height = img.naturalHeight;
    img.addEventListener('click', onFrameClick);
    old.replaceWith(img);
    if (old.src.startsWith('blob:')) URL.revokeObjectURL(old.src);
    S.shownFrame = n; S.shownVersion = version;
    const started = S.seekStart;
    requestAnimationFrame(() => {
      const now = performance.now();
      if (started !== null) {
        S.latencies.push(now - started);
        S.phases.push({ fetch: fetched - started, decode: decoded - fetched, paint: now - decoded });
        S.seekStart = null;
      }
      S.lastShownAt = performance.timeOrigin + now;
      document.body.dataset.shownFrame = String(n);
      document.body.dataset.shownVersion = String(version);
    });
    drawOverlay();
  } catch (error) {
    if (error.name !== 'AbortError') setStatus(String(error), true);
  } finally {
    if (S.inflight === controller) S.inflight = null;
  }
}

function seek(n, fromInput) {
  n = clampFrame(n);
  S.frame = n;
  S.seekStart = performance.now();
  $('scrubber').value = String(n);
  showPosition();
  drawTimeline(); drawPlot();
  requestFrame(n);
  if (S.selected) loadValues();
}

function showPosition() {
  const t = S.frame / fps();
  $('position').textContent = `frame ${S.frame} / ${lastFrame()} · ${t.toFixed(3)} s`;
}

// ---- playback: real time at the scene's fps, dropping frames rather than lagging ----
function play() {
  if (!S.summary) return;
  if (S.frame >= lastFrame()) S.frame = 0;
  S.playing = true; S.playStart = performance.now(); S.playOrigin = S.frame;
  $('play').textContent = '❚❚';
  requestAnimationFrame(tick);
}
function pause() { S.playing = false; $('play').textContent = '▶'; }
function tick(now) {
  if (!S.playing) return;
  const speed = Number($('speed').value);
  // requestAnimationFrame's time can be a little before play() was called: never step back.
  let n = S.playOrigin + Math.floor(Math.max(now - S.playStart, 0) / 1000 * speed * fps());
  if (n > lastFrame()) {
    if ($('loop').checked) { S.playStart = now; S.playOrigin = 0; n = 0; }
    else { n = lastFrame(); pause(); }
  }
  if (n !== S.frame) {
    S.frame = n;
    $('scrubber').value = String(n);
    showPosition(); drawTimeline(); drawPlot();
    if (!S.inflight) requestFrame(n);   // a frame still on its way: skip this one
  }
  if (S.playing) requestAnimationFrame(tick);
}

// ---- summary and hot reload ----
async function loadSummary() {
  const response = await fetch('/api/scene', { cache: 'no-store' });
  if (!response.ok) return;
  const old = S.summary;
  const summary = await response.json();
  const time = old ? S.frame / old.fps : 0;
  S.summary = summary; S.version = summary.version;
  $('scene-name').textContent = summary.name;
  $('scrubber').max = String(Math.max(summary.frameCount - 1, 0));
  const overlay = $('overlay');
  overlay.width = summary.pixelWidth; overlay.height = summary.pixelHeight;
  fillTree(); fillProperties();
  document.body.dataset.version = String(summary.version);
  const frame = Math.min(Math.round(time * summary.fps), Math.max(summary.frameCount - 1, 0));
  seek(frame);
  if (S.plot) plotProperty(S.plot.property);
}

function setStatus(text, bad) {
  const status = $('status');
  status.textContent = text; status.classList.toggle('bad', !!bad);
}

function showProblems(problems) {
  S.problems = problems;
  const box = $('problems');
  if (problems.length === 0) { box.hidden = true; box.textContent = ''; document.body.dataset.problems = '0'; return; }
  box.hidden = false;
  box.textContent = problems.map((p) => (p.line > 0 ? `${p.file}:${p.line}:${p.column}: ` : `${p.file}: `) + p.message).join('\n')
    + '\n\n(showing the last good version)';
  document.body.dataset.problems = String(problems.length);
}

function connectLive() {
  const socket = new WebSocket(`ws://${location.host}/live`);
  socket.onmessage = async (event) => {
    const status = JSON.parse(event.data);
    showProblems(status.problems);
    setStatus(status.problems.length ? `${status.problems.length} problem(s) in the latest save` : `version ${status.version}`, status.problems.length > 0);
    if (status.version !== null && status.version !== S.version) await loadSummary();
  };
  socket.onclose = () => { setStatus('disconnected from the studio server; retrying…', true); setTimeout(connectLive, 1000); };
}

// ---- timeline ----
const LANES = ['touch', 'action', 'completion', 'scroll', 'animator', 'gesture', 'contact', 'dynamics', 'system', 'keyframe'];
const LANE_COLORS = { touch: '#ff9500', action: '#0a84ff', completion: '#5e5ce6', scroll: '#30b0c7', animator: '#34c759',
  gesture: '#ffcc00', contact: '#ff3b30', dynamics: '#af52de', system: '#8e8e93', keyframe: '#1c1c1e' };
function drawTimeline() {
  const canvas = $('timeline');
  const width = canvas.clientWidth || 600;
  if (canvas.width !== width) canvas.width = width;
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!S.summary) return;
  const duration = Math.max(S.summary.frameCount - 1, 1) / S.summary.fps;
  const left = 80, right = canvas.width - 8;
  const x = (t) => left + (right - left) * Math.min(t / duration, 1);
  const used = LANES.filter((lane) => S.summary.marks.some((m) => m.lane === lane));
  const rowHeight = Math.max(12, Math.floor((canvas.height - 4) / Math.max(used.length, 1)));
  ctx.font = '11px system-ui, sans-serif';
  used.forEach((lane, row) => {
    const y = 2 + row * rowHeight;
    ctx.fillStyle = '#3a3a3c'; ctx.fillText(lane, 4, y + rowHeight - 3);
    ctx.fillStyle = LANE_COLORS[lane];
    for (const mark of S.summary.marks.filter((m) => m.lane === lane)) ctx.fillRect(Math.round(x(mark.time)) - 1, y + 2, 3, rowHeight - 4);
  });
  for (const touch of S.summary.touches) {   // each finger's time down
    const row = used.indexOf('touch');
    if (row < 0) continue;
    ctx.fillStyle = 'rgba(255,149,0,0.35)';
    ctx.fillRect(x(touch.begin), 2 + row * rowHeight + 4, Math.max(x(touch.end) - x(touch.begin), 1), rowHeight - 8);
  }
  ctx.fillStyle = '#ff2d55';
  ctx.fillRect(Math.round(x(S.frame / S.summary.fps)), 0, 2, canvas.height);
}
function marksNear(time) {
  const frameTime = 1 / fps();
  return S.summary.marks.filter((m) => Math.abs(m.time - time) <= frameTime * 2).map((m) => `${m.time.toFixed(3)} s ${m.label}`);
}
$('timeline').addEventListener('click', (event) => {
  if (!S.summary) return;
  const canvas = $('timeline');
  const left = 80, right = canvas.width - 8;
  const fraction = Math.min(Math.max((event.offsetX - left) / (right - left), 0), 1);
  const duration = Math.max(S.summary.frameCount - 1, 1) / S.summary.fps;
  pause(); seek(Math.round(fraction * duration * fps()));
  canvas.title = marksNear(fraction * duration).join('\n') || 'Click to jump to that time';
});

// ---- overlay: finger paths on demand, the selected view's frame ----
function drawOverlay() {
  const canvas = $('overlay');
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!S.summary) return;
  const scale = S.summary.scale;
  if ($('show-touches').checked) {
    const t = S.frame / S.summary.fps;
    for (const touch of S.summary.touches) {
      ctx.strokeStyle = 'rgba(255,149,0,0.9)'; ctx.lineWidth = 2;
      ctx.beginPath();
      touch.points.forEach(([px, py], i) => (i ? ctx.lineTo(px * scale, py * scale) : ctx.moveTo(px * scale, py * scale)));
      ctx.stroke();
      if (t >= touch.begin && t <= touch.end) {
        const k = Math.min(Math.round((t - touch.begin) * 120), touch.points.length - 1);
        const [px, py] = touch.points[k];
        ctx.fillStyle = 'rgba(255,149,0,0.5)';
        ctx.beginPath(); ctx.arc(px * scale, py * scale, 11 * scale, 0, Math.PI * 2); ctx.fill();
      }
    }
  }
  if (S.selectedFrame) {
    const [fx, fy, fw, fh] = S.selectedFrame;
    ctx.strokeStyle = '#0a84ff'; ctx.lineWidth = 2;
    ctx.strokeRect(fx * scale, fy * scale, fw * scale, fh * scale);
  }
}
$('show-touches').addEventListener('change', drawOverlay);

// ---- inspector ----
async function onFrameClick(event) {
  if (!S.summary) return;
  const x = event.offsetX / S.summary.scale, y = event.offsetY / S.summary.scale;
  const mode = $('hit-mode').value;
  const response = await fetch(`/api/hit?n=${S.frame}&x=${x}&y=${y}&mode=${mode}`, { cache: 'no-store' });
  if (!response.ok) return;
  const hit = await response.json();
  select(hit.id);
}
function fillTree() {
  const tree = $('tree');
  tree.textContent = '';
  for (const node of S.summary.views) {
    const li = document.createElement('li');
    li.textContent = '\u00a0\u00a0'.repeat(node.depth) + node.id;
    li.dataset.id = node.id;
    li.addEventListener('click', () => select(node.id));
    tree.appendChild(li);
  }
  if (S.selected && !S.summary.views.some((v) => v.id === S.selected)) select(null);
  else markSelected();
}
function fillProperties() {
  const list = $('properties');
  list.textContent = '';
  for (const name of S.summary.properties.slice(0, 5000)) {
    const option = document.createElement('option'); option.value = name; list.appendChild(option);
  }
}
function markSelected() {
  for (const li of $('tree').children) li.classList.toggle('selected', li.dataset.id === S.selected);
}
function select(id) {
  S.selected = id;
  $('selected').textContent = id || 'none';
  document.body.dataset.selected = id || '';
  markSelected();
  if (id) { loadValues(); if (!$('plot-property').value) $('plot-property').value = `${id}.frame.y`; }
  else { $('values').textContent = ''; S.selectedFrame = null; drawOverlay(); }
}
async function loadValues() {
  const id = S.selected, frame = S.frame;
  const response = await fetch(`/api/values?n=${frame}&id=${encodeURIComponent(id)}`, { cache: 'no-store' });
  if (!response.ok || id !== S.selected) return;
  const data = await response.json();
  const table = $('values');
  table.textContent = '';
  const value = (path) => (data.values.find((row) => row.path === path) || { value: 0 }).value;
  S.selectedFrame = [value('frame.x'), value('frame.y'), value('frame.width'), value('frame.height')];
  for (const row of data.values) {
    const tr = document.createElement('tr');
    const path = document.createElement('td'); path.className = 'path'; path.textContent = row.path;
    path.title = 'plot it';
    path.addEventListener('click', () => { $('plot-property').value = `${id}.${row.path}`; plotProperty(`${id}.${row.path}`); });
    const cell = document.createElement('td'); cell.textContent = String(row.value);
    tr.append(path, cell); table.appendChild(tr);
  }
  drawOverlay();
}

// ---- plot over the whole scene, with the playhead ----
async function plotProperty(property) {
  if (!property) return;
  const response = await fetch(`/api/trace?property=${encodeURIComponent(property)}`, { cache: 'no-store' });
  if (!response.ok) { $('trace-json').textContent = await response.text(); S.plot = null; drawPlot(); return; }
  const text = await response.text();
  $('trace-json').textContent = text;
  const rows = JSON.parse(text);
  S.plot = { property, values: rows.map((r) => r.values[property]) };
  document.body.dataset.plotted = property;
  drawPlot();
}
function drawPlot() {
  const canvas = $('plot');
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!S.plot || S.plot.values.length === 0) return;
  const values = S.plot.values.map((v) => (v === null ? NaN : v));
  const finite = values.filter(Number.isFinite);
  let low = Math.min(...finite), high = Math.max(...finite);
  if (!(high > low)) { low -= 1; high += 1; }
  const pad = 24, w = canvas.width - pad - 6, h = canvas.height - 2 * 12;
  const x = (i) => pad + (w * i) / Math.max(values.length - 1, 1);
  const y = (v) => 12 + h - (h * (v - low)) / (high - low);
  ctx.strokeStyle = '#d1d1d6'; ctx.strokeRect(pad, 12, w, h);
  ctx.fillStyle = '#3a3a3c'; ctx.font = '10px system-ui, sans-serif';
  ctx.fillText(String(+high.toPrecision(4)), 2, 12); ctx.fillText(String(+low.toPrecision(4)), 2, 12 + h);
  ctx.strokeStyle = '#0a84ff'; ctx.lineWidth = 1.5; ctx.beginPath();
  let drawing = false;
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) { drawing = false; return; }
    if (drawing) ctx.lineTo(x(i), y(v)); else ctx.moveTo(x(i), y(v));
    drawing = true;
  });
  ctx.stroke();
  ctx.fillStyle = '#ff2d55'; ctx.fillRect(Math.round(x(S.frame)), 12, 2, h);
  ctx.fillStyle = '#1c1c1e'; ctx.fillText(S.plot.property, pad + 4, 10);
}
$('plot-button').addEventListener('click', () => plotProperty($('plot-property').value.trim()));
$('plot-property').addEventListener('keydown', (event) => { if (event.key === 'Enter') plotProperty(event.target.value.trim()); });

// ---- goldens ----
$('goldens-button').addEventListener('click', async () => {
  const list = $('goldens');
  list.textContent = 'comparing…';
  const response = await fetch('/api/goldens', { cache: 'no-store' });
  if (!response.ok) { list.textContent = await response.text(); return; }
  const goldens = await response.json();
  list.textContent = goldens.length ? '' : 'no goldens for this scene';
  for (const golden of goldens) {
    const li = document.createElement('li');
    li.className = golden.status;
    li.textContent = `frame ${golden.frame}: ${golden.status}${golden.detail ? ' — ' + golden.detail : ''}`;
    li.addEventListener('click', () => {
      pause(); seek(golden.frame);
      const panel = $('golden-panel');
      if (golden.hasPanel) { panel.src = `/api/golden-panel?frame=${golden.frame}&t=${Date.now()}`; panel.hidden = false; }
      else panel.hidden = true;
    });
    list.appendChild(li);
  }
});

// ---- controls and keys ----
$('play').addEventListener('click', () => (S.playing ? pause() : play()));
$('back').addEventListener('click', () => { pause(); seek(S.frame - 1); });
$('forward').addEventListener('click', () => { pause(); seek(S.frame + 1); });
$('scrubber').addEventListener('input', (event) => { pause(); seek(Number(event.target.value), true); });
$('speed').addEventListener('change', () => { if (S.playing) { S.playStart = performance.now(); S.playOrigin = S.frame; } });
document.addEventListener('keydown', (event) => {
  if (event.target.tagName === 'INPUT' && event.target.type !== 'range') return;
  if (event.target.tagName === 'SELECT') return;
  const step = event.shiftKey ? 10 : 1;
  switch (event.key) {
    case 'ArrowLeft': pause(); seek(S.frame - step); break;
    case 'ArrowRight': pause(); seek(S.frame + step); break;
    case 'Home': pause(); seek(0); break;
    case 'End': pause(); seek(lastFrame()); break;
    case ' ': S.playing ? pause() : play(); break;
    case 'l': case 'L': $('loop').checked = !$('loop').checked; break;
    default: return;
  }
  event.preventDefault();
});
window.addEventListener('resize', drawTimeline);
S.seek = seek; S.play = play; S.pause = pause; S.select = select; S.plotProperty = plotProperty;

(async () => {
  const response = await fetch('/api/status', { cache: 'no-store' });
  const status = await response.json();
  showProblems(status.problems);
  if (status.version !== null) await loadSummary();
  connectLive();
})();
"""#
}
