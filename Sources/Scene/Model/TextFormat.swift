import Motion

/// A label text computed when an action runs: `"Updated {count} items"` in a `set:`, its parts
/// literal text or an expression's value in shortest form ("3", "0.5") or with a fixed number
/// of decimals (`{x:.1f}`).
public struct TextFormat: Hashable, Sendable {
    public enum Part: Hashable, Sendable {
        case literal(String)
        /// `decimals`: digits after the point, or nil for the shortest form.
        case value(Expression, decimals: Int?)
    }

    public var parts: [Part]
    public init(parts: [Part]) { self.parts = parts }

    /// The text, each expression given its value by `evaluate`.
    public func text(_ evaluate: (Expression) throws -> Double) rethrows -> String {
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .value(let expression, let decimals): result += Self.format(try evaluate(expression), decimals: decimals)
            }
        }
        return result
    }

    /// The most decimals `{x:.Nf}` may ask for.
    public static let maximumDecimals = 9

    /// `value` in shortest round-trip form, or rounded to `decimals` places ("2.50"); −0 prints
    /// as 0. A value too large for the decimals asked (10¹⁵ or more after scaling) prints in
    /// shortest form.
    public static func format(_ value: Double, decimals: Int?) -> String {
        let value = value == 0 ? 0 : value
        guard let decimals else { return value.shortestText }
        guard value.isFinite else { return value.shortestText }
        let scale = pow10(decimals)
        // value × 10ⁿ rounded half away from zero, then the point put back.
        let rounded = (abs(value) * scale).rounded()
        guard rounded < 1e15 else { return value.shortestText }
        let negative = value < 0 && rounded > 0
        var digits = String(Int64(rounded))
        if decimals > 0 {
            while digits.count <= decimals { digits = "0" + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return (negative ? "-" : "") + digits
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }
}
