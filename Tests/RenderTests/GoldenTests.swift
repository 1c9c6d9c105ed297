import Foundation
import XCTest
import Motion
import Render
import Scene
import SceneFile

/// Renders the key frames of every scene in `scenes/` at scale 1 and compares them with
/// `golden/<scene>/<frame>.png`, through the same `GoldenCheck` as `flipbook compare`.
///
/// Comparison (`GoldenComparison.standard`): a pixel differs when any channel (RGBA) differs by
/// more than 2; a frame fails when more than 40 pixels differ. This absorbs anti-aliasing
/// noise between Cairo/pixman builds, not a moved edge.
/// On failure, `golden-failures/<scene>/<frame>.png` shows expected | difference | actual.
///
/// `GOLDEN_RECORD=missing` writes goldens that do not exist yet; `GOLDEN_RECORD=all`
/// rewrites every one (explain why in the commit); `GOLDEN_RECORD=failed` rewrites those that
/// fail. `GOLDEN_SCENES=a,b` limits the scenes.
final class GoldenTests: XCTestCase {
    private let comparison = GoldenComparison.standard

    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private var recordMode: GoldenRecordMode {
        let value = ProcessInfo.processInfo.environment["GOLDEN_RECORD"] ?? "never"
        return GoldenRecordMode(rawValue: value) ?? .never
    }

    /// Scene files found at run time, sorted by name.
    private func sceneFiles() throws -> [URL] {
        let folder = repository.appendingPathComponent("scenes")
        let only = ProcessInfo.processInfo.environment["GOLDEN_SCENES"].map { Set($0.split(separator: ",").map(String.init)) }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }
            .sorted()
            .map { folder.appendingPathComponent($0) }
            .filter { only == nil || only!.contains($0.deletingPathExtension().lastPathComponent) }
    }

    func testEveryScenesKeyFramesMatchTheirGoldens() throws {
        let files = try sceneFiles()
        XCTAssertFalse(files.isEmpty, "no scenes found in \(repository.path)/scenes")
        var checked = 0
        for file in files {
            let scene = try SceneDocument.load(path: file.path, measuring: try PangoLabelMeasurer())
            let check = GoldenCheck(goldenDirectory: repository.appendingPathComponent("golden").appendingPathComponent(scene.name).path,
                                    failureDirectory: repository.appendingPathComponent("golden-failures").appendingPathComponent(scene.name).path,
                                    comparison: comparison, recordMode: recordMode)
            var renderer = try KeyFrameRenderer(scene: scene, scale: 1)
            for index in KeyFrameRenderer.keyFrames(of: scene) {
                report(try check.check(try renderer.image(frame: index), frame: index), scene: scene.name)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    private func report(_ result: GoldenResult, scene: String) {
        let frame = result.frame, goldenPath = result.goldenPath
        switch result.outcome {
        case .matched:
            break
        case .recorded:
            print("recorded golden \(goldenPath)")
        case .missing:
            XCTFail("no golden for \(scene) frame \(frame) at \(goldenPath); run GOLDEN_RECORD=missing scripts/record-golden and look at it")
        case .unreadable(let reason):
            XCTFail("\(scene) frame \(frame): cannot read the golden \(goldenPath): \(reason)")
        case .mismatched(let d, let panelPath) where !d.sameSize:
            XCTFail("\(scene) frame \(frame): size \(d.actualWidth)×\(d.actualHeight), golden \(d.expectedWidth)×\(d.expectedHeight). "
                    + "Expected | difference | actual: \(panelPath)")
        case .mismatched(let d, let panelPath):
            XCTFail("\(scene) frame \(frame): \(d.differingPixels) pixels differ by more than \(comparison.channelTolerance) "
                    + "(largest difference \(d.largestDifference)); allowed \(comparison.maximumDifferingPixels). "
                    + "Expected | difference | actual: \(panelPath)")
        }
    }
}
