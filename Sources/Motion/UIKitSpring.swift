import Foundation

/// UIKit's duration-based spring:
/// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`.
///
/// UIKit does not publish how (duration, damping ratio, velocity) become a mass–spring system.
/// We use the model Framer documents as iOS's own ("under the hood, iOS computes the actual
/// tension and friction … based on dampingRatio and duration. The same calculations are used in
/// Framer" — framer/SpringsExample; koenbok/Framer `SpringCurveValueConverter`): unit mass,
/// damping ratio ζ as given, and the natural frequency ω₀ chosen so that an envelope of the
/// oscillation has decayed to ε = 0.001 of the distance exactly at the duration d:
///
///   ζ < 1:  (ζω₀ − v₀) / (ω₀√(1−ζ²)) · e^(−ζω₀d) = ε      (Framer's formula)
///   ζ = 1:  e^(−ω₀d) · ((ω₀ − v₀)·d + 1) = ε              (Framer's formula; exact |x(d)|)
///   ζ > 1:  |x(d)| = ε, x the over-damped solution         (ours: Framer clamps ζ to 1)
///
/// then k = ω₀², c = 2ζω₀. Framer's published example, d = 3, ζ = 0.25, v₀ = 0, gives
/// k = 54.8336…, c = 3.7024…; a test checks we agree.
///
/// The spring runs in real seconds (no time rescaling) and, like a Core Animation animation
/// removed at its duration, the value is the target exactly from t = d on. For ζ ≥ 1 the step
/// there is at most ε of the distance. For ζ < 1 Framer's envelope is only the sine term's
/// amplitude |B| (B = (v₀ − ζω₀)/ω_d) and ignores the cosine term, so the step can reach
/// ε·√(1 + 1/B²): about ε·1.35 at ζ = 0.75, ε·20 (2%) at ζ = 0.05. The formula is also
/// discontinuous as ζ → 1 from below (ω_d → 0). Both are properties of the documented model,
/// kept for fidelity; tests pin them.
///
/// Velocity is UIKit's relative unit: 1.0 = the whole distance per second, positive towards
/// the target.
public struct UIKitSpring: Hashable, Sendable {
    /// Seconds, within `durationRange`.
    public let duration: Double
    /// ζ within `dampingRatioRange` (UIKit documents (0, 1]; above 1 over-damps).
    public let dampingRatio: Double
    /// Distance fractions per second at t = 0, towards the target.
    public let initialVelocity: Double
    /// The unit-mass oscillator this spring runs.
    public let oscillator: DampedOscillator

    /// The envelope's remaining fraction of the distance at t = duration.
    public static let settleFraction = 0.001

    /// Durations (seconds) for which the constants stay well inside Double's range.
    public static let durationRange = 0.001...3600.0
    /// Damping ratios accepted; UIKit documents (0, 1], above 1 over-damps. Below 0.01 the
    /// envelope formula's sine amplitude ζ/√(1−ζ²) nears ε itself, so the solved spring barely
    /// moves and then snaps to the target at the duration: not a spring anyone wants.
    public static let dampingRatioRange = 0.01...100.0
    /// Initial velocities accepted, in distances per second.
    public static let velocityRange = -1000.0...1000.0

    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        precondition(Self.durationRange.contains(duration) && Self.dampingRatioRange.contains(dampingRatio)
                     && Self.velocityRange.contains(initialVelocity), "spring parameters outside the supported ranges")
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
            if zeta == 1 {
                return exp(-omega * d) * abs((omega - v0) * d + 1)
            }
            return abs(DampedOscillator(naturalFrequency: omega, dampingRatio: zeta).state(at: d, x0: -1, v0: v0).position)
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
