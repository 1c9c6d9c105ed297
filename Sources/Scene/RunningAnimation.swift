import Motion

/// An animation in flight on one property. Its contribution to the presentation value is
/// `value(at:) − to`: the model value already holds `to`, so a lone animation shows exactly
/// its own value and several add up (Core Animation's additive model).
enum RunningAnimation: Hashable, Sendable {
    case basic(ScalarAnimation)
    case keyframes(KeyframeTiming, beginTime: Double, duration: Double)

    /// The value the animation ends on (the new model value).
    var to: Double {
        switch self {
        case .basic(let animation): return animation.to
        case .keyframes(let keyframes, _, _): return keyframes.values.last ?? 0
        }
    }

    /// Scene time at which the animation ends on `to`.
    var endTime: Double {
        switch self {
        case .basic(let animation): return animation.endTime
        case .keyframes(_, let begin, let duration): return begin + duration
        }
    }

    /// The animated value at scene time `t`; before a keyframe animation begins (a delay) it
    /// holds its first value, as a `CAKeyframeAnimation` with backwards fill does.
    func value(at t: Double) -> Double {
        switch self {
        case .basic(let animation): return animation.value(at: t)
        case .keyframes(let keyframes, let begin, let duration):
            if t >= begin + duration { return to }
            return keyframes.value(at: max(t - begin, 0) / duration)
        }
    }
}
