import XCTest
@testable import Motion

/// Each parameterisation against its source's formula, evaluated here independently, and against
/// the numbers its source publishes.
final class SpringParameterTests: XCTestCase {
    private func assertConstants(_ spring: SpringParameters, _ mass: Double, _ stiffness: Double, _ damping: Double,
                                 relative: Double = 1e-12, _ label: String = "",
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(spring.mass, mass, accuracy: relative * abs(mass), "mass \(label)", file: file, line: line)
        XCTAssertEqual(spring.stiffness, stiffness, accuracy: relative * abs(stiffness), "stiffness \(label)", file: file, line: line)
        XCTAssertEqual(spring.damping, damping, accuracy: relative * abs(damping), "damping \(label)", file: file, line: line)
    }

    private func assertError<T>(_ expected: String, _ body: () throws -> T,
                                file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try body()
            XCTFail("expected «\(expected)»", file: file, line: line)
        } catch let error as SpringParameterError {
            XCTAssertEqual(error.description, expected, file: file, line: line)
        } catch {
            XCTFail("not a SpringParameterError: \(error)", file: file, line: line)
        }
    }

    // MARK: Validation

    func testEveryInvalidConstantIsNamedWithItsRule() throws {
        assertError("mass must be greater than 0, got -1") { try SpringParameters(mass: -1, stiffness: 100, damping: 10) }
        assertError("mass must be greater than 0, got 0") { try SpringParameters(mass: 0, stiffness: 100, damping: 10) }
        assertError("stiffness must be greater than 0, got -5") { try SpringParameters(mass: 1, stiffness: -5, damping: 10) }
        assertError("stiffness must be greater than 0, got 0") { try SpringParameters(mass: 1, stiffness: 0, damping: 10) }
        assertError("damping must be greater than or equal to 0, got -0.5") { try SpringParameters(mass: 1, stiffness: 100, damping: -0.5) }
        assertError("mass must be greater than 0 and finite, got NaN") { try SpringParameters(mass: .nan, stiffness: 100, damping: 10) }
        assertError("stiffness must be greater than 0 and finite, got NaN") { try SpringParameters(mass: 1, stiffness: .nan, damping: 10) }
        assertError("damping must be greater than or equal to 0 and finite, got NaN") { try SpringParameters(mass: 1, stiffness: 100, damping: .nan) }
        assertError("stiffness must be greater than 0 and finite, got inf") { try SpringParameters(mass: 1, stiffness: .infinity, damping: 10) }
        do {
            _ = try SpringParameters(mass: -1, stiffness: 1, damping: 1)
            XCTFail("negative mass accepted")
        } catch {
            XCTAssertEqual(error, SpringParameterError(parameter: "mass", value: -1, rule: .greaterThanZero))
        }
        // Zero damping (an undamped spring) is a valid spring.
        XCTAssertEqual(try SpringParameters(mass: 1, stiffness: 1, damping: 0).damping, 0)
    }

    func testDerivedQuantities() throws {
        let spring = try SpringParameters(mass: 2, stiffness: 200, damping: 8)
        XCTAssertEqual(spring.naturalFrequency, 10, accuracy: 1e-12)
        XCTAssertEqual(spring.dampingRatio, 0.2, accuracy: 1e-12)
        XCTAssertEqual(spring.response, 2 * .pi / 10, accuracy: 1e-12)
        XCTAssertEqual(spring.bounce, 0.8, accuracy: 1e-12)
        XCTAssertEqual(spring.oscillator, DampedOscillator(mass: 2, stiffness: 200, damping: 8))
    }

    // MARK: Core Animation and UIKit

    func testCoreAnimationDefaultsAreApplesDocumentedOnes() throws {
        assertConstants(try .caSpringAnimation(), 1, 100, 10)
        assertConstants(try .caSpringAnimation(mass: 3, stiffness: 250, damping: 4), 3, 250, 4)
        assertError("damping must be greater than or equal to 0, got -1") { try SpringParameters.caSpringAnimation(damping: -1) }
    }

    func testUIKitMassStiffnessDampingUsesApplesDampingRatioFormula() throws {
        let spring = try SpringParameters.uiSpringTimingParameters(mass: 2, stiffness: 300, damping: 12)
        assertConstants(spring, 2, 300, 12)
        // Apple: "computed from the formula damping / (2 * sqrt (stiffness * mass))".
        XCTAssertEqual(spring.dampingRatio, 12 / (2 * (300.0 * 2).squareRoot()), accuracy: 1e-15)
        assertError("mass must be greater than 0, got 0") { try SpringParameters.uiSpringTimingParameters(mass: 0, stiffness: 1, damping: 1) }
    }

    func testUIKitDampingRatioWithAnimatorDurationIsTheUIViewSpringModel() throws {
        // Framer's published example (framer/SpringsExample): 3 s, ζ 0.25 → 54.8336…, 3.7024….
        assertConstants(try .uiSpringTimingParameters(dampingRatio: 0.25, duration: 3),
                        1, 54.83363359078326, 3.702486785620688, relative: 1e-7)
        for (zeta, velocity, duration) in [(0.5, 0.0, 0.4), (0.8, 2.0, 1.0), (1.0, -1.0, 0.3), (2.0, 0.5, 0.6)] {
            let spring = try SpringParameters.uiSpringTimingParameters(dampingRatio: zeta, initialVelocity: velocity, duration: duration)
            let uiView = UIKitSpring(duration: duration, dampingRatio: zeta, initialVelocity: velocity).oscillator
            assertConstants(spring, uiView.mass, uiView.stiffness, uiView.damping, "ζ=\(zeta)")
            XCTAssertEqual(spring.dampingRatio, zeta, accuracy: 1e-12)
        }
        assertError("duration must be between 0.001 and 3600, got 0") { try SpringParameters.uiSpringTimingParameters(dampingRatio: 1, duration: 0) }
        assertError("dampingRatio must be between 0.01 and 100, got 0") { try SpringParameters.uiSpringTimingParameters(dampingRatio: 0, duration: 1) }
        assertError("initialVelocity must be between -1000 and 1000 and finite, got NaN") {
            try SpringParameters.uiSpringTimingParameters(dampingRatio: 1, initialVelocity: .nan, duration: 1)
        }
    }

    // MARK: SwiftUI

    func testSwiftUIResponseAndDampingRatio() throws {
        for (response, zeta) in [(0.5, 0.7), (0.2, 1.0), (1.3, 0.1), (0.35, 2.5), (0.8, 0.0)] {
            let spring = try SpringParameters.swiftUI(response: response, dampingRatio: zeta)
            // k = m(2π/response)², c = 4πζm/response, m = 1.
            assertConstants(spring, 1, pow(2 * .pi / response, 2), 4 * .pi * zeta / response, "r=\(response)")
            XCTAssertEqual(spring.response, response, accuracy: 1e-12)
            XCTAssertEqual(spring.dampingRatio, zeta, accuracy: 1e-12)
        }
        assertError("response must be greater than 0, got 0") { try SpringParameters.swiftUI(response: 0, dampingRatio: 1) }
        assertError("dampingRatio must be greater than or equal to 0, got -0.1") { try SpringParameters.swiftUI(response: 1, dampingRatio: -0.1) }
    }

    func testSwiftUIDurationAndBounce() throws {
        for (duration, bounce) in [(0.5, 0.3), (0.5, 0.0), (0.25, 0.9), (1.0, -0.5), (0.4, -0.9)] {
            let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            let spring = try SpringParameters.swiftUI(duration: duration, bounce: bounce)
            assertConstants(spring, 1, pow(2 * .pi / duration, 2), 4 * .pi * zeta / duration, "bounce=\(bounce)")
            XCTAssertEqual(spring.bounce, bounce, accuracy: 1e-12, "round trip")
        }
        assertConstants(try .swiftUI(), 1, pow(2 * .pi / 0.5, 2), 4 * .pi / 0.5)
        // Apple's published example (developer.apple.com/documentation/swiftui/spring):
        // Spring(duration: 0.5, bounce: 0.3) is (mass, stiffness, damping) = (1.0, 157.9, 17.6) …
        let example = try SpringParameters.swiftUI(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(example.mass, 1.0, accuracy: 0.05)
        XCTAssertEqual(example.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(example.damping, 17.6, accuracy: 0.05)
        // … and Spring(mass: 1, stiffness: 100, damping: 10) is (duration, bounce) = (0.63, 0.5).
        let reverse = try SpringParameters(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(reverse.response, 0.63, accuracy: 0.005)
        XCTAssertEqual(reverse.bounce, 0.5, accuracy: 0.005)
    }

    func testSwiftUIBounceMustLieStrictlyBetweenMinusOneAndOne() {
        for bounce in [-1.0, 1.0, 1.5, -3] {
            assertError("bounce must be between -1 and 1, exclusive, got \(bounce.shortestText)") {
                try SpringParameters.swiftUI(duration: 0.5, bounce: bounce)
            }
        }
        assertError("bounce must be between -1 and 1, exclusive and finite, got NaN") { try SpringParameters.swiftUI(duration: 0.5, bounce: .nan) }
        assertError("duration must be greater than 0, got -0.5") { try SpringParameters.swiftUI(duration: -0.5, bounce: 0) }
        assertError("duration must be greater than 0 and finite, got NaN") { try SpringParameters.swiftUI(duration: .nan, bounce: 0) }
    }

    // MARK: pop and Rebound

    /// pop/POPMath.mm `b3_nobounce`, transcribed again here.
    private func popNoBounce(_ tension: Double) -> Double {
        if tension <= 18 { return 0.0007 * pow(tension, 3) - 0.031 * pow(tension, 2) + 0.64 * tension + 1.28 }
        if tension <= 44 { return 0.000044 * pow(tension, 3) - 0.006 * pow(tension, 2) + 0.36 * tension + 2 }
        return 0.00000045 * pow(tension, 3) - 0.000332 * pow(tension, 2) + 0.1078 * tension + 5.84
    }

    /// pop/POPAnimationExtras.mm `+convertBounciness:speed:…`, with its helpers inlined: QC values.
    private func popQC(_ bounciness: Double, _ speed: Double) -> (tension: Double, friction: Double) {
        let b = (bounciness / 1.7) / 20 * 0.8
        let qcTension = 0.5 + (speed / 1.7) / 20 * (200 - 0.5)
        let t = 2 * b - b * b
        return (qcTension, t * 0.01 + (1 - t) * popNoBounce(qcTension))
    }

    /// `+convertTension:friction:toBounciness:speed:`, the inverse pop's own tests round-trip.
    private func popInverse(tension: Double, friction: Double) -> (bounciness: Double, speed: Double) {
        let qcFriction = 8 + 2 * ((friction - 25) / (25 - 19))
        let qcTension = 30 + 50 * ((tension - 194) / (375 - 194))
        let noBounce = popNoBounce(qcTension)
        let a = noBounce - 0.01, b = 2 * (0.01 - noBounce), c = noBounce - qcFriction
        let root = (b * b - 4 * a * c).squareRoot()
        let x1 = (-b + root) / (2 * a), x2 = (-b - root) / (2 * a)
        let projected = x2 < 0.8 ? x2 : x1
        return ((20 * 1.7) / 0.8 * projected, (20 * 1.7) / (200 - 0.5) * (qcTension - 0.5))
    }

    func testPopMatchesItsPublishedConversion() throws {
        for bounciness in stride(from: 0.0, through: 20, by: 2.5) {
            for speed in stride(from: 0.0, through: 20, by: 2.5) {
                let qc = popQC(bounciness, speed)
                let tension = 194.0 + ((qc.tension - 30.0) / 50.0) * (375.0 - 194.0)
                let friction = 25.0 + ((qc.friction - 8.0) / 2.0) * (25.0 - 19.0)
                assertConstants(try .pop(bounciness: bounciness, speed: speed), 1, tension, friction, "b=\(bounciness) s=\(speed)")
            }
        }
        // pop's defaults, bounciness 4 and speed 12: tension 342.1006, friction 30.4870 (ζ ≈ 0.82).
        assertConstants(try .pop(), 1, 342.10058823529414, 30.486979648244255, relative: 1e-12)
    }

    /// pop-tests/POPSpringAnimationTests.mm round-trips (12, 5) and (240, 25) within 0.0001.
    func testPopReproducesItsOwnTestNumbers() throws {
        let spring = try SpringParameters.pop(bounciness: 12, speed: 5)
        let back = popInverse(tension: spring.stiffness, friction: spring.damping)
        XCTAssertEqual(back.bounciness, 12, accuracy: 1e-4)
        XCTAssertEqual(back.speed, 5, accuracy: 1e-4)
        let source = popInverse(tension: 240, friction: 25)
        let forward = try SpringParameters.pop(bounciness: source.bounciness, speed: source.speed)
        XCTAssertEqual(forward.stiffness, 240, accuracy: 1e-4)
        XCTAssertEqual(forward.damping, 25, accuracy: 1e-4)
    }

    func testPopRejectsValuesOutsideItsDocumentedRange() {
        assertError("bounciness must be between 0 and 20, got -1") { try SpringParameters.pop(bounciness: -1) }
        assertError("speed must be between 0 and 20, got 20.5") { try SpringParameters.pop(speed: 20.5) }
        assertError("speed must be between 0 and 20 and finite, got NaN") { try SpringParameters.pop(speed: .nan) }
        assertError("bounciness must be between 0 and 20, got 21") { try SpringParameters.rebound(bounciness: 21, speed: 5) }
    }

    func testReboundOrigamiValues() throws {
        // Rebound's SpringConfig.defaultConfig: Origami (40, 7) → tension 230.2, friction 22.
        assertConstants(try .rebound(), 1, 230.2, 22)
        for (tension, friction) in [(40.0, 7.0), (10, 3), (100, 20), (-20, 0.5), (55.5, 0)] {
            let k = (tension - 30.0) * 3.62 + 194.0
            let c = friction == 0 ? 0 : (friction - 8.0) * 3.0 + 25.0
            assertConstants(try .rebound(tension: tension, friction: friction), 1, k, c, "o=(\(tension), \(friction))")
        }
        assertError("stiffness (from Origami tension 0) must be greater than 0, got 0") { try SpringParameters.rebound(tension: 0, friction: 7) }
        let negative = ((-30.0 - 30.0) * 3.62 + 194.0).shortestText  // -23.2, to rounding
        assertError("stiffness (from Origami tension -30) must be greater than 0, got \(negative)") {
            try SpringParameters.rebound(tension: -30, friction: 7)
        }
        assertError("damping (from Origami friction -1) must be greater than or equal to 0, got -2") {
            try SpringParameters.rebound(tension: 40, friction: -1)
        }
        assertError("tension must be a finite number, got NaN") { try SpringParameters.rebound(tension: .nan, friction: 7) }
    }

    func testReboundBouncinessAndSpeedIsBouncyConversionThenOrigami() throws {
        for (bounciness, speed) in [(0.0, 0.0), (4, 12), (12, 5), (20, 20), (7.5, 1)] {
            // rebound BouncyConversion(speed, bounciness) → SpringConfig.fromOrigamiTensionAndFriction.
            let qc = popQC(bounciness, speed)
            let spring = try SpringParameters.rebound(bounciness: bounciness, speed: speed)
            assertConstants(spring, 1, (qc.tension - 30.0) * 3.62 + 194.0, (qc.friction - 8.0) * 3.0 + 25.0)
            // pop writes the same lines as (q − 30)/50·181 and (q − 8)/2·6: equal to rounding.
            assertConstants(spring, 1, try SpringParameters.pop(bounciness: bounciness, speed: speed).stiffness,
                            try SpringParameters.pop(bounciness: bounciness, speed: speed).damping, relative: 1e-13)
        }
    }
}
