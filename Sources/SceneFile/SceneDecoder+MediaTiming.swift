import Motion
import Scene

extension SceneDecoder {
    /// An animation entry's Core Animation timing keys (`CAMediaTiming`).
    static let mediaTimingKeys = ["repeatCount", "repeatDuration", "autoreverses", "speed", "timeOffset", "beginTime", "fillMode",
                                  "removedOnCompletion", "model"]

    /// Who owns the model value while an animation runs: `write` (UIView.animate sets it to the
    /// target at once) or `keep` (a Core Animation explicit animation leaves it as it was).
    enum ModelUpdate: String, CaseIterable { case write, keep }

    /// An animation entry's timing keys, applied to each of its steps: repeats, autoreverse,
    /// speed, offset, fill, `removedOnCompletion` and the model mode; `beginTime` adds to the
    /// step's `delay`.
    func applyMediaTiming(_ fields: Fields, to steps: [AnimationStep]) throws -> [AnimationStep] {
        var media = MediaTiming.once
        let keepsModel = try fields["model"].map { try Self.name($0, ModelUpdate.self, "a model mode") == .keep } ?? false
        // UIKit's delay holds the start value; a Core Animation animation shows nothing outside its active time.
        media.fillMode = try fields["fillMode"].map { try Self.name($0, MediaTiming.FillMode.self, "a fill mode") }
            ?? (keepsModel ? .removed : .backwards)
        if let countNode = fields["repeatCount"] { media.repeatCount = try Self.repeatCount(countNode) }
        if let durationNode = fields["repeatDuration"] {
            if fields["repeatCount"] != nil {
                throw durationNode.error(.invalidValue, "give either 'repeatCount' or 'repeatDuration', not both (Core Animation leaves the pair undefined)")
            }
            media.repeatDuration = try durationNode.positiveSeconds("a repeat duration in seconds")
        }
        if let node = fields["autoreverses"] { media.autoreverses = try node.bool() }
        if let node = fields["speed"] { media.speed = try node.number(in: 0.001...1000, "a speed (local seconds per second)") }
        if let node = fields["timeOffset"] { media.timeOffset = try node.seconds("a time offset in seconds") }
        let beginTime = try fields["beginTime"]?.seconds("a begin time in seconds after the action") ?? 0
        let keptAfterEnd = try fields["removedOnCompletion"].map { try !$0.bool() } ?? false
        return steps.map { step in
            var step = step
            step.media = media
            step.keepsModel = keepsModel
            step.holdsAfterEnd = keptAfterEnd
            step.delay += beginTime
            return step
        }
    }

    /// A repeat count: a number ≥ 0 (fractions stop part-way through a cycle) or `infinity`.
    static func repeatCount(_ node: Located) throws -> Double {
        if case .scalar(let scalar) = node.node, ["infinity", ".inf", "inf"].contains(scalar.string.lowercased()) { return .infinity }
        let count = try node.number("a repeat count (a number of at least 0, or infinity)")
        guard count >= 0 else {
            throw node.error(.invalidValue, "expected a repeat count of at least 0 (or infinity), found \(formatted(count))")
        }
        return count
    }
}
