import Foundation
import XCTest

/// Scroll scenes give the same bytes whatever the thread count and frame range: the scroll
/// system's state is part of the playhead's checkpoints, and crossings happen at fixed instants.
final class ScrollSceneTests: RenderDirectoryTestCase {
    private func scene(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/\(name).yaml").path
    }

    func testLongListFramesDoNotDependOnThreadsOrRange() throws {
        let list = scene("long-list")
        let a = try flipbook("render", list, "-o", "a", "--frames", "215-230", "--threads", "1", "--scale", "1", "--quiet")
        XCTAssertEqual(a.status, 0, a.stderr)
        let b = try flipbook("render", list, "-o", "b", "--frames", "200-240", "--threads", "2", "--scale", "1", "--quiet")
        XCTAssertEqual(b.status, 0, b.stderr)
        let names = pngs(in: "a")
        XCTAssertEqual(names.count, 16)
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: path("a/" + name)), FileManager.default.contents(atPath: path("b/" + name)), name)
        }
        // The trace agrees too, whichever frames are asked for.
        let whole = try flipbook("trace", list, "--property", "list.contentOffset.y", "--frames", "0-480")
        let part = try flipbook("trace", list, "--property", "list.contentOffset.y", "--frames", "340-360")
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let wholeRows = Array(whole.stdout.split(separator: "\n").dropFirst())
        let partRows = Array(part.stdout.split(separator: "\n").dropFirst())
        XCTAssertEqual(partRows.count, 21)
        XCTAssertEqual(Array(wholeRows[340...360]), partRows)
    }

    /// The guide's scales, pins, latches and enter actions: the same values whatever the range.
    func testGuideTraceDoesNotDependOnTheFramesAskedFor() throws {
        let guide = scene("ouroboros-guide")
        let names = ["guide.contentOffset.x", "hero.bounds.height", "variables.starts", "seen.alpha", "startButton.transform.scale.x", "pinnedNote.position.x"]
        func trace(_ frames: String) throws -> [Substring] {
            let result = try start(["trace", guide, "--frames", frames] + names.flatMap { ["--property", $0] }).finish()
            XCTAssertEqual(result.status, 0, result.stderr)
            return Array(result.stdout.split(separator: "\n").dropFirst())
        }
        let whole = try trace("0-450")
        XCTAssertEqual(Array(whole[255...275]), try trace("255-275"))
        XCTAssertEqual(Array(whole[190...200]), try trace("190-200"))
        // The article's example: 200 after two pages, 400 from two and a half on.
        let heights = whole.map { Double($0.split(separator: ",")[3])! }
        XCTAssertEqual(heights[0], 100)
        XCTAssertEqual(heights[165], 200, accuracy: 1e-9)
        XCTAssertEqual(heights[240], 400)
    }

    /// Pan handlers at touch samples and an animator's springs: the same frames whatever the
    /// threads and the range.
    func testYouTubePlayerFramesDoNotDependOnThreadsOrRange() throws {
        let youtube = scene("youtube-player")
        XCTAssertEqual(try flipbook("render", youtube, "-o", "a", "--frames", "100-112", "--threads", "1", "--scale", "1", "--quiet").status, 0)
        XCTAssertEqual(try flipbook("render", youtube, "-o", "b", "--frames", "60-140", "--threads", "2", "--scale", "1", "--quiet").status, 0)
        let names = pngs(in: "a")
        XCTAssertEqual(names.count, 13)
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: path("a/" + name)), FileManager.default.contents(atPath: path("b/" + name)), name)
        }
    }
}
