import ArgumentParser
import Foundation
import Motion
import Scene
import SceneFile

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print properties' presentation values frame by frame.",
        discussion: "CSV with the header frame,time,<path>,... and one row per frame; numbers in shortest round-trip form. JSON is an array of {frame, time, values: {path: value}}.")

    @Argument(help: "The scene file (YAML or JSON).")
    var scene: String

    @Option(name: .customLong("property"), help: "A property to trace, ID.PATH such as sheet.frame.y. Repeat for more.")
    var properties: [String] = []

    @Option(help: "Output format: csv or json.")
    var format: TraceFormat = .csv

    @Option(help: "Frames to trace: A-B, A- or N (default: all).")
    var frames: FrameRange?

    @Option(help: "Frames per second (default: the scene's).")
    var fps: Double?

    func validate() throws {
        if properties.isEmpty { throw ValidationError("give at least one --property ID.PATH, e.g. --property sheet.frame.y") }
        if let repeated = properties.enumerated().first(where: { properties[..<$0.offset].contains($0.element) }) {
            throw ValidationError("--property \(repeated.element) is given twice")
        }
        if let fps, !(fps.isFinite && fps > 0) { throw ValidationError("--fps must be a number greater than 0") }
    }

    func run() throws {
        let scene = try loadScene(self.scene)
        var refs: [PropertyRef] = []
        for name in properties {
            guard let ref = scene.property(named: name) else {
                let all = scene.views.flatMap { v in ViewProperty.allCases.map { "\(v.id).\($0.path)" } }
                let hint = closestName(to: name, in: all).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail("--property \(name): no such property in \(self.scene)\(hint)", ExitStatus.usage)
            }
            refs.append(ref)
        }
        let fps = self.fps ?? scene.fps
        let range = try frameIndices(scene: scene, fps: fps, frames: frames)
        var player = Player(scene: scene)
        var out = ""
        if format == .csv { out += "frame,time," + properties.joined(separator: ",") + "\n" }
        var rows: [String] = []
        for index in range {
            player.advance(to: Double(index) / fps)
            let numbers = refs.map { player.presentationValue($0) }
            let time = (Double(index) / fps).shortestText
            switch format {
            case .csv: out += "\(index),\(time)," + numbers.map(\.shortestText).joined(separator: ",") + "\n"
            case .json:
                // JSON has no NaN or infinity: such values (a division by zero) print as null.
                let pairs = zip(properties, numbers).map { "\"\($0)\": \($1.isFinite ? $1.shortestText : "null")" }.joined(separator: ", ")
                rows.append("  {\"frame\": \(index), \"time\": \(time), \"values\": {\(pairs)}}")
            }
        }
        if format == .json { out = "[\n" + rows.joined(separator: ",\n") + "\n]\n" }
        FileHandle.standardOutput.write(Data(out.utf8))
    }
}

enum TraceFormat: String, ExpressibleByArgument, CaseIterable {
    case csv, json
}
