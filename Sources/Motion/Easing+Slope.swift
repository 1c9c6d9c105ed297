import Foundation

extension Easing {
    /// d(progress)/d(time fraction) at `x` (clamped to 0...1): progress per unit time fraction.
    ///
    /// Derived analytically from the reflections in `Easing`: easeOut′(x) = in′(1 − x),
    /// easeInOut′(x) = in′(2x) for x < 1/2, else in′(2 − 2x). Where Penner special-cases an end
    /// (Expo, Elastic) this is the limit of the derivative from inside the interval. At Bounce's
    /// kinks it is the one-sided derivative from the right. Circ's slope is infinite where its
    /// quarter circle turns vertical (easeIn at 1, easeOut at 0, easeInOut at 1/2).
    public func slope(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        let (family, direction) = shape
        if family == .bounce { return Self.bounceSlope(direction, at: x) }
        switch direction {
        case .in: return family.easeInSlope(x, inOut: false)
        case .out: return family.easeInSlope(1 - x, inOut: false)
        case .inOut:
            return x < 0.5 ? family.easeInSlope(2 * x, inOut: true) : family.easeInSlope(2 - 2 * x, inOut: true)
        }
    }

    /// Right-hand slope of Bounce. easeInBounce(x) = 1 − out(1 − x), so moving right in x moves
    /// left in `out`: its right-hand slope is out's left-hand slope at 1 − x.
    static func bounceSlope(_ direction: Direction, at x: Double) -> Double {
        switch direction {
        case .in: return bounceOutSlope(1 - x, fromLeft: true)
        case .out: return bounceOutSlope(x, fromLeft: false)
        case .inOut:
            // d/dx [in(2x)/2] = in′(2x); d/dx [out(2x − 1)/2 + 1/2] = out′(2x − 1).
            return x < 0.5 ? bounceOutSlope(1 - 2 * x, fromLeft: true) : bounceOutSlope(2 * x - 1, fromLeft: false)
        }
    }

    /// d/dy [k·(y − centre)² + floor] = 2k·(y − centre), on the arc chosen from the given side.
    static func bounceOutSlope(_ y: Double, fromLeft: Bool) -> Double {
        2 * bounceStiffness * (y - bounceArc(containing: y, fromLeft: fromLeft).centre)
    }
}

extension Easing.Family {
    /// d/dy of `easeIn(y, inOut:)`, for y in 0...1.
    func easeInSlope(_ y: Double, inOut: Bool) -> Double {
        switch self {
        case .linear: return 1
        case .quad: return 2 * y
        case .cubic: return 3 * y * y
        case .quart: return 4 * y * y * y
        case .quint: return 5 * y * y * y * y
        case .sine:
            // d/dy [1 − cos(yπ/2)] = (π/2)·sin(yπ/2).
            return Double.pi / 2 * sin(y * (Double.pi / 2))
        case .expo:
            // d/dy 2^(10(y − 1)) = 10·ln 2 · 2^(10(y − 1)); at y = 0 the limit, 10·ln 2 · 2⁻¹⁰.
            return 10 * M_LN2 * pow(2, 10 * (y - 1))
        case .circ:
            // d/dy [1 − √(1 − y²)] = y / √(1 − y²); +∞ at y = 1.
            return y / (1 - y * y).squareRoot()
        case .elastic:
            // f = −2^(10u)·sin θ with u = y − 1, θ = (u − p/4)·ω, ω = 2π/p:
            // f′ = −2^(10u)·(10·ln 2·sin θ + ω·cos θ). At y = 0 and 1 the limits.
            let period = inOut ? Easing.elasticInOutPeriod : Easing.elasticPeriod
            let omega = 2 * Double.pi / period
            let u = y - 1
            let theta = (u - period / 4) * omega
            return -pow(2, 10 * u) * (10 * M_LN2 * sin(theta) + omega * cos(theta))
        case .back:
            // d/dy [(s + 1)·y³ − s·y²] = 3(s + 1)·y² − 2s·y.
            let s = inOut ? Easing.backOvershoot * Easing.backInOutScale : Easing.backOvershoot
            return 3 * (s + 1) * y * y - 2 * s * y
        case .bounce:
            // Not reached: `Easing.slope` handles Bounce with its one-sided rule.
            return Easing.bounceOutSlope(1 - y, fromLeft: true)
        }
    }
}
