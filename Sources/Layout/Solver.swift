/// The Cassowary incremental constraint solver (Badros, Borning and Stuckey, 2001), after
/// kiwi's design: add and remove constraints, edit variables with `suggestValue`, change a
/// constraint's constant in place (`setConstant`), then read values after `updateVariables`.
///
/// Differences from kiwi: optional priorities rank strictly (one objective row per priority
/// level, optimised lexicographically; see `Strength`); every request that fails leaves the
/// solver exactly as it was (kiwi can leave a half-added constraint); every choice between
/// candidates is made by lowest symbol id, so results depend only on the sequence of requests,
/// never on hashing order. A value type: copying a solver is cheap (copy on write), so a
/// caller can keep a solved state and restart from it.
public struct Solver: Sendable {
    struct Tag: Sendable {
        var marker: Symbol
        var other: Symbol?
        /// The marker's and other's coefficients in the constraint's row as first written
        /// (before any sign reversal): changing the constant by Δ shifts them by Δ / coefficient.
        var markerCoefficient: Double
        var otherCoefficient: Double
    }
    struct ConstraintInfo: Sendable {
        var tag: Tag
        /// The current constant of the constraint's expression.
        var constant: Double
        /// Insertion order, for listing.
        var order: Int
    }
    struct EditInfo: Sendable {
        var constraint: Constraint
        var value: Double
    }
    /// One optional priority level's objective: the weighted errors of its constraints.
    struct Level: Sendable {
        var priority: Double
        var row: Row
    }

    var constraints: [Constraint: ConstraintInfo] = [:]
    var rows: [Symbol: Row] = [:]
    var variables: [Variable: Symbol] = [:]
    var edits: [Variable: EditInfo] = [:]
    /// Objective rows, highest priority first.
    var levels: [Level] = []
    /// The phase-one objective while a row is added through an artificial variable.
    var artificial: Row?
    var infeasible: [Symbol] = []
    var nextSymbolID = 1
    var nextOrder = 0
    /// Values after the last `updateVariables`, by symbol id (so updating hashes no names).
    private(set) var values: [Double] = []

    public init() {}

    // MARK: Constraints

    /// Adds `constraint`; throws (leaving the solver unchanged) when it is already there or
    /// when it is required and conflicts with the required constraints already added.
    public mutating func addConstraint(_ constraint: Constraint) throws(SolverError) {
        let saved = self
        do { try addConstraintOrDiscard(constraint) } catch { self = saved; throw error }
    }

    /// Adds `constraint` like `addConstraint`, without keeping a copy to restore on failure:
    /// after it throws the solver must be thrown away. The copy made every insert copy the
    /// whole tableau (its dictionaries were no longer unique), which made adding n constraints
    /// O(n²) in copying alone; a caller that discards the solver on failure needs none.
    public mutating func addConstraintOrDiscard(_ constraint: Constraint) throws(SolverError) {
        guard constraints[constraint] == nil else { throw .duplicateConstraint(constraint) }
        guard constraint.expression.constant.isFinite, constraint.expression.terms.allSatisfy({ $0.coefficient.isFinite }) else {
            throw .nonFiniteValue(constraint)
        }
        try insert(constraint)
    }

