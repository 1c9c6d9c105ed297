import Motion

/// Where the cells of a contact sheet go: a grid of equal image cells, left to right and top
/// to bottom, each with a label strip below it, an optional header strip above the grid, and
/// a margin around everything. Pure geometry, in points.
public struct ContactSheetLayout: Hashable, Sendable {
    /// How many cells there are (at least 0).
    public var cellCount: Int
    /// The image area of one cell.
    public var cellSize: Size
    /// The most cells in a row; a sheet with fewer cells is only as wide as it needs to be.
    public var columns: Int
    /// Space between neighbouring cells, across and down.
    public var gap: Double
    /// Height of the label strip under each cell.
    public var labelHeight: Double
    /// Height of the strip above the grid (a title), 0 for none.
    public var headerHeight: Double
    /// Space around the whole grid.
    public var margin: Double

    public init(cellCount: Int, cellSize: Size, columns: Int = 6, gap: Double = 12, labelHeight: Double = 18,
                headerHeight: Double = 0, margin: Double = 16) {
        precondition(columns >= 1, "a contact sheet needs at least one column")
        self.cellCount = max(cellCount, 0); self.cellSize = cellSize; self.columns = columns
        self.gap = gap; self.labelHeight = labelHeight; self.headerHeight = headerHeight; self.margin = margin
    }

    /// Columns actually used: `columns`, or fewer when there are fewer cells (at least 1).
    public var columnCount: Int { min(columns, max(cellCount, 1)) }

    /// Rows needed for every cell (at least 1).
    public var rowCount: Int { max(1, (cellCount + columnCount - 1) / columnCount) }

    /// The size of the whole sheet.
    public var canvasSize: Size {
        let columns = Double(columnCount), rows = Double(rowCount)
        return Size(width: 2 * margin + columns * cellSize.width + (columns - 1) * gap,
                    height: 2 * margin + headerHeight + rows * (cellSize.height + labelHeight) + (rows - 1) * gap)
    }

    /// The image area of cell `index` (0-based, row-major).
    public func cellRect(_ index: Int) -> Rect {
        precondition(index >= 0 && index < max(cellCount, 1), "cell \(index) outside 0..<\(cellCount)")
        let column = Double(index % columnCount), row = Double(index / columnCount)
        return Rect(x: margin + column * (cellSize.width + gap),
                    y: margin + headerHeight + row * (cellSize.height + labelHeight + gap),
                    width: cellSize.width, height: cellSize.height)
    }

    /// The label strip under cell `index`.
    public func labelRect(_ index: Int) -> Rect {
        let cell = cellRect(index)
        return Rect(x: cell.minX, y: cell.maxY, width: cell.width, height: labelHeight)
    }

    /// The strip above the grid, as wide as the grid.
    public var headerRect: Rect {
        Rect(x: margin, y: margin, width: canvasSize.width - 2 * margin, height: headerHeight)
    }

    /// Every cell's image area, in order.
    public var cellRects: [Rect] { (0..<cellCount).map(cellRect) }
}
