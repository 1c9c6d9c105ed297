/// Arithmetic on expression trees, so Swift builds them as a scene file writes them:
/// `.ownWidth / 2`, `20 + .property(side) - .property(center)`.
extension ExpressionNode: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }

    public static func + (a: ExpressionNode, b: ExpressionNode) -> ExpressionNode { .binary(.add, a, b) }
    public static func - (a: ExpressionNode, b: ExpressionNode) -> ExpressionNode { .binary(.subtract, a, b) }
    public static func * (a: ExpressionNode, b: ExpressionNode) -> ExpressionNode { .binary(.multiply, a, b) }
    public static func / (a: ExpressionNode, b: ExpressionNode) -> ExpressionNode { .binary(.divide, a, b) }
}
