import Foundation
@_exported import enum Render.GoldenRecordMode
import Render
import Scene
import SceneFile

/// Checks a scene against its goldens, as `flipbook compare SCENE --golden-root ROOT` does
/// (the same engine and the same messages): the key frames' PNGs and `motion.csv` in
/// `ROOT/<scene file name without .yaml>/`. Throws `GoldenTestFailure` when a check does not
/// pass — XCTest and Swift Testing both report a thrown error with its message — and
/// `SceneFileError`, `GoldenSetupError` or a render error when the check cannot run.
///
/// `record` is the record mode; the environment variable `FLIPBOOK_RECORD` (missing, all,
/// failed, clean, never) overrides it, and any other value of it is an error. Panels go to
/// `failures/<scene>/` (default: `.flipbook/failures` under the working directory). Obsolete
/// goldens fail only with `strict`.
///
/// Linking this library brings Render with it: Cairo, Pango and the pinned fonts
/// (`scripts/setup` installs them).
public func assertGoldens(scene: URL, goldenRoot: URL, record: GoldenRecordMode = .never, failures: URL? = nil,
                          strict: Bool = false) throws {
    let result = try checkGoldens(scene: scene, goldenRoot: goldenRoot, record: record, failures: failures)
    let report = GoldenReport(scenes: [result])
    guard report.passed(strict: strict) else {
        throw GoldenTestFailure(result: result, message: (GoldenReport.lines(for: result)
            + report.advice(strict: strict, failureDirectory: result.failureDirectory)).joined(separator: "\n"))
    }
}

/// The check `assertGoldens` makes, as a value (each key frame, the motion golden, the
/// obsolete goldens), without judging it.
public func checkGoldens(scene: URL, goldenRoot: URL, record: GoldenRecordMode = .never, failures: URL? = nil) throws -> GoldenSceneResult {
    let mode = try GoldenRecordMode.fromEnvironment("FLIPBOOK_RECORD", value: ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"]) ?? record
    let loaded = try SceneDocument.load(path: scene.path, measuring: try PangoLabelMeasurer())
    let failureRoot = failures?.path ?? FileManager.default.currentDirectoryPath + "/.flipbook/failures"
    guard let golden = try GoldenScene.under(root: goldenRoot.path, failures: failureRoot, scenes: [(scene.path, loaded)]).first else {
        preconditionFailure("one scene in, one out")
    }
    return try GoldenRunner.check(golden, options: GoldenRunOptions(recordMode: mode))
}

/// A golden check that did not pass: its result and the lines `flipbook compare` prints.
public struct GoldenTestFailure: Error, CustomStringConvertible, LocalizedError {
    public let result: GoldenSceneResult
    public let message: String
    public var description: String { message }
    public var errorDescription: String? { message }
}
