/// How an animation maps elapsed seconds to progress (0 at the start value, 1 at the end value).
public enum AnimationTiming: Hashable, Sendable {
    /// A timing curve over `duration` seconds.
    case curve(TimingCurve, duration: Double)
    /// UIKit's duration-based spring.
    case spring(UIKitSpring)
    /// A spring given by its physical constants (Core Animation, SwiftUI, pop, Rebound, ...),
    /// running until it settles.
    case physicalSpring(SpringTiming)

    /// Seconds until the value rests on its target.
    public var duration: Double {
        switch self {
        case .curve(_, let duration): return duration
        case .spring(let spring): return spring.duration
        case .physicalSpring(let spring): return spring.duration
        }
    }

    /// Progress at `t` seconds after the animation began (0 before, 1 after its duration).
    public func progress(at t: Double) -> Double {
        switch self {
        case .curve(let curve, let duration):
            if t <= 0 { return 0 }
            if t >= duration { return 1 }
            return curve.value(at: t / duration)
        case .spring(let spring):
            return spring.progress(at: t)
        case .physicalSpring(let spring):
            return spring.progress(at: t)
        }
    }

    /// d(progress)/dt at `t` seconds, per second.
    public func progressVelocity(at t: Double) -> Double {
        switch self {
        case .curve(let curve, let duration):
            if t < 0 || t >= duration { return 0 }
            return curve.slope(at: t / duration) / duration
        case .spring(let spring):
            return spring.progressVelocity(at: t)
        case .physicalSpring(let spring):
            return spring.progressVelocity(at: t)
        }
    }
}

/// A scalar moving from `from` to `to`, starting at `beginTime` seconds (scene time).
public struct ScalarAnimation: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public var beginTime: Double
    public var timing: AnimationTiming

    public init(from: Double, to: Double, beginTime: Double, timing: AnimationTiming) {
        self.from = from; self.to = to; self.beginTime = beginTime; self.timing = timing
    }

    /// The presentation value at scene time `t`.
    public func value(at t: Double) -> Double {
        from.interpolated(to: to, fraction: timing.progress(at: t - beginTime))
    }

    /// The rate of change at scene time `t`, units per second.
    public func velocity(at t: Double) -> Double {
        (to - from) * timing.progressVelocity(at: t - beginTime)
    }

    /// Scene time at which the value rests on `to`.
    public var endTime: Double { beginTime + timing.duration }
}
