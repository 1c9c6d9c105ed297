import Foundation
import XCTest
import Render
import Scene
import SceneFile

/// The product's first promise, over every scene in `scenes/` (found at run time): a frame's
/// bytes never depend on how it was asked for. At scale 1 (every frame) and at the scene's own
/// scale (90 frames from the middle of the scene, `--frames`), with 1 and 2 threads, a full
/// render must equal
/// - three shards rendered by three processes at once,
/// - every frame asked for one at a time in reverse order through the Player API in this process
///   (one Player, so each request restores a checkpoint; 90 frames spread evenly for scenes with
///   physics, whose restores replay from t = 0),
/// - key frames and the frames either side of events (8 of them spread evenly at scale 1, 3 at
///   the scene's scale), each rendered by its own process;
/// and `trace --frames A-B` must equal the same rows of a full trace.
///
/// `FLIPBOOK_QUICK=1` (scripts/test --quick) checks scale 1 with 2 threads only;
/// `DETERMINISM_SCENES=a,b` limits the scenes.
final class EverySceneDeterminismTests: RenderDirectoryTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private var isQuick: Bool { ProcessInfo.processInfo.environment["FLIPBOOK_QUICK"].map { !$0.isEmpty && $0 != "0" } ?? false }

    private func sceneFiles() throws -> [URL] {
        let folder = repository.appendingPathComponent("scenes")
        let only = ProcessInfo.processInfo.environment["DETERMINISM_SCENES"].map { Set($0.split(separator: ",").map(String.init)) }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }
            .sorted()
            .map { folder.appendingPathComponent($0) }
            .filter { only == nil || only!.contains($0.deletingPathExtension().lastPathComponent) }
    }

    func testEveryFrameIsTheSameHoweverItIsAskedFor() throws {
        let files = try sceneFiles()
        XCTAssertFalse(files.isEmpty, "no scenes found in \(repository.path)/scenes")
        for file in files {
            let started = Date()
            let scene = try SceneDocument.load(path: file.path, measuring: try PangoLabelMeasurer())
            var mark = Date()
            var laps: [String] = []
            func lap(_ what: String) { laps.append("\(what) \(String(format: "%.1f", Date().timeIntervalSince(mark)))"); mark = Date() }
            let backwards = try framesBackwards(scene)
            lap("backwards")
            let scales = isQuick || scene.scale == 1 ? [1.0] : [1.0, scene.scale]
            for scale in scales {
                let label = "\(scene.name) at scale \(scale)"
                // Scale 1 checks every frame; the scene's own scale (9 times the pixels at 3×) a
                // window of frames from the middle of the scene, every way.
                let window = scale == 1 ? 0...(frameCount(scene) - 1) : scaleWindow(scene)
                let range = scale == 1 ? [] : ["--frames", "\(window.lowerBound)-\(window.upperBound)"]
                var full: [String: Data] = [:]
                for threads in isQuick ? [2] : [1, 2] {
                    let here = try renderFull(file, scale: scale, threads: threads, into: "\(scene.name)/full-\(scale)-\(threads)", extra: range)
                    if full.isEmpty {
                        full = here
                        XCTAssertEqual(full.count, window.count, "\(label): frames of a full render")
                    } else {
                        assertSame(here, full, "\(label): full render with \(threads) threads")
                    }
                    lap("full \(scale) \(threads)")
                    assertSame(try renderShards(file, scale: scale, threads: threads, into: "\(scene.name)/shards-\(scale)-\(threads)", extra: range), full,
                               "\(label): 3 shards, \(threads) threads")
                    lap("shards \(scale) \(threads)")
                }
                let askedBackwards = backwards.filter { window.contains($0.key) }
                assertSame(try export(askedBackwards, scene: scene, scale: scale, into: "\(scene.name)/backwards-\(scale)"), full,
                           "\(label): one frame at a time in reverse order through the Player API", complete: askedBackwards.count == full.count)
                lap("export backwards \(scale)")
                var singles = try probeFrames(scene, events: scale == 1 ? 8 : 3).filter(window.contains)
                if singles.isEmpty { singles = [window.lowerBound, window.upperBound] }
                assertSame(try renderOneByOne(file, frames: singles, scale: scale, into: "\(scene.name)/single-\(scale)"), full,
                           "\(label): one frame per process", complete: false)
                lap("singles \(scale)")
            }
            try checkTraces(file, scene: scene)
            lap("traces")
            print("determinism: \(scene.name) checked in \(String(format: "%.1f", Date().timeIntervalSince(started))) s ("
                  + laps.joined(separator: ", ") + ")")
        }
    }

    // MARK: Ways to ask for frames

    private func frameCount(_ scene: Scene) -> Int { Int((scene.duration * scene.fps + 1e-9).rounded(.down)) + 1 }

    /// At most `scaleWindowFrames` frames from the middle of the scene: what the scene's own
    /// scale checks.
    private func scaleWindow(_ scene: Scene) -> ClosedRange<Int> {
        let count = frameCount(scene)
        guard count > Self.scaleWindowFrames else { return 0...(count - 1) }
        let start = (count - Self.scaleWindowFrames) / 2
        return start...(start + Self.scaleWindowFrames - 1)
    }
    private static let scaleWindowFrames = 90

    private func renderFull(_ file: URL, scale: Double, threads: Int, into name: String, extra: [String] = []) throws -> [String: Data] {
        let result = try start(["render", file.path, "-o", name, "--scale", "\(scale)", "--threads", "\(threads)", "--quiet"] + extra).finish()
        XCTAssertEqual(result.status, 0, result.stderr)
        return try frames(in: name)
    }

    /// Three shards rendered by three processes running at once, into one directory.
    private func renderShards(_ file: URL, scale: Double, threads: Int, into name: String, extra: [String] = []) throws -> [String: Data] {
        let running = try (1...3).map { try start(["render", file.path, "-o", name, "--scale", "\(scale)", "--threads", "\(threads)",
                                                   "--shard", "\($0)/3", "--quiet"] + extra) }
        for result in running.map({ $0.finish() }) { XCTAssertEqual(result.status, 0, result.stderr) }
        let verify = try start(["verify", name]).finish()
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        return try frames(in: name)
    }

    /// Frames asked of one Player, last first (each request restores a checkpoint): every frame,
    /// or at most 90 spread evenly when a system finds events by stepping (Box2D), whose
    /// world is rebuilt by replay from t = 0 at each restore.
    private func framesBackwards(_ scene: Scene) throws -> [Int: Frame] {
        var player = try Player(scene: scene)
        let count = frameCount(scene)
        let replays = scene.systems.contains { $0.findsEventsByStepping }
        let wanted = !replays || count <= 90 ? Array(0..<count) : (0..<90).map { $0 * (count - 1) / 89 }
        var built: [Int: Frame] = [:]
        for index in wanted.reversed() { built[index] = try player.frame(at: index, fps: scene.fps) }
        XCTAssertGreaterThan(player.statistics.checkpointsRestored, 0, "\(scene.name): asking backwards restored no checkpoint")
        return built
    }

    /// Exports frames built earlier (the pipeline takes them in order; a frame's bytes depend
    /// only on its display list and the scale).
    private func export(_ built: [Int: Frame], scene: Scene, scale: Double, into name: String) throws -> [String: Data] {
        let pipeline = ExportPipeline(options: ExportOptions(directory: scratch.appendingPathComponent(name).path, scale: scale, threads: 2),
                                      images: try ImageLibrary(decoding: scene.imageSources))
        _ = try pipeline.run(frames: built.keys.sorted(), source: { built[$0]! })
        return try frames(in: name)
    }

    /// Key frames and, for each event, the frames either side of it.
    private func probeFrames(_ scene: Scene, events limit: Int) throws -> [Int] {
        var player = try Player(scene: scene)
        player.recordsEventTimes = true
        let count = frameCount(scene)
        try player.advance(to: Double(count - 1) / scene.fps)
        var frames = Set(KeyFrameRenderer.keyFrames(of: scene).filter { $0 < count })
        // Events are dense in some scenes (a touch sample every 1/120 s): at most `limit` of
        // them, spread evenly, each with its two neighbouring frames.
        let times = Array(Set(player.eventTimes)).sorted()
        let chosen = times.count <= limit ? times : (0..<limit).map { times[$0 * (times.count - 1) / (limit - 1)] }
        for time in chosen {
            let before = Int((time * scene.fps + 1e-9).rounded(.down))
            for frame in [before - 1, before, before + 1] where (0..<count).contains(frame) { frames.insert(frame) }
        }
        return frames.sorted()
    }

    /// Each frame by its own process, two processes at a time.
    private func renderOneByOne(_ file: URL, frames wanted: [Int], scale: Double, into name: String) throws -> [String: Data] {
        var remaining = wanted[...]
        while !remaining.isEmpty {
            let batch = remaining.prefix(2)
            remaining = remaining.dropFirst(2)
            let running = try batch.map { try start(["render", file.path, "-o", name, "--scale", "\(scale)", "--frames", "\($0)", "--quiet"]) }
            for result in running.map({ $0.finish() }) { XCTAssertEqual(result.status, 0, result.stderr) }
        }
        return try frames(in: name)
    }

    // MARK: Traces

    /// A range's trace equals the same rows of the full trace, for ranges that start cold in
    /// the middle of the scene.
    private func checkTraces(_ file: URL, scene: Scene) throws {
        let count = frameCount(scene)
        var properties: [String] = []
        let stride = max(1, scene.views.count / 40)
        for view in Swift.stride(from: 0, to: scene.views.count, by: stride) {
            for path in ["position.x", "position.y", "bounds.width", "alpha", "transform.rotation"] {
                properties += ["--property", "\(scene.views[view].id).\(path)"]
            }
        }
        for variable in scene.variables { properties += ["--property", "variables.\(variable.name)"] }
        let full = try start(["trace", file.path] + properties).finish()
        XCTAssertEqual(full.status, 0, full.stderr)
        let rows = full.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(rows.count, count + 2, "\(scene.name): rows of a full trace")   // header and the final newline
        for range in [(count / 3, 2 * count / 3), (count - 2, count - 1), (1, 1)] where range.0 <= range.1 && range.0 >= 0 {
            let part = try start(["trace", file.path, "--frames", "\(range.0)-\(range.1)"] + properties).finish()
            XCTAssertEqual(part.status, 0, part.stderr)
            let partRows = part.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(Array(partRows.dropFirst().dropLast()), Array(rows[(range.0 + 1)...(range.1 + 1)]),
                           "\(scene.name): trace --frames \(range.0)-\(range.1) differs from the same rows of a full trace")
        }
    }

    // MARK: Comparing

    /// The frame files (not dot-files) of a directory in the scratch folder, by name.
    private func frames(in name: String) throws -> [String: Data] {
        let directory = scratch.appendingPathComponent(name)
        var result: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where !file.hasPrefix(".") {
            result[file] = try Data(contentsOf: directory.appendingPathComponent(file))
        }
        return result
    }

    /// Every frame of `actual` is in `expected` with the same bytes, and (`complete`) the two
    /// hold the same frames.
    private func assertSame(_ actual: [String: Data], _ expected: [String: Data], _ what: String, complete: Bool = true,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(actual.isEmpty, "\(what): no frames", file: file, line: line)
        if complete {
            XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted(), "\(what): not the same frame files", file: file, line: line)
        }
        let differing = actual.keys.sorted().filter { actual[$0] != expected[$0] }
        XCTAssertTrue(differing.isEmpty, "\(what): \(differing.count) of \(actual.count) frames differ from a full render: "
                      + differing.prefix(8).joined(separator: ", "), file: file, line: line)
    }
}
