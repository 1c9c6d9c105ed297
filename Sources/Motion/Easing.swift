import Foundation

/// Robert Penner's easing equations (Penner, "Programming Macromedia Flash MX", ch. 7, and his
/// published ActionScript easing equations, BSD licence), written here from the maths.
///
/// Each maps a time fraction x in 0...1 to progress (0 at the start value, 1 at the end value),
/// Penner's `f(t, b, c, d)` with b = 0, c = 1, d = 1. Back and Elastic overshoot outside 0...1.
///
/// Penner writes every family three times; all three are one "ease in" curve `in` reflected:
///
///   easeOut(x)   = 1 − in(1 − x)
///   easeInOut(x) = in(2x) / 2              for x < 1/2
///                = 1 − in(2 − 2x) / 2      otherwise
///
/// Expanding Penner's easeOut and easeInOut formulas gives exactly these (e.g. easeOutQuad
/// −x(x − 2) = 1 − (1 − x)²); for Elastic it holds because, with amplitude 1, the phase shift is
/// a quarter period, so sin((u − s)ω) = −cos(uω) is even in u. Bounce is the exception: Penner
/// defines easeOutBounce directly and derives easeIn from it, as done below. The test file
/// re-implements Penner's formulas as published and checks agreement to 1e-12.
public enum Easing: String, CaseIterable, Hashable, Sendable {
    case linear
    case easeInQuad, easeOutQuad, easeInOutQuad
    case easeInCubic, easeOutCubic, easeInOutCubic
    case easeInQuart, easeOutQuart, easeInOutQuart
    case easeInQuint, easeOutQuint, easeInOutQuint
    case easeInSine, easeOutSine, easeInOutSine
    case easeInExpo, easeOutExpo, easeInOutExpo
    case easeInCirc, easeOutCirc, easeInOutCirc
    case easeInElastic, easeOutElastic, easeInOutElastic
    case easeInBack, easeOutBack, easeInOutBack
    case easeInBounce, easeOutBounce, easeInOutBounce

    /// The name a scene file uses: the case name, e.g. "easeOutBounce".
    public var name: String { rawValue }

    /// The easing called `name`, ignoring case ("EASEOUTBOUNCE" finds `.easeOutBounce`), or nil.
    public static func named(_ name: String) -> Easing? {
        let wanted = name.lowercased()
        return allCases.first { $0.rawValue.lowercased() == wanted }
    }

    /// Progress at time fraction `x` (clamped to 0...1); 0 at x = 0 and 1 at x = 1.
    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        let (family, direction) = shape
        if family == .bounce { return Self.bounce(direction, at: x) }
        switch direction {
        case .in: return family.easeIn(x, inOut: false)
        case .out: return 1 - family.easeIn(1 - x, inOut: false)
        case .inOut:
            return x < 0.5 ? family.easeIn(2 * x, inOut: true) / 2 : 1 - family.easeIn(2 - 2 * x, inOut: true) / 2
        }
    }
}

extension Easing {
    /// The shape Penner's equation family gives an "ease in" curve.
    enum Family {
        case linear, quad, cubic, quart, quint, sine, expo, circ, elastic, back, bounce
    }

    /// Which end of the motion the curve eases.
    enum Direction { case `in`, out, inOut }

    /// Penner's overshoot for Back: 1.70158 gives a 10% overshoot.
    static let backOvershoot = 1.70158
    /// easeInOutBack scales the overshoot by 1.525 (Penner's `s *= 1.525`).
    static let backInOutScale = 1.525
    /// Elastic period as a fraction of the duration (Penner's default p = d · 0.3).
    static let elasticPeriod = 0.3
    /// easeInOutElastic's period, Penner's p = d · (0.3 · 1.5).
    static let elasticInOutPeriod = 0.3 * 1.5

    var shape: (family: Family, direction: Direction) {
        switch self {
        case .linear: return (.linear, .in)
        case .easeInQuad: return (.quad, .in)
        case .easeOutQuad: return (.quad, .out)
        case .easeInOutQuad: return (.quad, .inOut)
        case .easeInCubic: return (.cubic, .in)
        case .easeOutCubic: return (.cubic, .out)
        case .easeInOutCubic: return (.cubic, .inOut)
        case .easeInQuart: return (.quart, .in)
        case .easeOutQuart: return (.quart, .out)
        case .easeInOutQuart: return (.quart, .inOut)
        case .easeInQuint: return (.quint, .in)
        case .easeOutQuint: return (.quint, .out)
        case .easeInOutQuint: return (.quint, .inOut)
        case .easeInSine: return (.sine, .in)
        case .easeOutSine: return (.sine, .out)
        case .easeInOutSine: return (.sine, .inOut)
        case .easeInExpo: return (.expo, .in)
        case .easeOutExpo: return (.expo, .out)
        case .easeInOutExpo: return (.expo, .inOut)
        case .easeInCirc: return (.circ, .in)
        case .easeOutCirc: return (.circ, .out)
        case .easeInOutCirc: return (.circ, .inOut)
        case .easeInElastic: return (.elastic, .in)
        case .easeOutElastic: return (.elastic, .out)
        case .easeInOutElastic: return (.elastic, .inOut)
        case .easeInBack: return (.back, .in)
        case .easeOutBack: return (.back, .out)
        case .easeInOutBack: return (.back, .inOut)
        case .easeInBounce: return (.bounce, .in)
        case .easeOutBounce: return (.bounce, .out)
        case .easeInOutBounce: return (.bounce, .inOut)
        }
    }

