import Foundation

/// Ouroboros as the article (seed 000) gives it, transcribed line by line from its
/// Objective-C with numbers for values: `insertObject:inScalesAtIndex:` (chaining and the
/// overlap assertion), `getCurrentValueWithPosition:` (a linear scan) and
/// `calculateInternalValueWithPercent:` (Penner's `f(t, b, c, d)` with t = offset·percent·1000,
/// d = offset·1000). `isCurrentPositionOnScale:` and `isSeparateWithScale:` are the library's
/// (both ends inclusive; touching scales are separate).
final class ArticleScale {
    typealias Function = (_ t: Double, _ b: Double, _ c: Double, _ d: Double) -> Double
    var fromValue = 0.0
    /// Set by the test instead of by chaining (a `from:` given in a scene file).
    var explicitFrom: Double?
    var toValue: Double
    var trigger: Double
    var offset: Double
    var function: Function
    var stop: Double { trigger + offset }

    init(trigger: Double, offset: Double, to: Double, from: Double? = nil, function: @escaping Function) {
        self.trigger = trigger; self.offset = offset; self.toValue = to; self.explicitFrom = from; self.function = function
    }

    func isCurrentPositionOnScale(_ position: Double) -> Bool { position >= trigger && position <= stop }
    func isSeparate(with scale: ArticleScale) -> Bool { scale.stop <= trigger || scale.trigger >= stop }

    func calculateInternalValue(withPercent percent: Double) -> Double {
        let percent = percent < 0 ? 0 : (percent > 1 ? 1 : percent)
        let value = function(offset * percent * 1000, 0, 1, offset * 1000)
        return fromValue + (toValue - fromValue) * value
    }
}

final class ArticleOuroboros {
    let startValue: Double
    var scales: [ArticleScale] = []

    init(startValue: Double) { self.startValue = startValue }

    /// `insertObject:inScalesAtIndex:` at the end (`addObject:`); false where Ouroboros asserts.
    func add(_ currentScale: ArticleScale) -> Bool {
        var previousScale: ArticleScale?, afterScale: ArticleScale?
        for scale in scales {
            guard scale.isSeparate(with: currentScale) else { return false }
            if scale.trigger >= currentScale.stop && (afterScale == nil || afterScale!.trigger >= scale.stop) {
                afterScale = scale
            } else if scale.stop <= currentScale.trigger && (previousScale == nil || previousScale!.stop <= scale.trigger) {
                previousScale = scale
            }
        }
        currentScale.fromValue = currentScale.explicitFrom ?? previousScale?.toValue ?? startValue
        if let afterScale, afterScale.explicitFrom == nil { afterScale.fromValue = currentScale.toValue }
        scales.append(currentScale)
        return true
    }

    func getCurrentValue(withPosition position: Double) -> Double {
        var previousScale: ArticleScale?, afterScale: ArticleScale?
        for scale in scales {
            if scale.isCurrentPositionOnScale(position) {
                let percent = (position - scale.trigger) / scale.offset
                return scale.calculateInternalValue(withPercent: percent)
            } else if scale.trigger > position && (afterScale == nil || afterScale!.trigger > scale.trigger) {
                afterScale = scale
            } else if scale.stop < position && (previousScale == nil || previousScale!.stop < scale.stop) {
                previousScale = scale
            }
        }
        if let previousScale { return previousScale.toValue }
        if let afterScale { return afterScale.fromValue }
        preconditionFailure("FATAL ERROR, Unknown current value")
    }
}

/// Penner's equations as he published them (t: time, b: begin, c: change, d: duration).
enum Penner {
    static let linear: ArticleScale.Function = { t, b, c, d in c * t / d + b }
    static let easeInQuad: ArticleScale.Function = { t, b, c, d in let t = t / d; return c * t * t + b }
    static let easeOutQuad: ArticleScale.Function = { t, b, c, d in let t = t / d; return -c * t * (t - 2) + b }
    static let easeInOutQuad: ArticleScale.Function = { t, b, c, d in
        var t = t / (d / 2)
        if t < 1 { return c / 2 * t * t + b }
        t -= 1
        return -c / 2 * (t * (t - 2) - 1) + b
    }
    static let easeInOutCubic: ArticleScale.Function = { t, b, c, d in
        var t = t / (d / 2)
        if t < 1 { return c / 2 * t * t * t + b }
        t -= 2
        return c / 2 * (t * t * t + 2) + b
    }
    static let easeInSine: ArticleScale.Function = { t, b, c, d in -c * cos(t / d * (Double.pi / 2)) + c + b }
    static let easeOutBack: ArticleScale.Function = { t, b, c, d in
        let s = 1.70158, t = t / d - 1
        return c * (t * t * ((s + 1) * t + s) + 1) + b
    }
    static let easeOutBounce: ArticleScale.Function = { t, b, c, d in
        var t = t / d
        if t < 1 / 2.75 { return c * (7.5625 * t * t) + b }
        if t < 2 / 2.75 { t -= 1.5 / 2.75; return c * (7.5625 * t * t + 0.75) + b }
        if t < 2.5 / 2.75 { t -= 2.25 / 2.75; return c * (7.5625 * t * t + 0.9375) + b }
        t -= 2.625 / 2.75
        return c * (7.5625 * t * t + 0.984375) + b
    }
}

/// A small seeded generator (SplitMix64), so the random scales are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
