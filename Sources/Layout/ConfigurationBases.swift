import Foundation

/// Solved bases for configurations (active constraints and priorities) other than the initial
/// one, each built from the scene's initial values: a cache of a pure function, so which
/// entries it holds — which depends on the instants evaluated and on threads — never changes a
/// result. At most `limit` entries; past that, bases are built again when needed.
final class ConfigurationBases: @unchecked Sendable {
    private let lock = NSLock()
    /// Nil: the initial values cannot satisfy that configuration.
    private var bases: [[Double?]: (Solver, [Constraint?])?] = [:]
    private var order: [[Double?]] = []
    static let limit = 16

    func base(for configuration: [Double?], build: () -> (Solver, [Constraint?])?) -> (Solver, [Constraint?])? {
        lock.lock()
        if let cached = bases[configuration] { lock.unlock(); return cached }
        lock.unlock()
        let made = build()
        lock.lock()
        defer { lock.unlock() }
        if bases[configuration] == nil {
            if order.count == Self.limit { bases[order.removeFirst()] = nil }
            bases[configuration] = made
            order.append(configuration)
        }
        return made
    }
}
