import ArgumentParser
import Charts
import Foundation
import Motion
import Render
import Scene
import SceneFile

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw properties' presentation values over time as a PNG line chart.",
        discussion: """
            The values are exactly those trace prints (what is drawn), one line per property, \
            against time in seconds; dashed lines mark the scene's taps. With --golden, each \
            property's values from a motion golden (motion.csv) are drawn too, paler and named \
            '(golden)', with a marker at the first frame where they differ beyond the scene's \
            motion tolerance.
            """)

    @Argument(help: "The scene file (YAML or JSON).")
    var scene: String

    @Option(name: .customLong("property"), help: "A property to plot, ID.PATH such as sheet.frame.y. Repeat for more.")
    var properties: [String] = []

    @Option(name: [.short, .customLong("output")], help: "The PNG file to write.")
    var output: String?

    @Option(help: "Frames to plot: A-B, A- or N (default: all).")
    var frames: FrameRange?

    @Option(parsing: .unconditional, help: "Frames per second (default: the scene's).")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Chart width in points.")
    var width: Double = 800

    @Option(parsing: .unconditional, help: "Chart height in points.")
    var height: Double = 500

    @Option(parsing: .unconditional, help: "Pixels per point.")
    var scale: Double = 2

    @Option(help: ArgumentHelp("A motion golden (golden/SCENE/motion.csv, or its folder) to draw against the actual values.", valueName: "file"))
    var golden: String?

    func validate() throws {
        try PropertyTrace.validate(properties: properties, fps: fps)
        if output == nil { throw ValidationError("give the PNG file to write with -o FILE.png") }
        for (name, value) in [("--width", width), ("--height", height)] where !(value.isFinite && (200...10_000).contains(value)) {
            throw ValidationError("\(name) must be between 200 and 10000 points, got \(value)")
        }
        guard scale.isFinite, scale > 0 else { throw ValidationError("--scale must be a number greater than 0, got \(scale)") }
        if max(width, height) * scale > 32767 {
            throw ValidationError("--scale \(scale.shortestText): a \(width.shortestText)×\(height.shortestText) pt chart would be more than 32767 pixels a side")
        }
    }

    func run() throws {
        guard let output else { return }
        let scene = try loadScene(self.scene)
        let trace = try PropertyTrace(scene: scene, scenePath: self.scene, names: properties,
                                      fps: fps ?? scene.fps, frames: frames)
        let goldenTrace = try golden.map { try readGolden($0, names: properties) }
        try ImageOutput.checkFonts()
        var chart = makeChart(scene: scene, trace: trace)
        if let goldenTrace { addGolden(goldenTrace, to: &chart, scene: scene, trace: trace) }
        try ImageOutput.prepare(output)
        do { try PNGFile.write(chart.frame(), to: output, scale: scale) } catch { throw ImageOutput.failure(error) }
        let pixels = "\(Int((width * scale).rounded()))×\(Int((height * scale).rounded())) px"
        let frameCount = "\(trace.frames.count) frame\(trace.frames.count == 1 ? "" : "s")"
        print("plotted \(properties.count) propert\(properties.count == 1 ? "y" : "ies") over \(frameCount) -> \(output) (\(pixels))")
    }

    private func makeChart(scene: Scene, trace: PropertyTrace) -> LineChart {
        let series = trace.names.enumerated().map { column, name in
            LineChart.Series(name: name, xs: trace.times, ys: trace.rows.map { $0[column] })
        }
        let span = (trace.times.first ?? 0)...(trace.times.last ?? 0)
        let taps = scene.events.filter { span.contains($0.time) }.map { event in
            switch event.kind {
            case .tap(let view): return LineChart.Marker(x: event.time, label: "tap \(scene.view(view).id)")
            case .run(let action): return LineChart.Marker(x: event.time, label: "run \(scene.actions[action.index].name)")
            case .system(let command): return LineChart.Marker(x: event.time, label: scene.systems[command.system.index].name)
            case .touch(let index): return LineChart.Marker(x: event.time, label: "touch \(index + 1)")
            }
        }
        return LineChart(title: scene.name, xAxisLabel: "time (s)", yAxisLabel: Self.unit(of: trace.names),
                         series: series, markers: taps, size: Size(width: width, height: height))
    }

    /// The motion golden at `path` (a file, or a folder holding motion.csv): 66 when missing,
    /// 65 when it cannot be read, 64 when it does not trace one of `names`.
    private func readGolden(_ path: String, names: [String]) throws -> MotionTrace {
        var isDirectory: ObjCBool = false
        let file = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? (path as NSString).appendingPathComponent(GoldenScene.motionFileName) : path
        guard FileManager.default.fileExists(atPath: file) else { throw fail("--golden \(file): no such file", ExitStatus.noInput) }
        let trace: MotionTrace
        do { trace = try MotionTrace(csv: String(contentsOfFile: file, encoding: .utf8), path: file) } catch {
            throw fail("--golden: \(error)", ExitStatus.dataError)
        }
        for name in names where !trace.names.contains(name) {
            let hint = closestName(to: name, in: trace.names).map { " (did you mean '\($0)'?)" } ?? ""
            throw fail("--golden \(file) does not trace \(name)\(hint)", ExitStatus.usage)
        }
        return trace
    }

    /// Each property's golden values as a paler line of its colour, and a marker at the
    /// first frame where any differs beyond the scene's motion tolerance.
    private func addGolden(_ golden: MotionTrace, to chart: inout LineChart, scene: Scene, trace: PropertyTrace) {
        let rule = GoldenRunOptions().motionComparison(for: scene)
        var firstDifference: Int?
        for (column, name) in trace.names.enumerated() {
            guard let goldenColumn = golden.names.firstIndex(of: name) else { continue }
            let values = golden.column(goldenColumn)
            let color = ChartPalette.color(at: column)
            let pale = Color(red: color.red, green: color.green, blue: color.blue, alpha: 0.35)
            chart.series.insert(LineChart.Series(name: "\(name) (golden)", color: pale, xs: golden.times, ys: values), at: column)
            chart.series[column + 1].color = color
            for (row, frame) in trace.frames.enumerated() where frame < values.count {
                if !rule.matches(golden: values[frame], actual: trace.rows[row][column]) {
                    firstDifference = min(firstDifference ?? frame, frame)
                    break
                }
            }
        }
        if let firstDifference {
            chart.markers.append(LineChart.Marker(x: Double(firstDifference) / scene.fps, label: "differs from frame \(firstDifference)"))
        }
    }

    /// "points", "radians" or "0–1" when every property shares that unit, else "value".
    static func unit(of names: [String]) -> String {
        let units = Set(names.map { name -> String in
            let path = name.split(separator: ".", maxSplits: 1).last.map(String.init) ?? ""
            if path.hasPrefix("variables.") { return "value" }
            if let derived = DerivedViewProperty(rawValue: path) { return derived == .scale ? "factor" : "points" }
            switch ViewProperty(path: path) {
            case .rotation?: return "radians"
            case .scaleX?, .scaleY?: return "factor"
            case .zPosition?, .hidden?, nil: return "value"
            case .alpha?, .anchorX?, .anchorY?: return "0–1"
            case let p? where p.colorChannel != nil: return "0–1"
            default: return "points"
            }
        })
        return units.count == 1 ? units.first ?? "value" : "value"
    }
}
