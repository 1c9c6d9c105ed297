import XCTest
@testable import Motion

/// The corners of the spring domain `SpringTiming` accepts: every one settles in finite time,
/// quickly, and exactly; just outside, a clear error.
final class SpringDomainTests: XCTestCase {
    func testEveryCornerOfTheDomainSettlesExactly() throws {
        let zetas = [SpringTiming.dampingRatioRange.lowerBound, 0.5, 1, 2, SpringTiming.dampingRatioRange.upperBound]
        let omegas = [SpringTiming.naturalFrequencyRange.lowerBound, 10, SpringTiming.naturalFrequencyRange.upperBound]
        let velocities = [UIKitSpring.velocityRange.lowerBound, 0, UIKitSpring.velocityRange.upperBound]
        for zeta in zetas {
            for omega in omegas {
                for velocity in velocities {
                    let parameters = try SpringParameters(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
                    let timing = try SpringTiming(parameters: parameters, initialVelocity: velocity)
                    let label = "ζ=\(zeta) ω=\(omega) v=\(velocity)"
                    XCTAssertTrue(timing.duration.isFinite && timing.duration > 0, label)
                    let x = parameters.oscillator.state(at: timing.duration, x0: -1, v0: velocity).position
                    XCTAssertEqual(abs(x), SpringTiming.defaultEpsilon, accuracy: SpringTiming.defaultEpsilon * 1e-6, label)
                }
            }
        }
    }

    func testJustOutsideTheDomainIsAnError() throws {
        let cases: [(SpringParameters, Double, String)] = [
            (try SpringParameters(mass: 1, stiffness: 100, damping: 0.0019), 0, "damping ratio"),
            (try SpringParameters(mass: 1, stiffness: 100, damping: 20_001), 0, "damping ratio"),
            (try SpringParameters(mass: 1, stiffness: 1e11, damping: 1e6), 0, "natural frequency"),
            (try SpringParameters(mass: 1, stiffness: 100, damping: 10), 1001, "velocity"),
            (try SpringParameters(mass: 1, stiffness: 100, damping: 0), 0, "never settles"),
        ]
        for (parameters, velocity, message) in cases {
            XCTAssertThrowsError(try SpringTiming(parameters: parameters, initialVelocity: velocity)) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }

    func testHeavilyOverDampedRootsKeepTheirDigits() {
        // ζ = 1000: the slow root is ≈ −ω/(2ζ); the textbook form −ω(ζ − √(ζ²−1)) loses digits.
        let oscillator = DampedOscillator(naturalFrequency: 10, dampingRatio: 1000)
        let (r1, r2) = oscillator.overDampedRoots
        XCTAssertEqual(r1 * r2, 100, accuracy: 1e-10)
        XCTAssertEqual(r1 + r2, -2 * 1000 * 10, accuracy: 1e-9)
        XCTAssertEqual(r1, -10 / (1000 + (1000.0 * 1000 - 1).squareRoot()) * 1, accuracy: 1e-15)
    }

    func testBezierSlopeAtVerticalEndsIsTheLimit() {
        // easeOut (0, 0, 0.58, 1) leaves t = 0 at slope 3/(3·0.58); easeIn arrives likewise.
        XCTAssertEqual(TimingCurve.easeOut.slope(at: 0), 1 / 0.58, accuracy: 1e-12)
        XCTAssertEqual(TimingCurve.easeIn.slope(at: 1), 1 / 0.58, accuracy: 1e-12)
        // Continuous with the interior slope just after the end.
        XCTAssertEqual(TimingCurve.easeOut.slope(at: 1e-6), 1 / 0.58, accuracy: 1e-2)
    }
}
