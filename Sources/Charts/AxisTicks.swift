import Foundation

/// "Nice" tick marks for one chart axis: a step of 1, 2, 2.5 or 5 × 10ⁿ (the finest that
/// gives at most `maximumCount` ticks), the axis range widened to whole steps, and labels in
/// compact decimal form ("0", "0.25", "0.5", never "0.30000000000000004").
public struct AxisTicks: Hashable, Sendable {
    /// The axis starts here: the first tick, a whole multiple of `step` at or below the data.
    public var lower: Double
    /// The axis ends here: the last tick, a whole multiple of `step` at or above the data.
    public var upper: Double
    /// The distance between ticks, 1, 2, 2.5 or 5 × 10ⁿ.
    public var step: Double
    /// Every tick from `lower` to `upper`.
    public var values: [Double]
    /// One label per value.
    public var labels: [String]

    /// Ticks covering `lower...upper` (in either order). Non-finite bounds give 0...1; an empty
    /// or vanishingly small range (below 10⁻⁹ of its magnitude) is padded by 10% of its
    /// magnitude (±1 around zero); magnitudes are clamped to 10³⁰⁰.
    public init(covering lower: Double, _ upper: Double, maximumCount: Int = 8) {
        var (lo, hi) = lower.isFinite && upper.isFinite ? (min(lower, upper), max(lower, upper)) : (0, 1)
        lo = min(max(lo, -Self.limit), Self.limit)
        hi = min(max(hi, -Self.limit), Self.limit)
        let magnitude = max(abs(lo), abs(hi))
        if hi - lo <= magnitude * 1e-9 || hi - lo < Double.leastNormalMagnitude {
            let pad = magnitude > 1e-300 ? magnitude * 0.1 : 1
            let middle = (lo + hi) / 2
            (lo, hi) = (middle - pad, middle + pad)
        }
        let count = max(maximumCount, 2)
        var (mantissa, exponent) = Self.firstCandidate(span: hi - lo, count: count)
        // Steps are mantissa × 10^exponent with mantissa 10, 20, 25 or 50, so every tick is an
        // integer times a power of ten and 2.5 × 10ⁿ needs no fractional mantissa.
        while Self.tickIndices(lo, hi, Self.value(mantissa, exponent)).count > count {
            switch mantissa {
            case 10: mantissa = 20
            case 20: mantissa = 25
            case 25: mantissa = 50
            default: (mantissa, exponent) = (10, exponent + 1)
            }
        }
        let step = Self.value(mantissa, exponent)
        let values = Self.tickIndices(lo, hi, step).map { Self.value($0 * mantissa, exponent) }
        self.lower = values.first ?? lo
        self.upper = values.last ?? hi
        self.step = step
        self.values = values
        self.labels = Self.labels(for: values, exponent: exponent)
    }

    private static let limit = 1e300

    /// m × 10ᵉ, computed by one correctly rounded multiplication or division so that
    /// 3 × 10⁻¹ is the double nearest 0.3.
    private static func value(_ m: Int, _ e: Int) -> Double {
        e >= 0 ? Double(m) * pow(10, Double(e)) : Double(m) / pow(10, Double(-e))
    }

    /// A step a little below the finest that could fit, to search upwards from.
    private static func firstCandidate(span: Double, count: Int) -> (Int, Int) {
        let exponent = Int((log10(span / Double(count - 1))).rounded(.down)) - 1
        return (10, exponent - 1)
    }

    /// The whole multiples of `step` from at or below `lo` to at or above `hi`.
    private static func tickIndices(_ lo: Double, _ hi: Double, _ step: Double) -> ClosedRange<Int> {
        let first = (lo / step).rounded(.down), last = (hi / step).rounded(.up)
        guard first.isFinite, last.isFinite, abs(first) < 1e15, abs(last) < 1e15 else { return 0...Int.max - 1 }
        // Values within a part in 10⁹ of a tick count as on it (1e-9 / 1e-9 may be 1.0000000001).
        let near = { (x: Double, r: Double) in abs(x - r) < 1e-9 * max(1, abs(r)) }
        let from = near(lo / step, (lo / step).rounded()) ? (lo / step).rounded() : first
        let to = near(hi / step, (hi / step).rounded()) ? (hi / step).rounded() : last
        return Int(from)...Int(max(from, to))
    }

    /// Fixed-point with as many decimals as the step has, trailing zeros dropped; scientific
    /// ("1.5e7", "2e-5") when every magnitude is 10⁷ or more, or every non-zero one below 10⁻⁴.
    private static func labels(for values: [Double], exponent: Int) -> [String] {
        let magnitude = values.map { abs($0) }.max() ?? 0
        let scientific = magnitude >= 1e7 || (magnitude > 0 && magnitude < 1e-4)
        return values.map { value in
            if value == 0 { return "0" }
            if scientific {
                let digits = max(0, Int(log10(magnitude).rounded(.down)) - exponent)
                let parts = String(format: "%.\(digits)e", value).split(separator: "e")
                return trimmed(String(parts[0])) + "e" + String(Int(parts[1]) ?? 0)
            }
            return trimmed(String(format: "%.\(max(0, -exponent))f", value))
        }
    }

    /// "0.50" -> "0.5", "2.000" -> "2", "-0" -> "0".
    private static func trimmed(_ text: String) -> String {
        var text = text
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
