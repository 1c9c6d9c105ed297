import ArgumentParser
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
    /// One row per frame, one value per property.
    let rows: [[Double]]

    /// Traces `names` in `scene` (loaded from `scenePath`) over `frames` at `fps`. Throws a
    /// usage error (64) for an unknown property, with the closest name, or a range outside
    /// the scene.
    init(scene: Scene, scenePath: String, names: [String], fps: Double, frames: FrameRange?) throws {
        var refs: [PropertyRef] = []
        for name in names {
            guard let ref = scene.property(named: name) else {
                let hint = closestName(to: name, in: scene.propertyNames).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail("--property \(name): no such property in \(scenePath)\(hint)", ExitStatus.usage)
            }
            refs.append(ref)
        }
        let indices = try frameIndices(scene: scene, fps: fps, frames: frames)
        var player = try makePlayer(scene)
        var times: [Double] = [], rows: [[Double]] = []
        for index in indices {
            let time = Double(index) / fps
            try runningScene { try player.advance(to: time) }
            times.append(time)
            rows.append(refs.map { player.presentationValue($0) })
        }
        self.names = names
        self.frames = indices
        self.times = times
        self.rows = rows
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
