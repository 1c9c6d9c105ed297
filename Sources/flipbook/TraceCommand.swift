import ArgumentParser
import Foundation
import Motion
import Scene
import SceneFile

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print properties' presentation values frame by frame.",
        discussion: "CSV with the header frame,time,<path>,... and one row per frame; numbers in shortest round-trip form. JSON is an array of {frame, time, values: {path: value}}; in JSON a label's text (--property ID.text) is traced too, as a string, so every change shows at the frame it happens.")

    @Argument(help: "The scene file (YAML or JSON).")
    var scene: String

    @Option(name: .customLong("property"), help: "A property to trace, ID.PATH such as sheet.frame.y. Repeat for more.")
    var properties: [String] = []

    @Option(help: "Output format: csv or json.")
    var format: TraceFormat = .csv

    @Option(help: "Frames to trace: A-B, A- or N (default: all).")
    var frames: FrameRange?

    @Option(parsing: .unconditional, help: "Frames per second (default: the scene's).")
    var fps: Double?

    @Flag(help: ArgumentHelp(
        "Also time the simulation and print one line to standard error (for scripts/bench).",
        discussion: """
            Each traced frame is then simulated as render does it, Player.frame(at:fps:) (advance to \
            the frame's time, then build its Frame; nothing is drawn), timed with the monotonic clock; \
            reading the traced values is not timed, and the values printed are the same. The line: \
            timings: frames=N simulate=<ms per frame> total=<ms> instants=<instants evaluated> \
            events=<events dispatched> checkpointsRestored=N framesBuilt=N commands=<drawing commands \
            built> setup=<ms to make the Player: checking, the culling index, the events at t = 0> \
            peakRSS=<KiB>; the counts are the Player's since t = 0, that instant included.
            """))
    var timings = false

    func validate() throws {
        try PropertyTrace.validate(properties: properties, fps: fps)
    }

    func run() throws {
        let scene = try loadScene(self.scene)
        let trace = try PropertyTrace(scene: scene, scenePath: self.scene, names: properties,
                                      fps: self.fps ?? scene.fps, frames: frames, timed: timings, texts: format == .json)
        var out = ""
        if format == .csv { out += "frame,time," + properties.joined(separator: ",") + "\n" }
        var rows: [String] = []
        for (row, index) in trace.frames.enumerated() {
            let numbers = trace.rows[row]
            let time = trace.times[row].shortestText
            switch format {
            case .csv: out += "\(index),\(time)," + numbers.map(\.shortestText).joined(separator: ",") + "\n"
            case .json:
                // JSON has no NaN or infinity: such values (a division by zero) print as null.
                let pairs = zip(properties, zip(numbers, trace.texts[row])).map { name, value in
                    let (number, text) = value
                    return "\"\(name)\": " + (text.map(jsonString) ?? (number.isFinite ? number.shortestText : "null"))
                }.joined(separator: ", ")
                rows.append("  {\"frame\": \(index), \"time\": \(time), \"values\": {\(pairs)}}")
            }
        }
        if format == .json { out = "[\n" + rows.joined(separator: ",\n") + "\n]\n" }
        FileHandle.standardOutput.write(Data(out.utf8))
        if let timings = trace.timings {
            FileHandle.standardError.write(Data((timings.line + " peakRSS=\(peakResidentKiB())KiB\n").utf8))
        }
    }
}

enum TraceFormat: String, ExpressibleByArgument, CaseIterable {
    case csv, json
}

/// `text` as a JSON string literal, quoted and escaped.
private func jsonString(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return (try? encoder.encode(text)).flatMap { String(data: $0, encoding: .utf8) } ?? "null"
}
