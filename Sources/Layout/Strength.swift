/// How much a constraint matters: a priority level (UIKit's 1…1000, 1000 = required) and a
/// weight within that level.
///
/// Levels rank strictly (lexicographic optimisation): the solver first minimises the weighted
/// error of the highest optional level, then the next one within what that allows, and so on,
/// so 751 beats 750 whatever the sizes of the errors. This differs from kiwi, which folds its
/// three tiers into one number (strong = 10⁶, medium = 10³, weak = 1) and so lets a large
/// enough weak error outweigh a strong one. The encoding:
///
/// | strength | priority | UIKit |
/// |---|---|---|
/// | `required` | 1000 | `.required` |
/// | `strong` | 750 | `.defaultHigh` |
/// | `medium` | 500 | — |
/// | `weak` | 250 | `.defaultLow` |
/// | `fittingSize` | 50 | `.fittingSizeLevel` |
public struct Strength: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 1…1000; 1000 is required.
    public let priority: Double
    /// Multiplies the error within the level (> 0; 1 by default).
    public let weight: Double

    /// `priority` must be within 1…1000 and `weight` finite and greater than 0 (checked by
    /// whoever reads user input; `isValidPriority`).
    public init(priority: Double, weight: Double = 1) {
        precondition(Self.isValidPriority(priority), "priority \(priority) outside 1…1000")
        precondition(weight.isFinite && weight > 0, "weight must be finite and greater than 0")
        self.priority = priority; self.weight = priority == Self.requiredPriority ? 1 : weight
    }

    /// Below every priority a user can give: `Solver.isDetermined` probes with it.
    static let probe = Strength(uncheckedPriority: 0.5)
    private init(uncheckedPriority: Double) { priority = uncheckedPriority; weight = 1 }

    public static let requiredPriority = 1000.0
    public static func isValidPriority(_ p: Double) -> Bool { p.isFinite && p >= 1 && p <= requiredPriority }

    public static let required = Strength(priority: 1000)
    public static let strong = Strength(priority: 750)
    public static let medium = Strength(priority: 500)
    public static let weak = Strength(priority: 250)
    public static let fittingSize = Strength(priority: 50)

    public var isRequired: Bool { priority == Self.requiredPriority }

    public static func < (a: Strength, b: Strength) -> Bool { (a.priority, a.weight) < (b.priority, b.weight) }

    public var description: String {
        let p = priority == priority.rounded() ? String(Int(priority)) : String(priority)
        return weight == 1 ? "@\(p)" : "@\(p)×\(weight)"
    }
}
