/// Why the solver refused a request; each carries the culprit. The solver is unchanged after
/// any of them.
public enum SolverError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A required constraint that cannot hold together with those already added (or whose new
    /// constant makes the required constraints conflict).
    case unsatisfiableConstraint(Constraint)
    case duplicateConstraint(Constraint)
    case unknownConstraint(Constraint)
    case duplicateEditVariable(Variable)
    case unknownEditVariable(Variable)
    /// Edit variables must be optional: a required edit would make `suggestValue` unsatisfiable.
    case requiredEditVariable(Variable)
    /// A constant or suggested value that is NaN or infinite.
    case nonFiniteValue(Constraint)

    public var description: String {
        switch self {
        case .unsatisfiableConstraint(let c): return "unable to satisfy the required constraint \(c)"
        case .duplicateConstraint(let c): return "the constraint \(c) was already added"
        case .unknownConstraint(let c): return "the constraint \(c) is not in the solver"
        case .duplicateEditVariable(let v): return "'\(v)' is already an edit variable"
        case .unknownEditVariable(let v): return "'\(v)' is not an edit variable"
        case .requiredEditVariable(let v): return "the edit variable '\(v)' cannot have the required strength"
        case .nonFiniteValue(let c): return "a non-finite constant for \(c)"
        }
    }
}
