import ArgumentParser
import Foundation
import Motion
import Render
import Scene

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Render a scene's key frames and compare them with golden PNGs.",
        discussion: """
            The key frames are the scene's keyFrames, or four spread evenly over its frames; \
            frame N is compared with DIR/NNNN.png (four digits: 0018.png). The rule is the \
            project's own golden tests': a pixel differs when a channel differs by more than 2, \
            a frame fails when more than 40 pixels differ. For each failure an expected | \
            difference | actual image is written to the --output directory (default: DIR-failures \
            beside DIR), and removed again once the frame matches. Exit 0 when every frame \
            matches (or was recorded), 1 when any differs or has no golden; with no golden at \
            all and no --record, exit 66 and nothing is written.
            """)

    @Argument(help: "The scene file (YAML or JSON).")
    var scene: String

    @Option(help: ArgumentHelp("The directory of the scene's golden PNGs, such as golden/SCENE.", valueName: "dir"))
    var golden: String

    @Option(help: ArgumentHelp("Write goldens: missing (only absent ones), all (every one), failed (absent and mismatching ones).", valueName: "mode"))
    var record: RecordChoice?

    @Option(help: ArgumentHelp("Also write a JUnit XML report (one testcase per key frame) to this file.", valueName: "file"))
    var junit: String?

    @Option(parsing: .unconditional, help: "Pixels per point (goldens recorded at another scale fail on size).")
    var scale: Double = 1

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write expected | difference | actual images (default: DIR-failures).", valueName: "dir"))
    var output: String?

    func validate() throws {
        try requirePositive(scale, "--scale")
        if golden.isEmpty { throw ValidationError("--golden needs a directory") }
        if junit?.isEmpty == true { throw ValidationError("--junit needs a file name") }
        if output?.isEmpty == true { throw ValidationError("--output needs a directory") }
    }

    func run() throws {
        let scene = try loadScene(self.scene)
        let goldenDirectory = Self.trimmingSlashes(golden)
        let check = GoldenCheck(goldenDirectory: goldenDirectory,
                                failureDirectory: output.map(Self.trimmingSlashes) ?? Self.defaultFailureDirectory(for: goldenDirectory),
                                recordMode: record?.mode ?? .never)
        let frames = KeyFrameRenderer.keyFrames(of: scene)
        try checkGoldensExist(check, frames: frames, scene: scene)
        try ImageOutput.checkFonts()
        let images = try decodeImages(scene)
        var renderer: KeyFrameRenderer
        do { renderer = try KeyFrameRenderer(scene: scene, scale: scale, images: images) } catch let error as RenderError {
            throw ImageOutput.failure(error)
        } catch {
            throw fail("\(error)", ExitStatus.dataError)
        }
        var report = CompareReport(sceneName: scene.name, check: check, scale: scale)
        for frame in frames {
            let image = try runningScene(frame: frame) {
                try renderer.image(frame: frame)
            }
            let result: GoldenResult
            do { result = try check.check(image, frame: frame) } catch { throw fail("\(error)", Self.exitStatus(for: error)) }
            report.append(result)
            print(report.line(for: result))
        }
        print(report.summary)
        if let junit { try writeJUnit(report, to: junit) }
        if report.notPassed > 0 { throw fail(report.failureAdvice, 1) }
    }

    /// With nothing to compare against and nothing to record, says how to start (exit 66);
    /// a file given as the directory is a usage error (exit 64).
    private func checkGoldensExist(_ check: GoldenCheck, frames: [Int], scene: Scene) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: check.goldenDirectory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw fail("--golden \(golden) is a file; give the directory that holds the scene's golden PNGs", ExitStatus.usage)
        }
        guard check.recordMode == .never, !frames.contains(where: check.hasGolden) else { return }
        let names = frames.map(GoldenCheck.fileName).joined(separator: ", ")
        throw fail("no goldens for \(scene.name) in \(check.goldenDirectory) (looked for \(names)); record them with\n"
                   + "flipbook: error:   flipbook compare \(self.scene) --golden \(golden) --record missing\n"
                   + "flipbook: error: and look at them before you commit them", ExitStatus.noInput)
    }

    /// Writes the report atomically (a temporary file renamed), creating missing parent
    /// directories; exits 73 when it cannot.
    private func writeJUnit(_ report: CompareReport, to path: String) throws {
        try ImageOutput.prepare(path)
        do { try Data(JUnitReport.xml(report).utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw fail("cannot write \(path): \(error.localizedDescription)", ExitStatus.cannotCreate)
        }
    }

    /// 73 when a golden, a panel or their directory cannot be created, 74 for other I/O errors.
    static func exitStatus(for error: Error) -> Int32 {
        switch error {
        case ExportError.cannotCreateDirectory, PNGError.cannotOpen: return ExitStatus.cannotCreate
        default: return ExitStatus.ioError
        }
    }

    /// `golden/x` for `golden/x/`; `/` stays.
    static func trimmingSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// `DIR-failures` beside the goldens; for `.` or `..`, beside the directory they name.
    static func defaultFailureDirectory(for goldenDirectory: String) -> String {
        let last = (goldenDirectory as NSString).lastPathComponent
        guard last == "." || last == ".." else { return goldenDirectory + "-failures" }
        return URL(fileURLWithPath: goldenDirectory).standardizedFileURL.path + "-failures"
    }
}

enum RecordChoice: String, ExpressibleByArgument, CaseIterable {
    case missing, all, failed
    var mode: GoldenRecordMode { GoldenRecordMode(rawValue: rawValue) ?? .never }
}