    /// Removes `constraint` (with its errors' weight in the objective) and re-optimises.
    public mutating func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        guard let info = constraints.removeValue(forKey: constraint) else { throw .unknownConstraint(constraint) }
        remove(info, strength: constraint.strength)
    }

    public func hasConstraint(_ constraint: Constraint) -> Bool { constraints[constraint] != nil }

    /// The constraints in the solver, in the order they were added.
    public var allConstraints: [Constraint] {
        constraints.sorted { $0.value.order < $1.value.order }.map(\.key)
    }

    /// The constant of `constraint`'s expression as the solver holds it now.
    public func constant(of constraint: Constraint) throws(SolverError) -> Double {
        guard let info = constraints[constraint] else { throw .unknownConstraint(constraint) }
        return info.constant
    }

    /// Sets the constant of `constraint`'s expression (`expression.constant` as if it had been
    /// written with `value`) without removing it: the rows the change reaches are updated and
    /// the dual simplex restores optimality, usually in a few pivots. Throws (unchanged) when
    /// the constraint is required and the new value makes the required constraints conflict.
    public mutating func setConstant(_ value: Double, of constraint: Constraint) throws(SolverError) {
        guard let info = constraints[constraint] else { throw .unknownConstraint(constraint) }
        guard value.isFinite else { throw .nonFiniteValue(constraint) }
        let delta = value - info.constant
        guard delta != 0 else { return }
        constraints[constraint]!.constant = value
        guard constraint.strength.isRequired else {
            // An optional constraint's errors absorb any constant: the dual simplex always finds
            // a pivot, so there is nothing to undo (and no copy of the tableau to pay for).
            do { try shift(info.tag, by: delta, culprit: constraint) } catch {
                preconditionFailure("Cassowary: an optional constant change failed (a solver bug): \(error)")
            }
            return
        }
        var saved = self
        saved.constraints[constraint]!.constant = info.constant
        do { try shift(info.tag, by: delta, culprit: constraint) } catch { self = saved; throw error }
    }

    // MARK: Edit variables

    /// Makes `variable` editable with an optional strength (`variable == value @strength`).
    public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw .requiredEditVariable(variable) }
        let constraint = Constraint(variable.expression, .equal, strength: strength, name: "edit \(variable)")
        try addConstraint(constraint)
        edits[variable] = EditInfo(constraint: constraint, value: 0)
    }

    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let info = edits.removeValue(forKey: variable) else { throw .unknownEditVariable(variable) }
        try removeConstraint(info.constraint)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    /// Asks for `variable == value` at the edit's strength.
    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let info = edits[variable] else { throw .unknownEditVariable(variable) }
        try setConstant(-value, of: info.constraint)
        edits[variable]!.value = value
    }

    // MARK: Values

    /// Copies the tableau's solution into the variables' values (`value(of:)`).
    public mutating func updateVariables() {
        if values.count < nextSymbolID { values = Array(repeating: 0, count: nextSymbolID) } else {
            for index in values.indices { values[index] = 0 }
        }
        for (symbol, row) in rows where symbol.kind == .external { values[symbol.id] = row.constant }
    }

    /// The value after the last `updateVariables` (0 for a variable the solver has not seen).
    public func value(of variable: Variable) -> Double {
        guard let symbol = variables[variable], symbol.id < values.count else { return 0 }
        return values[symbol.id]
    }

    /// The solution's value now, without `updateVariables`.
    public func currentValue(of variable: Variable) -> Double {
        guard let symbol = variables[variable] else { return 0 }
        return rows[symbol]?.constant ?? 0
    }

    /// Whether `variable` is basic (its value is pinned by the rows) rather than parametric:
    /// a non-basic external variable that no required constraint fixes is free to move (the
    /// solver's 0 for it is arbitrary). Used to find ambiguous layouts.
    public func isBasic(_ variable: Variable) -> Bool {
        guard let symbol = variables[variable] else { return false }
        return rows[symbol] != nil
    }
}

extension Solver {
    /// Whether the solution fixes `variable`: false when it can move without breaking a
    /// required constraint or raising any level's error (the optimum is a face, not a point,
    /// along it) — what UIKit's `hasAmbiguousLayout` reports for a view's attribute. Probed
    /// by asking, below every priority, for the variable one point higher and one point lower.
    public func isDetermined(_ variable: Variable) -> Bool {
        guard let symbol = variables[variable] else { return false }
        // A basic variable whose row holds only dummy symbols (the markers of required
        // equalities, which stay 0) is a constant: no probe needed. Fully constrained layouts
        // answer every attribute this way, in O(1) instead of a copy of the whole tableau.
        if let row = rows[symbol], row.cells.keys.allSatisfy({ $0.kind == .dummy }) { return true }
        let value = currentValue(of: variable)
        for offset in [1.0, -1.0] {
            var probe = self
            let pull = Constraint(variable.expression - (value + offset), .equal, strength: .probe)
            // An optional constraint cannot conflict, so the probe needs no copy to restore.
            guard (try? probe.addConstraintOrDiscard(pull)) != nil else { return false }
            if abs(probe.currentValue(of: variable) - value) > 1e-6 { return false }
        }
        return true
    }
}
