import XCTest
@testable import Motion

/// The closed form against the equation of motion, the damping ratio against the logarithmic
/// decrement, the exact settling time against dense sampling, and `SpringTiming`.
final class SettlingTests: XCTestCase {
    private let ratios = [0.05, 0.3, 0.7, 1.0, 1.5, 4.0]

    private func oscillator(zeta: Double, omega: Double = 12, mass: Double = 1.7) -> DampedOscillator {
        DampedOscillator(mass: mass, stiffness: mass * omega * omega, damping: 2 * zeta * mass * omega)
    }

    /// x and x″ from this test's own differentiation: amplitude–phase form below critical,
    /// roots of m·r² + c·r + k = 0 above, (x₀ + b·t)·e^(−ω₀t) at critical.
    private func positionAndAcceleration(_ o: DampedOscillator, t: Double, x0: Double, v0: Double) -> (Double, Double) {
        let m = o.mass, k = o.stiffness, c = o.damping
        let omega = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot())
        if abs(zeta - 1) < 1e-9 {
            let b = v0 + omega * x0, decay = exp(-omega * t)
            return (decay * (x0 + b * t), decay * (omega * omega * (x0 + b * t) - 2 * omega * b))
        }
        if zeta < 1 {
            let alpha = c / (2 * m), omegaD = (k / m - alpha * alpha).squareRoot()
            let amplitude = hypot(x0, (v0 + alpha * x0) / omegaD), phase = atan2((v0 + alpha * x0) / omegaD, x0)
            let theta = omegaD * t - phase, decay = amplitude * exp(-alpha * t)
            return (decay * cos(theta), decay * ((alpha * alpha - omegaD * omegaD) * cos(theta) + 2 * alpha * omegaD * sin(theta)))
        }
        let discriminant = (c * c - 4 * m * k).squareRoot()
        let r1 = (-c + discriminant) / (2 * m), r2 = (-c - discriminant) / (2 * m)
        let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
        let e1 = exp(r1 * t), e2 = exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * r1 * e1 + c2 * r2 * r2 * e2)
    }

    // MARK: The closed form

    func testClosedFormSatisfiesTheEquationOfMotion() {
        for zeta in ratios {
            let o = oscillator(zeta: zeta)
            for (x0, v0) in [(-1.0, 0.0), (-1.0, 0.8), (0.4, -30.0)] {
                var worst = 0.0
                for i in 1...1000 {
                    let t = Double(i) * 0.003
                    let state = o.state(at: t, x0: x0, v0: v0)
                    let (x, acceleration) = positionAndAcceleration(o, t: t, x0: x0, v0: v0)
                    let terms = [o.stiffness * state.position, o.damping * state.velocity, o.mass * acceleration]
                    let scale = terms.map(abs).max()!
                    worst = max(worst, abs(terms.reduce(0, +)) / scale)
                    XCTAssertEqual(state.position, x, accuracy: 1e-12 * max(abs(x0), abs(v0) / 12), "ζ=\(zeta) t=\(t)")
                }
                XCTAssertLessThanOrEqual(worst, 1e-9, "ζ=\(zeta) x0=\(x0) v0=\(v0): relative residual")
            }
        }
    }

    func testPositionAndVelocityAreContinuous() {
        // Between samples h apart, the change must be what the derivative predicts (trapezoid
        // rule, error ≤ h³/12·max|third derivative| ≤ (fastest rate·h)³·scale).
        let h = 1e-4
        for zeta in ratios {
            let o = oscillator(zeta: zeta)
            let rate = 12 * max(1, zeta + (max(0, zeta * zeta - 1)).squareRoot())
            for (x0, v0) in [(-1.0, 0.0), (-1.0, 25.0)] {
                let scale = max(abs(x0), abs(v0) / 12) * 4
                var previous = o.state(at: 0, x0: x0, v0: v0)
                for i in 1...20_000 {
                    let current = o.state(at: Double(i) * h, x0: x0, v0: v0)
                    let a0 = -(o.stiffness * previous.position + o.damping * previous.velocity) / o.mass
                    let a1 = -(o.stiffness * current.position + o.damping * current.velocity) / o.mass
                    let positionJump = current.position - previous.position - h * (previous.velocity + current.velocity) / 2
                    let velocityJump = current.velocity - previous.velocity - h * (a0 + a1) / 2
                    XCTAssertLessThanOrEqual(abs(positionJump), pow(rate * h, 3) * scale, "ζ=\(zeta) step \(i)")
                    XCTAssertLessThanOrEqual(abs(velocityJump), pow(rate * h, 3) * rate * scale, "ζ=\(zeta) step \(i)")
                    previous = current
                }
            }
        }
    }

    func testLogarithmicDecrementRecoversTheDampingRatio() {
        for zeta in [0.05, 0.1, 0.3, 0.5] {
            let o = oscillator(zeta: zeta, omega: 2 * .pi * 1.3)
            let period = 2 * .pi / (o.naturalFrequency * (1 - zeta * zeta).squareRoot())
            let dt = period / 2000
            var peaks: [Double] = []
            var t = dt
            // Maxima of x: the velocity changes sign from + to −; refine each by bisection.
            while peaks.count < 2 && t < 20 * period {
                if o.state(at: t - dt, x0: -1, v0: 0).velocity > 0 && o.state(at: t, x0: -1, v0: 0).velocity <= 0 {
                    var low = t - dt, high = t
                    for _ in 0..<80 {
                        let mid = (low + high) / 2
                        if o.state(at: mid, x0: -1, v0: 0).velocity > 0 { low = mid } else { high = mid }
                    }
                    peaks.append(o.state(at: (low + high) / 2, x0: -1, v0: 0).position)
                }
                t += dt
            }
            XCTAssertEqual(peaks.count, 2, "ζ=\(zeta)")
            guard peaks.count == 2 else { continue }
            let delta = log(peaks[0] / peaks[1])
            let recovered = delta / (4 * .pi * .pi + delta * delta).squareRoot()
            XCTAssertEqual(recovered, zeta, accuracy: 0.005 * zeta, "ζ=\(zeta)")
        }
    }

    // MARK: Settling time

    func testSettlingTimeIsExactInEveryRegime() {
        var overshootingOverDamped = 0
        for zeta in [0.05, 0.3, 0.7, 0.95, 1.0, 1.5, 4.0] {
            let o = oscillator(zeta: zeta, omega: 10, mass: 1)
            let slowest = zeta < 1 ? zeta * 10 : 10 * (zeta - (max(0, zeta * zeta - 1)).squareRoot())
            for v0 in [0.0, 3, -8, 40, 150] {
                for epsilon in [1e-3, 1e-2] {
                    let label = "ζ=\(zeta) v0=\(v0) ε=\(epsilon)"
                    let settle = o.settlingTime(x0: -1, v0: v0, epsilon: epsilon)
                    XCTAssertTrue(settle > 0 && settle.isFinite, label)
                    XCTAssertEqual(abs(o.state(at: settle, x0: -1, v0: v0).position), epsilon, accuracy: 1e-9 * epsilon, label)
                    let justBefore = settle * (1 - 1e-7)
                    XCTAssertGreaterThan(abs(o.state(at: justBefore, x0: -1, v0: v0).position), epsilon * (1 - 1e-6), label)
                    let span = 10 / slowest
                    var worst = 0.0
                    for i in 0...20_000 {
                        worst = max(worst, abs(o.state(at: settle + span * Double(i) / 20_000, x0: -1, v0: v0).position))
                    }
                    XCTAssertLessThanOrEqual(worst, epsilon * (1 + 1e-9), label)
                    if zeta > 1 && (0..<2000).contains(where: { o.state(at: Double($0) * 0.001, x0: -1, v0: v0).position > 0 }) {
                        overshootingOverDamped += 1
                    }
                }
            }
        }
        // v0 = 40 at ζ = 1.5 and v0 = 150 at both over-damped ratios cross the target.
        XCTAssertEqual(overshootingOverDamped, 6, "over-damped cases that overshoot")
    }

    func testSettlingTimeEdgeCases() throws {
        let o = oscillator(zeta: 0.95, omega: 10, mass: 1)
        XCTAssertEqual(o.settlingTime(x0: 0, v0: 0, epsilon: 1e-3), 0)
        // Starts inside ε and its overshoot (7e-5 of 5e-4) never leaves it.
        XCTAssertEqual(o.settlingTime(x0: 5e-4, v0: 0, epsilon: 1e-3), 0)
        XCTAssertEqual(o.settlingTime(x0: -1, v0: 0, epsilon: 0), .infinity)
        XCTAssertTrue(o.settlingTime(x0: .nan, v0: 0, epsilon: 1e-3).isNaN)
        let undamped = DampedOscillator(mass: 1, stiffness: 100, damping: 0)
        XCTAssertEqual(undamped.settlingTime(x0: -1, v0: 0, epsilon: 1e-3), .infinity)
        XCTAssertEqual(undamped.settlingTime(x0: 1e-4, v0: 1e-3, epsilon: 1e-3), 0)
        // Continuous across the critical-damping switch of `state(at:)`.
        let critical = oscillator(zeta: 1, omega: 10, mass: 1).settlingTime(x0: -1, v0: 2, epsilon: 1e-3)
        for zeta in [1 - 1e-7, 1 + 1e-7] {
            XCTAssertEqual(oscillator(zeta: zeta, omega: 10, mass: 1).settlingTime(x0: -1, v0: 2, epsilon: 1e-3),
                           critical, accuracy: 1e-5 * critical, "ζ=\(zeta)")
        }
    }

    func testCoreAnimationStyleSettlingDuration() throws {
        // Apple's example (CASpringAnimation.settlingDuration): stiffness 100, mass 1, damping 5
        // "approximately 2.85 seconds", damping 15 "just over 1 second". Core Animation's estimate
        // is undocumented; ours is exact for 0.001 of the distance and comes out shorter.
        for (damping, expected) in [(5.0, 2.6878694889000663), (15, 0.7998656609966889)] {
            let spring = try SpringParameters.caSpringAnimation(damping: damping)
            let settle = spring.settlingDuration()
            XCTAssertEqual(settle, expected, accuracy: 1e-9 * expected, "damping \(damping)")
            // Bounds from the analysis: the envelope R·e^(−αt) reaches ε no earlier than T, and the
            // last peak above ε lies within half a period before t* = ln(R·cos ψ/ε)/α.
            let zeta = spring.dampingRatio, omega = spring.naturalFrequency
            let alpha = zeta * omega, omegaD = omega * (1 - zeta * zeta).squareRoot()
            let amplitude = hypot(1, alpha / omegaD)
            XCTAssertLessThanOrEqual(settle, log(amplitude / 0.001) / alpha)
            XCTAssertGreaterThan(settle, log(amplitude * omegaD / omega / 0.001) / alpha - .pi / omegaD)
            XCTAssertEqual(spring.settlingDuration(initialVelocity: 2),
                           spring.oscillator.settlingTime(x0: -1, v0: 2, epsilon: 0.001))
        }
    }

    // MARK: SpringTiming

    func testSpringTimingRunsTheUnitStepAndSnapsAtItsSettlingTime() throws {
        for (parameters, velocity) in [(try SpringParameters.swiftUI(duration: 0.5, bounce: 0.3), 0.0),
                                       (try SpringParameters.pop(), 2.5), (try SpringParameters.caSpringAnimation(damping: 30), -1)] {
            let timing = try SpringTiming(parameters: parameters, initialVelocity: velocity)
            let o = parameters.oscillator
            XCTAssertEqual(timing.duration, o.settlingTime(x0: -1, v0: velocity, epsilon: 0.001))
            XCTAssertEqual(timing.progress(at: 0), 0)
            XCTAssertEqual(timing.progress(at: -1), 0)
            XCTAssertEqual(timing.progressVelocity(at: 0), velocity, accuracy: 1e-12)
            XCTAssertEqual(timing.progress(at: 0.1), 1 + o.state(at: 0.1, x0: -1, v0: velocity).position, accuracy: 1e-15)
            XCTAssertEqual(timing.progressVelocity(at: 0.1), o.state(at: 0.1, x0: -1, v0: velocity).velocity, accuracy: 1e-15)
            XCTAssertEqual(timing.progress(at: timing.duration), 1)
            XCTAssertEqual(timing.progressVelocity(at: timing.duration), 0)
            // The snap at the duration is ε of the distance, and nothing after it exceeds ε.
            XCTAssertEqual(abs(timing.progress(at: timing.duration.nextDown) - 1), 0.001, accuracy: 1e-9)
        }
    }

    func testSpringTimingRejectsUnsettlingInput() throws {
        let spring = try SpringParameters(mass: 1, stiffness: 100, damping: 0)
        let expectations: [(String, () throws -> SpringTiming)] = [
            ("damping (a spring without damping never settles) must be greater than 0, got 0", { try SpringTiming(parameters: spring) }),
            ("epsilon must be between 0 and 1, exclusive, got 0", { try SpringTiming(parameters: .caSpringAnimation(), epsilon: 0) }),
            ("epsilon must be between 0 and 1, exclusive, got 1", { try SpringTiming(parameters: .caSpringAnimation(), epsilon: 1) }),
            ("velocity must be between -1000 and 1000 and finite, got NaN", { try SpringTiming(parameters: .caSpringAnimation(), initialVelocity: .nan) }),
        ]
        for (expected, make) in expectations {
            do {
                _ = try make()
                XCTFail("expected «\(expected)»")
            } catch {
                XCTAssertEqual((error as? SpringParameterError)?.description, expected)
            }
        }
    }
}
