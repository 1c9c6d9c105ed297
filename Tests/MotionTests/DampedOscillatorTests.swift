import XCTest
@testable import Motion

final class DampedOscillatorTests: XCTestCase {
    /// Integrates m·x″ + c·x′ + k·x = 0 with classical RK4 at a fine step.
    private func integrate(_ o: DampedOscillator, x0: Double, v0: Double, until end: Double, step: Double = 1e-5) -> (Double, Double) {
        var x = x0, v = v0
        func accel(_ x: Double, _ v: Double) -> Double { -(o.stiffness * x + o.damping * v) / o.mass }
        var t = 0.0
        while t < end - 1e-12 {
            let h = min(step, end - t)
            let k1x = v, k1v = accel(x, v)
            let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
        }
        return (x, v)
    }

    func testClosedFormMatchesNumericalIntegrationInEveryRegime() {
        for zeta in [0.05, 0.3, 0.7, 1.0, 1.5, 4.0] {
            let oscillator = DampedOscillator(naturalFrequency: 12, dampingRatio: zeta)
            for t in [0.05, 0.2, 0.5, 1.0] {
                let closed = oscillator.state(at: t, x0: -1, v0: 0.8)
                let numeric = integrate(oscillator, x0: -1, v0: 0.8, until: t)
                XCTAssertEqual(closed.position, numeric.0, accuracy: 1e-9, "ζ=\(zeta) t=\(t) position")
                XCTAssertEqual(closed.velocity, numeric.1, accuracy: 1e-8, "ζ=\(zeta) t=\(t) velocity")
            }
        }
    }

    func testInitialConditionsAreHonoured() {
        for zeta in [0.05, 1.0, 4.0] {
            let state = DampedOscillator(naturalFrequency: 7, dampingRatio: zeta).state(at: 0, x0: -3, v0: 2)
            XCTAssertEqual(state.position, -3, accuracy: 1e-12)
            XCTAssertEqual(state.velocity, 2, accuracy: 1e-12)
        }
    }

    func testDampingRatioAndFrequencyRoundTrip() {
        let oscillator = DampedOscillator(mass: 2, stiffness: 200, damping: 8)
        XCTAssertEqual(oscillator.naturalFrequency, 10, accuracy: 1e-12)
        XCTAssertEqual(oscillator.dampingRatio, 8 / (2 * (400.0).squareRoot()), accuracy: 1e-12)
    }
}
