/// A row's cells: (symbol, coefficient) pairs sorted by symbol id, like kiwi's AssocVector.
/// Lookups are binary searches and adding a whole row is one merge, so the solver's inner
/// loops hash nothing (hashing dominated the Dictionary version's time).
struct Cells: Sequence, Sendable {
    private(set) var symbols: [Symbol] = []
    private(set) var coefficients: [Double] = []

    var isEmpty: Bool { symbols.isEmpty }
    var count: Int { symbols.count }
    var keys: [Symbol] { symbols }

    /// The index of `symbol`, or where it would go.
    private func search(_ symbol: Symbol) -> (index: Int, found: Bool) {
        var low = 0, high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle].id < symbol.id { low = middle + 1 } else { high = middle }
        }
        return (low, low < symbols.count && symbols[low].id == symbol.id)
    }

    subscript(symbol: Symbol) -> Double? {
        get {
            let (index, found) = search(symbol)
            return found ? coefficients[index] : nil
        }
        set {
            let (index, found) = search(symbol)
            switch (found, newValue) {
            case (true, let value?): coefficients[index] = value
            case (true, nil): symbols.remove(at: index); coefficients.remove(at: index)
            case (false, let value?): symbols.insert(symbol, at: index); coefficients.insert(value, at: index)
            case (false, nil): break
            }
        }
    }

    @discardableResult
    mutating func removeValue(forKey symbol: Symbol) -> Double? {
        let (index, found) = search(symbol)
        guard found else { return nil }
        symbols.remove(at: index)
        return coefficients.remove(at: index)
    }

    /// Multiplies every coefficient by `k`.
    mutating func scale(by k: Double) {
        for index in coefficients.indices { coefficients[index] *= k }
    }

    /// Adds `k × other` cell by cell (each sum computed as `mine + theirs × k`, dropping those
    /// near 0), merging the two sorted lists.
    mutating func add(_ other: Cells, times k: Double) {
        guard !other.isEmpty else { return }
        var mergedSymbols: [Symbol] = [], mergedCoefficients: [Double] = []
        mergedSymbols.reserveCapacity(symbols.count + other.symbols.count)
        mergedCoefficients.reserveCapacity(symbols.count + other.symbols.count)
        var i = 0, j = 0
        while i < symbols.count || j < other.symbols.count {
            if j == other.symbols.count || (i < symbols.count && symbols[i].id < other.symbols[j].id) {
                mergedSymbols.append(symbols[i]); mergedCoefficients.append(coefficients[i]); i += 1
                continue
            }
            let value: Double
            let symbol = other.symbols[j]
            if i < symbols.count && symbols[i].id == symbol.id {
                value = coefficients[i] + other.coefficients[j] * k; i += 1
            } else {
                value = 0 + other.coefficients[j] * k
            }
            j += 1
            if !nearZero(value) { mergedSymbols.append(symbol); mergedCoefficients.append(value) }
        }
        symbols = mergedSymbols
        coefficients = mergedCoefficients
    }

    func makeIterator() -> AnyIterator<(key: Symbol, value: Double)> {
        var index = 0
        return AnyIterator {
            guard index < symbols.count else { return nil }
            defer { index += 1 }
            return (symbols[index], coefficients[index])
        }
    }
}
