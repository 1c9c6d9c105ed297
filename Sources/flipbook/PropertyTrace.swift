import ArgumentParser
import Foundation
import Render
import Scene
import SceneFile

/// Properties' presentation values frame by frame (Player.advance(to:) then
/// presentationValue): what `trace` prints and `plot` draws.
struct PropertyTrace {
    /// The property names as given, e.g. "sheet.frame.y".
    let names: [String]
    /// Frame indices, in order.
    let frames: [Int]
    /// Seconds, frame i at i / fps.
    let times: [Double]
    /// One row per frame, one value per property (NaN for a text).
    let rows: [[Double]]
    /// One row per frame, per property its text when it is a label's text (`ID.text`), else nil.
    let texts: [[String?]]
    /// With `timed`: what simulating the traced frames cost.
    let timings: SimulationTimings?

    /// Traces `names` in `scene` (loaded from `scenePath`) over `frames` at `fps`. Throws a
    /// usage error (64) for an unknown property, with the closest name, or a range outside
    /// the scene. `timed` builds each frame's `Frame` as render does and times it (the values
    /// are the same either way).
    /// `texts` allows `ID.text`, a label's text, which is not a number (JSON output only;
    /// elsewhere it is a usage error saying so).
    init(scene: Scene, scenePath: String, names: [String], fps: Double, frames: FrameRange?, timed: Bool = false, texts allowsText: Bool = false) throws {
        var refs: [PropertyRef?] = []
        var textSlots: [ContentSlotID?] = []
        for name in names {
            if name.hasSuffix(".text"), let view = scene.views.firstIndex(where: { "\($0.id).text" == name }),
               let slot = scene.contentSlot(of: ViewID(view), .labelText) {
                guard allowsText else {
                    throw fail("--property \(name): a label's text is not a number; trace it with --format json", ExitStatus.usage)
                }
                refs.append(nil); textSlots.append(slot)
                continue
            }
            textSlots.append(nil)
            guard let ref = scene.property(named: name) else {
                let hint = closestName(to: name, in: scene.propertyNames).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail("--property \(name): no such property in \(scenePath)\(hint)", ExitStatus.usage)
            }
            refs.append(ref)
        }
        let indices = try frameIndices(scene: scene, fps: fps, frames: frames)
        let setupStart = MonotonicClock.nanoseconds()
        var player = try makePlayer(scene)
        let setup = MonotonicClock.milliseconds(since: setupStart)
        var times: [Double] = [], rows: [[Double]] = [], texts: [[String?]] = []
        var milliseconds = 0.0, commands = 0
        for index in indices {
            let time = Double(index) / fps
            if timed {
                // Render's frame source, Player.frame(at:fps:): advance to index / fps, then build
                // the Frame. Advancing first (frame(at:) then finds the Player there) keeps a
                // failure's message the same as without timings.
                try runningScene(frame: index) {
                    let start = MonotonicClock.nanoseconds()
                    try player.advance(to: time)
                    let frame = try player.frame(at: index, fps: fps)
                    milliseconds += MonotonicClock.milliseconds(since: start)
                    commands += frame.commands.count
                }
            } else {
                try runningScene(frame: index) { try player.advance(to: time) }
            }
            times.append(time)
            rows.append(refs.map { $0.map { player.presentationValue($0) } ?? .nan })
            texts.append(textSlots.map { slot in
                guard let slot, case .text(let text) = player.content(slot) else { return nil }
                return text
            })
        }
        self.names = names
        self.frames = indices
        self.times = times
        self.rows = rows
        self.texts = texts
        self.timings = timed ? SimulationTimings(frames: indices.count, milliseconds: milliseconds, setupMilliseconds: setup,
                                                 commands: commands, statistics: player.statistics) : nil
    }

    /// The `--property` and `--fps` checks `trace` and `plot` share.
    static func validate(properties: [String], fps: Double?) throws {
        if properties.isEmpty { throw ValidationError("give at least one --property ID.PATH, e.g. --property sheet.frame.y") }
        if let repeated = properties.enumerated().first(where: { properties[..<$0.offset].contains($0.element) }) {
            throw ValidationError("--property \(repeated.element) is given twice")
        }
        try requirePositive(fps, "--fps")
    }
}
