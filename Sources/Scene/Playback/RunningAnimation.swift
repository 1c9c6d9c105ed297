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
        /// One component of a point moving along a path, beginning at `beginTime`.
        case path(KeyframePath, PathComponent, beginTime: Double, duration: Double)
    }
    var curve: Curve
    var isAdditive: Bool
    /// The action run it belongs to, when that run has a completion (`PlayerState.completionRuns`).
    var run: Int? = nil
    /// Kept after its end until something replaces or sets the slot (Core Animation's
    /// `isRemovedOnCompletion = false`); it shows its last value there with a forwards fill.
    var holdsAfterEnd = false
    /// Repeats, autoreverse, speed, offset and fill (`MediaTiming`), over the curve's duration.
    var media = MediaTiming.once
    /// Core Animation's explicit animation: the model value stays as it was (`to` is not
    /// written to it), and the animation shows its own value over it while it runs.
    var keepsModel = false

    /// The value the animation ends on (the new model value).
    var to: Double {
        switch curve {
        case .basic(let animation): return animation.to
        case .keyframes(let keyframes, _, _, let scale, let offset): return scale * (keyframes.values.last ?? 0) + offset
        case .path(let path, let component, _, _): return component.value(of: path, at: 1)
        }
    }

    /// Scene seconds the animation begins at.
    var beginTime: Double {
        switch curve {
        case .basic(let animation): return animation.beginTime
        case .keyframes(_, let begin, _, _, _), .path(_, _, let begin, _): return begin
        }
    }

    /// The curve's own (simple) duration, seconds.
    var simpleDuration: Double {
        switch curve {
        case .basic(let animation): return animation.timing.duration
        case .keyframes(_, _, let duration, _, _), .path(_, _, _, let duration): return duration
        }
    }

    /// Scene time at which the active time ends (`.infinity` for an infinite repeat).
    var endTime: Double { beginTime + media.sceneDuration(duration: simpleDuration) }

    /// The animated value at scene time `t`, or nil when the animation shows nothing then (its
    /// fill mode leaves the model value showing). Before a delayed animation begins it holds its
    /// first value with a backwards fill (UIKit's delay, the default).
    func value(at t: Double) -> Double? {
        guard let u = media.simpleTime(elapsed: t - beginTime, duration: simpleDuration) else { return nil }
        switch curve {
        case .basic(let animation):
            return animation.from.interpolated(to: animation.to, fraction: animation.timing.progress(at: u))
        case .keyframes(let keyframes, _, let duration, let scale, let offset):
            if u >= duration { return scale * (keyframes.values.last ?? 0) + offset }
            return scale * keyframes.value(at: u / duration) + offset
        case .path(let path, let component, _, let duration):
            return component.value(of: path, at: u / duration)
        }
    }
}
