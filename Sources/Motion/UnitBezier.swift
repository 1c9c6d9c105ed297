/// A cubic Bézier timing function from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2),
/// as Core Animation's `CAMediaTimingFunction(controlPoints:)`.
///
/// The curve is parametric: x(s) and y(s) for s in 0...1. Timing asks for y at a given x
/// (progress at a given time fraction), so x(s) = x is solved for s first: Newton's method from
/// s = x, and bisection on [0, 1] whenever Newton leaves the interval, stalls on a flat slope or
/// has not converged. With x1, x2 in 0...1 x(s) is monotonic, so the root is unique.
public struct UnitBezier: Hashable, Sendable {
    public let x1, y1, x2, y2: Double

    /// Polynomial coefficients: x(s) = ((ax·s + bx)·s + cx)·s, likewise y.
    private let ax, bx, cx, ay, by, cy: Double

    /// Legal y control values: any overshoot a designer draws, far from Double's limits.
    public static let controlYRange = -1000.0...1000.0

    /// Why (x1, y1, x2, y2) cannot be a timing curve, or nil: x1 and x2 must lie in 0...1 (so
    /// time only moves forward), y1 and y2 in `controlYRange`, all finite.
    public static func problem(x1: Double, y1: Double, x2: Double, y2: Double) -> String? {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite) else { return "control points must be finite numbers" }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            return "x1 and x2 must lie between 0 and 1, got x1 \(x1.shortestText), x2 \(x2.shortestText)"
        }
        guard controlYRange.contains(y1), controlYRange.contains(y2) else {
            return "y1 and y2 must lie between -1000 and 1000, got y1 \(y1.shortestText), y2 \(y2.shortestText)"
        }
        return nil
    }

    /// The solve stops when |x(s) − x| is at most this.
    public static let tolerance = 1e-9

    /// Control points; `x1` and `x2` must lie in 0...1 (checked by callers that read user input).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "Bézier x control points must lie in 0...1")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        // B(s) = 3(1−s)²s·P1 + 3(1−s)s²·P2 + s³ expands to the power basis below.
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    public func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    public func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    public func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    public func sampleDerivativeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The curve parameter s at which x(s) = `x`, for `x` in 0...1.
    public func solveParameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) <= Self.tolerance { return s }
            let slope = sampleDerivativeX(s)
            if abs(slope) < 1e-12 { break }
            let next = s - error / slope
            if next < 0 || next > 1 { break }
            s = next
        }
        // Bisection: x(s) is non-decreasing on [0, 1], so the bracket always holds the root.
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<100 {
            let value = sampleX(s)
            if abs(value - x) <= Self.tolerance { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// Progress (y) at time fraction `x` in 0...1.
    public func value(at x: Double) -> Double {
        sampleY(solveParameter(forX: x))
    }

    /// dy/dx at time fraction `x`: progress per unit of time fraction.
    public func slope(at x: Double) -> Double {
        let s = solveParameter(forX: x)
        // dy/dx = y′(s)/x′(s). x′ vanishes only at an end with x1 = 0 (s = 0) or x2 = 1 (s = 1);
        // there the slope is the limit of the ratio: by L'Hôpital, the ratio of the first
        // non-vanishing derivatives (y″/x″, then y‴/x‴), or ±∞ if only y′ is non-zero.
        let derivatives: [(x: Double, y: Double)] = [
            (sampleDerivativeX(s), sampleDerivativeY(s)),
            (6 * ax * s + 2 * bx, 6 * ay * s + 2 * by),
            (6 * ax, 6 * ay),
        ]
        for (dx, dy) in derivatives {
            if abs(dx) >= 1e-12 { return dy / dx }
            if abs(dy) >= 1e-12 { return dy > 0 ? .infinity : -.infinity }
        }
        return 0
    }
}
