import Drawing
import Motion

/// A line chart of one or more series against a shared x axis, drawn as a `Frame` (points,
/// origin top-left): white background, nice ticks with light grid lines, axes, one 2 pt
/// polyline per series, dashed vertical markers and horizontal reference lines with labels,
/// a legend where it covers no data, a title and axis labels. Text uses the pinned font.
///
/// Non-finite values are skipped and break their line; a lone point is drawn as a dot; an
/// empty or constant range is padded, so any data gives a readable chart with finite
/// coordinates.
public struct LineChart: Sendable {
    /// One line of the chart.
    public struct Series: Sendable {
        /// Shown in the legend.
        public var name: String
        /// nil: `ChartPalette.color(at:)` for the series' position in the chart.
        public var color: Color?
        /// Data points in order, joined by straight lines.
        public var points: [(x: Double, y: Double)]

        public init(name: String, color: Color? = nil, points: [(x: Double, y: Double)]) {
            self.name = name; self.color = color; self.points = points
        }

        /// A series of `ys` at `xs` (pairs up to the shorter of the two).
        public init(name: String, color: Color? = nil, xs: [Double], ys: [Double]) {
            self.init(name: name, color: color, points: zip(xs, ys).map { (x: $0, y: $1) })
        }
    }

    /// A dashed vertical line across the plot at `x`, labelled at its top ("settled 0.62 s").
    public struct Marker: Hashable, Sendable {
        public var x: Double
        public var label: String
        public init(x: Double, label: String) { self.x = x; self.label = label }
    }

    /// A dashed horizontal line across the plot at `y`, labelled at its right end ("target 1").
    public struct ReferenceLine: Hashable, Sendable {
        public var y: Double
        public var label: String
        public init(y: Double, label: String) { self.y = y; self.label = label }
    }

    /// Centred above the plot, bold; empty for none.
    public var title: String
    /// Under the x axis, e.g. "time (s)".
    public var xAxisLabel: String
    /// Above the y axis, e.g. "points".
    public var yAxisLabel: String
    public var series: [Series]
    public var markers: [Marker]
    public var referenceLines: [ReferenceLine]
    /// The canvas in points.
    public var size: Size

    public init(title: String = "", xAxisLabel: String = "", yAxisLabel: String = "", series: [Series] = [],
                markers: [Marker] = [], referenceLines: [ReferenceLine] = [],
                size: Size = Size(width: 800, height: 500)) {
        self.title = title; self.xAxisLabel = xAxisLabel; self.yAxisLabel = yAxisLabel; self.series = series
        self.markers = markers; self.referenceLines = referenceLines; self.size = size
    }

    /// The colour series `index` is drawn with.
    public func color(ofSeriesAt index: Int) -> Color {
        series[index].color ?? ChartPalette.color(at: index)
    }

    /// The chart's display list: frame index 0 at time 0, `size` points, white background.
    public func frame() -> Frame {
        let layout = ChartLayout(chart: self)
        var drawing = ChartDrawing(chart: self, layout: layout)
        drawing.drawAll()
        return Frame(index: 0, time: 0, size: size, background: .white, commands: drawing.commands)
    }

    /// The legend's texts: each series' name, with " (= NAME)" when its points are exactly
    /// those of an earlier series, which it then hides.
    var legendLabels: [String] {
        series.enumerated().map { index, line in
            let twin = series[..<index].first { earlier in
                earlier.points.count == line.points.count && zip(earlier.points, line.points).allSatisfy { a, b in
                    (a.x == b.x || (a.x.isNaN && b.x.isNaN)) && (a.y == b.y || (a.y.isNaN && b.y.isNaN))
                }
            }
            return twin.map { "\(line.name) (= \($0.name))" } ?? line.name
        }
    }

    /// The smallest and largest finite x (markers included) and y (reference lines included)
    /// over points whose coordinates are both finite; nil for an axis with no finite value.
    var dataRanges: (x: ClosedRange<Double>?, y: ClosedRange<Double>?) {
        var xs: [Double] = markers.map(\.x).filter(\.isFinite)
        var ys: [Double] = referenceLines.map(\.y).filter(\.isFinite)
        for line in series {
            for point in line.points where point.x.isFinite && point.y.isFinite {
                xs.append(point.x); ys.append(point.y)
            }
        }
        func range(_ values: [Double]) -> ClosedRange<Double>? {
            guard let low = values.min(), let high = values.max() else { return nil }
            return low...high
        }
        return (range(xs), range(ys))
    }
}
