import Foundation
import XCTest

/// A scratch directory to render into and the flipbook binary run with a chosen environment:
/// what the CLI tests share.
class RenderDirectoryTestCase: XCTestCase {
    var scratch: URL!
    let tiny = FlipbookProcess.tinyScene
    var skype: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/skype-action-sheet.yaml").path
    }

    /// The variables `--shard auto` reads; removed from every child's environment unless a test sets them.
    static let farmVariables = ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_COUNT",
                                "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "PARALLEL_SEQ"]

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-\(type(of: self))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    /// A started `flipbook` process; `finish()` waits for it.
    struct Running {
        let process: Process
        let out: Pipe
        let err: Pipe

        func finish() -> FlipbookProcess.Result {
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return FlipbookProcess.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                          stderr: String(decoding: stderr, as: UTF8.self))
        }
    }

    /// Starts `flipbook arguments...` in the scratch directory with this process's environment,
    /// the render-farm variables removed, then `environment` added; `input` on standard input.
    func start(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Running {
        let process = Process()
        process.executableURL = try FlipbookProcess.executable()
        process.arguments = arguments
        process.currentDirectoryURL = scratch
        var variables = ProcessInfo.processInfo.environment
        for name in Self.farmVariables { variables[name] = nil }
        process.environment = variables.merging(environment) { $1 }
        let running = Running(process: process, out: Pipe(), err: Pipe())
        process.standardOutput = running.out
        process.standardError = running.err
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        try process.run()
        if let inputPipe, let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        return running
    }

    func flipbook(_ arguments: String..., environment: [String: String] = [:], input: String? = nil) throws -> FlipbookProcess.Result {
        try start(arguments, environment: environment, input: input).finish()
    }

    func write(_ text: String, to name: String) throws -> String {
        let path = self.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    /// Every name in `directory` (under the scratch directory), dot-files included, sorted.
    func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(directory))) ?? []).sorted()
    }

    func pngs(in directory: String) -> [String] { files(in: directory).filter { !$0.hasPrefix(".") && $0.hasSuffix(".png") } }

    /// The JSON object in `directory/name`.
    func manifest(_ directory: String, _ name: String = ".flipbook.json") throws -> [String: Any] {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path(directory + "/" + name)), "\(directory)/\(name)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Names, sizes, modification times and bytes of everything in `directory`: equal
    /// snapshots mean nothing was written.
    func snapshot(_ directory: String) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for name in files(in: directory) {
            let attributes = try FileManager.default.attributesOfItem(atPath: path(directory + "/" + name))
            let bytes = FileManager.default.contents(atPath: path(directory + "/" + name)) ?? Data()
            result[name] = ["\(attributes[.size] ?? "")", "\(attributes[.modificationDate] ?? "")", bytes.base64EncodedString()]
        }
        return result
    }

    /// This host's name as flipbook writes it into temporary names.
    var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        _ = gethostname(&buffer, buffer.count - 1)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
    }

    /// The id of a process that has exited (and been reaped).
    func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
