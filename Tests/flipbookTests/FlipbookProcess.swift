import Foundation

/// Runs the built `flipbook` binary as a user would, capturing its exit status and output.
enum FlipbookProcess {
    /// A small valid scene: a red box that a tap at 0.2 s springs to the right; 11 frames.
    static let tinyScene = """
    canvas: { size: [40, 30], scale: 1, fps: 10 }
    duration: 1
    views:
      - id: box
        frame: [0, 0, 10, 10]
        backgroundColor: "#ff0000"
        onTap: move
    actions:
      move:
        animations:
          - { property: box.frame.x, to: 30, duration: 0.5, spring: { damping: 0.7 } }
    input:
      - { tap: box, at: 0.2 }
    """

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// The executable: the test bundle sits beside the products it depends on.
    static func executable() throws -> URL {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flipbook")
        let candidates = [binary, Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("flipbook")]
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: binary.path])
        }
        return executable
    }

    /// Runs `flipbook arguments...` in `directory`, with `input` on standard input (none: empty)
    /// and `environment` added to this process's, and waits for it to exit.
    static func run(_ arguments: [String], in directory: URL, input: String? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        inPipe.fileHandleForWriting.write(Data((input ?? "").utf8))
        try inPipe.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
