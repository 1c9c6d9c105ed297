import Motion

/// Where everything of a `LineChart` goes: the plot rectangle, the axes' ticks, the mapping
/// from data to canvas, the legend's box and the marker and reference labels' boxes.
struct ChartLayout {
    var plot: Rect
    var x: AxisTicks
    var y: AxisTicks
    /// nil when there are no series.
    var legend: ChartLegend?
    var markerLabels: [Rect]
    var referenceLabels: [Rect]

    /// The legend in a box inside the plot, in the first corner (top-right, top-left,
    /// bottom-right, bottom-left) where it covers no data, guide or label; else in a strip
    /// between the title and the plot.
    init(chart: LineChart) {
        self = Self(chart: chart, legendAbove: false)
        let labels = chart.legendLabels
        guard !labels.isEmpty else { return }
        let obstacles = Self.obstacles(chart: chart, layout: self)
        let size = ChartLegend.boxSize(labels)
        let inner = plot.shrunk(by: ChartStyle.legendGap)
        let corners = [Point(x: inner.maxX - size.width, y: inner.minY), Point(x: inner.minX, y: inner.minY),
                       Point(x: inner.maxX - size.width, y: inner.maxY - size.height),
                       Point(x: inner.minX, y: inner.maxY - size.height)]
        for corner in corners {
            let candidate = Rect(origin: corner, size: size)
            if inner.encloses(candidate), !obstacles.contains(where: { $0.overlaps(candidate.shrunk(by: -4)) }) {
                legend = ChartLegend.box(labels, at: corner)
                return
            }
        }
        self = Self(chart: chart, legendAbove: true)
    }

    private init(chart: LineChart, legendAbove: Bool) {
        typealias S = ChartStyle
        let ranges = chart.dataRanges
        let labels = chart.legendLabels
        let contentWidth = max(chart.size.width - 2 * S.padding, 1)
        var top = S.padding + (chart.title.isEmpty ? 0 : S.titleHeight)
        let stripTop = top
        if legendAbove, !labels.isEmpty { top += ChartLegend.stripHeight(labels, width: contentWidth) + 4 }
        top += chart.yAxisLabel.isEmpty ? 8 : 24
        var bottom = chart.size.height - S.padding - 20 - (chart.xAxisLabel.isEmpty ? 0 : 18)
        if bottom - top < 20 { (top, bottom) = (min(top, chart.size.height / 2), max(bottom, chart.size.height / 2) + 20) }
        let yCount = min(8, max(3, Int((bottom - top) / 45) + 1))
        y = AxisTicks(covering: ranges.y?.lowerBound ?? 0, ranges.y?.upperBound ?? 1, maximumCount: yCount)
        let yLabelWidth = y.labels.map { TextMetrics.width(of: $0, fontSize: S.tickFont) }.max() ?? 0
        let left = S.padding + yLabelWidth + 8
        var right = max(chart.size.width - S.padding, left + 20)
        x = Self.xTicks(ranges.x, width: right - left)
        // The last x label is centred on the plot's right edge: keep it on the canvas.
        let overhang = (TextMetrics.width(of: x.labels.last ?? "", fontSize: S.tickFont) / 2) - S.padding + 2
        if overhang > 0 { right = max(right - overhang, left + 20) }
        plot = Rect(x: left.rounded(), y: top.rounded(), width: (right - left).rounded(), height: (bottom - top).rounded())
        legend = legendAbove && !labels.isEmpty
            ? ChartLegend.strip(labels, top: stripTop, centerX: chart.size.width / 2, width: contentWidth) : nil
        markerLabels = []
        referenceLabels = []
        placeGuideLabels(chart)
    }

    /// The most x ticks whose labels fit side by side with room between them.
    private static func xTicks(_ range: ClosedRange<Double>?, width: Double) -> AxisTicks {
        var count = min(8, max(3, Int(width / 70) + 1))
        while true {
            let ticks = AxisTicks(covering: range?.lowerBound ?? 0, range?.upperBound ?? 1, maximumCount: count)
            let widest = ticks.labels.map { TextMetrics.width(of: $0, fontSize: ChartStyle.tickFont) }.max() ?? 0
            if count <= 2 || (widest + 12) * Double(ticks.values.count - 1) <= width { return ticks }
            count -= 1
        }
    }

