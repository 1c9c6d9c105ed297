import Foundation
import XCTest
@testable import Motion

final class EasingTests: XCTestCase {
    func testThereAreThirtyOneEasingsAndEachHasAReference() {
        XCTAssertEqual(Easing.allCases.count, 31)
        XCTAssertEqual(Set(Easing.allCases.map(\.name)).count, 31)
        for easing in Easing.allCases {
            XCTAssertNotNil(PennerReference.equations[easing.name], "no reference for \(easing.name)")
        }
        XCTAssertEqual(PennerReference.equations.count, 31)
    }

    func testEndpoints() {
        for easing in Easing.allCases {
            XCTAssertEqual(easing.value(at: 0), 0, accuracy: 1e-12, easing.name)
            XCTAssertEqual(easing.value(at: 1), 1, accuracy: 1e-12, easing.name)
            // Outside 0...1 the time fraction is clamped.
            XCTAssertEqual(easing.value(at: -0.5), easing.value(at: 0), easing.name)
            XCTAssertEqual(easing.value(at: 1.5), easing.value(at: 1), easing.name)
        }
        // Penner special-cases Expo's ends to hit them exactly (the formula alone gives 2⁻¹⁰ away).
        for easing in [Easing.easeInExpo, .easeOutExpo, .easeInOutExpo] {
            XCTAssertEqual(easing.value(at: 0), 0, easing.name)
            XCTAssertEqual(easing.value(at: 1), 1, easing.name)
        }
    }

    func testAgreesWithPennersPublishedEquationsAtAThousandPoints() {
        for easing in Easing.allCases {
            guard let reference = PennerReference.equations[easing.name] else {
                XCTFail("no reference for \(easing.name)"); continue
            }
            for i in 0..<1000 {
                let x = Double(i) / 999
                XCTAssertEqual(easing.value(at: x), reference(x, 0, 1, 1), accuracy: 1e-12, "\(easing.name) at x = \(x)")
            }
        }
    }

    func testKnownValues() {
        XCTAssertEqual(Easing.linear.value(at: 0.3), 0.3, accuracy: 1e-15)
        XCTAssertEqual(Easing.easeInQuad.value(at: 0.5), 0.25, accuracy: 1e-15)
        XCTAssertEqual(Easing.easeOutCubic.value(at: 0.5), 0.875, accuracy: 1e-15)
        XCTAssertEqual(Easing.easeInOutQuint.value(at: 0.25), 0.5 * pow(0.5, 5), accuracy: 1e-15)
        XCTAssertEqual(Easing.easeInOutSine.value(at: 0.5), 0.5, accuracy: 1e-15)
        XCTAssertEqual(Easing.easeInExpo.value(at: 0.5), pow(2, -5), accuracy: 1e-15)
        // easeOutBounce touches 1 at the end of its first arc, t = 1/2.75.
        XCTAssertEqual(Easing.easeOutBounce.value(at: 1 / 2.75), 1, accuracy: 1e-15)
        // Back with s = 1.70158 dips to about −10% (Penner's stated overshoot): minimum at x = 2s/(3(s+1)).
        let s = 1.70158, xMin = 2 * s / (3 * (s + 1))
        XCTAssertEqual(Easing.easeInBack.value(at: xMin), -0.1, accuracy: 1e-3)
    }

    func testSlopeMatchesCentralDifferenceAwayFromKinks() {
        let h = 1e-6
        for easing in Easing.allCases {
            let kinks = Self.kinks(of: easing)
            var checked = 0
            for i in 0..<200 {
                let x = (Double(i) + 0.5) / 200
                if kinks.contains(where: { abs($0 - x) < 1e-4 }) { continue }
                let numeric = (easing.value(at: x + h) - easing.value(at: x - h)) / (2 * h)
                let analytic = easing.slope(at: x)
                XCTAssertEqual(analytic, numeric, accuracy: 1e-5 * max(1, abs(numeric)), "\(easing.name) at x = \(x)")
                checked += 1
            }
            XCTAssertGreaterThanOrEqual(checked, 195, easing.name)
        }
    }

