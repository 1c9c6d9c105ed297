import Foundation
import XCTest
import Motion
import Render
import Scene
import SceneFile

/// Renders the key frames of every scene in `scenes/` at scale 1 and compares them with
/// `golden/<scene>/<frame>.png`.
///
/// Comparison: a pixel differs when any channel (RGBA) differs by more than
/// `channelTolerance`; a frame fails when more than `maximumDifferingPixels` pixels differ.
/// This absorbs anti-aliasing noise between Cairo/pixman builds, not a moved edge.
/// On failure, `golden-failures/<scene>/<frame>.png` shows expected | difference | actual.
///
/// `GOLDEN_RECORD=missing` writes goldens that do not exist yet; `GOLDEN_RECORD=all`
/// rewrites every one (explain why in the commit). `GOLDEN_SCENES=a,b` limits the scenes.
final class GoldenTests: XCTestCase {
    static let channelTolerance = 2
    static let maximumDifferingPixels = 40

    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private enum RecordMode: String { case never, missing, all }

    private var recordMode: RecordMode {
        let value = ProcessInfo.processInfo.environment["GOLDEN_RECORD"] ?? "never"
        return RecordMode(rawValue: value) ?? .never
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

    /// The frames a scene's golden covers: its `keyFrames`, or four spread evenly.
    static func keyFrames(of scene: Scene) -> [Int] {
        if !scene.keyFrames.isEmpty { return scene.keyFrames }
        let last = scene.frameCount(fps: scene.fps) - 1
        return Array(Set((0..<4).map { $0 * last / 3 })).sorted()
    }

    func testEveryScenesKeyFramesMatchTheirGoldens() throws {
        let files = try sceneFiles()
        XCTAssertFalse(files.isEmpty, "no scenes found in \(repository.path)/scenes")
        var checked = 0
        for file in files {
            let scene = try SceneDocument.load(path: file.path)
            let renderer = try CairoRenderer(canvasSize: scene.size, scale: 1)
            var player = try Player(scene: scene)
            for index in Self.keyFrames(of: scene) {
                try renderer.render(try player.frame(at: index, fps: scene.fps))
                let actual = renderer.withPixels { PNGImage($0) }
                try check(actual, scene: scene.name, frame: index)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    private func check(_ actual: PNGImage, scene: String, frame: Int) throws {
        let name = String(format: "%04d.png", frame)
        let folder = repository.appendingPathComponent("golden").appendingPathComponent(scene)
        let goldenPath = folder.appendingPathComponent(name).path
        let exists = FileManager.default.fileExists(atPath: goldenPath)
        if recordMode == .all || (recordMode == .missing && !exists) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try PNGEncoder(options: .smallFiles).write(actual, to: goldenPath)
            print("recorded golden \(goldenPath)")
            return
        }
        guard exists else {
            XCTFail("no golden for \(scene) frame \(frame) at \(goldenPath); run GOLDEN_RECORD=missing scripts/record-golden and look at it")
            return
        }
        let expected = try PNGImage(contentsOfFile: goldenPath)
        guard expected.width == actual.width, expected.height == actual.height else {
            XCTFail("\(scene) frame \(frame): size \(actual.width)×\(actual.height), golden \(expected.width)×\(expected.height)")
            return
        }
        let comparison = ImageComparison(expected: expected, actual: actual, channelTolerance: Self.channelTolerance)
        if comparison.differingPixels > Self.maximumDifferingPixels {
            let failureFolder = repository.appendingPathComponent("golden-failures").appendingPathComponent(scene)
            try FileManager.default.createDirectory(at: failureFolder, withIntermediateDirectories: true)
            let failurePath = failureFolder.appendingPathComponent(name).path
            try PNGEncoder().write(comparison.threePanel(), to: failurePath)
            XCTFail("\(scene) frame \(frame): \(comparison.differingPixels) pixels differ by more than \(Self.channelTolerance) "
                    + "(largest difference \(comparison.largestDifference)); allowed \(Self.maximumDifferingPixels). "
                    + "Expected | difference | actual: \(failurePath)")
        }
    }
}

/// Per-pixel comparison of two same-sized images.
struct ImageComparison {
    let expected: PNGImage
    let actual: PNGImage
    let channelTolerance: Int
    private(set) var differingPixels = 0
    private(set) var largestDifference = 0
    private var mask: [Bool]

    init(expected: PNGImage, actual: PNGImage, channelTolerance: Int) {
        precondition(expected.width == actual.width && expected.height == actual.height)
        self.expected = expected; self.actual = actual; self.channelTolerance = channelTolerance
        mask = [Bool](repeating: false, count: expected.width * expected.height)
        for i in mask.indices {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(expected.rgba[i * 4 + c]) - Int(actual.rgba[i * 4 + c]))) }
            largestDifference = max(largestDifference, worst)
            if worst > channelTolerance { mask[i] = true; differingPixels += 1 }
        }
    }

    /// expected | difference (differing pixels red over a faded expected) | actual, side by side.
    func threePanel() -> PNGImage {
        let w = expected.width, h = expected.height, gap = 4
        let total = w * 3 + gap * 2
        var bytes = [UInt8](repeating: 128, count: total * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                for c in 0..<4 {
                    bytes[(y * total + x) * 4 + c] = expected.rgba[i + c]
                    bytes[(y * total + 2 * (w + gap) + x) * 4 + c] = actual.rgba[i + c]
                }
                let d = (y * total + w + gap + x) * 4
                if mask[y * w + x] {
                    bytes[d] = 255; bytes[d + 1] = 0; bytes[d + 2] = 0
                } else {
                    for c in 0..<3 { bytes[d + c] = UInt8(191 + Int(expected.rgba[i + c]) / 4) }
                }
                bytes[d + 3] = 255
            }
        }
        return PNGImage(width: total, height: h, hasAlpha: false, rgba: bytes)
    }
}
