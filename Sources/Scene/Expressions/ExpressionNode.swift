/// An expression tree as the scene-file parser or Swift code builds it; `Expression` checks and
/// compiles it. Numbers are `Double`s; conditions (`.boolean`) are a separate type.
public indirect enum ExpressionNode: Hashable, Sendable {
    case number(Double)
    case boolean(Bool)
    /// A view's presentation value (or a variable's) at the current instant.
    case property(PropertyRef)
    /// The width of the view whose shape is being evaluated (points); only in shapes.
    case ownWidth
    /// The height of the view whose shape is being evaluated (points); only in shapes.
    case ownHeight
    /// UIView.animate's completion argument, a condition: while an action runs as a completion,
    /// whether the animations of the action it completes ran to their end (false when later
    /// animations removed them all); true whenever else an action runs. Scene files name it
    /// `finished`, in actions only.
    case finished
    case unary(UnaryOperator, ExpressionNode)
    case binary(BinaryOperator, ExpressionNode, ExpressionNode)
    /// `condition ? then : else`.
    case conditional(ExpressionNode, ExpressionNode, ExpressionNode)
    case call(ExpressionFunction, [ExpressionNode])

    /// The value of a literal (`true` is 1, `false` 0), or nil for anything else.
    var literalValue: Double? {
        switch self {
        case .number(let value): return value
        case .boolean(let value): return value ? 1 : 0
        default: return nil
        }
    }
}

/// The two kinds of value an expression has. At run time a boolean is 1 (true) or 0 (false).
public enum ExpressionType: String, Hashable, Sendable {
    case number, boolean
}