    /// Bounce in each direction, from Penner's easeOutBounce:
    /// easeInBounce(x) = 1 − easeOutBounce(1 − x);
    /// easeInOutBounce(x) = easeInBounce(2x)/2 for x < 1/2, else easeOutBounce(2x − 1)/2 + 1/2.
    static func bounce(_ direction: Direction, at x: Double) -> Double {
        switch direction {
        case .in: return 1 - bounceOut(1 - x)
        case .out: return bounceOut(x)
        case .inOut: return x < 0.5 ? (1 - bounceOut(1 - 2 * x)) / 2 : bounceOut(2 * x - 1) / 2 + 0.5
        }
    }

    /// Penner's easeOutBounce: k·y² up to y = 1/2.75, then three smaller bounces, each
    /// k·(y − centre)² + floor. k = 7.5625 = 2.75², so every arc reaches exactly 1 at its ends.
    static func bounceOut(_ y: Double) -> Double {
        let arc = bounceArc(containing: y, fromLeft: false)
        let offset = y - arc.centre
        return bounceStiffness * offset * offset + arc.floor
    }

    static let bounceStiffness = 7.5625

    /// The arc of easeOutBounce that holds `y`. At a boundary between two arcs Penner's `<`
    /// tests pick the later one (`fromLeft: false`); `fromLeft: true` picks the earlier one.
    static func bounceArc(containing y: Double, fromLeft: Bool) -> (centre: Double, floor: Double) {
        func before(_ edge: Double) -> Bool { fromLeft ? y <= edge : y < edge }
        if before(1 / 2.75) { return (0, 0) }
        if before(2 / 2.75) { return (1.5 / 2.75, 0.75) }
        if before(2.5 / 2.75) { return (2.25 / 2.75, 0.9375) }
        return (2.625 / 2.75, 0.984375)
    }
}

extension Easing.Family {
    /// Penner's easeIn curve of this family at y in 0...1. `inOut` selects the constants Penner
    /// uses in his easeInOut variant (Back's larger overshoot, Elastic's longer period).
    func easeIn(_ y: Double, inOut: Bool) -> Double {
        switch self {
        case .linear: return y
        case .quad: return y * y
        case .cubic: return y * y * y
        case .quart: return y * y * y * y
        case .quint: return y * y * y * y * y
        case .sine:
            // Penner: −c·cos(t/d · π/2) + c.
            return 1 - cos(y * (Double.pi / 2))
        case .expo:
            // Penner: c · 2^(10(t/d − 1)), special-cased to exactly b at t = 0 (the formula gives
            // 2⁻¹⁰ there). At y = 1 it is 2⁰ = 1 exactly.
            return y == 0 ? 0 : pow(2, 10 * (y - 1))
        case .circ:
            // Penner: −c·(√(1 − t²) − 1).
            return 1 - (1 - y * y).squareRoot()
        case .elastic:
            // Penner: −(a · 2^(10u) · sin((u·d − s)·2π/p)) with u = t/d − 1, special-cased to b
            // and b + c at the ends. For an amplitude a ≤ |c| he sets a = c and s = p/4 (the
            // general s = p/(2π)·asin(c/a) also gives p/4 at a = c = 1).
            if y == 0 { return 0 }
            if y == 1 { return 1 }
            let period = inOut ? Easing.elasticInOutPeriod : Easing.elasticPeriod
            let u = y - 1
            return -(pow(2, 10 * u) * sin((u - period / 4) * (2 * Double.pi) / period))
        case .back:
            // Penner: c·t²·((s + 1)·t − s).
            let s = inOut ? Easing.backOvershoot * Easing.backInOutScale : Easing.backOvershoot
            return y * y * ((s + 1) * y - s)
        case .bounce:
            return 1 - Easing.bounceOut(1 - y)
        }
    }
}
