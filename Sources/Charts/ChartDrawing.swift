import Drawing
import Motion

/// Turns a `LineChart` and its `ChartLayout` into drawing commands, back to front: grid,
/// guides, series, axes, labels, legend, title.
struct ChartDrawing {
    let chart: LineChart
    let layout: ChartLayout
    private(set) var commands: [DrawCommand] = []

    init(chart: LineChart, layout: ChartLayout) {
        self.chart = chart
        self.layout = layout
    }

    mutating func drawAll() {
        drawGrid()
        drawGuides()
        drawSeries()
        drawAxes()
        drawGuideLabels()
        drawLegend()
        drawTitles()
    }

    private var plot: Rect { layout.plot }

    /// Centre of the pixel row or column at `v`, so 1 pt lines are crisp at scales 1 and 2.
    private func crisp(_ v: Double) -> Double { v.rounded(.down) + 0.5 }

    private mutating func line(_ a: Point, _ b: Point, _ color: Color, width: Double = 1) {
        commands.append(.stroke(Path([.move(to: a), .line(to: b)]), color, lineWidth: width))
    }

    private mutating func text(_ string: String, _ box: Rect, size: Double, bold: Bool = false,
                               color: Color = ChartStyle.ink, alignment: TextAlignment) {
        guard !string.isEmpty else { return }
        commands.append(.text(TextRun(text: string, box: box, fontSize: size, bold: bold, color: color, alignment: alignment,
                                      typeface: .chart)))
    }

    private mutating func drawGrid() {
        var path = Path()
        for value in layout.x.values {
            let px = crisp(layout.canvasX(value))
            path.move(to: Point(x: px, y: plot.minY)); path.addLine(to: Point(x: px, y: plot.maxY))
        }
        for value in layout.y.values {
            let py = crisp(layout.canvasY(value))
            path.move(to: Point(x: plot.minX, y: py)); path.addLine(to: Point(x: plot.maxX, y: py))
        }
        commands.append(.stroke(path, ChartStyle.grid, lineWidth: 1))
    }

    /// A dashed line: 5 pt dashes, 4 pt gaps.
    private func dashes(from a: Point, to b: Point) -> Path {
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        var path = Path()
        guard length.isFinite, length > 0 else { return path }
        var start = 0.0
        while start < length {
            let end = min(start + 5, length)
            func at(_ d: Double) -> Point { Point(x: a.x + (b.x - a.x) * d / length, y: a.y + (b.y - a.y) * d / length) }
            path.move(to: at(start)); path.addLine(to: at(end))
            start += 9
        }
        return path
    }

    private mutating func drawGuides() {
        for marker in chart.markers where marker.x.isFinite {
            let px = crisp(layout.canvasX(marker.x))
            commands.append(.stroke(dashes(from: Point(x: px, y: plot.minY), to: Point(x: px, y: plot.maxY)),
                                    ChartStyle.guide, lineWidth: 1))
        }
        for reference in chart.referenceLines where reference.y.isFinite {
            let py = crisp(layout.canvasY(reference.y))
            commands.append(.stroke(dashes(from: Point(x: plot.minX, y: py), to: Point(x: plot.maxX, y: py)),
                                    ChartStyle.guide, lineWidth: 1))
        }
    }

    /// One stroke per series, clipped to the plot (grown by half the line width); a point
    /// with no finite neighbour is a dot.
    private mutating func drawSeries() {
        commands.append(.save)
        commands.append(.clip(Path(rect: plot.shrunk(by: -1))))
        for (index, series) in chart.series.enumerated() {
            let color = chart.color(ofSeriesAt: index)
            var path = Path()
            var run: [Point] = []
            var dots: [Point] = []
            func endRun() {
                if run.count == 1 { dots.append(run[0]) }
                run = []
            }
            for point in series.points {
                guard let p = layout.canvasPoint(x: point.x, y: point.y) else { endRun(); continue }
                if run.isEmpty { path.move(to: p) } else { path.addLine(to: p) }
                run.append(p)
            }
            endRun()
            commands.append(.stroke(path, color, lineWidth: 2))
            for dot in dots {
                commands.append(.fill(Path(roundedRect: Rect(x: dot.x - 3, y: dot.y - 3, width: 6, height: 6), cornerRadius: 3), color))
            }
        }
        commands.append(.restore)
    }

