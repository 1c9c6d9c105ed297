/// When a golden check writes the rendered image as the new golden instead of only comparing
/// (swift-snapshot-testing's record modes), or removes goldens nothing claims (Jest's
/// obsolete snapshots). Recorded goldens are decisions: look at them.
public enum GoldenRecordMode: String, CaseIterable, Hashable, Sendable {
    /// Only compare; a missing golden fails.
    case never
    /// Write goldens that do not exist yet; compare the others.
    case missing
    /// Rewrite every golden.
    case all
    /// Write goldens that are missing or do not match (or cannot be read); keep the others.
    case failed
    /// Only compare, and remove obsolete goldens: files in a compared scene's golden folder
    /// that no key frame or motion trace claims.
    case clean

    /// Whether a golden is written whatever it holds: always for `all`; when it does not exist
    /// for `missing` and `failed`.
    public func records(goldenExists: Bool) -> Bool {
        switch self {
        case .never, .clean: return false
        case .all: return true
        case .missing, .failed: return !goldenExists
        }
    }

    /// Whether a golden that exists but fails the comparison (or cannot be read) is rewritten.
    public var recordsFailures: Bool { self == .all || self == .failed }

    /// Whether anything may be written into the golden folders.
    public var writesGoldens: Bool { self != .never && self != .clean }

    /// The mode an environment variable (`FLIPBOOK_RECORD`, `GOLDEN_RECORD`) names: nil when it
    /// is unset or empty; a value that names no mode is an error, never a silent `never`.
    public static func fromEnvironment(_ variable: String, value: String?) throws -> GoldenRecordMode? {
        guard let value, !value.isEmpty else { return nil }
        guard let mode = GoldenRecordMode(rawValue: value) else { throw GoldenSetupError.unknownRecordMode(variable: variable, value: value) }
        return mode
    }
}

/// A golden run that cannot start: what was wrong with how it was asked for.
public enum GoldenSetupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An environment variable names no record mode.
    case unknownRecordMode(variable: String, value: String)
    /// Two scenes would share one golden folder.
    case sameFolder(name: String, first: String, second: String)
    /// The golden root is missing or not a directory.
    case notADirectory(path: String, exists: Bool)

    public var description: String {
        switch self {
        case .unknownRecordMode(let variable, let value):
            return "\(variable)=\(value) is not a record mode; expected one of \(GoldenRecordMode.allCases.map(\.rawValue).joined(separator: ", ")) (or unset)"
        case .sameFolder(let name, let first, let second):
            return "\(first) and \(second) would share the golden folder '\(name)'; give scenes distinct file names"
        case .notADirectory(let path, let exists):
            return exists ? "the golden root \(path) is not a directory" : "the golden root \(path) does not exist"
        }
    }
}
