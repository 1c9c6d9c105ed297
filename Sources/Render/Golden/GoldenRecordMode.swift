/// When a golden check writes the rendered image as the new golden instead of only comparing
/// (swift-snapshot-testing's record modes). Recorded goldens are decisions: look at them.
public enum GoldenRecordMode: String, CaseIterable, Hashable, Sendable {
    /// Only compare; a missing golden fails.
    case never
    /// Write goldens that do not exist yet; compare the others.
    case missing
    /// Rewrite every golden.
    case all
    /// Write goldens that are missing or do not match (or cannot be read); keep the others.
    case failed

    /// Whether a golden is written whatever it holds: always for `all`; when it does not exist
    /// for `missing` and `failed`.
    public func records(goldenExists: Bool) -> Bool {
        switch self {
        case .never: return false
        case .all: return true
        case .missing, .failed: return !goldenExists
        }
    }

    /// Whether a golden that exists but fails the comparison (or cannot be read) is rewritten.
    public var recordsFailures: Bool { self == .all || self == .failed }
}
