import Foundation
import Scene

/// Options of a golden run: how to record, at what scale, and the run's tolerances (a scene's
/// own `golden:` settings win over these).
public struct GoldenRunOptions: Sendable {
    public var recordMode: GoldenRecordMode
    /// Pixels per point (goldens recorded at another scale fail on size).
    public var scale: Double
    /// The run's pixel rule; nil values leave the project's rule (channels ±2, ≤ 40 px).
    public var channelDelta: Int?
    public var maxPixels: Int?
    /// pixelmatch's threshold; nil or 0: the channel rule.
    public var perceptual: Double?
    public var fonts: FontFiles

    public init(recordMode: GoldenRecordMode = .never, scale: Double = 1, channelDelta: Int? = nil, maxPixels: Int? = nil,
                perceptual: Double? = nil, fonts: FontFiles = .pinned) {
        self.recordMode = recordMode; self.scale = scale; self.channelDelta = channelDelta; self.maxPixels = maxPixels
        self.perceptual = perceptual; self.fonts = fonts
    }

    /// The rule for a scene: its settings, else the run's, else the project's.
    public func comparison(for settings: GoldenSettings) -> GoldenComparison {
        let standard = GoldenComparison.standard
        let threshold = settings.perceptual ?? perceptual
        return GoldenComparison(channelTolerance: settings.channelDelta ?? channelDelta ?? standard.channelTolerance,
                                maximumDifferingPixels: settings.maxPixels ?? maxPixels ?? standard.maximumDifferingPixels,
                                perceptualThreshold: threshold.flatMap { $0 > 0 ? $0 : nil })
    }

    /// The motion rule for a scene: its `motionTolerance`, else 1e-6 when it steps physics,
    /// else 1e-9.
    public func motionComparison(for scene: Scene) -> MotionComparison {
        let physics = scene.systems.contains { $0.findsEventsByStepping }
        return MotionComparison(tolerance: scene.golden.motionTolerance
                                ?? (physics ? MotionComparison.dynamicsTolerance : MotionComparison.defaultTolerance))
    }
}

/// Checks scenes against their goldens: key frames rendered and compared, the motion golden
/// traced and compared, obsolete goldens listed (and removed under `.clean`). The one engine
/// behind `flipbook compare`, `FlipbookTesting` and the project's golden tests.
public enum GoldenRunner {
    /// Checks one scene. Throws what stops it: `SceneRuntimeError` (naming the frame),
    /// `ImageError` for an image the scene draws, `RenderError` (a missing font), and
    /// `ExportError`/`PNGError` when a golden, a panel or their folder cannot be written.
    public static func check(_ golden: GoldenScene, options: GoldenRunOptions) throws -> GoldenSceneResult {
        let scene = golden.scene
        let comparison = options.comparison(for: scene.golden)
        let check = GoldenCheck(goldenDirectory: golden.goldenDirectory, failureDirectory: golden.failureDirectory,
                                comparison: comparison, recordMode: options.recordMode)
        var renderer = try KeyFrameRenderer(scene: scene, scale: options.scale, fonts: options.fonts)
        var frames: [GoldenResult] = []
        for frame in golden.keyFrames {
            frames.append(try check.check(try renderer.image(frame: frame), frame: frame))
        }
        let motionComparison = options.motionComparison(for: scene)
        let motion = try checkMotion(golden, comparison: motionComparison, recordMode: options.recordMode)
        var obsolete = golden.obsoleteFiles, removed: [String] = []
        if options.recordMode == .clean {
            for name in obsolete { OutputFile.remove(OutputDirectory.path(golden.goldenDirectory, name)) }
            removed = obsolete.filter { !OutputDirectory.isRegularFile(OutputDirectory.path(golden.goldenDirectory, $0)) }
            obsolete = golden.obsoleteFiles
        }
        var driverLines: [String: Int] = [:]
        if case .mismatched(let problems) = motion.outcome {
            for name in problems.compactMap(\.property) { driverLines[name] = golden.driverLine(of: name) }
        }
        return GoldenSceneResult(name: golden.name, file: golden.file, goldenDirectory: golden.goldenDirectory,
                                 failureDirectory: golden.failureDirectory, comparison: comparison,
                                 motionComparison: motionComparison, scale: options.scale, frames: frames, motion: motion,
                                 obsolete: obsolete, removed: removed, frameLine: golden.frameLine, driverLines: driverLines)
    }

    /// Traces the scene and compares (or records) `motion.csv`.
    static func checkMotion(_ golden: GoldenScene, comparison: MotionComparison, recordMode: GoldenRecordMode) throws -> MotionResult {
        let path = golden.motionPath, names = golden.scene.golden.trace
        let exists = OutputDirectory.isRegularFile(path)
        var previous: MotionTrace?, unreadable: String?
        if exists {
            do {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                previous = try MotionTrace(csv: text, path: path)
            } catch let error as MotionTraceError { unreadable = error.description } catch { unreadable = "\(path): \(error.localizedDescription)" }
        }
        let actual = try MotionTrace.record(golden.scene, names: names, keeping: previous?.names ?? [])
        let problems = previous.map { comparison.problems(golden: $0, actual: actual) } ?? []
        let failed = unreadable != nil || !problems.isEmpty
        if recordMode.records(goldenExists: exists) || (failed && recordMode.recordsFailures) {
            let fresh = names == nil && previous != nil ? try MotionTrace.record(golden.scene, names: nil) : actual
            try OutputDirectory.write(fresh.csv, to: path)
            return MotionResult(path: path, properties: fresh.names.count, frameCount: fresh.rows.count,
                                outcome: .recorded(replaced: exists, previousProblems: problems))
        }
        let outcome: MotionResult.Outcome
        if !exists { outcome = .missing }
        else if let unreadable { outcome = .unreadable(reason: unreadable) }
        else if !problems.isEmpty { outcome = .mismatched(problems) }
        else { outcome = .matched }
        return MotionResult(path: path, properties: actual.names.count, frameCount: actual.rows.count, outcome: outcome)
    }

    /// Checks every scene, `concurrency` at a time (each renders on one thread, so scenes ×
    /// render threads ≤ cores when `concurrency` ≤ cores). Results come back in the order of
    /// `scenes`, whatever the order they finish in; a scene that throws has its error there.
    public static func run(_ scenes: [GoldenScene], options: GoldenRunOptions,
                           concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) -> [Result<GoldenSceneResult, any Error>] {
        let workers = max(1, min(concurrency, scenes.count))
        let box = ResultBox(count: scenes.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = box.next() {
                box.store(Result { try check(scenes[index], options: options) }, at: index)
            }
        }
        return box.results.map { $0 ?? .failure(CancellationError()) }
    }
}

/// The runner's shared state: the next scene to take and the results, behind a lock.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private let count: Int
    private(set) var results: [Result<GoldenSceneResult, any Error>?]

    init(count: Int) { self.count = count; results = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func store(_ result: Result<GoldenSceneResult, any Error>, at index: Int) {
        lock.lock(); defer { lock.unlock() }
        results[index] = result
    }
}