    /// Marker labels along the plot's top (moved down a row when they would overlap), to the
    /// right of their line or to the left near the right edge; reference labels right-aligned
    /// just above their line (below it near the top).
    private mutating func placeGuideLabels(_ chart: LineChart) {
        let lines = chart.markers.map { canvasX($0.x) }
        for (index, marker) in chart.markers.enumerated() {
            let width = TextMetrics.width(of: marker.label, fontSize: ChartStyle.tickFont) + 6
            let px = lines[index]
            // Right of the line, else left of it, on the first row where it crosses no other
            // marker's line and no earlier label.
            func fits(_ box: Rect) -> Bool {
                box.minX >= plot.minX && box.maxX <= plot.maxX && !markerLabels.contains { $0.overlaps(box) }
                    && !lines.enumerated().contains { $0.offset != index && box.minX < $0.element && $0.element < box.maxX }
            }
            var top = plot.minY + 3
            var box = Rect(x: px + 2 + width <= plot.maxX ? px + 2 : px - 2 - width, y: top, width: width, height: 15)
            while top + 15 <= plot.maxY {
                let right = Rect(x: px + 2, y: top, width: width, height: 15)
                let left = Rect(x: px - 2 - width, y: top, width: width, height: 15)
                if fits(right) { box = right; break }
                if fits(left) { box = left; break }
                top += 16
            }
            markerLabels.append(box)
        }
        for line in chart.referenceLines {
            let width = TextMetrics.width(of: line.label, fontSize: ChartStyle.tickFont) + 6
            let py = canvasY(line.y)
            let originY = py - 17 >= plot.minY ? py - 17 : py + 2
            referenceLabels.append(Rect(x: plot.maxX - 4 - width, y: originY, width: width, height: 15))
        }
    }

    /// Canvas x of data x; far-off values are clamped to stay finite and near the plot.
    func canvasX(_ value: Double) -> Double {
        clamp(plot.minX + (value - x.lower) / (x.upper - x.lower) * plot.width, plot.minX, plot.maxX)
    }

    /// Canvas y of data y (larger values higher up).
    func canvasY(_ value: Double) -> Double {
        clamp(plot.maxY - (value - y.lower) / (y.upper - y.lower) * plot.height, plot.minY, plot.maxY)
    }

    /// The canvas point of a data point, or nil if either coordinate is not finite.
    func canvasPoint(x dataX: Double, y dataY: Double) -> Point? {
        guard dataX.isFinite, dataY.isFinite else { return nil }
        let point = Point(x: canvasX(dataX), y: canvasY(dataY))
        return point.x.isFinite && point.y.isFinite ? point : nil
    }

    private func clamp(_ v: Double, _ low: Double, _ high: Double) -> Double {
        let margin = 1e4
        return v.isNaN ? v : min(max(v, low - margin), high + margin)
    }

    /// What an inside legend must not cover: the series' segments, the guide lines and
    /// their labels.
    private static func obstacles(chart: LineChart, layout: ChartLayout) -> [Obstacle] {
        var result: [Obstacle] = []
        for line in chart.series {
            var previous: Point?
            for point in line.points {
                guard let p = layout.canvasPoint(x: point.x, y: point.y) else { previous = nil; continue }
                result.append(.segment(previous ?? p, p))
                previous = p
            }
        }
        for marker in chart.markers where marker.x.isFinite {
            let px = layout.canvasX(marker.x)
            result.append(.segment(Point(x: px, y: layout.plot.minY), Point(x: px, y: layout.plot.maxY)))
        }
        for line in chart.referenceLines where line.y.isFinite {
            let py = layout.canvasY(line.y)
            result.append(.segment(Point(x: layout.plot.minX, y: py), Point(x: layout.plot.maxX, y: py)))
        }
        return result + (layout.markerLabels + layout.referenceLabels).map { .box($0) }
    }
}

