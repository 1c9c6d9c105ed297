/// A symbol of the tableau. Ids come from a counter that only grows, so every choice the
/// solver makes by lowest id depends only on the order of the requests.
struct Symbol: Hashable, Sendable, Comparable {
    enum Kind: UInt8, Sendable { case external, slack, error, dummy }
    let id: Int
    let kind: Kind
    /// Slack and error variables are ≥ 0 (restricted); externals are free; dummies are 0.
    var isRestricted: Bool { kind == .slack || kind == .error }
    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
}

/// Values this close to 0 are 0 (kiwi's 1e-8).
@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

/// One row of the tableau: basic = constant + Σ cells (or an objective to minimise).
///
/// Every operation updates each cell independently, so no result depends on an order of
/// visiting cells.
struct Row: Sendable {
    var cells = Cells()
    var constant: Double

    init(constant: Double = 0) { self.constant = constant }

    func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    /// Adds `coefficient × symbol`, dropping the cell when it becomes 0.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let value = (cells[symbol] ?? 0) + coefficient
        if nearZero(value) { cells[symbol] = nil } else { cells[symbol] = value }
    }

    /// Adds `coefficient × row`.
    mutating func insert(_ row: Row, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        cells.add(row.cells, times: coefficient)
    }

    mutating func reverseSign() {
        constant = -constant
        cells.scale(by: -1)
    }

    /// Solves `0 = this` for `symbol` (which must be in the row): the row becomes its definition.
    mutating func solve(for symbol: Symbol) {
        let coefficient = -1 / cells.removeValue(forKey: symbol)!
        constant *= coefficient
        cells.scale(by: coefficient)
    }

    /// Solves `lhs = this` for `rhs`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row`'s definition of it; whether it was there.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, _ row: Row) -> Bool {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return false }
        insert(row, coefficient)
        return true
    }
}
