import Motion

/// What one axis of a scroll view is doing between two events; every case is closed-form in
/// time, so any instant is computed directly.
enum AxisMotion: Hashable, Sendable {
    /// Still at an offset.
    case resting(Double)
    /// Following the finger: the offset is `ScrollPhysics.dragged(raw)` with
    /// raw = rawStart − (finger − fingerStart) along the axis, the finger seen at its samples.
    case dragging(rawStart: Double, fingerStart: Double)
    /// Coasting from `begin` (scene seconds); `end` is when it stops or reaches an edge.
    case decelerating(Deceleration, begin: Double, end: Double)
    /// A spring to `target` (bounce or paging): displacement and velocity at `begin`; it rests
    /// exactly on the target at `end`.
    case spring(DampedOscillator, target: Double, displacement: Double, velocity: Double, begin: Double, end: Double)
    /// `setContentOffset(_:animated: true)`.
    case animating(ScalarAnimation)

    /// Scene time at which this motion turns into the next one, or nil (resting, dragging).
    var end: Double? {
        switch self {
        case .resting, .dragging: return nil
        case .decelerating(_, _, let end), .spring(_, _, _, _, _, let end): return end
        case .animating(let animation): return animation.endTime
        }
    }

    /// Whether the content moves by itself (not resting, not under the finger).
    var isMoving: Bool {
        switch self {
        case .resting, .dragging: return false
        default: return true
        }
    }

    /// The offset at `t`; `finger` is the finger's sampled position along the axis at `t`.
    func offset(at t: Double, finger: Double, limits: ClosedRange<Double>, dimension: Double, bounces: Bool) -> Double {
        switch self {
        case .resting(let x): return x
        case let .dragging(rawStart, fingerStart):
            return ScrollPhysics.dragged(rawStart - (finger - fingerStart), limits: limits, dimension: dimension, bounces: bounces)
        case let .decelerating(deceleration, begin, _):
            return deceleration.position(at: t - begin)
        case let .spring(spring, target, displacement, velocity, begin, _):
            return target + spring.state(at: t - begin, x0: displacement, v0: velocity).position
        case .animating(let animation):
            return animation.value(at: t)
        }
    }

    /// Points per second at `t` (0 when resting or dragging: a drag's velocity is the finger's).
    func velocity(at t: Double) -> Double {
        switch self {
        case .resting, .dragging: return 0
        case let .decelerating(deceleration, begin, _): return deceleration.speed(at: t - begin)
        case let .spring(spring, _, displacement, velocity, begin, _):
            return spring.state(at: t - begin, x0: displacement, v0: velocity).velocity
        case .animating(let animation): return animation.velocity(at: t)
        }
    }

    /// A spring from `offset` moving at `velocity` to `target`, ending where it stays within
    /// `ScrollPhysics.springRestDistance`.
    static func spring(_ spring: DampedOscillator, from offset: Double, velocity: Double, to target: Double, at t: Double) -> AxisMotion {
        let displacement = offset - target
        let settle = spring.settlingTime(x0: displacement, v0: velocity, epsilon: ScrollPhysics.springRestDistance)
        guard settle > 0, settle.isFinite else { return .resting(target) }
        return .spring(spring, target: target, displacement: displacement, velocity: velocity, begin: t, end: t + settle)
    }
}
