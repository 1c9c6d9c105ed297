import Motion
import Scene

extension SceneDecoder {
    /// The most points a `path:` touch may list (two minutes of 120 Hz samples).
    static let maximumPathPoints = 14_400
    /// The most touches a scene may script.
    static let maximumTouches = 1_000

    static let dragKeys = ["from", "to", "at", "duration", "curve"]
    static let flickKeys = ["from", "to", "at", "duration", "velocity"]

    /// A scripted finger, or nil when the entry is not a touch:
    /// - `drag: {from: [x, y], to: [x, y], at: T, duration: D, curve: NAME}` (curve default linear),
    /// - `flick: {from: [x, y], velocity: [vx, vy], at: T, duration: D, to: [x, y]}`: released at
    ///   the given velocity (points per second); `to` defaults to from + velocity × duration,
    ///   `duration` to 0.1 s,
    /// - `path: [[t, x, y], ...]` with `at: T` beside it: times in seconds after `at` (default 0),
    ///   the first 0.
    /// `finger: N` (default 0) beside any of them.
    func decodeTouch(_ fields: Fields, node: Located, duration: Double) throws -> TouchStroke? {
        let kinds = ["drag", "flick", "path"].filter { fields[$0] != nil }
        guard let kind = kinds.first else { return nil }
        if kinds.count > 1 { throw fields[kinds[1]]!.error(.invalidValue, "an input entry is one touch: '\(kinds[0])' or '\(kinds[1])', not both") }
        for other in ["tap", "run"] where fields[other] != nil {
            throw fields[other]!.error(.invalidValue, "an input entry is either a touch ('\(kind)') or '\(other)', not both")
        }
        var finger = 0
        if let fingerNode = fields["finger"] {
            let value = try fingerNode.number(in: 0...9, "a finger number 0…9")
            guard value == value.rounded() else { throw fingerNode.error(.invalidValue, "expected a whole finger number 0…9, found \(formatted(value))") }
            finger = Int(value)
        }
        let touchNode = fields[kind]!
        if kind == "path" {
            let begin = try fields["at"]?.seconds(in: 0...duration, withinTheScene) ?? 0
            var samples: [(time: Double, point: Point)] = []
            let points = try touchNode.sequence("path points [t, x, y]")
            if points.count > Self.maximumPathPoints {
                throw points[Self.maximumPathPoints].error(.invalidValue, "a touch path may have at most \(Self.maximumPathPoints) points; this one has \(points.count)")
            }
            for item in points {
                let v = try item.numbers(3, "a path point [t, x, y] (seconds after 'at', then points)")
                samples.append((v[0], Point(x: v[1], y: v[2])))
            }
            return TouchStroke(finger: finger, begin: begin, duration: samples.last.map { $0.time } ?? 0, path: .sampled(samples))
        }
        if let at = fields["at"] { throw at.error(.invalidValue, "a \(kind)'s time goes inside it: \(kind): {at: ...}") }
        let inner = try touchNode.mapping(allowed: kind == "drag" ? Self.dragKeys : Self.flickKeys)
        let begin = try inner.require("at", "the time the finger touches down, in seconds").seconds(in: 0...duration, withinTheScene)
        let from = try inner.require("from", "where the finger touches down, [x, y] in canvas points").point()
        if kind == "drag" {
            let to = try inner.require("to", "where the finger lifts, [x, y] in canvas points").point()
            let length = try inner.require("duration", "how long the finger moves, in seconds").positiveSeconds("a duration in seconds")
            let curve = try inner["curve"].map { try decodeCurve($0) } ?? .linear
            return TouchStroke(finger: finger, begin: begin, duration: length, path: .line(from: from, to: to, curve: curve))
        }
        let velocity = try inner.require("velocity", "the release velocity [vx, vy] in points per second").point()
        let length = try inner["duration"]?.positiveSeconds("a duration in seconds") ?? 0.1
        let to = try inner["to"]?.point() ?? Point(x: from.x + velocity.x * length, y: from.y + velocity.y * length)
        return TouchStroke(finger: finger, begin: begin, duration: length, path: .line(from: from, to: to, curve: .linear),
                           releaseVelocity: velocity)
    }
}
