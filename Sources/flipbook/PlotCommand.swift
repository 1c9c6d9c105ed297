import ArgumentParser
import Charts
import Foundation
import Motion
import Render
import Scene

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw properties' presentation values over time as a PNG line chart.",
        discussion: """
            The values are exactly those trace prints (what is drawn), one line per property, \
            against time in seconds; dashed lines mark the scene's taps.
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
        try ImageOutput.checkFonts()
        let chart = makeChart(scene: scene, trace: trace)
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
