@testable import Charts
import Drawing
import Motion
import XCTest

final class LineChartTests: XCTestCase {
    private let times = (0...60).map { Double($0) / 60 }

    private func spring(_ t: Double) -> Double { 1 - exp(-6 * t) * cos(12 * t) }

    private var springChart: LineChart {
        LineChart(title: "spring", xAxisLabel: "time (s)", yAxisLabel: "fraction",
                  series: [LineChart.Series(name: "value", xs: times, ys: times.map(spring)),
                           LineChart.Series(name: "target", xs: times, ys: times.map { _ in 1 })],
                  markers: [LineChart.Marker(x: 0.62, label: "settled 0.62 s")],
                  referenceLines: [LineChart.ReferenceLine(y: 1, label: "target 1")])
    }

    /// Text runs of a frame, by text.
    private func texts(_ frame: Frame) -> [String] {
        frame.commands.compactMap { if case .text(let run) = $0 { return run.text } else { return nil } }
    }

    /// Strokes drawn with `width`.
    private func strokes(_ frame: Frame, width: Double) -> [(Path, Color)] {
        frame.commands.compactMap {
            if case .stroke(let path, let color, let lineWidth) = $0, lineWidth == width { return (path, color) }
            return nil
        }
    }

    private func allPoints(_ frame: Frame) -> [Point] {
        var points: [Point] = []
        func add(_ path: Path) {
            for element in path.elements {
                switch element {
                case .move(let p), .line(let p): points.append(p)
                case .quadCurve(let p, let c): points += [p, c]
                case .curve(let p, let c1, let c2): points += [p, c1, c2]
                case .close: break
                }
            }
        }
        for command in frame.commands {
            switch command {
            case .fill(let path, _), .stroke(let path, _, _), .clip(let path), .fillRule(let path, _, _), .strokeStyled(let path, _, _),
                 .fillGradient(let path, _), .shadow(let path, _), .backdrop(let path, _, _): add(path)
            case .image(_, let rect): points += [rect.origin, Point(x: rect.maxX, y: rect.maxY)]
            case .text(let run): points += [run.box.origin, Point(x: run.box.maxX, y: run.box.maxY)]
            case .concat(let t): points.append(Point(x: t.tx, y: t.ty))
            case .save, .restore, .beginGroup, .beginBoundedGroup, .endGroup, .endGroupWithShadow, .beginProjection, .endProjection,
                 .beginMasked, .beginMask, .endMask: break
            }
        }
        return points
    }

    func testOneTwoPointStrokePerSeriesInPaletteOrder() {
        let frame = springChart.frame()
        let series = strokes(frame, width: 2)
        XCTAssertEqual(series.count, 2)
        XCTAssertEqual(series.map(\.1), [ChartPalette.color(at: 0), ChartPalette.color(at: 1)])
        XCTAssertEqual(series[0].0.elements.count, times.count, "one vertex per point")
        XCTAssertEqual(frame.size, Size(width: 800, height: 500))
        XCTAssertEqual(frame.background, .white)
    }

    func testLegendTitleLabelsAndGuidesAreTextRuns() {
        let words = texts(springChart.frame())
        for expected in ["value", "target", "spring", "time (s)", "fraction", "settled 0.62 s", "target 1", "0.4", "1.2"] {
            XCTAssertTrue(words.contains(expected), "\(expected) missing from \(words)")
        }
    }

    func testSeriesStayInsideThePlotAndRiseUpwards() throws {
        let frame = springChart.frame()
        let value = try XCTUnwrap(strokes(frame, width: 2).first?.0.elements)
        guard case .move(let start) = value.first, case .line(let end) = value.last else { return XCTFail("not a polyline") }
        XCTAssertGreaterThan(start.y, end.y, "larger values are higher up")
        XCTAssertLessThan(start.x, end.x)
        for p in [start, end] {
            XCTAssertTrue((0...800).contains(p.x) && (0...500).contains(p.y), "\(p)")
        }
    }

    func testCoincidingSeriesAreNamedInTheLegend() {
        let same = LineChart(series: [LineChart.Series(name: "a", xs: times, ys: times),
                                      LineChart.Series(name: "b", xs: times, ys: times)])
        XCTAssertEqual(same.legendLabels, ["a", "b (= a)"])
        XCTAssertTrue(texts(same.frame()).contains("b (= a)"))
    }

