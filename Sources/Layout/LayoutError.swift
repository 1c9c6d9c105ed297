/// Why constraints cannot lay out a scene; indices are into the pass's constraints.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Required constraints that cannot all hold: a minimal conflicting set (each is needed
    /// for the conflict), in declaration order.
    case unsatisfiable(constraints: [Int], ids: [String])
    /// UIKit: "Unable to install constraint on view ... no common ancestor".
    case noCommonAncestor(constraint: Int, id: String, first: String, second: String)
    /// A constraint UIKit refuses (see `ViewConstraint.problem`).
    case invalidConstraint(constraint: Int, id: String, problem: String)
    /// A priority changed between required and optional while the constraint was active.
    case requiredPriorityChanged(constraint: Int, id: String, from: Double, to: Double)
    case invalidPriority(constraint: Int, id: String, value: Double)

    public var description: String {
        switch self {
        case .unsatisfiable(_, let ids) where ids.count == 1:
            return "unable to satisfy the required constraint '\(ids[0])' with its current constant together with the other required constraints"
        case .unsatisfiable(_, let ids):
            return "unable to satisfy the required constraints \(ids.map { "'\($0)'" }.joined(separator: ", ")) together"
        case .noCommonAncestor(_, let id, let first, let second):
            return "the constraint '\(id)' relates '\(first)' and '\(second)', which have no common ancestor (UIKit raises); relate top-level views through 'superview'"
        case .invalidConstraint(_, let id, let problem): return "the constraint '\(id)': \(problem)"
        case .requiredPriorityChanged(_, let id, let from, let to):
            return "the priority of the active constraint '\(id)' changed from \(from) to \(to): between required (1000) and optional while active, which UIKit does not allow"
        case .invalidPriority(_, let id, let value):
            return "the priority of the constraint '\(id)' became \(value); priorities are within 1…1000"
        }
    }
}
