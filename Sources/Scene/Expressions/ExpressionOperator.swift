/// A prefix operator: `-x` on a number, `!c` on a condition.
public enum UnaryOperator: String, Hashable, Sendable {
    case negate = "-", not = "!"

    /// The type it takes, which is also the type it gives.
    public var operandType: ExpressionType { self == .negate ? .number : .boolean }
}

/// An infix operator, as scene files spell it.
public enum BinaryOperator: String, Hashable, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/"
    /// The remainder of truncating division, with the sign of the left operand (Swift's `%`,
    /// C's `fmod`): `7 % 3` is 1, `-7 % 3` is -1, `7.5 % 2` is 1.5.
    case remainder = "%"
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case equal = "==", notEqual = "!="
    case and = "&&", or = "||"

    /// How tightly it binds, 1 (`||`) to 6 (`*` `/` `%`); operators of one level associate to the left.
    /// `?:` binds more loosely than all of them, unary operators more tightly.
    public var precedence: Int {
        switch self {
        case .or: return 1
        case .and: return 2
        case .equal, .notEqual: return 3
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return 4
        case .add, .subtract: return 5
        case .multiply, .divide, .remainder: return 6
        }
    }

    /// The type both operands must have; nil for `==` and `!=`, which take two of either type.
    public var operandType: ExpressionType? {
        switch self {
        case .add, .subtract, .multiply, .divide, .remainder, .less, .lessOrEqual, .greater, .greaterOrEqual: return .number
        case .and, .or: return .boolean
        case .equal, .notEqual: return nil
        }
    }

    /// The type of the result: a number for arithmetic, a boolean for the rest.
    public var resultType: ExpressionType {
        switch self {
        case .add, .subtract, .multiply, .divide, .remainder: return .number
        default: return .boolean
        }
    }
}