    func testSlopeAtSpecialPoints() {
        // Expo: the limit of the derivative where Penner special-cases the end, 10·ln 2 · 2⁻¹⁰.
        let expoEnd = 10 * log(2.0) / 1024
        XCTAssertEqual(Easing.easeInExpo.slope(at: 0), expoEnd, accuracy: 1e-15)
        XCTAssertEqual(Easing.easeOutExpo.slope(at: 1), expoEnd, accuracy: 1e-15)
        XCTAssertEqual(Easing.easeInOutExpo.slope(at: 0), expoEnd, accuracy: 1e-15)
        XCTAssertEqual(Easing.easeInOutExpo.slope(at: 1), expoEnd, accuracy: 1e-15)
        XCTAssertEqual(Easing.easeInExpo.slope(at: 1), 10 * log(2.0), accuracy: 1e-12)

        // Bounce: right-hand slopes at the kinks, 2·7.5625·(x − centre of the arc to the right).
        XCTAssertEqual(Easing.easeOutBounce.slope(at: 1 / 2.75), -2.75, accuracy: 1e-12)
        XCTAssertEqual(Easing.easeOutBounce.slope(at: 2 / 2.75), -1.375, accuracy: 1e-12)
        XCTAssertEqual(Easing.easeOutBounce.slope(at: 2.5 / 2.75), -0.6875, accuracy: 1e-12)
        XCTAssertEqual(Easing.easeOutBounce.slope(at: 0), 0)
        // easeInBounce at x = 1 − k: to its right lies easeOutBounce's arc to the LEFT of k.
        // (1 − (1 − k) == k exactly for these two k, so the kink is hit exactly.)
        XCTAssertEqual(Easing.easeInBounce.slope(at: 1 - 2 / 2.75), 2.75, accuracy: 1e-12)
        XCTAssertEqual(Easing.easeInBounce.slope(at: 1 - 2.5 / 2.75), 1.375, accuracy: 1e-12)
        XCTAssertEqual(Easing.easeInOutBounce.slope(at: 0.5), 0)
        // The right-hand slope agrees with a forward difference there.
        for (easing, x) in [(Easing.easeOutBounce, 1 / 2.75), (.easeInBounce, 1 - 2 / 2.75)] {
            let h = 1e-8
            let forward = (easing.value(at: x + h) - easing.value(at: x)) / h
            XCTAssertEqual(easing.slope(at: x), forward, accuracy: 1e-5, easing.name)
        }

        // Circ turns vertical; Elastic and Back are smooth through the middle of easeInOut.
        XCTAssertEqual(Easing.easeInCirc.slope(at: 1), .infinity)
        XCTAssertEqual(Easing.easeOutCirc.slope(at: 0), .infinity)
        XCTAssertEqual(Easing.easeInOutElastic.slope(at: 0.5), 10 * log(2.0), accuracy: 1e-12)
        XCTAssertEqual(Easing.easeInOutQuad.slope(at: 0.5), 2, accuracy: 1e-15)
    }

    func testNamedIgnoresCase() {
        XCTAssertEqual(Easing.named("easeOutBounce"), .easeOutBounce)
        XCTAssertEqual(Easing.named("EASEOUTBOUNCE"), .easeOutBounce)
        XCTAssertEqual(Easing.named("easeoutbounce"), .easeOutBounce)
        XCTAssertEqual(Easing.named("Linear"), .linear)
        for easing in Easing.allCases {
            XCTAssertEqual(Easing.named(easing.name.uppercased()), easing)
            XCTAssertEqual(easing.name, easing.rawValue)
        }
        XCTAssertNil(Easing.named("easeOutBounse"))
        XCTAssertNil(Easing.named("easeOutBounce "))
        XCTAssertNil(Easing.named(""))
    }

    /// Where the slope is not defined or not finite: Bounce's kinks, Circ's vertical tangents.
    private static func kinks(of easing: Easing) -> [Double] {
        let bounceOut = [1 / 2.75, 2 / 2.75, 2.5 / 2.75]
        switch easing {
        case .easeOutBounce: return bounceOut
        case .easeInBounce: return bounceOut.map { 1 - $0 }
        case .easeInOutBounce: return bounceOut.map { (1 - $0) / 2 } + bounceOut.map { (1 + $0) / 2 }
        case .easeInCirc, .easeOutCirc, .easeInOutCirc: return [0, 0.5, 1]
        default: return []
        }
    }
}

