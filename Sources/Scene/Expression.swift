/// An arithmetic expression over numbers, views' presentation values and the evaluating view's
/// own size, resolved against a scene (names already turned into indices).
public indirect enum Expression: Hashable, Sendable {
    case constant(Double)
    /// A view's presentation value at the current instant.
    case property(PropertyRef)
    /// The width of the view whose shape is being evaluated (points).
    case ownWidth
    /// The height of the view whose shape is being evaluated (points).
    case ownHeight
    case negate(Expression)
    case add(Expression, Expression)
    case subtract(Expression, Expression)
    case multiply(Expression, Expression)
    case divide(Expression, Expression)

    /// The value, reading properties through `lookup` and the own size from `ownSize`.
    public func evaluate(_ lookup: (PropertyRef) -> Double, ownWidth width: Double = 0, ownHeight height: Double = 0) -> Double {
        func eval(_ e: Expression) -> Double {
            switch e {
            case .constant(let value): return value
            case .property(let ref): return lookup(ref)
            case .ownWidth: return width
            case .ownHeight: return height
            case .negate(let a): return -eval(a)
            case .add(let a, let b): return eval(a) + eval(b)
            case .subtract(let a, let b): return eval(a) - eval(b)
            case .multiply(let a, let b): return eval(a) * eval(b)
            case .divide(let a, let b): return eval(a) / eval(b)
            }
        }
        return eval(self)
    }

    /// Every property the expression reads.
    public var references: [PropertyRef] {
        switch self {
        case .constant, .ownWidth, .ownHeight: return []
        case .property(let ref): return [ref]
        case .negate(let a): return a.references
        case .add(let a, let b), .subtract(let a, let b), .multiply(let a, let b), .divide(let a, let b):
            return a.references + b.references
        }
    }
}
