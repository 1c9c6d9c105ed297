import Motion
import Yams

/// Quantities with units: times and angles. A plain number keeps its base unit (seconds,
/// radians); a quantity is a number written with its unit straight after it, `300ms`, `0.3s`,
/// `45deg`, `1.2rad`, as the scene file's readers take them everywhere a time or an angle goes.
extension Located {
    /// Units of time, in seconds.
    static let timeUnits: [(suffix: String, factor: Double)] = [("ms", 0.001), ("s", 1)]
    /// Units of angle, in radians.
    static let angleUnits: [(suffix: String, factor: Double)] = [("deg", Double.pi / 180), ("rad", 1)]

    /// A time in seconds: a number, or a quantity in `ms` or `s`. Finite; at least 0 unless
    /// `allowsNegative`.
    func seconds(_ what: String, allowsNegative: Bool = false) throws -> Double {
        let value = try quantity(what, units: Self.timeUnits)
        guard allowsNegative || value >= 0 else {
            throw error(.invalidValue, "expected \(what) of at least 0, found \(writtenText)")
        }
        return value
    }

    /// A time in seconds greater than 0: a number, or a quantity in `ms` or `s`.
    func positiveSeconds(_ what: String) throws -> Double {
        let value = try seconds(what, allowsNegative: true)
        guard value > 0 else { throw error(.invalidValue, "expected \(what) greater than 0, found \(writtenText)") }
        return value
    }

    /// A time in seconds within `range`: a number, or a quantity in `ms` or `s`.
    func seconds(in range: ClosedRange<Double>, _ what: String) throws -> Double {
        let value = try seconds(what, allowsNegative: true)
        guard range.contains(value) else {
            throw error(.invalidValue, "expected \(what) between \(formatted(range.lowerBound)) and \(formatted(range.upperBound)), found \(writtenText)")
        }
        return value
    }

    /// An angle in radians: a number (radians), or a quantity in `deg` or `rad`.
    func radians(_ what: String) throws -> Double {
        try quantity(what, units: Self.angleUnits)
    }

    /// The scalar as written, for messages.
    private var writtenText: String {
        if case .scalar(let scalar) = node { return scalar.string }
        return found
    }

    /// A finite number in the base unit: a plain number, or digits followed at once by one of
    /// `units`' suffixes.
    func quantity(_ what: String, units: [(suffix: String, factor: Double)]) throws -> Double {
        guard case .scalar(let scalar) = node, !(scalar.style == .plain && Double(scalar.string) != nil) else {
            return try number(what)
        }
        let text = scalar.string
        // The unit is the run of letters at the end ("1e3ms" is 1e3 and "ms").
        let unitText = String(text.reversed().prefix { $0.isLetter }.reversed())
        let numberText = String(text.dropLast(unitText.count))
        // No number before the letters: `.nan`, `.inf` and words get number()'s own messages.
        guard !unitText.isEmpty, Double(numberText.trimmingCharacters(in: .whitespaces)) != nil else { return try number(what) }
        let suffixes = units.map(\.suffix)
        let written = "\(what): a number, or one with its unit (\(suffixes.joined(separator: ", "))) such as \(Self.example(units))"
        if numberText.last?.isWhitespace == true, Double(numberText.trimmingCharacters(in: .whitespaces)) != nil {
            let trimmed = numberText.trimmingCharacters(in: .whitespaces)
            throw error(.invalidValue, "expected \(written), found '\(text)': write the unit right after the number, as \(trimmed)\(unitText)")
        }
        guard let value = Double(numberText) else { throw error(.wrongType, "expected \(written), found \(found)") }  // "5 e3ms"
        guard let unit = units.first(where: { $0.suffix == unitText }) else {
            let other = (Self.timeUnits + Self.angleUnits).contains { $0.suffix == unitText }
            let hint = other ? " ('\(unitText)' is not a unit of \(what))" : ""
            throw error(.invalidValue, "unknown unit '\(unitText)'\(hint); expected \(written)",
                        suggestion: other ? nil : closestName(to: unitText, in: suffixes))
        }
        let result = value * unit.factor
        guard result.isFinite else { throw error(.invalidValue, "expected \(written), found \(text) (numbers must be finite)") }
        return result
    }

    private static func example(_ units: [(suffix: String, factor: Double)]) -> String {
        units.first?.suffix == "ms" ? "300ms or 0.3s" : "45deg or 0.785rad"
    }
}
