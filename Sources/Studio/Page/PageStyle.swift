/// The page's CSS. The frame is shown at its pixel size, never scaled.
enum PageStyle {
    static var text: String { #"""
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.4 system-ui, sans-serif; background: #f5f5f7; color: #1c1c1e; }
header { padding: 8px 12px; background: #1c1c1e; color: #fff; }
header .status { margin-left: 12px; color: #8e8e93; }
header .status.bad { color: #ff453a; }
main { display: flex; gap: 12px; padding: 12px; align-items: flex-start; }
#left { flex: none; }
#right { flex: 1; min-width: 320px; max-width: 480px; }
#stage-wrap { overflow: auto; max-height: calc(100vh - 300px); min-height: 200px; }
#stage { position: relative; display: inline-block; background: \#(PageAssets.stageBackground); line-height: 0; }
#frame { display: block; image-rendering: pixelated; cursor: crosshair; }
#overlay { position: absolute; left: 0; top: 0; pointer-events: none; }
#problems { position: absolute; left: 0; right: 0; top: 0; padding: 10px; background: rgba(40, 0, 0, 0.85);
            color: #fff; font: 12px/1.5 ui-monospace, monospace; line-height: 1.5; white-space: pre-wrap; }
#controls { display: flex; gap: 8px; align-items: center; margin: 8px 0 4px; flex-wrap: wrap; }
#scrubber { width: 100%; }
#timeline { display: block; width: 100%; background: #fff; border: 1px solid #d1d1d6; cursor: pointer; }
#tree { list-style: none; padding-left: 0; max-height: 220px; overflow: auto; margin: 4px 0; }
#tree li { cursor: pointer; padding: 1px 4px; font-family: ui-monospace, monospace; }
#tree li.selected { background: #0a84ff; color: #fff; }
#values-box { max-height: 200px; overflow: auto; }
#values { font-family: ui-monospace, monospace; font-size: 12px; }
#values td { padding: 0 8px 0 0; }
#values td.path { cursor: pointer; color: #0a64c8; }
#plot { border: 1px solid #d1d1d6; background: #fff; }
#trace-json { max-height: 160px; overflow: auto; font-size: 11px; }
.row { margin: 4px 0; }
#goldens li { cursor: pointer; }
#goldens li.mismatched, #goldens li.unreadable { color: #d70015; }
#goldens li.missing { color: #8e8e93; }
#golden-panel { max-width: 100%; border: 1px solid #d1d1d6; }
"""# }
}
