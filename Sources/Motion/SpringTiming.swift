/// An animation timing driven by a physical spring: progress runs from 0 to 1 as the unit step
/// response of `parameters`, in real seconds, and is exactly 1 from `duration` on.
///
/// progress(t) = 1 + x(t), where x solves m·x″ + c·x′ + k·x = 0 with x(0) = −1 and
/// x′(0) = `initialVelocity`. `duration` is the exact settling time for `epsilon`
/// (`DampedOscillator.settlingTime`), so the snap to 1 there is at most `epsilon` of the distance,
/// and |progress − 1| ≤ `epsilon` for every t after it even without the snap. Like `UIKitSpring`,
/// the value at and after the duration is the target itself.
public struct SpringTiming: Hashable, Sendable {
    /// The settle threshold Core Animation-style settling uses: 0.001 of the distance.
    public static let defaultEpsilon = 0.001

    /// The spring's physical constants.
    public let parameters: SpringParameters
    /// Distance fractions per second at t = 0, positive towards the target (UIKit's unit).
    public let initialVelocity: Double
    /// Fraction of the distance within which the spring counts as settled, in (0, 1).
    public let epsilon: Double
    /// Seconds until |progress − 1| ≤ `epsilon` for good; progress is exactly 1 from here on.
    public let duration: Double

    /// Damping ratios a spring animation may have: below, it rings for thousands of cycles;
    /// above, it barely moves. Either way the settling analysis would leave Double's range.
    public static let dampingRatioRange = 0.001...1000.0
    /// Natural frequencies ω₀ = √(k/m) a spring animation may have, in radians per second:
    /// periods from about 100 minutes down to about 60 microseconds.
    public static let naturalFrequencyRange = 0.001...100_000.0

    /// Rejected: an undamped spring (it never settles), a damping ratio or natural frequency
    /// outside the ranges above, a velocity outside ±1000 distances per second (as for
    /// `UIKitSpring`), and an `epsilon` outside (0, 1).
    public init(parameters: SpringParameters, initialVelocity: Double = 0,
                epsilon: Double = SpringTiming.defaultEpsilon) throws(SpringParameterError) {
        try SpringParameterError.check(initialVelocity, "velocity", .within(UIKitSpring.velocityRange))
        try SpringParameterError.check(epsilon, "epsilon", .between(0, 1))
        try SpringParameterError.check(parameters.damping, "damping (a spring without damping never settles)", .greaterThanZero)
        try SpringParameterError.check(parameters.dampingRatio, "the damping ratio c/(2√(km))", .within(Self.dampingRatioRange))
        try SpringParameterError.check(parameters.naturalFrequency, "the natural frequency √(k/m) in rad/s", .within(Self.naturalFrequencyRange))
        self.parameters = parameters
        self.initialVelocity = initialVelocity
        self.epsilon = epsilon
        self.duration = parameters.oscillator.settlingTime(x0: -1, v0: initialVelocity, epsilon: epsilon)
    }

    /// Progress (0 at the start, 1 at the target; overshoot beyond 1) at `t` seconds.
    public func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        return 1 + parameters.oscillator.state(at: t, x0: -1, v0: initialVelocity).position
    }

    /// d(progress)/dt at `t` seconds, per second (0 before the start and from the duration on).
    public func progressVelocity(at t: Double) -> Double {
        if t < 0 || t >= duration { return 0 }
        return parameters.oscillator.state(at: t, x0: -1, v0: initialVelocity).velocity
    }
}
