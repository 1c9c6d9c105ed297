/// `expression relation 0` with a strength: a linear equation or inequality the solver keeps
/// (required) or keeps as closely as its priority allows (optional).
///
/// A class because identity is the point: two constraints with the same terms are two
/// constraints (add one twice and it is a duplicate; remove the one you added). Immutable; the
/// solver can change its constant (`Solver.setConstant`) without a rebuild.
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
    public enum Relation: String, Hashable, Sendable { case equal = "==", lessThanOrEqual = "<=", greaterThanOrEqual = ">=" }

    public let expression: LinearExpression
    public let relation: Relation
    public let strength: Strength
    /// Shown in errors and descriptions (e.g. a scene's constraint id).
    public let name: String?

    public init(_ expression: LinearExpression, _ relation: Relation, strength: Strength = .required, name: String? = nil) {
        self.expression = expression; self.relation = relation; self.strength = strength; self.name = name
    }

    /// `lhs relation rhs`, as `lhs − rhs relation 0`.
    public convenience init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression,
                            strength: Strength = .required, name: String? = nil) {
        self.init(lhs - rhs, relation, strength: strength, name: name)
    }

    public static func == (a: Constraint, b: Constraint) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        name ?? "\(expression) \(relation.rawValue) 0 \(strength)"
    }
}
