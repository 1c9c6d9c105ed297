import Motion

/// Where a chart's legend entries go (one per series: a line swatch, then its label): stacked
/// in a framed box, or flowed into centred rows across a strip above the plot.
struct ChartLegend {
    /// The framed box around stacked entries; nil for a strip.
    var box: Rect?
    /// One per series, swatch and text.
    var items: [Rect]

    static let row = 18.0
    static let swatch = 20.0
    static let padding = 8.0
    /// Between the swatch and the text.
    static let swatchGap = 6.0
    /// Between entries of a strip row.
    static let itemGap = 20.0

    private static func itemWidth(_ label: String) -> Double {
        swatch + swatchGap + TextMetrics.width(of: label, fontSize: ChartStyle.legendFont)
    }

    /// The size of the box that stacks `labels`.
    static func boxSize(_ labels: [String]) -> Size {
        let widest = labels.map(itemWidth).max() ?? 0
        return Size(width: (2 * padding + widest).rounded(.up), height: 2 * (padding - 2) + Double(labels.count) * row)
    }

    /// Entries stacked in a box at `origin`.
    static func box(_ labels: [String], at origin: Point) -> ChartLegend {
        let size = boxSize(labels)
        let items = labels.indices.map { index in
            Rect(x: origin.x + padding, y: origin.y + padding - 2 + Double(index) * row,
                 width: size.width - 2 * padding, height: row)
        }
        return ChartLegend(box: Rect(origin: origin, size: size), items: items)
    }

    /// Entries flowed left to right into rows no wider than `width`, each row centred on
    /// `centerX`, the first row at `top`.
    static func strip(_ labels: [String], top: Double, centerX: Double, width: Double) -> ChartLegend {
        var rows: [[(index: Int, width: Double)]] = [[]]
        var used = 0.0
        for (index, label) in labels.enumerated() {
            let itemWidth = itemWidth(label)
            if let last = rows.last, !last.isEmpty, used + itemGap + itemWidth > width {
                rows.append([])
                used = 0
            }
            used += (rows[rows.count - 1].isEmpty ? 0 : itemGap) + itemWidth
            rows[rows.count - 1].append((index, itemWidth))
        }
        var items = [Rect](repeating: .zero, count: labels.count)
        for (rowIndex, row) in rows.enumerated() {
            let total = row.map(\.width).reduce(0, +) + itemGap * Double(max(row.count - 1, 0))
            var x = (centerX - total / 2).rounded()
            for item in row {
                items[item.index] = Rect(x: x, y: top + Double(rowIndex) * self.row, width: item.width, height: self.row)
                x += item.width + itemGap
            }
        }
        return ChartLegend(box: nil, items: items)
    }

    /// The height of the strip `strip` would make.
    static func stripHeight(_ labels: [String], width: Double) -> Double {
        let items = strip(labels, top: 0, centerX: width / 2, width: width).items
        return (items.map(\.maxY).max() ?? 0)
    }
}
