import XCTest
@testable import Motion

final class TimingCurveTests: XCTestCase {
    func testSolvedParameterReproducesTheRequestedXForNamedCurves() {
        for (name, curve) in TimingCurve.named {
            guard case .cubicBezier(let bezier) = curve else { continue }
            for i in 0...10_000 {
                let x = Double(i) / 10_000
                let s = bezier.solveParameter(forX: x)
                XCTAssertEqual(bezier.sampleX(s), x, accuracy: 1e-7, "\(name) at x=\(x)")
            }
        }
    }

    func testSolvedParameterForRandomLegalControlPoints() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let bezier = UnitBezier(x1: generator.unit(), y1: generator.unit() * 3 - 1, x2: generator.unit(), y2: generator.unit() * 3 - 1)
            for _ in 0..<50 {
                let x = generator.unit()
                XCTAssertEqual(bezier.sampleX(bezier.solveParameter(forX: x)), x, accuracy: 1e-7, "\(bezier) at \(x)")
            }
        }
    }

    func testEndpointsAndKnownValues() {
        for (_, curve) in TimingCurve.named {
            XCTAssertEqual(curve.value(at: 0), 0, accuracy: 1e-12)
            XCTAssertEqual(curve.value(at: 1), 1, accuracy: 1e-12)
        }
        // easeInEaseOut is symmetric: half-way in time is half-way in progress.
        XCTAssertEqual(TimingCurve.easeInEaseOut.value(at: 0.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(TimingCurve.linear.value(at: 0.3), 0.3)
        // easeIn starts slowly: at 25% of the time much less than 25% of the way.
        XCTAssertLessThan(TimingCurve.easeIn.value(at: 0.25), 0.1)
    }

    func testSlopeMatchesFiniteDifference() {
        let curve = TimingCurve.default
        let h = 1e-6
        for x in stride(from: 0.05, to: 0.95, by: 0.1) {
            XCTAssertEqual(curve.slope(at: x), (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h), accuracy: 1e-4)
        }
    }
}

/// A small seeded generator so random tests are reproducible.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
