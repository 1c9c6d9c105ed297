import Foundation

/// UIKit's duration-based spring:
/// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`.
///
/// UIKit does not publish how (duration, damping ratio, velocity) become a mass–spring system.
/// We use the model Framer documents as iOS's own ("under the hood, iOS computes the actual
/// tension and friction … based on dampingRatio and duration. The same calculations are used in
/// Framer" — framer/SpringsExample; koenbok/Framer `SpringCurveValueConverter`): unit mass,
/// damping ratio ζ as given, and the natural frequency ω₀ chosen so that the oscillation's
/// envelope has decayed to ε = 0.001 of the distance exactly at the duration d:
///
///   ζ < 1:  (ζω₀ − v₀) / (ω₀√(1−ζ²)) · e^(−ζω₀d) = ε
///   ζ ≥ 1:  e^(−ω₀d) · ((ω₀ − v₀)·d + 1) = ε
///
/// then k = ω₀², c = 2ζω₀. (Framer's published example, d = 3, ζ = 0.25, v₀ = 0, gives
/// k = 54.8336…, c = 3.7024…; a test checks we agree.) The spring runs in real seconds (no time
/// rescaling) and, like a Core Animation animation removed at its duration, the value is the
/// target exactly from t = d on: the step there is at most ε of the distance.
///
/// Velocity is UIKit's relative unit: 1.0 = the whole distance per second, positive towards
/// the target.
public struct UIKitSpring: Hashable, Sendable {
    /// Seconds; > 0.
    public let duration: Double
    /// ζ in (0, 1] as UIKit documents (values above 1 are accepted and over-damp).
    public let dampingRatio: Double
    /// Distance fractions per second at t = 0, towards the target.
    public let initialVelocity: Double
    /// The unit-mass oscillator this spring runs.
    public let oscillator: DampedOscillator

    /// The envelope's remaining fraction of the distance at t = duration.
    public static let settleFraction = 0.001

    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        precondition(duration > 0 && dampingRatio > 0, "invalid spring parameters")
        self.duration = duration
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        let omega = Self.naturalFrequency(duration: duration, dampingRatio: dampingRatio, velocity: initialVelocity)
        self.oscillator = DampedOscillator(naturalFrequency: omega, dampingRatio: dampingRatio)
    }

    /// Progress (0 at the start, 1 at the target; overshoot beyond 1) at `t` seconds.
    public func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        return 1 + oscillator.state(at: t, x0: -1, v0: initialVelocity).position
    }

    /// d(progress)/dt at `t` seconds (0 before the start and from the duration on).
    public func progressVelocity(at t: Double) -> Double {
        if t < 0 || t >= duration { return 0 }
        return oscillator.state(at: t, x0: -1, v0: initialVelocity).velocity
    }

    /// Solves the envelope equation above for ω₀ (rad/s).
    static func naturalFrequency(duration d: Double, dampingRatio zeta: Double, velocity v0: Double) -> Double {
        let epsilon = settleFraction
        func envelope(_ omega: Double) -> Double {
            if zeta < 1 {
                return abs(zeta * omega - v0) / (omega * (1 - zeta * zeta).squareRoot()) * exp(-zeta * omega * d)
            }
            return exp(-omega * d) * abs((omega - v0) * d + 1)
        }
        // Bracket the largest crossing: from Framer's starting guess 5/d, grow until the
        // envelope is below ε, then bisect between the last point above and the first below.
        var low = 0.0
        var high = 5 / d
        while envelope(high) > epsilon {
            low = high
            high *= 2
        }
        if low == 0 {
            // Already below ε at the guess: walk down until above, keeping the bracket.
            low = high / 2
            while envelope(low) <= epsilon && low > 1e-9 { high = low; low /= 2 }
        }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if envelope(mid) > epsilon { low = mid } else { high = mid }
            if high - low <= 1e-14 * high { break }
        }
        return (low + high) / 2
    }
}
