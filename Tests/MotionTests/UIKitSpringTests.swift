import XCTest
@testable import Motion

final class UIKitSpringTests: XCTestCase {
    /// Framer's published example (framer/SpringsExample README): duration 3, damping 0.25
    /// become tension 54.83363359078326 and friction 3.702486785620688.
    func testMatchesFramersPublishedConversion() {
        let spring = UIKitSpring(duration: 3, dampingRatio: 0.25, initialVelocity: 0)
        XCTAssertEqual(spring.oscillator.stiffness, 54.83363359078326, accuracy: 1e-6)
        XCTAssertEqual(spring.oscillator.damping, 3.702486785620688, accuracy: 1e-7)
        XCTAssertEqual(spring.oscillator.mass, 1)
    }

    func testSolverSatisfiesTheEnvelopeEquation() {
        for (zeta, velocity) in [(0.75, 0.8), (0.9, 0.9), (0.3, 0), (1.0, 0.5)] {
            let spring = UIKitSpring(duration: 0.5, dampingRatio: zeta, initialVelocity: velocity)
            let omega = spring.oscillator.naturalFrequency
            let envelope: Double
            if zeta < 1 {
                envelope = abs(zeta * omega - velocity) / (omega * (1 - zeta * zeta).squareRoot()) * exp(-zeta * omega * 0.5)
            } else {
                envelope = exp(-omega * 0.5) * abs((omega - velocity) * 0.5 + 1)
            }
            XCTAssertEqual(envelope, UIKitSpring.settleFraction, accuracy: 1e-12, "ζ=\(zeta)")
        }
    }

    /// The step where the animation snaps onto its target, measured on the motion itself.
    private func stepAtEnd(_ spring: UIKitSpring) -> Double {
        abs(spring.progress(at: spring.duration * (1 - 1e-12)) - 1)
    }

    func testCriticalAndOverDampedSpringsEndWithinTheSettleFraction() {
        for zeta in [1.0, 1.0 + 1e-9, 1.2, 1.5, 2, 4, 20] {
            for velocity in [0.0, 0.5, 2, -1] {
                let spring = UIKitSpring(duration: 0.5, dampingRatio: zeta, initialVelocity: velocity)
                XCTAssertLessThanOrEqual(stepAtEnd(spring), UIKitSpring.settleFraction * (1 + 1e-6), "ζ=\(zeta) v=\(velocity)")
            }
        }
        // Continuous across ζ = 1 from above.
        let critical = UIKitSpring(duration: 0.5, dampingRatio: 1, initialVelocity: 0.5).oscillator.naturalFrequency
        let justOver = UIKitSpring(duration: 0.5, dampingRatio: 1 + 1e-7, initialVelocity: 0.5).oscillator.naturalFrequency
        XCTAssertEqual(justOver, critical, accuracy: critical * 1e-5)
    }

    func testUnderDampedStepIsBoundedAsDocumented() {
        // Framer's envelope measures only the sine term: the step is at most ε·√(1 + 1/B²).
        for zeta in [0.05, 0.3, 0.5, 0.75, 0.9] {
            for velocity in [0.0, 0.8] {
                let spring = UIKitSpring(duration: 0.5, dampingRatio: zeta, initialVelocity: velocity)
                let omega = spring.oscillator.naturalFrequency
                let b = (velocity - zeta * omega) / (omega * (1 - zeta * zeta).squareRoot())
                let bound = UIKitSpring.settleFraction * (1 + 1 / (b * b)).squareRoot()
                XCTAssertLessThanOrEqual(stepAtEnd(spring), bound * (1 + 1e-6), "ζ=\(zeta) v=\(velocity)")
            }
        }
        // The documented worst case in the scene's range: below 2% at ζ = 0.05.
        XCTAssertLessThan(stepAtEnd(UIKitSpring(duration: 1, dampingRatio: 0.05)), 0.02)
    }

    func testStartsAtZeroWithTheRequestedVelocityAndEndsExactlyAtTheDuration() {
        let spring = UIKitSpring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 0.8)
        XCTAssertEqual(spring.progress(at: 0), 0)
        XCTAssertEqual(spring.progressVelocity(at: 0), 0.8, accuracy: 1e-12)
        XCTAssertEqual(spring.progress(at: 0.5), 1)
        XCTAssertEqual(spring.progress(at: 0.75), 1)
        XCTAssertEqual(spring.progressVelocity(at: 0.5), 0)
        // Just before the end it is within the settle fraction of the target: no visible jump.
        XCTAssertEqual(spring.progress(at: 0.5 - 1e-9), 1, accuracy: UIKitSpring.settleFraction)
    }

    func testUnderDampedSpringOvershoots() {
        let spring = UIKitSpring(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0)
        let peak = stride(from: 0.0, to: 0.5, by: 0.001).map(spring.progress(at:)).max() ?? 0
        // Overshoot of a unit step is e^(−πζ/√(1−ζ²)) = 16.3% at ζ = 0.5.
        XCTAssertEqual(peak, 1 + exp(-Double.pi * 0.5 / (0.75).squareRoot()), accuracy: 2e-3)
    }

    func testVelocityIsTheDerivativeOfProgress() {
        let spring = UIKitSpring(duration: 0.5, dampingRatio: 0.9, initialVelocity: 0.9)
        let h = 1e-6
        for t in stride(from: 0.01, to: 0.49, by: 0.04) {
            let numeric = (spring.progress(at: t + h) - spring.progress(at: t - h)) / (2 * h)
            XCTAssertEqual(spring.progressVelocity(at: t), numeric, accuracy: 1e-5)
        }
    }
}
