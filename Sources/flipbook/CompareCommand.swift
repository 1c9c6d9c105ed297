import ArgumentParser
import Foundation
import Motion
import Render
import Scene

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Render scenes' key frames and trace their motion, and compare both with goldens.",
        discussion: """
            Each scene's goldens are in ROOT/<scene file name without .yaml>/ (--golden-root), or \
            DIR for one scene (--golden): NNNN.png per key frame (the scene's keyFrames, or four \
            spread evenly) and motion.csv (the scene's golden.trace properties, or every \
            property that changes, at every frame). A pixel differs when a channel differs by \
            more than 2 (--channel-delta), or perceptually (--perceptual, after pixelmatch); a \
            frame fails when more than 40 pixels differ (--max-pixels); a scene's golden: keys \
            win over these flags. Scenes run in parallel, one per core. Files in a compared \
            scene's golden folder that nothing claims are obsolete (--record clean removes \
            them). Failure panels go to .flipbook/failures/<scene>/ (-o/--failures), only when \
            something fails. Exit 0 when clean; 1 on any failure or missing golden (and on \
            obsolete goldens with --strict); 64 bad usage; 65 an invalid scene; 66 a scene with \
            no goldens and no --record.
            """)

    @Argument(help: "The scene files (YAML or JSON).")
    var scenes: [String] = []

    @Option(name: .customLong("golden-root"), help: ArgumentHelp("The directory holding a golden folder per scene, named like the scene file.", valueName: "dir"))
    var goldenRoot: String?

    @Option(help: ArgumentHelp("The golden folder of a single scene.", valueName: "dir"))
    var golden: String?

    @Option(help: ArgumentHelp("missing (write absent goldens), all (rewrite every one), failed (absent and mismatching ones), clean (remove obsolete ones).", valueName: "mode"))
    var record: GoldenRecordMode?

    @Flag(help: "Obsolete goldens fail the run (exit 1).")
    var strict = false

    @Option(help: ArgumentHelp("Also write a JUnit XML report (a testsuite per scene, a testcase per key frame and one for motion).", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write a Markdown report (a table per scene, links to the panels) for a pull-request comment.", valueName: "file.md"))
    var summary: String?

    @Option(help: ArgumentHelp("Print CI annotations for what did not pass: github.", valueName: "format"))
    var annotations: AnnotationFormat?

    @Option(parsing: .unconditional, help: "Pixels per point (goldens recorded at another scale fail on size).")
    var scale: Double = 1

    @Option(name: .customLong("channel-delta"), help: ArgumentHelp("A pixel differs when a channel (0-255) differs by more than this (default 2).", valueName: "n"))
    var channelDelta: Int?

    @Option(name: .customLong("max-pixels"), help: ArgumentHelp("A frame fails when more pixels than this differ (default 40).", valueName: "n"))
    var maxPixels: Int?

    @Flag(help: "Compare pixels perceptually, after pixelmatch: YIQ colour distance, anti-aliased pixels not counted.")
    var perceptual = false

    @Option(parsing: .unconditional, help: ArgumentHelp("The perceptual threshold, 0-1 (default 0.1; implies --perceptual).", valueName: "t"))
    var threshold: Double?

    @Option(name: [.short, .customLong("output"), .customLong("failures")],
            help: ArgumentHelp("Where expected | difference | actual panels go (default .flipbook/failures).", valueName: "dir"))
    var output: String?

    enum AnnotationFormat: String, ExpressibleByArgument, CaseIterable { case github }

    static let defaultFailureRoot = ".flipbook/failures"

    func validate() throws {
        try requirePositive(scale, "--scale")
        if scenes.isEmpty { throw ValidationError("give at least one scene file") }
        switch (goldenRoot, golden) {
        case (nil, nil): throw ValidationError("give --golden-root DIR (a golden folder per scene) or, for one scene, --golden DIR")
        case (.some, .some): throw ValidationError("give either --golden-root or --golden, not both")
        case (nil, .some) where scenes.count > 1:
            throw ValidationError("--golden names one scene's folder; for \(scenes.count) scenes give --golden-root DIR")
        default: break
        }
        for (name, value) in [("--golden-root", goldenRoot), ("--golden", golden), ("--junit", junit), ("--summary", summary), ("--output", output)]
            where value?.isEmpty == true {
            throw ValidationError("\(name) needs a path")
        }
        if let channelDelta, !(0...255).contains(channelDelta) { throw ValidationError("--channel-delta must be 0-255, got \(channelDelta)") }
        if let maxPixels, maxPixels < 0 { throw ValidationError("--max-pixels must not be negative, got \(maxPixels)") }
        if let threshold, !(threshold.isFinite && threshold > 0 && threshold <= 1) {
            throw ValidationError("--threshold must be greater than 0 and at most 1, got \(threshold.shortestText)")
        }
    }

    func run() throws {
        let mode = record ?? .never
        try checkGoldenRoot(writing: mode.writesGoldens)
        var loaded: [(file: String, scene: Scene)] = []
        for file in scenes { loaded.append((file, try loadScene(file))) }
        let goldenScenes = try makeGoldenScenes(loaded)
        if mode == .never || mode == .clean {
            let empty = goldenScenes.filter { !$0.hasAnyGolden }
            if !empty.isEmpty { throw noGoldens(empty) }
        }
        try ImageOutput.checkFonts()
        for scene in goldenScenes { _ = try decodeImages(scene.scene) }

        let options = GoldenRunOptions(recordMode: mode, scale: scale, channelDelta: channelDelta, maxPixels: maxPixels,
                                       perceptual: perceptual || threshold != nil ? (threshold ?? GoldenComparison.defaultPerceptualThreshold) : nil)
        let outcomes = GoldenRunner.run(goldenScenes, options: options)
        var results: [GoldenSceneResult] = []
        for (scene, outcome) in zip(goldenScenes, outcomes) {
            switch outcome {
            case .success(let result):
                results.append(result)
                for line in GoldenReport.lines(for: result) { print(line) }
            case .failure(let error):
                throw failure(error, scene: scene)
            }
        }
        let report = GoldenReport(scenes: results)
        if results.count > 1 || goldenRoot != nil { print(report.summary) }
        removeEmptyFailureFolders()
        if let junit { try write(GoldenJUnit.xml(report), to: junit) }
        if let summary { try write(GoldenMarkdown.markdown(report, summaryPath: summary), to: summary) }
        if annotations == .github { for line in GoldenAnnotations.github(report, strict: strict) { print(line) } }
        guard report.passed(strict: strict) else {
            throw fail(report.advice(strict: strict, failureDirectory: failureRoot).joined(separator: "\nflipbook: error: "), 1)
        }
    }

    /// The panels' root: `-o`, or `.flipbook/failures`.
    private var failureRoot: String { output.map(Self.trimmingSlashes) ?? Self.defaultFailureRoot }

    private func makeGoldenScenes(_ loaded: [(file: String, scene: Scene)]) throws -> [GoldenScene] {
        if let golden, let only = loaded.first {
            let name = GoldenScene.folderName(forFile: only.file == "-" ? only.scene.name : only.file)
            // One scene: -o is its own panel folder, as before.
            let failures = output.map(Self.trimmingSlashes) ?? Self.defaultFailureRoot + "/" + name
            return [GoldenScene(scene: only.scene, file: only.file, name: name, goldenDirectory: Self.trimmingSlashes(golden), failureDirectory: failures)]
        }
        let named = loaded.map { ($0.file == "-" ? $0.scene.name : $0.file, $0.scene) }
        do {
            let made = try GoldenScene.under(root: Self.trimmingSlashes(goldenRoot ?? "."), failures: failureRoot, scenes: named)
            return zip(made, loaded).map { var g = $0; g.file = $1.file; return g }
        } catch let error as GoldenSetupError {
            throw fail("\(error)", ExitStatus.usage)
        }
    }

    /// A golden folder given that is a file, or a golden root that is not a directory
    /// (missing is fine only when goldens are to be written), is a usage error.
    private func checkGoldenRoot(writing: Bool) throws {
        var isDirectory: ObjCBool = false
        if let golden, FileManager.default.fileExists(atPath: golden, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw fail("--golden \(golden) is a file; give the directory that holds the scene's golden PNGs", ExitStatus.usage)
        }
        guard let goldenRoot else { return }
        let exists = FileManager.default.fileExists(atPath: goldenRoot, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue || !exists && !writing {
            throw fail("--golden-root: \(GoldenSetupError.notADirectory(path: goldenRoot, exists: exists)); give the directory that holds a golden folder per scene"
                       + (exists ? "" : " (with --record missing it is created)"), ExitStatus.usage)
        }
    }

    /// With nothing to compare against and nothing to record, says how to start (exit 66).
    private func noGoldens(_ empty: [GoldenScene]) -> ExitCode {
        let lines = empty.map { scene in
            "no goldens for \(scene.scene.name) in \(scene.goldenDirectory) (looked for \(scene.keyFrames.map(GoldenCheck.fileName).joined(separator: ", ")) and \(GoldenScene.motionFileName))"
        }
        let target = golden.map { "--golden \($0)" } ?? "--golden-root \(goldenRoot ?? ".")"
        let command = "flipbook compare \((golden == nil ? empty.map(\.file) : scenes).joined(separator: " ")) \(target) --record missing"
        return fail((lines + ["record them with", "  \(command)", "and look at them before you commit them"]).joined(separator: "\nflipbook: error: "),
                    ExitStatus.noInput)
    }

    /// The error that stopped a scene, printed with its exit code.
    private func failure(_ error: Error, scene: GoldenScene) -> ExitCode {
        switch error {
        case let error as SceneRuntimeError: return fail("\(scene.file): \(error)", ExitStatus.dataError)
        case let error as ImageError: return fail(error.description, imageExitStatus(for: error))
        case is RenderError: return ImageOutput.failure(error)
        default: return fail("\(error)", Self.exitStatus(for: error))
        }
    }

    /// Removes the failures root (and `.flipbook` when it is the default) when they are empty,
    /// so a run where nothing failed leaves no folder behind.
    private func removeEmptyFailureFolders() {
        rmdir(failureRoot)
        if output == nil { rmdir(".flipbook") }
    }

    /// Writes a report atomically (a temporary file renamed), creating missing parent
    /// directories; exits 73 when it cannot.
    private func write(_ text: String, to path: String) throws {
        try ImageOutput.prepare(path)
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
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
}

extension GoldenRecordMode: ExpressibleByArgument {
    /// `never` is what no --record means; it is not a value to give.
    public static var allValueStrings: [String] { allCases.filter { $0 != .never }.map(\.rawValue) }
    public init?(argument: String) {
        guard argument != "never", let mode = GoldenRecordMode(rawValue: argument) else { return nil }
        self = mode
    }
}
