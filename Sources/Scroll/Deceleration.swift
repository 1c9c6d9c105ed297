import Foundation

/// A scroll view coasting after the finger lifts: UIKit multiplies the velocity by the
/// deceleration rate r every millisecond (`normal` r = 0.998, `fast` r = 0.99). Stepping
/// v ← v·r, x ← x + v·(1 ms) from x₀, v₀ gives after n milliseconds
/// x_n = x₀ + (v₀/1000)·r·(1 − rⁿ)/(1 − r); with n = 1000·t this is the closed form used here,
/// equal to the stepped rule at whole milliseconds, and it rests at
/// x₀ + (v₀/1000)·r/(1 − r), Apple's projection (WWDC 2018 "Designing Fluid Interfaces").
public struct Deceleration: Hashable, Sendable {
    /// Points.
    public var start: Double
    /// Points per second at release.
    public var velocity: Double
    /// Per millisecond, in (0, 1).
    public var rate: Double

    /// How far from the projection (points) the motion ends, resting exactly on it: a jump of
    /// at most a tenth of a point, whatever the rate.
    public static let restDistance = 0.1

    /// Speed (points per second) below which the motion ends: what is left to travel is then
    /// speed/(1000·|ln r|), so this is `restDistance`·1000·|ln r| — 0.2 pt/s at the normal rate,
    /// 1 pt/s at the fast one.
    public var stopSpeed: Double { Self.restDistance * 1000 * -log(rate) }

    public init(start: Double, velocity: Double, rate: Double) {
        self.start = start; self.velocity = velocity; self.rate = rate
    }

    /// Where it comes to rest.
    public var projection: Double { start + velocity / 1000 * rate / (1 - rate) }

    /// Points at `t` seconds after release, before `duration`.
    public func position(at t: Double) -> Double {
        start + velocity / 1000 * rate * (1 - pow(rate, 1000 * t)) / (1 - rate)
    }

    /// d/dt of `position`: v₀·r·(−ln r)/(1 − r)·r^(1000t), points per second.
    public func speed(at t: Double) -> Double {
        velocity * rate * -log(rate) / (1 - rate) * pow(rate, 1000 * t)
    }

    /// Seconds until the speed falls below `stopSpeed` (0 when it starts below).
    public var duration: Double {
        let initial = abs(speed(at: 0)), stop = stopSpeed
        guard initial > stop, stop > 0 else { return 0 }
        return log(stop / initial) / (1000 * log(rate))
    }

    /// Seconds until the position reaches `edge` (moving towards it), or nil if it comes to rest first.
    public func time(reaching edge: Double) -> Double? {
        let distance = edge - start
        guard velocity != 0, distance * velocity > 0 else { return distance == 0 && velocity != 0 ? 0 : nil }
        // start + (v/1000)·r·(1 − q)/(1 − r) = edge, q = r^(1000t)
        let q = 1 - distance * 1000 * (1 - rate) / (velocity * rate)
        guard q > 0 else { return nil }
        let t = log(q) / (1000 * log(rate))
        return t <= duration ? t : nil
    }
}
