import Motion

/// An animation in flight on one stored slot.
///
/// An additive animation contributes `value(at:) − to` on top of the model value (which
/// already holds `to`), so several add up (Core Animation's additive model). A non-additive one
/// shows its own value while it runs, whatever the model value.
struct RunningAnimation: Hashable, Sendable {
    enum Curve: Hashable, Sendable {
        case basic(ScalarAnimation)
        /// Keyframe values mapped by `scale · v + offset` onto this slot (a `frame.width`
        /// keyframe also moves the position), beginning at `beginTime`.
        case keyframes(KeyframeTiming, beginTime: Double, duration: Double, scale: Double, offset: Double)
    }
    var curve: Curve
    var isAdditive: Bool
    /// The action run it belongs to, when that run has a completion (`PlayerState.completionRuns`).
    var run: Int? = nil

    /// The value the animation ends on (the new model value).
    var to: Double {
        switch curve {
        case .basic(let animation): return animation.to
        case .keyframes(let keyframes, _, _, let scale, let offset): return scale * (keyframes.values.last ?? 0) + offset
        }
    }

    /// Scene time at which the animation ends on `to`.
    var endTime: Double {
        switch curve {
        case .basic(let animation): return animation.endTime
        case .keyframes(_, let begin, let duration, _, _): return begin + duration
        }
    }

    /// The animated value at scene time `t`; before a delayed animation begins it holds its
    /// first value (UIKit's backwards fill).
    func value(at t: Double) -> Double {
        switch curve {
        case .basic(let animation): return animation.value(at: t)
        case .keyframes(let keyframes, let begin, let duration, let scale, let offset):
            if t >= begin + duration { return to }
            return scale * keyframes.value(at: max(t - begin, 0) / duration) + offset
        }
    }
}
