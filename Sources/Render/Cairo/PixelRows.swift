/// A set of rows of device pixels: sorted, disjoint, non-adjacent ranges [start, end).
public struct PixelRows: Equatable, Sendable {
    public private(set) var ranges: [Range<Int>] = []

    public init() {}

    public init(_ ranges: [Range<Int>]) {
        for range in ranges { insert(range) }
    }

    /// Every row of a canvas `height` rows tall.
    public static func all(height: Int) -> PixelRows { PixelRows([0..<max(height, 0)]) }

    public var isEmpty: Bool { ranges.isEmpty }

    /// How many rows the set holds.
    public var count: Int { ranges.reduce(0) { $0 + $1.count } }

    /// Adds `rows`, merging it with the ranges it overlaps or touches.
    public mutating func insert(_ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        // The first range that ends at or after rows' start, and the first that starts after its end.
        let first = firstIndex { $0.upperBound >= rows.lowerBound }
        let last = firstIndex { $0.lowerBound > rows.upperBound }
        guard first < last else {
            ranges.insert(rows, at: first)
            return
        }
        let merged = min(ranges[first].lowerBound, rows.lowerBound)..<max(ranges[last - 1].upperBound, rows.upperBound)
        ranges.replaceSubrange(first..<last, with: [merged])
    }

    /// Whether any row of `rows` is in the set.
    public func intersects(_ rows: Range<Int>) -> Bool {
        guard !rows.isEmpty else { return false }
        let i = firstIndex { $0.upperBound > rows.lowerBound }
        return i < ranges.count && ranges[i].lowerBound < rows.upperBound
    }

    /// Whether every row of `rows` is in the set.
    public func contains(_ rows: Range<Int>) -> Bool {
        guard !rows.isEmpty else { return true }
        let i = firstIndex { $0.upperBound > rows.lowerBound }
        return i < ranges.count && ranges[i].lowerBound <= rows.lowerBound && rows.upperBound <= ranges[i].upperBound
    }

    /// The set's rows that are also in `rows`.
    public func intersection(_ rows: Range<Int>) -> [Range<Int>] {
        ranges.compactMap { range in
            let lower = max(range.lowerBound, rows.lowerBound), upper = min(range.upperBound, rows.upperBound)
            return lower < upper ? lower..<upper : nil
        }
    }

    /// The index of the first range satisfying `predicate`, which holds for a suffix of the ranges.
    private func firstIndex(where predicate: (Range<Int>) -> Bool) -> Int {
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if predicate(ranges[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
