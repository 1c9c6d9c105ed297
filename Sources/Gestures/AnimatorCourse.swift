import Motion
import Scene

/// The path a property animator's progress follows, both ways, through one state (the pivot):
/// up to its end (progress 1, `fractionComplete` 1) and down to its start (both 0), over one
/// local time axis. Running moves along it forwards, reversed runs move back along it, and
/// pausing and resuming stop and go on it, so none of them can make the values jump, and a
/// reversal retraces the way the values came.
///
/// Each side of the pivot is either the animator's own timeline (its timing, at the local time
/// on its own clock) or the timing `continueAnimation` gave. A timeline side passes through
/// the pivot even when the pivot is off the curve (a linear scrub): the pivot's offset from the
/// curve fades linearly in time to 0 at the side's far end, so the values join the curve where
/// the side ends. Our choice where Apple is silent; see docs/scenes.md.
struct AnimatorCourse: Hashable, Sendable {
    enum Shape: Hashable, Sendable {
        /// The animator's timing (per axis class), at local time τ: progress P(τ), plus the
        /// pivot's offset from the curve fading linearly to 0 at the far end.
        case timeline([AnimationTiming])
        /// A new timing (per axis class) run from the pivot: progress
        /// pivot + (far end − pivot)·P(s), s the seconds from the pivot.
        case retimed([AnimationTiming])
    }

    /// One side of the pivot.
    struct Side: Hashable, Sendable {
        var shape: Shape
        /// Local time of the far end (the start below the pivot, the end above it), seconds.
        var bound: Double
        /// Seconds over which `fractionComplete` moves linearly from the pivot's to the far end's.
        var fractionSpan: Double
    }

    /// Local time of the pivot, seconds on the animator's timeline.
    var pivotTime: Double
    /// Progress at the pivot, per axis class (x-like, y-like, other).
    var pivotProgress: [Double]
    var pivotFraction: Double
    /// Towards the start (progress 0) and towards the end (progress 1).
    var lower: Side
    var upper: Side

    /// Local times of the start and the end (seconds).
    var start: Double { lower.bound }
    var end: Double { upper.bound }

    /// The course along the timeline `timings` (an animator of `duration` seconds) through
    /// progress `q` and fraction `f` at local time `tau`; `.timeline(..., through: [0, 0, 0],
    /// fraction: 0, at: 0)` is the animator's own curve from its start.
    static func timeline(_ timings: [AnimationTiming], duration: Double, through q: [Double], fraction f: Double, at tau: Double) -> AnimatorCourse {
        let length = timings.map(\.duration).max() ?? 0
        let pivot = min(max(tau, 0), length)
        return AnimatorCourse(pivotTime: pivot, pivotProgress: q, pivotFraction: f,
                              lower: Side(shape: .timeline(timings), bound: 0, fractionSpan: f * duration),
                              upper: Side(shape: .timeline(timings), bound: length, fractionSpan: (1 - f) * duration))
    }

    /// Progress (per axis class) and `fractionComplete` at local time `tau`: exactly 0 from the
    /// start down and 1 from the end up.
    func state(at tau: Double) -> (q: [Double], fraction: Double) {
        if tau == pivotTime { return (pivotProgress, pivotFraction) }
        if tau >= upper.bound { return ([1, 1, 1], 1) }
        if tau <= lower.bound { return ([0, 0, 0], 0) }
        let above = tau > pivotTime
        let side = above ? upper : lower
        let target = above ? 1.0 : 0.0
        let distance = abs(tau - pivotTime)
        let q: [Double]
        switch side.shape {
        case .timeline(let timings):
            // The pivot's offset from the curve, fading linearly in time to 0 at the far end.
            let fade = 1 - distance / abs(side.bound - pivotTime)
            q = (0..<3).map { c in
                timings[c].progress(at: tau) + (pivotProgress[c] - timings[c].progress(at: pivotTime)) * fade
            }
        case .retimed(let timings):
            q = (0..<3).map { c in pivotProgress[c] + (target - pivotProgress[c]) * timings[c].progress(at: distance) }
        }
        let u = side.fractionSpan > 0 ? min(distance / side.fractionSpan, 1) : 1
        return (q, pivotFraction + (target - pivotFraction) * u)
    }

    /// The local time on the animator's own timeline that `tau` stands for: itself on a
    /// timeline side, else the same share of the timeline as its `fractionComplete`.
    func timelineTime(at tau: Double, timelineLength: Double) -> Double {
        if tau == pivotTime { return pivotTime }
        if case .timeline = (tau > pivotTime ? upper : lower).shape { return tau }
        return state(at: tau).fraction * timelineLength
    }

    /// The course `continueAnimation` makes from local time `tau`: the new timing from there to
    /// the end (or the start, `towardsStart`), the timeline through the same state on the other side.
    func continued(at tau: Double, with timings: [AnimationTiming], fractionSpan: Double, towardsStart: Bool,
                   timeline: [AnimationTiming], duration: Double) -> AnimatorCourse {
        let (q, f) = state(at: tau)
        let length = timeline.map(\.duration).max() ?? 0
        var course = Self.timeline(timeline, duration: duration, through: q, fraction: f, at: timelineTime(at: tau, timelineLength: length))
        let runs = timings.map(\.duration).max() ?? 0
        let side = Side(shape: .retimed(timings), bound: towardsStart ? course.pivotTime - runs : course.pivotTime + runs, fractionSpan: fractionSpan)
        if towardsStart { course.lower = side } else { course.upper = side }
        return course
    }
}