    private mutating func drawAxes() {
        let left = crisp(plot.minX), bottom = crisp(plot.maxY)
        line(Point(x: left, y: plot.minY), Point(x: left, y: plot.maxY + 0.5), ChartStyle.axis)
        line(Point(x: plot.minX - 0.5, y: bottom), Point(x: plot.maxX, y: bottom), ChartStyle.axis)
        for (value, label) in zip(layout.x.values, layout.x.labels) {
            let px = crisp(layout.canvasX(value))
            line(Point(x: px, y: bottom), Point(x: px, y: bottom + 4), ChartStyle.axis)
            text(label, Rect(x: px - 50, y: plot.maxY + 6, width: 100, height: 14), size: ChartStyle.tickFont,
                 color: ChartStyle.tickInk, alignment: .center)
        }
        for (value, label) in zip(layout.y.values, layout.y.labels) {
            let py = crisp(layout.canvasY(value))
            line(Point(x: left - 4, y: py), Point(x: left, y: py), ChartStyle.axis)
            text(label, Rect(x: 0, y: py - 7, width: plot.minX - 7, height: 14), size: ChartStyle.tickFont,
                 color: ChartStyle.tickInk, alignment: .right)
        }
    }

    /// Labels of markers and reference lines on a translucent white box, over the series.
    private mutating func drawGuideLabels() {
        let labels = Array(zip(chart.markers.map(\.label) + chart.referenceLines.map(\.label),
                              layout.markerLabels + layout.referenceLabels))
        for (label, box) in labels where !label.isEmpty && box.minX.isFinite && box.minY.isFinite {
            commands.append(.fill(Path(rect: box), ChartStyle.labelBackground))
            text(label, box, size: ChartStyle.tickFont, color: ChartStyle.ink, alignment: .center)
        }
    }

    private mutating func drawLegend() {
        guard let legend = layout.legend else { return }
        if let box = legend.box {
            commands.append(.fill(Path(rect: box), ChartStyle.labelBackground))
            let border = Rect(x: crisp(box.minX), y: crisp(box.minY), width: box.width.rounded(), height: box.height.rounded())
            commands.append(.stroke(Path(rect: border), ChartStyle.legendBorder, lineWidth: 1))
        }
        for (index, (label, item)) in zip(chart.legendLabels, legend.items).enumerated() {
            line(Point(x: item.minX, y: item.midY), Point(x: item.minX + ChartLegend.swatch, y: item.midY),
                 chart.color(ofSeriesAt: index), width: 2.5)
            let textX = item.minX + ChartLegend.swatch + ChartLegend.swatchGap
            text(label, Rect(x: textX, y: item.minY, width: max(item.maxX - textX, 1), height: item.height),
                 size: ChartStyle.legendFont, alignment: .left)
        }
    }

    private mutating func drawTitles() {
        text(chart.title, Rect(x: 0, y: ChartStyle.padding, width: chart.size.width, height: 20),
             size: ChartStyle.titleFont, bold: true, alignment: .center)
        text(chart.yAxisLabel, Rect(x: ChartStyle.padding, y: plot.minY - 26, width: max(plot.maxX - ChartStyle.padding, 1), height: 16),
             size: ChartStyle.axisLabelFont, alignment: .left)
        text(chart.xAxisLabel, Rect(x: plot.minX, y: plot.maxY + 22, width: plot.width, height: 16),
             size: ChartStyle.axisLabelFont, alignment: .center)
    }
}