/// Robert Penner's easing equations as he published them in ActionScript (BSD licence),
/// transcribed line by line into Swift in his (t, b, c, d) form: t elapsed time, b start value,
/// c change, d duration. ActionScript's in-expression updates (`t/=d`, `t-=2`, `--t`) become
/// statements just before the `return`. Deliberately independent of `Easing`.
private enum PennerReference {
    typealias Equation = (_ t: Double, _ b: Double, _ c: Double, _ d: Double) -> Double

    static let equations: [String: Equation] = [
        "linear": { t, b, c, d in c * t / d + b },

        "easeInQuad": { t, b, c, d in let t = t / d; return c * t * t + b },
        "easeOutQuad": { t, b, c, d in let t = t / d; return -c * t * (t - 2) + b },
        "easeInOutQuad": { t, b, c, d in
            var t = t / (d / 2)
            if t < 1 { return c / 2 * t * t + b }
            t -= 1
            return -c / 2 * (t * (t - 2) - 1) + b
        },

        "easeInCubic": { t, b, c, d in let t = t / d; return c * t * t * t + b },
        "easeOutCubic": { t, b, c, d in let t = t / d - 1; return c * (t * t * t + 1) + b },
        "easeInOutCubic": { t, b, c, d in
            var t = t / (d / 2)
            if t < 1 { return c / 2 * t * t * t + b }
            t -= 2
            return c / 2 * (t * t * t + 2) + b
        },

        "easeInQuart": { t, b, c, d in let t = t / d; return c * t * t * t * t + b },
        "easeOutQuart": { t, b, c, d in let t = t / d - 1; return -c * (t * t * t * t - 1) + b },
        "easeInOutQuart": { t, b, c, d in
            var t = t / (d / 2)
            if t < 1 { return c / 2 * t * t * t * t + b }
            t -= 2
            return -c / 2 * (t * t * t * t - 2) + b
        },

        "easeInQuint": { t, b, c, d in let t = t / d; return c * t * t * t * t * t + b },
        "easeOutQuint": { t, b, c, d in let t = t / d - 1; return c * (t * t * t * t * t + 1) + b },
        "easeInOutQuint": { t, b, c, d in
            var t = t / (d / 2)
            if t < 1 { return c / 2 * t * t * t * t * t + b }
            t -= 2
            return c / 2 * (t * t * t * t * t + 2) + b
        },

        "easeInSine": { t, b, c, d in -c * cos(t / d * (Double.pi / 2)) + c + b },
        "easeOutSine": { t, b, c, d in c * sin(t / d * (Double.pi / 2)) + b },
        "easeInOutSine": { t, b, c, d in -c / 2 * (cos(Double.pi * t / d) - 1) + b },

        "easeInExpo": { t, b, c, d in t == 0 ? b : c * pow(2, 10 * (t / d - 1)) + b },
        "easeOutExpo": { t, b, c, d in t == d ? b + c : c * (-pow(2, -10 * t / d) + 1) + b },
        "easeInOutExpo": { t, b, c, d in
            if t == 0 { return b }
            if t == d { return b + c }
            var t = t / (d / 2)
            if t < 1 { return c / 2 * pow(2, 10 * (t - 1)) + b }
            t -= 1
            return c / 2 * (-pow(2, -10 * t) + 2) + b
        },

        "easeInCirc": { t, b, c, d in let t = t / d; return -c * (sqrt(1 - t * t) - 1) + b },
        "easeOutCirc": { t, b, c, d in let t = t / d - 1; return c * sqrt(1 - t * t) + b },
        "easeInOutCirc": { t, b, c, d in
            var t = t / (d / 2)
            if t < 1 { return -c / 2 * (sqrt(1 - t * t) - 1) + b }
            t -= 2
            return c / 2 * (sqrt(1 - t * t) + 1) + b
        },

        "easeInElastic": { t, b, c, d in easeInElastic(t, b, c, d) },
        "easeOutElastic": { t, b, c, d in easeOutElastic(t, b, c, d) },
        "easeInOutElastic": { t, b, c, d in easeInOutElastic(t, b, c, d) },

        "easeInBack": { t, b, c, d in
            let s = 1.70158
            let t = t / d
            return c * t * t * ((s + 1) * t - s) + b
        },
        "easeOutBack": { t, b, c, d in
            let s = 1.70158
            let t = t / d - 1
            return c * (t * t * ((s + 1) * t + s) + 1) + b
        },
        "easeInOutBack": { t, b, c, d in
            var s = 1.70158
            var t = t / (d / 2)
            if t < 1 {
                s *= 1.525
                return c / 2 * (t * t * ((s + 1) * t - s)) + b
            }
            t -= 2
            s *= 1.525
            return c / 2 * (t * t * ((s + 1) * t + s) + 2) + b
        },

        "easeInBounce": { t, b, c, d in easeInBounce(t, b, c, d) },
        "easeOutBounce": { t, b, c, d in easeOutBounce(t, b, c, d) },
        "easeInOutBounce": { t, b, c, d in
            if t < d / 2 { return easeInBounce(t * 2, 0, c, d) * 0.5 + b }
            return easeOutBounce(t * 2 - d, 0, c, d) * 0.5 + c * 0.5 + b
        },
    ]