    func testDegenerateDataGivesFiniteCoordinates() {
        let cases: [[LineChart.Series]] = [
            [],
            [LineChart.Series(name: "empty", points: [])],
            [LineChart.Series(name: "one point", points: [(x: 0.5, y: 3)])],
            [LineChart.Series(name: "constant", xs: times, ys: times.map { _ in 844 })],
            [LineChart.Series(name: "gaps", points: [(0, 1), (1, .nan), (2, 3), (3, .infinity), (4, 2), (5, 4), (.nan, 1)])],
            [LineChart.Series(name: "all nan", points: [(.nan, .nan), (1, .nan)])],
            [LineChart.Series(name: "huge", points: [(0, -.greatestFiniteMagnitude), (1, .greatestFiniteMagnitude)])],
            [LineChart.Series(name: "same x", points: [(2, 1), (2, 5)])],
        ]
        for series in cases {
            let chart = LineChart(title: "t", xAxisLabel: "x", yAxisLabel: "y", series: series,
                                  markers: [LineChart.Marker(x: .nan, label: "nan")],
                                  referenceLines: [LineChart.ReferenceLine(y: .infinity, label: "inf")])
            let frame = chart.frame()
            let points = allPoints(frame)
            XCTAssertFalse(points.isEmpty)
            for p in points {
                XCTAssertTrue(p.x.isFinite && p.y.isFinite, "\(series.map(\.name)): \(p)")
            }
            XCTAssertEqual(strokes(frame, width: 2).count, series.count, "\(series.map(\.name))")
        }
    }

    func testGapsBreakTheLineAndLonePointsBecomeDots() throws {
        let chart = LineChart(series: [LineChart.Series(name: "gaps", points: [(0, 1), (1, 2), (2, .nan), (3, 3), (4, .nan), (5, 1), (6, 2)])])
        let frame = chart.frame()
        let path = try XCTUnwrap(strokes(frame, width: 2).first?.0)
        let moves = path.elements.filter { if case .move = $0 { return true } else { return false } }
        XCTAssertEqual(moves.count, 3, "three runs: 0-1, 3, 5-6")
        let dots = frame.commands.filter { if case .fill(_, let c) = $0 { return c == ChartPalette.color(at: 0) } else { return false } }
        XCTAssertEqual(dots.count, 1, "the lone point at x = 3")
    }

    func testLegendAvoidsData() throws {
        // A line through the top-right corner pushes the legend elsewhere.
        let rising = LineChart(series: [LineChart.Series(name: "rising", xs: times, ys: times)])
        let layout = ChartLayout(chart: rising)
        let legend = try XCTUnwrap(layout.legend)
        let box = try XCTUnwrap(legend.box, "room inside, so a box")
        XCTAssertLessThan(box.midX, layout.plot.midX, "top-left, away from the rising line")
        XCTAssertLessThan(box.midY, layout.plot.midY)

        // Lines everywhere: the legend goes above the plot.
        let busy = LineChart(series: (0..<6).map { k in
            LineChart.Series(name: "series \(k)", xs: times, ys: times.map { sin(40 * $0 + Double(k)) })
        })
        let above = try XCTUnwrap(ChartLayout(chart: busy).legend)
        XCTAssertNil(above.box)
        XCTAssertEqual(above.items.count, 6)
        XCTAssertTrue(above.items.allSatisfy { $0.maxY <= ChartLayout(chart: busy).plot.minY })
    }

    func testPaletteIsDeterministicAndDistinct() {
        XCTAssertEqual(Set(ChartPalette.colors).count, ChartPalette.colors.count)
        XCTAssertEqual(ChartPalette.color(at: 8), ChartPalette.color(at: 0))
        let custom = LineChart(series: [LineChart.Series(name: "x", color: .black, points: [(0, 0), (1, 1)])])
        XCTAssertEqual(custom.color(ofSeriesAt: 0), .black)
    }

    func testTextWidthsMatchTheFontsAdvances() {
        // DejaVu Sans: digits 1303/2048 em, "i" 569/2048 em.
        XCTAssertEqual(TextMetrics.width(of: "00", fontSize: 2048), 2606, accuracy: 1e-9)
        XCTAssertEqual(TextMetrics.width(of: "i", fontSize: 2048), 569, accuracy: 1e-9)
        XCTAssertGreaterThan(TextMetrics.width(of: "W", fontSize: 10, bold: true), TextMetrics.width(of: "W", fontSize: 10))
    }
}
