import Foundation

/// A mass on a spring with viscous damping: m·x″ + c·x′ + k·x = 0, solved in closed form.
///
/// `x` is the displacement from the resting point. The three regimes follow from the roots of
/// m·r² + c·r + k = 0 with ω₀ = √(k/m) and ζ = c / (2√(km)):
/// - under-damped (ζ < 1): x = e^(−ζω₀t)·(x₀·cos ω_d t + (v₀ + ζω₀x₀)/ω_d · sin ω_d t), ω_d = ω₀√(1−ζ²)
/// - critically damped (ζ = 1): x = e^(−ω₀t)·(x₀ + (v₀ + ω₀x₀)·t)
/// - over-damped (ζ > 1): x = C₁e^(r₁t) + C₂e^(r₂t), r₁,₂ = −ω₀(ζ ∓ √(ζ²−1)),
///   C₂ = (v₀ − r₁x₀)/(r₂ − r₁), C₁ = x₀ − C₂.
public struct DampedOscillator: Hashable, Sendable {
    /// Mass (arbitrary units; only ratios with stiffness and damping matter).
    public let mass: Double
    /// Spring constant k, force per unit displacement.
    public let stiffness: Double
    /// Viscous damping coefficient c, force per unit velocity.
    public let damping: Double

    public init(mass: Double, stiffness: Double, damping: Double) {
        precondition(mass > 0 && stiffness > 0 && damping >= 0, "invalid oscillator constants")
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
    }

    /// The oscillator with natural angular frequency `omega` (rad/s) and damping ratio `zeta`,
    /// for unit mass: k = ω², c = 2ζω.
    public init(naturalFrequency omega: Double, dampingRatio zeta: Double) {
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }

    /// ω₀ = √(k/m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)); 1 is critical damping.
    public var dampingRatio: Double { damping / (2 * stiffness.squareRoot() * mass.squareRoot()) }

    /// The roots r₁ > r₂ of m·r² + c·r + k = 0 for ζ > 1, computed without cancellation:
    /// r₂ = −ω₀(ζ + √(ζ² − 1)) directly (√(ζ² − 1) as ζ·√(1 − 1/ζ²), which cannot overflow),
    /// and r₁ = ω₀²/r₂ from r₁·r₂ = k/m, instead of −ω₀(ζ − √(ζ² − 1)), which loses every
    /// digit when ζ is large.
    public var overDampedRoots: (Double, Double) {
        let omega = naturalFrequency, zeta = dampingRatio
        let r2 = -omega * (zeta + zeta * (1 - 1 / (zeta * zeta)).squareRoot())
        return (omega * omega / r2, r2)
    }

    /// Displacement and velocity at time `t` (seconds) from displacement `x0` and velocity `v0`.
    public func state(at t: Double, x0: Double, v0: Double) -> (position: Double, velocity: Double) {
        let omega = naturalFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            let decay = exp(-omega * t)
            let b = v0 + omega * x0
            return (decay * (x0 + b * t), decay * (v0 - omega * t * b))
        }
        if zeta < 1 {
            let alpha = zeta * omega
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let decay = exp(-alpha * t)
            let cosine = cos(omegaD * t), sine = sin(omegaD * t)
            let b = (v0 + alpha * x0) / omegaD
            let position = decay * (x0 * cosine + b * sine)
            // d/dt of the above: the cosine term collects −αx₀ + ω_d·b = v₀.
            let velocity = decay * (v0 * cosine - (alpha * v0 + omega * omega * x0) / omegaD * sine)
            return (position, velocity)
        }
        let (r1, r2) = overDampedRoots
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        let e1 = exp(r1 * t), e2 = exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }
}
