import Foundation
import Render
import Scene
import SceneFile
import XCTest

/// The perceptual rule counted against PyPI's `pixelmatch` 0.4.0 (the Python port of Mapbox's
/// pixelmatch) on the same image pairs: rendered scenes' frames (anti-aliased edges, text,
/// gradients), small colour shifts and noise. `scripts/setup` installs pixelmatch; the Python
/// is `$FLIPBOOK_PYTHON` or `python3` on PATH.
final class PixelmatchCrossCheckTests: XCTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Pairs of images of one size: frames of project scenes a few frames apart, a frame
    /// against itself shifted in colour, and against deterministic noise.
    private func pairs() throws -> [(name: String, a: PNGImage, b: PNGImage)] {
        var pairs: [(String, PNGImage, PNGImage)] = []
        for (scene, frames) in [("geometry-gallery", [12, 30]), ("skype-action-sheet", [60, 85]), ("drawing-gallery", [0, 20]),
                                ("timing-gallery", [10, 16])] {
            let loaded = try SceneDocument.load(path: repository.appendingPathComponent("scenes/\(scene).yaml").path, measuring: try PangoLabelMeasurer())
            var renderer = try KeyFrameRenderer(scene: loaded, scale: 1)
            let a = try renderer.image(frame: frames[0]), b = try renderer.image(frame: frames[1])
            pairs.append(("\(scene) \(frames[0]) vs \(frames[1])", a, b))
            var shifted = a, noisy = a
            var seed: UInt64 = 0x9E3779B97F4A7C15
            for i in Swift.stride(from: 0, to: a.rgba.count, by: 4) {
                shifted.rgba[i + 2] = UInt8(clamping: Int(a.rgba[i + 2]) + 12)
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                if seed >> 60 == 0 { noisy.rgba[i + Int(seed >> 33 % 3)] = UInt8(truncatingIfNeeded: seed >> 40) }
            }
            pairs.append(("\(scene) \(frames[0]) blue +12", a, shifted))
            pairs.append(("\(scene) \(frames[0]) noise", a, noisy))
        }
        return pairs
    }

    func testPerceptualCountsMatchPixelmatch040() throws {
        let directory = try TemporaryDirectory()
        var lines: [String] = []
        let pairs = try pairs()
        for (index, pair) in pairs.enumerated() {
            try Data(pair.a.rgba).write(to: URL(fileURLWithPath: directory.file("\(index)a.rgba")))
            try Data(pair.b.rgba).write(to: URL(fileURLWithPath: directory.file("\(index)b.rgba")))
            lines.append("\(index) \(pair.a.width) \(pair.a.height)")
        }
        try lines.joined(separator: "\n").write(toFile: directory.file("pairs.txt"), atomically: true, encoding: .utf8)
        let thresholds = [0.05, 0.1, 0.3]
        let thresholdList = thresholds.map { "\($0)" }.joined(separator: ", ")
        let script = """
        import sys, importlib.metadata
        from pixelmatch import pixelmatch
        assert importlib.metadata.version("pixelmatch") == "0.4.0", importlib.metadata.version("pixelmatch")
        d = sys.argv[1]
        for line in open(d + "/pairs.txt"):
            i, w, h = line.split()
            a = open(f"{d}/{i}a.rgba", "rb").read(); b = open(f"{d}/{i}b.rgba", "rb").read()
            print(" ".join(str(pixelmatch(a, b, int(w), int(h), threshold=t)) for t in (\(thresholdList))))
        """
        let output = try runPython(script, arguments: [directory.path])
        let rows = output.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        XCTAssertEqual(rows.count, pairs.count, output)
        var differing = 0
        for (pair, expected) in zip(pairs, rows) {
            let counts = thresholds.map { threshold in
                GoldenComparison(perceptualThreshold: threshold).difference(expected: pair.a, actual: pair.b).measure.differingPixels
            }
            XCTAssertEqual(counts, expected, pair.name)
            differing += counts[1]
        }
        XCTAssertGreaterThan(differing, 1000, "the pairs differ, so the counts say something")
    }

    /// Runs `python3 -c script arguments...` and returns its standard output; fails with what to
    /// install when Python or pixelmatch is missing.
    private func runPython(_ script: String, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [ProcessInfo.processInfo.environment["FLIPBOOK_PYTHON"] ?? "python3", "-c", script] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonFailure("python3 with pixelmatch 0.4.0 failed (scripts/setup installs it: pip install pixelmatch==0.4.0): "
                                 + String(decoding: stderr, as: UTF8.self))
        }
        return String(decoding: stdout, as: UTF8.self)
    }
}

/// An error that fails a test with its message (never a skip).
private struct PythonFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
