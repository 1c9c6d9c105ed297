import Foundation
import XCTest

/// What ffprobe says about a file's first video stream, and ffmpeg-decoded pixels, for tests
/// of the animated formats. Tests skip when ffmpeg is not installed (scripts/setup installs it).
struct MediaProbe {
    var codec: String
    var width: Int
    var height: Int
    var pixelFormat: String
    var frames: Int
    /// The stream's tags and fields as ffprobe prints them (`alpha_mode`, `color_space`, ...).
    var fields: [String: String]

    /// Probes `path`, counting frames by decoding them.
    init(_ path: String, decoder: String? = nil) throws {
        var arguments = ["-v", "error"]
        if let decoder { arguments += ["-c:v", decoder] }
        arguments += ["-count_frames", "-select_streams", "v:0", "-show_entries", "stream:stream_tags", "-of", "flat=s=_", path]
        let output = try Self.run("ffprobe", arguments)
        var fields: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].replacingOccurrences(of: "streams_stream_0_", with: "")
            fields[key] = line[line.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        self.fields = fields
        codec = fields["codec_name"] ?? ""
        width = Int(fields["width"] ?? "") ?? 0
        height = Int(fields["height"] ?? "") ?? 0
        pixelFormat = fields["pix_fmt"] ?? ""
        frames = Int(fields["nb_read_frames"] ?? "") ?? 0
    }

    /// The first frame of `path` decoded to straight RGBA bytes, row after row.
    static func firstFrameRGBA(_ path: String, decoder: String? = nil) throws -> [UInt8] {
        var arguments = ["-v", "error"]
        if let decoder { arguments += ["-c:v", decoder] }
        arguments += ["-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
        return Array(try runData("ffmpeg", arguments))
    }

    /// Skips the test when ffprobe is not on PATH.
    static func requireFFmpeg() throws {
        let found = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/ffprobe")
        }
        if !found { throw XCTSkip("ffmpeg/ffprobe not installed (scripts/setup installs them)") }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> String {
        String(decoding: try runData(tool, arguments), as: UTF8.self)
    }

    private static func runData(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments) failed"])
        }
        return data
    }
}