    /// Penner's optional amplitude `a` and period `p`; `!a || a < Math.abs(c)` picks s = p/4.
    static func elasticShift(_ a: Double?, _ c: Double, _ p: Double) -> (a: Double, s: Double) {
        guard let a, a >= abs(c) else { return (c, p / 4) }
        return (a, p / (2 * Double.pi) * asin(c / a))
    }

    static func easeInElastic(_ t: Double, _ b: Double, _ c: Double, _ d: Double, _ a: Double? = nil, _ p: Double? = nil) -> Double {
        if t == 0 { return b }
        var t = t / d
        if t == 1 { return b + c }
        let p = p ?? d * 0.3
        let (a, s) = elasticShift(a, c, p)
        t -= 1
        return -(a * pow(2, 10 * t) * sin((t * d - s) * (2 * Double.pi) / p)) + b
    }

    static func easeOutElastic(_ t: Double, _ b: Double, _ c: Double, _ d: Double, _ a: Double? = nil, _ p: Double? = nil) -> Double {
        if t == 0 { return b }
        let t = t / d
        if t == 1 { return b + c }
        let p = p ?? d * 0.3
        let (a, s) = elasticShift(a, c, p)
        return a * pow(2, -10 * t) * sin((t * d - s) * (2 * Double.pi) / p) + c + b
    }

    static func easeInOutElastic(_ t: Double, _ b: Double, _ c: Double, _ d: Double, _ a: Double? = nil, _ p: Double? = nil) -> Double {
        if t == 0 { return b }
        var t = t / (d / 2)
        if t == 2 { return b + c }
        let p = p ?? d * (0.3 * 1.5)
        let (a, s) = elasticShift(a, c, p)
        if t < 1 {
            t -= 1
            return -0.5 * (a * pow(2, 10 * t) * sin((t * d - s) * (2 * Double.pi) / p)) + b
        }
        t -= 1
        return a * pow(2, -10 * t) * sin((t * d - s) * (2 * Double.pi) / p) * 0.5 + c + b
    }

    static func easeOutBounce(_ t: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
        var t = t / d
        if t < 1 / 2.75 {
            return c * (7.5625 * t * t) + b
        } else if t < 2 / 2.75 {
            t -= 1.5 / 2.75
            return c * (7.5625 * t * t + 0.75) + b
        } else if t < 2.5 / 2.75 {
            t -= 2.25 / 2.75
            return c * (7.5625 * t * t + 0.9375) + b
        } else {
            t -= 2.625 / 2.75
            return c * (7.5625 * t * t + 0.984375) + b
        }
    }

    static func easeInBounce(_ t: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
        c - easeOutBounce(d - t, 0, c, d) + b
    }
}
