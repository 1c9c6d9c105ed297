/// The simplex steps behind `Solver`'s API (kiwi's `solverimpl.h`, with lexicographic
/// objectives and id-ordered choices).
extension Solver {
    mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { nextSymbolID += 1 }
        return Symbol(id: nextSymbolID, kind: kind)
    }

    mutating func symbol(for variable: Variable) -> Symbol {
        if let symbol = variables[variable] { return symbol }
        let symbol = makeSymbol(.external)
        variables[variable] = symbol
        return symbol
    }

    /// The level of `priority`'s objective, created (in order) when new.
    mutating func levelIndex(_ priority: Double) -> Int {
        if let index = levels.firstIndex(where: { $0.priority == priority }) { return index }
        let index = levels.firstIndex { $0.priority < priority } ?? levels.count
        levels.insert(Level(priority: priority, row: Row()), at: index)
        return index
    }

    mutating func insert(_ constraint: Constraint) throws(SolverError) {
        var (row, tag) = createRow(constraint)
        var subject = chooseSubject(row, tag)
        if subject == nil && row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard nearZero(row.constant) else { throw .unsatisfiableConstraint(constraint) }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, row)
            rows[subject] = row
        } else if !addWithArtificialVariable(row) {
            throw .unsatisfiableConstraint(constraint)
        }
        constraints[constraint] = ConstraintInfo(tag: tag, constant: constraint.expression.constant, order: nextOrder)
        nextOrder += 1
        optimize()
    }

    /// The constraint as a row over the current parametric symbols, with its slack, error or
    /// dummy symbols.
    mutating func createRow(_ constraint: Constraint) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for term in expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol] { row.insert(basic, term.coefficient) } else { row.insert(symbol, term.coefficient) }
        }
        let strength = constraint.strength
        var tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack)
            row.insert(slack, coefficient)
            tag = Tag(marker: slack, other: nil, markerCoefficient: coefficient, otherCoefficient: 0)
            if !strength.isRequired {
                let error = makeSymbol(.error)
                row.insert(error, -coefficient)
                tag.other = error
                tag.otherCoefficient = -coefficient
                levels[levelIndex(strength.priority)].row.insert(error, strength.weight)
            }
        case .equal:
            if strength.isRequired {
                let dummy = makeSymbol(.dummy)
                row.insert(dummy)
                tag = Tag(marker: dummy, other: nil, markerCoefficient: 1, otherCoefficient: 0)
            } else {
                // expression = e⁺ − e⁻
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                tag = Tag(marker: plus, other: minus, markerCoefficient: -1, otherCoefficient: 1)
                let level = levelIndex(strength.priority)
                levels[level].row.insert(plus, strength.weight)
                levels[level].row.insert(minus, strength.weight)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The lowest-id external symbol, else a new slack or error with a negative coefficient.
    func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if let external = row.cells.keys.filter({ $0.kind == .external }).min() { return external }
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.isRestricted {
            if row.coefficient(for: symbol) < 0 { return symbol }
        }
        return nil
    }

    /// Phase one for a row with no easy subject: minimise an artificial variable equal to it;
    /// the row can be satisfied when the minimum is 0.
    mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        let art = makeSymbol(.slack)
        rows[art] = row
        artificial = row
        optimize(artificialPhase: true)
        let success = nearZero(artificial!.constant)
        artificial = nil
        if var basic = rows.removeValue(forKey: art) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.cells.keys.filter({ $0.isRestricted }).min() else { return false }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            rows[entering] = basic
        }
        var index = rows.startIndex
        while index != rows.endIndex { rows.values[index].cells[art] = nil; rows.formIndex(after: &index) }
        for index in levels.indices { levels[index].row.cells[art] = nil }
        return success
    }

    /// Replaces `symbol` everywhere by `row`, noting restricted rows that became negative.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        // startIndex/formIndex, not `rows.indices`: the indices collection holds the storage,
        // so the first write through it would copy every row.
        var index = rows.startIndex
        while index != rows.endIndex {
            if rows.values[index].substitute(symbol, row) {
                let basic = rows.keys[index]
                if basic.kind != .external && rows.values[index].constant < 0 { infeasible.append(basic) }
            }
            rows.formIndex(after: &index)
        }
        for index in levels.indices { levels[index].row.substitute(symbol, row) }
        if artificial != nil { artificial!.substitute(symbol, row) }
    }

    // MARK: Primal simplex

    /// Pivots until no symbol improves the objective (lexicographically over the levels, or
    /// the artificial row in phase one).
    mutating func optimize(artificialPhase: Bool = false) {
        while let entering = artificialPhase ? enteringSymbol(in: [artificial!]) : enteringSymbol() {
            guard let leaving = leavingSymbol(for: entering) else {
                preconditionFailure("Cassowary: the objective is unbounded (a solver bug)")
            }
            var row = rows.removeValue(forKey: leaving)!
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    /// `enteringSymbol(in:)` over the priority levels, without copying them.
    func enteringSymbol() -> Symbol? {
        var best: Symbol?
        for k in levels.indices {
            for (symbol, coefficient) in levels[k].row.cells where coefficient < 0 && symbol.kind != .dummy {
                if let b = best, b < symbol { continue }
                var higher = false
                for j in 0..<k where levels[j].row.cells[symbol] != nil { higher = true; break }
                if !higher { best = symbol }
            }
        }
        return best
    }

    /// The lowest-id non-dummy symbol whose reduced cost is lexicographically negative: its
    /// first non-zero coefficient, from the highest level down, is negative.
    func enteringSymbol(in objective: [Row]) -> Symbol? {
        var best: Symbol?
        for (k, level) in objective.enumerated() {
            for (symbol, coefficient) in level.cells where coefficient < 0 && symbol.kind != .dummy {
                if let b = best, b < symbol { continue }
                if (0..<k).allSatisfy({ objective[$0].cells[symbol] == nil }) { best = symbol }
            }
        }
        return best
    }

    /// The restricted row that limits `entering` first (smallest ratio, then lowest id).
    func leavingSymbol(for entering: Symbol) -> Symbol? {
        var best: (ratio: Double, symbol: Symbol)?
        for (basic, row) in rows where basic.kind != .external {
            let coefficient = row.coefficient(for: entering)
            guard coefficient < 0 else { continue }
            let ratio = -row.constant / coefficient
            if best == nil || (ratio, basic.id) < (best!.ratio, best!.symbol.id) { best = (ratio, basic) }
        }
        return best?.symbol
    }

    // MARK: Dual simplex

    /// Restores feasibility after constants changed, keeping optimality; throws when a
    /// negative restricted row has no symbol to pivot on (the required constraints conflict).
    mutating func dualOptimize(culprit: Constraint) throws(SolverError) {
        while let next = infeasible.min() {
            infeasible.removeAll { $0 == next }
            guard let row = rows[next], row.constant < 0, !nearZero(row.constant) else { continue }
            guard let entering = dualEnteringSymbol(row) else { throw .unsatisfiableConstraint(culprit) }
            var pivot = rows.removeValue(forKey: next)!
            pivot.solve(for: next, entering)
            substitute(entering, pivot)
            rows[entering] = pivot
        }
    }

    /// Among the row's positive non-dummy cells, the smallest objective-to-coefficient ratio
    /// (compared level by level), then the lowest id.
    func dualEnteringSymbol(_ row: Row) -> Symbol? {
        var best: (symbol: Symbol, coefficient: Double)?
        for (symbol, coefficient) in row.cells where coefficient > 0 && symbol.kind != .dummy {
            guard let b = best else { best = (symbol, coefficient); continue }
            var decided = false
            for level in levels {
                let r = level.row.coefficient(for: symbol) / coefficient, q = level.row.coefficient(for: b.symbol) / b.coefficient
                if r != q {
                    if r < q { best = (symbol, coefficient) }
                    decided = true
                    break
                }
            }
            if !decided && symbol < b.symbol { best = (symbol, coefficient) }
        }
        return best?.symbol
    }

    // MARK: Changing constants

    /// Changes a constraint's constant by `delta`: equivalent to shifting its marker (or other
    /// error) symbol s by delta / c, c its coefficient in the original row — the old tableau
    /// holds for s' = s + delta / c, so a basic s loses delta / c and each row with a·s gains
    /// a·delta / c.
    mutating func shift(_ tag: Tag, by delta: Double, culprit: Constraint) throws(SolverError) {
        infeasible.removeAll()
        if rows[tag.marker] != nil {
            try shiftBasic(tag.marker, by: delta / tag.markerCoefficient, culprit: culprit)
        } else if let other = tag.other, rows[other] != nil {
            try shiftBasic(other, by: delta / tag.otherCoefficient, culprit: culprit)
        } else {
            let step = delta / tag.markerCoefficient
            var index = rows.startIndex
            while index != rows.endIndex {
                defer { rows.formIndex(after: &index) }
                let a = rows.values[index].coefficient(for: tag.marker)
                guard a != 0 else { continue }
                rows.values[index].constant += a * step
                try note(rows.keys[index], culprit: culprit)
            }
        }
        try dualOptimize(culprit: culprit)
        // The dual simplex keeps optimality in exact arithmetic; with lexicographic levels and
        // degenerate pivots it can stop one pivot short (the random-system test found it), so
        // finish with the primal simplex, which costs one scan of the objective when optimal.
        optimize()
    }

    private mutating func shiftBasic(_ symbol: Symbol, by amount: Double, culprit: Constraint) throws(SolverError) {
        rows[symbol]!.constant -= amount
        try note(symbol, culprit: culprit)
    }

    /// After a row's constant changed: a negative restricted row needs the dual simplex; a
    /// dummy (a redundant required equality) that is no longer 0 is a conflict.
    private mutating func note(_ basic: Symbol, culprit: Constraint) throws(SolverError) {
        let constant = rows[basic]!.constant
        switch basic.kind {
        case .external: break
        case .dummy: if !nearZero(constant) { throw .unsatisfiableConstraint(culprit) }
        case .slack, .error: if constant < 0 { infeasible.append(basic) }
        }
    }

    // MARK: Removing

    mutating func remove(_ info: ConstraintInfo, strength: Strength) {
        let tag = info.tag
        if !strength.isRequired {
            let level = levelIndex(strength.priority)
            for error in [tag.marker, tag.other].compactMap({ $0 }) where error.kind == .error {
                if let row = rows[error] { levels[level].row.insert(row, -strength.weight) } else {
                    levels[level].row.insert(error, -strength.weight)
                }
            }
        }
        if rows.removeValue(forKey: tag.marker) == nil {
            guard let leaving = markerLeavingSymbol(tag.marker) else {
                preconditionFailure("Cassowary: no row to remove the marker from (a solver bug)")
            }
            var row = rows.removeValue(forKey: leaving)!
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        infeasible.removeAll()
        optimize()
    }

    /// The row to pivot the marker into before dropping it: a restricted row with a negative
    /// coefficient (smallest ratio), else one with a positive coefficient, else an external
    /// one; ties by lowest id.
    func markerLeavingSymbol(_ marker: Symbol) -> Symbol? {
        var first: (Double, Int, Symbol)?, second: (Double, Int, Symbol)?, third: Symbol?
        for (basic, row) in rows {
            let c = row.coefficient(for: marker)
            guard c != 0 else { continue }
            if basic.kind == .external {
                if third == nil || basic < third! { third = basic }
            } else if c < 0 {
                let candidate = (-row.constant / c, basic.id, basic)
                if first == nil || (candidate.0, candidate.1) < (first!.0, first!.1) { first = candidate }
            } else {
                let candidate = (row.constant / c, basic.id, basic)
                if second == nil || (candidate.0, candidate.1) < (second!.0, second!.1) { second = candidate }
            }
        }
        return first?.2 ?? second?.2 ?? third
    }
}
