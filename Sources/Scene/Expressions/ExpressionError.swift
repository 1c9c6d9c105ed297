/// Why an `ExpressionNode` cannot become an `Expression`. Each names the offending text.
public enum ExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A number where a boolean is needed, or the reverse; `in` is the offending sub-expression.
    case typeMismatch(expected: ExpressionType, found: ExpressionType, in: String)
    /// A call with the wrong number of arguments; `expected` is e.g. "2 or more".
    case wrongArgumentCount(ExpressionFunction, expected: String, found: Int)
    /// A sub-expression made only of literals whose value is not finite: `sqrt(-1)`, `1e308 * 10`.
    case nonFiniteConstant(String)
    /// A division (or remainder) by a constant zero anywhere: `x / 0`, `x / (2 - 2)`, `x % 0`.
    case divisionByZeroConstant(String)
    /// More than `Expression.maximumTerms` numbers and names, or nested deeper than
    /// `Expression.maximumDepth`; the text is the whole expression (shortened if long).
    case tooComplex(String)

    public var description: String {
        switch self {
        case .typeMismatch(let expected, let found, let text):
            return "expected a \(expected.rawValue), found a \(found.rawValue) in '\(text)'"
        case .wrongArgumentCount(let function, let expected, let found):
            return "'\(function.rawValue)' takes \(expected) argument\(expected == "1" ? "" : "s") (\(function.signature)), found \(found)"
        case .nonFiniteConstant(let text):
            return "'\(text)' is constant and not a finite number"
        case .divisionByZeroConstant(let text):
            return "division by zero in '\(text)'"
        case .tooComplex(let text):
            return "'\(text)' has more than \(Expression.maximumTerms) numbers and names or nests deeper than \(Expression.maximumDepth)"
        }
    }
}
